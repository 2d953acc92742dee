"""Search trees: a recorded search as a ``networkx.DiGraph``, and a picture of it.

The graph is the public object: each node is one search node (a state plus the
path that reached it), keyed by its id, with attributes ``state``, ``depth``,
``g``, ``h``, ``f``, ``action``, ``order`` (when it was expanded, 1 for the
first) and ``status``, one of :data:`STATUSES`. Students can query it with
networkx directly.

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> from puzzlelab.search import Trace, bfs
>>> trace = Trace()
>>> result = bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8"), trace=trace)
>>> tree = search_tree(trace)
>>> sum(1 for _, depth in tree.nodes(data="depth") if depth == 1)
2
>>> [tree.nodes[n]["status"] for n in nx.shortest_path(tree, 0, goal_node(tree))]
['solution', 'solution', 'goal']
"""

from __future__ import annotations

import networkx as nx

#: Node statuses, and the colour each is drawn in.
STATUSES = {
    "frontier": "#f7f7f7",
    "expanded": "#9ecae1",
    "duplicate": "#d9d9d9",
    "solution": "#fdae6b",
    "goal": "#31a354",
}


def search_tree(trace, max_depth=None, iteration=None) -> nx.DiGraph:
    """Build the tree of the search recorded in *trace*.

    Parameters
    ----------
    trace : Trace
        From ``search(..., trace=Trace())`` of puzzlelab, or a simpleai run
        recorded by :class:`puzzlelab.simpleai_trace.TraceViewer`.
    max_depth : int, optional
        Leave out nodes deeper than this.
    iteration : int, optional
        For iterative deepening and IDA*, which iteration to show (0 is the
        first; default: the last).
    """
    events = _iteration_events(trace.events, iteration)
    tree = nx.DiGraph()
    order = 0
    for event in events:
        if max_depth is not None and event.depth > max_depth:
            continue
        if event.kind in ("generate", "duplicate"):
            _add_node(tree, event, "frontier" if event.kind == "generate" else "duplicate")
        elif event.kind == "expand" and event.node in tree:
            order += 1
            tree.nodes[event.node].update(status="expanded", order=order)
        elif event.kind == "goal":
            if event.node not in tree:
                _add_node(tree, event, "goal")
            tree.nodes[event.node]["status"] = "goal"
            _mark_solution(tree, event.node)
    return tree


def _iteration_events(events, iteration):
    starts = [i for i, event in enumerate(events) if event.kind == "iteration"]
    if not starts:
        return events
    chosen = len(starts) - 1 if iteration is None else iteration
    if not 0 <= chosen < len(starts):
        raise ValueError(f"iteration {iteration} does not exist: there were {len(starts)} (0..)")
    begin = starts[chosen]
    end = starts[chosen + 1] if chosen + 1 < len(starts) else len(events)
    root = [e for e in events[:begin] if e.kind == "generate" and e.parent is None][:1]
    return root + list(events[begin + 1 : end])


def _add_node(tree, event, status) -> None:
    f = None if event.h is None else event.g + event.h
    tree.add_node(event.node, state=event.state, depth=event.depth, g=event.g, h=event.h, f=f,
                  action=event.action, order=None, status=status, side=event.side)  # fmt: skip
    if event.parent is not None and event.parent in tree:
        tree.add_edge(event.parent, event.node, action=event.action)


def _mark_solution(tree, goal) -> None:
    for node in nx.ancestors(tree, goal):
        tree.nodes[node]["status"] = "solution"


def goal_node(tree):
    """Return the id of the goal node in *tree*, or ``None``."""
    return next((n for n, status in tree.nodes(data="status") if status == "goal"), None)


def branching_factor(tree) -> float:
    """Return the mean number of children of the expanded nodes of *tree*.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, bfs
    >>> trace = Trace()
    >>> _ = bfs(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), max_nodes=200, trace=trace)
    >>> round(branching_factor(search_tree(trace)), 2)
    2.69
    """
    parents = [n for n, order in tree.nodes(data="order") if order is not None]
    return sum(tree.out_degree(n) for n in parents) / max(len(parents), 1)


# ---------------------------------------------------------------- cutting and layout


def cut_tree(tree, max_nodes=300, max_depth=None) -> nx.DiGraph:
    """Return a copy of *tree* small enough to draw.

    Nodes are kept breadth-first (shallow first) up to *max_nodes* and
    *max_depth*; under each parent that lost children, one marker node
    ``("more", parent)`` says how many nodes were left out below it
    (attribute ``more``).
    """
    roots = [n for n in tree if tree.in_degree(n) == 0]
    kept, queue = [], list(roots)
    while queue and len(kept) < max_nodes:
        node = queue.pop(0)
        kept.append(node)
        if max_depth is None or tree.nodes[node]["depth"] < max_depth:
            queue.extend(tree.successors(node))
    small = tree.subgraph(kept).copy()
    sizes = _subtree_sizes(tree)
    for parent in kept:
        lost = sum(sizes[child] for child in tree.successors(parent) if child not in small)
        if lost:
            marker = ("more", parent)
            small.add_node(marker, more=lost, status="more",
                           depth=tree.nodes[parent]["depth"] + 1)  # fmt: skip
            small.add_edge(parent, marker)
    return small


def _subtree_sizes(tree) -> dict:
    """Return ``{node: nodes in its subtree, itself included}``."""
    sizes = {}
    for node in reversed(list(nx.topological_sort(tree))):
        sizes[node] = 1 + sum(sizes[child] for child in tree.successors(node))
    return sizes


