"""Water jugs as a simpleai ``SearchProblem``.

puzzlelab's engine also finds its ``predecessors`` and ``goal``, so it can search from both ends.

>>> from simpleai.search import breadth_first
>>> problem = WaterJugsProblem((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
>>> node = breadth_first(problem, graph_search=True)
>>> len(node.path()) - 1, node.state
(7, (4, 4, 0))
>>> from puzzlelab.search import bfs, bidirectional
>>> bfs(problem).cost, bidirectional(problem).cost
(7, 7)
"""

from __future__ import annotations

from ..puzzles.jugs import Amounts, WaterJugs
from .base import PuzzleProblem


class WaterJugsProblem(PuzzleProblem):
    """Water jugs in simpleai's terms (arguments as for :class:`~puzzlelab.puzzles.WaterJugs`).

    Examples
    --------
    >>> problem = WaterJugsProblem("3,5", target=4, tap=True)
    >>> problem.initial_state, problem.actions((0, 0))
    ((0, 0), ['fill 0', 'fill 1'])
    """

    puzzle: WaterJugs

    def __init__(
        self,
        capacities: Amounts,
        start: Amounts | None = None,
        target: int | Amounts | None = None,
        tap: bool = False,
        cost: str = "action",
    ) -> None:
        super().__init__(WaterJugs(capacities, start=start, target=target, tap=tap, cost=cost))

    def action_representation(self, action: str) -> str:
        return self.puzzle.describe(action)
