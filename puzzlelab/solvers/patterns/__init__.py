"""Pattern databases: a relaxed sliding puzzle solved exactly, once, and looked up in search.

A *pattern* is a group of tiles. Forget which of the other tiles is which, and a
board is just where the pattern's tiles and the blank are: a much smaller puzzle,
small enough to solve exactly by breadth-first search outward from the goal. The
fewest moves that bring the pattern's tiles home is a lower bound on the whole
puzzle's distance, and it counts what Manhattan distance ignores: tiles in each
other's way.

Counting only the moves of the pattern's own tiles (the blank wanders among the
other tiles for free) makes the databases of *disjoint* patterns additive: no move
is counted twice, so their sum is still a lower bound (Korf and Felner 2002). A
*partition* is such a set of patterns covering every tile; the 15-puzzle's named
partitions are in :data:`PARTITIONS`.

How a database is built and kept, module by module:

- :mod:`~puzzlelab.solvers.patterns.ranking`: one byte per placement of the pattern's
  tiles, indexed by a perfect ranking of their cells (:func:`placement_ranks`);
- :mod:`~puzzlelab.solvers.patterns.build`: the breadth-first search runs over whole
  layers at once with numpy (every board at one distance, then every board one tile
  move further);
- :mod:`~puzzlelab.solvers.patterns.table`: :class:`PatternDatabase` and the sum of
  disjoint ones, :class:`PatternHeuristic`;
- :mod:`~puzzlelab.solvers.patterns.cache`: tables are cached on disk
  (:func:`cache_folder`), checked when loaded and rebuilt when missing or stale;
- :mod:`~puzzlelab.solvers.patterns.partitions`: the named partitions and
  :func:`pattern_heuristic`, the heuristic of a partition.

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> eight = SlidingPuzzle(shape=(3, 3))
>>> database = PatternDatabase.build(eight, (1, 2, 3, 4), progress=False)
>>> database.size, database(eight.goal), database((4, 1, 2, 3, 0, 5, 6, 7, 8))
(3024, 0, 6)
"""

from .build import UNSET
from .cache import cache_folder, cached
from .partitions import (
    DEFAULT_PARTITION,
    PARTITIONS,
    Partition,
    named_heuristic,
    partition_of,
    pattern_heuristic,
)
from .ranking import placement_codes, placement_count, placement_positions, placement_ranks
from .table import PatternDatabase, PatternHeuristic, check_pattern, mirror_of

__all__ = [
    "DEFAULT_PARTITION",
    "PARTITIONS",
    "UNSET",
    "Partition",
    "PatternDatabase",
    "PatternHeuristic",
    "cache_folder",
    "cached",
    "check_pattern",
    "mirror_of",
    "named_heuristic",
    "partition_of",
    "pattern_heuristic",
    "placement_codes",
    "placement_count",
    "placement_positions",
    "placement_ranks",
]
