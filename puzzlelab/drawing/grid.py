"""Pictures of a grid world: its walls and terrain, the walker, and a search spreading over it."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

import numpy as np
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.colors import to_rgb

from ..puzzles.grid import GridWorld, State
from ..search.problem import HeuristicChoice
from .boards import board_size, draw_board, finish_board, step_highlight, step_label
from .domain import (
    CURRENT,
    FRONTIER_EDGE,
    checked_states,
    draw_search,
    expansion_shade,
    search_legend,
)
from .figures import SMALLEST_FONT, new_axes

WALL = "#404040"
OPEN = "#ffffff"
#: The colours of the default terrain's letters; other costs are shades of brown.
TERRAIN_COLOURS = {"f": "#a1d99b", "w": "#9ecae1"}
PATH = "#c0392b"
GRID_LINE = "#d9d9d9"


@board_size.register(GridWorld)
def _(puzzle: GridWorld) -> float:
    return min(6.0, max(2.2, 0.3 * puzzle.cols))


@draw_board.register(GridWorld)
def _(
    puzzle: GridWorld,
    state: State | None = None,
    ax: Axes | None = None,
    *,
    heuristic: HeuristicChoice = None,
    title: str | None = None,
    highlight: Iterable[State] = (),
    **_: object,
) -> Axes:
    """The map, the walker on *state* and the step *highlight* in red."""
    state = puzzle.start if state is None else state
    ax = _draw_cells(ax, puzzle, terrain_colours(puzzle))
    ax.plot([state[1]], [state[0]], "o", color=PATH, markersize=_marker(ax, puzzle) * 0.6)
    cells = list(highlight or ())
    if len(cells) == 2:
        ax.plot([c for _, c in cells], [r for r, _ in cells], color=PATH, linewidth=2, gid="step")
    return _finish(ax, puzzle, state, title, heuristic)


@draw_search.register(GridWorld)
def _(
    puzzle: GridWorld,
    expanded: Sequence[State],
    frontier: Collection[State],
    current: State | None = None,
    ax: Axes | None = None,
    *,
    path: Sequence[State] = (),
    title: str | None = None,
    legend: bool = True,
    **_: object,
) -> Axes:
    """The map, cells coloured as :func:`~.domain.search_style` says, and *path*."""
    expanded, frontier = checked_states(puzzle, expanded, frontier, current)
    colours = terrain_colours(puzzle)
    for k, (r, c) in enumerate(expanded):
        colours[r, c] = expansion_shade(k, len(expanded))[:3]
    ax = _draw_cells(ax, puzzle, colours)
    size = _marker(ax, puzzle)
    waiting = list(set(frontier))
    if waiting:
        ax.scatter([c for _, c in waiting], [r for r, _ in waiting], s=(size * 0.8) ** 2,
                   marker="s", facecolors="none", edgecolors=FRONTIER_EDGE,
                   linewidths=max(0.8, size / 8), gid="frontier")  # fmt: skip
    if path:
        ax.plot([c for _, c in path], [r for r, _ in path], color=PATH, linewidth=2, gid="path")
    if current is not None:
        ax.plot([current[1]], [current[0]], "o", markerfacecolor="none", markeredgecolor=CURRENT,
                markersize=size * 0.8, markeredgewidth=2, gid="current")  # fmt: skip
    if title is None:
        title = f"{len(expanded)} expanded, {len(waiting)} in the frontier"
    if legend:
        search_legend(ax)
    return _finish(ax, puzzle, current, title, None)


def terrain_colours(puzzle: GridWorld) -> np.ndarray:
    """Return the map's colours, ``rows x cols x 3`` (red, green, blue from 0 to 1). There is no
    example here; ``tests/test_grid.py`` runs it."""
    colours = np.ones((puzzle.rows, puzzle.cols, 3))
    costs = {cost: letter for letter, cost in puzzle.terrain.items()}
    dearest = max(puzzle.costs.values())
    for (r, c), cost in puzzle.costs.items():
        letter = costs.get(cost)
        if letter in TERRAIN_COLOURS:
            colours[r, c] = to_rgb(TERRAIN_COLOURS[letter])
        elif cost != 1:  # a digit: the dearer, the darker brown
            colours[r, c] = colormaps["YlOrBr"](0.15 + 0.5 * cost / dearest)[:3]
    for r, c in puzzle.walls:
        colours[r, c] = to_rgb(WALL)
    return colours


def _draw_cells(ax: Axes | None, puzzle: GridWorld, colours: np.ndarray) -> Axes:
    ax = new_axes(ax, (board_size(puzzle), board_size(puzzle) * puzzle.rows / puzzle.cols))
    ax.imshow(colours, interpolation="nearest", origin="upper")
    if max(puzzle.rows, puzzle.cols) <= 40:
        ax.set_xticks(np.arange(-0.5, puzzle.cols, 1), minor=True)
        ax.set_yticks(np.arange(-0.5, puzzle.rows, 1), minor=True)
        ax.grid(which="minor", color=GRID_LINE, linewidth=0.5)
        ax.tick_params(which="both", length=0)
    size = max(SMALLEST_FONT, min(14, _marker(ax, puzzle) * 0.7))
    for (r, c), mark in ((puzzle.start, "S"), (puzzle.goal, "G")):
        ax.text(c, r, mark, ha="center", va="center", fontsize=size, fontweight="bold")
    return ax


def _marker(ax: Axes, puzzle: GridWorld) -> float:
    """About one cell's width, in points."""
    width_inches = ax.figure.figure.get_size_inches()[0] * ax.get_position().width
    return 72 * width_inches / max(puzzle.cols, puzzle.rows)


def _finish(
    ax: Axes, puzzle: GridWorld, state: State | None, title: str | None, heuristic: HeuristicChoice
) -> Axes:
    return finish_board(ax, puzzle, state or puzzle.start, (-0.5, puzzle.cols - 0.5),
                        (puzzle.rows - 0.5, -0.5), title, heuristic)  # fmt: skip


@step_label.register(GridWorld)
def _(puzzle: GridWorld, before: State, action: str, after: State) -> str:
    return f"{action} to {after}, cost {puzzle.cost(before, action, after):g}"


@step_highlight.register(GridWorld)
def _(puzzle: GridWorld, before: State, action: str, after: State) -> tuple[State, ...]:
    return (before, after)
