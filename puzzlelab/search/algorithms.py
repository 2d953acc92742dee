"""The classic searches, each a frontier handed to the one loop, :func:`~.engine.run`.

Every search takes a puzzlelab puzzle or a simpleai ``SearchProblem`` and the same
keywords: ``graph_search`` (default ``True``; ``False`` keeps no memory of states),
the *limits* ``max_nodes`` (expanded nodes), ``max_seconds`` and ``max_memory_mb``
(on by default: see :mod:`puzzlelab.limits`), ``trace`` (a :class:`~.trace.Trace`
to record events into) and ``check_solvable`` (answer ``unsolvable`` before
searching when the puzzle can prove the goal out of reach; default ``True``).

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
>>> bfs(puzzle).actions
['down', 'right']
>>> astar(puzzle, heuristic=puzzle.misplaced).cost
2
>>> bfs(puzzle, max_nodes=1).status
'limit'
>>> bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0")).status
'unsolvable'
"""

from __future__ import annotations

from typing import Any

from ..errors import ProblemError, finite_number, whole_number
from ..limits import DEFAULT, Budget, MemoryLimit
from ..results import SearchResult, refused_if_unsolvable
from .engine import run
from .frontier import FifoFrontier, Frontier, LifoFrontier, Priority, PriorityFrontier
from .node import Node
from .problem import HeuristicChoice, Problem, Searchable, as_problem
from .tally import tally_for
from .trace import Trace


def prepare(problem: Searchable, heuristic: HeuristicChoice = None) -> Problem:
    """Return *problem* as an engine :class:`~.problem.Problem`."""
    return as_problem(problem, heuristic)


def no_graph_search(algorithm: str, graph_search: bool | None) -> None:
    """Refuse ``graph_search`` for a search that has its own way with repeated states."""
    if graph_search is not None:
        raise ProblemError(
            f"graph_search does not apply to {algorithm}, which has its own way with repeated "
            "states (idastar skips states on the current path; bidirectional remembers all)"
        )


def unsolvable(
    algorithm: str, problem: Problem, check_solvable: bool = True
) -> SearchResult | None:
    """Return an ``unsolvable`` result when *problem* proves its goal out of reach, else None."""
    return refused_if_unsolvable(algorithm, problem.check_solvable if check_solvable else None)


