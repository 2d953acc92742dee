"""Exercises for lesson 1, "State spaces and breadth-first search"."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from simpleai.search import breadth_first

from ..analysis.distances import depth_histogram, distance_table
from ..errors import one_line
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State
from .answers import fail, is_whole_number, not_answered, passed, self_check
from .own_work import borrowed, borrowing_method
from .sandbox import guarded_check

#: Exercise 1 asks how many boards are exactly this many moves from the goal.
DEPTH = 10

#: Exercise 2: the 2x2 puzzle's goal, tiles row by row, 0 for the blank.
TWO_BY_TWO_GOAL = (1, 2, 3, 0)

#: Exercise 3: which of these boards can reach ``1 2 3 / 4 5 6 / 7 8 0``?
BOARDS = {
    "A": "2 1 3 / 4 5 6 / 7 8 0",
    "B": "1 3 2 / 4 5 6 / 8 7 0",
    "C": "1 2 3 / 0 4 5 / 6 8 7",
    "D": "7 2 4 / 5 0 6 / 8 3 1",
    "E": "8 6 7 / 2 5 4 / 1 0 3",
    "F": "0 1 2 / 3 4 5 / 6 7 8",
}


@lru_cache(maxsize=1)
def _eight_puzzle_histogram() -> tuple[int, ...]:
    return tuple(depth_histogram(distance_table(SlidingPuzzle(shape=(3, 3)))))


@self_check
@guarded_check("your answer")
def check_positions_at_depth(answer: Any) -> bool:
    """Check how many 8-puzzle boards are exactly :data:`DEPTH` moves from the goal.

    >>> check_positions_at_depth(3 ** 10)
    Not yet: that counts every path of 10 moves: ...
    False
    """
    if not_answered(answer):
        return fail(
            f"replace ... with a whole number: how many boards are exactly {DEPTH} moves "
            "from the goal."
        )
    if not is_whole_number(answer):
        return fail(f"give a whole number (no quotes, no decimals), not a {type(answer).__name__}.")
    counts = _eight_puzzle_histogram()
    truth = counts[DEPTH]
    if answer == truth:
        return passed(
            f"Breadth-first search meets those boards all together, in its layer {DEPTH}."
        )
    if answer == sum(counts[: DEPTH + 1]):
        return fail(
            f"that counts every board at most {DEPTH} moves away. Keep only those whose "
            f"shortest solution is exactly {DEPTH} moves."
        )
    if answer == sum(counts[1 : DEPTH + 1]):
        return fail(
            f"that counts every board 1 to {DEPTH} moves away. Keep only those whose "
            f"shortest solution is exactly {DEPTH} moves."
        )
    if answer in (counts[DEPTH - 1], counts[DEPTH + 1]):
        return fail(
            f"that is the count for a neighbouring depth; check that you asked for {DEPTH} "
            "and that the goal itself is at depth 0."
        )
    if answer in (2**DEPTH, 3**DEPTH, 4**DEPTH, 2 * 3 ** (DEPTH - 1)):
        return fail(
            f"that counts every path of {DEPTH} moves: many boards can be reached in several "
            "ways, and some moves lead back. A table of exact distances counts each board once."
        )
    return fail(
        "that is not the count. distance_table(puzzle) gives every board's exact distance "
        "to the goal; count the boards whose distance is the one asked for."
    )


def _shown(state: State) -> str:
    return f"{state[:2]} / {state[2:]}"


@self_check
@guarded_check("your problem")
def check_two_by_two(problem_class: Any) -> bool:
    """Check a simpleai ``SearchProblem`` subclass for the 2x2 puzzle.

    States are tuples of 4 tiles, ``0`` the blank; the goal is :data:`TWO_BY_TWO_GOAL`.
    Every board's actions must lead exactly to the boards one slide away.

    >>> check_two_by_two(...)
    Not yet: replace ... with your class: answer_1_2 = TwoByTwo (the class itself, no brackets).
    False
    """
    if not_answered(problem_class):
        return fail(
            "replace ... with your class: answer_1_2 = TwoByTwo (the class itself, no brackets)."
        )
    if not isinstance(problem_class, type):
        return fail(f"give the class itself (answer_1_2 = TwoByTwo), not {problem_class!r}.")
    origin = borrowed(problem_class)
    if origin:
        return fail(
            f"your class {origin}: write your own, a "
            "subclass of simpleai's SearchProblem, with actions, result and is_goal."
        )
    table = distance_table(SlidingPuzzle(goal=TWO_BY_TWO_GOAL, shape=(2, 2)))
    start = max(table, key=table.__getitem__)
    try:
        problem = problem_class(initial_state=start)
    except Exception as error:  # a student's class may fail in any way
        return fail(
            f"TwoByTwo(initial_state=...) raised {one_line(error)}. "
            "Subclass simpleai's SearchProblem and keep its constructor."
        )
    found = borrowing_method(problem, sorted(table)[:6], most_actions=4)
    if found:
        return fail(
            f"your {found[0]} method {found[1]}: work out yourself which tiles can slide "
            "into the blank, and where they go."
        )
    for state in sorted(table):
        hint = _check_moves(problem, state)
        if hint:
            return fail(hint)
    for state in sorted(table):
        try:
            says = problem.is_goal(state)
        except Exception as error:  # a student's method may fail in any way
            return fail(f"is_goal({state}) raised {one_line(error)}.")
        if bool(says) != (state == TWO_BY_TWO_GOAL):
            wrong = "says it is the goal" if says else "says it is not the goal"
            return fail(f"is_goal{(state,)} {wrong}. Compare the whole state with the goal board.")
    try:
        node = breadth_first(problem, graph_search=True)
    except Exception as error:  # a student's class may fail in any way
        return fail(f"breadth_first raised {one_line(error)}.")
    if node is None or len(node.path()) - 1 != table[start]:
        return fail("breadth_first did not find a shortest solution: check is_goal and result.")
    return passed(
        f"simpleai's breadth_first solves {_shown(start)} with your class, in the fewest "
        "moves possible."
    )


def _check_moves(problem: Any, state: State) -> str | None:
    """Return a hint if *problem*'s actions and result go wrong on *state*, else ``None``."""
    puzzle = SlidingPuzzle(goal=TWO_BY_TWO_GOAL, shape=(2, 2))
    expected = {after for _, after, _ in puzzle.successors(state)}
    try:
        actions = problem.actions(state)
        if actions is None:
            return f"actions({state}) returned None: end it with return and a list of actions."
        actions = list(actions)
    except Exception as error:  # a student's method may fail in any way
        return f"actions({state}) raised {one_line(error)}."
    reached: set[State] = set()
    for action in actions:
        try:
            after = problem.result(state, action)
        except Exception as error:  # a student's method may fail in any way
            return (
                f"result({state}, {action!r}) raised {one_line(error)}. "
                "result must accept every action that actions() returns."
            )
        if not isinstance(after, tuple):
            return (
                f"result({state}, {action!r}) returned {after!r}; return a tuple of 4 tiles "
                "(a list cannot be remembered by graph search)."
            )
        if after not in expected:
            return (
                f"result({state}, {action!r}) gives {after}, which is not one slide away "
                f"from {_shown(state)}: only a tile next to the blank may slide into it."
            )
        reached.add(after)
    if len(reached) < len(expected):
        return (
            f"from {_shown(state)} your actions reach {len(reached)} board(s), but the blank "
            f"there can move in {len(expected)} ways. Which move is missing?"
        )
    if len(actions) > len(reached):
        return (
            f"from {_shown(state)} two of your actions lead to the same board; give each move once."
        )
    return None


