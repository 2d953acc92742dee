"""puzzlelab's search engine: one loop with interchangeable frontiers.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> from puzzlelab.search import astar, bfs, bidirectional
>>> puzzle = SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
>>> astar(puzzle, heuristic="manhattan").cost
31
"""

from ..results import SearchResult, SearchStats
from .algorithms import astar, bfs, depth_limited, dfs, greedy, iddfs, uniform_cost
from .bidirectional import bidirectional
from .engine import Node
from .idastar import idastar
from .problem import Problem, as_problem
from .trace import Trace, TraceEvent, frontier_rows, snapshot_counts, snapshots

ALGORITHMS = {
    "bfs": bfs,
    "dfs": dfs,
    "iddfs": iddfs,
    "uniform_cost": uniform_cost,
    "greedy": greedy,
    "astar": astar,
    "idastar": idastar,
    "bidirectional": bidirectional,
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
