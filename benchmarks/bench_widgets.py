"""How fast the widgets answer a click, and how fast a board is drawn.

Run: ``.venv/bin/python benchmarks/bench_widgets.py``. (Trace overhead, tree
drawing and the replay widget are in ``bench_trace.py``.)
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.drawing import board_png  # noqa: E402
from puzzlelab.search import astar  # noqa: E402
from puzzlelab.widgets import PlayBoard, SolutionPlayer  # noqa: E402

from measure import clocked, machine, within  # noqa: E402


def mean_seconds(runs, work) -> tuple[float, float]:
    """Mean CPU and wall seconds of a call of *work()*, over *runs* calls."""
    _, cpu, wall = clocked(lambda: [work() for _ in range(runs)])
    return cpu / runs, wall / runs


def ms(took) -> str:
    """``(cpu, wall)`` seconds as milliseconds, wall first."""
    return f"{took[1] * 1000:.2f} ms ({took[0] * 1000:.2f} CPU)"


def main() -> None:
    print(f"# Widget response times\n\n{machine()}\n")
    print("| what | wall (CPU) | target (CPU or wall) |")
    print("|---|---:|---|")
    eight = SlidingPuzzle(shape=(3, 3))
    puzzle = eight.with_start(eight.scramble(20, seed=4))
    for shape in [(3, 3), (4, 4)]:
        sliding = SlidingPuzzle(shape=shape)
        board = sliding.random_state(seed=1)
        png = mean_seconds(20, lambda sliding=sliding, board=board: board_png(sliding, board))
        print(f"| draw one {shape[0]}x{shape[1]} board as PNG | {ms(png)} | "
              "(frames are drawn once, up front) |")  # fmt: skip
    build = mean_seconds(3, lambda: SolutionPlayer(puzzle, astar(puzzle)))
    print(f"| build a SolutionPlayer for a 20-move solution | {ms(build)} | |")
    player = SolutionPlayer(puzzle, astar(puzzle))
    frames = len(player.frames)
    step = mean_seconds(200, lambda: player.step((player.value + 1) % frames))
    ok = "PASS" if within(*step, 0.05) else "FAIL"
    print(f"| SolutionPlayer step from Python (`player.step`) | {ms(step)} "
          f"| <= 50 ms: {ok} |")  # fmt: skip
    board = PlayBoard(puzzle)
    board.hint()  # the exact distance table is built once, on the first hint
    blank = board.state.index(0)
    there_and_back = [blank + 1 if blank % 3 < 2 else blank - 1, blank]

    def click():
        board.click_cell(there_and_back[board.moves % 2])

    clicks = mean_seconds(50, click)
    ok = "PASS" if within(*clicks, 0.05) else "FAIL"
    print(f"| PlayBoard click, with redraw | {ms(clicks)} | <= 50 ms: {ok} |")
    hints = mean_seconds(50, board.hint)
    ok = "PASS" if within(*hints, 0.05) else "FAIL"
    print(f"| PlayBoard hint (3x3, table cached), with redraw | {ms(hints)} "
          f"| <= 50 ms: {ok} |")  # fmt: skip
    picture = mean_seconds(10, player._repr_mimebundle_)
    print(f"| static picture of a widget (display bundle) | {ms(picture)} | |")
    print(
        "\nMeans of repeated calls, wall and CPU seconds, on a machine shared with other jobs. "
        "In the browser, every control steps the player without the kernel at all "
        "(benchmarks/bench_browser.py times it in Chromium)."
    )


if __name__ == "__main__":
    main()
