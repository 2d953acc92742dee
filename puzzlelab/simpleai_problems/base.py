"""What every adapter shares: a puzzlelab puzzle seen through simpleai's ``SearchProblem``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from simpleai.search import SearchProblem

from ..search.problem import Action, Searchable, State


class PuzzleProblem(SearchProblem):
    """A simpleai ``SearchProblem`` whose rules, ``goal``, ``predecessors`` and ``heuristics``
    are those of ``self.puzzle``.

    >>> from puzzlelab.puzzles import QueensPuzzle, WaterJugs
    >>> problem = PuzzleProblem(WaterJugs((4, 3), target=2, tap=True))
    >>> problem.initial_state, problem.actions((0, 0))
    ((0, 0), ['fill 0', 'fill 1'])
    >>> hasattr(problem, "predecessors"), hasattr(PuzzleProblem(QueensPuzzle(4)), "predecessors")
    (True, False)
    """

    #: The puzzle class whose arguments a subclass takes (None: the puzzle itself).
    rules: Callable[..., Searchable] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.puzzle = puzzle = args[0] if self.rules is None else self.rules(*args, **kwargs)
        self.goal = getattr(puzzle, "goal", None)
        if hasattr(puzzle, "predecessors"):  # only then can a search step backwards
            self.predecessors = puzzle.predecessors
        self.heuristics = getattr(puzzle, "heuristics", {})
        super().__init__(initial_state=puzzle.start)

    def check_solvable(self) -> None:
        check = getattr(self.puzzle, "check_solvable", None)
        if check is not None:
            check()

    def heuristic(self, state: State) -> float:
        own = getattr(self.puzzle, "heuristic", None)
        return own(state) if own is not None else 0

    def actions(self, state: State) -> Sequence[Action]:
        return self.puzzle.actions(state)

    def result(self, state: State, action: Action) -> State:
        return self.puzzle.result(state, action)

    def is_goal(self, state: State) -> bool:
        return self.puzzle.is_goal(state)

    def cost(self, state: State, action: Action, state2: State) -> float:
        return self.puzzle.cost(state, action, state2)

    def state_representation(self, state: State) -> str:
        return self.puzzle.render(state)
