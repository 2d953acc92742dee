"""Compare: how much work each search does on the same boards, as a table and log-scale bars."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import ipywidgets as widgets
from tqdm.auto import tqdm

from .. import search
from ..drawing import figure_svg, offscreen_figure
from ..drawing.figures import log_scale
from ..errors import ProblemError
from ..limits import DEFAULT, TimeLimit
from ..search.problem import HeuristicChoice, Searchable
from .base import StaticFallback, projector, svg_image

MEASURES = [
    ("expanded", "nodes expanded"),
    ("generated", "nodes generated"),
    ("max_frontier", "largest frontier"),
    ("seconds", "seconds"),
]
FONT = 10.5  # points: 14 CSS pixels
COLORS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3"]

#: An algorithm spec: a name (``"bfs"``), a pair with a heuristic (a name or a function), or a
#: triple with keyword options too (``("astar", "manhattan", {"weight": 2})``).
Spec = str | tuple[str, HeuristicChoice] | tuple[str, HeuristicChoice, dict[str, Any]]


def _label_of(spec: Spec) -> str:
    """Return a short label for an algorithm spec (``h`` for a lambda, ``w`` for the weight)."""
    name, heuristic, options = _parts(spec)
    if callable(heuristic):
        heuristic = getattr(heuristic, "__name__", "h").replace("<lambda>", "h")
    words = [name] + ([heuristic] if heuristic else [])
    words += [f"{'w' if k == 'weight' else k}={v}" for k, v in options.items()]
    return " ".join(words)


def _parts(spec: Spec) -> tuple[str, HeuristicChoice, dict[str, Any]]:
    if callable(spec) and getattr(spec, "__name__", None) in search.ALGORITHMS:
        raise ProblemError(f"name the search, {spec.__name__!r}, not the function itself")
    parts: tuple[Any, ...] = (spec,) if isinstance(spec, str) else tuple(spec) if isinstance(
        spec, (tuple, list)) else ()  # fmt: skip
    options = parts[2] if len(parts) > 2 else {}
    if not parts or not isinstance(parts[0], str) or len(parts) > 3 or not isinstance(
            options, dict) or {"max_nodes", "max_seconds"} & set(options):  # fmt: skip
        raise ProblemError(
            f"{spec!r} is not an algorithm spec; use a name such as 'bfs', "
            "('astar', 'manhattan') or ('astar', 'manhattan', {'weight': 2}) (the limits are "
            "compare's own max_nodes and max_seconds)"
        )
    if parts[0] not in search.ALGORITHMS:
        raise ProblemError(
            f"unknown algorithm {parts[0]!r}; choose from {', '.join(search.ALGORITHMS)}"
        )
    return parts[0], (parts[1] if len(parts) > 1 else None), options


#: Without padding, a widget's HTML runs the header words together.
CELL = "padding:3px 12px;text-align:right"
HEAD_CELL = CELL + ";border-bottom:1px solid #999"


class Compare(StaticFallback, widgets.VBox):
    """The table and charts :func:`compare` returns. There is no example here;
    ``tests/test_widgets.py`` runs it."""

    def __init__(
        self, rows: list[dict[str, Any]], labels: list[str], batch: int, large: bool | None = None
    ) -> None:
        self.rows, self.labels, self.batch = rows, labels, batch
        self.chart = self._draw()
        super().__init__([widgets.HTML(self.table_html()), svg_image(self.chart)])
        projector(self, large)

    def totals(self) -> dict[str, dict[str, float]]:
        """Per algorithm: each measure summed over the batch (the frontier: its largest)."""
        totals = {}
        for label in self.labels:
            mine = [row for row in self.rows if row["algorithm"] == label]
            total = {key: sum(row[key] for row in mine) for key, _ in MEASURES}
            total["max_frontier"] = max((row["max_frontier"] for row in mine), default=0)
            total["solved"] = sum(row["status"] == "solved" for row in mine)
            total["stopped"] = sum(row["status"] == "limit" for row in mine)
            totals[label] = total
        return totals

    def table_html(self) -> str:
        head = ["board", "algorithm", "status", "cost"] + [title for _, title in MEASURES]
        lines = ["<tr>" + "".join(f"<th style='{HEAD_CELL}'>{escape(h)}</th>" for h in head)
                 + "</tr>"]  # fmt: skip
        for row in self.rows:
            at_least = "&ge; " if row["status"] == "limit" else ""
            status = escape(row["status"])
            if row["status"] != "solved":
                reason = escape(row.get("reason", ""), quote=True)
                status = f"<b style='color:#c0392b' title='{reason}'>{status}</b>"
            cost = "&mdash;" if row["cost"] is None else escape(str(row["cost"]))
            cells = [escape(str(row["board"])), escape(row["algorithm"]), status, cost]
            cells += [
                f"{row[key]:.3f}" if key == "seconds" else f"{at_least}{row[key]:,}"
                for key, _ in MEASURES
            ]
            lines.append("<tr>" + "".join(f"<td style='{CELL}'>{c}</td>" for c in cells) + "</tr>")
        note = ""
        if any(row["status"] == "limit" for row in self.rows):
            note = (
                "<p><b>limit</b>: the run hit max_nodes or max_seconds and stopped; its counts "
                "are what it did before stopping (&ge;), not what it would need.</p>"
            )
        table = "<table class='puzzlelab-compare' style='border-collapse:collapse'>"
        return table + "".join(lines) + "</table>" + note

    def _draw(self) -> bytes:
        # two by two, not four in a row: narrow enough for a notebook's column
        figure = offscreen_figure((6.4, 6.0))
        totals = self.totals()
        batch = self.batch > 1
        for place, (key, title) in enumerate(MEASURES):
            ax = figure.add_subplot(2, 2, place + 1)
            values = [max(totals[label][key], 1e-4) for label in self.labels]
            stopped = [totals[label]["stopped"] > 0 for label in self.labels]
            colors = [COLORS[i % len(COLORS)] for i in range(len(values))]
            bars = ax.bar(range(len(values)), values, color=colors)
            for bar, limit in zip(bars, stopped):
                if limit:  # hatched: the run stopped early, the true count is larger
                    bar.set_hatch("///")
                    bar.set_alpha(0.6)
            log_scale(ax, "y", 1 if key != "seconds" else min(values) / 10)
            ax.set_ylim(top=max(values) * 4)  # room for the numbers above the bars
            word = ("largest" if key == "max_frontier" else "total") + " over boards"
            ax.set_title(f"{title}\n{word}" if batch else title, fontsize=FONT)
            ax.set_xticks(range(len(values)), self.labels, rotation=35, ha="right", fontsize=FONT)
            for x, (value, limit) in enumerate(zip(values, stopped)):
                text = f"{value:.3g}" if key == "seconds" else f"{int(value):,}"
                ax.text(x, value, ("≥" if limit else "") + text, ha="center", va="bottom",
                        fontsize=FONT)  # fmt: skip
        if any(total["stopped"] for total in totals.values()):
            figure.suptitle("hatched: stopped at a limit, so the true counts are larger",
                            fontsize=FONT, color="#c0392b")  # fmt: skip
        figure.tight_layout()
        return figure_svg(figure)

    def _static_svg(self) -> bytes:
        return self.chart


def compare(
    puzzles: Searchable | list[Searchable] | tuple[Searchable, ...],
    algorithms: Iterable[Spec] = ("bfs", "bidirectional"),
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    progress: bool | None = None,
    large: bool | None = None,
) -> Compare:
    """Run every algorithm spec (:data:`Spec`) on every board of *puzzles* (one, or a batch);
    ``.rows`` holds a dict per run. *progress* shows a bar (default: for batches).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> board = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> rows = compare(board, [("astar", "misplaced"), ("astar", "manhattan")]).rows
    >>> [(row["algorithm"], row["expanded"]) for row in rows]
    [('astar misplaced', 2), ('astar manhattan', 2)]
    """
    if isinstance(algorithms, str):
        raise ProblemError(f"give compare a list of algorithms, such as [{algorithms!r}]")
    specs = list(algorithms) if isinstance(algorithms, Iterable) else [algorithms]
    batch = list(puzzles) if isinstance(puzzles, (list, tuple)) else [puzzles]
    if not batch or not specs:
        raise ProblemError("compare needs at least one board and one algorithm")
    labels = [_label_of(spec) for spec in specs]
    runs = [(i, board, spec) for i, board in enumerate(batch) for spec in specs]
    show = progress if progress is not None else len(batch) > 1
    rows = []
    quiet: dict[str, Any] = {} if show else {"disable": True}  # TQDM_DISABLE may still hide it
    for i, board, spec in tqdm(runs, desc="searching", **quiet):
        name, heuristic, options = _parts(spec)
        if heuristic is not None:
            options = {**options, "heuristic": heuristic}
        result = search.ALGORITHMS[name](board, **options, max_nodes=max_nodes,
                                         max_seconds=max_seconds)  # fmt: skip
        row = {"board": i, "algorithm": _label_of(spec), "status": result.status,
               "reason": result.reason, "cost": result.cost}  # fmt: skip
        rows.append(row | {key: getattr(result.stats, key) for key, _ in MEASURES})
    return Compare(rows, labels, len(batch), large)
