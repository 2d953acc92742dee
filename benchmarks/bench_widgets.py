"""How fast the widgets answer a click, and how fast a board is drawn.

Run: ``.venv/bin/python benchmarks/bench_widgets.py``. (Trace overhead, tree
drawing and the replay widget are in ``bench_trace.py``.)
"""

from __future__ import annotations

import os
import platform
import time

import matplotlib

matplotlib.use("Agg")

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.drawing import board_png  # noqa: E402
from puzzlelab.search import astar  # noqa: E402
from puzzlelab.widgets import PlayBoard, SolutionPlayer  # noqa: E402


def mean_seconds(runs, work) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        work()
    return (time.perf_counter() - start) / runs


def main() -> None:
    print(
        f"# Widget response times\n\nPython {platform.python_version()}, {os.cpu_count()} cores\n"
    )
    print("| what | measured | target |")
    print("|---|---:|---|")
    eight = SlidingPuzzle(shape=(3, 3))
    puzzle = eight.with_start(eight.scramble(20, seed=4))
    png = mean_seconds(20, lambda: board_png(puzzle))
    print(f"| draw one board as PNG | {png * 1000:.1f} ms | (frames are drawn once, up front) |")
    build = mean_seconds(3, lambda: SolutionPlayer(puzzle, astar(puzzle)))
    print(f"| build a SolutionPlayer for a 20-move solution | {build:.2f} s | |")
    player = SolutionPlayer(puzzle, astar(puzzle))
    frames = len(player.frames)
    step = mean_seconds(200, lambda: player.step((player.value + 1) % frames))
    ok = "PASS" if step <= 0.05 else "FAIL"
    print(f"| SolutionPlayer step, kernel-driven | {step * 1000:.2f} ms | <= 50 ms: {ok} |")
    board = PlayBoard(puzzle)
    board.hint()  # the exact distance table is built once, on the first hint

    def hint_and_click():
        board.click(board.hint())

    click = mean_seconds(15, hint_and_click) / 2
    ok = "PASS" if click <= 0.05 else "FAIL"
    print(f"| PlayBoard hint or click, with redraw | {click * 1000:.2f} ms | <= 50 ms: {ok} |")
    print(
        "\nMeans of repeated calls, wall clock. In the browser, Play and the slider step the "
        "player without the kernel at all."
    )


if __name__ == "__main__":
    main()
