"""Every lesson check looks at the student's answers as Python's own values (self_check)."""

import importlib

import pytest

from puzzlelab.classroom.cells import trusted_lessons
from puzzlelab.exercises import check_halving_twelve
from puzzlelab.exercises.answers import IN_AN_APP, in_an_app, plain, self_check
from puzzlelab.exercises.patterns import check_table_entries
from puzzlelab.exercises.state_spaces import check_positions_at_depth


class Always(int):
    """A number that says it equals every other: what a student might try on a check."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


def lesson_checks():
    """Every check a lesson's exercise calls, as (name, module)."""
    found = set()
    for exercises in trusted_lessons().values():
        for exercise in exercises.values():
            found |= set(exercise.checks.items())
    return sorted(found)


def test_the_lessons_call_many_checks():
    assert len(lesson_checks()) >= 25


@pytest.mark.parametrize(("name", "module"), lesson_checks())
def test_every_lesson_check_is_a_self_check(name, module):
    check = getattr(importlib.import_module(module), name)
    assert check.__wrapped__.__name__ == name  # functools.wraps, as self_check makes it
    assert check.__code__ is self_check(lambda: None).__code__


@pytest.mark.parametrize("check", [check_table_entries, check_positions_at_depth])
def test_an_answer_equal_to_everything_is_checked_as_the_number_it_holds(check, capsys):
    assert Always(5) == 10**9  # what it would pass for, unchecked
    assert check(Always(5)) is False
    assert "Not yet" in capsys.readouterr().out


def test_plain_answers_keep_functions_and_copy_collections():
    def heuristic(state):
        return 0

    answer = (Always(1), [Always(2)], {"h": heuristic})
    copied = plain(answer)
    assert copied == (1, [2], {"h": heuristic})
    assert [type(part) for part in copied] == [int, list, dict]
    assert copied[2]["h"] is heuristic


# ---------------------------------------------------------------- no bisection


def numeric_answer(name):
    """A check whose answer holds a number: (check, right answers, which one to move)."""
    from puzzlelab.exercises import (
        bidirectional,
        idastar,
        jugs,
        mastermind,
        pegs,
        queens,
        state_spaces,
    )

    if name in ("pours", "states"):
        twelve = jugs._twelve()
        return jugs.check_halving_twelve, [twelve[0], twelve[1]], name == "states"
    if name in ("candidates", "placed"):
        return queens.check_work, [479001600, queens._placed()], name == "placed"
    if name == "share":
        return pegs.check_last_iteration_share, [pegs._last_share()], 0
    both = bidirectional._layers(4) + bidirectional._layers(3)
    return {
        "depth 10": (state_spaces.check_positions_at_depth, [286], 0),
        "plain BFS": (bidirectional.check_meeting_in_the_middle, [3279, both], 0),
        "bidirectional": (bidirectional.check_meeting_in_the_middle, [3279, both], 1),
        "centre": (bidirectional.check_longest_from_centre, [30], 0),
        "2x4 longest": (bidirectional.check_two_by_four, [20160, 36], 1),
        "years": (idastar.check_years_estimate, [idastar._years(14)], 0),
        "codes left": (mastermind.check_codes_left, [320], 0),
    }[name]


@pytest.mark.parametrize(
    "name",
    ["pours", "states", "depth 10", "plain BFS", "bidirectional", "centre", "2x4 longest",
     "years", "codes left", "candidates", "placed", "share"],
)  # fmt: skip
def test_a_wrong_number_is_not_told_which_way_to_go(capsys, name):
    """Holes closed: "too small" / "too large" let a student find a number by bisection.
    The reply to a number just below the answer and to one just above is the same."""
    check, answers, which = numeric_answer(name)
    assert check(*answers) is True
    capsys.readouterr()
    truth = answers[which]
    replies = []
    for step in (1, 2, 3, 7):
        for sign in (-1, 1):
            moved = list(answers)
            if isinstance(truth, float):  # past the tolerance, and not round
                moved[which] = truth * (1 + sign * step * 0.0123)
            else:
                moved[which] = truth + sign * step
            assert check(*moved) is False
            replies.append(capsys.readouterr().out)
    for reply in replies:
        for word in ("too small", "too large", "too few", "too many", "higher", "lower"):
            assert word not in reply, reply
    below, above = replies[0::2], replies[1::2]
    assert set(below) & set(above), f"below: {below}\nabove: {above}"


@pytest.mark.parametrize(
    ("environment", "app"),
    [
        ({}, False),
        ({"SERVER_SOFTWARE": "voila/0.5.13"}, True),  # a page's own kernel
        ({"VOILA_PREHEAT": "True"}, True),  # a kernel that ran the lesson ahead (make class)
        ({"SERVER_SOFTWARE": "TornadoServer/6.4"}, False),
    ],
)
def test_a_check_knows_it_runs_in_an_app_however_voila_started_the_kernel(
    monkeypatch, capsys, environment, app
):
    for name in ("SERVER_SOFTWARE", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert in_an_app() is app
    said = self_check(lambda answer: answer == 1)(1)
    assert said is (not app) and (IN_AN_APP in capsys.readouterr().out) is app


def test_an_answer_that_holds_itself_or_nests_without_end_gets_a_hint_not_a_traceback(capsys):
    itself: list = []
    itself.append(itself)
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    shared: list = [0]
    for _ in range(21):  # 2 ** 21 zeros, though only 21 lists
        shared = [shared, shared]
    for answer in (itself, deep, shared):
        assert check_halving_twelve(answer, 3) is False
        assert "nests more than 100 deep (a list inside itself?)" in capsys.readouterr().out


@pytest.mark.parametrize("depth", [99, 100, 101])
def test_an_answer_nested_near_the_limit_gets_a_verdict_not_a_private_error(depth, capsys):
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    assert check_halving_twelve(nested, 3) is False
    assert capsys.readouterr().out.startswith("Not yet:")
