"""What a search returns: plain data that prints well in a notebook."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

#: Why a search stopped. ``solved`` is the only status with a path.
STATUSES = ("solved", "exhausted", "cutoff", "limit", "interrupted")


@dataclass
class SearchStats:
    """Counts gathered while searching.

    Attributes
    ----------
    expanded : int
        Nodes taken from the frontier and expanded (their successors generated).
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
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    max_frontier: int = 0
    seconds: float = 0.0
    expanded_by_depth: dict[int, int] = field(default_factory=dict)
    iterations: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """Return the statistics as a plain dictionary (JSON-ready)."""
        return {
            "expanded": self.expanded,
            "generated": self.generated,
            "duplicates": self.duplicates,
            "max_frontier": self.max_frontier,
            "seconds": round(self.seconds, 6),
            "expanded_by_depth": dict(sorted(self.expanded_by_depth.items())),
            "iterations": list(self.iterations),
        }


@dataclass
class SearchResult:
    """The outcome of one search.

    Attributes
    ----------
    algorithm : str
        Which search ran, e.g. ``"astar"``.
    status : str
        One of ``solved``, ``exhausted`` (every reachable state was tried),
        ``cutoff`` (a depth limit hid deeper states), ``limit`` (a node or time
        limit stopped it) or ``interrupted`` (the notebook's stop button).
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
    """

    algorithm: str
    status: str
    path: list = field(default_factory=list)
    actions: list = field(default_factory=list)
    cost: float | None = None
    stats: SearchStats = field(default_factory=SearchStats)
    reason: str = ""

    @property
    def solved(self) -> bool:
        """Whether a path to the goal was found."""
        return self.status == "solved"

    def __repr__(self) -> str:
        s = self.stats
        head = f"cost {self.cost}" if self.solved else f"{self.status}: {self.reason}"
        return (
            f"<{self.algorithm}: {head} | {s.expanded:,} expanded, {s.generated:,} generated, "
            f"{s.duplicates:,} duplicates, frontier <= {s.max_frontier:,}, {s.seconds:.3f} s>"
        )

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data (states as lists), ready for JSON."""
        return {
            "algorithm": self.algorithm,
            "status": self.status,
            "reason": self.reason,
            "cost": self.cost,
            "actions": [a if isinstance(a, (str, int, float)) else repr(a) for a in self.actions],
            "path": [list(s) if isinstance(s, tuple) else s for s in self.path],
            **self.stats.as_dict(),
        }

    def _repr_html_(self) -> str:
        s = self.stats
        rows = [
            ("status", self.status if self.solved else f"{self.status}: {self.reason}"),
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
        body = "".join(
            f"<tr><th style='text-align:left'>{escape(str(k))}</th>"
            f"<td style='text-align:left'>{escape(str(v))}</td></tr>"
            for k, v in rows
        )
        return f"<table><caption><b>{escape(self.algorithm)}</b></caption>{body}</table>"
