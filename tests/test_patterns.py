"""Pattern databases: exact, admissible and consistent, cached honestly; IDA* in place is IDA*."""

import time

import numpy as np
import pytest

from puzzlelab.analysis.distances import check_heuristic, distance_table
from puzzlelab.errors import ProblemError, PuzzleError
from puzzlelab.puzzles import SlidingPuzzle
from puzzlelab.puzzles.korf import KORF_GOAL, korf_instances
from puzzlelab.search import astar, idastar
from puzzlelab.solvers.patterns import (
    PatternDatabase,
    cache_folder,
    cached,
    named_heuristic,
    partition_of,
    pattern_heuristic,
    placement_codes,
    placement_count,
    placement_ranks,
)
from puzzlelab.solvers.sliding import sliding_idastar


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory, monkeypatch):
    """Databases go to a folder of the test session's own, never the user's cache."""
    folder = tmp_path_factory.getbasetemp() / "pattern-cache"
    monkeypatch.setenv("PUZZLELAB_CACHE", str(folder))
    return folder


# ---------------------------------------------------------------- ranking


@pytest.mark.parametrize(("cells", "k"), [(4, 1), (4, 3), (6, 3), (9, 4), (8, 8)])
def test_ranks_are_a_perfect_numbering_and_codes_list_them_in_order(cells, k):
    codes = placement_codes(cells, k)
    assert len(codes) == placement_count(cells, k)
    positions = np.array([[code // cells**i % cells for i in range(k)] for code in codes])
    assert all(len(set(row)) == k for row in positions.tolist())  # tiles on different cells
    assert placement_ranks(positions, cells).tolist() == list(range(len(codes)))


# ---------------------------------------------------------------- exact distances


@pytest.mark.parametrize("shape", [(2, 3), (3, 3)])
def test_a_pattern_of_every_tile_is_the_exact_distance_table(shape):
    puzzle = SlidingPuzzle(shape=shape)
    every_tile = [tile for tile in puzzle.goal if tile]
    database = PatternDatabase.build(puzzle, every_tile, progress=False)
    table = distance_table(puzzle)
    assert all(database(state) == distance for state, distance in table.items())


PARTITIONS = [
    ((2, 3), None, [(1, 2, 3), (4, 5)]),
    ((2, 4), None, [(1, 2, 3, 4), (5, 6, 7)]),
    ((3, 3), None, [(1, 2, 3, 4), (5, 6, 7, 8)]),
    ((3, 3), "0 1 2 / 3 4 5 / 6 7 8", [(1, 3, 4), (2, 5), (6, 7, 8)]),  # mirrored too
]


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "goal", "groups"), PARTITIONS)
def test_disjoint_databases_add_up_to_an_admissible_heuristic(shape, goal, groups):
    puzzle = SlidingPuzzle(shape=shape, goal=goal)
    heuristic = pattern_heuristic(puzzle, groups, progress=False)
    assert (heuristic.mirror is not None) == (shape[0] == shape[1])  # the goals are symmetric
    report = check_heuristic(puzzle, heuristic)
    assert report.admissible, report
    # and it knows more than Manhattan distance
    assert report.mean_h > check_heuristic(puzzle, "manhattan").mean_h


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "goal", "groups"), PARTITIONS)
def test_databases_that_place_the_blank_are_admissible_and_consistent(shape, goal, groups):
    puzzle = SlidingPuzzle(shape=shape, goal=goal)
    heuristic = pattern_heuristic(puzzle, groups, blank=True, progress=False)
    report = check_heuristic(puzzle, heuristic)
    assert report.admissible and report.consistent, report
    # knowing where the blank is tells more than the least over every place of it
    plain = check_heuristic(puzzle, pattern_heuristic(puzzle, groups, progress=False))
    assert report.mean_h > plain.mean_h


