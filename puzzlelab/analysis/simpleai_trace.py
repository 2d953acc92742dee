"""simpleai's own searches recorded as puzzlelab traces, to draw and replay them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from simpleai.search.viewers import BaseViewer

from ..search import Node
from ..search.trace import Trace


class TraceViewer(BaseViewer):
    """A simpleai viewer that records events into :attr:`trace` (a puzzlelab ``Trace``): a
    successor missing from the next fringe is a ``duplicate``, an unchosen node that left it
    a ``discard``.

    >>> from simpleai.search import astar
    >>> from puzzlelab.simpleai_problems import SlidingPuzzleProblem
    >>> viewer = TraceViewer()
    >>> _ = astar(SlidingPuzzleProblem("4 1 3 / 2 0 5"), graph_search=True, viewer=viewer)
    >>> viewer.trace
    <Trace: 23 events (generate 11, duplicate 5, expand 6, goal 1)>
    """

    def __init__(self, trace: Trace | None = None) -> None:
        super().__init__()
        self.trace = Trace() if trace is None else trace
        self._nodes: dict[int, tuple[Any, Node]] = {}
        self._pending: list[Any] = []  # successors of the last expansion, not yet classified
        self._fringe: set[int] = set()  # ids of the nodes in the fringe at the last step
        self._chosen: Any = None
        self._runs = 0

    def _node(self, theirs: Any) -> Node:
        key = id(theirs)
        if key not in self._nodes:
            parent = None if theirs.parent is None else self._node(theirs.parent)
            ours = Node(theirs.state, parent, theirs.action, theirs.cost, theirs.depth,
                        len(self._nodes), getattr(theirs, "heuristic", None))  # fmt: skip
            self._nodes[key] = (theirs, ours)
        return self._nodes[key][1]

    def _classify(self, fringe: Iterable[Any]) -> None:
        """Record what the last expansion did, now that the fringe shows it."""
        in_fringe = {id(node) for node in fringe}
        for node in self._pending:
            kind = "generate" if id(node) in in_fringe else "duplicate"
            self.trace.record(kind, self._node(node))
        for key in self._fringe - in_fringe - {id(self._chosen)}:
            self.trace.record("discard", self._nodes[key][1])
        self._pending, self._fringe = [], in_fringe

    def handle_started(self) -> None:
        super().handle_started()
        self._runs += 1
        self._pending, self._fringe, self._chosen = [], set(), None
        if self._runs == 2 and self.trace.events:  # iterative deepening: number the first run
            first = self.trace.events[0]
            self.trace.events.insert(0, first._replace(kind="iteration", bound=0))
        if self._runs >= 2:
            root = Node(None, None, None, 0, 0, -1)
            self.trace.record("iteration", root, bound=self._runs - 1)

    def handle_new_iteration(self, fringe: Sequence[Any]) -> None:
        # BaseViewer would print the whole fringe into its log at every step.
        self.current_fringe = fringe
        self.stats["max_fringe_size"] = max(self.stats["max_fringe_size"], len(fringe))
        self.stats["iterations"] += 1
        self.log_event("new_iteration", f"New iteration with {len(fringe)} elements in the fringe")
        if not self._fringe and not self._pending:  # the first step: the fringe holds the root
            self._pending = list(fringe)
        self._classify(fringe)

    def handle_chosen_node(self, node: Any, is_goal: bool | None = None) -> None:
        super().handle_chosen_node(node, is_goal)
        self._chosen = node
        if is_goal:
            self.trace.record("goal", self._node(node))

    def handle_expanded(self, nodes: Sequence[Any], successors: Sequence[Iterable[Any]]) -> None:
        self.last_expandeds, self.last_successors = nodes, successors
        self.log_event("expanded", f"Expanded {len(nodes)} node(s)")
        for node, children in zip(nodes, successors):
            self.trace.record("expand", self._node(node))
            self._pending.extend(children)

    def handle_finished(self, fringe: Sequence[Any], node: Any, solution_type: str) -> None:
        self._classify(fringe)
        super().handle_finished(fringe, node, solution_type)
