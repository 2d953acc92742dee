"""Exact distance tables: the numpy table of a sliding puzzle against breadth-first search."""

import itertools
import subprocess
import sys
import time

import numpy as np
import pytest

from puzzlelab.analysis.distances import (
    DistanceTable,
    depth_histogram,
    distance_layers,
    distance_table,
    farthest,
)
from puzzlelab.errors import ProblemError
from puzzlelab.puzzles import SlidingPuzzle
from puzzlelab.solvers.patterns import placement_positions, placement_ranks

PUZZLES = [
    SlidingPuzzle(shape=(2, 3)),
    SlidingPuzzle(shape=(2, 4)),
    SlidingPuzzle(shape=(3, 3)),
    SlidingPuzzle(goal="0 1 2 / 3 4 5 / 6 7 8"),  # the blank's goal in the corner
    SlidingPuzzle(goal="1 2 3 / 4 0 5 / 6 7 8"),  # ... and in the centre
]


def searched(puzzle) -> dict:
    """The table by plain breadth-first search over states, a dict."""
    return {state: depth for depth, layer in enumerate(distance_layers(puzzle)) for state in layer}


@pytest.mark.parametrize("puzzle", PUZZLES, ids=repr)
def test_the_numpy_table_equals_breadth_first_search(puzzle):
    table, expected = distance_table(puzzle), searched(puzzle)
    assert isinstance(table, DistanceTable)
    assert len(table) == len(expected) == puzzle.reachable_states
    assert dict(table.items()) == expected
    assert list(table) == [state for state, _ in table.items()]
    assert list(table.values()) == [distance for _, distance in table.items()]
    assert all(table[state] == distance for state, distance in expected.items())
    assert depth_histogram(table) == depth_histogram(expected)
    assert farthest(table) == farthest(expected)


def test_it_reads_like_a_dict():
    puzzle = SlidingPuzzle(shape=(2, 3))
    table = distance_table(puzzle)
    assert table == searched(puzzle)
    assert max(table.values()) == 21 and table[puzzle.goal] == 0
    assert table.get((2, 1, 3, 4, 5, 0)) is None  # the other parity
    for stranger in [(1, 2, 3), (1, 2, 3, 4, 5, 6), (1, 1, 3, 4, 5, 0), [1, 2, 3, 4, 5, 0], "ab"]:
        assert stranger not in table
        with pytest.raises(KeyError):
            table[stranger]
    with pytest.raises(TypeError):
        table[puzzle.goal] = 1  # read-only


def test_every_arrangement_is_in_the_table_exactly_when_it_is_solvable():
    puzzle = SlidingPuzzle(goal="3 1 2 / 0 4 5")
    table = distance_table(puzzle)
    for arrangement in itertools.permutations(range(6)):
        assert (arrangement in table) == puzzle.is_solvable(arrangement)


def test_placements_are_ranked_and_unranked_both_ways():
    for cells, k in [(6, 1), (6, 3), (6, 6), (9, 4)]:
        every = np.array(list(itertools.permutations(range(cells), k)))
        ranks = placement_ranks(every, cells)
        assert ranks.tolist() == list(range(len(every)))
        assert (placement_positions(ranks, cells, k) == every).all()


def test_a_sliding_puzzle_subclass_gets_plain_breadth_first_search():
    class Renamed(SlidingPuzzle):
        pass

    table = distance_table(Renamed(shape=(2, 3)))
    assert isinstance(table, dict) and table == searched(SlidingPuzzle(shape=(2, 3)))


def test_limits_stop_the_table_with_one_line():
    with pytest.raises(ProblemError, match="too many to tabulate") as refused:
        distance_table(SlidingPuzzle(shape=(3, 4)))
    assert "\n" not in str(refused.value)
    began = time.process_time()
    with pytest.raises(ProblemError, match="would take 457 MB") as refused:
        distance_table(SlidingPuzzle(shape=(3, 4)), max_states=10**9, max_memory_mb=100)
    assert time.process_time() - began < 0.05 and "\n" not in str(refused.value)
    with pytest.raises(
        ProblemError, match=r"distance table was not finished \(.* boards\): the limit of 0.01 s"
    ) as stopped:
        distance_table(SlidingPuzzle(shape=(2, 5)), max_seconds=0.01)
    assert "\n" not in str(stopped.value)


def test_a_distance_table_too_large_for_its_memory_limit_stops_within_it():
    """The 3x4 board's 239,500,800 positions, with only max_states raised: the memory limit
    holds while the table is built, layer part by layer part, not only between layers."""
    code = (
        "from puzzlelab.analysis import distance_table\n"
        "from puzzlelab.limits import memory_mb\n"
        "from puzzlelab.puzzles import SlidingPuzzle\n"
        "before = memory_mb()\n"
        "try:\n"
        "    distance_table(SlidingPuzzle(shape=(3, 4)), max_states=300_000_000,"
        " max_memory_mb=600)\n"
        "except Exception as stop:\n"
        "    print(type(stop).__name__, stop)\n"
        # The peak of this program's own memory (VmHWM). Not getrusage's ru_maxrss: Linux
        # keeps in it the peak of the process before exec, the test runner's copy.
        "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM'))\n"
        "print(int(peak.split()[1]) / 1024 - before)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    stopped, grown = done.stdout.splitlines()
    assert stopped.startswith("ProblemError") and "600 MB" in stopped, done.stderr
    assert float(grown) <= 600 * 1.1


def test_a_build_counts_its_own_bytes_when_the_reported_memory_lags(monkeypatch):
    """Whatever the system reports of the process's memory (here: a figure that never grows),
    the build stops at its limit as its own arrays fill it, and finishes when they fit."""
    from puzzlelab import limits
    from puzzlelab.solvers.patterns import build

    for module in (limits, build):
        monkeypatch.setattr(module, "memory_mb", lambda: 100.0)  # never grows
    with pytest.raises(ProblemError, match=r"the limit of 0.5 MB of memory was reached"):
        distance_table(SlidingPuzzle(shape=(3, 3)), max_memory_mb=0.5)
    assert len(distance_table(SlidingPuzzle(shape=(3, 3)), max_memory_mb=2)) == 181_440
