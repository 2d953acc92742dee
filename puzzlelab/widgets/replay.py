"""SearchReplay: watch a recorded search one event at a time, forward and back, in the browser."""

from __future__ import annotations

import html
from typing import Any

import networkx as nx

from ..analysis.trees import cut_tree, search_tree
from ..drawing import figure_svg, offscreen_figure
from ..drawing.domain import LEGEND, draw_search, draws_search, searched_states
from ..drawing.trees import (
    COLOURS,
    STATUS_LETTERS,
    layered_layout,
    marked_tree_css,
    marked_tree_svg,
    tree_legend_html,
)
from ..search.trace import Trace, TraceEvent, f_of, frontier_rows, snapshot_counts, snapshots
from .base import board_html, picture_html
from .stepper import Stepper

#: What the header says about each kind of event.
VERBS = {
    "generate": "generated: it joins the frontier",
    "duplicate": "dropped as a duplicate (its state was reached before)",
    "expand": "expanded: its successors are generated next",
    "discard": "discarded (a cheaper path to its state was found)",
    "goal": "taken from the frontier: it is the goal!",
    "iteration": "a new iteration starts from the root, bound",
}

DOMAIN_INCHES = (6.0, 4.0)
#: What the colours of a domain picture mean: ``search_legend``'s, less "not reached".
DOMAIN_LEGEND = "".join(
    '<span style="display:inline-block;width:0.8em;height:0.8em;border-radius:50%;'
    f'border:{width:g}px solid {edge};background:{fill};margin:0 0.3em 0 0.8em"></span>{words}'
    for words, fill, edge, width in LEGEND[:4]
)
TREE_NODES = 150  # the replayed tree is cut to this many nodes
ROWS_SHOWN = 12  # frontier rows listed; the rest are counted
TREE_CLASS = "puzzlelab-replay-tree"

#: A step: the header; the board beside the frontier; the tree beside its title and legend.
TEMPLATE = (
    "<style>{css}</style>"
    '<div data-slot="0"></div>'
    '<div style="display:flex;flex-wrap:wrap;gap:0.5em 1.5em;align-items:flex-start;'
    'margin:0.5em 0"><div data-slot="1"></div><div data-slot="2"></div></div>'
    '<div style="display:flex;flex-wrap:wrap;gap:0.5em 1em;align-items:flex-start">'
    f'<div class="{TREE_CLASS}" data-slot="3"></div>'
    '<div><b data-slot="4"></b>{legend}</div></div>'
)


