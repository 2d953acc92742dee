"""IDA*: depth-first search under an f-bound that grows until the goal fits.

Memory stays proportional to the path's length, which is what makes the
15-puzzle (16!/2 positions) solvable at all in a notebook. The price is
re-expanding the shallow part of the tree in every iteration.

IDA* keeps its own loop rather than the engine's: its frontier is the current
path, kept as an explicit stack (so a path thousands of moves deep is no
problem for Python's recursion limit), and each entry remembers which
successors are still to try.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, stopped
from ..results import SearchResult, SearchStats, refused_if_unsolvable
from .algorithms import with_limits_doc
from .node import Node
from .problem import Action, HeuristicChoice, Problem, Searchable, State, as_problem
from .tally import close_iteration, depth_first_done, solved
from .trace import Trace


@with_limits_doc
def idastar(
    problem: Searchable,
    heuristic: HeuristicChoice = None,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
    trace: Trace | None = None,
    check_solvable: bool = True,
) -> SearchResult:
    """IDA* search: return a cheapest path, in memory proportional to its length.

    Repeated depth-first searches, each bounded by f = g + h: a node whose f is
    over the bound is generated but not expanded. The first bound is the start's
    h; each next one is the smallest f that went over the last. With an admissible
    heuristic the path found is a cheapest one, as with :func:`astar`, while the
    frontier is only the current path. States already on the current path are
    skipped (no cycles); other repeated states are searched again.
    ``stats.iterations`` lists each bound with its expanded and generated counts.

    Parameters
    ----------
    problem : puzzle or simpleai SearchProblem
        What to search: one of puzzlelab's puzzles, or a simpleai ``SearchProblem``.
    heuristic : callable or str, optional
        A function of a state, or the name of one of the puzzle's heuristics
        (``puzzle.heuristics``); default: the problem's own ``heuristic``.
    {limits}

    Returns
    -------
    SearchResult
        Status ``solved`` with the ``path``, ``actions`` and ``cost``; else
        ``exhausted``, ``unsolvable``, ``limit`` or ``interrupted``, with the
        ``reason``. ``stats`` holds the counts either way.

    Raises
    ------
    ProblemError
        If *problem* is not a search problem, *heuristic* is not one of its own or
        returns something other than a finite number of at least 0, or a limit is not
        a number of the allowed kind.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> result = idastar(puzzle, heuristic="misplaced")
    >>> result
    <idastar: solved, cost 5 | 8 expanded, 14 generated, 4 duplicates, frontier <= 5, ... s>
    >>> result.stats.iterations
    [{'bound': 4, 'expanded': 2, 'generated': 4}, {'bound': 5, 'expanded': 6, 'generated': 9}]
    """
    prepared = as_problem(problem, heuristic)
    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    refused = refused_if_unsolvable("idastar", prepared.check_solvable if check_solvable else None)
    if refused is not None:
        return refused
    search = _BoundedSearch(prepared, budget, trace)
    bound, status, reason, goal = (
        search.root_f,
        "exhausted",
        "every reachable state was tried",
        None,
    )
    try:
        while goal is None and bound < math.inf:
            if trace is not None:
                trace.record("iteration", search.root, bound=bound)
            search.start_iteration(bound)
            goal, bound = search.below(bound)
    except (LimitReached, KeyboardInterrupt) as stop:
        status, reason = stopped(stop)
        search.end_iteration()
    stats = depth_first_done(search.stats, budget)
    if goal is not None:
        return solved("idastar", goal, stats)
    return SearchResult("idastar", status, stats=stats, reason=reason)


class _BoundedSearch:
    """One IDA* search: the depth-first iterations and the counts they share."""

    def __init__(self, problem: Problem, budget: Budget, trace: Trace | None) -> None:
        self.successors, self.is_goal, self.h = (
            problem.successors,
            problem.is_goal,
            problem.heuristic,
        )
        self.budget, self.trace = budget, trace
        self.ids = itertools.count(1)
        self.root_f = self.h(problem.start)  # f = g + h, and g is 0 at the root
        self.root = Node(problem.start, None, None, 0, 0, 0, self.root_f)
        self.stats = SearchStats(generated=1)
        self.bound: float | None = None
        self.before = (0, 0)
        self.next_look: float = 0  # when to ask the budget again
        if trace is not None:
            trace.record("generate", self.root)

    def start_iteration(self, bound: float) -> None:
        self.bound, self.before = bound, (self.stats.expanded, self.stats.generated)

    def end_iteration(self) -> None:
        """Add the iteration that just ended (or stopped) to ``stats.iterations``."""
        close_iteration(self.stats, self.bound, self.before)

    def below(self, bound: float) -> tuple[Node | None, float]:
        """Search depth-first under *bound*; return ``(goal, inf)`` or ``(None, next bound)``."""
        smallest = math.inf  # the smallest f that went over the bound
        node = self.root
        if self.root_f > bound:
            self.end_iteration()
            return None, self.root_f
        if self.is_goal(node.state):
            return self._found(node)
        stack = [(node, self._expand(node))]
        on_path = {node.state}
        while stack:
            node, todo = stack[-1]
            for action, state, step in todo:
                if state in on_path:
                    self.stats.duplicates += 1
                    continue
                child, f = self._generate(node, action, state, step)
                if f > bound:
                    smallest = min(smallest, f)
                    continue
                if self.is_goal(state):
                    return self._found(child)
                stack.append((child, self._expand(child)))
                on_path.add(state)
                break
            else:  # every successor tried: step back
                stack.pop()
                on_path.discard(node.state)
        self.end_iteration()
        return None, smallest

    def _generate(
        self, parent: Node, action: Action, state: State, step: float
    ) -> tuple[Node, float]:
        """The child of *parent* by *action*, numbered and traced, and its f = g + h."""
        g, h = parent.g + step, self.h(state)
        child = Node(state, parent, action, g, parent.depth + 1, next(self.ids), h)
        self.stats.generated += 1
        if self.trace is not None:
            self.trace.record("generate", child)
        return child, g + h

    def _expand(self, node: Node) -> Iterator[tuple[Action, State, float]]:
        """Count *node* as expanded (checking the limits) and return its successors."""
        stats = self.stats
        if stats.expanded >= self.next_look:
            self.next_look = self.budget.checkpoint(stats.expanded)
        stats.expanded += 1
        stats.expanded_by_depth[node.depth] = stats.expanded_by_depth.get(node.depth, 0) + 1
        if self.trace is not None:
            self.trace.record("expand", node)
        return iter(self.successors(node.state))

    def _found(self, goal: Node) -> tuple[Node, float]:
        if self.trace is not None:
            self.trace.record("goal", goal)
        self.end_iteration()
        return goal, math.inf  # no next bound: the search is over
