"""Recording simpleai's own searches in puzzlelab's trace format.

simpleai reports its progress to a *viewer*. :class:`TraceViewer` is a viewer
that turns those reports into puzzlelab :class:`~puzzlelab.search.TraceEvent`\\ s,
so a search run by simpleai can be drawn and replayed exactly like one run by
puzzlelab.

Examples
--------
>>> from simpleai.search import breadth_first
>>> from puzzlelab.simpleai_problems import SlidingPuzzleProblem
>>> viewer = TraceViewer()
>>> node = breadth_first(SlidingPuzzleProblem("1 2 3 / 4 0 6 / 7 5 8"), True, viewer=viewer)
>>> viewer.trace.count("expand"), viewer.trace.count("goal")
(8, 1)
"""

from __future__ import annotations

from simpleai.search.viewers import BaseViewer

from .search.engine import Node
from .search.trace import Trace


class TraceViewer(BaseViewer):
    """A simpleai viewer that records events into :attr:`trace` (a puzzlelab ``Trace``).

    simpleai drops a successor whose state was already seen without saying so;
    the viewer infers it: a successor that is missing from the fringe at the next
    step is recorded as a ``duplicate``.
    """

    def __init__(self, trace: Trace | None = None):
        super().__init__()
        self.trace = Trace() if trace is None else trace
        self._nodes = {}  # id(simpleai node) -> (simpleai node, puzzlelab Node)
        self._pending = []  # successors of the last expansion, not yet classified

    def _node(self, theirs) -> Node:
        key = id(theirs)
        if key not in self._nodes:
            parent = None if theirs.parent is None else self._node(theirs.parent)
            ours = Node(theirs.state, parent, theirs.action, theirs.cost, theirs.depth,
                        len(self._nodes), getattr(theirs, "heuristic", None))  # fmt: skip
            self._nodes[key] = (theirs, ours)
        return self._nodes[key][1]

    def _classify(self, fringe) -> None:
        in_fringe = {id(node) for node in fringe}
        for node in self._pending:
            kind = "generate" if id(node) in in_fringe else "duplicate"
            self.trace.record(kind, self._node(node))
        self._pending = []

    def handle_new_iteration(self, fringe):
        super().handle_new_iteration(fringe)
        if not self._nodes:  # the first step: the fringe holds the root
            self._pending = list(fringe)
        self._classify(fringe)

    def handle_chosen_node(self, node, is_goal=None):
        super().handle_chosen_node(node, is_goal)
        if is_goal:
            self.trace.record("goal", self._node(node))

    def handle_expanded(self, nodes, successors):
        super().handle_expanded(nodes, successors)
        for node, children in zip(nodes, successors):
            self.trace.record("expand", self._node(node))
            self._pending.extend(children)

    def handle_finished(self, fringe, node, solution_type):
        self._classify(fringe)
        super().handle_finished(fringe, node, solution_type)
