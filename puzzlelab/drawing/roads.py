"""Pictures of a road map: the towns as dots, the roads with their lengths, and a search on it."""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection

from ..puzzles.roads import RoadMap, State, Town
from ..search.problem import HeuristicChoice
from .boards import board_size, draw_board, finish_board, step_highlight, step_label
from .domain import checked_states, draw_search, search_legend, search_style
from .figures import SMALLEST_FONT, new_axes

ROAD = "#bdbdbd"
LENGTH = "#757575"  # the length written on a road
TAKEN = "#c0392b"  # the road just driven, and the town you are in
GOAL = "#31a354"
DOT = 130  # points squared: a dot big enough for a two-digit number
SIZE = (6.0, 4.0)  # inches
#: Behind a town's name: the roads and lengths under it show faintly.
LABEL_BOX = {"boxstyle": "square,pad=0.05", "fc": "white", "ec": "none", "alpha": 0.75}


@draw_board.register(RoadMap)
def _(
    puzzle: RoadMap,
    state: Town | None = None,
    ax: Axes | None = None,
    *,
    heuristic: HeuristicChoice = None,
    title: str | None = None,
    highlight: Iterable[Town] = (),
    **_: object,
) -> Axes:
    """The map, the town *state* ringed and the road between the towns of *highlight* red."""
    state = puzzle.start if state is None else state
    return _draw_map(puzzle, ax, (), (), state, set(highlight or ()), title, heuristic)


@draw_search.register(RoadMap)
def _(
    puzzle: RoadMap,
    expanded: Sequence[Town],
    frontier: Collection[Town],
    current: Town | None = None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    legend: bool = True,
    **_: object,
) -> Axes:
    """The map, towns coloured as :func:`~.domain.search_style` says and numbered."""
    expanded, frontier = checked_states(puzzle, expanded, frontier, current)
    if title is None:
        title = f"{len(expanded)} expanded, {len(set(frontier))} in the frontier"
    ax = _draw_map(puzzle, ax, expanded, frontier, current, set(), title, None)
    if legend:
        search_legend(ax)
    return ax


def _draw_map(
    puzzle: RoadMap,
    ax: Axes | None,
    expanded: Sequence[Town],
    frontier: Collection[Town],
    current: Town | None,
    taken: set[Town],
    title: str | None,
    heuristic: HeuristicChoice,
) -> Axes:
    style = search_style(puzzle.towns, expanded, frontier, current)
    ax = new_axes(ax, SIZE)
    position = puzzle.positions
    roads = [
        (a, b, length) for a, ends in puzzle.roads.items() for b, length in ends.items() if a < b
    ]
    lines = LineCollection([(position[a], position[b]) for a, b, _ in roads], colors=ROAD,
                           linewidths=1.5, zorder=1, gid="roads")  # fmt: skip
    ax.add_collection(lines)  # one collection: a picture a replay sends many times is small
    for a, b, length in roads:
        (xa, ya), (xb, yb) = position[a], position[b]
        if {a, b} == taken:
            ax.plot([xa, xb], [ya, yb], color=TAKEN, lw=3, zorder=1, gid="taken")
        ax.text((xa + xb) / 2, (ya + yb) / 2, f"{length:g}", fontsize=SMALLEST_FONT,
                color=LENGTH, ha="center", va="center", zorder=2, gid="length")  # fmt: skip
    xs, ys = zip(*(position[town] for town in puzzle.towns))
    towns = ax.scatter(xs, ys, s=DOT, c=style["face"], edgecolors=style["edge"],
                       linewidths=style["width"], zorder=3)  # fmt: skip
    towns.set_gid("towns")
    span = max(max(ys) - min(ys), max(xs) - min(xs), 1)
    for town, x, y in zip(puzzle.towns, xs, ys):
        special = town in (puzzle.start, puzzle.goal)
        dx, dy = _label_sides(puzzle)[town]
        ax.annotate(town, (x, y), xytext=(7 * dx, 7 * dy), textcoords="offset points",
                    ha="left" if dx > 0.4 else "right" if dx < -0.4 else "center",
                    va="bottom" if dy > 0.4 else "top" if dy < -0.4 else "center",
                    fontsize=SMALLEST_FONT, zorder=4, gid="town", bbox=LABEL_BOX,
                    fontweight="bold" if special else "normal",
                    color=GOAL if town == puzzle.goal else "black")  # fmt: skip
    order = {town: k for k, town in enumerate(expanded, start=1)}
    for town, colour in zip(puzzle.towns, style["text"]):
        if town in order:
            x, y = position[town]
            ax.text(x, y, str(order[town]), ha="center", va="center", color=colour,
                    fontsize=SMALLEST_FONT, zorder=4, gid="order")  # fmt: skip
    ax.search_marks = dict(zip(puzzle.towns, style["marks"]))  # type: ignore[attr-defined]
    margin = 0.06 * span
    return finish_board(ax, puzzle, current, (min(xs) - margin, max(xs) + margin),
                        (min(ys) - margin, max(ys) + 2 * margin), title, heuristic)  # fmt: skip


