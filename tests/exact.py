"""Exact answers shared by the tests, computed once per test session."""

from functools import cache

from puzzlelab.analysis.distances import distance_table
from puzzlelab.puzzles.sliding import SlidingPuzzle

EIGHT = SlidingPuzzle(shape=(3, 3))


@cache
def eight_puzzle_table() -> dict:
    """Every 8-puzzle position's exact distance to the goal (181,440 of them).

    Shared: a test must not change it.
    """
    return distance_table(EIGHT)
