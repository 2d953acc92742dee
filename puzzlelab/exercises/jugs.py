"""Exercises for lesson 0, "A first search problem: water jugs"."""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from ..errors import one_line
from ..puzzles.jugs import WaterJugs
from ..search import bfs, dfs
from ..solvers.jugs import state_graph
from .answers import fail, is_whole_number, not_answered, passed, two_whole_numbers, verdict
from .own_work import borrowed, borrowing_method
from .sandbox import guarded_check

#: Exercise 1: split 12 litres into 6 and 6 with jugs of 12, 9 and 4 litres.
TWELVE: dict[str, Any] = {"capacities": (12, 9, 4), "start": (12, 0, 0), "target": (6, 6, 0)}

#: Exercise 2: two jugs with a tap, empty at the start; one must hold TAP_TARGET at the end.
TAP_CAPACITIES = (3, 5)
TAP_TARGET = 4

#: Exercise 3: two jugs with a tap, empty at the start: which amounts can they measure?
GCD_JUGS = (6, 9)


@lru_cache(maxsize=1)
def _twelve() -> tuple[int, int, int, int]:
    jugs = WaterJugs(**TWELVE)
    shortest = bfs(jugs)
    return (
        len(shortest.actions),  # each pour costs 1: the cost is the number of pours
        state_graph(jugs).number_of_nodes(),
        shortest.stats.generated,
        len(dfs(jugs).actions),
    )


@guarded_check("your answer")
def check_halving_twelve(pours: Any, states: Any) -> bool:
    """Check the fewest pours for :data:`TWELVE` and how many states the start reaches.

    >>> check_halving_twelve(1, 12 * 9 * 4)
    Not yet: pours: not the fewest. ... states: that counts every combination of amounts, ...
    False
    """
    trouble = two_whole_numbers(pours, states)
    if trouble:
        return fail(trouble)
    fewest, reachable, generated, by_dfs = _twelve()
    hints = []
    if pours != fewest:
        if pours == fewest + 1:
            hints.append(
                "pours: count the pours, not the states along the way: a path of n pours "
                "passes through n + 1 states, the start included."
            )
        elif pours == by_dfs:
            hints.append(
                "pours: that is a solution, but not the shortest: which search is sure to "
                "find the fewest?"
            )
        else:
            hints.append(
                "pours: not the fewest. Which search is sure to find the fewest pours? "
                "Run it, and look at the cost of what it finds."
            )
    if states != reachable:
        if states in (13 * 10 * 5, 12 * 9 * 4):
            hints.append(
                "states: that counts every combination of amounts, but pouring never "
                "changes the total, and a pour stops only when a jug is empty or full."
            )
        elif states in (generated, reachable - 1, reachable + 1):
            hints.append(
                "states: recheck which states your count holds: every state the start can "
                "reach, each once, the start itself (0 pours) among them, and not only those "
                "a search met before it stopped at the goal."
            )
        else:
            hints.append(
                "states: not the number the start can reach. Build the whole state graph "
                "from the start and count its nodes."
            )
    return verdict(
        hints,
        f"Out of {13 * 10 * 5} combinations of amounts only {reachable} can ever happen, "
        "and BFS walks through them ring by ring.",
    )


def _compare_rules(problem: Any, jugs: WaterJugs) -> str:
    for state in product(*(range(c + 1) for c in jugs.capacities)):
        truth = {after for _, after, _ in jugs.successors(state)}
        theirs = {problem.result(state, action) for action in problem.actions(state)} - {state}
        if not all(isinstance(after, tuple) for after in theirs):
            return f"from {state}, result gives something that is not a tuple; return tuples."
        missing, extra = truth - theirs, theirs - truth
        if extra:
            after = sorted(extra)[0]
            if any(not 0 <= amount <= size for amount, size in zip(after, jugs.capacities)):
                return (
                    f"from {state}, your actions lead to {after}: a jug holds at most its "
                    "size, so a pour stops when the jug poured into is full."
                )
            return (
                f"from {state}, your actions lead to {after}, which no pour, "
                "fill or empty can reach in one step."
            )
        if missing:
            kinds = sorted(
                {a.split()[0] for a, after, _ in jugs.successors(state) if after in missing}
            )
            return (
                f"from {state}, your actions miss {len(missing)} state(s) that one "
                f"{' or '.join(kinds)} reaches."
            )
        if bool(problem.is_goal(state)) != (TAP_TARGET in state):
            return (
                f"is_goal({state}) says {bool(problem.is_goal(state))}; a goal is any state "
                f"where some jug holds {TAP_TARGET} litres."
            )
    return ""


