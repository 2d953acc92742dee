"""Recording a search, event by event, so that it can be replayed and drawn.

Pass ``trace=Trace()`` to any search. Without it the engine records nothing and
pays nothing.

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> from puzzlelab.search import bfs
>>> trace = Trace()
>>> result = bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), trace=trace)
>>> [event.kind for event in trace.events][:5]
['generate', 'expand', 'generate', 'generate', 'generate']
>>> trace.count("expand") == result.stats.expanded
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: The kinds of event, in the order a node usually meets them.
EVENT_KINDS = ("iteration", "generate", "duplicate", "expand", "discard", "goal")


class TraceEvent(NamedTuple):
    """One thing the search did to one node.

    ``kind`` is one of :data:`EVENT_KINDS`: ``generate`` (a node enters the
    frontier), ``duplicate`` (a successor dropped: its state was reached as
    cheaply before), ``expand`` (a node leaves the frontier and its successors
    are generated), ``discard`` (a node left the frontier after a cheaper path to
    its state was found), ``goal`` (the goal node is taken from the frontier) and
    ``iteration`` (iterative deepening or IDA* starts again with a new ``bound``).
    ``node`` and ``parent`` are node ids, unique within one search; in graph
    search one state can still have several nodes (a duplicate is its own node).
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


class Trace:
    """A list of :class:`TraceEvent`, filled in by a search.

    Parameters
    ----------
    max_events : int, optional
        Stop recording (but not searching) after this many events; ``truncated``
        then says so. Keeps a long search from filling memory.
    """

    def __init__(self, max_events: int | None = 100_000):
        self.events: list[TraceEvent] = []
        self.max_events = max_events
        self.truncated = False
        self.result = None

    def record(self, kind: str, node, bound=None, side=None) -> None:
        """Append one event about *node* (an engine node with state, g, h, ...)."""
        if self.max_events is not None and len(self.events) >= self.max_events:
            self.truncated = True
            return
        parent = node.parent.id if node.parent is not None else None
        self.events.append(
            TraceEvent(
                kind,
                node.id,
                parent,
                node.state,
                node.action,
                node.depth,
                node.g,
                node.h,
                bound,
                side,
            )
        )

    def count(self, kind: str) -> int:
        """Return how many events of *kind* were recorded."""
        return sum(1 for event in self.events if event.kind == kind)

    def __len__(self) -> int:
        return len(self.events)

    def __repr__(self) -> str:
        kinds = ", ".join(f"{k} {self.count(k)}" for k in EVENT_KINDS if self.count(k))
        return (
            f"<Trace: {len(self.events)} events ({kinds}){' truncated' if self.truncated else ''}>"
        )
