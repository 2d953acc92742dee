"""PUZZLELAB_SLOWDOWN=k makes every time limit k times shorter, and refuses a bad k in one line.

The lessons are run under it by ``test_lessons_run.py``; these tests check the limit itself,
on searches and solvers that would run far longer than their time limit.
"""

import subprocess
import sys
import time

import pytest

from puzzlelab import SlidingPuzzle
from puzzlelab.errors import ProblemError
from puzzlelab.limits import DEFAULT_MAX_SECONDS, SLOWDOWN, Budget
from puzzlelab.search import bfs, bidirectional, idastar, iddfs
from puzzlelab.solvers.queens_counting import count_bitmask

# A 15-puzzle board 55 moves from the goal (lesson 5's): none of these searches ends on it
# in seconds, so only the time limit can stop them.
FAR = "13 9 6 0 / 12 2 14 7 / 1 5 4 8 / 10 15 11 3"

RUNS = {
    "bfs": lambda seconds: bfs(SlidingPuzzle(FAR), max_seconds=seconds),
    "idastar": lambda seconds: idastar(SlidingPuzzle(FAR), max_seconds=seconds),
    "bidirectional": lambda seconds: bidirectional(SlidingPuzzle(FAR), max_seconds=seconds),
    "queens count": lambda seconds: count_bitmask(16, max_seconds=seconds),
}


@pytest.mark.parametrize("name", RUNS)
def test_slowdown_makes_the_time_limit_shorter(name, monkeypatch):
    monkeypatch.setenv(SLOWDOWN, "20")
    started = time.perf_counter()
    result = RUNS[name](2)
    wall = time.perf_counter() - started
    assert result.status == "limit", result.reason
    said = f"the limit of 0.1 seconds was reached (2 seconds / {SLOWDOWN}=20)"
    assert result.reason.startswith(said), result.reason
    # 2 s / 20 = 0.1 s; a loaded machine may overshoot by hundredths, never by a second.
    assert 0.1 <= result.stats.seconds < 1, result.stats.seconds
    assert wall < 1, f"{name} ran {wall:.2f} s with max_seconds=2 and {SLOWDOWN}=20"


def test_without_slowdown_the_limit_is_as_given(monkeypatch):
    monkeypatch.delenv(SLOWDOWN, raising=False)
    assert Budget(max_seconds=2).max_seconds == 2
    result = bfs(SlidingPuzzle(FAR), max_seconds=0.3)
    assert result.reason == "the limit of 0.3 seconds was reached"
    assert result.stats.seconds >= 0.3


@pytest.mark.parametrize("value", ["1", "1.5", "20", " 4 ", "1e3", ""])
def test_slowdown_accepts_a_finite_number_of_at_least_one(value, monkeypatch):
    monkeypatch.setenv(SLOWDOWN, value)
    expected = float(value) if value.strip() else 1  # empty: as if unset
    assert Budget(max_seconds=6).max_seconds == pytest.approx(6 / expected)
    assert Budget(max_seconds=None).max_seconds == float("inf")  # no time limit stays none
    assert Budget().max_seconds == pytest.approx(DEFAULT_MAX_SECONDS / expected)


@pytest.mark.parametrize("name", ["idastar", "iddfs as tree search", "the command line"])
def test_a_search_that_keeps_little_memory_stops_at_the_default_time_limit(name, monkeypatch):
    # PUZZLELAB_SLOWDOWN=6000 makes the default 600 seconds a tenth of a second.
    monkeypatch.setenv(SLOWDOWN, "6000")
    said = "the default limit of 0.1 seconds was reached (600 seconds / PUZZLELAB_SLOWDOWN=6000)"
    if name == "the command line":
        ran = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", FAR, "-a", "idastar"],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
        assert ran.returncode == 1 and said in ran.stdout, ran.stdout + ran.stderr
        return
    search = idastar if name == "idastar" else lambda p: iddfs(p, graph_search=False)
    result = search(SlidingPuzzle(FAR))
    assert result.status == "limit" and result.reason.startswith(said), result.reason
    assert "pass max_seconds=None, or --max-seconds none, to lift it" in result.reason


def test_no_time_limit_is_asked_for_with_none(monkeypatch):
    monkeypatch.setenv(SLOWDOWN, "6000")
    result = idastar(SlidingPuzzle(FAR), max_seconds=None, max_nodes=20_000)
    assert result.reason == "the limit of 20,000 expanded nodes was reached"
    ran = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", FAR, "-a", "idastar",
                          "--max-seconds", "none", "--max-nodes", "20000"],
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert "the limit of 20,000 expanded nodes was reached" in ran.stdout, ran.stdout + ran.stderr


@pytest.mark.parametrize("value", ["0", "-1", "0.5", "abc", "inf", "nan", "２０"])
def test_a_bad_slowdown_is_refused_in_one_line(value, monkeypatch):
    monkeypatch.setenv(SLOWDOWN, value)
    with pytest.raises(ProblemError) as refused:
        Budget(max_seconds=2)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"{SLOWDOWN} must be a finite number of at least 1 "), message
    assert message.endswith(f"not {value.strip()!r}"), message


def test_a_bad_slowdown_stops_a_search_before_it_starts(monkeypatch):
    monkeypatch.setenv(SLOWDOWN, "abc")
    with pytest.raises(ProblemError, match=SLOWDOWN):
        bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"))


def test_a_bad_slowdown_is_one_line_on_the_command_line(monkeypatch):
    monkeypatch.setenv(SLOWDOWN, "nan")
    done = subprocess.run(
        [sys.executable, "-m", "puzzlelab", "solve", "1 2 3 / 4 5 6 / 7 0 8"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and SLOWDOWN in lines[0] and "at least 1" in lines[0], done.stderr
