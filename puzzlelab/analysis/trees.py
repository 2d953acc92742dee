"""Search trees: a recorded search as a ``networkx.DiGraph``, drawn by ``draw_tree``."""

from __future__ import annotations

import networkx as nx

from ..errors import whole_number
from ..search import Trace, TraceEvent

#: What a node of the tree can be, in the order the legend lists them.
STATUSES = ("frontier", "expanded", "duplicate", "cutoff", "solution", "goal")


def search_tree(
    trace: Trace, max_depth: int | None = None, iteration: int | None = None
) -> nx.DiGraph:
    """Build the tree of the search recorded in *trace*, no node deeper than *max_depth* (of
    iterative deepening and IDA*, the *iteration* given, default the last). A node, keyed by
    its id, has ``state``, ``depth``, ``g``, ``h``, ``f``, ``action``, ``side``, ``order`` (of
    expansion), ``successors`` and ``status`` (:data:`STATUSES`).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, bfs
    >>> trace = Trace()
    >>> _ = bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8"), trace=trace)
    >>> tree = search_tree(trace)
    >>> tree.graph
    {'goal': 8, 'bound': None, 'iterations': 0}
    >>> tree.nodes[8]["state"], tree.nodes[8]["depth"], tree.nodes[8]["status"]
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), 2, 'goal')
    """
    events, bound, iterations = _iteration_events(trace.events, iteration)
    tree: nx.DiGraph[int] = nx.DiGraph(goal=None, bound=bound, iterations=iterations)
    order = 0
    successors: dict[int | None, int] = {}  # by parent: how many successors it generated
    for event in events:
        if event.kind in ("generate", "duplicate"):
            successors[event.parent] = successors.get(event.parent, 0) + 1
            if _fits(tree, event, max_depth):
                _add_node(tree, event, "frontier" if event.kind == "generate" else "duplicate")
        elif event.kind == "expand":
            order += 1
            if event.node in tree:
                tree.nodes[event.node].update(status="expanded", order=order)
        elif event.kind == "discard" and event.node in tree:
            tree.nodes[event.node]["status"] = "duplicate"
        elif event.kind == "goal":
            if event.node not in tree and _fits(tree, event, None):
                _add_node(tree, event, "goal")
            if event.node in tree:
                _mark_solution(tree, event.node)
    for node, data in tree.nodes(data=True):
        data["successors"] = successors.get(node, 0)
        if bound is not None and data["status"] == "frontier":  # generated, never expanded
            if data["f"] > bound if data["h"] is not None else data["depth"] >= bound:
                data["status"] = "cutoff"  # over this iteration's bound
    return tree


def _iteration_events(
    events: list[TraceEvent], iteration: int | None
) -> tuple[list[TraceEvent], float | None, int]:
    """``(events of one iteration with the root, its bound, how many iterations)``."""
    starts = [i for i, event in enumerate(events) if event.kind == "iteration"]
    if not starts:
        if iteration not in (None, 0):
            raise ValueError(f"iteration {iteration} does not exist: this search had no iterations")
        return events, None, 0
    chosen = len(starts) - 1 if iteration is None else iteration
    if not 0 <= chosen < len(starts):
        raise ValueError(
            f"iteration {iteration} does not exist: there were {len(starts)}, "
            f"numbered 0 to {len(starts) - 1}"
        )
    begin = starts[chosen]
    end = starts[chosen + 1] if chosen + 1 < len(starts) else len(events)
    chosen_events = list(events[begin + 1 : end])
    if not any(e.kind == "generate" and e.parent is None for e in chosen_events):
        # IDA* generates its root once, before the first iteration (iterative deepening in each).
        root = [e for e in events[:begin] if e.kind == "generate" and e.parent is None][:1]
        chosen_events = root + chosen_events
    return chosen_events, events[begin].bound, len(starts)


def _fits(tree: nx.DiGraph[int], event: TraceEvent, max_depth: int | None) -> bool:
    if event.node in tree or (event.parent is not None and event.parent not in tree):
        return False
    return max_depth is None or event.depth <= max_depth