@self_check
@guarded_check("your answer")
def check_solvable_boards(answer: Any) -> bool:
    """Check which boards of :data:`BOARDS` can reach the goal ``1 2 3 / 4 5 6 / 7 8 0``.

    >>> check_solvable_boards(set("ABCDEF"))
    Not yet: 3 of the boards you chose cannot reach the goal. ...
    False
    """
    if not_answered(answer):
        return fail('replace ... with the set of letters of the solvable boards, e.g. {"A", "C"}.')
    if isinstance(answer, str):
        answer = {letter for letter in answer if letter not in ", "}
    try:
        chosen = {str(letter).strip().upper() for letter in answer}
    except TypeError:
        return fail(f'give a set of letters such as {{"A", "C"}}, not {answer!r}.')
    unknown = chosen - set(BOARDS)
    if unknown:
        return fail(
            f"{', '.join(sorted(unknown))} is not one of the boards; "
            f"choose among {', '.join(BOARDS)}."
        )
    truth = {name for name, board in BOARDS.items() if SlidingPuzzle(board).is_solvable()}
    if chosen == truth:
        return passed(
            "The parity of the tile order decides it, whatever the tiles' positions look like."
        )
    wrong, missed = len(chosen - truth), len(truth - chosen)
    hints = []
    if wrong:
        hints.append(f"{wrong} of the boards you chose cannot reach the goal.")
    if missed:
        hints.append(f"{missed} solvable board(s) are missing from your set.")
    hints.append(
        "For each board, read the tiles row by row without the blank and count the pairs "
        "in the wrong order (a larger tile before a smaller one): even means solvable."
    )
    return fail(" ".join(hints))
