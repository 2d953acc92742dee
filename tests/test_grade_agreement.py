"""The grader and the self-check reach the same verdict on the same answer, for every exercise.

One kernel per lesson runs the teacher's edition (every exercise worked); then, for each
exercise, several answers are set in that kernel one after another: the worked one (right), a
wrong one made from it, and, where the exercise takes code, puzzlelab's own (borrowed) and the
lesson's own (copied). Each is checked both ways: by the self-check in the kernel, as a
student runs it, and by ``puzzlelab grade``'s check, which runs in the grader on what the kernel
sends. The verdicts must agree, and the right answers must pass. The grader reads the
notebook's text as well: a borrowed or copied answer written there fails even when the kernel
lies about what the answer is made of.
"""

import re
import tempfile
from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom import cells, edition, grading
from puzzlelab.classroom.kernel import BoundedKernel
from puzzlelab.classroom.lessons import lesson_files, lessons_folder

# a wrong answer made from the right one, in the kernel: a number off by one, a line of picks
# reversed, a function that answers 0, a class with no actions or successors, a table's entry
# flipped
WRONG = """\
def _wrong(value):
    import types
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, str):
        return " ".join(reversed(value.split()))
    if isinstance(value, tuple):
        return (_wrong(value[0]), *value[1:])
    if isinstance(value, list):
        return [_wrong(value[0]), *value[1:]] if value else [0]
    if isinstance(value, set):
        return set(list(value)[1:])
    if isinstance(value, dict):
        key = next(iter(value))
        return {**value, key: _wrong(value[key])}
    if isinstance(value, type):
        return type(value.__name__, (value,), {"actions": lambda self, state: [],
                                               "successors": lambda self, state: []})
    if callable(value):
        return lambda *args, **named: 0
    return 7
"""

# puzzlelab's own work handed in, and the lesson's own code, by exercise
BORROWED = {
    "first_search_problem_water_jugs:tap-problem": (
        "from puzzlelab.simpleai_problems import WaterJugsProblem\n"
        "WaterJugsProblem(TAP_CAPACITIES, target=TAP_TARGET, tap=True)"
    ),
    "write_your_own_search:depth-first": (
        "from puzzlelab.search import dfs as _dfs\nlambda problem: _dfs(problem).actions"
    ),
    "heuristic_search:manhattan": (
        "from puzzlelab.puzzles import SlidingPuzzle as _Sliding\n"
        "lambda state: _Sliding('1 2 3 / 4 5 6 / 7 8 0').manhattan(state)"
    ),
    "mastermind:strategy": (
        "from puzzlelab.solvers.mastermind_strategies import STRATEGIES as _strategies\n"
        "_strategies['minimax']"
    ),
}
COPIED = {"write_your_own_search:astar": "breadth_first"}

# a kernel that lies: whatever the grader asks it, no answer borrows or copies anything
LIE = """\
import puzzlelab.exercises.own_work as _own
_truthful = {name: getattr(_own, name) for name in ("borrowed", "lesson_code", "table_of")}
_own.borrowed = _own.lesson_code = lambda *args, **named: ""
_own.table_of = lambda *args, **named: None
"""
TRUTH = "_own.__dict__.update(_truthful)"

# where one more is right again (any seed past the lesson's table may do): a seed it shows
WRONG_BY_HAND = {"heuristic_search:worse-on-both": "1"}


def _lessons():
    folder = lessons_folder()
    return [n.name for n in lesson_files(folder) if n.suffix == ".ipynb" and len(n.parts) == 1]


def _answer_name(exercise):
    return re.search(r"answer_\d+_\d+", exercise.call).group()


def _run(kernel, source, ran=None):
    """Run *source* in *kernel*, and add it to *ran*, the notebook's text so far."""
    if ran is not None:
        ran.append(source)
    cell, trouble = kernel.run_code(source, 300)
    printed = "".join(out.get("text", "") for out in cell.outputs if out.get("name") == "stdout")
    return printed, trouble


def _self_check(kernel, exercise):
    printed, trouble = _run(kernel, f"_verdict = ({exercise.call}) is True\nprint(_verdict)")
    assert not trouble, (exercise.id, trouble)
    return printed.strip().splitlines()[-1] == "True"


def _graded(kernel, exercise, ran):
    result = kernel.checks([exercise], 300, ran)[exercise.id]
    assert "trouble" not in result, (exercise.id, result)
    return result["passed"] is True


def _variants(exercise):
    """``(kind, code that sets the answer)``: the worked one first, then the others."""
    name = _answer_name(exercise)
    yield "right", ""
    yield "wrong", f"{name} = {WRONG_BY_HAND.get(exercise.id, f'_wrong(_right_{name})')}"
    if exercise.id in BORROWED:
        *imports, value = BORROWED[exercise.id].splitlines()
        yield "borrowed", "\n".join([*imports, f"{name} = {value}"])
    if exercise.id in COPIED:
        yield "copied", f"{name} = {COPIED[exercise.id]}"


@pytest.mark.slow
@pytest.mark.parametrize("file_name", _lessons())
def test_the_grader_and_the_self_check_agree(file_name):
    lesson = nbformat.reads(
        lessons_folder().joinpath(file_name).read_text(encoding="utf-8"), as_version=4
    )
    worked = nbformat.from_dict(edition.worked_lesson(lesson, file_name))
    exercises = cells.lesson_exercises(worked)
    disagreements, right = [], []
    with tempfile.TemporaryDirectory(prefix="puzzlelab-agree-") as folder:
        grading._copy_lesson_data(Path(folder))
        with BoundedKernel(Path(folder), 4096) as kernel:
            troubles = kernel.student_cells(worked, 300, 1800)
            assert not kernel.broken and not troubles, troubles
            ran = [cell.source for cell in worked.cells if cell.cell_type == "code"]
            _run(kernel, WRONG, ran)
            for exercise in exercises.values():
                name = _answer_name(exercise)
                _run(kernel, f"_right_{name} = {name}", ran)
                for kind, code in _variants(exercise):
                    if code:
                        _, trouble = _run(kernel, code, ran)
                        assert not trouble, (exercise.id, kind, trouble)
                    verdicts = _self_check(kernel, exercise), _graded(kernel, exercise, ran)
                    if verdicts[0] != verdicts[1]:
                        disagreements.append((exercise.id, kind, verdicts))
                    if kind == "right":
                        right.append(verdicts)
                    else:
                        assert verdicts == (False, False), (exercise.id, kind, verdicts)
                    if kind in ("borrowed", "copied"):
                        _run(kernel, LIE)
                        lied_to = _graded(kernel, exercise, ran)
                        _run(kernel, TRUTH)
                        assert lied_to is False, (exercise.id, kind, "passed on a kernel's lie")
                _run(kernel, f"{name} = _right_{name}", ran)
    assert not disagreements
    assert right and all(verdicts == (True, True) for verdicts in right)
