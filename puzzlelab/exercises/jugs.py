"""Exercises for lesson 0, "A first search problem: water jugs".

Three checks, one per exercise:

- :func:`check_halving_twelve`: the fewest pours that split 12 litres into two halves with
  the jugs of :data:`TWELVE`, and how many states can be reached at all;
- :func:`check_tap_problem`: a simpleai ``SearchProblem`` of your own for the 3 and 5 litre
  jugs with a tap (``actions``, ``result`` and ``is_goal``), measuring :data:`TAP_TARGET` litres;
- :func:`check_measurable`: which amounts the jugs of :data:`GCD_JUGS` (with a tap) can
  measure, and the number every measurable amount is a multiple of.

Each check prints what is right or what to look at again, never the answer, and
returns ``True`` or ``False``.

>>> check_halving_twelve(..., ...)
Not yet: replace both ... with whole numbers.
False
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, TypedDict

from ..puzzles.jugs import State, WaterJugs
from ..search import bfs, dfs
from ..solvers.jugs import state_graph
from .answers import is_whole_number, not_answered, report, self_check
from .own_work import borrowed, borrowing_method
from .sandbox import guarded_check


class Settings(TypedDict):
    """A water jugs puzzle as ``WaterJugs(**settings)`` takes it: a plain dict.

    Attributes
    ----------
    capacities : tuple of int
        The size of each jug, in litres.
    start : tuple of int
        What each jug holds at the start.
    target : tuple of int
        What each jug must hold at the end: a whole state, not one amount.

    Examples
    --------
    >>> from puzzlelab.puzzles.jugs import WaterJugs
    >>> TWELVE["capacities"]
    (12, 9, 4)
    >>> jugs = WaterJugs(**TWELVE)
    >>> jugs.start, jugs.goal
    ((12, 0, 0), (6, 6, 0))
    """

    capacities: tuple[int, ...]
    start: State
    target: State


#: Exercise 1: split 12 litres into 6 and 6 with jugs of 12, 9 and 4 litres.
TWELVE: Settings = {"capacities": (12, 9, 4), "start": (12, 0, 0), "target": (6, 6, 0)}

#: Exercise 2: the 3 and 5 litre jugs with a tap, empty at the start ...
TAP_CAPACITIES = (3, 5)
#: ... and the amount that any one jug must hold at the end.
TAP_TARGET = 4

#: Exercise 3: two jugs with a tap, empty at the start: which amounts can they measure?
GCD_JUGS = (6, 9)


# ---------------------------------------------------------------- exercise 1


@lru_cache(maxsize=1)
def _twelve() -> tuple[int, int, int, int]:
    """Fewest pours, reachable states, BFS's generated count, DFS's pours."""
    jugs = WaterJugs(**TWELVE)
    shortest = bfs(jugs)
    return (
        len(shortest.actions),  # each pour costs 1: the cost is the number of pours
        state_graph(jugs).number_of_nodes(),
        shortest.stats.generated,
        len(dfs(jugs).actions),
    )


@self_check
@guarded_check("your answer")
def check_halving_twelve(pours: Any, states: Any) -> bool:
    """Check the fewest pours for :data:`TWELVE` and how many states the start can reach.

    *states* counts every state reachable from the start, the start included.

    >>> check_halving_twelve(1, 12 * 9 * 4)
    Not yet: pours: too few. ... states: that counts every combination of amounts, ...
    False
    """
    if not_answered(pours) or not_answered(states):
        return report(False, "", "replace both ... with whole numbers.")
    if not (is_whole_number(pours) and is_whole_number(states)):
        return report(False, "", "give two whole numbers (no quotes, no decimals).")
    fewest, reachable, generated, by_dfs = _twelve()
    hints = []
    if pours != fewest:
        if pours == by_dfs:
            hints.append(
                "pours: that is a solution, but not the shortest: which search is sure to "
                "find the fewest?"
            )
        else:
            hints.append(
                f"pours: {'too few' if pours < fewest else 'too many'}. Search with bfs and "
                "look at the cost."
            )
    if states != reachable:
        if states in (13 * 10 * 5, 12 * 9 * 4):
            hints.append(
                "states: that counts every combination of amounts, but pouring never "
                "changes the total, and a pour stops only when a jug is empty or full."
            )
        elif states == generated:
            hints.append(
                "states: that is what BFS generated before it met the goal; it stops "
                "there. Count every state the start can reach, as the whole state graph does."
            )
        else:
            hints.append(
                f"states: {'too few' if states < reachable else 'too many'}. Build the "
                "state graph and count its nodes."
            )
    if hints:
        return report(False, "", " ".join(hints))
    return report(
        True,
        f"Out of {13 * 10 * 5} combinations of amounts only {reachable} can ever happen, "
        "and BFS walks through them ring by ring.",
        "",
    )


# ---------------------------------------------------------------- exercise 2


def _changed_successors(problem: Any, state: State) -> set[Any]:
    """The states *problem*'s actions lead to from *state*, itself left out (not yet checked)."""
    return {problem.result(state, action) for action in problem.actions(state)} - {state}


def _verb_to(jugs: WaterJugs, state: State, wanted: State) -> str:
    """Which kind of action (pour, fill, empty) leads from *state* to *wanted*."""
    return next(a.split()[0] for a, after, _ in jugs.successors(state) if after == wanted)


