"""Korf's 100 random 15-puzzles (1985), the standard benchmark, from ``data/korf100.csv``.

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
    """One of Korf's boards: its ``number`` (1 to 100), ``optimal`` length and cells.

    >>> instance = korf_instances()[0]
    >>> instance.number, instance.optimal, instance.board[:4]
    (1, 57, (14, 13, 15, 7))
    """

    number: int
    optimal: int
    board: tuple

    def puzzle(self, turned: bool = False) -> SlidingPuzzle:
        """The board as a 15-puzzle with Korf's goal, or *turned* half a turn to puzzlelab's."""
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
