"""What the engine needs from a problem, and how any problem is made to provide it.

The engine works with a :class:`Problem`: a start state, ``successors(state)``
giving ``(action, next_state, step_cost)`` triples, ``is_goal(state)`` and a
heuristic. puzzlelab's own puzzles provide ``successors`` directly (fast); a
simpleai ``SearchProblem`` is used unchanged through its ``actions``, ``result``,
``cost``, ``is_goal`` and ``heuristic`` methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import ProblemError

Heuristic = Callable[[Any], float]


@dataclass
class Problem:
    """A search problem reduced to plain functions."""

    start: Any
    successors: Callable[[Any], Iterable[tuple[Any, Any, float]]]
    is_goal: Callable[[Any], bool]
    heuristic: Heuristic
    goal: Any = None
    predecessors: Callable[[Any], Iterable[tuple[Any, Any]]] | None = None
    check_solvable: Callable[[], None] | None = None


def as_problem(problem, heuristic=None) -> Problem:
    """Return *problem* (a puzzlelab puzzle or a simpleai SearchProblem) as a :class:`Problem`.

    *heuristic* may be a function of a state, the name of one of the puzzle's
    built-in heuristics (``puzzle.heuristics``), or ``None`` for the problem's own
    ``heuristic`` method (0 everywhere if it has none).
    """
    if isinstance(problem, Problem):
        if heuristic is None:
            return problem
        return Problem(**{**problem.__dict__, "heuristic": _heuristic_of(problem, heuristic)})
    h = _heuristic_of(problem, heuristic)
    if hasattr(problem, "successors") and hasattr(problem, "start"):
        return Problem(
            start=problem.start,
            successors=problem.successors,
            is_goal=problem.is_goal,
            heuristic=h,
            goal=getattr(problem, "goal", None),
            predecessors=getattr(problem, "predecessors", None),
            check_solvable=getattr(problem, "check_solvable", None),
        )
    missing = [
        m for m in ("actions", "result", "is_goal") if not callable(getattr(problem, m, None))
    ]
    if missing or not hasattr(problem, "initial_state"):
        raise ProblemError(
            f"{type(problem).__name__} is not a search problem: give a puzzlelab puzzle, or a "
            "simpleai SearchProblem with initial_state and actions(state), result(state, action) "
            f"and is_goal(state) (missing: {', '.join(missing) or 'initial_state'})"
        )
    if problem.initial_state is None:
        raise ProblemError(
            f"{type(problem).__name__} has no initial_state: pass one to its constructor"
        )
    return Problem(
        start=problem.initial_state,
        successors=_successors_of(problem),
        is_goal=problem.is_goal,
        heuristic=h,
        goal=getattr(problem, "goal", None),
        predecessors=getattr(problem, "predecessors", None),
        check_solvable=getattr(problem, "check_solvable", None),
    )


def _successors_of(problem) -> Callable:
    """Build ``successors(state)`` from simpleai's actions / result / cost."""
    actions, result = problem.actions, problem.result
    cost = getattr(problem, "cost", None) or (lambda state, action, next_state: 1)

    def successors(state):
        found = []
        for action in actions(state):
            next_state = result(state, action)
            found.append((action, next_state, cost(state, action, next_state)))
        return found

    return successors


def _heuristic_of(problem, heuristic) -> Heuristic:
    if heuristic is None:
        own = getattr(problem, "heuristic", None)
        return own if callable(own) else (lambda state: 0)
    if isinstance(heuristic, str):
        named = getattr(problem, "heuristics", {})
        if heuristic not in named:
            allowed = ", ".join(named) or "none (pass a function of a state instead)"
            raise ProblemError(f"unknown heuristic {heuristic!r}; this problem has: {allowed}")
        return named[heuristic]
    if not callable(heuristic):
        raise ProblemError(
            f"a heuristic must be a function of a state (or a name), not {type(heuristic).__name__}"
        )
    return heuristic
