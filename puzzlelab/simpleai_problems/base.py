"""What every adapter shares: a puzzlelab puzzle seen through simpleai's ``SearchProblem``.

A subclass builds its puzzle and hands it to :class:`PuzzleProblem`; every method
simpleai calls asks that puzzle, so the rules live in one place, the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from simpleai.search import SearchProblem

from ..search.problem import Action, State


class Puzzle(Protocol):
    """What :class:`PuzzleProblem` asks of a puzzle model.

    ``goal``, ``predecessors``, ``heuristic``, ``heuristics`` and ``check_solvable`` it
    uses where the model has them.

    Every puzzle of :mod:`puzzlelab.puzzles` provides it; a puzzle written elsewhere
    needs ``start`` and the five methods below.

    Examples
    --------
    >>> from puzzlelab.puzzles import WaterJugs
    >>> def first_actions(puzzle: Puzzle) -> list:
    ...     return list(puzzle.actions(puzzle.start))
    >>> first_actions(WaterJugs((4, 3), target=2, tap=True))
    ['fill 0', 'fill 1']
    """

    start: State

    def actions(self, state: State) -> Sequence[Action]:
        """Return the actions allowed in *state*."""
        ...

    def result(self, state: State, action: Action) -> State:
        """Return the state after *action*."""
        ...

    def is_goal(self, state: State) -> bool:
        """Return whether *state* is a goal."""
        ...

    def cost(self, state: State, action: Action, next_state: State) -> float:
        """Return what *action* costs."""
        ...

    def render(self, state: State) -> str:
        """Return *state* as text."""
        ...


class PuzzleProblem(SearchProblem):
    """A simpleai ``SearchProblem`` whose rules are those of ``self.puzzle``.

    The puzzle gives ``start``, ``actions``, ``result``, ``is_goal``, ``cost``,
    ``heuristic`` and ``render`` (and ``goal``, ``predecessors`` and its named
    ``heuristics`` where it has them: puzzlelab's bidirectional search steps backwards
    with ``predecessors``, and ``heuristic="name"`` picks one of the ``heuristics``).
    simpleai's A* and greedy search call ``heuristic``, so they get the puzzle's own.

    Examples
    --------
    >>> from puzzlelab.puzzles import QueensPuzzle, WaterJugs
    >>> problem = PuzzleProblem(WaterJugs((4, 3), target=2, tap=True))
    >>> problem.initial_state, problem.actions((0, 0))
    ((0, 0), ['fill 0', 'fill 1'])
    >>> hasattr(problem, "predecessors"), hasattr(PuzzleProblem(QueensPuzzle(4)), "predecessors")
    (True, False)
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> PuzzleProblem(SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")).heuristic((1, 2, 3, 4, 5, 6, 0, 7, 8))
    2
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.goal = getattr(puzzle, "goal", None)
        if hasattr(puzzle, "predecessors"):  # only then can a search step backwards
            self.predecessors = puzzle.predecessors
        self.heuristics = getattr(puzzle, "heuristics", {})
        super().__init__(initial_state=puzzle.start)

    def check_solvable(self) -> None:
        """Raise ``UnsolvableError`` when the puzzle proves its goal out of reach."""
        check = getattr(self.puzzle, "check_solvable", None)
        if check is not None:
            check()

    def heuristic(self, state: State) -> float:
        """The puzzle's own estimate of the cost to a goal (0 if it has none)."""
        own = getattr(self.puzzle, "heuristic", None)
        return own(state) if own is not None else 0

    def actions(self, state: State) -> Sequence[Action]:
        """The puzzle's actions in *state*."""
        return self.puzzle.actions(state)

    def result(self, state: State, action: Action) -> State:
        """The puzzle's state after *action*."""
        return self.puzzle.result(state, action)

    def is_goal(self, state: State) -> bool:
        """Whether the puzzle says *state* is a goal."""
        return self.puzzle.is_goal(state)

    def cost(self, state: State, action: Action, state2: State) -> float:
        """What the puzzle says *action* costs."""
        return self.puzzle.cost(state, action, state2)

    def state_representation(self, state: State) -> str:
        """*state* as the puzzle writes it: simpleai's viewers show this."""
        return self.puzzle.render(state)
