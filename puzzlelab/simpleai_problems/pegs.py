"""Peg solitaire as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.pegs import PegSolitaire
from ..puzzles.pegs_notation import Pegs
from .base import PuzzleProblem


class PegSolitaireProblem(PuzzleProblem):
    """Peg solitaire in simpleai's terms (arguments as for ``PegSolitaire``).

    States are bit masks of pegs; an action is a move (a chain of jumps), e.g. ``(6, 3, 8, 6, 14)``.

    Examples
    --------
    >>> from simpleai.search import depth_first
    >>> problem = PegSolitaireProblem("triangle15", hole=4)
    >>> node = depth_first(problem, graph_search=True)
    >>> node.state == problem.puzzle.goal, node.path()[1][0]
    (True, (13, 4))
    >>> print(problem.state_representation(node.state))
        .
       . .
      o . .
     . . . .
    . . . . .
    >>> problem = PegSolitaireProblem("triangle21", hole=7)
    >>> problem.actions(problem.initial_state)
    [(15, 7), (17, 7)]
    """

    puzzle: PegSolitaire
    rules = PegSolitaire

    def heuristic(self, state: Pegs) -> int:
        """The pegs left in corners: each needs a move of its own."""
        return self.puzzle.corner_bound(state)
