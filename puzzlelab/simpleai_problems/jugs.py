"""Water jugs as a simpleai ``SearchProblem``."""

from __future__ import annotations

from simpleai.search import SearchProblem

from ..puzzles.jugs import WaterJugs


class WaterJugsProblem(SearchProblem):
    """Water jugs in simpleai's terms (arguments as for :class:`~puzzlelab.puzzles.WaterJugs`).

    >>> from simpleai.search import breadth_first
    >>> problem = WaterJugsProblem((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    >>> len(breadth_first(problem, graph_search=True).path()) - 1
    7
    """

    def __init__(self, capacities, start=None, target=None, tap=False):
        self.puzzle = WaterJugs(capacities, start=start, target=target, tap=tap)
        self.goal = self.puzzle.goal
        super().__init__(initial_state=self.puzzle.start)

    def actions(self, state):
        return self.puzzle.actions(state)

    def result(self, state, action):
        return self.puzzle.result(state, action)

    def is_goal(self, state):
        return self.puzzle.is_goal(state)

    def cost(self, state, action, state2):
        return 1

    def state_representation(self, state):
        return self.puzzle.render(state)
