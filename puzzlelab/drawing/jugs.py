"""Pictures of water jugs: one state (:func:`draw_jugs`) and the whole state graph."""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator

from ..errors import BoardError
from ..puzzles.jugs import State, WaterJugs
from ..results import SearchResult
from ..search.problem import Action
from ..solvers.jugs import state_graph
from .boards import draw_board, step_label
from .domain import draw_search, search_legend, search_style
from .figures import SMALLEST_FONT, Inches, new_axes

WATER = "#6fa8dc"
TARGET = "#8cc084"  # water in a jug that holds the target amount
EDGE = "#4a4a4a"
WIDTH = 0.7  # of a jug; jugs stand one unit apart

#: State-graph colours (the orange and green of the search trees).
STATE = "#ffffff"
START = "#fdd835"
ON_PATH = "#fd8d3c"
GOAL = "#31a354"
ACTION_EDGE = "#9e9e9e"


@draw_board.register(WaterJugs)
def draw_jugs(
    puzzle: WaterJugs,
    state: Sequence[int] | None = None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    **_: object,
) -> Axes:
    """Draw the jugs side by side, as tall as they hold: outlines (gid ``"jug"``), water
    (``"water"``, green at the target amount), targets dashed (``"target"``). There is no example
    here; ``tests/test_jugs.py`` runs it."""
    state = puzzle.start if state is None else tuple(state)
    tallest = max(puzzle.capacities)
    ax = new_axes(ax, (0.9 * len(puzzle) + 0.4, 2.4))
    for i, (amount, capacity) in enumerate(zip(state, puzzle.capacities)):
        left = i + (1 - WIDTH) / 2
        wanted = puzzle.target[i] if isinstance(puzzle.target, tuple) else puzzle.target
        wanted = wanted if 0 < wanted <= capacity else 0  # 0: no line to draw
        if amount:
            colour = TARGET if amount == wanted else WATER
            ax.add_patch(Rectangle((left, 0), WIDTH, float(amount), facecolor=colour,
                                   edgecolor="none", gid="water"))  # fmt: skip
        if wanted:
            ax.plot([left, left + WIDTH], [wanted, wanted], ls="--", lw=1, color=EDGE,
                    gid="target")  # fmt: skip
        ax.add_patch(Rectangle((left, 0), WIDTH, capacity, facecolor="none", edgecolor=EDGE,
                               lw=1.5, gid="jug"))  # fmt: skip
        ax.text(i + 0.5, -0.06 * tallest, f"{amount}/{capacity}", ha="center", va="top",
                fontsize=9, gid="label")  # fmt: skip
    if title:  # broken into lines about as wide as the axes: a character is about 4.5 points
        inches = ax.get_position().width * ax.figure.figure.get_figwidth()
        ax.set_title(textwrap.fill(title, max(12, int(inches * 16) + 2)), fontsize=9)
    ax.set_xlim(0, len(puzzle))
    ax.set_ylim(-0.2 * tallest, tallest * 1.05)
    ax.axis("off")
    return ax


@step_label.register(WaterJugs)
def _(puzzle: WaterJugs, before: Sequence[int], action: Action, after: Sequence[int]) -> str:
    for own_action, state, _ in puzzle.successors(tuple(before)):
        if state == tuple(after):
            return puzzle.describe(own_action, short=True)
    return str(action)


#: The most states a state graph is drawn with: more would be a blot, and slow to lay out.
MOST_DRAWN = 400


def draw_state_graph(
    jugs: WaterJugs,
    path: SearchResult | Sequence[Sequence[int]] | None = None,
    ax: Axes | None = None,
    *,
    graph: nx.DiGraph | None = None,
    labels: bool | None = None,
    legend: bool = True,
    size: Inches = (7, 4.5),
) -> Axes:
    """Draw every state reachable from the start and the actions between them, *path* (states
    or a search result) in orange; *labels* (default: up to 60 states) writes the amounts.

    >>> from puzzlelab.drawing import offscreen_figure
    >>> from puzzlelab.search import bfs
    >>> jugs = WaterJugs((8, 5, 3), (8, 0, 0), (4, 4, 0))
    >>> ax = draw_state_graph(jugs, bfs(jugs), ax=offscreen_figure((6, 4)).add_subplot())
    >>> len([p for p in ax.patches if p.get_gid() == "path"])
    7
    """
    graph = _drawable(jugs, graph)
    if isinstance(path, SearchResult):
        path = path.path
    states = [tuple(state) for state in path or []]
    on_path = set(states)
    faces = [
        GOAL if data.get("goal") else START if state == jugs.start
        else ON_PATH if state in on_path else STATE
        for state, data in graph.nodes(data=True)
    ]  # fmt: skip
    style: dict[str, list[Any]] = {
        "face": faces,
        "edge": ["black" if state == jugs.start else EDGE for state in graph],
        "width": [2.5 if state == jugs.start else 1 for state in graph],
        "text": ["black"] * len(graph) if labels or (labels is None and len(graph) <= 60) else [],
    }
    ax = _draw_graph(jugs, graph, ax, size, style, states)
    if legend:
        solution = [("on the solution", ON_PATH, EDGE, 1.0)] if states else []
        ends = [("start", START, "black", 2.0), ("goal", GOAL, EDGE, 1.0)]
        search_legend(ax, [*ends, *solution, ("other state", STATE, EDGE, 1.0)])
    return ax