def _compare_rules(problem: Any, jugs: WaterJugs) -> str:
    """Return what first differs between *problem*'s actions and the true rules, or ``""``."""
    every_state = product(*(range(c + 1) for c in jugs.capacities))
    for state in every_state:
        truth = {after for _, after, _ in jugs.successors(state)}
        theirs = _changed_successors(problem, state)
        if not all(isinstance(after, tuple) for after in theirs):
            return f"from {state}, result gives something that is not a tuple; return tuples."
        missing, extra = truth - theirs, theirs - truth
        if extra:
            return (
                f"from {state}, your actions lead to {sorted(extra)[0]}, which no pour, "
                "fill or empty can reach in one step."
            )
        if missing:
            kinds = sorted({_verb_to(jugs, state, after) for after in missing})
            return (
                f"from {state}, your actions miss {len(missing)} state(s) that one "
                f"{' or '.join(kinds)} reaches."
            )
        goal = TAP_TARGET in state
        if bool(problem.is_goal(state)) != goal:
            return (
                f"is_goal{state} says {bool(problem.is_goal(state))}; a goal is any state "
                f"where some jug holds {TAP_TARGET} litres."
            )
    return ""


@self_check
@guarded_check("your problem")
def check_tap_problem(problem: Any) -> bool:
    """Check a simpleai problem for :data:`TAP_CAPACITIES` with a tap, started empty.

    Its actions must be the pours, fills and empties, and ``is_goal`` true where some jug
    holds :data:`TAP_TARGET` litres. Every state is tried, then breadth-first search must
    find the fewest actions.

    The problem must be your own: puzzlelab's, or one whose methods call puzzlelab's
    rules, is refused.

    >>> from puzzlelab.simpleai_problems import WaterJugsProblem
    >>> check_tap_problem(WaterJugsProblem((3, 5), target=TAP_TARGET, tap=True))
    Not yet: your problem is puzzlelab's own WaterJugsProblem: write your own class, ...
    False
    """
    if not_answered(problem):
        return report(
            False, "", "replace ... with your problem, e.g. TapJugs(initial_state=(0, 0))."
        )
    if not all(callable(getattr(problem, m, None)) for m in ("actions", "result", "is_goal")):
        return report(False, "", "give a problem object with actions, result and is_goal methods.")
    if tuple(getattr(problem, "initial_state", None) or ()) != (0, 0):
        return report(False, "", "start with both jugs empty: initial_state=(0, 0).")
    jugs = WaterJugs(TAP_CAPACITIES, target=TAP_TARGET, tap=True)
    copied = _borrowed_rules(problem)
    if copied:
        return report(False, "", copied)
    try:
        trouble = _compare_rules(problem, jugs)
        found = None if trouble else bfs(problem, max_nodes=10_000)
    except Exception as error:  # a student's code may fail in any way: say how
        return report(False, "", f"your problem raised {type(error).__name__}: {error}")
    if found is None:
        return report(False, "", trouble)
    if not found.solved:
        return report(False, "", f"bfs on your problem ended with {found.status}; check is_goal.")
    if found.cost != len(found.actions):
        return report(
            False,
            "",
            f"bfs found {len(found.actions)} actions, but your cost method makes them cost "
            f"{found.cost}: here every action counts 1 (leave cost out, or return 1).",
        )
    return report(
        True,
        f"Your problem gives the same state space as the tap's rules: {found.cost} actions.",
        "",
    )


def _borrowed_rules(problem: Any) -> str:
    """Say so if *problem* is puzzlelab's, or its methods call puzzlelab's rules; else ``""``."""
    origin = borrowed(problem)
    if origin:
        return (
            f"your problem {origin}: write your own class, a subclass of simpleai's "
            "SearchProblem, with actions, result and is_goal."
        )
    found = borrowing_method(problem, [(0, 0), (3, 0), (1, 5), (2, 4)])
    if found:
        return (
            f"your {found[0]} method {found[1]}: write the pours, fills and empties "
            "yourself, from the amounts in the jugs."
        )
    return ""


# ---------------------------------------------------------------- exercise 3


@lru_cache(maxsize=1)
def _measurable() -> frozenset[int]:
    graph = state_graph(WaterJugs(GCD_JUGS, target=0, tap=True))
    return frozenset(amount for state in graph for amount in state if amount > 0)


@self_check
@guarded_check("your answer")
def check_measurable(amounts: Any, multiple_of: Any) -> bool:
    """Check which amounts from 1 to the biggest jug's size the :data:`GCD_JUGS` can hold.

    *amounts* is a set of whole numbers; *multiple_of* is the largest number that every
    one of them is a multiple of.

    >>> check_measurable({1, 2, 3}, 1)
    Not yet: amounts: 2 of them can never be in a jug: ... multiple_of: ...
    False
    """
    if not_answered(amounts) or not_answered(multiple_of):
        return report(False, "", "replace both ... with your answers: a set and a whole number.")
    if not isinstance(amounts, (set, frozenset, list, tuple)) or not all(
        is_whole_number(a) for a in amounts
    ):
        return report(False, "", "amounts: give a set of whole numbers, e.g. {1, 2}.")
    if not is_whole_number(multiple_of):
        return report(False, "", "multiple_of: give a whole number.")
    truth, given = _measurable(), set(amounts) - {0}
    hints = []
    wrong, missing = given - truth, truth - given
    if wrong:
        hints.append(
            f"amounts: {len(wrong)} of them can never be in a jug: search for each, "
            "and look at the result's status."
        )
    if missing:
        hints.append(f"amounts: {len(missing)} measurable amount(s) are missing.")
    step = WaterJugs(GCD_JUGS, target=0, tap=True).common_measure
    if multiple_of != step:
        hints.append(
            "multiple_of: what do the sizes of the two jugs have in common? Every fill, "
            "empty and pour moves a multiple of it."
        )
    if hints:
        return report(False, "", " ".join(hints))
    return report(
        True,
        "Every action moves a whole jug's worth or the room left in one, so every amount "
        "stays a multiple of the greatest common divisor of the sizes.",
        "",
    )
