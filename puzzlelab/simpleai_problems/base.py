"""What every adapter shares: a puzzlelab puzzle seen through simpleai's ``SearchProblem``.

A subclass builds its puzzle and hands it to :class:`PuzzleProblem`; every method
simpleai calls asks that puzzle, so the rules live in one place, the model.
"""

from __future__ import annotations

from simpleai.search import SearchProblem


class PuzzleProblem(SearchProblem):
    """A simpleai ``SearchProblem`` whose rules are those of ``self.puzzle``.

    The puzzle gives ``start``, ``actions``, ``result``, ``is_goal``, ``cost`` and
    ``render`` (and ``goal`` and ``predecessors`` where it has them, which puzzlelab's
    bidirectional search uses).

    Examples
    --------
    >>> from puzzlelab.puzzles import QueensPuzzle, WaterJugs
    >>> problem = PuzzleProblem(WaterJugs((4, 3), target=2, tap=True))
    >>> problem.initial_state, problem.actions((0, 0))
    ((0, 0), ['fill 0', 'fill 1'])
    >>> hasattr(problem, "predecessors"), hasattr(PuzzleProblem(QueensPuzzle(4)), "predecessors")
    (True, False)
    """

    def __init__(self, puzzle):
        self.puzzle = puzzle
        self.goal = getattr(puzzle, "goal", None)
        if hasattr(puzzle, "predecessors"):  # only then can a search step backwards
            self.predecessors = puzzle.predecessors
        super().__init__(initial_state=puzzle.start)

    def actions(self, state):
        return self.puzzle.actions(state)

    def result(self, state, action):
        return self.puzzle.result(state, action)

    def is_goal(self, state):
        return self.puzzle.is_goal(state)

    def cost(self, state, action, state2):
        return self.puzzle.cost(state, action, state2)

    def state_representation(self, state):
        return self.puzzle.render(state)
