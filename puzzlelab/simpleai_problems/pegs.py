"""Peg solitaire as a simpleai ``SearchProblem``: one action is one move (a chain of jumps).

simpleai's algorithms run on it unchanged, and so does puzzlelab's engine.

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
"""

from __future__ import annotations

from collections.abc import Iterable

from ..puzzles.pegs import PegSolitaire
from ..puzzles.pegs_boards import Board
from ..puzzles.pegs_notation import Pegs
from .base import PuzzleProblem


class PegSolitaireProblem(PuzzleProblem):
    """Peg solitaire in simpleai's terms (arguments as for ``PegSolitaire``).

    States are bit masks of pegs; an action is a move such as ``(6, 3, 8, 6, 14)``. The
    model itself is ``problem.puzzle``: use it to draw states or replay moves.

    Parameters
    ----------
    board : str or Board
        ``"triangle21"`` (default), ``"triangle15"``, ``"english"`` or ``"french"``.
    hole : int, optional
        The empty hole at the start; default: the board's usual one.
    finish : int, optional
        The hole where the last peg must end; default: *hole*.
    start : iterable of int or int, optional
        The holes with a peg at the start, instead of *hole*.

    Raises
    ------
    BoardError
        If a hole is not on the board, or the start and finish do not fit together.

    Examples
    --------
    >>> problem = PegSolitaireProblem("triangle21", hole=7)
    >>> problem.actions(problem.initial_state)
    [(15, 7), (17, 7)]
    """

    puzzle: PegSolitaire

    def __init__(
        self,
        board: str | Board = "triangle21",
        hole: int | str | None = None,
        *,
        finish: int | str | None = None,
        start: Iterable[int] | Pegs | None = None,
    ) -> None:
        super().__init__(PegSolitaire(board, hole, finish=finish, start=start))

    def heuristic(self, state: Pegs) -> int:
        """The pegs left in corners: each needs a move of its own."""
        return self.puzzle.corner_bound(state)