@guarded_check("your problem")
def check_tap_problem(problem: Any) -> bool:
    """Check a simpleai problem of the student's own for :data:`TAP_CAPACITIES` with a tap.

    >>> from puzzlelab.simpleai_problems import WaterJugsProblem
    >>> check_tap_problem(WaterJugsProblem((3, 5), target=TAP_TARGET, tap=True))
    Not yet: your problem is puzzlelab's own WaterJugsProblem: write your own class, ...
    False
    """
    if not_answered(problem):
        return fail("replace ... with your problem, e.g. TapJugs(initial_state=(0, 0)).")
    origin = borrowed(problem)
    if origin:
        return fail(
            f"your problem {origin}: write your own class, a subclass of simpleai's "
            "SearchProblem, with actions, result and is_goal."
        )
    if isinstance(problem, type):
        return fail(
            f"that is the class itself: hand in a problem made from it, "
            f"{problem.__name__}(initial_state=(0, 0))."
        )
    if not all(callable(getattr(problem, m, None)) for m in ("actions", "result", "is_goal")):
        return fail("give a problem object with actions, result and is_goal methods.")
    if tuple(getattr(problem, "initial_state", None) or ()) != (0, 0):
        return fail("start with both jugs empty: initial_state=(0, 0).")
    jugs = WaterJugs(TAP_CAPACITIES, target=TAP_TARGET, tap=True)
    method = borrowing_method(problem, [(0, 0), (3, 0), (1, 5), (2, 4)])
    if method:
        return fail(
            f"your {method[0]} method {method[1]}: write the pours, fills and empties "
            "yourself, from the amounts in the jugs."
        )
    try:
        trouble = _compare_rules(problem, jugs)
        found = None if trouble else bfs(problem, max_nodes=10_000)
    except Exception as error:  # a student's code may fail in any way: say how
        return fail(f"your problem raised {one_line(error)}")
    if found is None:
        return fail(trouble)
    if not found.solved:
        return fail(f"bfs on your problem ended with {found.status}; check is_goal.")
    if found.cost != len(found.actions):
        return fail(
            f"bfs found {len(found.actions)} actions, but your cost method makes them cost "
            f"{found.cost}: here every action counts 1 (leave cost out, or return 1)."
        )
    return passed(
        f"Your problem gives the same state space as the tap's rules: {found.cost} actions."
    )


@lru_cache(maxsize=1)
def _measurable() -> frozenset[int]:
    graph = state_graph(WaterJugs(GCD_JUGS, target=0, tap=True))
    return frozenset(amount for state in graph for amount in state if amount > 0)


@guarded_check("your answer")
def check_measurable(amounts: Any, multiple_of: Any) -> bool:
    """Check which *amounts* the :data:`GCD_JUGS` can measure, and what they are all a
    *multiple_of*.

    >>> check_measurable({1, 2, 3}, 1)
    Not yet: amounts: 2 of them can never be in a jug: ... multiple_of: ...
    False
    """
    if not_answered(amounts) or not_answered(multiple_of):
        return fail("replace both ... with your answers: a set and a whole number.")
    if not isinstance(amounts, (set, frozenset, list, tuple)) or not all(
        is_whole_number(a) for a in amounts
    ):
        return fail("amounts: give a set of whole numbers, e.g. {1, 2}.")
    if not is_whole_number(multiple_of):
        return fail("multiple_of: give a whole number.")
    truth, given = _measurable(), set(amounts)
    hints = []
    if 0 in given:
        hints.append(f"amounts: the question asks about 1 to {max(GCD_JUGS)} litres; 0 is none.")
        given.discard(0)
    wrong, missing = given - truth, truth - given
    too_big = {amount for amount in wrong if amount > max(GCD_JUGS)}
    if too_big:
        hints.append(
            f"amounts: {len(too_big)} of them do not fit in the biggest jug; the question "
            f"asks about 1 to {max(GCD_JUGS)} litres."
        )
        wrong -= too_big
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
    return verdict(
        hints,
        "Every action moves a whole jug's worth or the room left in one, so every amount "
        "stays a multiple of the greatest common divisor of the sizes.",
    )
