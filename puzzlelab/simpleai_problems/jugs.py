"""Water jugs as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.jugs import WaterJugs
from .base import PuzzleProblem


class WaterJugsProblem(PuzzleProblem):
    """Water jugs in simpleai's terms (arguments as for :class:`~puzzlelab.puzzles.WaterJugs`).

    puzzlelab's engine also finds its ``predecessors`` and ``goal``: it can search from both ends.

    Examples
    --------
    >>> from simpleai.search import breadth_first
    >>> problem = WaterJugsProblem((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    >>> node = breadth_first(problem, graph_search=True)
    >>> len(node.path()) - 1, node.state
    (7, (4, 4, 0))
    >>> from puzzlelab.search import bfs, bidirectional
    >>> bfs(problem).cost, bidirectional(problem).cost
    (7, 7)
    >>> problem = WaterJugsProblem("3,5", target=4, tap=True)
    >>> problem.initial_state, problem.actions((0, 0))
    ((0, 0), ['fill 0', 'fill 1'])
    """

    puzzle: WaterJugs
    rules = WaterJugs

    def action_representation(self, action: str) -> str:
        return self.puzzle.describe(action)
