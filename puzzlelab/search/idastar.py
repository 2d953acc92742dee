"""IDA*: depth-first search under an f-bound that grows until the goal fits.

Memory stays proportional to the path's length, which is what makes the
15-puzzle (16!/2 positions) solvable at all in a notebook. The price is
re-expanding the shallow part of the tree in every iteration.
"""

from __future__ import annotations

import math

from .algorithms import prepare
from .engine import CHECK_CLOCK_EVERY, Budget, Node, solved
from .result import SearchResult, SearchStats


class _Stop(Exception):
    """Raised inside the recursion when a limit is reached."""


def idastar(
    problem, heuristic=None, *, max_nodes=None, max_seconds=None, trace=None, check_solvable=True
) -> SearchResult:
    """IDA* search: repeated depth-first searches bounded by f = g + h.

    Each iteration's bound is the smallest f that went over the previous one.
    With an admissible heuristic the path found is a shortest one. States already
    on the current path are skipped (no cycles); other repeats are searched again.
    ``stats.iterations`` lists each bound with its expanded and generated counts.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    >>> result = idastar(puzzle, heuristic=puzzle.manhattan)
    >>> result.cost, [it["bound"] for it in result.stats.iterations]
    (2, [2])
    """
    problem = prepare(problem, heuristic, check_solvable)
    successors, is_goal, h = problem.successors, problem.is_goal, problem.heuristic
    budget = Budget(max_nodes, max_seconds)
    stats = SearchStats(generated=1, max_frontier=1)
    tracing = trace is not None
    counts = {"expanded": 0, "generated": 0, "ids": 1}
    on_path = {problem.start}
    root = Node(problem.start, None, None, 0, 0, 0, h(problem.start))

    def search_below(node: Node, bound: float):
        """Return ``(goal_node, None)`` or ``(None, smallest f over bound)``."""
        f = node.g + node.h
        if f > bound:
            return None, f
        if is_goal(node.state):
            if tracing:
                trace.record("goal", node)
            return node, None
        spent = counts["expanded"]
        if spent >= budget.max_nodes or not spent % CHECK_CLOCK_EVERY:
            stop = budget.exceeded(spent)
            if stop:
                raise _Stop(stop)
        counts["expanded"] += 1
        stats.expanded_by_depth[node.depth] = stats.expanded_by_depth.get(node.depth, 0) + 1
        if tracing:
            trace.record("expand", node)
        smallest = math.inf
        for action, state, step in successors(node.state):
            if state in on_path:
                stats.duplicates += 1
                continue
            child = Node(
                state, node, action, node.g + step, node.depth + 1, counts["ids"], h(state)
            )
            counts["ids"] += 1
            counts["generated"] += 1
            if tracing:
                trace.record("generate", child)
            on_path.add(state)
            found, over = search_below(child, bound)
            on_path.discard(state)
            if found is not None:
                return found, None
            smallest = min(smallest, over)
        return None, smallest

    if tracing:
        trace.record("generate", root)
    bound, status, reason, goal = root.h, "exhausted", "every reachable state was tried", None
    try:
        while True:
            before = dict(counts)
            if tracing:
                trace.record("iteration", root, bound=bound)
            goal, next_bound = search_below(root, bound)
            stats.iterations.append(_iteration(bound, before, counts))
            if goal is not None:
                break
            if next_bound == math.inf:
                break
            bound = next_bound
    except _Stop as stop:
        status, reason = "limit", str(stop)
        stats.iterations.append(_iteration(bound, before, counts))
    except KeyboardInterrupt:
        status, reason = "interrupted", "the search was interrupted"
        stats.iterations.append(_iteration(bound, before, counts))
    stats.expanded = counts["expanded"]
    stats.generated += counts["generated"]
    stats.max_frontier = max(stats.expanded_by_depth, default=0) + 1
    stats.seconds = budget.elapsed()
    if goal is not None:
        return solved("idastar", goal, stats)
    return SearchResult("idastar", status, stats=stats, reason=reason)


def _iteration(bound, before: dict, after: dict) -> dict:
    return {
        "bound": bound,
        "expanded": after["expanded"] - before["expanded"],
        "generated": after["generated"] - before["generated"],
    }
