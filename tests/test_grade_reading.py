"""The grader reads a notebook's text before it runs: code that reaches past the exercises into
the grading machinery is flagged, and its passes are not counted (``classroom/reading.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom import cells as lesson_cells
from puzzlelab.classroom.cells import trusted_lessons
from puzzlelab.classroom.grades import Limits
from puzzlelab.classroom.grading import grade_submission
from puzzlelab.classroom.reading import reaches_grader
from puzzlelab.classroom.solutions import SOLUTIONS
from puzzlelab.classroom.submissions import Submission

LESSONS = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9]*.ipynb"))

#: Ways to reach the grading machinery, each as a student might write it, and what is said.
REACHING = {
    "a thread that waits to patch the grader": (
        "import threading\n\ndef patch():\n    pass\n\nthreading.Thread(target=patch).start()",
        "imports threading",
    ),
    "a problem's method that patches report": (
        "from puzzlelab.search import engine\n\nclass P:\n    def actions(self, s):\n"
        "        engine.run = lambda *a: True\n        return []",
        "changes a module (engine.run)",
    ),
    "an answer whose __class__ patches": (
        "class Sly(int):\n    @property\n    def __class__(self):\n        return int",
        "defines __class__",
    ),
    "code hidden in a string": ("exec('import ctypes')", "uses exec"),
    "a module reached by a built name": (
        "import math\nthing = getattr(math, 'fl' + 'oor')",
        "names an attribute by a string it builds (getattr)",
    ),
    "the checks' private modules": (
        "from puzzlelab.exercises.sandbox import GRADER",
        "imports from puzzlelab.exercises.sandbox",
    ),
    "a private name of a front door": (
        "from puzzlelab.exercises import own_work",
        "imports own_work from puzzlelab.exercises",
    ),
    "the interpreter's module table": ("import sys\nsys.modules.clear()", "reaches into modules"),
    "a frame found through an error": (
        "try:\n    1 / 0\nexcept ZeroDivisionError as error:\n    f = error.__traceback__",
        "reaches into __traceback__",
    ),
    "the caller's frame": ("import inspect\nframe = inspect.currentframe()", "currentframe"),
    "a shell command": ("!cat ../*.ipynb", "runs a shell command"),
    "a magic that runs a file": ("%run other.py", "uses the magic %run"),
    "a hook on attribute lookup": (
        "class Answer:\n    def __getattribute__(self, name):\n        return 1",
        "defines __getattribute__",
    ),
    "a module through an alias": (
        "from puzzlelab.puzzles import pegs\np = pegs\np.moves = print",
        "changes a module (p.moves)",
    ),
    "the module that holds the checks": (
        "import puzzlelab.exercises as ex\nbox = [ex]\nbox[0].own_work.borrowed = print",
        "imports the module puzzlelab.exercises itself",
    ),
    "a patch behind a timing magic": (
        "%time import puzzlelab.exercises.own_work as ow; ow.borrowed = print",
        "imports puzzlelab.exercises.own_work",
    ),
    "a shell command kept in a name": ("found = !ls ..", "runs a shell command"),
    "code timed by timeit": ("%timeit -n1 -r1 exec('1')", "uses exec"),
    "a module inside a module": ("import random\nrandom._os.system('ls')", "(random._os)"),
    "numpy's door to C": ("import numpy as np\nlib = np.ctypeslib", "reaches into ctypeslib"),
    "IPython itself": ("shell = get_ipython()", "uses get_ipython"),
    "reading a file": ("text = open('../grades.csv').read()", "uses open"),
    "the process table": ("import os\nos.kill(os.getppid(), 9)", "imports os"),
    "a module a lesson's module holds": (
        "import inspect\ninspect.os.listdir('..')",
        "reaches the module os through inspect",
    ),
    "threads held by queue": ("import queue\nqueue.threading.Thread", "module threading"),
    "numpy reading a file": ("import numpy as np\nkey = np.fromfile('../key')", "reads or writes"),
    "an array written to a file": (
        "import numpy\nnumpy.zeros(3).tofile('x')",
        "(numpy.zeros(3).tofile)",
    ),
    "asking whether a trace watches": ("import sys\nwatched = sys.gettrace()", "gettrace"),
}


#: What an honest student writes that a reading by names could take for reaching.
HONEST = {
    "a note with a line that starts with !": 'NOTE = """\n!important: my notes\n"""',
    "hasattr with a name in hand": "name = 'goal'\nfound = hasattr(object, name)",
    "postponed annotations": "from __future__ import annotations",
    "a timed cell": "%%time\nanswer = sum(range(10))",
    "a timed line": "%time answer = sum(range(10))",
    "help on a function": "from puzzlelab.search import bfs\nbfs?",
    "a type's name": "print(type(1).__name__)",
    "a deeper recursion": "import sys\nsys.setrecursionlimit(10_000)",
    "pictures inline": "%matplotlib inline",
    "an array's own methods": "import numpy as np\nboard = np.zeros(9).reshape(3, 3).tolist()",
    "a result that holds a load": "load = [3, 5]\nprint(sum(load))",
}


@pytest.mark.parametrize("case", sorted(REACHING))
def test_each_way_to_reach_the_grader_is_named(case):
    source, said = REACHING[case]
    found = reaches_grader(["import math", source])
    assert found.startswith("cell 2 ") and said in found


@pytest.mark.parametrize("case", sorted(HONEST))
def test_what_an_honest_student_writes_is_not_flagged(case):
    assert reaches_grader(["import math", HONEST[case]]) == ""


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem[:2])
def test_no_cell_of_a_lesson_is_flagged_even_when_a_student_changes_it(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] == "code":
            changed = lesson_cells.cell_source(cell) + "\n# the student's note"
            assert reaches_grader([changed]) == "", changed[:200]


def test_no_worked_solution_is_flagged():
    for exercise, solution in SOLUTIONS.items():
        for source in (solution.answer, solution.skeleton_worked):
            assert reaches_grader([source]) == "", exercise


def test_a_lesson_cell_left_as_it_was_is_not_read():
    cells = json.loads(LESSONS[1].read_text(encoding="utf-8"))["cells"]
    imports = lesson_cells.cell_source(cells[1])  # lesson 1 shows inspect.getsource
    assert "inspect" in imports
    assert reaches_grader([imports]) == ""
    assert reaches_grader([imports + "\nframe = inspect.currentframe()"]) != ""


def test_an_import_in_one_cell_is_known_in_the_next():
    found = reaches_grader(["from puzzlelab.puzzles import pegs", "", "pegs.moves = print"])
    assert found == "cell 3 line 1 changes a module (pegs.moves)"


def test_a_cell_that_is_not_python_reaches_nothing():
    assert reaches_grader(["answer = (1, ", "def f(:"]) == ""


@pytest.mark.slow  # runs lesson 0 on a kernel: about 20 s
def test_a_notebook_that_reaches_the_grader_has_its_passes_held_for_the_teacher(tmp_path):
    lesson = LESSONS[0]
    notebook = nbformat.read(lesson, as_version=4)
    for cell in notebook.cells:
        exercise = lesson_cells.exercise_id(cell)
        if exercise:
            cell.source = SOLUTIONS[exercise].answer
    notebook.cells.insert(2, nbformat.v4.new_code_cell("import threading"))
    path = tmp_path / lesson.name
    path.write_text(nbformat.writes(notebook), encoding="utf-8")
    rows = grade_submission(Submission(path, lesson.name, None), trusted_lessons(), Limits())
    assert rows and all(row.flag == "reaches the grader" for row in rows)
    assert not any(row.passed for row in rows)
    assert all("not counted until a teacher reads it: cell 3 imports threading" in row.error
               for row in rows)  # fmt: skip
    assert all(row.message for row in rows)  # the check's own words are kept for the teacher
