"""The tally a search keeps: what it counts, what it records, and when it must stop.

Every search loop (:func:`~.engine.run`, IDA*'s and bidirectional search's) tells its
:class:`Tally` about every node it handles, and nothing else: that keeps each loop as
short as the textbook's. The tally counts the nodes, checks the limits (raising
:class:`~puzzlelab.limits.LimitReached`) and, when the search is traced, records every
event; at the end it writes the result. :func:`stops_cleanly` turns a limit or Ctrl-C
inside any loop into the tally's ``limit`` or ``interrupted`` result.

Examples
--------
>>> from puzzlelab.limits import Budget
>>> from .frontier import FifoFrontier
>>> from .node import Node
>>> tally = Tally("bfs", Budget(), FifoFrontier())
>>> root = Node.root("A")
>>> tally.generated(root)
>>> tally.expanding(root)
>>> tally.duplicate(root, "stay", "A", 1)
>>> tally.exhausted().stats.as_dict()["duplicates"]
1
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sized
from typing import Any, Concatenate, ParamSpec

from ..limits import Budget, LimitReached
from ..results import SearchResult, SearchStats
from .node import Node, path_to
from .problem import Action, Problem, State
from .trace import Trace

#: How many successors (generated or dropped) a search makes between two looks at its time
#: and memory, besides the looks before each expansion.
GROWTH_LOOK = 1024


class Tally:
    """Counts a search's nodes and checks its limits; writes its result.

    Parameters
    ----------
    algorithm : str
        The name the result carries.
    budget : Budget
        The limits; :meth:`expanding` asks it before each expansion it may refuse.
    frontier : Frontier or sized
        Watched for its largest size, measured each time a node is taken from it
        (IDA*: its current path).

    Examples
    --------
    >>> from puzzlelab.limits import Budget
    >>> from .frontier import FifoFrontier
    >>> tally = Tally("bfs", Budget(max_nodes=1), FifoFrontier())
    >>> tally.expanding(Node.root("A"))
    >>> tally.expanding(Node.root("B"))
    Traceback (most recent call last):
    ...
    puzzlelab.limits.LimitReached: the limit of 1 expanded nodes was reached
    >>> tally.stopped("limit", "the limit of 1 expanded nodes was reached").stats.expanded
    1
    """

    def __init__(self, algorithm: str, budget: Budget, frontier: Sized) -> None:
        self.algorithm, self.budget, self.frontier = algorithm, budget, frontier
        self.expanded_count = self.generated_count = self.duplicate_count = 0
        self.expanded_by_depth: dict[int, int] = {}
        self.largest_frontier = 0
        # The depth limit, once it has kept a node from being expanded.
        self.cut_at: int | None = None
        self.next_look: float = 0  # when to ask the budget again
        self.next_growth_look = GROWTH_LOOK  # when to look again while generating
        # IDA*'s iterations: those ended, and the bound and counts when this one began.
        self.iterations: list[dict[str, float]] = []
        self.bound: float | None = None
        self.before = (0, 0)
        self.side: str | None = None  # bidirectional search: the side it is expanding

    def iteration(self, root: Node, bound: float) -> None:
        """An iterative search starts again from *root* under a new *bound*."""
        self._end_iteration()
        self.bound, self.before = bound, (self.expanded_count, self.generated_count)

    def generated(self, node: Node) -> None:
        """*node* entered the frontier."""
        self.generated_count += 1
        if self.generated_count + self.duplicate_count >= self.next_growth_look:
            self._look_while_generating()

    def duplicate(self, parent: Node, action: Action, state: State, step: float) -> None:
        """A successor of *parent* was dropped: its state was reached as cheaply before."""
        self.duplicate_count += 1
        if self.generated_count + self.duplicate_count >= self.next_growth_look:
            self._look_while_generating()

    def _look_while_generating(self) -> None:
        """Every :data:`GROWTH_LOOK` successors, check the time and memory: one expansion
        that generates without end (a problem's endless ``actions``) still stops."""
        self.budget.look()
        self.next_growth_look = self.generated_count + self.duplicate_count + GROWTH_LOOK

    def discarded(self, node: Node) -> None:
        """*node* left the frontier unexpanded: a cheaper path to its state came later."""
        self._taken()

    def cut_off(self, node: Node) -> None:
        """*node* left the frontier unexpanded: it is as deep as the depth limit."""
        self._taken()
        self.cut_at = node.depth

    def expanding(self, node: Node) -> None:
        """*node* is about to be expanded: count it, or raise ``LimitReached``."""
        self._taken()
        if self.expanded_count >= self.next_look:
            self.next_look = self.budget.checkpoint(self.expanded_count)
        self.expanded_count += 1
        by_depth = self.expanded_by_depth
        by_depth[node.depth] = by_depth.get(node.depth, 0) + 1

    def measured(self, size: int) -> None:
        """The frontier holds *size* nodes now (bidirectional search: after each layer)."""
        self.largest_frontier = max(self.largest_frontier, size)

    def arrived(self, node: Node) -> None:
        """*node* is where the search reached its goal (bidirectional search: one a side)."""

    def solved(self, node: Node) -> SearchResult:
        """The result of a search that took the goal *node* from the frontier."""
        self._taken()
        return solved(self.algorithm, node, self.stats())

    def exhausted(self) -> SearchResult:
        """The result of a search whose frontier ran empty."""
        if self.cut_at is not None:
            return self.stopped("cutoff", f"no goal within depth {self.cut_at}")
        return self.stopped("exhausted", "every reachable state was tried")

    def stopped(self, status: str, reason: str) -> SearchResult:
        """The result of a search that ended without a goal, for *reason*."""
        return SearchResult(self.algorithm, status, stats=self.stats(), reason=reason)

    def stats(self) -> SearchStats:
        """The counts so far, and the seconds since the search began."""
        self._end_iteration()
        return SearchStats(
            self.expanded_count, self.generated_count, self.duplicate_count,
            self.largest_frontier, self.budget.elapsed(), self.expanded_by_depth,
            self.iterations,
        )  # fmt: skip

    def _end_iteration(self) -> None:
        """Add the iteration under way, if any, to ``iterations``: its bound and counts."""
        if self.bound is not None:
            expanded, generated = self.before
            self.iterations.append(
                {"bound": self.bound, "expanded": self.expanded_count - expanded,
                 "generated": self.generated_count - generated}
            )  # fmt: skip
            self.bound = None

    def _taken(self) -> None:
        """Note the frontier's size as it was before a node was taken out of it."""
        if len(self.frontier) >= self.largest_frontier:
            self.largest_frontier = len(self.frontier) + 1


class TracingTally(Tally):
    """A :class:`Tally` that also records every event into a :class:`~.trace.Trace`.

    Nodes are numbered as they are generated (duplicates too), from 0 for the root.

    Parameters
    ----------
    algorithm, budget, frontier
        As for :class:`Tally`.
    trace : Trace
        Where to record the events.

    Examples
    --------
    >>> from puzzlelab.limits import Budget
    >>> from .frontier import FifoFrontier
    >>> trace = Trace()
    >>> tally = TracingTally("bfs", Budget(), FifoFrontier(), trace)
    >>> root = Node.root("A")
    >>> tally.generated(root)
    >>> tally.solved(root).summary(), [event.kind for event in trace.events]
    ('solved, cost 0', ['generate', 'goal'])
    """

    def __init__(self, algorithm: str, budget: Budget, frontier: Sized, trace: Trace) -> None:
        super().__init__(algorithm, budget, frontier)
        self.trace, self.ids = trace, itertools.count()

    def iteration(self, root: Node, bound: float) -> None:
        super().iteration(root, bound)
        self.trace.record("iteration", root, bound=bound)

    def generated(self, node: Node) -> None:
        super().generated(node)
        node.id = next(self.ids)
        self.trace.record("generate", node, side=self.side)

    def duplicate(self, parent: Node, action: Action, state: State, step: float) -> None:
        super().duplicate(parent, action, state, step)
        dropped = parent.child(action, state, step)
        dropped.id = next(self.ids)
        self.trace.record("duplicate", dropped, side=self.side)

    def discarded(self, node: Node) -> None:
        super().discarded(node)
        self.trace.record("discard", node)

    def expanding(self, node: Node) -> None:
        super().expanding(node)
        self.trace.record("expand", node, side=self.side)

    def arrived(self, node: Node) -> None:
        self.trace.record("goal", node, side=self.side)

    def solved(self, node: Node) -> SearchResult:
        self.arrived(node)
        return super().solved(node)


def close_iteration(stats: SearchStats, bound: float | None, before: tuple[int, int]) -> None:
    """Add one IDA* iteration to ``stats.iterations``: its bound and its counts.

    The counts are the nodes expanded and generated since *before* (the two counts when
    the iteration began).

    Parameters
    ----------
    stats : SearchStats
        The search's counts; one entry is added to its ``iterations``.
    bound : float or None
        The iteration's f-bound.
    before : (int, int)
        ``stats.expanded`` and ``stats.generated`` when the iteration began.

    Examples
    --------
    >>> stats = SearchStats(expanded=5, generated=9)
    >>> close_iteration(stats, 3, (2, 4))
    >>> stats.iterations
    [{'bound': 3, 'expanded': 3, 'generated': 5}]
    """
    expanded, generated = before
    stats.iterations.append(
        {"bound": bound, "expanded": stats.expanded - expanded,
         "generated": stats.generated - generated}
    )  # fmt: skip


def depth_first_done(stats: SearchStats, budget: Budget) -> SearchStats:
    """Finish the counts of a depth-first search: its frontier is at most its deepest path.

    Returns *stats*, with ``max_frontier`` (one more than the deepest depth
    expanded) and ``seconds`` (from *budget*'s clock) filled in.

    Parameters
    ----------
    stats : SearchStats
        The search's counts.
    budget : Budget
        The search's limits and clock.

    Returns
    -------
    SearchStats

    Examples
    --------
    >>> from puzzlelab.limits import Budget
    >>> stats = SearchStats(expanded=5, expanded_by_depth={0: 1, 1: 2, 2: 2})
    >>> depth_first_done(stats, Budget()).max_frontier
    3
    """
    stats.max_frontier = max(stats.expanded_by_depth, default=0) + 1
    stats.seconds = budget.elapsed()
    return stats


def solved(algorithm: str, node: Node, stats: SearchStats) -> SearchResult:
    """The result of a search that reached the goal at *node*, with its *stats*.

    Parameters
    ----------
    algorithm : str
        The name the result carries.
    node : Node
        The goal node; its parents give the path.
    stats : SearchStats
        The search's counts.

    Returns
    -------
    SearchResult
        Status ``solved``, with the path, actions and cost (the goal node's g).

    Examples
    --------
    >>> goal = Node.root("A").child("go to B", "B", 3)
    >>> result = solved("bfs", goal, SearchStats(expanded=1, generated=2))
    >>> result.status, result.path, result.actions, result.cost
    ('solved', ['A', 'B'], ['go to B'], 3)
    """
    states, actions = path_to(node)
    return SearchResult(algorithm, "solved", states, actions, node.g, stats, "the goal was reached")


def tally_for(algorithm: str, budget: Budget, frontier: Sized, trace: Trace | None = None) -> Tally:
    """A :class:`TracingTally` when there is a *trace* to fill, else a plain :class:`Tally`.

    Parameters
    ----------
    algorithm : str
        The name the result carries.
    budget : Budget
        The limits.
    frontier : Frontier or sized
        The search's frontier, watched for its size.
    trace : Trace, optional
        Where to record events.

    Returns
    -------
    Tally

    Examples
    --------
    >>> from puzzlelab.limits import Budget
    >>> from .frontier import FifoFrontier
    >>> type(tally_for("bfs", Budget(), FifoFrontier())).__name__
    'Tally'
    >>> type(tally_for("bfs", Budget(), FifoFrontier(), Trace())).__name__
    'TracingTally'
    """
    if trace is None:
        return Tally(algorithm, budget, frontier)
    return TracingTally(algorithm, budget, frontier, trace)


#: The options a search loop takes after its problem, frontier and tally.
Options = ParamSpec("Options")

#: A search loop: ``loop(problem, frontier, tally, **options)``, returning the tally's result.
SearchLoop = Callable[Concatenate[Problem, Any, Tally, Options], SearchResult]


def stops_cleanly(loop: SearchLoop[Options]) -> SearchLoop[Options]:
    """Decorate a search *loop* ``loop(problem, frontier, tally, ...)`` to end it cleanly.

    When the tally raises :class:`~puzzlelab.limits.LimitReached` (or Python runs out
    of the memory the system allows it), or the user presses Ctrl-C, the loop returns
    the tally's ``limit`` or ``interrupted`` result, with the counts so far, instead of
    a traceback.

    Examples
    --------
    >>> from puzzlelab.limits import Budget
    >>> from .frontier import FifoFrontier
    >>> @stops_cleanly
    ... def never_ends(problem, frontier, tally):
    ...     raise KeyboardInterrupt
    >>> frontier = FifoFrontier()
    >>> never_ends(None, frontier, Tally("bfs", Budget(), frontier)).summary()
    'interrupted: the search was interrupted'
    """

    @functools.wraps(loop)
    def stopping(
        problem: Problem,
        frontier: Any,
        tally: Tally,
        *args: Options.args,
        **options: Options.kwargs,
    ) -> SearchResult:
        try:
            return loop(problem, frontier, tally, *args, **options)
        except LimitReached as stop:
            return tally.stopped("limit", str(stop))
        except MemoryError:  # the system's own cap on memory, below the search's limit
            return tally.stopped("limit", "the memory the system allows this process ran out")
        except KeyboardInterrupt:
            return tally.stopped("interrupted", "the search was interrupted")

    return stopping
