"""Exact distances and heuristics checked (:mod:`~.distances`), search trees (:mod:`~.trees`)
and simpleai's searches recorded as puzzlelab traces (:mod:`~.simpleai_trace`)."""

from .distances import (
    DistanceTable,
    HeuristicReport,
    check_heuristic,
    cost_table,
    depth_histogram,
    distance_layers,
    distance_table,
    effective_branching,
    farthest,
)


def __getattr__(name: str) -> object:
    """A name of :mod:`~.trees`, imported when first asked for: networkx stays out of the CLI."""
    if name in ("cut_tree", "search_tree"):
        from . import trees

        return getattr(trees, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DistanceTable",
    "HeuristicReport",
    "check_heuristic",
    "cost_table",
    "cut_tree",
    "depth_histogram",
    "distance_layers",
    "distance_table",
    "effective_branching",
    "farthest",
    "search_tree",
]
