"""Exercises for lesson 5, "The 15-puzzle and IDA*"."""

from __future__ import annotations

import math
from typing import Any

from ..errors import one_line
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State
from ..results import SearchResult
from ..search.problem import Heuristic
from ..solvers.sliding import sliding_idastar
from .answers import fail, is_number, is_whole_number, not_answered, passed, self_check
from .own_work import borrowed
from .sandbox import guarded_check


@self_check
@guarded_check("your answer")
def check_positions_24(answer: Any) -> bool:
    """Check the number of 24-puzzle (5 x 5) positions from which the goal can be reached.

    >>> check_positions_24(math.factorial(25))
    Not yet: that counts every arrangement of the 25 cells. Can every one of them reach the goal?
    False
    """
    if not_answered(answer):
        return fail("replace ... with a whole number (math.factorial may help).")
    if isinstance(answer, float):
        return fail(
            "give the exact whole number, not a float: floats keep only about 16 digits. "
            "Use // rather than / to divide."
        )
    if not is_whole_number(answer):
        return fail(f"give a whole number (no quotes), not a {type(answer).__name__}.")
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


#: The numbers exercise 2 starts from.
LAST_BOUND = 51
LAST_EXPANDED = 2_000_000
GROWTH = 6
NODES_PER_SECOND = 20_000
TARGET_BOUND = 79
SECONDS_PER_YEAR = 365.25 * 24 * 3600
#: The hint for an estimate that is off: the way, not the sum.
_STEP_BY_STEP = (
    f"Work it out in three steps: the nodes the iteration at bound {TARGET_BOUND} expands, "
    "the seconds that takes, the years those seconds make."
)


def _years(steps: int) -> float:
    return LAST_EXPANDED * GROWTH**steps / NODES_PER_SECOND / SECONDS_PER_YEAR


@self_check
@guarded_check("your answer")
def check_years_estimate(answer: Any) -> bool:
    """Check an estimate, in years, of the IDA* iteration at :data:`TARGET_BOUND`.

    The iteration at bound :data:`LAST_BOUND` expanded :data:`LAST_EXPANDED` nodes, each
    next bound (2 higher) :data:`GROWTH` times as many, at :data:`NODES_PER_SECOND` nodes a
    second. Within a factor of 2 counts (no round guess falls inside).

    >>> check_years_estimate(100_000)
    Not yet: too small...
    False
    """
    if not_answered(answer):
        return fail("replace ... with a number of years (a rough figure is fine).")
    if not is_number(answer) or not answer > 0:
        return fail(f"give a positive number of years, not {answer!r}.")
    steps = (TARGET_BOUND - LAST_BOUND) // 2
    truth = _years(steps)

    def near(value: float) -> bool:
        return value / 2 <= answer <= value * 2

    def precisely(value: float) -> bool:  # a worked-out mistake, not a guess
        return abs(answer - value) <= value / 10

    if near(truth):
        return passed(
            f"Each step of 2 in the bound multiplies the work by {GROWTH}: {steps} steps turn "
            f"{LAST_EXPANDED / NODES_PER_SECOND:.0f} seconds into about {truth:,.0f} years. "
            "That is why the hardest positions are out of reach here."
        )
    if precisely(_years(steps - 1)) or precisely(_years(steps + 1)):
        return fail(
            "off by one bound step (a factor of 6). Count the iterations from bound "
            f"{LAST_BOUND} to bound {TARGET_BOUND} again: the bound rises by 2 each time."
        )
    if precisely(_years(TARGET_BOUND - LAST_BOUND)):
        return fail(
            "far too large: the bound rises by 2 per iteration, not by 1 "
            "(every path to the goal has the same parity), so there are fewer steps."
        )
    for unit, per_year in (("seconds", SECONDS_PER_YEAR), ("hours", 365.25 * 24), ("days", 365.25)):
        if precisely(truth * per_year):
            return fail(f"that looks like {unit}: convert to years ({per_year:,.0f} per year).")
    if answer < truth / 6:
        return fail(
            f"far too small. Count how many bound steps lie between {LAST_BOUND} and "
            f"{TARGET_BOUND}; each multiplies the work by {GROWTH}."
        )
    if answer < truth:
        return fail(f"too small. {_STEP_BY_STEP}")
    return fail(f"too large. {_STEP_BY_STEP}")


