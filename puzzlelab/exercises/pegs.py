"""Exercises for lesson 9, "Peg solitaire and iterative deepening"."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..errors import UnsolvableError, one_line
from ..puzzles.pegs import Board, Pegs, PegSolitaire, get_board, holes_of, pegs_of, replay
from ..search import iddfs
from ..solvers.pegs import PegSearchResult, dfs_dead_positions, iterative_deepening
from .answers import fail, is_number, not_answered, passed, verdict
from .own_work import borrowed, names_used, objects_read
from .sandbox import guarded_check

#: The peg solitaire article's 12-move solution of the complement problem from hole 7.
TWELVE_MOVE_SOLUTION = [(15, 7), (12, 10), (4, 11), (2, 4), (8, 3), (1, 5), (13, 15, 7),
                        (6, 3, 8, 6, 14), (21, 12, 10), (16, 18), (20, 9, 11),
                        (19, 17, 7)]  # fmt: skip


def position_after(count: int) -> PegSolitaire:
    """Return the 21-hole problem after the first *count* moves of the 12-move solution.

    >>> position_after(6).start.bit_count()
    14
    """
    puzzle = PegSolitaire("triangle21", hole=7)
    return puzzle.with_start(replay(puzzle.board, puzzle.start, TWELVE_MOVE_SOLUTION[:count])[-1])


SHARE_PUZZLE = position_after(6)


#: How far a share may be from the measured one: three digits are in; 0.5 or 0.49 are not.
SHARE_TOLERANCE = 0.0006


@lru_cache(maxsize=1)
def _share_run() -> PegSearchResult:
    return iterative_deepening(SHARE_PUZZLE)


def _last_share() -> float:
    stats = _share_run().stats
    return stats.iterations[-1]["expanded"] / stats.expanded


@lru_cache(maxsize=1)
def _iddfs_shares() -> tuple[float, ...]:
    """The shares section 3's ``iddfs`` gives, as a graph and as a tree search."""
    runs = (iddfs(SHARE_PUZZLE, graph_search=graph).stats for graph in (True, False))
    return tuple(stats.iterations[-1]["expanded"] / stats.expanded for stats in runs)


@guarded_check("your answer")
def check_last_iteration_share(share: Any) -> bool:
    """Check the share of all positions iterative deepening visits on :data:`SHARE_PUZZLE`
    that its last iteration visited.

    >>> check_last_iteration_share(50)
    Not yet: give a fraction between 0 and 1 (0.5 for a half), not a percentage.
    False
    """
    if not_answered(share):
        return fail("replace ... with a number between 0 and 1.")
    if not is_number(share):
        return fail(f"give a number, not a {type(share).__name__}.")
    if 5 < share <= 100:  # 48.8 for 0.488
        return fail("give a fraction between 0 and 1 (0.5 for a half), not a percentage.")
    if not 0 <= share <= 1:
        return fail(
            "a share is between 0 and 1: a part (what the last iteration visited) divided "
            "by the whole it is part of (what all the iterations visited)."
        )
    truth = _last_share()
    if abs(share - truth) <= SHARE_TOLERANCE:
        earlier = len(_share_run().stats.iterations) - 1
        return passed(
            f"The last iteration did {truth:.0%} of the work and the {earlier} before it "
            f"{1 - truth:.0%} together: in all, iterative deepening did {1 / truth:.1f} times "
            "the work of its last iteration alone (which stopped early, at the solution). "
            "A small price for keeping only one path in memory."
        )
    iterations = [iteration["expanded"] for iteration in _share_run().stats.iterations]
    if abs(share - iterations[-1] / sum(iterations[:-1])) <= SHARE_TOLERANCE:
        return fail(
            "that divides by the earlier iterations only; all the positions it visited "
            "include those of the last iteration."
        )
    if any(abs(share - other) <= SHARE_TOLERANCE for other in _iddfs_shares()):
        return fail(
            "that is the share section 3's iddfs measures, and it counts other things: the "
            "positions it expands (not those at the limit, which it only generates), a whole "
            "chain of jumps as one step, and (as a graph search) no position twice in one "
            "iteration. The exercise asks about peg_solvers.iterative_deepening, which counts "
            "every position it visits, one jump at a time, those at the limit too."
        )
    if share == round(share, 2):
        return fail(
            "that is a round figure, not a measured share. Run "
            "peg_solvers.iterative_deepening on SHARE_PUZZLE and divide what its last "
            "iteration visited by what all of them visited (the result's stats list both)."
        )
    return fail(
        "that is not the share. Run peg_solvers.iterative_deepening on SHARE_PUZZLE and "
        "compare the positions its last iteration visited with all the positions it visited "
        "(the result's stats list both)."
    )


def _english_positions(count: int = 300) -> list[Pegs]:
    board = get_board("english")
    rng = random.Random(33)
    positions = [board.full ^ 1 << 17, board.full, 1 << 17]
    for _ in range(count):
        density = rng.random()
        positions.append(pegs_of(h for h in board.holes if rng.random() < density))
    return positions


