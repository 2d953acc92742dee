"""The self-checks of lessons 3 and 4: right answers pass, wrong ones get a hint without the answer."""

import math

import pytest

from puzzlelab import SlidingPuzzle
from puzzlelab.exercises import heuristics, idastar
from puzzlelab.search import astar
from puzzlelab.search import idastar as run_idastar

EIGHT = SlidingPuzzle(shape=(3, 3))


def assert_hint(capsys, check, answer, *secrets, contains=""):
    """The check refuses *answer*, prints 'Not yet', and leaks none of *secrets*."""
    assert check(answer) is False
    out = capsys.readouterr().out
    assert out.startswith("Not yet: ")
    for secret in secrets:
        assert str(secret) not in out, f"the hint gives away {secret}: {out}"
    assert contains in out
    return out


def assert_praise(capsys, check, answer):
    assert check(answer) is True
    assert capsys.readouterr().out.startswith("Correct! ")


# ---------------------------------------------------------------- lesson 3, exercise 1

MANHATTAN = SlidingPuzzle(heuristics.MANHATTAN_BOARD).manhattan(
    SlidingPuzzle(heuristics.MANHATTAN_BOARD).start
)


def test_manhattan_right_answer(capsys):
    assert MANHATTAN == 14  # worked out by hand from the board
    assert_praise(capsys, heuristics.check_manhattan, MANHATTAN)


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        (None, "replace ..."),
        ("14", "whole number"),
        (14.0, "whole number"),
        (True, "whole number"),
        (16, "blank"),  # the blank counted: it is 2 rows/cols from home
        (6, "out of place"),  # misplaced tiles
        (7, "out of place"),  # misplaced tiles, blank counted
        (3, "too small"),
        (30, "too large"),
    ],
)
def test_manhattan_wrong_answers(capsys, answer, contains):
    assert_hint(capsys, heuristics.check_manhattan, answer, MANHATTAN, contains=contains)


# ---------------------------------------------------------------- lesson 3, exercise 2


def manhattan_by_hand(state):
    total = 0
    for cell, tile in enumerate(state):
        if tile:
            home = tile - 1
            total += abs(cell // 3 - home // 3) + abs(cell % 3 - home % 3)
    return total


def counts_the_blank(state):
    total = 0
    for cell, tile in enumerate(state):
        home = EIGHT.goal.index(tile)
        total += abs(cell // 3 - home // 3) + abs(cell % 3 - home % 3)
    return total


def test_better_heuristic_accepts_manhattan(capsys):
    assert_praise(capsys, heuristics.check_better_heuristic, manhattan_by_hand)


def test_better_heuristic_refuses_the_blank(capsys):
    out = assert_hint(
        capsys, heuristics.check_better_heuristic, counts_the_blank, contains="overestimates"
    )
    assert "0 1 2" in out.replace(".", "0")  # names a concrete board where h is too large


def test_better_heuristic_refuses_too_little(capsys):
    assert_hint(
        capsys, heuristics.check_better_heuristic, EIGHT.misplaced, contains="misplaced tiles"
    )


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "write a function"),
        (12, "must be a function"),
        (lambda state: 1, "0 on the goal"),
        (lambda state: "far", "return a number"),
        (lambda state: state[9], "IndexError"),
        (lambda state: 0 if state == EIGHT.goal else 1 / 0, "ZeroDivisionError"),
    ],
)
def test_better_heuristic_wrong_answers(capsys, answer, contains):
    assert_hint(capsys, heuristics.check_better_heuristic, answer, contains=contains)


# ---------------------------------------------------------------- lesson 3, exercise 3


def worse_on_both(seed):
    puzzle = EIGHT.with_start(EIGHT.random_state(seed))
    plain = astar(puzzle, heuristic="manhattan")
    weighted = astar(puzzle, heuristic="manhattan", weight=2)
    return (
        weighted.stats.expanded > plain.stats.expanded and weighted.cost > plain.cost,
        weighted.cost > plain.cost,
        weighted.stats.expanded > plain.stats.expanded,
    )


def test_worse_on_both_right_answer(capsys):
    seed = next(s for s in range(10, 200) if worse_on_both(s)[0])
    assert_praise(capsys, heuristics.check_worse_on_both, seed)


