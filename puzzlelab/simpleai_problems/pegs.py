"""Peg solitaire as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.pegs import PegSolitaire
from ..puzzles.pegs_notation import Pegs
from .base import PuzzleProblem


class PegSolitaireProblem(PuzzleProblem):
    """Peg solitaire in simpleai's terms (arguments as for ``PegSolitaire``).

    >>> from simpleai.search import depth_first
    >>> problem = PegSolitaireProblem("triangle15", hole=4)
    >>> node = depth_first(problem, graph_search=True)
    >>> node.state == problem.puzzle.goal, node.path()[1][0]
    (True, (13, 4))
    """

    puzzle: PegSolitaire
    rules = PegSolitaire

    def heuristic(self, state: Pegs) -> int:
        return self.puzzle.corner_bound(state)
