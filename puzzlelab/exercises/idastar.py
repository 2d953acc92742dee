"""Exercises for lesson 5, "The 15-puzzle and IDA*"."""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from ..analysis.distances import distance_table
from ..errors import one_line
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State
from ..results import SearchResult
from ..search.problem import Heuristic
from ..solvers.sliding import sliding_idastar
from .answers import fail, is_number, not_answered, passed, whole_trouble
from .own_work import borrowed
from .sandbox import guarded_check


@guarded_check("your answer")
def check_positions_24(answer: Any) -> bool:
    """Check the number of 24-puzzle (5 x 5) positions from which the goal can be reached.

    >>> check_positions_24(math.factorial(25))
    Not yet: that counts every arrangement of the 25 cells. Can every one of them reach the goal?
    False
    """
    if isinstance(answer, float):
        return fail(
            "give the exact whole number, not a float: floats keep only about 16 digits. "
            "Use // rather than / to divide."
        )
    trouble = whole_trouble(answer, "math.factorial may help.")
    if trouble:
        return fail(trouble)
    cells = 25
    if answer == math.factorial(cells) // 2:
        return passed(
            "Exactly half of all arrangements: sliding a tile never changes the board's "
            "parity, so the other half can never reach the goal."
        )
    if answer == math.factorial(cells):
        return fail(
            "that counts every arrangement of the 25 cells. Can every one of them reach the goal?"
        )
    if answer in (math.factorial(cells - 1), math.factorial(cells - 1) // 2):
        return fail(
            "the blank occupies a cell too: arrange 25 things (24 tiles and the blank), not 24."
        )
    return fail(
        "count the ways to place 24 tiles and the blank in 25 cells, then think about parity "
        "(lesson 1): what share of them can reach the goal?"
    )


#: Exercise 2's figures.
LAST_BOUND = 51
LAST_EXPANDED = 2_000_000
GROWTH = 6
NODES_PER_SECOND = 20_000
TARGET_BOUND = 79
SECONDS_PER_YEAR = 365.25 * 24 * 3600
_STEP_BY_STEP = (
    f"Work it out in three steps: the nodes the iteration at bound {TARGET_BOUND} expands, "
    "the seconds that takes, the years those seconds make, from the figures given here "
    "(not section 6's measured growth and speed)."
)


def _years(steps: int) -> float:
    return LAST_EXPANDED * GROWTH**steps / NODES_PER_SECOND / SECONDS_PER_YEAR


#: How far an estimate may be from the sum: a year of 365 days, or three digits, is in.
YEARS_TOLERANCE = 0.003

#: How near a figure must be to a named mistake's sum for the hint to name it (section 6's
#: own estimate lies 2 to 6 % above the sum of one iteration fewer, and is not that mistake).
MISTAKE_TOLERANCE = 0.01


@guarded_check("your answer")
def check_years_estimate(answer: Any) -> bool:
    """Check an estimate, in years, of the IDA* iteration at :data:`TARGET_BOUND`, worked out
    from :data:`LAST_EXPANDED` and :data:`GROWTH` per bound, at :data:`NODES_PER_SECOND`.

    >>> check_years_estimate(250_000)
    Not yet: that is a round figure, not the sum worked out. ...
    False
    """
    if not_answered(answer):
        return fail("replace ... with a number of years, worked out from the figures given.")
    if not is_number(answer) or not answer > 0:
        return fail(f"give a positive number of years, not {answer!r}.")
    steps = (TARGET_BOUND - LAST_BOUND) // 2
    truth = _years(steps)

    def near(value: float, tolerance: float = YEARS_TOLERANCE) -> bool:
        return abs(answer - value) <= value * tolerance

    if near(truth):
        return passed(
            f"Each step of 2 in the bound multiplies the work by {GROWTH}: {steps} steps turn "
            f"{LAST_EXPANDED / NODES_PER_SECOND:.0f} seconds into about {truth:,.0f} years. "
            "That is why the hardest positions are out of reach here."
        )
    if near(_years(steps - 1), MISTAKE_TOLERANCE) or near(_years(steps + 1), MISTAKE_TOLERANCE):
        return fail(
            "off by one iteration. Count the iterations from bound "
            f"{LAST_BOUND} to bound {TARGET_BOUND} again: the bound rises by 2 each time."
        )
    if near(_years(TARGET_BOUND - LAST_BOUND), MISTAKE_TOLERANCE):
        return fail(
            "that lets the bound rise by 1 per iteration; it rises by 2 (every path to the "
            "goal has the same parity)."
        )
    for unit, per_year in (("seconds", SECONDS_PER_YEAR), ("hours", 365.25 * 24), ("days", 365.25)):
        if near(truth * per_year, MISTAKE_TOLERANCE):
            return fail(f"that looks like {unit}: convert to years ({per_year:,.0f} per year).")
    if answer == float(f"{answer:.2g}"):  # one or two digits and zeros: a guess
        return fail(f"that is a round figure, not the sum worked out. {_STEP_BY_STEP}")
    return fail(f"that is not the sum. {_STEP_BY_STEP}")


#: Exercise 3: IDA* must solve this board shortest (34 moves) within the budget.
IDASTAR_BOARD = "6 8 15 4 / 1 2 3 0 / 9 5 10 7 / 14 13 11 12"
IDASTAR_BUDGET = 20_000
IDASTAR_SHORTEST = 34

#: The bottom-right 3 x 3 cells of the 15-puzzle, and the tile standing for each 8-puzzle tile.
CORNER_CELLS = (5, 6, 7, 9, 10, 11, 13, 14, 15)
CORNER_TILES = (0, 6, 7, 8, 10, 11, 12, 14, 15)
CORNER_SAMPLE = 3_000


@functools.cache
def _corner_boards() -> tuple[tuple[State, int], ...]:
    """``(15-puzzle board, most moves to the goal)`` for boards that differ from the goal in
    the bottom-right corner only: those with a line reversed in its home line, and a sample."""
    table = distance_table(SlidingPuzzle(shape=(3, 3)))

    def on_fifteen(eight: State) -> State:
        board = [*range(1, 16), 0]
        for cell, tile in zip(CORNER_CELLS, eight):
            board[cell] = CORNER_TILES[tile]
        return tuple(board)

    def reversed_line(eight: State) -> bool:
        lines = [eight[row * 3 : row * 3 + 3] for row in range(3)] + [
            eight[col::3] for col in range(3)
        ]
        homes = [[1, 2, 3], [4, 5, 6], [7, 8], [1, 4, 7], [2, 5, 8], [3, 6]]
        return any(sorted(line, reverse=True) == list(line) and sorted(line) == home
                   for line, home in zip(lines, homes))  # fmt: skip

    boards = sorted(table)
    chosen = [eight for eight in boards if reversed_line(eight)]
    chosen += random.Random(5).sample(boards, CORNER_SAMPLE)
    return tuple((on_fifteen(eight), table[eight]) for eight in chosen)


@guarded_check("your heuristic", prepare=_corner_boards)
def check_idastar_heuristic(heuristic: Any) -> bool:
    """Check that IDA* with *heuristic* solves :data:`IDASTAR_BOARD` shortest within budget,
    and that it never overestimates on boards whose distance is known.

    >>> check_idastar_heuristic("linear-conflict")
    Not yet: "linear-conflict" is puzzlelab's own heuristic: ...
    False
    """
    if not_answered(heuristic):
        return fail("replace ... with your heuristic: a function of a state (no brackets).")
    puzzle = SlidingPuzzle(IDASTAR_BOARD)
    if isinstance(heuristic, str):
        known = heuristic in puzzle.heuristics
        return fail(
            f'"{heuristic}" is puzzlelab\'s own heuristic: try it above to see what it does, '
            "then write your own, a function of a state."
            if known
            else f"give your heuristic, a function of a state, not {heuristic!r}."
        )
    if not callable(heuristic):
        return fail(f"give a function of a state, not {heuristic!r}.")
    called = borrowed(heuristic, [puzzle.start, puzzle.goal])
    if called:
        return fail(
            f"your heuristic {called}: write it yourself, from the tiles and their home "
            "cells (a search inside the search would give exact distances at a search's price)."
        )
    try:
        result = sliding_idastar(puzzle, heuristic=heuristic, max_nodes=IDASTAR_BUDGET)
        over = _overestimate(puzzle, heuristic, result)
    except Exception as error:  # a student's function may fail in any way
        return fail(f"IDA* could not use it: {one_line(error)}")
    if over:
        board, h, at_most = over
        shown = puzzle.render(board).replace(chr(10), " / ")
        outcome = (
            "IDA* happened to find a shortest path here, but nothing promises it"
            if result.solved and result.cost == IDASTAR_SHORTEST
            else "so IDA* may skip past the shortest bound"
        )
        return fail(
            f"it overestimates: on {shown} it says {h}, but the goal is at most {at_most} "
            f"moves away; {outcome}. Which part of it counts moves that a solution can do "
            "without?"
        )
    if not result.solved:
        return fail(
            f"IDA* stopped at the limit of {IDASTAR_BUDGET:,} expanded nodes without solving "
            "the board: this heuristic leaves too many boards looking promising. "
            "What does it not count that every solution must pay for?"
        )
    if len(result.actions) > IDASTAR_SHORTEST:
        return fail(
            f"IDA* solved it in {len(result.actions)} moves, but a shorter solution exists: "
            "your heuristic overestimates somewhere, so IDA* skipped past the shortest bound."
        )
    return passed(
        f"IDA* found a shortest path after {result.stats.expanded:,} expanded nodes "
        f"in {len(result.stats.iterations)} iterations, and your heuristic never said more "
        f"than the distance on {len(_corner_boards()):,} boards it had never seen."
    )


def _overestimate(
    puzzle: SlidingPuzzle, heuristic: Heuristic, result: SearchResult
) -> tuple[State, float, int] | None:
    """Return ``(board, h, at most)`` for a board where *heuristic* says too much, else ``None``."""
    known: list[tuple[State, int]] = []
    if result.solved and result.cost == IDASTAR_SHORTEST:
        known += [(board, IDASTAR_SHORTEST - i) for i, board in enumerate(result.path)]
    known += [(puzzle.scramble(moves, seed=seed), moves) for moves in (4, 8, 16, 32)
              for seed in range(25)]  # fmt: skip
    for board, at_most in [*known, *_corner_boards()]:
        if heuristic(board) > at_most:
            return board, heuristic(board), at_most
    return None
