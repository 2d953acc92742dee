"""What the engine needs from a problem (:class:`Problem`), and :func:`as_problem`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import ProblemError
from .checks import (
    Successors,
    check_hashable,
    checked_goal,
    checked_heuristic,
    checked_predecessors,
    checked_successors,
    simpleai_successors,
)

#: A state: any hashable value but ``None``; an action: anything, the engine hands it on.
State = Any
Action = Any

#: ``predecessors(state)``: the ``(action, previous_state)`` pairs that lead into *state*.
Predecessors = Callable[[State], Iterable[tuple[Action, State]]]

#: A heuristic: an estimate of the cost from a state to the goal.
Heuristic = Callable[[State], float]

#: A puzzlelab puzzle, a simpleai ``SearchProblem`` or a :class:`Problem`.
Searchable = Any

#: A function of a state, the name of one of the puzzle's ``heuristics``, or ``None``.
HeuristicChoice = Heuristic | str | None


@dataclass
class Problem:
    """A search problem as plain functions: ``successors(state)`` gives ``(action, next, cost)``;
    ``goal`` and ``predecessors`` serve bidirectional search.

    >>> roads = {"A": [("drive to B", "B", 5)], "B": [("drive to C", "C", 3)], "C": []}
    >>> trip = Problem("A", roads.__getitem__, lambda town: town == "C", lambda town: 0)
    >>> from puzzlelab.search import bfs
    >>> result = bfs(trip)
    >>> result.path, result.actions, result.cost
    (['A', 'B', 'C'], ['drive to B', 'drive to C'], 8)
    """

    start: State
    successors: Successors
    is_goal: Callable[[State], bool]
    heuristic: Heuristic
    goal: State = None
    predecessors: Predecessors | None = None
    check_solvable: Callable[[], None] | None = None

    def step_cost(self, before: State, action: Action, after: State) -> float:
        for name, state, step in self.successors(before):
            if name == action and state == after:
                return step
        raise ProblemError(
            f"{action!r} does not lead from {before!r} to {after!r}: check predecessors()"
        )


def as_problem(problem: Searchable, heuristic: HeuristicChoice = None) -> Problem:
    """Return *problem* as a :class:`Problem`, with *heuristic* (default: its own, else 0); a
    puzzle written elsewhere is checked as it is searched.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> problem = as_problem(WaterJugs((3, 5), target=4, tap=True))
    >>> problem.start, problem.successors(problem.start)
    ((0, 0), [('fill 0', (3, 0), 1), ('fill 1', (0, 5), 1)])
    """
    if isinstance(problem, Problem):
        if heuristic is None:
            return problem
        return Problem(**{**problem.__dict__, "heuristic": _heuristic_of(problem, heuristic)})
    h = _heuristic_of(problem, heuristic)
    name = type(problem).__name__
    if hasattr(problem, "successors") and hasattr(problem, "start"):
        start, where, successors = problem.start, f"{name}.start", problem.successors
        if not _ours(problem):  # a puzzle written elsewhere: check what it hands back
            successors = checked_successors(successors, name)
    else:
        missing = [
            m for m in ("actions", "result", "is_goal") if not callable(getattr(problem, m, None))
        ]
        if missing or not hasattr(problem, "initial_state"):
            raise ProblemError(
                f"{name} is not a search problem: give a puzzlelab puzzle, or a simpleai "
                "SearchProblem with initial_state and actions(state), result(state, action) "
                f"and is_goal(state) (missing: {', '.join(missing) or 'initial_state'})"
            )
        if problem.initial_state is None:
            raise ProblemError(f"{name} has no initial_state: pass one to its constructor")
        start, where = problem.initial_state, f"{name}.initial_state"
        successors = simpleai_successors(problem)
    is_goal, predecessors = problem.is_goal, getattr(problem, "predecessors", None)
    if not _ours(problem):
        check_hashable(start, where)
        is_goal = checked_goal(is_goal, name)
        if callable(predecessors):
            predecessors = checked_predecessors(predecessors, name)
    return Problem(
        start=start,
        successors=successors,
        is_goal=is_goal,
        heuristic=h,
        goal=getattr(problem, "goal", None),
        predecessors=predecessors,
        check_solvable=getattr(problem, "check_solvable", None),
    )


def _ours(problem: object) -> bool:
    """Whether *problem* is one of puzzlelab's own, whose answers need no checking."""
    return type(problem).__module__.startswith("puzzlelab.")


def _heuristic_of(problem: Searchable, heuristic: HeuristicChoice) -> Heuristic:
    """*heuristic* (None: the problem's own; a name: one of its ``heuristics``) as a function,
    checked unless it is a method of puzzlelab's own puzzle, as its class wrote it."""
    if heuristic is None:
        own = getattr(problem, "heuristic", None)
        if not callable(own):
            return lambda state: 0
        return _trusted(problem, own, f"{type(problem).__name__}.heuristic")
    if isinstance(heuristic, str):
        named = getattr(problem, "heuristics", {})
        if heuristic not in named:
            allowed = ", ".join(named) or "none (pass a function of a state instead)"
            raise ProblemError(f"unknown heuristic {heuristic!r}; this problem has: {allowed}")
        return _trusted(problem, named[heuristic], heuristic)
    if not callable(heuristic):
        raise ProblemError(
            f"a heuristic must be a function of a state (or a name), not {type(heuristic).__name__}"
        )
    return _trusted(problem, heuristic, getattr(heuristic, "__name__", "the heuristic"))


def _trusted(problem: object, heuristic: Heuristic, name: str) -> Heuristic:
    """*heuristic* itself if it is a method of puzzlelab's *problem* (or of the puzzlelab puzzle
    it wraps) as its class defines it, such as ``puzzle.manhattan``; else checked as it runs."""
    function, owner = getattr(heuristic, "__func__", None), getattr(heuristic, "__self__", None)
    sound = (
        function is not None
        and owner is not None
        and _ours(problem)
        and _ours(owner)
        and (owner is problem or owner is getattr(problem, "puzzle", None))
        and getattr(type(owner), function.__name__, None) is function
    )
    return heuristic if sound else checked_heuristic(heuristic, name)
