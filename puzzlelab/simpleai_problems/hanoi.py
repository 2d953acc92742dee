"""The Tower of Hanoi as a simpleai ``SearchProblem``.

>>> from simpleai.search import astar
>>> node = astar(HanoiProblem(disks=3), graph_search=True)
>>> len(node.path()) - 1
7
"""

from __future__ import annotations

from ..puzzles.hanoi import TowerOfHanoi
from .base import PuzzleProblem


class HanoiProblem(PuzzleProblem):
    """The Tower of Hanoi in simpleai's terms; its heuristic is the puzzle's own."""

    puzzle: TowerOfHanoi

    def __init__(self, disks: int = 3, pegs: int = 3) -> None:
        super().__init__(TowerOfHanoi(disks, pegs))
