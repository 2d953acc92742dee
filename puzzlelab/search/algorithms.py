"""The classic searches, each a frontier handed to the one loop, :func:`~.engine.run`."""

from __future__ import annotations

import heapq
import itertools
import re
import textwrap
from collections import deque
from collections.abc import Callable, Iterator, Sized
from operator import attrgetter
from typing import Any, TypeVar

from ..errors import ProblemError, finite_number, true_or_false
from ..limits import (
    DEFAULT,
    DEFAULT_MAX_MEMORY_MB,
    DEFAULT_MAX_SECONDS,
    Budget,
    MemoryLimit,
    TimeLimit,
)
from ..results import SearchResult, refused_if_unsolvable
from .engine import Frontier, Node, Priority, Tally, run
from .problem import Heuristic, HeuristicChoice, Problem, Searchable, as_problem
from .trace import Trace, TracingTally

#: The parameters the searches share, written into a docstring where a line ``{name}`` stands.
SHARED_DOC = {
    "heuristic": """\
heuristic : callable or str, optional
    A function of a state, or a name in ``puzzle.heuristics``; default: the problem's own.
""",
    "graph_search": """\
graph_search : bool
    Drop successors whose state was reached before (default); False: tree search.
""",
    "limits": f"""\
max_nodes, max_seconds, max_memory_mb : optional
    Stop with status ``limit`` after this many expanded nodes, seconds (default
    {DEFAULT_MAX_SECONDS}), or megabytes of memory grown (default
    {DEFAULT_MAX_MEMORY_MB}); None: no bound.
trace : Trace, optional
    Record every event into it, to replay the search or draw its tree.
check_solvable : bool
    Return status ``unsolvable`` at once when the puzzle proves its goal out of reach.
""",
}

#: The keywords each search takes beside the limits and ``trace`` (named in a refusal).
OWN_KEYWORDS = {
    "astar": "heuristic, weight, graph_search",
    "greedy": "heuristic, graph_search",
    "idastar": "heuristic",
    "iddfs": "graph_search, max_depth",
    "depth_limited": "depth_limit, graph_search",
    "bidirectional": "goal",
}

Search = TypeVar("Search", bound=Callable[..., SearchResult])


def with_shared_doc(search: Search) -> Search:
    """Return *search*, each ``{name}`` line of its docstring replaced by ``SHARED_DOC[name]``.

    >>> "{limits}" in bfs.__doc__, "max_nodes, max_seconds, max_memory_mb" in bfs.__doc__
    (False, True)
    """
    doc = search.__doc__ or ""  # None under ``python -OO``
    for marker in re.finditer(r"^( *)\{(\w+)\}\n", doc, re.MULTILINE):
        doc = doc.replace(marker[0], textwrap.indent(SHARED_DOC[marker[2]], marker[1]))
    search.__doc__ = doc or None
    return search


