"""puzzlelab's search engine: one loop (:func:`~.engine.run`, its rules above it), the frontiers
that make it each search (:mod:`~.algorithms`), and IDA* and bidirectional search."""

from collections.abc import Callable

from ..results import SearchResult, SearchStats
from .algorithms import astar, bfs, dfs, greedy, uniform_cost
from .bidirectional import bidirectional
from .deepening import depth_limited, iddfs
from .engine import Node
from .idastar import idastar
from .problem import Problem, as_problem
from .trace import Trace, TraceEvent, frontier_rows, snapshot_counts, snapshots

#: The searches by name: each takes a problem first, then keywords (limits, ``trace``, ...).
ALGORITHMS: dict[str, Callable[..., SearchResult]] = {
    search.__name__: search
    for search in (bfs, dfs, iddfs, uniform_cost, greedy, astar, idastar, bidirectional)
}

__all__ = [
    "ALGORITHMS",
    "Node",
    "Problem",
    "SearchResult",
    "SearchStats",
    "Trace",
    "TraceEvent",
    "as_problem",
    "astar",
    "bfs",
    "bidirectional",
    "depth_limited",
    "dfs",
    "frontier_rows",
    "greedy",
    "iddfs",
    "idastar",
    "snapshot_counts",
    "snapshots",
    "uniform_cost",
]
