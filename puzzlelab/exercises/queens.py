"""Exercises for lesson 7, "Backtracking and N queens"."""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import product
from typing import Any

from ..puzzles.queens import Placement, family, safe
from ..solvers.queens import backtracking
from ..solvers.queens_counting import fundamental_solutions
from .answers import (
    answers_on,
    fail,
    is_whole_number,
    not_answered,
    passed,
    two_whole_numbers,
    verdict,
)
from .sandbox import guarded_check

WORK_N = 12

SAFE_UP_TO = 6


@lru_cache(maxsize=1)
def _placed() -> int:
    return backtracking(WORK_N).stats.expanded


@guarded_check("your answer")
def check_work(candidates: Any, placed: Any) -> bool:
    """Check the arrangements generate and test tries, and the queens backtracking places,
    for all solutions of :data:`WORK_N` queens.

    >>> check_work(WORK_N**WORK_N, 1)
    Not yet: candidates: that lets two queens share a column; ...
    False
    """
    trouble = two_whole_numbers(candidates, placed)
    if trouble:
        return fail(trouble)
    hints = []
    truth = math.factorial(WORK_N)
    if candidates != truth:
        if candidates == WORK_N**WORK_N:
            hints.append(
                "candidates: that lets two queens share a column; generate and test only "
                "tries arrangements with every column used once."
            )
        elif candidates == math.comb(WORK_N * WORK_N, WORK_N):
            hints.append(
                "candidates: that is every way to put the queens anywhere; generate and test "
                "puts one in each row and each column."
            )
        else:
            hints.append(
                "candidates: not right. Generate and test puts one queen in each row and "
                f"gives each a column of its own: in how many ways can {WORK_N} queens share "
                f"out {WORK_N} columns?"
            )
    if placed != _placed():
        hints.append(
            f"placed: not right. Run backtracking on {WORK_N} queens and look at what its "
            "stats count."
        )
    return verdict(
        hints,
        f"Backtracking places about {truth / _placed():.0f} times fewer queens than generate "
        "and test tries arrangements, and the factor grows with every row you add.",
    )


@guarded_check("your answer")
def check_small_family(solution: Any, size: Any) -> bool:
    """Check a solution of 8 queens (a tuple of columns) whose family is smaller than 8, and
    the family's size.

    >>> check_small_family((0, 4, 7, 5, 2, 6, 1, 3), 8)
    Not yet: solution: its family has 8 members, ...
    False
    """
    if not_answered(solution) or not_answered(size):
        return fail("replace both ... : a solution as a tuple of 8 columns, then a whole number.")
    try:
        placement = tuple(solution)
    except TypeError:
        placement = ()
    if len(placement) != 8 or not all(is_whole_number(c) and 0 <= c < 8 for c in placement):
        return fail("solution: give 8 columns from 0 to 7, one per row, e.g. (0, 4, 7, 5, ...).")
    if not is_whole_number(size):
        return fail(f"size: give a whole number, not a {type(size).__name__}.")
    hints = []
    clash = next((row for row in range(8) if not safe(placement[:row], placement[row])), None)
    members = len(family(placement)) if clash is None else 0
    if clash is not None:
        hints.append(
            f"solution: the queen of row {clash} is attacked by a queen above it; "
            "give a solution of the 8 queens."
        )
    elif members == 8:
        hints.append(
            "solution: its family has 8 members, its 8 images all different boards. Which "
            "solution would a turn or a mirror leave just as it was?"
        )
    small = min(len(family(p)) for p in fundamental_solutions(8))
    if size != small:
        hints.append(
            "size: not right. A family holds the different boards among a solution's 8 "
            "images: how many different ones does the small family's solution give?"
        )
    return verdict(
        hints,
        f"That solution looks the same after a half turn, so its 8 images come in pairs: a "
        f"family of {small}, and eleven of 8 make the 92 solutions.",
    )


def _unsafe_hint(answer: object, placement: Placement, col: int) -> str:
    """What a function that said *answer* for *placement* and *col* got wrong, or ``""``."""
    if bool(answer) == safe(placement, col):
        return ""
    row = len(placement)
    start = f"with queens {placement} on the board, the queen of row {row}"
    if answer is None:
        return "your function returns nothing yet (None): it must return True or False."
    if safe(placement, col):
        return (
            f"{start} may go in column {col}: no queen shares its column or a diagonal, but "
            f"your function says {answer!r}. Which queen did it think attacks it?"
        )
    r, c = next((r, c) for r, c in enumerate(placement) if c == col or abs(c - col) == row - r)
    how = "column" if c == col else "diagonal"
    return (
        f"{start} may not go in column {col}, but your function says {answer!r}: the queen "
        f"of row {r} shares its {how}."
    )


@lru_cache(maxsize=1)
def _cases() -> tuple[tuple[Placement, int], ...]:
    """``(placement, col)`` for every safe partial placement up to :data:`SAFE_UP_TO`."""
    return tuple(
        (placement, col)
        for n in range(1, SAFE_UP_TO + 1)
        for rows in range(n)
        for placement in product(range(n), repeat=rows)
        if all(safe(placement[:row], c) for row, c in enumerate(placement))
        for col in range(n)
    )


@guarded_check("your function")
def check_safe(function: Any) -> bool:
    """Check ``function(placement, col)``: may the next row's queen go in column *col*?

    >>> check_safe(lambda placement, col: col not in placement)
    Not yet: with queens (0,) on the board, ...
    False
    """
    _, trouble = answers_on(
        function,
        _cases(),
        usage=("answer_7_3 = my_safe", "def my_safe(placement, col)"),
        yourself="Compare the new queen's column and diagonals with those of each queen on the "
        "board.",
        trouble=_unsafe_hint,
        where=" for queens {} and column {}.",
        probes=[[placement, col] for placement, col in _cases() if len(placement) == 3][:20],
    )
    if trouble:
        return fail(trouble)
    return passed(
        "That test is what makes backtracking prune: it throws a queen away at once, "
        "together with every arrangement below it."
    )
