"""Every lesson check looks at the student's answers as Python's own values (self_check)."""

import importlib

import pytest

from puzzlelab.classroom.cells import trusted_lessons
from puzzlelab.exercises.answers import plain, self_check
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
