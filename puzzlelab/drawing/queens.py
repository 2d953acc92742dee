"""Pictures of N-queens boards: a chessboard with one round patch per queen."""

from __future__ import annotations

from matplotlib.patches import Circle, Rectangle

from ..puzzles.queens import QueensPuzzle, attacks
from .boards import draw_board, new_axes, step_label

LIGHT = "#f0d9b5"
DARK = "#b58863"
QUEEN = "#222222"
ATTACKED = "#c0392b"  # outline of a queen that another queen attacks
EDGE = "#4a4a4a"


@draw_board.register(QueensPuzzle)
def draw_queens(puzzle, state=None, ax=None, *, title=None, **_):
    """Draw the board and the queens of *state* (a tuple of columns, row 0 at the top).

    Each queen is one circle (gid ``"queen"``), outlined red if another queen attacks it.

    >>> from puzzlelab.drawing import offscreen_figure
    >>> ax = draw_board(QueensPuzzle(4), (1, 3, 0), ax=offscreen_figure().add_subplot())
    >>> len([p for p in ax.patches if p.get_gid() == "queen"])
    3
    """
    state = puzzle.start if state is None else tuple(state)
    n = puzzle.n
    ax = new_axes(ax, (0.35 * n + 0.4, 0.35 * n + 0.4))
    for row in range(n):
        for col in range(n):
            shade = LIGHT if (row + col) % 2 == 0 else DARK
            ax.add_patch(Rectangle((col, n - 1 - row), 1, 1, facecolor=shade, edgecolor="none",
                                   gid="square"))  # fmt: skip
    ax.add_patch(Rectangle((0, 0), n, n, facecolor="none", edgecolor=EDGE, lw=1.5))
    for row, col in enumerate(state):
        attacked = any(attacks(row, col, r, c) for r, c in enumerate(state) if r != row)
        ax.add_patch(Circle((col + 0.5, n - 1 - row + 0.5), 0.32, facecolor=QUEEN,
                            edgecolor=ATTACKED if attacked else "white",
                            lw=2.0 if attacked else 1.0, gid="queen"))  # fmt: skip
    if title:
        ax.set_title(title, fontsize=9)
    ax.set_xlim(-0.05, n + 0.05)
    ax.set_ylim(-0.05, n + 0.05)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


@step_label.register(QueensPuzzle)
def _(puzzle, before, action, after) -> str:
    return f"row {len(before)}: col {action}"