def _add_node(tree: nx.DiGraph[int], event: TraceEvent, status: str) -> None:
    f = None if event.h is None else event.g + event.h
    tree.add_node(event.node, state=event.state, depth=event.depth, g=event.g, h=event.h, f=f,
                  action=event.action, order=None, status=status, side=event.side)  # fmt: skip
    if event.parent is not None:
        tree.add_edge(event.parent, event.node, action=event.action)


def _mark_solution(tree: nx.DiGraph[int], goal: int) -> None:
    """Mark *goal* and the path to it (bidirectional search records one goal per side)."""
    for node in nx.ancestors(tree, goal):
        tree.nodes[node]["status"] = "solution"
    tree.nodes[goal]["status"] = "goal"
    if tree.graph["goal"] is None:
        tree.graph["goal"] = goal


def cut_tree(
    tree: nx.DiGraph,
    max_nodes: int = 300,
    max_depth: int | None = None,
    from_depth: int | None = None,
) -> nx.DiGraph:
    """Return a copy of *tree* small enough to draw: the path to the goal, and shallow nodes
    (a node ``("more", parent)`` counts those left out below a parent). With *from_depth*, only
    the part below one node at that depth is kept, under a node ``("more", None)``.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, bfs
    >>> trace = Trace()
    >>> _ = bfs(SlidingPuzzle("4 1 3 / 2 0 5"), trace=trace)
    >>> tree = search_tree(trace)
    >>> small = cut_tree(tree, max_nodes=10)
    >>> tree.number_of_nodes(), small.number_of_nodes()
    (57, 17)
    >>> small.nodes[("more", 1)]  # 13 nodes left out under node 1
    {'more': 13, 'status': 'more', 'depth': 2}
    """
    above = None
    if from_depth is not None:
        top = _node_at_depth(tree, from_depth)
        below = nx.descendants(tree, top) | {top}
        above = len(tree) - len(below)
        tree = tree.subgraph(below)
    roots = [n for n in tree if tree.in_degree(n) == 0]
    goal = tree.graph.get("goal")
    path = [n for n in tree if tree.nodes[n]["status"] in ("solution", "goal")] if goal else []
    if max_depth is not None:
        path = [n for n in path if tree.nodes[n]["depth"] <= max_depth]
    kept, queue = set(path), list(roots)
    while queue and len(kept) < max_nodes:
        node = queue.pop(0)
        kept.add(node)
        if max_depth is None or tree.nodes[node]["depth"] < max_depth:
            queue.extend(tree.successors(node))
    small = tree.subgraph(kept).copy()
    sizes: dict[object, int] = {}  # the nodes of each subtree, its root included
    for node in reversed(list(nx.topological_sort(tree))):
        sizes[node] = 1 + sum(sizes[child] for child in tree.successors(node))
    for parent in kept:
        lost = sum(sizes[child] for child in tree.successors(parent) if child not in small)
        if lost:
            marker = ("more", parent)
            small.add_node(marker, more=lost, status="more",
                           depth=tree.nodes[parent]["depth"] + 1)  # fmt: skip
            small.add_edge(parent, marker)
    if above:  # the rest of the tree, above and beside the part kept
        small.add_node(
            ("more", None), more=above, status="more", depth=tree.nodes[top]["depth"] - 1
        )
        small.add_edge(("more", None), top)
    return small


def _node_at_depth(tree: nx.DiGraph, depth: int) -> object:
    """The solution path's node at *depth*, or else the first expanded (else generated) there."""
    whole_number(depth, "from_depth", least=0)
    there = [n for n in tree if tree.nodes[n]["depth"] == depth]
    if not there:
        deepest = max((tree.nodes[n]["depth"] for n in tree), default=0)
        raise ValueError(
            f"from_depth={depth}: the tree has no node that deep (its deepest is {deepest})"
        )
    on_path = [n for n in there if tree.nodes[n]["status"] in ("solution", "goal")]
    expanded = sorted((tree.nodes[n]["order"], n) for n in there if tree.nodes[n]["order"])
    return (on_path or [n for _, n in expanded] or there)[0]
