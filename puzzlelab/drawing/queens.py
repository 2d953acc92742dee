"""Pictures of N-queens boards (a crown-shaped patch per queen), and of the work to solve them."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Polygon, Rectangle

from ..puzzles.queens import Placement, QueensPuzzle, attacked_squares, attacks
from ..search.problem import HeuristicChoice
from .boards import draw_board, finish_board, step_label
from .figures import SMALLEST_FONT, log_scale, new_axes, offscreen_figure

LIGHT = "#f0d9b5"
DARK = "#b58863"
SHADE = "#d9534f"  # squares a queen attacks, laid over the board
QUEEN = "#222222"
CONFLICT = "#c0392b"  # outline of a queen that another queen attacks
OUTLINE = "#1f77b4"  # highlighted squares
EDGE = "#4a4a4a"

#: A crown in a unit square: a base and three points (x right, y up).
CROWN = [(0.16, 0.16), (0.84, 0.16), (0.9, 0.76), (0.68, 0.46), (0.5, 0.86), (0.32, 0.46),
         (0.1, 0.76)]  # fmt: skip


@draw_board.register(QueensPuzzle)
def draw_queens(
    puzzle: QueensPuzzle,
    state: Sequence[int] | None = None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    heuristic: HeuristicChoice = None,
    attacked: bool = False,
    highlight: Iterable[tuple[int, int]] = (),
    **_: object,
) -> Axes:
    """Draw the queens of *state* (a column per row, row 0 at the top), red-outlined when attacked;
    with *attacked*, shade attacked squares; outline *highlight*'s ``(row, col)``. There is no
    example here; ``tests/test_queens.py`` runs it."""
    state = puzzle.start if state is None else tuple(state)
    n = puzzle.n
    side = min(0.35 * n + 0.4, 6.0)  # large boards: smaller squares, not a larger figure
    ax = new_axes(ax, (side, side))
    # The squares as one image and the shading as one collection: far faster than patches.
    checkers = [[LIGHT if (row + col) % 2 == 0 else DARK for col in range(n)] for row in range(n)]
    ax.imshow([[to_rgb(c) for c in line] for line in checkers], extent=(0, n, 0, n),
              interpolation="nearest", gid="board")  # fmt: skip
    if attacked:
        squares = [
            Rectangle((col, n - 1 - row), 1, 1) for row, col in sorted(attacked_squares(state, n))
        ]
        ax.add_collection(PatchCollection(squares, facecolor=SHADE, alpha=0.45, edgecolor="none",
                                          gid="attacked"))  # fmt: skip
    ax.add_patch(Rectangle((0, 0), n, n, facecolor="none", edgecolor=EDGE, lw=1.5))
    for row, col in highlight:
        ax.add_patch(Rectangle((col + 0.04, n - 1 - row + 0.04), 0.92, 0.92, facecolor="none",
                               edgecolor=OUTLINE, lw=2.5, gid="highlight"))  # fmt: skip
    for row, col in enumerate(state):
        conflict = any(attacks(row, col, r, c) for r, c in enumerate(state) if r != row)
        outline = (
            {"edgecolor": CONFLICT, "lw": 2.0} if conflict else {"edgecolor": "white", "lw": 0.8}
        )
        points = [(col + x, n - 1 - row + y) for x, y in CROWN]
        ax.add_patch(Polygon(points, closed=True, facecolor=QUEEN, gid="queen", **outline))
    return finish_board(ax, puzzle, state, (-0.05, n + 0.05), (-0.05, n + 0.05), title,
                        heuristic)  # fmt: skip


@step_label.register(QueensPuzzle)
def _(puzzle: QueensPuzzle, before: Placement, action: int, after: Placement) -> str:
    return f"row {len(before)}: col {action}"


def draw_solutions(
    n: int,
    placements: Iterable[Sequence[int]],
    columns: int = 12,
    size: float = 0.9,
    titles: Sequence[str] | None = None,
) -> Figure:
    """Draw many n x n boards in a grid, *columns* to a row, captioned *titles* (default 1, 2...).

    >>> from puzzlelab.solvers.queens_counting import fundamental_solutions
    >>> figure = draw_solutions(8, fundamental_solutions(8), columns=6)
    >>> len(figure.axes), figure.axes[0].get_title()
    (12, '1')
    """
    placements = list(placements)
    if not placements:
        raise ValueError("nothing to draw: the list of placements is empty")
    puzzle = QueensPuzzle(n)
    columns = max(1, min(columns, len(placements)))
    rows = -(-len(placements) // columns)
    figure = offscreen_figure((size * columns, (size + 0.2) * rows))
    for k, placement in enumerate(placements):
        ax = figure.add_subplot(rows, columns, k + 1)
        title = str(k + 1) if titles is None else titles[k]
        draw_board(puzzle, placement, ax, title=title)
        ax.title.set_fontsize(SMALLEST_FONT)
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.95, wspace=0.1, hspace=0.3)
    return figure


def draw_work(sizes: Iterable[int] = range(4, 11)) -> Figure:
    """Draw, per board size, generate and test's n! candidates beside the queens backtracking
    places (log scale).

    >>> figure = draw_work(range(4, 7))
    >>> [int(bar.get_height()) for bar in figure.axes[0].patches][:3]
    [24, 120, 720]
    """
    from ..solvers.queens import backtracking

    sizes = list(sizes)
    candidates = [float(math.factorial(n)) for n in sizes]
    placed = [float(backtracking(n).stats.expanded) for n in sizes]
    figure = offscreen_figure((6.0, 3.0))
    ax = figure.add_subplot()
    width = 0.4
    ax.bar([i - width / 2 for i in range(len(sizes))], candidates, width, color="#d9534f",
           label="generate and test: candidates tested (n!)")  # fmt: skip
    ax.bar([i + width / 2 for i in range(len(sizes))], placed, width, color="#1f77b4",
           label="backtracking: queens placed")  # fmt: skip
    log_scale(ax, "y", 1)
    ax.set_xticks(range(len(sizes)), [str(n) for n in sizes])
    ax.set_xlabel("n (queens)")
    ax.set_ylabel("work (log scale)")
    ax.legend(fontsize=9, loc="upper left", frameon=False)
    ax.set_title("All solutions: work done by each algorithm", fontsize=10)
    figure.tight_layout()
    return figure