def _drawable(jugs: WaterJugs, graph: nx.DiGraph | None) -> nx.DiGraph:
    graph = state_graph(jugs) if graph is None else graph
    if len(graph) > MOST_DRAWN:
        raise BoardError(
            f"{jugs} reaches {len(graph):,} states, too many to draw (at most {MOST_DRAWN}): "
            "draw jugs that hold less water"
        )
    return graph


@draw_search.register(WaterJugs)
def _(
    jugs: WaterJugs,
    expanded: Sequence[State],
    frontier: Collection[State],
    current: State | None = None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    legend: bool = True,
    **_: object,
) -> Axes:
    """The state graph coloured as :func:`~.domain.search_style` says."""
    graph = _drawable(jugs, None)
    style = search_style(list(graph), expanded, frontier, current)
    ax = _draw_graph(jugs, graph, ax, (6, 4), style)
    waiting = len(set(frontier) & set(graph))
    ax.set_title(title or f"{len(expanded)} expanded, {waiting} in the frontier", fontsize=10)
    ax.search_marks = dict(zip(graph, style["marks"]))  # type: ignore[attr-defined]
    if legend:
        search_legend(ax)
    return ax


def _draw_graph(
    jugs: WaterJugs,
    graph: nx.DiGraph,
    ax: Axes | None,
    size: Inches,
    style: dict[str, list[Any]],
    path: Sequence[State] = (),
) -> Axes:
    path_edges = list(zip(path, path[1:]))
    for before, after in path_edges:
        if not graph.has_edge(before, after):
            raise BoardError(
                f"the path goes from {before} to {after}, which is not one action of this puzzle; "
                "give the path of a search on the same jugs (e.g. bfs(jugs).path)"
            )
    # Each state at (litres in jug 0, in jug 1), unless two share their first two amounts.
    position: Mapping[State, Collection[float]] = {
        state: (state[0], state[1] if len(state) > 1 else 0) for state in graph
    }
    by_water = len(set(position.values())) == len(position)
    if not by_water:
        position = nx.spring_layout(graph, seed=1)
    ax = new_axes(ax, size)
    nodes = nx.draw_networkx_nodes(graph, position, ax=ax, node_color=style["face"], node_size=520,
                                   edgecolors=style["edge"], linewidths=style["width"])  # fmt: skip
    nodes.set_gid("states")
    nodes.set_zorder(3)
    on_path = set(path_edges)
    others = [edge for edge in graph.edges if edge not in on_path]
    for edges, colour, width, gid in [
        (others, ACTION_EDGE, 1.0, "action"),
        (path_edges, ON_PATH, 3.0, "path"),
    ]:
        if edges:
            arrows = nx.draw_networkx_edges(
                graph, position, edgelist=edges, ax=ax, edge_color=colour, width=width,
                arrows=True, arrowsize=9, node_size=520, connectionstyle="arc3,rad=0.12",
            )  # fmt: skip
            for arrow in arrows:
                arrow.set_gid(gid)
    comma = "" if max(jugs.capacities) <= 9 else ","  # "530", or "10,3,0" when a jug holds 10
    for state, colour in zip(graph, style["text"]):
        x, y = position[state]
        ax.text(x, y, comma.join(map(str, state)), ha="center", va="center", color=colour,
                fontsize=SMALLEST_FONT, zorder=4)  # fmt: skip
    title = f"{graph.number_of_nodes()} states, {graph.number_of_edges()} actions"
    if path:
        title += f"; a solution of {len(path) - 1} steps"
    ax.set_title(title, fontsize=10)
    if by_water:
        ax.set_xlabel(f"litres in the {jugs.jug_name(0)}")
        if len(jugs) > 1:
            ax.set_ylabel(f"litres in the {jugs.jug_name(1)}")
        ax.tick_params(left=True, bottom=True, labelleft=True, labelbottom=True)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        if len(jugs) == 1:
            ax.set_yticks([])
        ax.grid(True, color="#eeeeee", zorder=0)
        ax.set_aspect("equal")
        ax.set_axisbelow(True)
        ax.spines[["top", "right"]].set_visible(False)
    else:
        ax.axis("off")
    ax.margins(0.08)
    return ax
