"""The search loop: one loop, many frontiers.

Breadth-first, depth-first, uniform cost, greedy and A* all run :func:`run`;
they differ only in the frontier they hand it and in how it orders nodes.

Vocabulary: a *node* wraps a state with the path that reached it (``parent``,
``action``, path cost ``g``, ``depth``, heuristic ``h``); *expanding* a node
generates its successors; the *frontier* holds generated nodes waiting to be
expanded; *reached* maps each state to the cheapest node found for it (graph
search only: tree search keeps no memory of states).
"""

from __future__ import annotations

import gc
import itertools
from contextlib import contextmanager

from ..limits import Budget, LimitReached
from ..results import SearchResult, SearchStats


class Node:
    """A state plus how the search reached it."""

    __slots__ = ("state", "parent", "action", "g", "depth", "id", "h")

    def __init__(self, state, parent, action, g, depth, id, h=None):
        self.state, self.parent, self.action = state, parent, action
        self.g, self.depth, self.id, self.h = g, depth, id, h

    def __repr__(self) -> str:
        return f"Node({self.state!r}, g={self.g}, depth={self.depth})"


@contextmanager
def cycle_collector_paused():
    """Pause Python's cycle collector while a search runs; as a decorator, around each call.

    A search makes hundreds of thousands of nodes that point only to their parents,
    never in a cycle, so reference counting frees them all. The cycle collector would
    still walk them again and again as they pile up, for nothing: about a quarter of a
    breadth-first search's time over the 8-puzzle. It is switched back on afterwards
    (if it was on), however the search ends.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def path_to(node: Node) -> tuple[list, list]:
    """Return ``(states, actions)`` from the root to *node*."""
    states, actions = [], []
    while node is not None:
        states.append(node.state)
        if node.parent is not None:
            actions.append(node.action)
        node = node.parent
    return states[::-1], actions[::-1]


def solved(algorithm: str, node: Node, stats: SearchStats) -> SearchResult:
    """Return the result for a search that reached the goal at *node*."""
    states, actions = path_to(node)
    return SearchResult(algorithm, "solved", states, actions, node.g, stats, "the goal was reached")


@cycle_collector_paused()
def run(
    problem,
    frontier,
    priority=None,
    *,
    algorithm: str,
    graph_search: bool = True,
    depth_limit: int | None = None,
    budget: Budget,
    trace=None,
) -> SearchResult:
    """Search *problem* with *frontier*; return a :class:`SearchResult`.

    Parameters
    ----------
    problem : Problem
        From :func:`puzzlelab.search.problem.as_problem`.
    frontier : FifoFrontier, LifoFrontier or PriorityFrontier
        Decides which node is expanded next.
    priority : callable, optional
        ``priority(node)``: the key a priority frontier orders by. When given,
        every node's ``h`` is computed with the problem's heuristic.
    graph_search : bool
        Remember reached states and drop successors already reached (as cheaply,
        for a priority frontier or a depth limit, where a cheaper path counts).
    depth_limit : int, optional
        Do not expand nodes at this depth or deeper.
    budget : Budget
        Node, time and memory limits.
    trace : Trace, optional
        Receives every event; ``None`` records nothing.
    """
    successors, is_goal, heuristic = problem.successors, problem.is_goal, problem.heuristic
    tracing = trace is not None
    ids = itertools.count()
    root = Node(problem.start, None, None, 0, 0, next(ids))
    if priority is not None:
        root.h = heuristic(root.state)
    if priority is None:
        frontier.push(root)
    else:
        frontier.push(root, priority(root))
    reached = {root.state: root} if graph_search else None
    if tracing:
        trace.record("generate", root)

    expanded, generated, duplicates, largest = 0, 1, 0, 1
    by_depth: dict[int, int] = {}
    status, reason, goal = "exhausted", "every reachable state was tried", None
    next_look = 0  # when to ask the budget again
    # A cheaper path to a reached state matters when the frontier is ordered by cost
    # or depth is limited; for plain BFS and DFS it would only re-expand whole subtrees.
    reopen = priority is not None or depth_limit is not None
    try:
        while frontier:
            node = frontier.pop()
            if reached is not None and reached[node.state] is not node:
                if tracing:  # a cheaper path to this state was found after it was queued
                    trace.record("discard", node)
                continue
            if is_goal(node.state):
                status, reason, goal = "solved", "the goal was reached", node
                if tracing:
                    trace.record("goal", node)
                break
            if depth_limit is not None and node.depth >= depth_limit:
                status, reason = "cutoff", f"no goal within depth {depth_limit}"
                continue
            if expanded >= next_look:
                try:
                    next_look = budget.checkpoint(expanded)
                except LimitReached as stop:
                    status, reason = "limit", str(stop)
                    break
            expanded += 1
            depth = node.depth + 1
            by_depth[node.depth] = by_depth.get(node.depth, 0) + 1
            if tracing:
                trace.record("expand", node)
            for action, state, step in successors(node.state):
                g = node.g + step
                if reached is not None:
                    old = reached.get(state)
                    if old is not None and (old.g <= g or not reopen):
                        duplicates += 1
                        if tracing:
                            trace.record(
                                "duplicate", Node(state, node, action, g, depth, next(ids))
                            )
                        continue
                child = Node(state, node, action, g, depth, next(ids))
                if reached is not None:
                    reached[state] = child
                if priority is None:
                    frontier.push(child)
                else:
                    child.h = heuristic(state)
                    frontier.push(child, priority(child))
                generated += 1
                if tracing:
                    trace.record("generate", child)
            if len(frontier) > largest:
                largest = len(frontier)
    except KeyboardInterrupt:
        status, reason = "interrupted", "the search was interrupted"
    stats = SearchStats(expanded, generated, duplicates, largest, budget.elapsed(), by_depth)
    if goal is not None:
        return solved(algorithm, goal, stats)
    return SearchResult(algorithm, status, stats=stats, reason=reason)
