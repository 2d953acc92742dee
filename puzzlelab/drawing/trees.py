"""Search trees drawn top-down: with matplotlib, or as marked SVG for a page."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

import networkx as nx
from matplotlib.axes import Axes

from ..analysis.trees import cut_tree
from .figures import SMALLEST_FONT

__all__ = ["draw_tree", "layered_layout"]  # the marked trees serve the replay widget

if TYPE_CHECKING:
    import numpy as np
    from matplotlib.artist import Artist
    from matplotlib.collections import PathCollection
    from matplotlib.offsetbox import AnnotationBbox
    from matplotlib.text import Text

Point = tuple[float, float]
Layout = dict[Hashable, Point]

#: Each node status: the colour it is drawn in, and what the legend says of it.
STATUSES = {
    "frontier": ("#ffffff", "frontier (not expanded)"),
    "expanded": ("#9ecae1", "expanded"),
    "duplicate": ("#d9d9d9", "duplicate (dropped)"),
    "cutoff": ("#fdd0a2", "over the bound (cut off)"),
    "solution": ("#fd8d3c", "on the solution path"),
    "goal": ("#31a354", "goal"),
}
COLOURS = {status: colour for status, (colour, _) in STATUSES.items()}
LEGEND = {status: words for status, (_, words) in STATUSES.items()}

PATH_COLOUR = "#e6550d"
EDGE_COLOUR = "#bdbdbd"
OUTLINE = "#525252"
BOARDS_UP_TO = 60  # nodes: more boards would be unreadable (and slow)
LABELLED_UP_TO = 150  # nodes: beyond this, labels would overlap anyway
#: The widest tree figure: a notebook shrinks wider ones to fit, text and all.
MOST_INCHES = 10.0
LEGEND_INCHES = 2.5  # what the legend beside the tree takes
_BOARD_CACHE: dict[tuple[Hashable, ...], np.ndarray] = {}  # (puzzle, goal, state) -> image


def layered_layout(tree: nx.DiGraph) -> Layout:
    """Return ``{node: (x, y)}``: leaves a unit apart, parents centred over their children.

    >>> import networkx as nx
    >>> layered_layout(nx.DiGraph([(0, 1), (0, 2)]))
    {1: (0.0, -1), 2: (1.0, -1), 0: (0.5, 0)}
    """
    position: Layout = {}
    next_x = [0.0]
    for root in (n for n in tree if tree.in_degree(n) == 0):
        # Depth-first without recursion: deep trees (depth-first search) would overflow.
        stack: list[tuple[Hashable, int, bool]] = [(root, 0, False)]
        while stack:
            node, depth, children_placed = stack.pop()
            children = list(tree.successors(node))
            if children and not children_placed:
                stack.append((node, depth, True))
                stack.extend((child, depth + 1, False) for child in reversed(children))
                continue
            if children:
                x = (position[children[0]][0] + position[children[-1]][0]) / 2
            else:
                x, next_x[0] = next_x[0], next_x[0] + 1
            position[node] = (x, -depth)
    return position


def draw_tree(
    tree: nx.DiGraph,
    ax: Axes | None = None,
    labels: str | None = "board",
    max_nodes: int = 300,
    max_depth: int | None = None,
    puzzle: object = None,
    from_depth: int | None = None,
) -> Axes:
    """Draw *tree* (from :func:`~puzzlelab.analysis.trees.search_tree`) top-down, cut as
    :func:`~puzzlelab.analysis.trees.cut_tree` cuts it. *labels*: ``"board"``, boards of
    *puzzle* (at most 60 nodes, else circles); ``"short"``, ``g+h=f`` or the order;
    ``"order"``; ``None``. ``ax.tree_nodes`` maps each node drawn to its artist.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, bfs
    >>> from puzzlelab.drawing import offscreen_figure
    >>> from puzzlelab.analysis.trees import search_tree
    >>> trace = Trace()
    >>> _ = bfs(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), max_nodes=100, trace=trace)
    >>> ax = draw_tree(search_tree(trace), offscreen_figure().add_subplot(), max_nodes=20)
    >>> len(ax.tree_circle_nodes), len(ax.tree_nodes) - len(ax.tree_circle_nodes)
    (20, 9)
    """
    if labels not in ("board", "short", "order", None):
        raise ValueError(f"labels must be 'board', 'short', 'order' or None, not {labels!r}")
    small = cut_tree(tree, max_nodes, max_depth, from_depth)
    position = layered_layout(small)
    boards = labels == "board" and puzzle is not None and len(small) <= BOARDS_UP_TO
    leaves = max(1, sum(1 for n in small if small.out_degree(n) == 0))
    note = ""
    if labels == "board" and puzzle is not None and not boards:
        real = sum(status != "more" for _, status in small.nodes(data="status"))
        note = f"{real} nodes: too many for boards (at most {BOARDS_UP_TO})"
    if ax is None:
        import matplotlib.pyplot as plt

        if boards and LEGEND_INCHES + 1.0 * leaves > MOST_INCHES:
            boards = False  # the boards would not fit side by side: circles instead
            note = f"{leaves} boards side by side would not fit"
        levels = 1 + max((-y for _, y in position.values()), default=0)
        per_leaf, per_level = (1.0, 1.3) if boards else (0.42, 1.2 if labels else 0.9)
        width = min(MOST_INCHES, LEGEND_INCHES + per_leaf * leaves)
        ax = plt.subplots(figsize=(width, 0.6 + per_level * levels))[1]
    if not small:
        vars(ax).update(tree_nodes={}, tree_circles=None, tree_circle_nodes=[], tree_labels=[])
        ax.set_axis_off()
        return ax
    _draw_edges(ax, small, position)
    crowded = leaves > 40
    drawn: dict[Hashable, Artist] = {}
    circles: list[Hashable] = []
    for node, data in small.nodes(data=True):
        x, y = position[node]
        if data["status"] == "more":
            drawn[node] = _marker(ax, data["more"], x, y, crowded)
        elif boards:
            drawn[node] = _board_node(ax, puzzle, data, x, y)
        else:
            circles.append(node)
    dots: PathCollection | None = None
    texts: list[Text] = []
    if circles:
        show = labels if len(circles) <= LABELLED_UP_TO else None
        dots, texts = _draw_circles(ax, small, circles, position, show)
        drawn.update(dict.fromkeys(circles, dots))
    if note:  # boards were asked for: say why there are circles, and how to get boards
        note += "; circles instead (give a smaller max_nodes or max_depth to see boards)"
        ax.text(0, 0, note, transform=ax.transAxes, fontsize=SMALLEST_FONT, color="#555")
    vars(ax).update(tree_nodes=drawn, tree_circles=dots, tree_circle_nodes=circles)
    vars(ax).update(tree_labels=texts, tree_note=note)
    ax.set_axis_off()
    ax.margins(0.04, 0.12)
    _legend(ax, small)
    return ax


def _draw_edges(ax: Axes, small: nx.DiGraph, position: Layout) -> None:
    from matplotlib.collections import LineCollection

    on_path: list[tuple[Point, Point]] = []
    others: list[tuple[Point, Point]] = []
    for parent, child in small.edges:
        segment = (position[parent], position[child])
        solution = small.nodes[child].get("status") in ("solution", "goal")
        (on_path if solution else others).append(segment)
    ax.add_collection(LineCollection(others, colors=EDGE_COLOUR, linewidths=0.8, zorder=1))
    ax.add_collection(LineCollection(on_path, colors=PATH_COLOUR, linewidths=2.8, zorder=1))
    ax.update_datalim(list(position.values()))
    ax.autoscale_view()


def _marker(ax: Axes, more: int, x: float, y: float, crowded: bool) -> Text:
    if crowded:
        return ax.text(x, y, f"+{more}", ha="center", va="top",
                       fontsize=SMALLEST_FONT, color="#737373", zorder=3)  # fmt: skip
    box = {"boxstyle": "round,pad=0.2", "fc": "#f7f7f7", "ec": "#bdbdbd"}
    return ax.text(x, y, f"... {more}\nmore", ha="center", va="center",
                   fontsize=SMALLEST_FONT, color="#525252", zorder=3, bbox=box)  # fmt: skip


def _draw_circles(
    ax: Axes,
    small: nx.DiGraph,
    nodes: list[Hashable],
    position: Layout,
    labels: str | None,
) -> tuple[PathCollection, list[Text]]:
    xs, ys = zip(*(position[n] for n in nodes))
    colours = [COLOURS.get(small.nodes[n]["status"], "#ffffff") for n in nodes]
    # Small enough that neighbouring leaves do not overlap (points²).
    area = max(10.0, min(140.0, (0.8 * _room(ax, position)[0]) ** 2))
    dots = ax.scatter(xs, ys, s=area, c=colours, edgecolors=OUTLINE, linewidths=0.8, zorder=2)
    if labels is None:
        return dots, []
    texts = {node: _short(small.nodes[node], labels == "order") for node in nodes}
    rows = _label_rows(ax, position, max(map(len, texts.values()), default=0))
    if rows is None:
        return dots, []  # too crowded for upright labels of a readable size
    # Two rows: every other node of a level writes its label a line lower (all upright).
    line = 1.3 * SMALLEST_FONT / _room(ax, position)[1]  # a line, in levels
    by_level: dict[float, list[Hashable]] = {}
    for node in (n for n in nodes if texts[n]):
        by_level.setdefault(position[node][1], []).append(node)
    lower = {n for row in by_level.values() for n in sorted(row, key=lambda n: position[n])[1::2]}
    written = []
    for node, text in texts.items():
        if text:
            x, y = position[node]
            drop = line if rows == 2 and node in lower else 0.0
            written.append(ax.text(x, y - 0.2 - drop, text, ha="center", va="top",
                                   fontsize=SMALLEST_FONT, color="#252525", zorder=3))  # fmt: skip
    return dots, written


def _label_rows(ax: Axes, position: Layout, longest: int) -> int | None:
    """1 if upright labels of *longest* characters fit side by side, 2 staggered, else None."""
    across = 0.62 * SMALLEST_FONT * longest + 4  # points: a label's width, with a gap
    column, level = _room(ax, position)
    if across <= column:
        return 1
    if across <= 2 * column and 3.2 * SMALLEST_FONT <= level:
        return 2
    return None


def _room(ax: Axes, position: Layout) -> tuple[float, float]:
    """Points between neighbouring leaves, and between levels, on *ax*."""
    figure = ax.figure.figure
    box = ax.get_position()
    xs = [x for x, _ in position.values()]
    levels = 1 + max(-y for _, y in position.values())
    width = box.width * figure.get_figwidth() * 72
    height = box.height * figure.get_figheight() * 72
    return width / (1.4 + max(xs) - min(xs)), height / (levels + 0.4)


def _short(data: dict[str, Any], order: bool = False) -> str:
    if not order and data.get("h") is not None:
        return f"{data['g']:g}+{data['h']:g}={data['f']:g}"
    return "" if data.get("order") is None else f"#{data['order']}"


def _legend(ax: Axes, small: nx.DiGraph) -> None:
    from matplotlib.lines import Line2D

    used = {d.get("status") for _, d in small.nodes(data=True)}
    handles = [Line2D([], [], marker="o", ls="", markersize=9, markerfacecolor=COLOURS[s],
                      markeredgecolor=OUTLINE, label=LEGEND[s])
               for s in COLOURS if s in used]  # fmt: skip
    if "goal" in used:
        handles.append(Line2D([], [], color=PATH_COLOUR, lw=2.8, label="path to the goal"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9,
              frameon=False)  # fmt: skip


def _board_node(
    ax: Axes, puzzle: object, data: dict[str, Any], x: float, y: float
) -> AnnotationBbox:
    import io

    import matplotlib.image
    from matplotlib.offsetbox import AnnotationBbox, OffsetImage

    from .boards import board_png

    key = (id(puzzle), getattr(puzzle, "goal", None), data["state"])
    if key not in _BOARD_CACHE:
        if len(_BOARD_CACHE) > 2000:
            _BOARD_CACHE.clear()
        png = board_png(puzzle, data["state"], size=1.1, dpi=120)  # twice the pixels shown
        _BOARD_CACHE[key] = matplotlib.image.imread(io.BytesIO(png), format="png")
    frontier = data["status"] == "frontier"
    box = AnnotationBbox(
        OffsetImage(_BOARD_CACHE[key], zoom=0.4), (x, y),
        frameon=True, pad=0.15, zorder=2,
        bboxprops={"edgecolor": OUTLINE if frontier else COLOURS[data["status"]],
                   "lw": 1.2 if frontier else 3, "ls": "--" if frontier else "-"},
    )  # fmt: skip
    ax.add_artist(box)
    return box


#: One letter per status in a tree drawn by :func:`marked_tree_svg` (``-``: not reached yet).
STATUS_LETTERS = {status: status[0] for status in COLOURS}  # f, e, d, c, s, g


def marked_tree_svg(
    tree: nx.DiGraph, layout: Layout, width: int = 640, level: int = 36, most_height: int = 320
) -> str:
    """*tree* as SVG, node ``j`` marked ``<g data-mark="j">`` and the edge to it ``<line
    data-mark="j">``: a page sets their ``data-state`` to a letter of :data:`STATUS_LETTERS` (upper
    case: this step's node) or ``-`` (hidden), and :func:`marked_tree_css` colours them."""
    xs = [x for x, _ in layout.values()] or [0.0]
    levels = 1 + max((-y for _, y in layout.values()), default=0)
    height = min(most_height, 24 + level * levels)
    step_x = (width - 24) / max(1.0, max(xs) - min(xs))
    step_y = (height - 24) / max(1, levels - 1)
    radius = max(3.0, min(9.0, 0.4 * step_x, 0.4 * step_y))

    def at(node: Hashable) -> Point:
        x, y = layout[node]
        return 12 + (x - min(xs)) * step_x, 12 - y * step_y

    index = {node: j for j, node in enumerate(tree)}
    lines = "".join(
        '<line data-mark="{}" x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>'.format(
            index[child], *at(parent), *at(child)
        )
        for parent, child in tree.edges
    )
    nodes = "".join(
        '<g data-mark="{0}"><circle class="ring" cx="{1:.1f}" cy="{2:.1f}" r="{4:.1f}"/>'
        '<circle class="dot" cx="{1:.1f}" cy="{2:.1f}" r="{3:.1f}"/></g>'.format(
            index[node], *at(node), radius, radius * 1.9
        )
        for node in tree
    )
    return (
        f'<svg class="puzzlelab-tree" width="{width}" height="{height}" '
        'style="max-width:100%;height:auto" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
        f"{lines}{nodes}</svg>"
    )


def marked_tree_css(scope: str) -> str:
    """The CSS that colours a :func:`marked_tree_svg` inside class *scope*."""
    rules = [
        f".{scope} line {{ stroke: {EDGE_COLOUR}; stroke-width: 1.2; }}",
        f".{scope} circle.dot {{ stroke: {OUTLINE}; stroke-width: 1; }}",
        f".{scope} circle.ring {{ fill: none; stroke: #c0392b; stroke-width: 2.5; "
        "display: none; }",
        f'.{scope} [data-state="-"] {{ display: none; }}',
    ]
    for status, letter in STATUS_LETTERS.items():
        now = letter.upper()  # the node of the current step
        rules += [
            f'.{scope} g[data-state="{letter}"] circle.dot, '
            f'.{scope} g[data-state="{now}"] circle.dot {{ fill: {COLOURS[status]}; }}',
            f'.{scope} g[data-state="{now}"] circle.ring {{ display: inline; }}',
        ]
        if status in ("solution", "goal"):
            rules.append(
                f'.{scope} line[data-state="{letter}"], .{scope} line[data-state="{now}"] '
                f"{{ stroke: {PATH_COLOUR}; stroke-width: 3; }}"
            )
    return "\n".join(rules)


def tree_legend_html(statuses: Iterable[str]) -> str:
    """HTML legend of a :func:`marked_tree_svg`: a dot and a word per status, and the ring."""
    dot = (
        '<div><span style="display:inline-block;width:0.8em;height:0.8em;border-radius:50%;'
        'border:{};{}margin-right:0.3em"></span>{}</div>'
    )
    items = [
        dot.format(f"1px solid {OUTLINE}", f"background:{COLOURS[s]};", LEGEND[s]) for s in statuses
    ]
    return "".join(items) + dot.format("2.5px solid #c0392b", "", "this step")
