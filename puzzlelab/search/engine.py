"""The search loop that breadth-first, depth-first, uniform-cost, greedy and A* share: they
differ only in the frontier they hand :func:`run`. IDA* and bidirectional search keep loops
of their own, reporting to the same :class:`Tally`.

Vocabulary: a *node* wraps a state with the path that reached it; *expanding* a node
generates its successors; the *frontier* holds nodes waiting to be expanded;
*reached* maps each state to the node it is kept with (graph search only: the first found,
or the best, as rule 4 says); the *tally* counts and checks the limits (and traces, if told).

The rules
---------
Every search in this loop follows these rules, and
:func:`puzzlelab.exercises.check_search` holds a student's search to the same:

1. **Successor order.** A node's successors are generated in the order the
   problem lists its actions (``actions(state)`` of a simpleai problem).
2. **Goal test on expansion.** The goal test is made when a node is taken from
   the frontier, not when it is generated. (Testing on generation would let
   uniform-cost search and A* return a path before a cheaper one is seen.)
3. **Which node next.** FIFO takes the oldest node; LIFO the newest, so the
   *last* successor of a node is expanded first. A priority frontier takes the
   lowest priority: ``g`` for uniform cost, ``h`` for greedy, ``(f, h)`` for A*
   (of equal f, the smaller h first). Nodes of equal priority leave in the
   order they were generated. ``check_search`` accepts nodes of equal priority in
   any order, and for A* any node of the lowest f.
4. **Repeated states.** A state counts as reached when it is generated. A
   successor whose state was reached before is dropped (a *duplicate*), unless
   the new path is better: strictly cheaper where the frontier is ordered by
   path cost (uniform cost, A*), strictly shallower where depth is limited.
   Then it replaces the old node, which is skipped (a *discard*) when it comes
   out of the frontier, and a state already expanded is expanded again. Greedy
   search, whose order ignores the path cost, keeps the first path to each
   state. Tree search (``graph_search=False``) remembers nothing and drops
   nothing.
5. **Depth limit.** A node at the depth limit is not expanded (a *cutoff*).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator, Sized
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from ..limits import Budget, stopping
from ..results import SearchResult, SearchStats
from .problem import Action, Problem, State


@dataclass(slots=True, eq=False, repr=False)
class Node:
    """A state, the node it came from by *action*, its path cost g and depth (h, id if set).

    >>> root = Node.root((0, 0))
    >>> root.child("fill 1", (0, 5), 1)
    Node((0, 5), g=1, depth=1)
    """

    state: State
    parent: Node | None
    action: Action
    g: float
    depth: int
    id: int | None = None
    h: float | None = None

    @classmethod
    def root(cls, state: State) -> Node:
        return cls(state, None, None, 0, 0)

    def child(self, action: Action, state: State, step: float) -> Node:
        return Node(state, self, action, self.g + step, self.depth + 1)

    def __repr__(self) -> str:
        return f"Node({self.state!r}, g={self.g}, depth={self.depth})"


def path_to(node: Node) -> tuple[list[State], list[Action]]:
    """Return ``(states, actions)`` from the root to *node*.

    >>> goal = Node.root("A").child("go to B", "B", 3).child("go to C", "C", 1)
    >>> path_to(goal)
    (['A', 'B', 'C'], ['go to B', 'go to C'])
    """
    states, actions = [], []
    step: Node | None = node
    while step is not None:
        states.append(step.state)
        if step.parent is not None:
            actions.append(step.action)
        step = step.parent
    return states[::-1], actions[::-1]


#: What a priority frontier orders by: a number, or a tuple compared item by item.
Priority = Callable[[Node], float | tuple[float, ...]]


class Frontier(Protocol):
    """What the loop asks of a frontier: iterated in the order taken; ``by_cost`` if g orders it.

    There is no example here; ``tests/test_core_search.py`` runs it.
    """

    by_cost: bool

    def push(self, node: Node) -> None: ...

    def pop(self) -> Node: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Node]: ...


#: Successors (generated or dropped) between two looks at the time and memory.
GROWTH_LOOK = 1024


class Tally:
    """Counts a search's nodes, checks its limits, and writes its result.

    There is no example here; ``tests/test_core_search.py`` runs it.
    """

    def __init__(self, algorithm: str, budget: Budget, frontier: Sized) -> None:
        self.algorithm, self.budget, self.frontier = algorithm, budget, frontier
        self.expanded_count = self.generated_count = self.duplicate_count = 0
        self.expanded_by_depth: dict[int, int] = {}
        self.largest_frontier = 0
        self.cut_at: int | None = None  # the depth limit, once it kept a node from expanding
        self.next_look: float = 0  # when to ask the budget again
        self.next_growth_look = GROWTH_LOOK  # when to look again while generating
        self.iterations: list[dict[str, float]] = []  # IDA*'s, each bound with its counts
        self.side: str | None = None  # bidirectional search: the side it is expanding

    def iteration(self, root: Node, bound: float) -> None:
        """An iterative search starts again from *root* under a new *bound*."""

    def generated(self, node: Node) -> None:
        self.generated_count += 1
        if self.generated_count + self.duplicate_count >= self.next_growth_look:
            self._look_while_generating()

    def duplicate(self, parent: Node, action: Action, state: State, step: float) -> None:
        self.duplicate_count += 1
        if self.generated_count + self.duplicate_count >= self.next_growth_look:
            self._look_while_generating()

    def _look_while_generating(self) -> None:
        # an expansion that never ends still stops at the time or memory limit
        self.budget.look()
        self.next_growth_look = self.generated_count + self.duplicate_count + GROWTH_LOOK

    def discarded(self, node: Node) -> None:
        self._taken()

    def cut_off(self, node: Node) -> None:
        self._taken()
        self.cut_at = node.depth

    def expanding(self, node: Node) -> None:
        """Count *node*, about to be expanded, or raise ``LimitReached``."""
        self._taken()
        if self.expanded_count >= self.next_look:
            if not gc.isenabled():  # paused for the search: sweep only what is new since
                gc.collect(0)  # the last look, so cycles a heuristic leaves do not pile up
            self.next_look = self.budget.checkpoint(self.expanded_count)
        self.expanded_count += 1
        by_depth = self.expanded_by_depth
        by_depth[node.depth] = by_depth.get(node.depth, 0) + 1

    def measured(self, size: int) -> None:
        self.largest_frontier = max(self.largest_frontier, size)

    def arrived(self, node: Node) -> None:
        """*node* is where the search reached its goal (bidirectional search: one a side)."""

    def solved(self, node: Node) -> SearchResult:
        self._taken()
        states, actions = path_to(node)
        stats, reached = self.stats(), "the goal was reached"
        return SearchResult(self.algorithm, "solved", states, actions, node.g, stats, reached)

    def exhausted(self) -> SearchResult:
        if self.cut_at is not None:
            return self.stopped("cutoff", f"no goal within depth {self.cut_at}")
        return self.stopped("exhausted", "every reachable state was tried")

    def stopped(self, status: str, reason: str) -> SearchResult:
        return SearchResult(self.algorithm, status, stats=self.stats(), reason=reason)

    def stats(self) -> SearchStats:
        return SearchStats(
            self.expanded_count, self.generated_count, self.duplicate_count,
            self.largest_frontier, self.budget.elapsed(), self.expanded_by_depth,
            self.iterations,
        )  # fmt: skip

    def _taken(self) -> None:
        # the frontier's size before a node was taken out of it
        if len(self.frontier) >= self.largest_frontier:
            self.largest_frontier = len(self.frontier) + 1


#: A search loop: ``loop(problem, frontier, tally, **options)``, returning the tally's result.
SearchLoop = TypeVar("SearchLoop", bound=Callable[..., SearchResult])


def search_loop(loop: SearchLoop) -> SearchLoop:
    """Make *loop* return the tally's result at a limit or Ctrl-C, the cycle collector paused
    (nodes make no cycles, yet it would walk them again and again: a quarter of bfs's time).

    There is no example here; ``tests/test_core_search.py`` runs it.
    """

    @functools.wraps(loop)
    def loop_that_stops(problem: Problem, frontier: Any, tally: Tally, **options: Any) -> Any:
        was_on = gc.isenabled()
        gc.disable()
        try:
            with stopping() as stop:
                return loop(problem, frontier, tally, **options)
            return tally.stopped(stop.status, stop.reason)
        finally:
            if was_on:
                gc.enable()

    return cast(SearchLoop, loop_that_stops)


@search_loop
def run(
    problem: Problem,
    frontier: Frontier,
    tally: Tally,
    *,
    graph_search: bool = True,
    depth_limit: int | None = None,
) -> SearchResult:
    """Search *problem*, taking nodes from *frontier*; return the *tally*'s result.

    The loop of AIMA's best-first search (4th edition, Figure 3.7) with the goal
    tested on expansion, and the rules above.

    Parameters
    ----------
    problem : Problem
        From :func:`~.problem.as_problem`.
    frontier : Frontier
        Decides which node is expanded next.
    tally : Tally
        Counts and checks the limits (a :class:`~.trace.TracingTally` records too).
    graph_search : bool
        Remember reached states and drop successors already reached.
    depth_limit : int, optional
        Do not expand nodes at this depth.

    Examples
    --------
    Breadth-first search is this loop with a FIFO frontier; a LIFO frontier and a
    depth limit make it depth-limited search:

    >>> from puzzlelab.limits import Budget
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from .algorithms import FifoFrontier, LifoFrontier
    >>> from .problem import as_problem
    >>> problem = as_problem(SlidingPuzzle("4 1 3 / 2 0 5"))
    >>> frontier = FifoFrontier()
    >>> run(problem, frontier, Tally("bfs", Budget(), frontier))
    <bfs: solved, cost 5 | 23 expanded, 34 generated, 23 duplicates, frontier <= 12, ... s>
    >>> frontier = LifoFrontier()
    >>> run(problem, frontier, Tally("dfs", Budget(), frontier), depth_limit=3).summary()
    'cutoff: no goal within depth 3'
    """
    by_cost = frontier.by_cost  # a better path is cheaper here; with a depth limit, shallower
    reopen = by_cost or depth_limit is not None  # may a better path replace a node?
    root = Node.root(problem.start)
    reached: dict[State, Node] = {root.state: root} if graph_search else NoMemory()
    frontier.push(root)
    tally.generated(root)
    while frontier:
        node = frontier.pop()
        if reached.get(node.state, node) is not node:  # a better path came after it
            tally.discarded(node)
        elif problem.is_goal(node.state):
            return tally.solved(node)
        elif node.depth == depth_limit:
            tally.cut_off(node)
        else:
            tally.expanding(node)  # counts it, traces it, checks the limits
            for action, state, step in problem.successors(node.state):
                g, old = node.g + step, reached.get(state)
                if old is None or reopen and (g < old.g if by_cost else node.depth + 1 < old.depth):
                    child = reached[state] = Node(state, node, action, g, node.depth + 1)
                    frontier.push(child)
                    tally.generated(child)
                else:
                    tally.duplicate(node, action, state, step)
    return tally.exhausted()


class NoMemory(dict[State, Node]):
    """What tree search remembers of the states it reached: nothing (one loop serves both).

    There is no example here; ``tests/test_core_search.py`` runs it.
    """

    def __setitem__(self, state: State, node: Node) -> None:
        pass
