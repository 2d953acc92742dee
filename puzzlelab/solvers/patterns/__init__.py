"""Pattern databases: a relaxed sliding puzzle solved exactly, once, and looked up in search.

Disjoint patterns (groups of tiles) add up (Korf and Felner 2002); a *partition* covers every tile.
"""

from .build import UNSET, placement_codes, placement_count, placement_positions, placement_ranks
from .cache import cache_folder, cached
from .partitions import Partition, named_heuristic, partition_of, pattern_heuristic
from .table import PatternDatabase, PatternHeuristic

__all__ = [
    "UNSET",
    "Partition",
    "PatternDatabase",
    "PatternHeuristic",
    "cache_folder",
    "cached",
    "named_heuristic",
    "partition_of",
    "pattern_heuristic",
    "placement_codes",
    "placement_count",
    "placement_positions",
    "placement_ranks",
]
