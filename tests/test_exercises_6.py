"""Lesson 6 (pattern databases): the readable databases, and the self-checks of its exercises."""

import math

import pytest

from puzzlelab.analysis.distances import check_heuristic, distance_table
from puzzlelab.errors import PuzzleError
from puzzlelab.exercises.patterns import (
    EVERY_MOVE,
    OWN_MOVES,
    ROWS,
    check_combination,
    check_partition,
    check_table_entries,
    halves_tables,
    pattern_view,
    relaxed_distances,
    relaxed_heuristic,
)
from puzzlelab.puzzles import SlidingPuzzle
from puzzlelab.solvers.patterns import PatternDatabase

EIGHT = SlidingPuzzle(shape=(3, 3))
SIX = SlidingPuzzle(shape=(2, 3))


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELAB_CACHE", str(tmp_path / "cache"))


# ---------------------------------------------------------------- the readable databases


@pytest.mark.parametrize("tiles", [(1,), (1, 2), (3, 5), (1, 2, 3)])
def test_own_moves_equal_the_numpy_tables_with_the_blank(tiles):
    own = relaxed_distances(SIX, tiles, OWN_MOVES)
    fast = PatternDatabase.build(SIX, tiles, blank=True, progress=False)
    for state in distance_table(SIX):
        assert own[pattern_view(state, tiles)] == fast(state), state


def test_every_move_of_all_tiles_is_the_exact_distance():
    every = relaxed_heuristic(SIX, (1, 2, 3, 4, 5), EVERY_MOVE)
    table = distance_table(SIX)
    assert all(every(state) == moves for state, moves in table.items())


def test_a_single_tile_counting_own_moves_is_its_manhattan_distance():
    for tile in range(1, 9):
        own = relaxed_heuristic(EIGHT, (tile,), OWN_MOVES)
        for state in distance_table(EIGHT):
            home, cell = EIGHT.goal.index(tile), state.index(tile)
            assert own(state) == abs(home // 3 - cell // 3) + abs(home % 3 - cell % 3)


@pytest.mark.slow
def test_every_move_halves_overestimate_when_added_and_own_moves_do_not():
    every, own = halves_tables(EIGHT)
    table = distance_table(EIGHT)
    added = check_heuristic(EIGHT, lambda s: every[0](s) + every[1](s), table)
    assert not added.admissible
    report = check_heuristic(EIGHT, lambda s: own[0](s) + own[1](s), table)
    assert report.admissible and report.consistent
    for k in range(2):
        assert check_heuristic(EIGHT, every[k], table).admissible


def test_an_unknown_way_of_counting_is_refused():
    with pytest.raises(PuzzleError, match="count must be"):
        relaxed_distances(SIX, (1,), "some moves")


# ---------------------------------------------------------------- exercise 1


def test_table_entries_right(capsys):
    assert check_table_entries(16 * 15 * 14 * 13 * 12 * 11)
    assert "Correct" in capsys.readouterr().out


@pytest.mark.parametrize(
    "answer, hint",
    [
        (16**6, "share a cell"),
        (math.comb(16, 6), "which tile stands"),
        (math.perm(16, 7), "places the blank"),
        (math.factorial(16), "all 16"),
        (1000, "count the cells"),
        ("5765760", "whole number"),
        (..., "replace ..."),
    ],
)
def test_table_entries_wrong(capsys, answer, hint):
    assert not check_table_entries(answer)
    out = capsys.readouterr().out
    assert hint in out and "5,765,760" not in out and "5765760" not in out.replace('"', "")


# ---------------------------------------------------------------- exercise 2


@pytest.mark.slow
def test_partition_of_neighbouring_squares_beats_the_rows(capsys):
    squares = [(1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)]
    assert check_partition(squares)
    assert "times fewer" in capsys.readouterr().out


@pytest.mark.slow
def test_the_rows_themselves_do_not_beat_the_rows(capsys):
    assert not check_partition(ROWS)
    out = capsys.readouterr().out
    assert "the rows" in out
    assert "neighbours" not in out and "square" not in out  # the idea, not the answer


def test_table_entries_hints_do_not_name_the_function_that_answers(capsys):
    assert not check_table_entries(...)
    assert "perm" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "answer, hint",
    [
        ([(1, 2, 3, 4, 5)], "at most 4 tiles"),
        ([(1, 2), (2, 3)], "must not share tiles"),
        ([(1, 2), (16,)], "16"),
        (7, "a list of groups"),
        ([], "a list of groups"),
        ([(1.5,)], "whole numbers"),
        (..., "replace ..."),
    ],
)
def test_partition_refused(capsys, answer, hint):
    assert not check_partition(answer)
    assert hint in capsys.readouterr().out


@pytest.mark.slow
def test_a_partition_that_leaves_most_tiles_out_passes_the_budget(capsys):
    assert not check_partition([(1,)])
    assert "passed 200,000 boards" in capsys.readouterr().out


# ---------------------------------------------------------------- exercise 3


@pytest.fixture(scope="module")
def tables():
    return halves_tables(EIGHT)


@pytest.mark.slow
def test_combination_right(capsys, tables):
    every, own = tables
    assert check_combination(lambda s: max(every[0](s), every[1](s), own[0](s) + own[1](s)))
    assert "Correct" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize(
    "make, hint",
    [
        (lambda every, own: lambda s: every[0](s) + every[1](s), "overestimates"),
        (lambda every, own: lambda s: own[0](s) + own[1](s), "Which one should a board use?"),
        (lambda every, own: distance_table(EIGHT).__getitem__, "exact distance"),
        # a constant added is no move counted twice: the hint names the number, not the sum
        (lambda every, own: lambda s: max(every[0](s), every[1](s)) + 1, "there it says 1"),
        (lambda every, own: lambda s: 2 * every[0](s), "which part of your function"),
        (lambda every, own: lambda s: every[0](s) + own[1](s), "count different moves"),
        # the lesson's own curve of section 3, copied: not more than it
        (lambda every, own: lambda s: max(every[0](s), every[1](s)), "which section 3 drew"),
        (lambda every, own: lambda s: 1 / 0, "ZeroDivisionError"),
        (lambda every, own: lambda s: ..., "replace the ..."),
        (lambda every, own: lambda s: 1.5, "whole number"),
    ],
)
def test_combination_wrong(capsys, tables, make, hint):
    assert not check_combination(make(*tables))
    assert hint in capsys.readouterr().out


BY_TEXT = {str(state): distance for state, distance in distance_table(EIGHT).items()}
EXACT = dict(distance_table(EIGHT))


@pytest.mark.slow
@pytest.mark.parametrize(
    "make",
    [
        lambda every, own: lambda s: max(0, BY_TEXT[str(s)] - 1),
        lambda every, own: lambda s, t=EXACT: max(own[0](s), t[s] - 1),
    ],
    ids=["keyed by text", "read beside the databases"],
)
def test_combination_refuses_a_table_of_exact_distances(capsys, tables, make):
    """A hole closed: a table of exact distances, one less than the truth, passed."""
    assert not check_combination(make(*tables))
    assert "reads a table of every board's exact distance" in capsys.readouterr().out


def test_hints_do_not_give_the_combination_away(capsys, tables):
    every, own = tables
    assert not check_combination(lambda s: own[0](s) + own[1](s))
    out = capsys.readouterr().out
    assert "largest" not in out and "max" not in out


def test_combination_not_a_function(capsys):
    assert not check_combination(3)
    assert "function of a state" in capsys.readouterr().out