def bfs(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Breadth-first search: expand the shallowest node first (FIFO frontier).

    Finds a path with the fewest actions.
    """
    return _search("bfs", problem, None, graph_search=graph_search, **limits)


def dfs(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Depth-first search: expand the deepest node first (LIFO frontier). Not optimal."""
    return _search("dfs", problem, None, graph_search=graph_search, **limits)


def depth_limited(
    problem: Searchable, depth_limit: int, *, graph_search: bool = True, **limits: Any
) -> SearchResult:
    """Depth-first search that never expands a node at *depth_limit* or deeper.

    Status ``cutoff`` means the limit hid deeper states, ``exhausted`` that there
    were none.
    """
    _check_depth(depth_limit)
    return _search(
        "depth_limited", problem, None, graph_search=graph_search,
        depth_limit=depth_limit, **limits,
    )  # fmt: skip


def iddfs(
    problem: Searchable,
    *,
    graph_search: bool = True,
    max_depth: int | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
    trace: Trace | None = None,
    check_solvable: bool = True,
) -> SearchResult:
    """Iterative deepening: depth-limited search with limits 0, 1, 2, ...

    Finds a path with the fewest actions while keeping only one path's worth of
    frontier. ``stats.iterations`` lists each limit with its counts; the other
    counts add up over all iterations.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> result = iddfs(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8"))
    >>> result.cost, [it["bound"] for it in result.stats.iterations]
    (2, [0, 1, 2])
    """
    prepared = prepare(problem)
    if max_depth is not None:
        _check_depth(max_depth)
    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    refused = unsolvable("iddfs", prepared, check_solvable)
    if refused is not None:
        return refused
    total, limit = None, 0
    while True:
        if trace is not None:
            trace.record("iteration", Node(prepared.start, None, None, 0, 0, -1), bound=limit)
        frontier = LifoFrontier()
        tally = tally_for("iddfs", budget, frontier, trace)
        result = run(prepared, frontier, tally, graph_search=graph_search, depth_limit=limit)
        total = _add_iteration(total, result, limit)
        budget.spent = total.stats.expanded
        if result.status != "cutoff" or (max_depth is not None and limit >= max_depth):
            break
        limit += 1
    return total


def uniform_cost(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Uniform-cost search: expand the cheapest path first (priority g)."""
    return _search("uniform_cost", problem, _by_g, graph_search=graph_search, **limits)


def greedy(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    graph_search: bool = True,
    **limits: Any,
) -> SearchResult:
    """Greedy best-first search: expand the node that looks closest (priority h). Not optimal."""
    return _search("greedy", problem, _by_h, heuristic, graph_search=graph_search, **limits)


def astar(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    weight: float = 1,
    graph_search: bool = True,
    **limits: Any,
) -> SearchResult:
    """A* search: expand the node with the smallest f = g + weight * h.

    With ``weight=1`` and an admissible heuristic the path found is a shortest
    one. A larger weight (seed 001 uses 2) trusts the heuristic more: usually far
    fewer nodes, but the path may be longer. Ties in f go to the smaller h.

    Parameters
    ----------
    heuristic : callable or str, optional
        A function of a state, or the name of a built-in heuristic of the
        puzzle; default: the problem's own ``heuristic``.
    weight : float
        The factor on h; at least 0.
    """
    weight = finite_number(weight, "weight", least=0)
    name = "astar" if weight == 1 else f"astar(weight={weight:g})"

    def f(node: Node) -> tuple[float, float]:
        assert node.h is not None, "the frontier sets h before it asks the priority"
        return (node.g + weight * node.h, node.h)

    return _search(name, problem, f, heuristic, graph_search=graph_search, **limits)


# ---------------------------------------------------------------- helpers


def _search(
    algorithm: str, problem: Searchable, priority: Priority | None,
    heuristic: HeuristicChoice = None, *, graph_search: bool = True,
    depth_limit: int | None = None, max_nodes: int | None = None,
    max_seconds: float | None = None, max_memory_mb: MemoryLimit = DEFAULT,
    trace: Trace | None = None, check_solvable: bool = True,
) -> SearchResult:  # fmt: skip
    """Hand *problem* to the one search loop with the frontier *algorithm* needs.

    *priority* is ``None`` for breadth-first (FIFO) and the depth-first family
    (LIFO), else the priority the frontier orders by.
    """
    if heuristic is not None and priority in (None, _by_g):
        raise ProblemError(
            f"{algorithm} uses no heuristic; give heuristic= to greedy, astar or idastar"
        )
    prepared = prepare(problem, heuristic)
    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    refused = unsolvable(algorithm, prepared, check_solvable)
    if refused is not None:
        return refused
    frontier: Frontier
    if priority is not None:
        frontier = PriorityFrontier(priority, prepared.heuristic, by_cost=priority is not _by_h)
    else:
        frontier = FifoFrontier() if algorithm == "bfs" else LifoFrontier()
    tally = tally_for(algorithm, budget, frontier, trace)
    return run(prepared, frontier, tally, graph_search=graph_search, depth_limit=depth_limit)


def _by_g(node: Node) -> float:
    return node.g


def _by_h(node: Node) -> float:
    assert node.h is not None, "the frontier sets h before it asks the priority"
    return node.h


def _check_depth(depth: int) -> None:
    whole_number(depth, "a depth limit", least=0)


def _add_iteration(total: SearchResult | None, result: SearchResult, bound: int) -> SearchResult:
    """Fold one iteration's *result* into the running *total*."""
    s = result.stats
    s.iterations = [{"bound": bound, "expanded": s.expanded, "generated": s.generated}]
    if total is None:
        return result
    t = total.stats
    s.expanded += t.expanded
    s.generated += t.generated
    s.duplicates += t.duplicates
    s.max_frontier = max(s.max_frontier, t.max_frontier)
    for depth, count in t.expanded_by_depth.items():
        s.expanded_by_depth[depth] = s.expanded_by_depth.get(depth, 0) + count
    s.iterations = t.iterations + s.iterations
    return result
