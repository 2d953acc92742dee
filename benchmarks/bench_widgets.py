"""How fast the widgets answer a click, and how fast a board is drawn.

Run: ``.venv/bin/python benchmarks/bench_widgets.py``. (Trace overhead, tree
drawing and the replay widget are in ``bench_trace.py``.)
"""

from __future__ import annotations

import time

import matplotlib

matplotlib.use("Agg")

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.drawing import board_png  # noqa: E402
from puzzlelab.search import astar  # noqa: E402
from puzzlelab.widgets import PlayBoard, SolutionPlayer  # noqa: E402

from measure import machine  # noqa: E402


def mean_seconds(runs, work) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        work()
    return (time.perf_counter() - start) / runs


def main() -> None:
    print(f"# Widget response times\n\n{machine()}\n")
    print("| what | measured | target |")
    print("|---|---:|---|")
    eight = SlidingPuzzle(shape=(3, 3))
    puzzle = eight.with_start(eight.scramble(20, seed=4))
    for shape in [(3, 3), (4, 4)]:
        sliding = SlidingPuzzle(shape=shape)
        board = sliding.random_state(seed=1)
        png = mean_seconds(20, lambda sliding=sliding, board=board: board_png(sliding, board))
        print(f"| draw one {shape[0]}x{shape[1]} board as PNG | {png * 1000:.1f} ms | "
              "(frames are drawn once, up front) |")  # fmt: skip
    build = mean_seconds(3, lambda: SolutionPlayer(puzzle, astar(puzzle)))
    print(f"| build a SolutionPlayer for a 20-move solution | {build:.2f} s | |")
    player = SolutionPlayer(puzzle, astar(puzzle))
    frames = len(player.frames)
    step = mean_seconds(200, lambda: player.step((player.value + 1) % frames))
    ok = "PASS" if step <= 0.05 else "FAIL"
    print(f"| SolutionPlayer step from Python (`player.step`) | {step * 1000:.2f} ms "
          f"| <= 50 ms: {ok} |")  # fmt: skip
    board = PlayBoard(puzzle)
    board.hint()  # the exact distance table is built once, on the first hint
    blank = board.state.index(0)
    there_and_back = [blank + 1 if blank % 3 < 2 else blank - 1, blank]

    def click():
        board.click_cell(there_and_back[board.moves % 2])

    clicks = mean_seconds(50, click)
    ok = "PASS" if clicks <= 0.05 else "FAIL"
    print(f"| PlayBoard click, with redraw | {clicks * 1000:.2f} ms | <= 50 ms: {ok} |")
    hints = mean_seconds(50, board.hint)
    ok = "PASS" if hints <= 0.05 else "FAIL"
    print(f"| PlayBoard hint (3x3, table cached), with redraw | {hints * 1000:.2f} ms "
          f"| <= 50 ms: {ok} |")  # fmt: skip
    picture = mean_seconds(10, player._repr_mimebundle_)
    print(f"| static picture of a widget (display bundle) | {picture * 1000:.1f} ms | |")
    print(
        "\nMeans of repeated calls, wall clock, on a machine shared with other jobs. "
        "In the browser, every control steps the player without the kernel at all "
        "(benchmarks/bench_browser.py times it in Chromium)."
    )


if __name__ == "__main__":
    main()
