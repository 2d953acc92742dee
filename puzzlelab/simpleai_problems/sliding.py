"""The sliding puzzles as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..errors import ProblemError
from ..puzzles.sliding import SlidingPuzzle
from ..puzzles.sliding_boards import BoardInput, State
from .base import PuzzleProblem


class SlidingPuzzleProblem(PuzzleProblem):
    """A sliding puzzle in simpleai's terms (arguments as for ``SlidingPuzzle``), and a
    *heuristic*: ``"manhattan"``, ``"misplaced"``, ``"linear-conflict"`` or ``"zero"``.

    >>> from simpleai.search import astar
    >>> problem = SlidingPuzzleProblem("4 1 3 / 2 0 5", heuristic="misplaced")
    >>> node = astar(problem, graph_search=True)
    >>> [action for action, _ in node.path()[1:]]
    ['left', 'up', 'right', 'down', 'right']
    >>> SlidingPuzzleProblem("4 1 3 / 2 0 5", heuristic="euclid")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: unknown heuristic 'euclid'; choose from: misplaced, ...
    """

    puzzle: SlidingPuzzle

    def __init__(
        self,
        start: BoardInput | None = None,
        goal: BoardInput | None = None,
        shape: tuple[int, int] | None = None,
        heuristic: str = "manhattan",
    ) -> None:
        super().__init__(SlidingPuzzle(start, goal=goal, shape=shape))
        named = {**self.puzzle.heuristics, "zero": lambda state: 0}
        if heuristic not in named:
            raise ProblemError(f"unknown heuristic {heuristic!r}; choose from: {', '.join(named)}")
        self._heuristic = named[heuristic]

    def heuristic(self, state: State) -> int:
        return self._heuristic(state)