@guarded_check("your function")
def check_english_corners(count_corners: Any) -> bool:
    """Check ``count_corners(pegs)``: the pegs (a bit mask) in the English board's corners.

    >>> check_english_corners(lambda pegs: 0)
    Not yet: with pegs in holes [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, ...
    False
    """
    if not_answered(count_corners):
        return fail("replace ... with a function of a bit mask of pegs.")
    if not callable(count_corners):
        return fail("give a function (def or lambda) of a bit mask of pegs.")
    board = get_board("english")
    copied = _borrowed_corners(count_corners, board)
    if copied:
        return fail(
            f"your function {copied}: find the corners yourself, in the numbering of "
            "section 6 (holes that no jump passes over)."
        )
    for pegs in _english_positions():
        truth = sum(1 for hole in board.corners if pegs >> hole & 1)
        try:
            yours = count_corners(pegs)
        except Exception as error:  # a student's function may fail in any way
            return fail(f"your function raised {one_line(error)}")
        if yours is None or yours is Ellipsis:
            return fail(
                "your function returns nothing yet: write its body so "
                "that it returns a whole number."
            )
        if not is_number(yours):
            return fail(
                f"your function returns {yours!r}, a {type(yours).__name__}: return the "
                "number of pegs in the corners."
            )
        if yours != truth:
            shifted = sum(1 for hole in board.corners if pegs >> (hole - 1) & 1)
            if yours == shifted and _reads_bit_before(count_corners, board):
                return fail(
                    "your function reads bit h - 1 for hole h: hole h holds a peg when bit h "
                    "is set ((pegs >> h) & 1), counting hole 1 from bit 1."
                )
            triangle = sum(1 for hole in (1, 2, 13, 19, 20, 21) if pegs >> hole & 1)
            hint = (
                "those are the 21-hole triangle's corners; the English board has its own."
                if yours == triangle
                else "which holes of the cross have no hole on both sides of them in a row "
                "or a column?"
            )
            return fail(
                f"with pegs in holes {list(holes_of(pegs))} your function says {yours!r}, "
                "which is not right: " + hint
            )
    return passed(
        "A lower bound for the English board too. It is weaker there: 8 corners out of 33 "
        "holes, and solutions of the central game need many more moves than that."
    )


def _reads_bit_before(count_corners: Callable[[Pegs], int], board: Board) -> bool:
    try:
        counted = {hole for hole in board.holes if count_corners(1 << hole) == 1}
    except Exception:  # a student's function may fail in any way: the check says so elsewhere
        return False
    return counted == {corner - 1 for corner in board.corners} & set(board.holes)


def _borrowed_corners(count_corners: Callable[[Pegs], int], board: Board) -> str:
    called = borrowed(
        count_corners, [board.full, 1 << 17], allowed=lambda _, name: "corner" not in name
    )
    if called:
        return called
    read = objects_read(count_corners)
    if any(value is board.corners for value in read) or (
        names_used(count_corners) & {"corners", "corner_bound"}
        and any(type(value).__module__.startswith("puzzlelab.") for value in read)
    ):
        return "reads puzzlelab's list of the board's corners"
    return ""


@lru_cache(maxsize=1)
def _solvable_holes() -> frozenset[int]:
    found = set()
    for hole in get_board("triangle21").holes:
        puzzle = PegSolitaire("triangle21", hole=hole)
        try:
            puzzle.check_solvable()
        except UnsolvableError:
            continue
        if dfs_dead_positions(puzzle, check_solvable=False).solved:
            found.add(hole)
    return frozenset(found)


@guarded_check("your answer")
def check_solvable_holes(holes: Any) -> bool:
    """Check the holes of the 21-hole board whose complement problem can be solved.

    >>> check_solvable_holes({22})
    Not yet: the holes are numbered 1 to 21.
    False
    """
    if not_answered(holes):
        return fail("replace ... with a set of hole numbers, e.g. {4, 7}.")
    try:
        holes = set(holes)
    except TypeError:
        return fail("give a set of whole numbers, e.g. {4, 7}.")
    if not all(isinstance(h, int) and not isinstance(h, bool) and 1 <= h <= 21 for h in holes):
        return fail("the holes are numbered 1 to 21.")
    truth = _solvable_holes()
    corners = get_board("triangle21").corners
    hints, wrong = [], holes - truth
    if wrong & corners:
        hints.append(
            f"{len(wrong & corners)} of your corner holes have no solution: ask "
            "peg_solvers.solve(puzzle, 'dfs') for one of them."
        )
    if wrong - corners:
        hints.append(
            f"{len(wrong - corners)} of your other holes have no solution: think of the "
            "corner pegs and the group of pegs they must jump over (check_solvable)."
        )
    if truth - holes:
        hints.append(
            f"{len(truth - holes)} more holes have a solution: try "
            "peg_solvers.solve(puzzle, 'dfs') for each hole that check_solvable does not refuse."
        )
    return verdict(
        hints,
        f"{len(truth)} of the 21 holes. Six are ruled out by an argument (the corner pegs "
        "need every peg of the group they jump over) and six, the corners, by search.",
    )
