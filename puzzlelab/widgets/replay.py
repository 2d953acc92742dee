"""SearchReplay: watch a recorded search one event at a time, forward and back.

Each step shows the node the search is working on, the frontier (with f, g and h
for informed search, in the order it will be taken), the counts so far, and the
search tree growing.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..drawing import board_png, figure_png, offscreen_figure
from ..trees import STATUSES, cut_tree, layered_layout, search_tree
from .base import StaticFallback

VERBS = {
    "generate": "generated",
    "duplicate": "dropped as a duplicate",
    "expand": "expanded",
    "discard": "discarded (a cheaper path was found)",
    "goal": "taken from the frontier: it is the goal!",
    "iteration": "a new iteration starts, bound",
}


class SearchReplay(StaticFallback, widgets.VBox):
    """Replay the events of *trace*; with a *puzzle*, boards are drawn.

    Parameters
    ----------
    trace : Trace
        A recorded search (puzzlelab's, or simpleai's via ``TraceViewer``).
    puzzle : optional
        Draw the current node as a board.
    order : {"auto", "fifo", "lifo", "priority"}
        How the frontier is listed: the order it will be taken in. ``auto``:
        priority (f, then h) when the trace has h values, else first in, first out.
    max_events : int
        Only the first events are replayed (the tree is cut accordingly).

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, astar
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> trace = Trace()
    >>> _ = astar(puzzle, "manhattan", trace=trace)
    >>> replay = SearchReplay(trace, puzzle)
    >>> replay.step(1).current.kind, replay.counts()
    ('expand', {'expanded': 1, 'generated': 1, 'frontier': 0})
    >>> [row["f"] for row in replay.step(5).frontier_rows()]
    [2, 4, 4, 4]
    """

    def __init__(self, trace, puzzle=None, order="auto", max_events=400, rows_shown=12):
        self.events = list(trace.events[:max_events])
        if not self.events:
            raise ValueError("the trace is empty: pass trace=Trace() to a search first")
        self.puzzle, self.rows_shown = puzzle, rows_shown
        informed = any(event.h is not None for event in self.events)
        self.order = ("priority" if informed else "fifo") if order == "auto" else order
        self._snapshots = self._replay_all()
        full = search_tree(_Prefix(self.events))
        self._tree = cut_tree(full, max_nodes=150)
        self._layout = layered_layout(self._tree)
        self._board_cache = {}

        last = len(self.events) - 1
        self.slider = widgets.IntSlider(min=0, max=last, description="event")
        self.play = widgets.Play(min=0, max=last, interval=500)
        self.prev_button = widgets.Button(description="◀ back", layout={"width": "90px"})
        self.next_button = widgets.Button(description="forward ▶", layout={"width": "90px"})
        self.prev_button.on_click(lambda _: self.step(self.slider.value - 1))
        self.next_button.on_click(lambda _: self.step(self.slider.value + 1))
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.slider.observe(lambda change: self._show(), names="value")
        self.header = widgets.HTML()
        self.board = widgets.Image(format="png")
        self.frontier = widgets.HTML()
        self.tree = widgets.Image(format="png")
        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider])
        middle = widgets.HBox([self.board, self.frontier])
        super().__init__([controls, self.header, middle, self.tree])
        self.add_class("puzzlelab-replay")
        self._show()

    # -- the replay itself

    def _replay_all(self) -> list[dict]:
        """Walk the events once; keep what each step must show."""
        frontier, status = {}, {}
        expanded = generated = 0
        snapshots = []
        for event in self.events:
            if event.kind == "generate":
                frontier[event.node] = event
                generated += 1
                status[event.node] = "frontier"
            elif event.kind == "duplicate":
                status[event.node] = "duplicate"
            elif event.kind in ("expand", "discard", "goal"):
                frontier.pop(event.node, None)
                expanded += event.kind == "expand"
                status[event.node] = {"expand": "expanded", "discard": "duplicate"}.get(
                    event.kind, "goal"
                )
            elif event.kind == "iteration":
                frontier, status = {}, {}
            snapshots.append(
                {
                    "frontier": list(frontier.values()),
                    "status": dict(status),
                    "expanded": expanded,
                    "generated": generated,
                }  # fmt: skip
            )
        return snapshots

    @property
    def current(self):
        """The event shown now."""
        return self.events[self.slider.value]

    def step(self, k: int) -> SearchReplay:
        """Show event *k* (clipped to the first and last); return the replay."""
        self.slider.value = max(0, min(k, len(self.events) - 1))
        return self

    def counts(self) -> dict:
        """Expanded and generated so far, and the frontier's size, at the current step."""
        snap = self._snapshots[self.slider.value]
        return {"expanded": snap["expanded"], "generated": snap["generated"],
                "frontier": len(snap["frontier"])}  # fmt: skip

    def frontier_rows(self) -> list[dict]:
        """The frontier now, in the order the search will take it, as plain dicts."""
        nodes = self._snapshots[self.slider.value]["frontier"]
        if self.order == "priority":
            nodes = sorted(nodes, key=lambda e: (e.g + (e.h or 0), e.h or 0, e.node))
        elif self.order == "lifo":
            nodes = nodes[::-1]
        return [
            {
                "node": e.node,
                "depth": e.depth,
                "g": e.g,
                "h": e.h,
                "f": None if e.h is None else e.g + e.h,
                "state": e.state,
            }  # fmt: skip
            for e in nodes
        ]

    # -- display

    def _show(self) -> None:
        event = self.current
        counts = self.counts()
        what = VERBS[event.kind] + (f" {event.bound}" if event.kind == "iteration" else "")
        side = f" ({event.side} side)" if event.side else ""
        self.header.value = (
            f"<b>event {self.slider.value + 1} of {len(self.events)}</b>: node {event.node}"
            f"{side} {html.escape(what)} &middot; depth {event.depth}, g = {event.g}"
            + ("" if event.h is None else f", h = {event.h}, f = {event.g + event.h}")
            + f"<br>expanded so far <b>{counts['expanded']:,}</b>, generated "
            f"<b>{counts['generated']:,}</b>, waiting in the frontier <b>{counts['frontier']:,}</b>"
        )
        self.board.value = self._board_png(event.state)
        self.frontier.value = self._frontier_html()
        self.tree.value = self._tree_png()

    def _board_png(self, state) -> bytes:
        if state not in self._board_cache:
            if self.puzzle is None:
                figure = offscreen_figure((2.0, 0.6))
                figure.text(0.5, 0.5, repr(state), ha="center", va="center", fontsize=9)
                self._board_cache[state] = figure_png(figure)
            else:
                self._board_cache[state] = board_png(self.puzzle, state, size=1.8)
        return self._board_cache[state]

    def _frontier_html(self) -> str:
        rows = self.frontier_rows()
        columns = (
            ["node", "depth", "g", "h", "f"] if self.order == "priority" else ["node", "depth", "g"]
        )
        title = {"priority": "smallest f first", "fifo": "oldest first", "lifo": "newest first"}
        head = "".join(f"<th>{c}</th>" for c in columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{row[c]}</td>" for c in columns) + "</tr>"
            for row in rows[: self.rows_shown]
        )
        more = len(rows) - self.rows_shown
        tail = f"<tr><td colspan={len(columns)}>... {more} more</td></tr>" if more > 0 else ""
        return (
            f"<div style='margin-left:1em'><b>frontier</b> ({title[self.order]})"
            f"<table>{head}{body}{tail}</table></div>"
        )

    def _tree_png(self) -> bytes:
        """The tree so far: drawn fast, one scatter and one set of lines."""
        from matplotlib.collections import LineCollection

        status = self._snapshots[self.slider.value]["status"]
        shown = [n for n in self._tree if n in status]
        figure = offscreen_figure((7.5, 2.6), dpi=70)
        ax = figure.add_axes((0, 0, 1, 1))
        xs = [x for x, _ in self._layout.values()]
        ys = [y for _, y in self._layout.values()]
        ax.set_xlim(min(xs) - 1, max(xs) + 1)
        ax.set_ylim(min(ys) - 0.5, 0.5)
        ax.set_axis_off()
        segments = [
            (self._layout[parent], self._layout[child])
            for parent, child in self._tree.edges
            if parent in status and child in status
        ]
        ax.add_collection(LineCollection(segments, colors="#bbbbbb", linewidths=0.8))
        if shown:
            ax.scatter([self._layout[n][0] for n in shown], [self._layout[n][1] for n in shown],
                       c=[STATUSES[status[n]] for n in shown], s=60, edgecolors="#555555",
                       zorder=2)  # fmt: skip
        event = self.current
        if event.node in self._layout:
            x, y = self._layout[event.node]
            ax.scatter([x], [y], s=220, facecolors="none", edgecolors="#c0392b", lw=2, zorder=3)
        return figure_png(figure)

    def _static_png(self) -> bytes:
        return self._tree_png()


class _Prefix:
    """A trace-like view of a list of events (what ``search_tree`` needs)."""

    def __init__(self, events):
        self.events = events
