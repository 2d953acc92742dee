"""What every search and solver returns: one result shape, plain data that prints well.

Vocabulary, the same in code, docstrings, the command line's ``--json`` and the lessons:

- ``status`` says how a run ended, always one of :data:`STATUSES`:
  ``solved`` (it found what was asked), ``exhausted`` (it searched everything and there
  is no solution), ``unsolvable`` (refused before searching: the goal cannot be
  reached, and a quick argument proves it), ``limit`` (a node, time or memory limit
  stopped it), ``interrupted`` (Ctrl-C or the notebook's stop button), and ``cutoff``
  (a depth limit hid deeper states);
- ``reason`` is one sentence saying why;
- ``path`` the states from start to goal, ``actions`` the actions between them,
  ``cost`` the path's total step cost;
- ``stats`` the counts, gathered so far also when a run stopped early. ``expanded``
  always counts what the limit ``max_nodes`` counts: the nodes a solver worked on.

Solvers that return more (the number of solutions, a strategy's questions per secret)
return a small subclass of :class:`SearchResult`.

Examples
--------
>>> result = SearchResult("bfs", "solved", ["a", "b"], ["go"], 1, SearchStats(1, 2))
>>> result
<bfs: solved, cost 1 | 1 expanded, 2 generated, 0 duplicates, frontier <= 0, 0.000 s>
>>> result.as_dict()["status"], result.solved
('solved', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any, TypeVar, overload

from .errors import UnsolvableError

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
        Nodes taken from the frontier and expanded (their successors generated); for
        solvers, the nodes they worked on (queens placed, positions visited, ...).
    generated : int
        Nodes created, the start included; in graph search, the distinct states
        reached (plus any state re-reached by a cheaper path).
    duplicates : int
        Successors dropped because their state was already reached as cheaply.
    max_frontier : int
        The largest number of nodes waiting in the frontier at once.
    seconds : float
        Wall-clock time of the search.
    expanded_by_depth : dict
        How many nodes were expanded at each depth.
    iterations : list of dict
        For iterative deepening and IDA*: one entry per iteration with its
        ``bound`` (depth limit or f-bound), ``expanded`` and ``generated``.
    extra : dict
        Counts that only some solvers keep, by name (``retreats`` of backtracking,
        ``restarts`` of min-conflicts, ``dead`` positions of peg solitaire, ...).

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
        return {
            "expanded": self.expanded,
            "generated": self.generated,
            "duplicates": self.duplicates,
            "max_frontier": self.max_frontier,
            "seconds": round(self.seconds, 6),
            "expanded_by_depth": dict(sorted(self.expanded_by_depth.items())),
            "iterations": [_rounded(it) for it in self.iterations],
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
    path : list
        The states from start to goal, both included (empty unless solved).
    actions : list
        The actions between consecutive states of *path*.
    cost : float or None
        The path's total step cost, or ``None`` when nothing was found.
    stats : SearchStats
        Counts gathered so far, also when the search stopped early.
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
    >>> print(puzzle.render(result.path[-1]))
    1 2 3
    4 5 6
    7 8 .

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
            "algorithm": self.algorithm,
            "status": self.status,
            "reason": self.reason,
            "cost": self.cost,
            "actions": [_plain(a) for a in self.actions],
            "path": [_plain(s) for s in self.path],
            **self.stats.as_dict(),
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


@overload
def refused_if_unsolvable(
    algorithm: str, check_solvable: Callable[[], object] | None
) -> SearchResult | None: ...


@overload
def refused_if_unsolvable(
    algorithm: str, check_solvable: Callable[[], object] | None, result_type: type[Result]
) -> Result | None: ...


def refused_if_unsolvable(
    algorithm: str,
    check_solvable: Callable[[], object] | None,
    result_type: type[SearchResult] = SearchResult,
) -> SearchResult | None:
    """Return an ``unsolvable`` result when *check_solvable* proves the goal out of reach.

    *check_solvable* is a puzzle's quick proof (it raises
    :class:`~puzzlelab.errors.UnsolvableError` with the reason), or ``None`` not to try
    one; the result is a *result_type* (default :class:`SearchResult`). Returns ``None``
    when the search should go ahead.

    Parameters
    ----------
    algorithm : str
        The name the result carries.
    check_solvable : callable or None
        The puzzle's proof, or None not to try one.
    result_type : type
        :class:`SearchResult` or a subclass of it.

    Returns
    -------
    SearchResult or None

    Examples
    --------
    >>> def no_way():
    ...     raise UnsolvableError("the tiles have the wrong parity")
    >>> refused_if_unsolvable("bfs", no_way).reason, refused_if_unsolvable("bfs", None)
    ('the tiles have the wrong parity', None)
    """
    if check_solvable is not None:
        try:
            check_solvable()
        except UnsolvableError as error:
            return result_type(algorithm, "unsolvable", reason=str(error))
    return None


def _plain(value: object) -> Plain:
    """A state or action as JSON-ready data: tuples become lists, other objects their repr."""
    if isinstance(value, (str, int, float)) or value is None:
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return repr(value)


def _rounded(iteration: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 6) if isinstance(v, float) else v for k, v in iteration.items()}
