"""What every search and solver returns: one result shape, plain data that prints well.

``status`` says how a run ended: ``solved``, ``exhausted`` (searched everything, no
solution), ``unsolvable`` (refused before searching, with a proof), ``limit``,
``interrupted`` (Ctrl-C or the notebook's stop button) or ``cutoff`` (a depth limit hid
deeper states); ``reason`` says why in one sentence; ``stats`` holds the counts, also
when a run stopped early. Solvers that return more subclass :class:`SearchResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, ClassVar, TypeVar

from .errors import UnsolvableError, true_or_false

#: How a run ended. ``solved`` is the only status with a path.
STATUSES = ("solved", "exhausted", "unsolvable", "limit", "interrupted", "cutoff")

#: A state or an action as JSON holds it: text, numbers, ``None``, lists of these.
Plain = str | int | float | None | list["Plain"]


@dataclass
class SearchStats:
    """Counts gathered while searching.

    Attributes
    ----------
    expanded : int
        Nodes expanded: what ``max_nodes`` counts (for solvers, queens placed, ...).
    generated : int
        Nodes created, the start included.
    duplicates : int
        Successors dropped because their state was already reached as cheaply.
    max_frontier : int
        The most nodes waiting in the frontier at once.
    seconds : float
        Wall-clock time of the search.
    expanded_by_depth : dict
        How many nodes were expanded at each depth.
    iterations : list of dict
        Iterative deepening and IDA*: each iteration's ``bound``, ``expanded`` and
        ``generated``.
    extra : dict
        Counts only some solvers keep (``retreats``, ``restarts``, ``dead``, ...).

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> stats = bfs(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")).stats
    >>> stats.expanded, stats.generated, stats.duplicates, stats.max_frontier
    (8, 16, 7, 8)
    >>> stats.expanded_by_depth  # one root, all four of depth 1, three of depth 2
    {0: 1, 1: 4, 2: 3}
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    max_frontier: int = 0
    seconds: float = 0.0
    expanded_by_depth: dict[int, int] = field(default_factory=dict)
    iterations: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """Return the statistics as a plain dictionary (JSON-ready)."""
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
    """The outcome of one search or solver run.

    Attributes
    ----------
    algorithm : str
        Which search or solver ran, e.g. ``"astar"``.
    status : str
        One of :data:`STATUSES`.
    path, actions : list
        The states from start to goal (empty unless solved), and the actions between.
    cost : float or None
        The path's total step cost, or ``None`` when nothing was found.
    stats : SearchStats
        Counts gathered so far.
    reason : str
        One sentence saying why the search stopped.

    Examples
    --------
    Every search returns one (a notebook shows it as a table):

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> result = bfs(puzzle)
    >>> result.status, result.actions, result.cost, result.reason
    ('solved', ['down', 'right'], 2, 'the goal was reached')
    >>> len(result.path), result.path[0] == puzzle.start
    (3, True)

    A search stopped early has no path, and says why:

    >>> stopped = bfs(puzzle, max_nodes=2)
    >>> stopped.solved, stopped.path, stopped.cost
    (False, [], None)
    >>> stopped.summary()
    'limit: the limit of 2 expanded nodes was reached'
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
        """Whether the run found what was asked (a path to the goal, all solutions, ...)."""
        return self.status == "solved"

    def status_text(self) -> str:
        """The status, with the reason when the run did not solve: a table's status cell."""
        return self.status if self.solved else f"{self.status}: {self.reason}"

    def summary(self) -> str:
        """The status, and the cost when solved or the reason when not."""
        return f"solved, cost {self.cost}" if self.solved else f"{self.status}: {self.reason}"

    def __repr__(self) -> str:
        s = self.stats
        return (
            f"<{self.algorithm}: {self.summary()} | {s.expanded:,} expanded, "
            f"{s.generated:,} generated, {s.duplicates:,} duplicates, "
            f"frontier <= {s.max_frontier:,}, {s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data (states as lists), ready for JSON."""
        return {
            **{name: getattr(self, name) for name in ("algorithm", "status", "reason", "cost")},
            "actions": [_plain(a) for a in self.actions],
            "path": [_plain(s) for s in self.path],
            **self.stats.as_dict(),
            **{name: getattr(self, name) for name in self.extra_fields},
        }

    def table_rows(self) -> list[tuple[str, Any]]:
        """The rows of the result's table in a notebook: ``(name, value)`` pairs."""
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


#: A kind of result: :class:`SearchResult` or one of its subclasses.
Result = TypeVar("Result", bound=SearchResult)


def refused_if_unsolvable(
    algorithm: str,
    problem: object,
    check_solvable: bool = True,
    result_type: type[Result] = SearchResult,  # type: ignore[assignment]
) -> Result | None:
    """Return an ``unsolvable`` *result_type* when *problem* proves its goal out of reach.

    *problem*'s ``check_solvable()``, if it has one, raises
    :class:`~puzzlelab.errors.UnsolvableError` with the reason. ``None`` means: search.

    Examples
    --------
    >>> class Stuck:
    ...     def check_solvable(self):
    ...         raise UnsolvableError("the tiles have the wrong parity")
    >>> refused_if_unsolvable("bfs", Stuck()).reason, refused_if_unsolvable("bfs", object())
    ('the tiles have the wrong parity', None)
    """
    proof = getattr(problem, "check_solvable", None)
    if true_or_false(check_solvable, "check_solvable") and proof is not None:
        try:
            proof()
        except UnsolvableError as error:
            return result_type(algorithm, "unsolvable", reason=str(error))
    return None


def iteration_counts(
    bound: float, before: tuple[int, int], after: tuple[int, int]
) -> dict[str, float]:
    """One entry of ``SearchStats.iterations``: an iteration's bound, and the nodes it expanded
    and generated, from the ``(expanded, generated)`` counts *before* and *after* it.

    >>> iteration_counts(3, (2, 4), (5, 9))
    {'bound': 3, 'expanded': 3, 'generated': 5}
    """
    return {"bound": bound, "expanded": after[0] - before[0], "generated": after[1] - before[1]}


def _plain(value: object) -> Plain:
    """A state or action as JSON-ready data: tuples become lists, other objects their repr."""
    if isinstance(value, (str, int, float)) or value is None:
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return repr(value)
