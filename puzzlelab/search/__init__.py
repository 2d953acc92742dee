"""puzzlelab's search engine: one loop, the frontiers that make it each search, two others.

To follow A* from a lesson to the loop: :func:`~.algorithms.astar` turns the puzzle into a
:class:`~.problem.Problem` (:func:`~.problem.as_problem`), makes a priority frontier on
f = g + h beside it in :mod:`~.algorithms`, and hands both to :func:`~.engine.run`, the loop
that breadth-first, depth-first, uniform-cost and greedy search share; the rules the loop
follows (successor order, goal test on expansion, ties, repeated states) are written above it
in :mod:`~.engine`, with the :class:`~.engine.Node` it makes and the :class:`~.engine.Tally`
it reports to. Depth-limited search and iterative deepening (:mod:`~.deepening`) run the same
loop with a depth limit; IDA* (:mod:`~.idastar`) and bidirectional search
(:mod:`~.bidirectional`) keep loops of their own and report to the same tally.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> from puzzlelab.search import astar, bfs
>>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
>>> bfs(puzzle).actions
['left', 'up', 'right', 'down', 'right']
>>> astar(puzzle, heuristic="manhattan").stats.expanded, bfs(puzzle).stats.expanded
(5, 23)
"""

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