def layered_layout(tree) -> dict:
    """Return ``{node: (x, y)}``: depth downwards, leaves side by side, parents centred.

    >>> import networkx as nx
    >>> layered_layout(nx.DiGraph([(0, 1), (0, 2)]))
    {1: (0.0, -1), 2: (1.0, -1), 0: (0.5, 0)}
    """
    position, next_x = {}, [0.0]

    def place(node, depth):
        children = list(tree.successors(node))
        for child in children:
            place(child, depth + 1)
        if children:
            x = (position[children[0]][0] + position[children[-1]][0]) / 2
        else:
            x, next_x[0] = next_x[0], next_x[0] + 1
        position[node] = (x, -depth)

    for root in (n for n in tree if tree.in_degree(n) == 0):
        place(root, 0)
    return position


# ---------------------------------------------------------------- drawing


def draw_tree(tree, ax=None, puzzle=None, labels="auto", color_by="status", max_nodes=300,
              max_depth=None, board_size=0.55):  # fmt: skip
    """Draw *tree* top-down; return the axes (``ax.tree_nodes`` maps each node to its artist).

    Parameters
    ----------
    puzzle : optional
        With a puzzle, small trees (up to 40 nodes) show each node as a board.
    labels : {"auto", "board", "short", None}
        ``short`` writes ``g+h`` (or the expansion order) in each circle.
    color_by : {"status", "order"}
        Colour by status (legend shown) or by expansion order (early = dark).
    max_nodes, max_depth
        Larger trees are cut (see :func:`cut_tree`), with "+N" markers.
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    small = cut_tree(tree, max_nodes, max_depth)
    position = layered_layout(small)
    boards = labels == "board" or (labels == "auto" and puzzle is not None and len(small) <= 40)
    if ax is None:
        leaves = max(1, sum(1 for n in small if small.out_degree(n) == 0))
        levels = 1 + max(-y for _, y in position.values())
        per_leaf, per_level = (1.0, 1.3) if boards else (0.35, 1.1)
        ax = plt.subplots(figsize=(min(22, 1 + per_leaf * leaves), 0.5 + per_level * levels))[1]
    _draw_edges(ax, small, position)
    ax.tree_nodes = {}
    circles = []
    for node, data in small.nodes(data=True):
        x, y = position[node]
        if data["status"] == "more":
            ax.tree_nodes[node] = ax.text(x, y, f"+{data['more']}", ha="center", va="center",
                                          fontsize=7, color="#555555")  # fmt: skip
        elif boards:
            ax.tree_nodes[node] = _board_node(ax, puzzle, data, x, y, board_size)
        else:
            circles.append(node)
    if circles:
        _draw_circles(ax, small, circles, position, labels, color_by, len(tree))
    ax.set_axis_off()
    ax.margins(0.08)
    if color_by == "status":
        used = [s for s in STATUSES if any(d.get("status") == s for _, d in small.nodes(data=True))]
        handles = [Line2D([], [], marker="o", ls="", markersize=9, markerfacecolor=STATUSES[s],
                          markeredgecolor="#555555", label=s) for s in used]  # fmt: skip
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1, 1), fontsize=8)
    return ax


def _draw_edges(ax, small, position) -> None:
    """All edges as two line collections: the solution path thick and orange."""
    from matplotlib.collections import LineCollection

    on_path, others = [], []
    for parent, child in small.edges:
        segment = (position[parent], position[child])
        solution = small.nodes[child].get("status") in ("solution", "goal")
        (on_path if solution else others).append(segment)
    ax.add_collection(LineCollection(others, colors="#bbbbbb", linewidths=0.8, zorder=1))
    ax.add_collection(LineCollection(on_path, colors="#e6550d", linewidths=2.5, zorder=1))
    xs, ys = zip(*position.values())
    ax.update_datalim(list(zip(xs, ys)))
    ax.autoscale_view()


LABELLED_UP_TO = 150  # nodes: beyond this, labels would overlap anyway


def _draw_circles(ax, small, nodes, position, labels, color_by, total) -> None:
    """All circles in one scatter (fast); ``ax.tree_nodes[node]`` is that collection."""
    import matplotlib

    def colour(data):
        if color_by == "order" and data.get("order"):
            return matplotlib.colormaps["viridis"](data["order"] / max(total, 1))
        return STATUSES.get(data["status"], "#ffffff")

    xs, ys = zip(*(position[n] for n in nodes))
    dots = ax.scatter(xs, ys, s=160, c=[colour(small.nodes[n]) for n in nodes],
                      edgecolors="#555555", zorder=2)  # fmt: skip
    for node in nodes:
        ax.tree_nodes[node] = dots
    if labels in ("short", "auto", "board") and len(nodes) <= LABELLED_UP_TO:
        for node in nodes:
            data = small.nodes[node]
            text = data["order"] if color_by == "order" else _short(data)
            if text not in (None, ""):
                x, y = position[node]
                ax.text(x, y - 0.28, str(text), ha="center", va="top", fontsize=6, zorder=3)


def _short(data) -> str:
    if data.get("h") is not None:
        return f"{data['g']:g}+{data['h']:g}"
    return "" if data.get("order") is None else str(data["order"])


def _board_node(ax, puzzle, data, x, y, size):
    from matplotlib.offsetbox import AnnotationBbox, OffsetImage

    from .drawing import board_png

    image = _png_array(board_png(puzzle, data["state"], size=size * 2, dpi=60))
    color = STATUSES.get(data["status"], "#ffffff")
    box = AnnotationBbox(OffsetImage(image, zoom=0.8), (x, y), frameon=True, pad=0.15,
                         bboxprops={"edgecolor": color, "lw": 3}, zorder=2)  # fmt: skip
    ax.add_artist(box)
    return box


def _png_array(png: bytes):
    import io

    import matplotlib.image

    return matplotlib.image.imread(io.BytesIO(png), format="png")
