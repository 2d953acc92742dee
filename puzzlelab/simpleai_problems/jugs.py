"""Water jugs as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.jugs import WaterJugs
from .base import PuzzleProblem


class WaterJugsProblem(PuzzleProblem):
    """Water jugs in simpleai's terms (arguments as for :class:`~puzzlelab.puzzles.WaterJugs`).

    >>> problem = WaterJugsProblem((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    >>> from puzzlelab.search import bfs, bidirectional
    >>> bfs(problem).cost, bidirectional(problem).cost
    (7, 7)
    """

    puzzle: WaterJugs
    rules = WaterJugs

    def action_representation(self, action: str) -> str:
        return self.puzzle.describe(action)