def test_databases_that_forget_the_blank_are_not_consistent():
    """Each entry is the least cost over every place of the blank, so one move can take the
    blank from a place where the pattern is far from home to one where it is near: h drops
    by more than the move costs. (IDA* still finds shortest paths: h is admissible.)"""
    puzzle = SlidingPuzzle(shape=(2, 3))
    heuristic = pattern_heuristic(puzzle, [(1, 2, 3), (4, 5)], progress=False)
    before, after = (1, 3, 4, 2, 0, 5), (1, 3, 4, 0, 2, 5)  # tile 2 slides right
    assert heuristic(before) - heuristic(after) > 1
    assert not check_heuristic(puzzle, heuristic).consistent


def test_counting_every_move_would_not_be_additive():
    """The reason only a pattern's own moves count: with every move counted, two patterns
    both count the blank's wandering, and their sum overestimates."""
    puzzle = SlidingPuzzle(shape=(2, 3))
    table = distance_table(puzzle)
    left = PatternDatabase.build(puzzle, (1, 2, 3), progress=False)
    right = PatternDatabase.build(puzzle, (4, 5), progress=False)
    assert all(left(s) + right(s) <= d for s, d in table.items())
    # Each alone never exceeds the true distance, and the two together often reach it.
    assert sum(left(s) + right(s) == d for s, d in table.items()) > len(table) // 10


# ---------------------------------------------------------------- IDA* in place


def same_search(a, b):
    assert a.status == b.status and a.cost == b.cost and a.actions == b.actions
    assert a.stats.iterations == b.stats.iterations
    same = ("expanded", "generated", "duplicates", "expanded_by_depth", "max_frontier")
    assert {k: getattr(a.stats, k) for k in same} == {k: getattr(b.stats, k) for k in same}


@pytest.mark.parametrize("goal", [None, "0 1 2 / 3 4 5 / 6 7 8"])
@pytest.mark.parametrize("heuristic", ["manhattan", "partition", "partition+blank"])
def test_idastar_in_place_expands_exactly_what_the_general_loop_does(goal, heuristic):
    eight = SlidingPuzzle(shape=(3, 3), goal=goal)
    if heuristic.startswith("partition"):
        heuristic = pattern_heuristic(eight, [(1, 2, 3, 4), (5, 6, 7, 8)], progress=False,
                                      blank=heuristic.endswith("blank"))  # fmt: skip
    for seed in range(8):
        puzzle = eight.with_start(eight.random_state(seed))
        general = idastar(puzzle, heuristic)
        same_search(general, sliding_idastar(puzzle, heuristic))
        assert general.solved and puzzle.is_goal(general.path[-1])


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict"])
def test_idastar_in_place_stops_at_its_limit_with_the_same_counts(heuristic):
    fifteen = SlidingPuzzle(shape=(4, 4))
    puzzle = fifteen.with_start(fifteen.scramble(80, seed=4))
    fast = sliding_idastar(puzzle, heuristic, max_nodes=5_000)
    slow = idastar(puzzle, heuristic, max_nodes=5_000)
    assert fast.status == slow.status == "limit" and "5,000" in fast.reason
    same_search(fast, slow)


def test_a_heuristic_of_ones_own_keeps_the_general_loop():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    result = idastar(puzzle, lambda state: puzzle.manhattan(state))
    assert result.cost == 2  # the general loop ran: its checks wrap a student's function


# ---------------------------------------------------------------- the cache


def test_a_database_is_cached_checked_and_rebuilt_when_stale(own_cache):
    puzzle = SlidingPuzzle(shape=(2, 3))
    first = cached(puzzle, (1, 2, 3), progress=False)
    (path,) = cache_folder().glob("2x3-*-1-2-3.npz")
    assert cache_folder() == own_cache
    again = cached(puzzle, (1, 2, 3), progress=False)
    assert np.array_equal(again.table, first.table)
    # A file whose table no longer matches its checksum is built again, and mended.
    with np.load(path) as stored:
        about, table = str(stored["about"]), stored["table"].copy()
    table[0] += 1
    np.savez(path, about=about, table=table)
    mended = cached(puzzle, (1, 2, 3), progress=False)
    assert np.array_equal(mended.table, first.table)
    with np.load(path) as stored:
        assert np.array_equal(stored["table"], first.table)
    # Another goal is another database.
    other = SlidingPuzzle(shape=(2, 3), goal="0 1 2 / 3 4 5")
    cached(other, (1, 2, 3), progress=False)
    assert len(list(cache_folder().glob("2x3-*-1-2-3.npz"))) == 2


