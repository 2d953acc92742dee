"""Exercises for lesson 1, "State spaces and breadth-first search"."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from simpleai.search import breadth_first

from ..analysis.distances import depth_histogram, distance_table
from ..errors import one_line
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State, inversions
from .answers import answers_on, fail, not_answered, passed, whole_trouble
from .own_work import borrowed, borrowing_method
from .sandbox import guarded_check

DEPTH = 10

TWO_BY_TWO_GOAL = (1, 2, 3, 0)

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


@guarded_check("your answer")
def check_positions_at_depth(answer: Any) -> bool:
    """Check how many 8-puzzle boards are exactly :data:`DEPTH` moves from the goal.

    >>> check_positions_at_depth(3 ** 10)
    Not yet: that counts every path of 10 moves: ...
    False
    """
    trouble = whole_trouble(answer, f"how many boards are exactly {DEPTH} moves from the goal.")
    if trouble:
        return fail(trouble)
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


@guarded_check("your problem")
def check_two_by_two(problem_class: Any) -> bool:
    """Check a simpleai ``SearchProblem`` subclass for the 2x2 puzzle.

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
            return fail(f"is_goal({state}) {wrong}. Compare the whole state with the goal board.")
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


SOLVABLE_TRIES = 400


@lru_cache(maxsize=1)
def _held_out_boards() -> tuple[State, ...]:
    """The goal, then random boards, none of :data:`BOARDS`."""
    goal = SlidingPuzzle(shape=(3, 3)).goal
    shown = {SlidingPuzzle(board).start for board in BOARDS.values()}
    rng = random.Random(13)
    boards = [goal]
    while len(boards) < SOLVABLE_TRIES:
        board = tuple(rng.sample(range(9), 9))
        if board not in shown and board not in boards:
            boards.append(board)
    return tuple(boards)


def _board_text(board: State) -> str:
    return " / ".join(" ".join(map(str, board[row : row + 3])) for row in (0, 3, 6))


@guarded_check("your function")
def check_solvable_boards(function: Any) -> bool:
    """Check ``function(board)``: can the 8-puzzle *board* reach the goal?

    >>> check_solvable_boards(lambda board: True)
    Not yet: your function says the same of every board, but only half of them can ...
    False
    """
    boards = _held_out_boards()
    said, trouble = answers_on(
        function,
        [(board,) for board in boards],
        usage=("answer_1_3 = solvable", "def solvable(board)"),
        yourself="Read the tiles row by row, leave the blank out, and count in a loop the pairs "
        "in the wrong order.",
        trouble=_not_bool,
        where=" on the board {}.",
    )
    if trouble:
        return fail(trouble)
    says = dict(zip(boards, said))
    truth = {board: SlidingPuzzle(board).is_solvable() for board in boards}
    wrong = [board for board in boards if bool(says[board]) != truth[board]]
    if not wrong:
        return passed(
            f"Your function is right on all {len(boards)} boards, none of them shown in the "
            "lesson: the parity of the tile order decides, however scrambled a board looks."
        )
    return fail(_solvable_hint(wrong, says, boards))


def _not_bool(said: object, board: State) -> str:
    if said is None:
        return "your function returns nothing yet (None): it must return True or False."
    if not isinstance(said, (bool, int)) and type(said).__name__ != "bool_":
        return f"your function returned {said!r}; return True or False."
    return ""


def _solvable_hint(wrong: list[State], says: dict[State, object], boards: tuple[State, ...]) -> str:
    if len({bool(value) for value in says.values()}) == 1:
        return (
            "your function says the same of every board, but only half of them can reach "
            "the goal. Count the pairs in the wrong order: what does the count tell?"
        )
    if len(wrong) == len(boards):
        return (
            "your function is wrong on every board: it has the rule the wrong way round. "
            "How many inversions does the goal itself have?"
        )
    if all(bool(says[board]) == (inversions(board) % 2 == 0) for board in boards):
        return (
            f"your function is wrong on {len(wrong)} of {len(boards)} boards, each with the "
            "blank in the middle of a side: it counts the blank (0) as a tile. The blank is no "
            "tile; leave it out of the count."
        )
    board = wrong[0]
    return (
        f"your function is wrong on {len(wrong)} of {len(boards)} boards, such as "
        f"{_board_text(board)}: it says {says[board]!r}. Count that board's inversions by "
        "hand (the tiles row by row, the blank left out) and follow your function through it."
    )
