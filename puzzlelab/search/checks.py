"""Checks, as the search goes, of what a problem written elsewhere hands it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..errors import ProblemError, PuzzleError, finite_number, one_line

__all__ = ["checked_goal", "checked_successors"]  # the other checks serve as_problem

#: ``successors(state)``: the ``(action, next_state, step_cost)`` triples out of *state*.
Successors = Callable[[Any], Iterable[tuple[Any, Any, float]]]


def check_hashable(state: object, where: str) -> None:
    """Refuse a start state a search cannot remember (a list, a set, an array)."""
    if _hashable(state):
        return
    what = type(state).__name__
    if isinstance(state, tuple):  # a tuple is hashable when all it holds is
        part = next(item for item in state if not _hashable(item))
        what = f"tuple holding a {type(part).__name__}"
    raise ProblemError(
        f"{where} is a {what}, which a search cannot remember: "
        "make states tuples (or strings, numbers, frozensets), and all they hold too"
    )


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _listed(found: object, where: str, state: Any) -> Iterator[Any]:
    try:
        return iter(found)  # type: ignore[call-overload]  # checked here, at run time
    except TypeError:
        raise ProblemError(
            f"{where}({state!r}) returned {type(found).__name__} {found!r}: return a list"
        ) from None


def simpleai_successors(problem: Any) -> Successors:
    """Return ``successors(state)`` built from simpleai's actions / result / cost, checked."""
    actions, result = problem.actions, problem.result
    cost = getattr(problem, "cost", None) or (lambda state, action, next_state: 1)
    name = type(problem).__name__

    def successors(state: Any) -> Iterator[tuple[Any, Any, float]]:
        for action in _listed(actions(state), f"{name}.actions", state):  # one at a time
            next_state = _checked_state(result(state, action), f"{name}.result", state, action)
            step = _checked_cost(cost(state, action, next_state), f"{name}.cost", state, action)
            yield action, next_state, step

    return successors


def checked_successors(successors: Successors, name: str) -> Successors:
    """Return the puzzle's ``successors``, every state and step cost checked.

    >>> list(checked_successors(lambda state: [("go", [1], 1)], "Walk")(0))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: Walk.successors(0, 'go') returned list [1]: return the ...
    """

    def checked(state: Any) -> Iterator[tuple[Any, Any, float]]:
        for triple in _listed(successors(state), f"{name}.successors", state):  # one at a time
            try:
                action, after, step = triple
            except (TypeError, ValueError):
                raise ProblemError(
                    f"{name}.successors({state!r}) gave {triple!r}: give (action, next state, "
                    "step cost) triples"
                ) from None
            after = _checked_state(after, f"{name}.successors", state, action)
            yield action, after, _checked_cost(step, f"{name}.successors", state, action)

    return checked


def checked_predecessors(
    predecessors: Callable[[Any], Iterable[tuple[Any, Any]]], name: str
) -> Callable[[Any], Iterator[tuple[Any, Any]]]:
    """Return the puzzle's ``predecessors``, every state checked.

    >>> list(checked_predecessors(lambda state: [("go", state - 1, 1)], "Walk")(5))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: Walk.predecessors(5) gave ('go', 4, 1): give (action, ...
    """

    def checked(state: Any) -> Iterator[tuple[Any, Any]]:
        for pair in _listed(predecessors(state), f"{name}.predecessors", state):
            try:
                action, before = pair
            except (TypeError, ValueError):
                raise ProblemError(
                    f"{name}.predecessors({state!r}) gave {pair!r}: give (action, previous "
                    "state) pairs, the action the one that leads from the previous state here"
                ) from None
            if before is None or not _hashable(before):
                raise ProblemError(
                    f"{name}.predecessors({state!r}) gave {pair!r}: the previous state must be "
                    "hashable and not None (a tuple, not a list)"
                )
            yield action, before

    return checked


def checked_goal(is_goal: Callable[[Any], bool], name: str) -> Callable[[Any], bool]:
    """Return ``is_goal``, an answer other than True or False refused.

    >>> checked_goal(lambda state: None, "Walk")(0)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: Walk.is_goal(0) returned NoneType: return True or False
    """

    def checked(state: Any) -> bool:
        answer = is_goal(state)
        if type(answer) is not bool and type(answer).__name__ != "bool_":  # numpy's is fine
            raise ProblemError(
                f"{name}.is_goal({state!r}) returned {type(answer).__name__}: return True or False"
            )
        return answer

    return checked


def _checked_cost(step: object, where: str, state: Any, action: Any) -> float:
    if type(step) is int and step >= 0:  # the usual answer, checked fast
        return step
    return finite_number(step, f"the step cost from {where}({state!r}, {action!r}, ...)", least=0)


def _checked_state(state: Any, where: str, before: Any, action: Any) -> Any:
    if state is not None and _hashable(state):
        return state
    raise ProblemError(
        f"{where}({before!r}, {action!r}) returned {type(state).__name__} {state!r}: "
        "return the next state as a tuple (states must be hashable and not None)"
    )


def checked_heuristic(heuristic: Callable[[Any], float], name: str) -> Callable[[Any], float]:
    """Return *heuristic*, a value not a finite number >= 0, or an error, named with the state."""

    def checked(state: Any) -> float:
        try:
            value = heuristic(state)
        except PuzzleError:
            raise
        except Exception as error:
            raise ProblemError(
                f"heuristic {name} raised {one_line(error)} for state {state!r}"
            ) from error
        if type(value) is int and value >= 0:  # the usual answer, checked fast
            return value
        try:
            return finite_number(value, "h", least=0)
        except ProblemError:
            raise ProblemError(
                f"heuristic {name} returned {value!r} for state {state!r}: "
                "a heuristic must return a finite number of at least 0"
            ) from None

    checked.__name__ = name
    return checked
