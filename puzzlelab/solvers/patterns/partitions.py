"""Partitions: disjoint patterns covering every tile, and the heuristic that adds them up."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...errors import ProblemError
from ...limits import DEFAULT, Budget, MemoryLimit, TimeLimit
from ...puzzles.sliding import SlidingPuzzle
from .build import LABELLED
from .cache import cached
from .table import PatternHeuristic, check_pattern, mirror_of

__all__ = ["Partition", "named_heuristic", "partition_of", "pattern_heuristic"]

#: Partitions of the 15-puzzle, as goal cells counted from the blank's corner (Korf's tiles).
PARTITIONS = {
    "5-5-5": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    "6-6-3": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
}

DEFAULT_PARTITION = "6-6-3"

#: A partition as given: a name from :data:`PARTITIONS`, or groups of tiles.
Partition = str | Iterable[Iterable[int]]


def partition_of(
    puzzle: SlidingPuzzle, partition: Partition = DEFAULT_PARTITION
) -> tuple[str, tuple[tuple[int, ...], ...]]:
    """``(name, tile groups)`` of *partition*: a name from :data:`PARTITIONS` or groups. There is no
    example here; ``tests/test_patterns.py`` runs it."""
    goal, shape = tuple(puzzle.goal), (puzzle.rows, puzzle.cols)
    if not isinstance(partition, str):
        groups = tuple(check_pattern(goal, group) for group in partition)
        tiles = [tile for group in groups for tile in group]
        if len(set(tiles)) != len(tiles):
            raise ProblemError(f"the patterns of a partition must not share tiles: {groups!r}")
        return "pdb:" + "/".join("-".join(map(str, group)) for group in groups), groups
    if partition not in PARTITIONS:
        raise ProblemError(
            f"unknown partition {partition!r}; named ones: {', '.join(PARTITIONS)} "
            "(or give the groups of tiles yourself)"
        )
    corner = _corner_map(shape, goal.index(0))
    if corner is None:
        raise ProblemError(
            f"the partition {partition!r} is drawn for a 4x4 board with the blank's goal in a "
            "corner; give the groups of tiles for this board"
        )
    groups = tuple(tuple(goal[corner[cell]] for cell in group) for group in PARTITIONS[partition])
    return f"pdb:{partition}", groups


def _corner_map(shape: tuple[int, int], blank_cell: int) -> list[int] | None:
    """The flip of a 4x4 board's rows and/or columns taking cell 0 to *blank_cell*, or None."""
    row, col = divmod(blank_cell, 4)
    if shape != (4, 4) or row not in (0, 3) or col not in (0, 3):
        return None
    return [abs(row - r) * 4 + abs(col - c) for r, c in (divmod(cell, 4) for cell in range(16))]


def pattern_heuristic(
    puzzle: SlidingPuzzle,
    partition: Partition = DEFAULT_PARTITION,
    *,
    blank: bool = False,
    reflect: bool | None = None,
    progress: bool = True,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> PatternHeuristic:
    """The additive pattern-database heuristic of *partition* (a name from :data:`PARTITIONS`,
    or groups of tiles) for *puzzle*. *blank* keeps the blank's cell in every table; *reflect*
    also looks the mirrored board up (default: whenever the goal allows).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> h = pattern_heuristic(eight, [(1, 2, 3, 4), (5, 6, 7, 8)], progress=False)
    >>> h.name, h(eight.goal), h((1, 2, 3, 4, 5, 6, 7, 0, 8))
    ('pdb:1-2-3-4/5-6-7-8', 0, 1)
    """
    name, groups = partition_of(puzzle, partition)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what=LABELLED)
    if reflect is None:
        reflect = mirror_of((puzzle.rows, puzzle.cols), tuple(puzzle.goal)) is not None
    databases = [cached(puzzle, group, blank=blank, progress=progress, budget=budget)
                 for group in groups]  # fmt: skip
    return PatternHeuristic(databases, name + ("+blank" if blank else ""), reflect=reflect)


def named_heuristic(puzzle: SlidingPuzzle, name: str, **limits: Any) -> PatternHeuristic:
    """The heuristic ``pdb`` or ``pdb:PARTITION`` names (``pdb``: :data:`DEFAULT_PARTITION`). There
    is no example here; ``tests/test_patterns.py`` runs it."""
    if not isinstance(puzzle, SlidingPuzzle):
        raise ProblemError(
            f"{name!r}: pattern databases are for sliding puzzles, not {type(puzzle).__name__}"
        )
    return pattern_heuristic(puzzle, check_name(name), **limits)


def check_name(name: str) -> str:
    """Return the partition *name* (``pdb`` or ``pdb:PARTITION``) names, or say what is allowed."""
    kind, colon, partition = name.partition(":")
    allowed = f"write pdb ({DEFAULT_PARTITION}) or pdb: and one of {', '.join(PARTITIONS)}"
    if kind != "pdb":
        raise ProblemError(f"{name!r} names no pattern databases; {allowed}")
    if not colon:
        return DEFAULT_PARTITION
    if not partition:
        raise ProblemError(f"{name!r} names no partition; {allowed}")
    if partition not in PARTITIONS:
        raise ProblemError(f"unknown partition {partition!r} in {name!r}; {allowed}")
    return partition
