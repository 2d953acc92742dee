"""Korf's 100 random 15-puzzles: the field's standard benchmark, with their optimal lengths.

Korf (1985) drew 100 solvable 15-puzzle boards at random and solved each
optimally with IDA* and Manhattan distance; every 15-puzzle solver since is
measured on them. The boards and lengths are in ``puzzlelab/data/korf100.csv``,
with their source. Korf's goal has the blank top left.

Examples
--------
>>> first = korf_instances()[0]
>>> first.number, first.optimal, first.puzzle().rows
(1, 57, 4)
>>> sum(instance.optimal for instance in korf_instances()) / 100
53.05
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .sliding import SlidingPuzzle

#: Korf's goal: the blank top left, the tiles in order after it.
KORF_GOAL = "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"


@dataclass(frozen=True)
class KorfInstance:
    """One of Korf's boards: its number (1 to 100), its optimal length and its cells.

    Attributes
    ----------
    number : int
        Its place in Korf's list, from 1.
    optimal : int
        The fewest moves from the board to Korf's goal.
    board : tuple of int
        The 16 cells, row by row; 0 is the blank.

    Examples
    --------
    >>> instance = korf_instances()[0]
    >>> instance.number, instance.optimal
    (1, 57)
    >>> print(instance.puzzle().render())
    14 13 15  7
    11 12  9  5
     6  .  2  1
     4  8 10  3
    """

    number: int
    optimal: int
    board: tuple

    def puzzle(self, turned: bool = False) -> SlidingPuzzle:
        """The board as a 15-puzzle with Korf's goal (the blank top left).

        With *turned*, the board turned half a turn and each tile *t* renamed ``16 - t``:
        Korf's goal becomes puzzlelab's own (the blank bottom right), and every path
        keeps its length, so the optimal length is the same.

        >>> instance = korf_instances()[0]
        >>> instance.puzzle(turned=True).goal == SlidingPuzzle(shape=(4, 4)).goal
        True
        """
        if not turned:
            return SlidingPuzzle(self.board, goal=KORF_GOAL)
        cells = len(self.board)
        return SlidingPuzzle(tuple((cells - tile) % cells for tile in reversed(self.board)))


@cache
def korf_instances() -> tuple[KorfInstance, ...]:
    """The 100 instances, in Korf's order."""
    text = resources.files("puzzlelab").joinpath("data", "korf100.csv").read_text("utf-8")
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    return tuple(
        KorfInstance(int(row["number"]), int(row["optimal"]), tuple(map(int, row["board"].split())))
        for row in rows
    )
