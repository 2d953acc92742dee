"""Pictures of water jugs: one outline per jug, filled up to its water level."""

from __future__ import annotations

from matplotlib.patches import Rectangle

from ..puzzles.jugs import WaterJugs
from .boards import draw_board, new_axes, step_label

WATER = "#6fa8dc"
TARGET = "#8cc084"  # water in a jug that holds the target amount
EDGE = "#4a4a4a"
WIDTH = 0.7  # of a jug; jugs stand one unit apart


@draw_board.register(WaterJugs)
def draw_jugs(puzzle, state=None, ax=None, *, title=None, **_):
    """Draw the jugs side by side, heights in proportion to their capacities.

    Each jug is an outline (gid ``"jug"``) with its water (gid ``"water"``, green when the
    jug holds the target amount or its goal amount) and a label ``amount/capacity`` below.

    >>> from puzzlelab.drawing import offscreen_figure
    >>> jugs = WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    >>> ax = draw_board(jugs, (3, 5, 0), ax=offscreen_figure().add_subplot())
    >>> len([p for p in ax.patches if p.get_gid() == "jug"])
    3
    >>> [p.get_height() for p in ax.patches if p.get_gid() == "water"]
    [3.0, 5.0]
    """
    state = puzzle.start if state is None else tuple(state)
    tallest = max(puzzle.capacities)
    ax = new_axes(ax, (0.9 * len(puzzle) + 0.4, 2.4))
    for i, (amount, capacity) in enumerate(zip(state, puzzle.capacities)):
        left = i + (1 - WIDTH) / 2
        if amount:
            wanted = puzzle.goal[i] if puzzle.goal is not None else puzzle.target
            colour = TARGET if amount == wanted else WATER
            ax.add_patch(Rectangle((left, 0), WIDTH, float(amount), facecolor=colour,
                                   edgecolor="none", gid="water"))  # fmt: skip
        ax.add_patch(Rectangle((left, 0), WIDTH, capacity, facecolor="none", edgecolor=EDGE,
                               lw=1.5, gid="jug"))  # fmt: skip
        ax.text(i + 0.5, -0.06 * tallest, f"{amount}/{capacity}", ha="center", va="top",
                fontsize=9, gid="label")  # fmt: skip
    if title:
        ax.set_title(title, fontsize=9)
    ax.set_xlim(0, len(puzzle))
    ax.set_ylim(-0.2 * tallest, tallest * 1.05)
    ax.axis("off")
    return ax


@step_label.register(WaterJugs)
def _(puzzle, before, action, after) -> str:
    return str(action)