def test_worse_on_both_wrong_answers(capsys):
    only_longer = next(s for s in range(10, 200) if worse_on_both(s)[1:] == (True, False))
    only_slower = next(s for s in range(10, 200) if worse_on_both(s)[1:] == (False, True))
    neither = next(s for s in range(10, 200) if worse_on_both(s)[1:] == (False, False))
    assert_hint(capsys, heuristics.check_worse_on_both, only_longer, contains="fewer nodes")
    assert_hint(capsys, heuristics.check_worse_on_both, only_slower, contains="just as short")
    assert_hint(capsys, heuristics.check_worse_on_both, neither, contains="faster")
    in_table = next(s for s in range(10) if worse_on_both(s)[0])
    assert_hint(capsys, heuristics.check_worse_on_both, in_table, contains="10 or more")
    assert_hint(capsys, heuristics.check_worse_on_both, ..., contains="replace ...")
    assert_hint(capsys, heuristics.check_worse_on_both, "12", contains="whole number")


# ---------------------------------------------------------------- lesson 4, exercise 1

POSITIONS_24 = math.factorial(25) // 2


def test_positions_right_answer(capsys):
    assert_praise(capsys, idastar.check_positions_24, POSITIONS_24)


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        (float(POSITIONS_24), "float"),
        ("7755605021665492992000000", "whole number"),
        (math.factorial(25), "every arrangement"),
        (math.factorial(24), "blank"),
        (math.factorial(24) // 2, "blank"),
        (math.factorial(16) // 2, "parity"),
    ],
)
def test_positions_wrong_answers(capsys, answer, contains):
    assert_hint(capsys, idastar.check_positions_24, answer, POSITIONS_24, contains=contains)


# ---------------------------------------------------------------- lesson 4, exercise 2

YEARS = 2_000_000 * 6**14 / 50_000 / (365.25 * 24 * 3600)  # 14 steps of 2 from 51 to 79


def secrets_of(years):
    """Ways a hint could leak the estimate: its leading digits, rounded."""
    return [f"{years:,.0f}", f"{years:.0f}", f"{round(years, -3):,.0f}"]


@pytest.mark.parametrize("answer", [YEARS, 100_000, 60_000, 190_000])
def test_years_right_answers(capsys, answer):
    assert 99_000 < YEARS < 100_000
    assert_praise(capsys, idastar.check_years_estimate, answer)


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        ("a lot", "positive number"),
        (-5, "positive number"),
        (YEARS / 6, "one bound step"),
        (YEARS * 6, "one bound step"),
        (YEARS * 6**14, "rises by 2"),
        (YEARS * 365.25 * 24 * 3600, "seconds"),
        (YEARS * 365.25 * 24, "hours"),
        (YEARS * 365.25, "days"),
        (1, "far too small"),
        (1e30, "too large"),
    ],
)
def test_years_wrong_answers(capsys, answer, contains):
    assert_hint(capsys, idastar.check_years_estimate, answer, *secrets_of(YEARS), contains=contains)


# ---------------------------------------------------------------- lesson 4, exercise 3


def test_idastar_board_and_shortest_length():
    puzzle = SlidingPuzzle(shape=(4, 4))
    assert SlidingPuzzle(idastar.IDASTAR_BOARD).start == puzzle.scramble(60, seed=7)
    shortest = run_idastar(SlidingPuzzle(idastar.IDASTAR_BOARD), heuristic="linear-conflict")
    assert shortest.cost == idastar.IDASTAR_SHORTEST


def test_idastar_heuristic_right_answer(capsys):
    assert_praise(capsys, idastar.check_idastar_heuristic, "linear-conflict")


def test_idastar_heuristic_needs_more_than_manhattan(capsys):
    assert_hint(
        capsys,
        idastar.check_idastar_heuristic,
        "manhattan",
        idastar.IDASTAR_SHORTEST,
        contains="limit",
    )


def test_idastar_heuristic_refuses_overestimates(capsys):
    puzzle = SlidingPuzzle(idastar.IDASTAR_BOARD)
    out = assert_hint(
        capsys,
        idastar.check_idastar_heuristic,
        lambda state: 2 * puzzle.linear_conflict(state),
        idastar.IDASTAR_SHORTEST,
        contains="overestimates",
    )
    assert "shorter solution exists" in out


@pytest.mark.parametrize(
    "answer, contains",
    [
        (..., "replace ..."),
        ("euclid", "not a heuristic"),
        (3, "name or a function"),
        (lambda state: state[99], "IndexError"),
    ],
)
def test_idastar_heuristic_wrong_answers(capsys, answer, contains):
    assert_hint(capsys, idastar.check_idastar_heuristic, answer, contains=contains)
