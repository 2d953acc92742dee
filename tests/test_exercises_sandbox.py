"""Student code that will not stop: every check still answers, in one sentence, in time.

A hostile tester's searches and functions: a loop inside a bare ``except:``, one that
ignores Ctrl-C, one that waits on a lock forever, one that sleeps, one that asks for
gigabytes at once, an answer that never ends. Each check must say "Not yet" within its
limit (and a margin for a busy machine), and the process that ran it must go on.
"""

import itertools
import os
import signal
import threading
import time

import pytest
from simpleai.search import SearchProblem

from puzzlelab.exercises import check_better_heuristic, check_search, check_tap_problem, sandbox
from puzzlelab.exercises.sandbox import run_guarded

#: The limit the tests give a search, in seconds, and what a busy machine may add to it.
LIMIT, MARGIN = 1.0, 3.0

pytestmark = pytest.mark.skipif(not sandbox.can_isolate(), reason="no fork here")


@pytest.fixture(autouse=True)
def small_limits(monkeypatch):
    monkeypatch.setattr("puzzlelab.exercises.search.SECONDS_PER_PROBLEM", LIMIT)
    monkeypatch.setattr("puzzlelab.exercises.sandbox.CHECK_SECONDS", LIMIT)


def answered_in_time(check, answer, capsys, *phrases):
    """Run *check* on *answer*: False, one "Not yet" line, within the limit; return it."""
    started = time.monotonic()
    assert check(answer) is False
    took = time.monotonic() - started
    said = capsys.readouterr().out
    assert took < LIMIT + MARGIN, f"{took:.1f} s: {said}"
    assert said.startswith("Not yet:") and said.count("\n") == 1, said
    assert "Traceback" not in said
    for phrase in phrases:
        assert phrase in said, said
    return said


# ---------------------------------------------------------------- searches that will not stop


def swallows_everything(problem):
    while True:
        try:
            while True:
                problem.initial_state  # noqa: B018 -- busy, and never asks for actions
        except:  # noqa: E722 -- as a hostile student writes it
            pass


def ignores_ctrl_c(problem):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        pass


def waits_on_a_lock(problem):
    lock = threading.Lock()
    lock.acquire()
    lock.acquire()


def sleeps(problem):
    time.sleep(30)


def catastrophic_pattern(problem):
    import re

    re.match(r"(a+)+$", "a" * 40 + "b")


@pytest.mark.parametrize(
    "search", [swallows_everything, ignores_ctrl_c, waits_on_a_lock, sleeps, catastrophic_pattern]
)
def test_a_search_that_will_not_stop_is_stopped_in_time(search, capsys):
    said = answered_in_time(check_search, search, capsys, "stopped")
    assert f"{LIMIT:g} s" in said or f"{LIMIT:g} seconds" in said
    assert check_search(lambda problem: None) is False  # the process goes on, and checks again
    assert "without searching" in capsys.readouterr().out


def test_a_search_that_asks_for_gigabytes_at_once_is_stopped(capsys):
    def hoards(problem):
        heap = bytearray(2_500 * 2**20)
        return [len(heap)]

    answered_in_time(check_search, hoards, capsys, "MB more memory")
    assert check_search(hoards, problems={}) is False  # still here
    capsys.readouterr()


def test_a_search_that_returns_an_endless_iterator_is_stopped(capsys):
    def counts(problem):
        problem.actions(problem.initial_state)
        return itertools.count()

    answered_in_time(check_search, counts, capsys, "stopped")


def test_what_a_search_did_before_it_was_stopped_is_kept(capsys):
    """The gentle stop comes first: the replay still says where the search parted."""

    def wrong_then_stuck(problem):
        start = problem.initial_state
        for action in reversed(problem.actions(start)):
            problem.actions(problem.result(start, action))
        while True:
            pass

    said = answered_in_time(check_search, wrong_then_stuck, capsys, "part at expansion 2")
    assert "(And then your function was stopped after" in said


def test_a_search_in_another_process_still_prints(capsys):
    def chatty(problem):
        print("hello from the search")

    assert check_search(chatty) is False
    assert capsys.readouterr().out.startswith("hello from the search\nNot yet:")


# ---------------------------------------------------------------- the other checks


def test_a_slow_heuristic_is_stopped_at_the_limit(capsys):
    """181,440 boards at 1 ms each took minutes; the check had no limit."""

    def slow(state):
        time.sleep(0.001)
        return 0

    answered_in_time(check_better_heuristic, slow, capsys, "your heuristic ran past its 1 s")


class LoopingJugs(SearchProblem):
    """A jugs problem whose actions never come back."""

    def actions(self, state):
        while True:
            pass

    def result(self, state, action):
        return state

    def is_goal(self, state):
        return False


def test_a_problem_whose_actions_loop_is_stopped(capsys):
    answered_in_time(check_tap_problem, LoopingJugs((0, 0)), capsys, "your problem ran past")


def test_an_answer_that_cannot_be_looked_at_is_told_in_one_line(capsys):
    class Hostile:
        def __bool__(self):
            raise RuntimeError("no truth here")

        def __iter__(self):
            raise RuntimeError("no items here")

        def __eq__(self, other):
            raise RuntimeError("no equality here")

        __hash__ = object.__hash__

    from puzzlelab.exercises import check_manhattan, check_safe

    for check in (check_manhattan, check_safe):
        answered_in_time(check, Hostile(), capsys)


# ---------------------------------------------------------------- the sandbox itself


def test_the_child_sends_back_no_more_than_the_cap(monkeypatch):
    monkeypatch.setattr("puzzlelab.exercises.sandbox.MAX_REPLY_BYTES", 1_000)
    outcome = run_guarded(lambda: "x" * 10_000, 5, 100)
    assert outcome.value is None and "too large" in outcome.trouble


def test_a_child_that_ends_the_process_is_told_of():
    outcome = run_guarded(lambda: os._exit(7), 5, 100)
    assert outcome.trouble == "ended the process it ran in (exit code 7) without an answer"


def test_where_no_child_can_be_made_the_check_says_its_limits_were_not_enforced(
    monkeypatch, capsys
):
    monkeypatch.setattr("puzzlelab.exercises.sandbox.can_isolate", lambda: False)

    def spins(problem):
        while True:
            pass

    said = answered_in_time(check_search, spins, capsys, "stopped")
    assert "could not enforce" not in said  # the watchdog's gentle stop worked: no need to say

    def spinning_heuristic(state):
        while True:
            pass

    said = answered_in_time(check_better_heuristic, spinning_heuristic, capsys, "ran past")
    assert "could not enforce" in said  # a sleep, a lock or a bare except would go on here
