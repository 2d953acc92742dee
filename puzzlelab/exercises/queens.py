"""Exercises for lesson 7, "Backtracking and N queens"."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import Any

from ..errors import one_line
from ..puzzles.queens import Placement, family, safe
from ..solvers.queens import backtracking
from ..solvers.queens_counting import fundamental_solutions
from .answers import fail, is_whole_number, not_answered, passed, self_check, two_whole_numbers
from .own_work import borrowed
from .sandbox import guarded_check

#: Exercise 1: the board size.
WORK_N = 12

#: Exercise 3: boards up to this size are tried on the student's function.
SAFE_UP_TO = 6


@lru_cache(maxsize=1)
def _placed() -> int:
    return backtracking(WORK_N).stats.expanded


@self_check
@guarded_check("your answer")
def check_work(candidates: Any, placed: Any) -> bool:
    """Check the work for all solutions of :data:`WORK_N` queens, done both ways.

    *candidates*: the arrangements generate and test would try; *placed*: the queens
    backtracking places.

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
                f"candidates: {'too few' if candidates < truth else 'too many'}. The row-0 "
                f"queen has {WORK_N} columns to choose from, the row-1 queen one fewer, ..."
            )
    if placed != _placed():
        hints.append(
            f"placed: {'too few' if placed < _placed() else 'too many'}. Run backtracking "
            f"on {WORK_N} queens and look at stats.expanded (the queens placed)."
        )
    if hints:
        return fail(" ".join(hints))
    return passed(
        f"Backtracking places about {truth / _placed():.0f} times fewer queens than generate "
        "and test tries arrangements, and the factor grows with every row you add."
    )


@self_check
@guarded_check("your answer")
def check_small_family(size: Any) -> bool:
    """Check the size of the one family of 8-queens solutions with fewer than 8 members.

    >>> check_small_family(8)
    Not yet: 8 is the size of the other eleven families. ...
    False
    """
    if not_answered(size):
        return fail("replace ... with a whole number: how many solutions are in that family?")
    if not is_whole_number(size):
        return fail(f"give a whole number, not a {type(size).__name__}.")
    sizes = sorted(len(family(p)) for p in fundamental_solutions(8))
    small = min(sizes)
    if size == small:
        return passed(
            f"{len(sizes) - 1} families of 8 and one of {small} make the 92 solutions. "
            "That solution looks the same after a half turn, so its 8 images come in pairs."
        )
    if size == 8:
        return fail(
            "8 is the size of the other eleven families. Twelve families of 8 would be "
            "96 solutions, but there are 92."
        )
    if size < 1 or size > 8:
        return fail("a family has between 1 and 8 members (8 symmetries).")
    return fail(
        "count again: 92 solutions in 12 families, eleven of them with 8 members. "
        "Or ask family() for each fundamental solution."
    )


def _cases() -> Iterator[tuple[Placement, int]]:
    """Yield ``(placement, col)`` for every partial placement (queens safe so far) up to
    :data:`SAFE_UP_TO` columns and every column of the next row."""
    for n in range(1, SAFE_UP_TO + 1):
        for rows in range(n):
            for placement in product(range(n), repeat=rows):
                if all(safe(placement[:row], c) for row, c in enumerate(placement)):
                    for col in range(n):
                        yield placement, col


@self_check
@guarded_check("your function")
def check_safe(function: Any) -> bool:
    """Check ``function(placement, col)``: may the next row's queen go in column *col*?

    It is tried on every partial placement of boards up to :data:`SAFE_UP_TO` wide;
    puzzlelab's own ``safe``, or a function that calls it, is refused.

    >>> check_safe(lambda placement, col: col not in placement)
    Not yet: with queens (0,) on the board, ...
    False
    >>> check_safe(safe)
    Not yet: your function is puzzlelab's own safe: ...
    False
    """
    if not_answered(function):
        return fail("replace ... with the name of your function (no brackets).")
    if not callable(function):
        return fail(f"give a function, not a {type(function).__name__}.")
    probes = [[placement, col] for placement, col in _cases() if len(placement) == 3][:20]
    copied = borrowed(function, probes)
    if copied:
        return fail(
            f"your function {copied}: write the test yourself, comparing the new queen's "
            "column and diagonals with those of each queen on the board."
        )
    for placement, col in _cases():
        try:
            answer = function(placement, col)
        except Exception as error:  # a student's bug: say where, do not crash the lesson
            return fail(
                f"your function raised {one_line(error)} for queens {placement} and column {col}."
            )
        if bool(answer) != safe(placement, col):
            verb = "may" if safe(placement, col) else "may not"
            return fail(
                f"with queens {placement} on the board, the queen of row {len(placement)} "
                f"{verb} go in column {col}, but your function says {answer!r}. "
                "Check columns, then both diagonals."
            )
    return passed(
        "That test is what makes backtracking prune: it throws a queen away at once, "
        "together with every arrangement below it."
    )
