"""Depth-limited search and iterative deepening: the engine's loop, LIFO, stopped at a depth."""

from __future__ import annotations

from typing import Any

from ..errors import true_or_false, whole_number
from ..results import SearchResult, iteration_counts
from .algorithms import LifoFrontier, _search, _tally_for, with_shared_doc
from .engine import Node, run
from .problem import Searchable, as_problem
from .trace import Trace


@with_shared_doc
def depth_limited(
    problem: Searchable, depth_limit: int, *, graph_search: bool = True, **limits: Any
) -> SearchResult:
    """Depth-first search to a depth limit: return a path of at most *depth_limit* actions.

    Status ``cutoff``: the limit hid deeper states. A state reached by a shallower path is
    expanded again, so a goal within the limit is always found.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    depth_limit : int
        The depth (number of actions) at which nodes are no longer expanded; at least 0.
    {graph_search}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> depth_limited(puzzle, 4)
    <depth_limited: cutoff: no goal within depth 4 | 12 expanded, 18 generated, ... s>
    >>> depth_limited(puzzle, 5).cost
    5
    """
    whole_number(depth_limit, "a depth limit", least=0)
    return _search("depth_limited", as_problem(problem), LifoFrontier(), depth_limit,
                   graph_search=graph_search, **limits)  # fmt: skip


@with_shared_doc
def iddfs(
    problem: Searchable,
    *,
    graph_search: bool = True,
    max_depth: int | None = None,
    trace: Trace | None = None,
    **limits: Any,
) -> SearchResult:
    """Iterative deepening: :func:`depth_limited` with limits 0, 1, 2, ... until one finds the goal.

    Fewest actions, as :func:`bfs`, in the memory of one path. ``stats.iterations`` lists
    each limit (``bound``) with its counts; the other counts add up.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    max_depth : int, optional
        The last depth limit to try (default: none).
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> result = iddfs(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8"))
    >>> result.cost, [it["bound"] for it in result.stats.iterations]
    (2, [0, 1, 2])
    """
    prepared = as_problem(problem)
    if max_depth is not None:
        whole_number(max_depth, "a depth limit", least=0)
    true_or_false(graph_search, "graph_search")
    frontier = LifoFrontier()  # empty again after each iteration that goes on
    tally, limit = _tally_for("iddfs", prepared, frontier, trace, **limits), 0
    if isinstance(tally, SearchResult):
        return tally
    while True:
        tally.iteration(Node(prepared.start, None, None, 0, 0, -1), limit)  # the root anew
        tally.cut_at, before = None, (tally.expanded_count, tally.generated_count)
        result = run(prepared, frontier, tally, graph_search=graph_search, depth_limit=limit)
        after = (tally.expanded_count, tally.generated_count)
        tally.iterations.append(iteration_counts(limit, before, after))
        if result.status != "cutoff" or limit == max_depth:
            return result
        limit += 1
