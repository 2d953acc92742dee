"""The classic searches, each a frontier handed to the one loop, :func:`~.engine.run`.

Every search takes a puzzlelab puzzle, a simpleai ``SearchProblem`` or a
:class:`~.problem.Problem`, and the limits of :data:`SHARED_DOC`, and returns a
:class:`~puzzlelab.results.SearchResult`; what it cannot use raises a ProblemError.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> print(bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0")).summary())
unsolvable: 1 2 3 / 4 5 6 / 8 7 0 cannot reach 1 2 3 / 4 5 6 / 7 8 0: sliding a tile ...
"""

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
from ..limits import DEFAULT, DEFAULT_MAX_MEMORY_MB, Budget, MemoryLimit
from ..results import SearchResult, refused_if_unsolvable
from .engine import Frontier, Node, Priority, Tally, run
from .problem import Heuristic, HeuristicChoice, Problem, Searchable, as_problem
from .trace import Trace, TracingTally

#: The parameters the searches share, each written into a docstring where a line ``{name}``
#: stands for it (by :func:`with_shared_doc`).
SHARED_DOC = {
    "heuristic": """\
heuristic : callable or str, optional
    A function of a state, or a name in ``puzzle.heuristics``; default: the problem's own.
""",
    "graph_search": """\
graph_search : bool
    Drop a successor whose state was reached before (default; the rules in :mod:`~.engine`
    say when a cheaper or shallower path replaces it). False: tree search, which remembers nothing.
""",
    "limits": f"""\
max_nodes : int, optional
    Stop with status ``limit`` once this many nodes have been expanded.
max_seconds : float, optional
    Stop with status ``limit`` after this many seconds.
max_memory_mb : float, "default" or None
    Stop with status ``limit`` once the search has grown the process's memory by
    this many megabytes: {DEFAULT_MAX_MEMORY_MB} by default
    (:data:`~puzzlelab.limits.DEFAULT_MAX_MEMORY_MB`), no bound with None.
trace : Trace, optional
    A :class:`~puzzlelab.search.Trace` to record every event into (each node
    generated, expanded, dropped), to replay the search or draw its tree.
check_solvable : bool
    Return status ``unsolvable`` at once, without searching, when the puzzle can
    prove its goal out of reach (a sliding puzzle's parity, say). Default True.
""",
}

#: The limits every search takes, as :func:`tally_for` takes them.
LIMITS = ("max_nodes", "max_seconds", "max_memory_mb", "check_solvable")

#: A search function, as :func:`with_shared_doc` takes and returns it.
Search = TypeVar("Search", bound=Callable[..., SearchResult])


def with_shared_doc(search: Search) -> Search:
    """Return *search*, each ``{name}`` line of its docstring replaced by ``SHARED_DOC[name]``.

    Examples
    --------
    >>> @with_shared_doc
    ... def walk(problem, **limits):
    ...     '''Walk anywhere.
    ...
    ...     {limits}
    ...     '''
    >>> print(walk.__doc__.splitlines()[2])
        max_nodes : int, optional
    """
    doc = search.__doc__ or ""  # None under ``python -OO``
    for marker in re.finditer(r"^( *)\{(\w+)\}\n", doc, re.MULTILINE):
        doc = doc.replace(marker[0], textwrap.indent(SHARED_DOC[marker[2]], marker[1]))
    search.__doc__ = doc or None
    return search


