"""What every search and solver returns: one result shape, plain data that prints well."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, ClassVar

from .errors import UnsolvableError, true_or_false

#: How a run ended: ``exhausted`` searched everything, ``unsolvable`` was refused with a
#: proof, ``cutoff`` means a depth limit hid deeper states. Only ``solved`` has a path.
STATUSES = ("solved", "exhausted", "unsolvable", "limit", "interrupted", "cutoff")

Plain = str | int | float | None | list["Plain"]


@dataclass
class SearchStats:
    """Counts gathered while searching (``extra``: those only some solvers keep).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> stats = bfs(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")).stats
    >>> stats.expanded_by_depth  # one root, all four of depth 1, three of depth 2
    {0: 1, 1: 4, 2: 3}
    """

    #: Nodes expanded: what ``max_nodes`` counts (for solvers: queens placed, ...).
    expanded: int = 0
    #: Nodes created, the start included.
    generated: int = 0
    #: Successors dropped because their state was already reached (by a path no worse, for the
    #: searches that keep the best path to each state).
    duplicates: int = 0
    #: The most nodes waiting in the frontier at once.
    max_frontier: int = 0
    seconds: float = 0.0
    expanded_by_depth: dict[int, int] = field(default_factory=dict)
    #: Iterative deepening and IDA*: each iteration's ``bound``, ``expanded``, ``generated``.
    iterations: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        counts = ("expanded", "generated", "duplicates", "max_frontier")
        return {
            **{name: getattr(self, name) for name in counts},
            "seconds": round(self.seconds, 6),
            "expanded_by_depth": dict(sorted(self.expanded_by_depth.items())),
            "iterations": [
                {k: round(v, 6) if isinstance(v, float) else v for k, v in it.items()}
                for it in self.iterations
            ],
            **self.extra,
        }


@dataclass(repr=False)
class SearchResult:
    """The outcome of one search or solver run: a :data:`STATUSES` and its ``reason``.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> result = bfs(puzzle)
    >>> result.status, result.actions, result.cost, result.reason
    ('solved', ['down', 'right'], 2, 'the goal was reached')

    >>> stopped = bfs(puzzle, max_nodes=2)
    >>> stopped.path, stopped.cost, stopped.summary()
    ([], None, 'limit: the limit of 2 expanded nodes was reached')
    """

    algorithm: str
    status: str
    path: list = field(default_factory=list)
    actions: list = field(default_factory=list)
    cost: float | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    reason: str = ""

    #: The attributes a subclass adds that :meth:`as_dict` writes too, after the counts.
    extra_fields: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {self.status!r}")

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def status_text(self) -> str:
        return self.status if self.solved else f"{self.status}: {self.reason}"

    def summary(self) -> str:
        return f"solved, cost {self.cost}" if self.solved else f"{self.status}: {self.reason}"

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded, "
            f"{s.generated:,} generated, {s.duplicates:,} duplicates, "
            f"frontier <= {s.max_frontier:,}, {s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            **{name: getattr(self, name) for name in ("algorithm", "status", "reason", "cost")},
            "actions": [_plain(a) for a in self.actions],
            "path": [_plain(s) for s in self.path],
            **self.stats.as_dict(),
            **{name: getattr(self, name) for name in self.extra_fields},
        }

    def table_rows(self) -> list[tuple[str, Any]]:
        s = self.stats
        rows = [
            ("status", self.status_text()),
            ("cost", self.cost),
            ("expanded", f"{s.expanded:,}"),
            ("generated", f"{s.generated:,}"),
            ("duplicates skipped", f"{s.duplicates:,}"),
            ("largest frontier", f"{s.max_frontier:,}"),
            ("seconds", f"{s.seconds:.3f}"),
        ]
        if s.iterations:
            bounds = ", ".join(f"{it['bound']}: {it['expanded']:,}" for it in s.iterations)
            rows.append(("expanded per iteration", bounds))
        rows.extend((name.replace("_", " "), value) for name, value in s.extra.items())
        return rows

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><th style='text-align:left'>{escape(str(k))}</th>"
            f"<td style='text-align:left'>{escape(str(v))}</td></tr>"
            for k, v in self.table_rows()
        )
        return f"<table><caption><b>{escape(self.algorithm)}</b></caption>{body}</table>"


def refused_if_unsolvable(
    algorithm: str, problem: object, check_solvable: bool = True
) -> SearchResult | None:
    """Return an ``unsolvable`` result if *problem*'s ``check_solvable()`` raises, else None.

    There is no example here; ``tests/test_core_search.py`` runs it.
    """
    proof = getattr(problem, "check_solvable", None)
    if true_or_false(check_solvable, "check_solvable") and proof is not None:
        try:
            proof()
        except UnsolvableError as error:
            return SearchResult(algorithm, "unsolvable", reason=str(error))
    return None


def iteration_counts(
    bound: float, before: tuple[int, int], after: tuple[int, int]
) -> dict[str, float]:
    """One entry of ``SearchStats.iterations``, from the counts *before* and *after* it.

    >>> iteration_counts(3, (2, 4), (5, 9))
    {'bound': 3, 'expanded': 3, 'generated': 5}
    """
    return {"bound": bound, "expanded": after[0] - before[0], "generated": after[1] - before[1]}


def _plain(value: object) -> Plain:
    """JSON-ready: tuples become lists, other objects their repr."""
    if isinstance(value, (str, int, float)) or value is None:
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return repr(value)
