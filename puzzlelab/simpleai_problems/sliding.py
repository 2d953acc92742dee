"""The sliding puzzles as simpleai ``SearchProblem`` subclasses.

simpleai's own algorithms (``breadth_first``, ``astar``, ...) run on these
unchanged, and so does puzzlelab's engine, which makes the two easy to compare.

Examples
--------
>>> from simpleai.search import breadth_first
>>> problem = SlidingPuzzleProblem("3 1 5 / 0 7 4 / 6 8 2", goal="0 1 2 / 3 4 5 / 6 7 8")
>>> node = breadth_first(problem, graph_search=True)
>>> len(node.path()) - 1
13
>>> from puzzlelab.search import bfs
>>> bfs(problem).cost
13
"""

from __future__ import annotations

from ..errors import ProblemError
from ..puzzles.sliding import BoardInput, SlidingPuzzle, State
from .base import PuzzleProblem


class SlidingPuzzleProblem(PuzzleProblem):
    """A sliding puzzle in simpleai's terms, with its heuristic chosen on construction.

    Parameters
    ----------
    start, goal, shape
        As for :class:`~puzzlelab.puzzles.SlidingPuzzle`.
    heuristic : str
        ``"manhattan"`` (default), ``"misplaced"``, ``"linear-conflict"`` or ``"zero"``.
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
        self.heuristic_name = heuristic
        self._heuristic = named[heuristic]

    def heuristic(self, state: State) -> int:
        return self._heuristic(state)