def test_building_stops_cleanly_at_a_limit():
    fifteen = SlidingPuzzle(shape=(4, 4))
    with pytest.raises(PuzzleError, match=r"tiles \[1, 2, 3, 4, 5\] was not finished .*seconds"):
        PatternDatabase.build(fifteen, (1, 2, 3, 4, 5), progress=False, max_seconds=0.05)


@pytest.mark.parametrize(
    ("groups", "message"),
    [
        ([(1, 2), (2, 3)], "must not share tiles"),
        ([(0, 1)], "the blank is no tile"),
        ([(1, 9)], "different tiles from 1 to 5"),
        ("7-8-9", "unknown partition '7-8-9'"),
        ("6-6-3", "drawn for a 4x4 board"),
    ],
)
def test_bad_partitions_get_one_clear_line(groups, message):
    with pytest.raises(ProblemError, match=message):
        partition_of(SlidingPuzzle(shape=(2, 3)), groups)


def test_the_named_partitions_cover_every_tile_of_any_corner_goal():
    for goal in (None, KORF_GOAL, "3 2 1 0 / 7 6 5 4 / 11 10 9 8 / 15 14 13 12"):
        puzzle = SlidingPuzzle(shape=(4, 4), goal=goal)
        for name in ("5-5-5", "6-6-3"):
            _, groups = partition_of(puzzle, name)
            assert sorted(tile for group in groups for tile in group) == list(range(1, 16))


def test_mirroring_without_reflection_is_one_clear_line():
    eight = SlidingPuzzle(shape=(3, 3))
    heuristic = pattern_heuristic(
        eight, [(1, 2, 3, 4), (5, 6, 7, 8)], reflect=False, progress=False
    )
    with pytest.raises(ProblemError, match="made without reflect=True: it mirrors no board"):
        heuristic.mirrored(eight.goal)


def test_pattern_databases_are_for_sliding_puzzles_only():
    from puzzlelab.puzzles import WaterJugs

    jugs = WaterJugs((8, 5, 3), (8, 0, 0), (4, 4, 0))
    with pytest.raises(ProblemError, match="pattern databases are for sliding puzzles"):
        named_heuristic(jugs, "pdb")
    with pytest.raises(ProblemError, match="unknown heuristic 'pdb'"):
        astar(jugs, "pdb")  # the engine knows no puzzle's tables


# ---------------------------------------------------------------- Korf's 100


@pytest.mark.slow
def test_korf_instances_are_solved_at_their_published_optimal_length():
    """A sample: the shortest of Korf's boards, solved with the 5-5-5 partition (quick to
    build), each path replayed move by move."""
    shortest = sorted(korf_instances(), key=lambda instance: instance.optimal)[:3]
    heuristic = pattern_heuristic(shortest[0].puzzle(), "5-5-5", progress=False)
    for instance in shortest:
        puzzle = instance.puzzle()
        result = sliding_idastar(puzzle, heuristic)
        assert result.solved and result.cost == instance.optimal, instance.number
        state = puzzle.start
        for action, after in zip(result.actions, result.path[1:]):
            state = puzzle.result(state, action)
            assert state == after
        assert puzzle.is_goal(state)


def test_a_turned_korf_board_moves_as_the_board_does():
    """Turning a board half a turn and renaming its tiles maps each move to a move, and Korf's
    goal to puzzlelab's: so every path, and the optimal length, is kept."""
    for instance in korf_instances()[:10]:
        korf, turned = instance.puzzle(), instance.puzzle(turned=True)
        state = korf.start
        for step in range(30):
            after = {turn(s) for _, s, _ in korf.successors(state)}
            assert after == {s for _, s, _ in turned.successors(turn(state))}
            state = sorted(s for _, s, _ in korf.successors(state))[step % 2]
        assert turn(korf.goal) == turned.goal