@with_shared_doc
def bfs(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Breadth-first search: return a path with the fewest actions.

    The frontier is first in, first out: every state one action away is expanded
    before any state two actions away. The price is memory: the frontier holds a
    whole layer of states at once.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    {limits}

    See Also
    --------
    iddfs : the same answer with a frontier of one path.
    uniform_cost : the cheapest path, when actions cost different amounts.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> result = bfs(puzzle)
    >>> result
    <bfs: solved, cost 5 | 23 expanded, 34 generated, 23 duplicates, frontier <= 12, ... s>
    >>> result.actions
    ['left', 'up', 'right', 'down', 'right']
    """
    problem = as_problem(problem)
    return _search("bfs", problem, FifoFrontier(), graph_search=graph_search, **limits)


@with_shared_doc
def dfs(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Depth-first search: return the first path found down one branch (often a long one).

    The frontier is last in, first out: the search follows one branch as deep as it
    goes before it backs up.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    {limits}

    See Also
    --------
    depth_limited, iddfs : depth-first search that stops at a depth.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> dfs(puzzle)
    <dfs: solved, cost 29 | 30 expanded, 42 generated, 30 duplicates, frontier <= 12, ... s>
    >>> bfs(puzzle).cost  # the shortest path
    5
    """
    problem = as_problem(problem)
    return _search("dfs", problem, LifoFrontier(), graph_search=graph_search, **limits)


@with_shared_doc
def uniform_cost(problem: Searchable, *, graph_search: bool = True, **limits: Any) -> SearchResult:
    """Uniform-cost search: return a cheapest path (the lowest total step cost).

    The frontier is ordered by g, the cost of the path so far. When costs differ,
    the cheapest path may take more actions than :func:`bfs`'s.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {graph_search}
    {limits}

    See Also
    --------
    astar : the cheapest path too, guided by a heuristic.

    Examples
    --------
    When each action costs the litres it moves, the fewest actions (breadth-first)
    are not the cheapest:

    >>> from puzzlelab.puzzles import WaterJugs
    >>> jugs = WaterJugs((8, 5, 3), target=4, tap=True, cost="litre")
    >>> fewest, cheapest = bfs(jugs), uniform_cost(jugs)
    >>> len(fewest.actions), fewest.cost
    (6, 19)
    >>> len(cheapest.actions), cheapest.cost
    (7, 18)
    >>> cheapest.actions
    ['fill 2', 'pour 2->1', 'fill 2', 'pour 2->1', 'pour 2->0', 'pour 1->2', 'pour 2->0']
    """
    problem = as_problem(problem)
    frontier = PriorityFrontier(attrgetter("g"), problem.heuristic)  # h shown in traces, not used
    return _search("uniform_cost", problem, frontier, graph_search=graph_search, **limits)


@with_shared_doc
def greedy(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    graph_search: bool = True,
    **limits: Any,
) -> SearchResult:
    """Greedy best-first search: return the path found by always going where h looks smallest.

    The frontier is ordered by h, the heuristic's estimate of the cost still to go.
    It is usually fast, but ignores what the path has cost so far.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {heuristic}
    {graph_search}
    {limits}

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import idastar
    >>> puzzle = SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
    >>> greedy(puzzle, heuristic="manhattan")
    <greedy: solved, cost 47 | 99 expanded, 161 generated, 104 duplicates, frontier <= 62, ... s>
    >>> idastar(puzzle, heuristic="manhattan").cost  # the shortest path
    31
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
    """A* search: return a cheapest path, guided by a heuristic.

    The frontier is ordered by f = g + weight * h, and of equal f by h. With
    ``weight=1`` and an admissible heuristic (one that never overestimates) the path
    is a cheapest one; a larger weight usually expands far fewer nodes, but the path
    may cost more.

    Parameters
    ----------
    problem : puzzle, simpleai SearchProblem or Problem
    {heuristic}
    weight : float
        The factor on h, at least 0; the result's ``algorithm`` names it unless 1.
    {graph_search}
    {limits}

    See Also
    --------
    idastar : the same answer in memory proportional to the path's length.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> astar(puzzle, heuristic="manhattan")
    <astar: solved, cost 5 | 5 expanded, 10 generated, 4 duplicates, frontier <= 5, ... s>
    >>> bfs(puzzle).stats.expanded  # the same cost, without a heuristic
    23

    A weight of 2 expands few nodes even on the 8-puzzle's hardest board:

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


# ---------------------------------------------------------------- helpers


def _search(
    algorithm: str, problem: Problem, frontier: Frontier, *, graph_search: bool = True,
    depth_limit: int | None = None, trace: Trace | None = None, heuristic: None = None,
    **limits: Any,
) -> SearchResult:  # fmt: skip
    """Run the one loop on *problem* with the *frontier* the search chose.

    *heuristic* is here to be refused: the searches that take one name it before.
    """
    unknown = [name for name in limits if name not in LIMITS]
    if unknown:
        raise ProblemError(
            f"{algorithm} takes no keyword {unknown[0]!r}; it takes graph_search, "
            "max_nodes, max_seconds, max_memory_mb, trace and check_solvable"
        )
    if heuristic is not None:
        raise ProblemError(
            f"{algorithm} uses no heuristic; give heuristic= to greedy, astar or idastar"
        )
    true_or_false(graph_search, "graph_search")
    tally = tally_for(algorithm, problem, frontier, trace, **limits)
    if isinstance(tally, SearchResult):
        return tally
    return run(problem, frontier, tally, graph_search=graph_search, depth_limit=depth_limit)


def tally_for(
    algorithm: str, problem: Problem, frontier: Sized, trace: Trace | None = None, *,
    max_nodes: int | None = None, max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT, check_solvable: bool = True, **unknown: object,
) -> Tally | SearchResult:  # fmt: skip
    """The tally a search reports to under its limits (a :class:`~.trace.TracingTally` when
    there is a *trace*), or its ``unsolvable`` result when *problem* proves its goal out of reach.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> problem = as_problem(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"))
    >>> type(tally_for("bfs", problem, FifoFrontier(), Trace())).__name__
    'TracingTally'
    >>> tally_for("bfs", as_problem(SlidingPuzzle("1 2 3 / 4 5 6 / 8 7 0")), []).status
    'unsolvable'
    """
    if unknown:  # as Python says it of the search's own signature
        raise TypeError(f"{algorithm}() got an unexpected keyword argument {[*unknown][0]!r}")
    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    refused = refused_if_unsolvable(algorithm, problem, check_solvable)
    if refused is not None:
        return refused
    if trace is None:
        return Tally(algorithm, budget, frontier)
    if not isinstance(trace, Trace):
        raise ProblemError(f"trace must be a Trace (trace=Trace()), not {type(trace).__name__}")
    return TracingTally(algorithm, budget, frontier, trace)


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
    """Lowest priority first (uniform cost, greedy, A*); ties go to the oldest node.

    Parameters
    ----------
    priority : callable
        ``priority(node)``, the key the frontier orders by (smallest first).
    heuristic : callable, optional
        Sets each node's ``h`` as it is pushed, before its priority is computed.
    by_cost : bool
        Whether the priority depends on the path cost g (not for greedy search).

    Examples
    --------
    A* orders by ``(f, h)``: of two nodes with the same f, the smaller h first.

    >>> distance_left = {"A": 1, "B": 2}
    >>> frontier = PriorityFrontier(lambda node: (node.g + node.h, node.h), distance_left.get)
    >>> frontier.push(Node("A", None, "go to A", 3, 1))
    >>> frontier.push(Node("B", None, "go to B", 2, 1))
    >>> [(node.state, node.g + node.h) for node in frontier]
    [('A', 4), ('B', 4)]
    >>> frontier.pop().state, len(frontier)
    ('A', 1)
    """

    def __init__(
        self, priority: Priority, heuristic: Heuristic | None = None, by_cost: bool = True
    ) -> None:
        self.priority, self.heuristic, self.by_cost = priority, heuristic, by_cost
        self._heap: list[tuple[float | tuple[float, ...], int, Node]] = []
        self._order = itertools.count()

    def push(self, node: Node) -> None:
        """Add *node*, setting its h first when the frontier has a heuristic."""
        if self.heuristic is not None:
            node.h = self.heuristic(node.state)
        heapq.heappush(self._heap, (self.priority(node), next(self._order), node))

    def pop(self) -> Node:
        """Take out the node of lowest priority (the oldest of equals), and return it."""
        return heapq.heappop(self._heap)[2]

    def __len__(self) -> int:
        return len(self._heap)

    def __iter__(self) -> Iterator[Node]:
        return (node for _, _, node in sorted(self._heap))