@with_shared_doc
def bfs(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Breadth-first search: return a path with the fewest actions (FIFO frontier).

    First in, first out: every state one action away is expanded before any state two
    actions away. The price is memory: the frontier holds a whole layer of states at once.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> bfs(SlidingPuzzle("4 1 3 / 2 0 5"))
    <bfs: solved, cost 5 | 23 expanded, 34 generated, 23 duplicates, frontier <= 12, ... s>
    """
    return _search("bfs", as_problem(problem), FifoFrontier(), graph_search=graph_search, **limits)


@with_shared_doc
def dfs(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Depth-first search: return the first path found down one branch (LIFO frontier).

    Last in, first out: the search follows one branch as deep as it goes before it backs up.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> dfs(SlidingPuzzle("4 1 3 / 2 0 5"))
    <dfs: solved, cost 29 | 30 expanded, 42 generated, 30 duplicates, frontier <= 12, ... s>
    """
    return _search("dfs", as_problem(problem), LifoFrontier(), graph_search=graph_search, **limits)


@with_shared_doc
def uniform_cost(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Uniform-cost search: return a cheapest path (frontier ordered by g).

    g is the cost of the path so far. When costs differ, the cheapest path may take more
    actions than :func:`bfs`'s.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    {limits}

    Examples
    --------
    When each action costs the litres it moves, the fewest actions are not the cheapest:

    >>> from puzzlelab.puzzles import WaterJugs
    >>> jugs = WaterJugs((8, 5, 3), target=4, tap=True, cost="litre")
    >>> fewest, cheapest = bfs(jugs), uniform_cost(jugs)
    >>> (len(fewest.actions), fewest.cost), (len(cheapest.actions), cheapest.cost)
    ((6, 19), (7, 18))
    """
    problem = as_problem(problem)
    frontier = PriorityFrontier(attrgetter("g"))  # no h: uniform cost never asks for one
    return _search("uniform_cost", problem, frontier, graph_search=graph_search, **limits)


@with_shared_doc
def greedy(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    graph_search: bool = True,
    **limits: Any,
) -> SearchResult:
    """Greedy best-first search: always expand where h looks smallest; the path may be long.

    h is the heuristic's estimate of the cost still to go. It is usually fast, but ignores
    what the path has cost so far.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {heuristic}
    {graph_search}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> greedy(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), heuristic="manhattan")
    <greedy: solved, cost 47 | 99 expanded, 161 generated, 104 duplicates, frontier <= 62, ... s>
    """
    problem = as_problem(problem, heuristic)
    frontier = PriorityFrontier(attrgetter("h"), problem.heuristic, by_cost=False)
    return _search("greedy", problem, frontier, graph_search=graph_search, **limits)


@with_shared_doc
def astar(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    weight: float = 1,
    graph_search: bool = True,
    **limits: Any,
) -> SearchResult:
    """A* search: return a cheapest path, the frontier ordered by f = g + weight * h, then h.

    With ``weight=1`` and an admissible heuristic (one that never overestimates) the path is
    a cheapest one; a larger weight usually expands far fewer nodes, but the path may cost
    more.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {heuristic}
    weight : float
        The factor on h, at least 0; the result's ``algorithm`` names it unless 1.
    {graph_search}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> astar(SlidingPuzzle("4 1 3 / 2 0 5"), heuristic="manhattan")
    <astar: solved, cost 5 | 5 expanded, 10 generated, 4 duplicates, frontier <= 5, ... s>
    >>> astar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), heuristic="manhattan", weight=2)
    <astar(weight=2): solved, cost 31 | 400 expanded, 665 generated, 420 duplicates, ... s>
    """
    weight = finite_number(weight, "weight", least=0)
    name = "astar" if weight == 1 else f"astar(weight={weight:g})"

    def f(node: Node) -> tuple[float, float]:
        assert node.h is not None, "the frontier sets h before it asks the priority"
        return (node.g + weight * node.h, node.h)

    problem = as_problem(problem, heuristic)
    frontier = PriorityFrontier(f, problem.heuristic)
    return _search(name, problem, frontier, graph_search=graph_search, **limits)


def _search(
    algorithm: str, problem: Problem, frontier: Frontier, depth_limit: int | None = None, /, *,
    graph_search: bool = True, trace: Trace | None = None, **limits: Any,
) -> SearchResult:  # fmt: skip
    """Run the one loop with the search's *frontier* (a *depth_limit* only from
    :func:`~.deepening.depth_limited`: given to another search, it is refused with the rest)."""
    true_or_false(graph_search, "graph_search")
    tally = _tally_for(algorithm, problem, frontier, trace, **limits)
    if isinstance(tally, SearchResult):
        return tally
    return run(problem, frontier, tally, graph_search=graph_search, depth_limit=depth_limit)


def _tally_for(
    algorithm: str, problem: Problem, frontier: Sized, trace: Trace | None = None, *,
    max_nodes: int | None = None, max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT, check_solvable: bool = True, **unknown: object,
) -> Tally | SearchResult:  # fmt: skip
    """The tally a search reports to (tracing with a *trace*), or its ``unsolvable`` result."""
    if unknown:
        raise ProblemError(_refusal(algorithm.split("(")[0], [*unknown][0]))
    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    refused = refused_if_unsolvable(algorithm, problem, check_solvable)
    if refused is not None:
        return refused
    if trace is None:
        return Tally(algorithm, budget, frontier)
    if not isinstance(trace, Trace):
        raise ProblemError(f"trace must be a Trace (trace=Trace()), not {type(trace).__name__}")
    return TracingTally(algorithm, budget, frontier, trace)


def _refusal(search: str, keyword: str) -> str:
    """What a search says of a *keyword* it does not take, and what it takes.

    >>> _refusal("bfs", "heuristic")
    'bfs uses no heuristic; give heuristic= to greedy, astar or idastar'
    """
    own = OWN_KEYWORDS.get(search, "graph_search")
    if keyword == "heuristic" and "heuristic" not in own:
        return f"{search} uses no heuristic; give heuristic= to greedy, astar or idastar"
    return (f"{search} takes no keyword {keyword!r}; it takes {own}, max_nodes, max_seconds, "
            "max_memory_mb, trace and check_solvable")  # fmt: skip


class FifoFrontier(deque[Node]):
    """First in, first out (breadth-first): a ``deque``, so every operation runs in C.

    >>> frontier = FifoFrontier(Node.root(state) for state in "ABC")
    >>> frontier.pop().state, [node.state for node in frontier]
    ('A', ['B', 'C'])
    """

    by_cost = False
    push = deque.append
    pop = deque.popleft


class LifoFrontier(list[Node]):
    """Last in, first out (depth-first): a ``list``, iterated newest first.

    >>> frontier = LifoFrontier(Node.root(state) for state in "ABC")
    >>> frontier.pop().state, [node.state for node in frontier]
    ('C', ['B', 'A'])
    """

    by_cost = False
    push = list.append

    def __iter__(self) -> Iterator[Node]:
        return reversed(self)


class PriorityFrontier:
    """Lowest ``priority(node)`` first, ties to the oldest; *heuristic* sets each node's h.

    >>> frontier = PriorityFrontier(lambda node: (node.g + node.h, node.h), {"A": 1, "B": 2}.get)
    >>> frontier.push(Node("A", None, "go to A", 3, 1)), frontier.push(Node("B", None, "", 2, 1))
    (None, None)
    >>> [node.state for node in frontier], frontier.pop().state  # equal f: the smaller h first
    (['A', 'B'], 'A')
    """

    def __init__(
        self, priority: Priority, heuristic: Heuristic | None = None, by_cost: bool = True
    ) -> None:
        self.priority, self.heuristic, self.by_cost = priority, heuristic, by_cost
        self._heap: list[tuple[float | tuple[float, ...], int, Node]] = []
        self._order = itertools.count()

    def push(self, node: Node) -> None:
        if self.heuristic is not None:
            node.h = self.heuristic(node.state)
        heapq.heappush(self._heap, (self.priority(node), next(self._order), node))

    def pop(self) -> Node:
        return heapq.heappop(self._heap)[2]

    def __len__(self) -> int:
        return len(self._heap)

    def __iter__(self) -> Iterator[Node]:
        return (node for _, _, node in sorted(self._heap))
