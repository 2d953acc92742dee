"""Notebooks that tamper with their own kernel to pass: the grader decides in its own process.

Each of these earned "passed" when the checks ran in the student's kernel (issue 23): a thread
that patches the check's machinery as it loads, a problem whose ``actions`` patches ``report``,
an answer whose ``__class__`` patches when it is looked at, a search that replaces ``report``.
Now the kernel only sends the answers' values and serves the student's functions; every
verdict is the grader's.
"""

import csv
import io
import time
from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom import cells as lesson_cells
from puzzlelab.cli import main

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"

# waits for any puzzlelab module to appear and makes every check, report and outcome a pass
PATCHING_THREAD = """\
import sys
import threading
import time


def patch():
    while True:
        for name, module in list(sys.modules.items()):
            if name.startswith("puzzlelab") and module is not None:
                for attribute in ("check_outcome", "report", "fail"):
                    if hasattr(module, attribute):
                        setattr(module, attribute, lambda *args, **named: True)
                for attribute in dir(module):
                    if attribute.startswith("check_"):
                        setattr(module, attribute, lambda *args, **named: True)
        time.sleep(0.005)


threading.Thread(target=patch, daemon=True).start()"""

# a problem whose actions patch report, as the check calls them
PATCHING_PROBLEM = """\
class TapJugs(SearchProblem):
    def actions(self, state):
        import puzzlelab.exercises.answers as answers
        import puzzlelab.exercises.jugs as jugs

        answers.report = jugs.fail = lambda *args: True
        answers.fail = jugs.passed = lambda *args: True
        return []

    def result(self, state, action):
        return state

    def is_goal(self, state):
        return False


answer_0_2 = TapJugs(initial_state=(0, 0))"""

# an answer whose class lies, and patches the checks when isinstance asks it
LYING_CLASS = """\
import puzzlelab.exercises.answers as answers


class Liar(tuple):
    @property
    def __class__(self):
        answers.report = lambda *args: True
        answers.plain = lambda value, *rest: (7, 25)
        return tuple


answer_0_1 = Liar((1, 2))"""

# lesson 2: a search that replaces report and hands back nothing
REPORTING_STUB = """\
def my_depth_first(problem):
    import puzzlelab.exercises.answers as answers
    import puzzlelab.exercises.search as search

    answers.report = search.report = lambda *args: True
    for name in dir(search):
        if name.startswith(("fail", "passed")):
            setattr(search, name, lambda *args, **named: True)
    problem.actions(problem.initial_state)
    return None


answer_2_1 = my_depth_first"""


def submission(lesson: str, answers: dict, after_imports: str = "") -> str:
    """The lesson *lesson* (its file name) with *answers* (source by exercise id) in its
    answer cells and *after_imports* after its imports."""
    notebook = nbformat.read(NOTEBOOKS / lesson, as_version=4)
    for cell in notebook.cells:
        exercise = lesson_cells.exercise_id(cell)
        if exercise in answers:
            cell.source = answers[exercise]
    notebook.cells.insert(2, nbformat.v4.new_code_cell(after_imports))
    return nbformat.writes(notebook)


def graded(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    out = tmp_path / "grades.csv"
    assert main(["grade", str(tmp_path / name), "--out", str(out), "--cell-timeout", "30"]) == 0
    return {row["exercise"]: row for row in csv.DictReader(io.StringIO(out.read_text()))}


LESSON_0 = "00_first_search_problem_water_jugs.ipynb"
SLUG_0 = "first_search_problem_water_jugs"


@pytest.mark.slow
def test_a_patching_thread_a_lying_class_and_a_patching_problem_pass_nothing(tmp_path):
    answers = {
        f"{SLUG_0}:halving-twelve": LYING_CLASS + "\ncheck_halving_twelve(*answer_0_1);",
        f"{SLUG_0}:tap-problem": PATCHING_PROBLEM + "\ncheck_tap_problem(answer_0_2);",
        f"{SLUG_0}:measurable": "answer_0_3 = (..., ...)\ncheck_measurable(*answer_0_3);",
    }
    rows = graded(tmp_path, LESSON_0, submission(LESSON_0, answers, PATCHING_THREAD))
    assert len(rows) == 3
    assert all(row["passed"] == "false" for row in rows.values()), rows
    assert rows[f"{SLUG_0}:halving-twelve"]["message"].startswith("Not yet")
    assert rows[f"{SLUG_0}:measurable"]["message"].startswith("Not yet: replace both ...")


@pytest.mark.slow
def test_a_search_that_replaces_report_passes_nothing(tmp_path):
    lesson = "02_write_your_own_search.ipynb"
    answers = {
        "write_your_own_search:depth-first": REPORTING_STUB
        + "\ncheck_search(answer_2_1, like='dfs');"
    }
    rows = graded(tmp_path, lesson, submission(lesson, answers, PATCHING_THREAD))
    row = rows["write_your_own_search:depth-first"]
    assert row["passed"] == "false" and row["outcome"] in ("failed", "error"), row
    assert not any(
        row["passed"] == "true" for row in rows.values() if "predict" not in row["exercise"]
    )


@pytest.mark.slow
def test_answers_the_wire_cannot_carry_are_refused_at_once_and_say_why(tmp_path):
    """An int of 5,000 digits (JSON's limit is 4,300) and an answer over 4 MB: each check says
    why in a line, at once, where the first one used to wait out the cell's time."""
    answers = {
        f"{SLUG_0}:halving-twelve": "answer_0_1 = (10**5000, 2)",
        f"{SLUG_0}:measurable": "answer_0_3 = (set(range(3_000_000)), 3)",
    }
    started = time.monotonic()
    rows = graded(tmp_path, LESSON_0, submission(LESSON_0, answers))
    assert time.monotonic() - started < 60
    big, huge = rows[f"{SLUG_0}:halving-twelve"], rows[f"{SLUG_0}:measurable"]
    assert big["outcome"] == huge["outcome"] == "error"
    assert "an answer JSON cannot hold" in big["error"], big
    assert "an answer too large to send (over 4,194,304 bytes)" in huge["error"], huge
