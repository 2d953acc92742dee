"""SearchReplay: watch a recorded search one event at a time, forward and back.

Each step shows the node the search is working on, the frontier (with f, g and h
for informed search, in the order the search will take it), the counts so far,
and the search tree growing.

Everything a step shows is worked out once, when the replay is made: moving
the slider only looks it up and draws.
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets
import numpy as np

from ..drawing import board_png, draw_board, figure_png, offscreen_figure
from ..drawing.trees import COLOURS, LEGEND, OUTLINE, PATH_COLOUR, layered_layout
from ..search.trace import frontier_rows, snapshot_counts, snapshots
from ..trees import cut_tree, search_tree
from .base import StaticFallback
from .frames import step_buttons

#: What the header says about each kind of event.
VERBS = {
    "generate": "generated: it joins the frontier",
    "duplicate": "dropped as a duplicate (its state was reached before)",
    "expand": "expanded: its successors are generated next",
    "discard": "discarded (a cheaper path to its state was found)",
    "goal": "taken from the frontier: it is the goal!",
    "iteration": "a new iteration starts from the root, bound",
}

TREE_NODES = 150  # the replayed tree is cut to this many nodes
CURRENT = "#c0392b"  # the ring around the node of the current event


class SearchReplay(StaticFallback, widgets.VBox):
    """Replay the events of *trace*; with a *puzzle*, boards are drawn.

    Parameters
    ----------
    trace : Trace
        A recorded search (puzzlelab's, or simpleai's via ``TraceViewer``).
    puzzle : optional
        Draw the current node as a board (else its state is printed).
    max_events : int
        Only the first events are replayed.
    rows_shown : int
        Frontier rows listed; the rest are counted ("... N more").

    Notes
    -----
    The frontier is listed in the order the search takes it. The replay reads
    that order from the trace itself (when each node left the frontier), so it
    is exact for every search, whatever its frontier; nodes that never left are
    listed last, by f then h for informed search, else oldest first (newest
    first for depth-first search). In iterative deepening and IDA*, a node over
    the iteration's bound is never expanded: it is shown as cut off, not as
    waiting in the frontier.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, astar
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> trace = Trace()
    >>> _ = astar(puzzle, "manhattan", trace=trace)
    >>> replay = SearchReplay(trace, puzzle)
    >>> replay.step(1).current.kind, replay.counts()
    ('expand', {'expanded': 1, 'generated': 1, 'duplicates': 0, 'frontier': 0})
    >>> [(row["g"], row["h"], row["f"]) for row in replay.step(5).frontier_rows()]
    [(1, 1, 2), (1, 3, 4), (1, 3, 4), (1, 3, 4)]
    """

    def __init__(self, trace, puzzle=None, max_events=400, rows_shown=12):
        if not hasattr(trace, "events"):
            raise TypeError(
                f"SearchReplay(trace, puzzle): the first argument must be a Trace recorded by a "
                f"search (e.g. bfs(puzzle, trace=trace)), not {type(trace).__name__}"
            )
        self.events = list(trace.events[:max_events])
        if not self.events:
            raise ValueError("the trace is empty: pass trace=Trace() to a search first")
        self.puzzle, self.rows_shown = puzzle, rows_shown
        self.informed = any(event.h is not None for event in self.events)
        self._snapshots = snapshots(self.events)
        self._iterative = any(event.kind == "iteration" for event in self.events)
        self._trees = {}  # iteration -> (cut tree, layout)
        self._board_cache = {}
        self._tree_figure = None

        last = len(self.events) - 1
        self.slider = widgets.IntSlider(min=0, max=last, description="event",
                                        layout={"width": "420px"})  # fmt: skip
        self.play = widgets.Play(min=0, max=last, interval=600, description="play")
        self.prev_button, self.next_button = step_buttons(self)
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.slider.observe(lambda change: self._show(), names="value")
        self.header = widgets.HTML()
        self.board = widgets.Image(format="png", layout={"max_width": "200px"})
        self.frontier = widgets.HTML()
        self.tree = widgets.Image(format="png")
        controls = widgets.HBox([self.play, self.prev_button, self.next_button, self.slider])
        middle = widgets.HBox([self.board, self.frontier])
        super().__init__([controls, self.header, middle, self.tree])
        self.add_class("puzzlelab-replay")
        self._show()

    # -- what a step shows (plain data)

    @property
    def current(self):
        """The event shown now."""
        return self.events[self.slider.value]

    def step(self, k: int) -> SearchReplay:
        """Show event *k* (0 is the first; clipped to the first and last); return the replay."""
        self.slider.value = max(0, min(k, len(self.events) - 1))
        return self

    def counts(self) -> dict:
        """Expanded, generated and duplicate nodes so far, and the frontier's size now."""
        return snapshot_counts(self._snapshots[self.slider.value])

    def frontier_rows(self) -> list[dict]:
        """The frontier now, in the order the search will take it, as plain dicts."""
        return frontier_rows(self._snapshots[self.slider.value])

    # -- display

    def _show(self) -> None:
        self.header.value = self._header_html()
        self.board.value = self._board_png(self.current.state)
        self.frontier.value = self._frontier_html()
        self.tree.value = self._tree_png()

    def _header_html(self) -> str:
        event, counts = self.current, self.counts()
        if event.kind == "iteration":
            what = f"{VERBS['iteration']} {event.bound:g}"
        elif self._snapshots[self.slider.value]["status"].get(event.node) == "cutoff":
            what = f"node {event.node} generated, but over the bound: it will not be expanded"
        else:
            what = f"node {event.node} {VERBS[event.kind]}"
        side = f" ({event.side} side)" if event.side else ""
        values = f"depth {event.depth}, g = {event.g:g}"
        if event.h is not None:
            values += f", h = {event.h:g}, f = g + h = {event.g + event.h:g}"
        return (
            f"<b>event {self.slider.value + 1} of {len(self.events)}</b>: {html.escape(what)}"
            f"{side} &middot; {values}<br>expanded (explored) so far <b>{counts['expanded']:,}"
            f"</b> &middot; generated <b>{counts['generated']:,}</b> &middot; duplicates "
            f"<b>{counts['duplicates']:,}</b> &middot; waiting in the frontier "
            f"<b>{counts['frontier']:,}</b>"
        )

    def _board_png(self, state) -> bytes:
        if state not in self._board_cache:
            if self.puzzle is None or state is None:
                figure = offscreen_figure((2.2, 0.5))
                figure.text(0.5, 0.5, repr(state), ha="center", va="center", fontsize=8)
                self._board_cache[state] = figure_png(figure)
            else:
                self._board_cache[state] = board_png(self.puzzle, state, size=1.8)
        return self._board_cache[state]

    def _frontier_html(self) -> str:
        rows = self.frontier_rows()
        columns = ["node", "depth", "g", "h", "f"] if self.informed else ["node", "depth", "g"]
        cell = "style='padding:0 8px;text-align:right'"
        head = "".join(f"<th {cell}>{c}</th>" for c in ["", *columns, "move"])
        body = "".join(
            f"<tr><td {cell}>{i}</td>"
            + "".join(f"<td {cell}>{_number(row[c])}</td>" for c in columns)
            + f"<td {cell}>{html.escape(str(row['action'] or ''))}</td></tr>"
            for i, row in enumerate(rows[: self.rows_shown], start=1)
        )
        more = len(rows) - self.rows_shown
        tail = f"<tr><td colspan={len(columns) + 2}>... {more:,} more</td></tr>" if more > 0 else ""
        empty = "" if rows else "<tr><td colspan=6><i>empty</i></td></tr>"
        return (
            f"<div style='margin-left:1.5em'><b>frontier</b>: {len(rows):,} node(s), "
            f"the next to be taken first<table><tr>{head}</tr>{body}{tail}{empty}</table></div>"
        )

    def _tree_png(self) -> bytes:
        """The tree so far. One figure is kept and only its data change: fast steps."""
        if self._tree_figure is None:
            figure = offscreen_figure((9.0, 3.0), dpi=72)
            self._tree_figure = (figure, self._tree_artists(figure.add_axes((0, 0, 0.76, 1))))
        figure, artists = self._tree_figure
        self._update_tree(artists)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
        return buffer.getvalue()

    def _tree_artists(self, ax) -> dict:
        """Empty artists for the tree picture, with the legend."""
        from matplotlib.collections import LineCollection
        from matplotlib.lines import Line2D

        ax.set_axis_off()
        statuses = [s for s in COLOURS if s != "cutoff" or self._iterative]
        handles = [Line2D([], [], marker="o", ls="", markersize=8, markerfacecolor=COLOURS[s],
                          markeredgecolor=OUTLINE, label=LEGEND[s]) for s in statuses]  # fmt: skip
        handles.append(Line2D([], [], marker="o", ls="", markersize=11, markerfacecolor="none",
                              markeredgecolor=CURRENT, mew=2, label="this event"))  # fmt: skip
        legend = ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0),
                           fontsize=8, frameon=False, title="search tree so far",
                           title_fontsize=8)  # fmt: skip
        return {
            "ax": ax,
            "legend": legend,
            "edges": ax.add_collection(LineCollection([], colors="#bdbdbd", linewidths=0.8)),
            "path": ax.add_collection(LineCollection([], colors=PATH_COLOUR, linewidths=2.5)),
            "nodes": ax.scatter([], [], edgecolors=OUTLINE, linewidths=0.7, zorder=2),
            "current": ax.scatter(
                [], [], facecolors="none", edgecolors=CURRENT, linewidths=2, zorder=3
            ),  # fmt: skip
        }

    def _update_tree(self, artists) -> None:
        """Show the current step in the tree artists."""
        snap = self._snapshots[self.slider.value]
        tree, layout = self._tree_of(snap["iteration"])
        status = snap["status"]
        shown = [n for n in tree if n in status]
        xs = [x for x, _ in layout.values()] or [0]
        ys = [y for _, y in layout.values()] or [0]
        artists["ax"].set_xlim(min(xs) - 0.7, max(xs) + 0.7)
        artists["ax"].set_ylim(min(ys) - 0.6, 0.6)
        on_path, others = [], []
        for parent, child in tree.edges:
            if parent in status and child in status:
                path = status[child] in ("solution", "goal")
                (on_path if path else others).append((layout[parent], layout[child]))
        artists["edges"].set_segments(others)
        artists["path"].set_segments(on_path)
        size = max(12, min(90, (480 / max(1, max(xs) - min(xs) + 1)) ** 2))
        nodes = artists["nodes"]
        nodes.set_offsets([layout[n] for n in shown] or np.empty((0, 2)))
        nodes.set_facecolors([COLOURS[status[n]] for n in shown])
        nodes.set_sizes([size])
        event = self.current
        here = [layout[event.node]] if event.node in layout and event.node in status else []
        artists["current"].set_offsets(here or np.empty((0, 2)))
        artists["current"].set_sizes([size * 2.8])
        hidden = len(status) - len(shown)
        title = "search tree so far" + (f" ({hidden:,} nodes not drawn)" if hidden > 0 else "")
        artists["legend"].set_title(title)

    def _tree_of(self, iteration):
        """The (cut) tree of one iteration and its layout, made the first time it is needed."""
        if iteration not in self._trees:
            full = search_tree(_Events(self.events), iteration=iteration)
            tree = cut_tree(full, max_nodes=TREE_NODES)
            tree.remove_nodes_from([n for n, s in tree.nodes(data="status") if s == "more"])
            self._trees[iteration] = (tree, layered_layout(tree))
        return self._trees[iteration]

    def _static_png(self) -> bytes:
        """The board, the counts and the tree in one picture (for pages without a kernel)."""
        figure = offscreen_figure((10.0, 3.2), dpi=80)
        event, counts = self.current, self.counts()
        board = figure.add_axes((0.0, 0.08, 0.17, 0.72))
        if self.puzzle is not None and event.state is not None:
            draw_board(self.puzzle, event.state, board)
        else:
            board.set_axis_off()
            board.text(0.5, 0.5, repr(event.state), ha="center", va="center", fontsize=7,
                       wrap=True)  # fmt: skip
        figure.text(0.01, 0.97, f"event {self.slider.value + 1} of {len(self.events)}: "
                    f"{event.kind}, node {event.node} | expanded {counts['expanded']:,}, "
                    f"generated {counts['generated']:,}, frontier {counts['frontier']:,}",
                    va="top", fontsize=9)  # fmt: skip
        self._update_tree(self._tree_artists(figure.add_axes((0.2, 0.0, 0.6, 0.88))))
        return figure_png(figure)


def _number(value) -> str:
    return "" if value is None else f"{value:g}"


class _Events:
    """A trace-like view of a list of events (what ``search_tree`` needs)."""

    def __init__(self, events):
        self.events = events
