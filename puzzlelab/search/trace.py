"""Recording a search (``trace=Trace()``), event by event, to replay and draw it."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence, Sized
from typing import Any, NamedTuple

from ..errors import ProblemError, whole_number
from ..limits import Budget
from ..results import SearchResult
from .engine import Node, Tally
from .problem import Action, State

#: The most node statuses and waiting nodes a replay's snapshots may hold together (about
#: 1,000 MB, a search's own default bound): each snapshot copies the tree, so a long trace
#: takes memory as its square.
MOST_HELD = 40_000_000

#: The kinds of event, in the order a node usually meets them.
EVENT_KINDS = ("iteration", "generate", "duplicate", "expand", "discard", "goal")


class TraceEvent(NamedTuple):
    """One thing the search did to one node (ids unique within one search; ``bound``: an
    iteration's; ``side``: bidirectional search's; ``priority``: where a priority frontier
    ranks a node it takes in).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import astar
    >>> trace = Trace()
    >>> _ = astar(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), trace=trace)
    >>> trace.events[-1]
    TraceEvent(kind='goal', node=3, parent=0, state=(1, 2, 3, 4, 5, 6, 7, 8, 0),
               action='right', depth=1, g=1, h=0, bound=None, side=None, priority=None)
    """

    kind: str
    node: int
    parent: int | None
    state: Any
    action: Any
    depth: int
    g: float
    h: float | None
    bound: float | None = None
    side: str | None = None
    priority: Any = None


class Trace:
    """The :class:`TraceEvent` list a search fills, up to *max_events* (then ``truncated``).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> short = Trace(max_events=5)
    >>> _ = bfs(SlidingPuzzle("4 1 3 / 2 0 5"), trace=short)
    >>> short
    <Trace: 5 events (generate 4, expand 1) truncated>
    """

    def __init__(self, max_events: int | None = 100_000) -> None:
        self.events: list[TraceEvent] = []
        self.max_events = None if max_events is None else whole_number(max_events, "max_events", 0)
        self.truncated = False

    def record(
        self, kind: str, node: Node, bound: float | None = None, side: str | None = None,
        priority: Any = None,
    ) -> None:  # fmt: skip
        if self.max_events is not None and len(self.events) >= self.max_events:
            self.truncated = True
            return
        assert node.id is not None, "a traced search numbers every node it records"
        parent = node.parent.id if node.parent is not None else None
        event = (kind, node.id, parent, node.state, node.action, node.depth, node.g, node.h)
        self.events.append(TraceEvent(*event, bound, side, priority))

    def count(self, kind: str) -> int:
        return sum(1 for event in self.events if event.kind == kind)

    def __repr__(self) -> str:
        kinds = ", ".join(f"{k} {self.count(k)}" for k in EVENT_KINDS if self.count(k))
        return (
            f"<Trace: {len(self.events)} events ({kinds}){' truncated' if self.truncated else ''}>"
        )


def snapshots(events: Sequence[TraceEvent]) -> list[dict[str, Any]]:
    """Return, for each event of a trace, a dict of the search right after it: ``frontier``
    (events, in the order they will be taken), ``status`` by node id, ``iteration`` and counts.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> trace = Trace()
    >>> _ = bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), trace=trace)
    >>> after = snapshots(trace.events)
    >>> after[3]["status"]  # after the root's second child
    {0: 'expanded', 1: 'frontier', 2: 'frontier'}
    >>> [row["action"] for row in frontier_rows(after[3])]
    ['up', 'left']
    """
    frontier: dict[int, tuple[int, TraceEvent]] = {}  # by node id: (index, event) it came in
    leave_at: dict[int, int] = {}  # index of the event a node came in: index of the one it left
    status: dict[int, str] = {}
    parent_of: dict[int, int | None] = {}
    expanded = generated = duplicates = 0
    iteration: int | None = None
    bound: float | None = None
    newest_taken = taken = held = 0
    snapshots: list[dict[str, Any]] = []
    waiting: list[list[tuple[int, TraceEvent]]] = []  # each snapshot's frontier, in no order
    for index, event in enumerate(events):
        kind = event.kind
        if kind == "iteration":
            iteration = 0 if iteration is None else iteration + 1
            bound, frontier, status = event.bound, {}, {}
            following = events[index + 1] if index + 1 < len(events) else None
            regenerated = following is not None and following.kind == "generate" and (
                following.parent is None)  # fmt: skip
            if event.node >= 0 and not regenerated:  # IDA*: the root, searched again
                frontier[event.node] = (index, event)
                status[event.node] = "frontier"
        elif kind == "generate":
            generated += 1
            parent_of[event.node] = event.parent
            if bound is not None and (  # over the bound: f for IDA*, depth for deepening
                event.g + event.h > bound if event.h is not None else event.depth >= bound
            ):
                status[event.node] = "cutoff"
            else:
                frontier[event.node] = (index, event)
                status[event.node] = "frontier"
        elif kind == "duplicate":
            duplicates += 1
            status[event.node] = "duplicate"
        elif kind in ("expand", "discard", "goal"):
            if event.node in frontier:
                taken += 1
                newest_taken += event.node == next(reversed(frontier))
                leave_at[frontier.pop(event.node)[0]] = index
            expanded += kind == "expand"
            status[event.node] = {"expand": "expanded", "discard": "duplicate"}.get(kind, "goal")
            ancestor = parent_of.get(event.node) if kind == "goal" else None
            while ancestor is not None:  # the path to the goal
                status[ancestor] = "solution"
                ancestor = parent_of.get(ancestor)
        held += len(status) + len(frontier)
        if held > MOST_HELD:
            raise ProblemError(
                f"replaying {len(events):,} events would hold each one's copy of the tree, more "
                f"than the {MOST_HELD:,} entries a replay keeps; replay the first {index:,} "
                f"(events[:{index}], or Trace(max_events={index}))"
            )
        snapshots.append({"frontier": [], "status": dict(status), "iteration": iteration,
                          "expanded": expanded, "generated": generated,
                          "duplicates": duplicates})  # fmt: skip
        waiting.append(list(frontier.values()))
    # The frontier's order never changes among the nodes already in it, so the order they
    # leave in is the order they are taken in; nodes never taken go last, in its own order.
    lifo = taken > 2 and newest_taken > 0.8 * taken

    def leaving_order(pair: tuple[float, TraceEvent]) -> tuple[float, ...]:
        leaves, event = pair
        if event.priority is not None:  # as the frontier ranks them
            return (leaves, event.priority, event.node)
        if event.h is not None:  # IDA*'s
            return (leaves, event.g + event.h, event.h, event.node)
        return (leaves, -event.node if lifo else event.node)

    for snap, nodes in zip(snapshots, waiting):
        leaving = ((leave_at.get(came, math.inf), event) for came, event in nodes)
        snap["frontier"] = [event for _, event in sorted(leaving, key=leaving_order)]
    return snapshots


def snapshot_counts(snapshot: dict[str, Any]) -> dict[str, int]:
    """Return a snapshot's counts so far, and its frontier's size.

    >>> snapshot_counts({"expanded": 1, "generated": 3, "duplicates": 0, "frontier": ["B", "C"]})
    {'expanded': 1, 'generated': 3, 'duplicates': 0, 'frontier': 2}
    """
    counts = {name: snapshot[name] for name in ("expanded", "generated", "duplicates")}
    return {**counts, "frontier": len(snapshot["frontier"])}


def frontier_rows(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    """Return a snapshot's frontier as dicts: ``node``, ``depth``, ``g``, ``h``, ``f``, ...

    >>> event = TraceEvent("generate", 1, 0, (2, 1, 0), "left", 1, 1, 2)
    >>> [(row["action"], row["f"]) for row in frontier_rows({"frontier": [event]})]
    [('left', 3)]
    """
    return [
        {"node": e.node, "depth": e.depth, "g": e.g, "h": e.h, "f": f_of(e), "action": e.action,
         "state": e.state}
        for e in snapshot["frontier"]
    ]  # fmt: skip


def f_of(event: TraceEvent) -> float | None:
    """g + h; for A*, whose priority is ``(f, h)``, its f (g + weight * h).

    >>> f_of(TraceEvent("generate", 1, 0, "B", "go", 1, 2, 3, priority=(8, 3)))
    8
    """
    if isinstance(event.priority, tuple):
        return event.priority[0]
    return None if event.h is None else event.g + event.h


class TracingTally(Tally):
    """A :class:`Tally` that also records every event into *trace*, numbering nodes from 0.

    There is no example here; ``tests/test_core_search.py`` runs it.
    """

    def __init__(self, algorithm: str, budget: Budget, frontier: Sized, trace: Trace) -> None:
        super().__init__(algorithm, budget, frontier)
        self.trace, self.ids = trace, itertools.count()
        self.priority = getattr(frontier, "priority", None)  # recorded: the order replayed

    def iteration(self, root: Node, bound: float) -> None:
        self.trace.record("iteration", root, bound=bound)

    def generated(self, node: Node) -> None:
        super().generated(node)
        node.id = next(self.ids)
        priority = self.priority(node) if self.priority is not None else None
        self.trace.record("generate", node, side=self.side, priority=priority)

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
