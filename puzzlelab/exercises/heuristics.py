"""Exercises for lesson 4, "Heuristic search"."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..analysis.distances import check_heuristic, distance_table
from ..errors import one_line
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import BoardInput, State
from ..search import astar
from .answers import answers_on, fail, is_whole_number, not_answered, passed, whole_trouble
from .own_work import borrowed, table_of
from .sandbox import guarded_check

MANHATTAN_BOARD = "4 8 1 / 6 0 7 / 5 3 2"

#: Exercise 3 asks for a seed at least this large (seeds below it are in the lesson's table).
FIRST_NEW_SEED = 10


def _eight_puzzle(start: BoardInput | None = None) -> SlidingPuzzle:
    return SlidingPuzzle(start, shape=(3, 3))


def _mistaken_manhattan(puzzle: SlidingPuzzle, state: State, diagonal: bool = False) -> int:
    """Manhattan distance with the blank counted or, if *diagonal*, with diagonal steps."""
    total = 0
    for cell, tile in enumerate(state):
        if tile or not diagonal:
            home = puzzle.goal.index(tile)
            rows = abs(cell // puzzle.cols - home // puzzle.cols)
            cols = abs(cell % puzzle.cols - home % puzzle.cols)
            total += max(rows, cols) if diagonal else rows + cols
    return total


MANHATTAN_TRIES = 300


@lru_cache(maxsize=1)
def _manhattan_boards() -> tuple[State, ...]:
    """The goal, then 8-puzzle boards the lesson never shows."""
    puzzle = _eight_puzzle()
    shown = {_eight_puzzle(MANHATTAN_BOARD).start}
    boards = [puzzle.goal]
    seed = 1_000
    while len(boards) < MANHATTAN_TRIES:
        board = puzzle.random_state(seed)
        seed += 1
        if board not in shown and board not in boards:
            boards.append(board)
    return tuple(boards)


@guarded_check("your function")
def check_manhattan(function: Any) -> bool:
    """Check ``function(state)``, the Manhattan distance of an 8-puzzle board, on boards the
    lesson never shows.

    >>> check_manhattan(lambda state: 3)
    Not yet: on the goal board your function says 3: ...
    False
    """
    puzzle, boards = _eight_puzzle(), _manhattan_boards()
    said, trouble = answers_on(
        function,
        [(board,) for board in boards],
        usage=("answer_4_1 = my_manhattan", "def my_manhattan(state)"),
        yourself="For every tile, count the rows and the columns between its cell and its home "
        "cell.",
        trouble=_not_whole,
        where=" on the board {}.",
    )
    if trouble:
        return fail(trouble)
    says = dict(zip(boards, said))
    wrong = [board for board in boards if says[board] != puzzle.manhattan(board)]
    if not wrong:
        return passed(
            f"Right on all {len(boards)} boards: every tile needs at least that many moves of "
            "its own, so no solution is shorter."
        )
    return fail(_manhattan_hint(puzzle, wrong, says, boards))


def _not_whole(said: object, board: State) -> str:
    if said is None or said is Ellipsis:
        return "your function returns nothing yet: it must return a whole number."
    if not is_whole_number(said):
        return f"your function returned {said!r}; return a whole number."
    return ""


def _manhattan_hint(
    puzzle: SlidingPuzzle, wrong: list[State], says: Mapping[State, Any], boards: tuple[State, ...]
) -> str:
    if says[puzzle.goal] != 0:
        return (
            f"on the goal board your function says {says[puzzle.goal]}: every tile is at "
            "home there, so the distance is 0."
        )
    mistakes = (
        (
            lambda board: _mistaken_manhattan(puzzle, board),
            "it counts the blank too. The blank is not a tile: it moves on every turn anyway, "
            "so leave it out.",
        ),
        (
            puzzle.misplaced,
            "it counts the tiles out of place. Manhattan distance adds how far each tile is "
            "from home: rows plus columns.",
        ),
        (
            lambda board: _mistaken_manhattan(puzzle, board, diagonal=True),
            "it takes the larger of a tile's rows and columns, as if a tile could move "
            "diagonally. A tile moves one row or one column at a time: add the two.",
        ),
    )
    for mistake, hint in mistakes:
        if all(says[board] == mistake(board) for board in boards):
            return f"your function is wrong on {len(wrong)} of {len(boards)} boards: {hint}"
    board = wrong[0]
    shown = puzzle.render(board).replace(chr(10), " / ")
    return (
        f"your function is wrong on {len(wrong)} of {len(boards)} boards, such as {shown}, "
        f"where it says {says[board]}. Work that board out by hand, tile by tile (the blank "
        "left out), and follow your function through it."
    )


@lru_cache(maxsize=1)
def _eight_puzzle_table() -> Mapping[State, int]:
    return distance_table(_eight_puzzle())


@lru_cache(maxsize=1)
def _misplaced_ratio() -> float:
    return check_heuristic(_eight_puzzle(), "misplaced", _eight_puzzle_table()).mean_ratio


@guarded_check("your heuristic", prepare=_misplaced_ratio)
def check_better_heuristic(heuristic: Any) -> bool:
    """Check an 8-puzzle heuristic: admissible on every board, and better informed than
    misplaced tiles.

    >>> check_better_heuristic(lambda state: 0)
    Not yet: it never overestimates, but it knows no more than counting misplaced tiles ...
    False
    """
    if not_answered(heuristic):
        return fail(
            "write a function of a state, then set answer_4_2 = your_function (no brackets)."
        )
    if not callable(heuristic):
        return fail(
            f"answer must be a function of a state, like def h(state): ..., "
            f"not a {type(heuristic).__name__}."
        )
    puzzle = _eight_puzzle()
    if exact_table(heuristic, _eight_puzzle_table()):  # first: reading it calls puzzlelab
        return fail(
            "it reads a table of this puzzle's exact distances: that table is the answer a "
            "search over every board gives, not an estimate. (Lesson 6 builds tables too, but "
            "of a smaller, relaxed puzzle.) Here, work the estimate out from the tiles and "
            "their home cells."
        )
    called = borrowed(heuristic, [puzzle.goal, *sorted(_eight_puzzle_table())[::3_000]])
    if called:
        return fail(
            f"your heuristic {called}: write it yourself, working its value out from the "
            "tiles and their home cells."
        )
    try:
        at_goal = heuristic(puzzle.goal)
    except Exception as error:  # a student's function may fail in any way
        return fail(f"calling it on the goal board {puzzle.goal} raised {one_line(error)}")
    if isinstance(at_goal, bool) or not isinstance(at_goal, (int, float)):
        return fail(f"it must return a number, but returned {at_goal!r}.")
    if at_goal != 0:
        return fail(f"at the goal it says {at_goal}; a heuristic must be 0 on the goal.")
    try:
        found = check_heuristic(puzzle, heuristic, _eight_puzzle_table())
    except Exception as error:  # a student's function may fail in any way
        return fail(f"it raised {one_line(error)} on some board.")
    if not found.admissible:
        state, h, distance = found.overestimates[0]
        return fail(
            f"it overestimates: on {puzzle.render(state).replace(chr(10), ' / ')} it says "
            f"{h}, but the goal is only {distance} moves away. A* may then miss "
            "the shortest path."
        )
    if found.mean_ratio == 1:
        return fail(
            "it gives the exact distance of every board: that takes a search over every "
            "board of this very puzzle, not an estimate. Work the estimate out from the tiles "
            "and their home cells."
        )
    baseline = _misplaced_ratio()
    if found.mean_ratio <= baseline:
        return fail(
            f"it never overestimates, but it knows no more than counting misplaced tiles "
            f"(on average {found.mean_ratio:.1%} of the true distance, against "
            f"{baseline:.1%} for misplaced tiles). Use more of what the board tells you."
        )
    return passed(
        f"It never overestimates and reaches {found.mean_ratio:.1%} of the true distance "
        f"on average (misplaced tiles: {baseline:.1%}). "
        + (
            "It is consistent too: along any move it drops by at most 1."
            if found.consistent
            else f"It is not consistent, though ({found.first_inconsistency()}): "
            "see the section on consistency."
        )
    )


@guarded_check("your answer")
def check_worse_on_both(seed: Any) -> bool:
    """Check a seed where weighted A* (weight 2) expands more nodes *and* finds a longer path.

    >>> check_worse_on_both(4)
    Not yet: pick a seed of your own, 10 or more: seeds below 10 are in the lesson's table.
    False
    """
    trouble = whole_trouble(seed, "the seed you found.")
    if trouble:
        return fail(trouble)
    if seed < FIRST_NEW_SEED:
        return fail(
            f"pick a seed of your own, {FIRST_NEW_SEED} or more: "
            f"seeds below {FIRST_NEW_SEED} are in the lesson's table."
        )
    puzzle = _eight_puzzle(_eight_puzzle().random_state(seed))
    plain = astar(puzzle, heuristic="manhattan")
    weighted = astar(puzzle, heuristic="manhattan", weight=2)
    slower = weighted.stats.expanded > plain.stats.expanded
    longer = len(weighted.actions) > len(plain.actions)
    if slower and longer:
        return passed(
            f"On seed {seed} weighted A* expanded {weighted.stats.expanded:,} nodes "
            f"(plain A*: {plain.stats.expanded:,}) and found {len(weighted.actions)} moves "
            f"instead of {len(plain.actions)}."
        )
    what = (
        "it was faster and just as short"
        if not slower and not longer
        else "it found a longer path, but expanded fewer nodes"
        if longer
        else "it expanded more nodes, but its path was just as short"
    )
    return fail(
        f"on seed {seed} weighted A* lost on at most one count: {what}. "
        "Try more seeds (a loop helps)."
    )


def _as_board(key: object) -> tuple[int, ...] | None:
    """*key* read as a board (a tuple, of rows too, or numbers as text); else ``None``."""
    if (
        isinstance(key, (tuple, list))
        and key
        and all(isinstance(row, (tuple, list)) for row in key)
    ):
        key = [tile for row in key for tile in row]
    if isinstance(key, (tuple, list, bytes)):
        tiles = list(key)
        return tuple(tiles) if all(is_whole_number(tile) for tile in tiles) else None
    if isinstance(key, int) and not isinstance(key, bool):
        key = f"{key:09d}"
    if isinstance(key, str):
        numbers = re.findall(r"\d+", key)
        if len(numbers) == 1:  # "123456780": one digit a tile
            numbers = list(numbers[0])
        return tuple(int(number) for number in numbers)
    return None


def exact_table(function: object, truth: Mapping[State, int]) -> bool:
    """Return whether *function* reads a table that agrees with *truth*, however its keys
    are written.

    There is no example here; ``tests/test_exercises_45.py`` runs it.
    """
    return table_of(function, truth, read_key=_as_board) is not None