class SearchReplay(Stepper):
    """Replay the first *max_events* events of *trace*: the node (a board of *puzzle*, or
    its whole domain where :func:`~puzzlelab.drawing.draw_search` can), the frontier,
    the counts and the search tree growing.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import Trace, astar
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> trace = Trace()
    >>> _ = astar(puzzle, "manhattan", trace=trace)
    >>> replay = SearchReplay(trace, puzzle)
    >>> replay.step(1).current.kind, replay.counts()
    ('expand', {'expanded': 1, 'generated': 1, 'duplicates': 0, 'frontier': 0})
    """

    def __init__(
        self,
        trace: Trace,
        puzzle: object = None,
        max_events: int = 400,
        large: bool | None = None,
    ) -> None:
        if not hasattr(trace, "events"):
            raise TypeError(
                f"SearchReplay(trace, puzzle): the first argument must be a Trace recorded by a "
                f"search (e.g. bfs(puzzle, trace=trace)), not {type(trace).__name__}"
            )
        self.events = list(trace.events[:max_events])
        if not self.events:
            raise ValueError("the trace is empty: pass trace=Trace() to a search first")
        self.puzzle = puzzle
        self.informed = any(event.h is not None for event in self.events)
        self._snapshots = snapshots(self.events)
        self._born = {event.node: event for event in self.events if event.kind == "generate"}
        self._searched = searched_states(self.events, self._snapshots)
        on_domain = puzzle is not None and draws_search(puzzle)
        # Each picture and each iteration's tree is drawn once; a step marks the nodes reached.
        pictures: dict[object, str] = {}  # what a board or domain picture shows -> its HTML
        trees: dict[int | None, tuple[nx.DiGraph, str]] = {}  # iteration -> its tree and SVG
        frames: list[list[str]] = []
        marks: list[str] = []
        for k, event in enumerate(self.events):
            seen = self._searched[k]
            shown = (tuple(seen["expanded"]), frozenset(seen["frontier"]), seen["current"])
            key = shown if on_domain else event.state
            if key not in pictures:
                pictures[key] = self._domain_html(k) if on_domain else board_html(puzzle, key)
            iteration = self._snapshots[k]["iteration"]
            if iteration not in trees:
                trees[iteration] = self._tree_of(iteration)
            tree, svg = trees[iteration]
            header, frontier = self.header_html(k), self.frontier_html(k)
            frames.append([header, pictures[key], frontier, svg, self._tree_title(k, tree)])
            marks.append(self._marks(k, tree))
        iterative = any(event.kind == "iteration" for event in self.events)
        statuses = [s for s in COLOURS if s != "cutoff" or iterative]
        template = TEMPLATE.format(
            css=marked_tree_css(TREE_CLASS), legend=tree_legend_html(statuses)
        )
        super().__init__(template, frames, marks, large=large, words={"description": "event"})

    @property
    def current(self) -> TraceEvent:
        """The event shown now."""
        return self.events[self.value]

    def counts(self, k: int | None = None) -> dict[str, int]:
        """The counts after event *k* (default: the one shown)."""
        return snapshot_counts(self._snapshots[self.value if k is None else k])

    def frontier_rows(self, k: int | None = None) -> list[dict[str, Any]]:
        """The frontier after event *k* (default: the one shown), the next to be taken first."""
        return frontier_rows(self._snapshots[self.value if k is None else k])

    def searched(self, k: int | None = None) -> dict[str, Any]:
        """The states expanded (in order), waiting and current after event *k* (default: the
        one shown)."""
        return self._searched[self.value if k is None else k]

    def header_html(self, k: int) -> str:
        """What event *k* is, and the counts after it (its number is the readout's)."""
        event, counts = self.events[k], self.counts(k)
        if event.kind == "iteration":
            what = f"{VERBS['iteration']} {event.bound:g}"
        elif self._snapshots[k]["status"].get(event.node) == "cutoff":
            what = f"node {event.node} generated, but over the bound: it will not be expanded"
        else:
            what = f"node {event.node} {VERBS[event.kind]}"
        side = f" ({event.side} side)" if event.side else ""
        values = f"depth {event.depth}, g = {event.g:g}"
        if event.h is not None:
            f = f_of(self._born.get(event.node, event))
            formula = "g + h" if f == event.g + event.h else "g + w * h"  # weighted A*
            values += f", h = {event.h:g}, f = {formula} = {f:g}"
        return (
            f"<b>{html.escape(what)}</b>"
            f"{side} &middot; {values}<br>expanded (explored) so far <b>{counts['expanded']:,}"
            f"</b> &middot; generated <b>{counts['generated']:,}</b> &middot; duplicates "
            f"<b>{counts['duplicates']:,}</b> &middot; waiting in the frontier "
            f"<b>{counts['frontier']:,}</b>"
        )

    def frontier_html(self, k: int) -> str:
        """The frontier after event *k* as a table, the next node to be taken first."""
        rows = self.frontier_rows(k)
        columns = ["node", "depth", "g", "h", "f"] if self.informed else ["node", "depth", "g"]
        head = "".join(f"<th>{c}</th>" for c in ["", *columns, "move"])
        body = "".join(
            f"<tr><td>{i}</td>"
            + "".join(f"<td>{_number(row[c])}</td>" for c in columns)
            + f"<td>{html.escape(str(row['action'] or ''))}</td></tr>"
            for i, row in enumerate(rows[:ROWS_SHOWN], start=1)
        )
        more = len(rows) - ROWS_SHOWN
        tail = f"<tr><td colspan={len(columns) + 2}>... {more:,} more</td></tr>" if more > 0 else ""
        empty = "" if rows else "<tr><td colspan=6><i>empty</i></td></tr>"
        return (
            f"<div><b>frontier</b>: {len(rows):,} node(s), the next to be taken first"
            f"<table><tr>{head}</tr>{body}{tail}{empty}</table></div>"
        )

    def _domain_html(self, k: int) -> str:
        figure = offscreen_figure(DOMAIN_INCHES)
        ax = figure.add_axes((0.09, 0.13, 0.89, 0.78))  # room for axis labels; not trimmed (slow)
        draw_search(self.puzzle, **self._searched[k], ax=ax, legend=False)
        picture = picture_html(
            figure_svg(figure, tight=False), alt=f"the search after event {k + 1}"
        )
        return f"<div>{picture}{DOMAIN_LEGEND}</div>"

    def _tree_title(self, k: int, tree: nx.DiGraph) -> str:
        status = self._snapshots[k]["status"]
        hidden = len(status) - sum(1 for node in tree if node in status)
        return "search tree so far" + (f" ({hidden:,} nodes not drawn)" if hidden > 0 else "")

    def _marks(self, k: int, tree: nx.DiGraph) -> str:
        """A letter per node of *tree*: its status after event *k*, upper case for the event's."""
        status, here = self._snapshots[k]["status"], self.events[k].node
        letters = [STATUS_LETTERS[status[node]] if node in status else "-" for node in tree]
        return "".join(c.upper() if node == here else c for node, c in zip(tree, letters))

    def _tree_of(self, iteration: int | None) -> tuple[nx.DiGraph, str]:
        """The (cut) tree of one iteration, and its SVG."""
        replayed = Trace(max_events=None)  # the events replayed, as search_tree reads them
        replayed.events = self.events
        tree = cut_tree(search_tree(replayed, iteration=iteration), max_nodes=TREE_NODES)
        tree.remove_nodes_from([n for n, s in tree.nodes(data="status") if s == "more"])
        return tree, marked_tree_svg(tree, layered_layout(tree))


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"
