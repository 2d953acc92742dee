"""IDA*: depth-first searches under a growing f-bound, in a loop of its own whose frontier is the
current path (a stack, so no recursion limit), each node with the successors still to try."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..results import SearchResult, iteration_counts
from .algorithms import _tally_for, with_shared_doc
from .engine import Node, Tally, search_loop
from .problem import Action, HeuristicChoice, Problem, Searchable, State, as_problem
from .trace import Trace

Path = list[tuple[Node, Iterator[tuple[Action, State, float]]]]


@with_shared_doc
def idastar(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    trace: Trace | None = None,
    **limits: Any,
) -> SearchResult:
    """IDA* search: return a cheapest path, in memory proportional to its length.

    Depth-first searches bounded by f = g + h, from the start's h, each next bound the
    smallest f over the last. States on the current path are skipped; others searched again.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {heuristic}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> result = idastar(SlidingPuzzle("4 1 3 / 2 0 5"), heuristic="misplaced")
    >>> result
    <idastar: solved, cost 5 | 8 expanded, 14 generated, 4 duplicates, frontier <= 5, ... s>
    >>> result.stats.iterations
    [{'bound': 4, 'expanded': 2, 'generated': 4}, {'bound': 5, 'expanded': 6, 'generated': 9}]
    """
    prepared = as_problem(problem, heuristic)
    path: Path = []
    tally = _tally_for("idastar", prepared, path, trace, **limits)
    return tally if isinstance(tally, SearchResult) else _deepening(prepared, path, tally)


@search_loop
def _deepening(problem: Problem, path: Path, tally: Tally) -> SearchResult:
    """Depth-first searches under a growing f-bound, the current *path* as the frontier."""
    bound = problem.heuristic(problem.start)  # the root's f, as g is 0
    root = Node(problem.start, None, None, 0, 0, h=bound)
    tally.generated(root)
    while bound < math.inf:
        tally.iteration(root, bound)
        before = (tally.expanded_count, tally.generated_count)
        try:
            goal, next_bound = _bounded(problem, root, bound, path, tally)
        finally:  # at a limit too, the counts of the iteration cut short
            after = (tally.expanded_count, tally.generated_count)
            tally.iterations.append(iteration_counts(bound, before, after))
        if goal is not None:
            return tally.solved(goal)
        bound = next_bound
    return tally.exhausted()


def _bounded(
    problem: Problem, root: Node, bound: float, path: Path, tally: Tally
) -> tuple[Node | None, float]:
    """One iteration under *bound*: ``(goal, inf)`` or ``(None, the smallest f over it)``."""
    smallest = math.inf  # the smallest f that went over the bound
    successors, is_goal, heuristic = problem.successors, problem.is_goal, problem.heuristic
    if is_goal(root.state):
        return root, math.inf
    tally.expanding(root)
    path.append((root, iter(successors(root.state))))
    on_path = {root.state}
    while path:
        node, todo = path[-1]
        for action, state, step in todo:
            if state in on_path:
                tally.duplicate(node, action, state, step)
                continue
            g, h = node.g + step, heuristic(state)
            child = Node(state, node, action, g, node.depth + 1, h=h)
            tally.generated(child)
            if g + h > bound:
                smallest = min(smallest, g + h)
                continue
            if is_goal(state):
                path.clear()
                return child, math.inf
            tally.expanding(child)
            path.append((child, iter(successors(state))))
            on_path.add(state)
            break
        else:  # every successor tried: step back
            path.pop()
            on_path.discard(node.state)
    return None, smallest