#: The 15-puzzle board of exercise 3 (``SlidingPuzzle(shape=(4, 4)).scramble(60, seed=7)``).
IDASTAR_BOARD = "6 8 15 4 / 1 2 3 0 / 9 5 10 7 / 14 13 11 12"
#: IDA* must finish within this many expanded nodes.
IDASTAR_BUDGET = 20_000
#: The length of a shortest solution of :data:`IDASTAR_BOARD` (checked by the tests).
IDASTAR_SHORTEST = 34


@self_check
@guarded_check("your heuristic")
def check_idastar_heuristic(heuristic: Any) -> bool:
    """Check that IDA* with *heuristic* solves :data:`IDASTAR_BOARD` shortest within budget.

    *heuristic* is a built-in name or a function of a 16-tile state; one that
    overestimates is told so, and one that runs a search itself is refused.

    >>> check_idastar_heuristic("misplaced")
    Not yet: IDA* stopped at the limit of 20,000 expanded nodes without solving the board: ...
    False
    """
    if not_answered(heuristic):
        return fail(
            "replace ... with a heuristic: a name such as 'manhattan' or a function of a state."
        )
    puzzle = SlidingPuzzle(IDASTAR_BOARD)
    if isinstance(heuristic, str) and heuristic not in puzzle.heuristics:
        names = ", ".join(repr(name) for name in puzzle.heuristics)
        return fail(f"{heuristic!r} is not a heuristic; the names are {names}.")
    if not isinstance(heuristic, str) and not callable(heuristic):
        return fail(f"give a name or a function of a state, not {heuristic!r}.")
    if not isinstance(heuristic, str):
        searched = borrowed(
            heuristic,
            [puzzle.start, puzzle.goal],
            allowed=lambda module, _: module.startswith("puzzlelab.puzzles"),
        )
        if searched:
            return fail(
                f"your heuristic {searched}: a search inside the search gives exact "
                "distances at a search's price. A heuristic looks at the board only."
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
            f"moves away; {outcome}. A heuristic for a shortest path must never say more "
            "than the true distance."
        )
    if not result.solved:
        return fail(
            f"IDA* stopped at the limit of {IDASTAR_BUDGET:,} expanded nodes without solving "
            "the board: this heuristic leaves too many boards looking promising. "
            "Try one that knows more."
        )
    if len(result.actions) > IDASTAR_SHORTEST:
        return fail(
            f"IDA* solved it in {len(result.actions)} moves, but a shorter solution exists: "
            "your heuristic overestimates somewhere, so IDA* skipped past the shortest bound."
        )
    return passed(
        f"IDA* found a shortest path after {result.stats.expanded:,} expanded nodes "
        f"in {len(result.stats.iterations)} iterations."
    )


def _overestimate(
    puzzle: SlidingPuzzle, heuristic: str | Heuristic, result: SearchResult
) -> tuple[State, float, int] | None:
    """Return ``(board, h, at most)`` for a board where *heuristic* says too much, else ``None``.

    Boards k random moves from the goal are at most k moves away; on a shortest
    solution, the board after i moves is exactly ``cost - i`` away.
    """
    h = puzzle.heuristics[heuristic] if isinstance(heuristic, str) else heuristic
    known = [(puzzle.scramble(moves, seed=seed), moves) for moves in (4, 8, 16, 32)
             for seed in range(25)]  # fmt: skip
    if result.solved and result.cost == IDASTAR_SHORTEST:
        known += [(board, IDASTAR_SHORTEST - i) for i, board in enumerate(result.path)]
    for board, at_most in known:
        if h(board) > at_most:
            return board, h(board), at_most
    return None