#: Where a town's name may go: a direction from its dot, in order of preference.
SIDES = [(0, 1), (0, -1), (1, 0), (-1, 0), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)]
_LABELS: weakref.WeakKeyDictionary[RoadMap, dict[Town, tuple[float, float]]] = (
    weakref.WeakKeyDictionary()
)


def _label_sides(puzzle: RoadMap) -> dict[Town, tuple[float, float]]:
    if puzzle not in _LABELS:
        _LABELS[puzzle] = {town: _best_side(puzzle, town) for town in puzzle.towns}
    return _LABELS[puzzle]


def _best_side(puzzle: RoadMap, town: Town) -> tuple[float, float]:
    """The side of *town* where its name hides least: a road crossed counts 1, a length 2,
    a town 4 (sizes as on a map :data:`SIZE` wide)."""
    xs, ys = zip(*puzzle.positions.values())
    unit = max(max(xs) - min(xs), max(ys) - min(ys), 1) / 270  # map units per point
    roads = [(puzzle.positions[a], puzzle.positions[b]) for a in puzzle.roads
             for b in puzzle.roads[a] if a < b]  # fmt: skip
    lengths = [((xa + xb) / 2, (ya + yb) / 2) for (xa, ya), (xb, yb) in roads]
    others = [point for other, point in puzzle.positions.items() if other != town]
    x, y = puzzle.positions[town]
    width, height = 5.5 * len(town) * unit, 11 * unit

    def covered(dx: float, dy: float) -> float:
        px, py = x + 7 * unit * dx, y + 7 * unit * dy  # the anchor, as annotate puts it
        left = px if dx > 0.4 else px - width if dx < -0.4 else px - width / 2
        bottom = py if dy > 0.4 else py - height if dy < -0.4 else py - height / 2

        def inside(point: tuple[float, float], pad: float = 0) -> bool:
            return (left - pad <= point[0] <= left + width + pad
                    and bottom - pad <= point[1] <= bottom + height + pad)  # fmt: skip

        crossed = sum(
            any(inside((xa + (xb - xa) * t / 12, ya + (yb - ya) * t / 12)) for t in range(13))
            for (xa, ya), (xb, yb) in roads
        )
        hidden = sum(inside(point, 6 * unit) for point in lengths)
        covered_towns = sum(inside(point, 5 * unit) for point in others)
        return crossed + 2 * hidden + 4 * covered_towns

    return min(SIDES, key=lambda side: covered(*side))


@step_label.register(RoadMap)
def _(puzzle: RoadMap, before: State, action: Town, after: State) -> str:
    return f"{before} to {after}, {puzzle.cost(before, action, after):g}"


@step_highlight.register(RoadMap)
def _(puzzle: RoadMap, before: State, action: Town, after: State) -> tuple[Town, ...]:
    return (before, after)


@board_size.register(RoadMap)
def _(puzzle: RoadMap) -> float:
    return SIZE[0]
