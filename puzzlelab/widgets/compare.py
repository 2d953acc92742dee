"""Compare: how much work each search does on the same boards.

One call runs several algorithms (and heuristics) on one board or a batch, and
shows a table and log-scale bar charts of expanded and generated nodes, the
largest frontier and the time.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
from tqdm.auto import tqdm

from .. import search
from ..drawing import figure_png, offscreen_figure
from .base import StaticFallback, log_scale, png_image

MEASURES = [
    ("expanded", "nodes expanded"),
    ("generated", "nodes generated"),
    ("max_frontier", "largest frontier"),
    ("seconds", "seconds"),
]
COLORS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3"]


def run_spec(puzzle, spec, **limits):
    """Run one algorithm spec on *puzzle*; return ``(label, SearchResult)``.

    A spec is an algorithm name (``"bfs"``), a pair with a heuristic name
    (``("astar", "manhattan")``) or a triple with options
    (``("astar", "manhattan", {"weight": 2})``).
    """
    name, heuristic, options = _parts(spec)
    if name not in search.ALGORITHMS:
        raise ValueError(f"unknown algorithm {name!r}; choose from {', '.join(search.ALGORITHMS)}")
    if heuristic is not None:
        options = {**options, "heuristic": heuristic}
    result = search.ALGORITHMS[name](puzzle, **options, **limits)
    return label_of(spec), result


def label_of(spec) -> str:
    """A short label for an algorithm spec, e.g. ``astar manhattan w=2``."""
    name, heuristic, options = _parts(spec)
    words = [name] + ([heuristic] if heuristic else [])
    words += [f"{'w' if k == 'weight' else k}={v}" for k, v in options.items()]
    return " ".join(words)


def _parts(spec):
    if isinstance(spec, str):
        return spec, None, {}
    spec = tuple(spec)
    return spec[0], (spec[1] if len(spec) > 1 else None), (spec[2] if len(spec) > 2 else {})


class Compare(StaticFallback, widgets.VBox):
    """The table and charts of one comparison; ``rows`` holds the plain numbers.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> c = compare(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8"), ["bfs", ("astar", "manhattan")])
    >>> [(row["algorithm"], row["cost"]) for row in c.rows]
    [('bfs', 2), ('astar manhattan', 2)]
    """

    def __init__(self, rows: list[dict], labels: list[str], batch: int):
        self.rows, self.labels, self.batch = rows, labels, batch
        self.chart = self._draw()
        super().__init__([widgets.HTML(self.table_html()), png_image(self.chart)])

    def totals(self) -> dict[str, dict]:
        """Per algorithm: each measure summed over the batch (the frontier: its largest)."""
        totals = {}
        for label in self.labels:
            mine = [row for row in self.rows if row["algorithm"] == label]
            total = {key: sum(row[key] for row in mine) for key, _ in MEASURES}
            total["max_frontier"] = max((row["max_frontier"] for row in mine), default=0)
            total["solved"] = sum(row["status"] == "solved" for row in mine)
            totals[label] = total
        return totals

    def table_html(self) -> str:
        head = ["board", "algorithm", "status", "cost"] + [title for _, title in MEASURES]
        lines = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
        for row in self.rows:
            cells = [row["board"], row["algorithm"], row["status"], row["cost"]]
            cells += [
                f"{row[key]:.3f}" if key == "seconds" else f"{row[key]:,}" for key, _ in MEASURES
            ]
            lines.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in cells) + "</tr>")
        return "<table class='puzzlelab-compare'>" + "".join(lines) + "</table>"

    def _draw(self) -> bytes:
        figure = offscreen_figure((3.2 * len(MEASURES), 3.0))
        totals = self.totals()
        batch = self.batch > 1
        for place, (key, title) in enumerate(MEASURES):
            ax = figure.add_subplot(1, len(MEASURES), place + 1)
            values = [max(totals[label][key], 1e-4) for label in self.labels]
            ax.bar(range(len(values)), values, color=COLORS[: len(values)] * 3)
            log_scale(ax, "y", 1 if key != "seconds" else min(values) / 10)
            word = ("largest" if key == "max_frontier" else "total") + " over boards"
            ax.set_title(f"{title}\n{word}" if batch else title, fontsize=9)
            ax.set_xticks(range(len(values)), self.labels, rotation=35, ha="right", fontsize=8)
            for x, value in enumerate(values):
                text = f"{value:.3g}" if key == "seconds" else f"{int(value):,}"
                ax.text(x, value, text, ha="center", va="bottom", fontsize=7)
        figure.tight_layout()
        return figure_png(figure)

    def _static_png(self) -> bytes:
        return self.chart


def compare(puzzles, algorithms=("bfs", "bidirectional"), max_nodes=None, max_seconds=None,
            progress=None) -> Compare:  # fmt: skip
    """Run every algorithm spec on every board; return a :class:`Compare`.

    Parameters
    ----------
    puzzles : puzzle or list of puzzles
        One board, or a batch (a progress bar shows for batches).
    algorithms : list of specs
        See :func:`run_spec`.
    max_nodes, max_seconds : optional
        Limits for every single run; a run that hits one shows status ``limit``.
    """
    batch = puzzles if isinstance(puzzles, (list, tuple)) else [puzzles]
    labels = [label_of(spec) for spec in algorithms]
    runs = [(i, board, spec) for i, board in enumerate(batch) for spec in algorithms]
    show = progress if progress is not None else len(batch) > 1
    rows = []
    for i, board, spec in tqdm(runs, disable=not show, desc="searching"):
        label, result = run_spec(board, spec, max_nodes=max_nodes, max_seconds=max_seconds)
        rows.append({"board": i, "algorithm": label, "status": result.status,
                     "cost": result.cost, **_measures(result)})  # fmt: skip
    return Compare(rows, labels, len(batch))


def _measures(result) -> dict:
    s = result.stats
    return {"expanded": s.expanded, "generated": s.generated,
            "max_frontier": s.max_frontier, "seconds": s.seconds}  # fmt: skip
