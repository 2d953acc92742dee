"""What searches and state spaces are made of: exact distances, heuristics checked, search trees.

- :mod:`~.distances`: every state's exact distance to the goal, by breadth-first search
  from the goal, and what follows from it: :func:`check_heuristic` (admissible?
  consistent?), the depth histogram, the farthest states, the effective branching factor;
- :mod:`~.trees`: a search's recorded trace as a networkx tree;
- :mod:`~.simpleai_trace`: simpleai's searches recorded as the same trace.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> table = distance_table(SlidingPuzzle(shape=(2, 3)))
>>> len(table), max(table.values())
(360, 21)
"""

from .distances import (
    DistanceTable,
    HeuristicReport,
    check_heuristic,
    depth_histogram,
    distance_layers,
    distance_table,
    effective_branching,
    farthest,
)

#: The names of :mod:`~.trees`, loaded on first use: networkx stays out of the command line.
_TREES = ("bfs_tree", "branching_factor", "cut_tree", "goal_node", "search_tree")


def __getattr__(name: str) -> object:
    """A name of :mod:`~.trees`, imported when first asked for."""
    if name in _TREES:
        from . import trees

        return getattr(trees, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DistanceTable",
    "HeuristicReport",
    "bfs_tree",
    "branching_factor",
    "check_heuristic",
    "cut_tree",
    "depth_histogram",
    "distance_layers",
    "distance_table",
    "effective_branching",
    "farthest",
    "goal_node",
    "search_tree",
]
