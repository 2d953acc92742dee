"""Pictures of sliding-tile boards: tiles coloured by whether they are home."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import cycle

from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from ..puzzles.sliding import DIRECTIONS, SlidingPuzzle
from ..puzzles.sliding_boards import State
from ..search.problem import Action, HeuristicChoice
from .boards import board_size, draw_board, finish_board, step_detail, step_highlight, step_label
from .figures import SMALLEST_FONT, new_axes, points_per_unit

HOME = "#8cc084"  # a tile on its goal cell
AWAY = "#f2c078"  # a tile that still has to move
EMPTY = "#ececec"  # the blank
EDGE = "#4a4a4a"
HIGHLIGHT = "#c0392b"
FORGOTTEN = "#b8b8b8"  # a tile no pattern holds: any tile, as a pattern database sees it
PATTERN_COLOURS = ("#f2c078", "#8fb8de", "#8cc084", "#d9a0c8", "#e8e59b")  # one per pattern


@draw_board.register(SlidingPuzzle)
def _(
    puzzle: SlidingPuzzle,
    state: Sequence[int] | None = None,
    ax: Axes | None = None,
    *,
    heuristic: HeuristicChoice = None,
    title: str | None = None,
    highlight: Iterable[int] = (),
    color_home: bool = True,
    patterns: Sequence[Iterable[int]] | None = None,
    **_: object,
) -> Axes:
    """A board; with *color_home* tiles at home green; with *patterns* a colour per pattern."""
    state = puzzle.start if state is None else tuple(state)
    ax = new_axes(ax, (0.55 * puzzle.cols + 0.3, 0.55 * puzzle.rows + 0.3))
    rows, cols = puzzle.rows, puzzle.cols
    ax.add_patch(Rectangle((0, 0), cols, rows, facecolor=EMPTY, edgecolor=EDGE, lw=1.5))
    fontsize = max(
        SMALLEST_FONT, min(22 - 3 * max(rows, cols), 0.45 * points_per_unit(ax, cols, rows))
    )
    highlight = set(highlight or ())
    if patterns is None:
        home = {t: color_home and t == goal for t, goal in zip(state, puzzle.goal)}
        colours = {tile: HOME if home[tile] else AWAY for tile in state}
    else:
        colours = {tile: FORGOTTEN for tile in state}
        for group, colour in zip(patterns, cycle(PATTERN_COLOURS)):
            colours.update(dict.fromkeys(group, colour))
    for cell, tile in enumerate(state):
        if not tile:
            continue
        r, c = divmod(cell, cols)
        square = Rectangle(
            (c + 0.06, rows - 1 - r + 0.06), 0.88, 0.88,
            facecolor=colours[tile],
            edgecolor=HIGHLIGHT if tile in highlight else EDGE,
            lw=2.5 if tile in highlight else 1.0,
            gid="tile",
        )  # fmt: skip
        ax.add_patch(square)
        if colours[tile] == FORGOTTEN:
            continue
        ax.text(c + 0.5, rows - 1 - r + 0.5, str(tile), ha="center", va="center",
                fontsize=fontsize, fontweight="bold", color="#222222", gid="label")  # fmt: skip
    return finish_board(ax, puzzle, state, (-0.05, cols + 0.05), (-0.05, rows + 0.05),
                        title, heuristic)  # fmt: skip


@board_size.register(SlidingPuzzle)
def _(puzzle: SlidingPuzzle) -> float:
    return max(2.2, 0.55 * puzzle.cols + 0.3)


@step_label.register(SlidingPuzzle)
def _(puzzle: SlidingPuzzle, before: State, action: Action, after: State) -> str:
    return f"slide {after[before.index(0)]}"


@step_detail.register(SlidingPuzzle)
def _blank_moves(puzzle: SlidingPuzzle, action: Action) -> str:
    if action in DIRECTIONS:
        return f"the blank moves {action}"
    return f"action: {action}"


@step_highlight.register(SlidingPuzzle)
def _(puzzle: SlidingPuzzle, before: State, action: Action, after: State) -> tuple[int, ...]:
    return tuple(puzzle.tiles_moved([before, after]))