def turn(state):
    cells = len(state)
    return tuple((cells - tile) % cells for tile in reversed(state))


# ---------------------------------------------------------------- the command line


def run_cli(*args, cache):
    import os
    import subprocess
    import sys

    env = {**os.environ, "PUZZLELAB_CACHE": str(cache)}
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], capture_output=True,
                          text=True, env=env, timeout=600)  # fmt: skip


@pytest.mark.slow
def test_korf_boards_are_solved_from_the_command_line_with_pattern_databases(own_cache):
    easiest = min(korf_instances(), key=lambda instance: instance.optimal)
    board = " / ".join(" ".join(map(str, easiest.board[row * 4 : row * 4 + 4])) for row in range(4))
    run = run_cli("solve", board, "-a", "idastar", "--heuristic", "pdb:5-5-5", "--goal",
                  KORF_GOAL, "--json", cache=own_cache)  # fmt: skip
    assert run.returncode == 0, run.stderr
    import json

    result = json.loads(run.stdout)
    assert result["status"] == "solved" and result["cost"] == easiest.optimal


def test_a_cache_write_that_fails_leaves_nothing_behind(own_cache, monkeypatch):
    def disk_full(file, **arrays):
        file.write(b"PK half a table")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", disk_full)
    puzzle = SlidingPuzzle(shape=(2, 3))
    database = cached(puzzle, (1, 2), progress=False)  # built, used, just not kept
    assert database.table.size == placement_count(6, 2)
    assert list(cache_folder().glob("2x3-*-1-2.*")) == []


@pytest.mark.parametrize(("heuristic", "message"), [("pbd", "unknown heuristic 'pbd'"),
                                                    ("pdb:9-9", "unknown partition '9-9'")])  # fmt: skip
def test_a_wrong_heuristic_name_is_one_line_on_the_command_line(heuristic, message, own_cache):
    run = run_cli("solve", "1 2 3 / 4 5 6 / 7 0 8", "-a", "astar", "--heuristic", heuristic,
                  cache=own_cache)  # fmt: skip
    assert run.returncode == 2 and message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


@pytest.mark.slow
def test_the_heuristic_lab_and_compare_take_pattern_databases():
    import matplotlib

    matplotlib.use("Agg")
    from puzzlelab.widgets import HeuristicLab, compare

    eight = SlidingPuzzle(shape=(3, 3))
    heuristic = pattern_heuristic(eight, [(1, 2, 3, 4), (5, 6, 7, 8)], blank=True,
                                  progress=False)  # fmt: skip
    lab = HeuristicLab(eight, heuristic)
    assert lab.report.admissible and lab.report.consistent
    assert lab.expanded[heuristic.name] < lab.expanded["linear-conflict"]
    board = eight.with_start(eight.random_state(3))
    rows = compare(board, [("idastar", "manhattan"), ("idastar", heuristic)]).rows
    assert rows[0]["cost"] == rows[1]["cost"] and rows[1]["expanded"] < rows[0]["expanded"]


def test_sliding_idastar_builds_its_databases_within_its_own_limits():
    """Asked for pdb by name, the in-place IDA* builds the tables under its time limit."""
    started = time.perf_counter()
    result = sliding_idastar(korf_instances()[0].puzzle(), "pdb:6-6-3", max_seconds=1)
    assert result.status == "limit"
    assert result.reason.startswith("the pattern databases were not built: ")
    assert time.perf_counter() - started < 1 * 1.2 + 1.0  # the limit, and a busy machine


def test_sliding_idastar_says_why_it_stopped_when_it_solves():
    assert sliding_idastar(SlidingPuzzle("4 1 3 / 2 0 5")).reason == "the goal was reached"
