"""Pattern databases: a relaxed sliding puzzle solved exactly, once, and looked up in search.

A *pattern* is a group of tiles; the fewest moves of its own tiles that bring them home
is a lower bound on the puzzle's distance, and the databases of *disjoint* patterns add
up (Korf and Felner 2002). A *partition* is such a set of patterns covering every tile.
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
