"""``grade``: run a class's lesson notebooks and grade every exercise with the lessons' checks.

Vocabulary: a *submission* is one student's copy of a lesson notebook; an *exercise* is an
answer cell of a lesson, named in the cell's metadata by an id such as
``first_search_problem_water_jugs:halving-twelve``; a *grade* is one row: what one student
got on one exercise: its *outcome* (``passed``, ``failed``, ``missing`` or ``error``), the
check's message and a note on what went wrong.

Which exercises a lesson has, and the check call that grades each, come from the installed
lessons (:func:`~puzzlelab.cli.lessons.lessons_folder`), never from the student's cells.
Each submission runs from a copy, in a temporary folder of its own, on a fresh kernel of
this Python whose memory is bounded before it starts, with a time limit per cell and one
for the whole notebook. Then puzzlelab is loaded afresh in that kernel and each check runs
there (:mod:`puzzlelab.exercises.grading`), answering through a channel opened before the
student's first cell, whose results are signed with a key the student's code never had a
name for.

What that stops: printing "Correct!", redefining or patching a check or puzzlelab, a
puzzlelab of the notebook's own, a made-up result, and a wrapped ``display`` or publisher
(an altered result fails its signature; a replaced display is an ``error``). What is
detected and repaired: the submissions and the ``--out`` file are read before any notebook
runs and graded from those bytes; whatever a notebook changed there is put back and its
rows are errors (:func:`watch_changes`); a change to puzzlelab's own files stops the run,
keeping the grades so far. What is not stopped: the checks run in the student's process,
so code written to defeat them (reading the key from memory, patching the standard library
or the import machinery, changing other installed packages, a process that outlives its
kernel) can still fool them. Grade as a separate unprivileged user, or in a container,
with the submissions and the installation read-only.

Examples
--------
>>> from puzzlelab.cli import build_parser
>>> args = build_parser().parse_args(["grade", "class/", "--out", "grades.csv"])
>>> args.submissions, args.out, args.cell_timeout, args.memory_limit
(['class/'], 'grades.csv', 120, 4096)
>>> lesson_slug("00_first_search_problem_water_jugs.ipynb")
'first_search_problem_water_jugs'
>>> exercises = trusted_lessons()["first_search_problem_water_jugs"]
>>> exercises["first_search_problem_water_jugs:measurable"].call
'check_measurable(*answer_0_3)'
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError, one_line
from ..lesson_cells import cell_source, exercise_id, lesson_slug
from ._common import positive_int, print_json
from ._kernel import BoundedKernel
from .lessons import lesson_files, lessons_folder

if TYPE_CHECKING:  # nbformat loads only when a notebook is graded
    from nbformat import NotebookNode

    from ._common import Commands

#: What a grade can say: the check passed or failed, the exercise is missing, or an error
#: kept the check from running (the note says which).
OUTCOMES = ("passed", "failed", "missing", "error")

#: The largest submission read, in bytes: a lesson with its outputs is well under 5 MB.
LARGEST_SUBMISSION = 20 * 2**20


def add_commands(commands: Commands) -> None:
    """Add the ``grade`` command to the command line's *commands*.

    Parameters
    ----------
    commands : argparse sub-parsers
        What ``add_subparsers`` returned for the ``puzzlelab`` parser. ``grade`` is added,
        with :func:`grade_command` as the ``run`` default that ``main`` calls.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="puzzlelab")
    >>> add_commands(parser.add_subparsers())
    >>> args = parser.parse_args(["grade", "class/", "--cell-timeout", "30"])
    >>> args.run is grade_command, args.submissions, args.cell_timeout, args.time_limit
    (True, ['class/'], 30, 600)
    """
    grade = commands.add_parser(
        "grade",
        help="run students' lesson notebooks and grade every exercise",
        description=(
            "Run each submitted lesson notebook on a fresh kernel, from a copy in a "
            "temporary folder, and grade every exercise of its lesson with the lesson's own "
            "check: one row per student and exercise (student, notebook, lesson, exercise, "
            "outcome, passed, message, error). The student is the folder under SUBMISSIONS "
            "that holds the notebook, or else the file name without the lesson's name. "
            "The submissions are only read (and put back if a notebook changed them)."
        ),
    )
    grade.add_argument(
        "submissions",
        metavar="SUBMISSIONS",
        nargs="+",
        help="notebooks, or folders searched for notebooks",
    )
    grade.add_argument("--out", help="write the grades to this file (default: print them)")
    grade.add_argument("--json", action="store_true", help="write JSON instead of CSV")
    grade.add_argument(
        "--cell-timeout",
        type=positive_int,
        default=120,
        help="seconds a cell (or a check) may run before it is interrupted (default 120)",
    )
    grade.add_argument(
        "--time-limit",
        type=positive_int,
        default=600,
        help="seconds a whole notebook may run, its checks left out (default 600)",
    )
    grade.add_argument(
        "--memory-limit",
        type=positive_int,
        default=4096,
        help="megabytes of address space a notebook's kernel may use (default 4096)",
    )
    grade.set_defaults(run=grade_command)


# ---------------------------------------------------------------- the lessons' exercises


@dataclass(frozen=True)
class Exercise:
    """An exercise of a lesson: its id, the check call that grades it and where its checks live.

    Attributes
    ----------
    id : str
        The exercise id, ``"<lesson>:<exercise>"``, as its answer cell's metadata names it.
    call : str
        The check call that grades it, as the lesson writes it.
    checks : dict of str to str
        Each check the call names, and the module it is imported from.

    Examples
    --------
    >>> exercises = trusted_lessons()["first_search_problem_water_jugs"]
    >>> exercise = exercises["first_search_problem_water_jugs:measurable"]
    >>> exercise.call
    'check_measurable(*answer_0_3)'
    >>> exercise.checks
    {'check_measurable': 'puzzlelab.exercises.jugs'}
    """

    id: str
    call: str
    checks: dict[str, str] = field(hash=False)


def lesson_exercises(notebook: dict) -> dict[str, Exercise]:
    """Return a lesson's exercises, by id, in the order of the lesson.

    Parameters
    ----------
    notebook : dict
        A lesson as read from its JSON. An exercise's call is the last ``check_...(...)``
        expression of its answer cell.

    Returns
    -------
    dict of str to Exercise
        Every exercise the lesson's answer cells name.

    Raises
    ------
    PuzzleError
        If an exercise's cell calls no check, or a check it calls is not imported from
        ``puzzlelab.exercises`` anywhere in the lesson.

    Examples
    --------
    >>> imports = {"cell_type": "code", "metadata": {},
    ...            "source": "from puzzlelab.exercises.jugs import check_measurable"}
    >>> answer = {"cell_type": "code", "metadata": {"puzzlelab": {"exercise": "jugs:measurable"}},
    ...           "source": "answer_0_3 = (6, 9, 4)\\ncheck_measurable(*answer_0_3)"}
    >>> exercises = lesson_exercises({"cells": [imports, answer]})
    >>> list(exercises), exercises["jugs:measurable"].call
    (['jugs:measurable'], 'check_measurable(*answer_0_3)')
    >>> lesson_exercises({"cells": [answer]})
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: exercise jugs:measurable: its check is not imported from puzzlelab
    """
    cells = [cell for cell in notebook["cells"] if cell.get("cell_type") == "code"]
    trees = [ast.parse(cell_source(cell)) for cell in cells]
    imported = {
        alias.asname or alias.name: node.module
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("puzzlelab.exer")
        for alias in node.names
    }
    exercises = {}
    for cell, tree in zip(cells, trees):
        name = exercise_id(cell)
        if name is None:
            continue
        calls = [
            node.value
            for node in tree.body
            if isinstance(node, ast.Expr) and _is_check_call(node.value)
        ]
        if not calls:
            raise PuzzleError(f"exercise {name} calls no check_...() in its cell")
        called = {node.id for node in ast.walk(calls[-1]) if isinstance(node, ast.Name)}
        wanted = [check for check in called if check.startswith("check_")]
        if any(check not in imported for check in wanted):
            raise PuzzleError(f"exercise {name}: its check is not imported from puzzlelab")
        checks = {check: imported[check] for check in wanted}
        exercises[name] = Exercise(name, ast.unparse(calls[-1]), checks)
    return exercises


def _is_check_call(node: ast.expr) -> bool:
    """Whether *node* calls a function named ``check_...``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id.startswith("check_")
    )


def trusted_lessons() -> dict[str, dict[str, Exercise]]:
    """Return every installed lesson's exercises, by lesson slug.

    These are what ``puzzlelab grade`` trusts: the exercises and check calls of the lessons
    in :func:`~puzzlelab.cli.lessons.lessons_folder`, never those of a student's copy.

    Returns
    -------
    dict of str to dict of str to Exercise
        For each lesson, in the order of the lessons, :func:`lesson_exercises`.

    Raises
    ------
    PuzzleError
        If this installation has no lessons, or a lesson's exercise calls no check.

    Examples
    --------
    >>> lessons = trusted_lessons()
    >>> list(lessons)[:2]
    ['first_search_problem_water_jugs', 'state_spaces_and_bfs']
    >>> list(lessons["mastermind"])
    ['mastermind:bulls-and-cows', 'mastermind:codes-left', 'mastermind:strategy']
    """
    folder = lessons_folder()
    lessons = {}
    for name in lesson_files(folder):
        if name.suffix == ".ipynb" and len(name.parts) == 1:
            notebook = json.loads(folder.joinpath(name.name).read_text(encoding="utf-8"))
            lessons[lesson_slug(name.name)] = lesson_exercises(notebook)
    return lessons


# ---------------------------------------------------------------- submissions and students


@dataclass(frozen=True)
class Submission:
    """A notebook to grade: where it is, and the name it is shown under.

    Attributes
    ----------
    path : Path
        The notebook file.
    shown : str
        Its path below the folder given on the command line, or the path as given.
    root : Path or None
        The folder given on the command line that holds it; ``None`` for a file given.

    Examples
    --------
    >>> from pathlib import Path
    >>> submission = Submission(
    ...     Path("class/alice/08_mastermind.ipynb"), "alice/08_mastermind.ipynb", Path("class")
    ... )
    >>> student_of(submission, ["mastermind"])
    'alice'
    """

    path: Path
    shown: str  # the path below the folder given, or as given
    root: Path | None  # the folder given on the command line, if any


def find_submissions(arguments: list[str]) -> list[Submission]:
    """Return the notebooks named by *arguments*: files, or folders searched for notebooks.

    Hidden files and folders (such as ``.ipynb_checkpoints``) are left out.

    Parameters
    ----------
    arguments : list of str
        Notebook files and folders, as given on the command line.

    Returns
    -------
    list of Submission
        The notebooks, argument by argument; those of a folder sorted by path.

    Raises
    ------
    PuzzleError
        If an argument does not exist, or no notebook is found.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("bob/08_mastermind.ipynb", "alice/08_mastermind.ipynb",
    ...                  "bob/.ipynb_checkpoints/08_mastermind-checkpoint.ipynb"):
    ...         Path(folder, name).parent.mkdir(parents=True, exist_ok=True)
    ...         Path(folder, name).touch()
    ...     found = find_submissions([folder])
    >>> [submission.shown for submission in found]
    ['alice/08_mastermind.ipynb', 'bob/08_mastermind.ipynb']
    >>> find_submissions(["no-such-folder"])
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no-such-folder does not exist: give notebooks or folders of them
    """
    found = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            for notebook in sorted(path.rglob("*.ipynb")):
                relative = notebook.relative_to(path)
                if not any(part.startswith(".") for part in relative.parts):
                    found.append(Submission(notebook, relative.as_posix(), path))
        elif path.is_file():
            found.append(Submission(path, path.as_posix(), None))
        else:
            raise PuzzleError(f"{argument} does not exist: give notebooks or folders of them")
    if not found:
        raise PuzzleError(f"no notebook (.ipynb) found in {' '.join(arguments)}")
    return found


def student_of(submission: Submission, lessons: list[str]) -> str:
    """Return the student a submission is from: the folder under the one given, else the file name.

    From a file name, the lesson's name (with or without its number) is left out:
    ``alice_00_first_search_problem_water_jugs.ipynb`` is alice's.

    Parameters
    ----------
    submission : Submission
        The notebook to grade.
    lessons : list of str
        The lessons' slugs, to leave out of a file name.

    Returns
    -------
    str
        The student's name, as the grades show it.

    Examples
    --------
    >>> from pathlib import Path
    >>> lessons = ["first_search_problem_water_jugs", "mastermind"]
    >>> in_folder = Submission(
    ...     Path("class/alice/08_mastermind.ipynb"), "alice/08_mastermind.ipynb", Path("class")
    ... )
    >>> named = Submission(Path("bob_08_mastermind.ipynb"), "bob_08_mastermind.ipynb", None)
    >>> student_of(in_folder, lessons), student_of(named, lessons)
    ('alice', 'bob')
    """
    if submission.root is not None and "/" in submission.shown:
        return submission.shown.split("/")[0]
    stem = submission.path.stem
    for lesson in sorted(lessons, key=len, reverse=True):
        if lesson in stem:
            rest = stem.replace(lesson, "").strip("_- .")
            return re.sub(r"[_-]?\d+$", "", rest) or submission.path.parent.name or stem
    return stem


def which_lesson(notebook: dict | None, path: Path, lessons: dict) -> str | None:
    """Return the lesson a submission is a copy of: by its exercise ids, else its file name.

    Parameters
    ----------
    notebook : dict or None
        The submission as read, or ``None`` if it could not be read.
    path : Path
        The submission's file.
    lessons : dict
        The lessons, by slug (as :func:`trusted_lessons` returns them).

    Returns
    -------
    str or None
        The lesson's slug; ``None`` if neither its cells nor its name tell the lesson.

    Examples
    --------
    >>> from pathlib import Path
    >>> lessons = {"first_search_problem_water_jugs": {}, "mastermind": {}}
    >>> tag = {"puzzlelab": {"exercise": "mastermind:codes-left"}}
    >>> cell = {"cell_type": "code", "metadata": tag}
    >>> which_lesson({"cells": [cell]}, Path("homework.ipynb"), lessons)
    'mastermind'
    >>> which_lesson(None, Path("alice_00_first_search_problem_water_jugs.ipynb"), lessons)
    'first_search_problem_water_jugs'
    >>> which_lesson({"cells": []}, Path("notes.ipynb"), lessons) is None
    True
    """
    if notebook is not None:
        for cell in notebook.get("cells", []):
            slug = (exercise_id(cell) or "").partition(":")[0]
            if slug in lessons:
                return slug
    named = [slug for slug in lessons if slug in path.stem]
    return max(named, key=len) if named else None


# ---------------------------------------------------------------- grades


@dataclass
class Grade:
    """One row of the grades: what one student got on one exercise.

    Attributes
    ----------
    student : str
        Who the notebook is from (:func:`student_of`).
    notebook : str
        The notebook, as :attr:`Submission.shown` names it.
    lesson : str
        The lesson's slug; ``""`` if the notebook is no lesson.
    exercise : str
        The exercise id; ``""`` in the one row of a notebook that is no lesson.
    outcome : str
        One of :data:`OUTCOMES`: ``passed``, ``failed``, ``missing`` or ``error``.
    passed : bool
        Whether the check passed.
    message : str
        What the check said to the student.
    error : str
        What went wrong, if anything: a cell that raised or ran out of time, a missing answer.

    Examples
    --------
    >>> row = Grade("alice", "alice/08_mastermind.ipynb", "mastermind", "mastermind:codes-left")
    >>> row.outcome, row.passed, row.error
    ('error', False, '')
    """

    student: str
    notebook: str
    lesson: str
    exercise: str
    outcome: str = "error"  # one of OUTCOMES
    passed: bool = False
    message: str = ""
    error: str = ""


@dataclass(frozen=True)
class Limits:
    """How long a notebook's cells, and the whole notebook, may run; how much memory.

    Attributes
    ----------
    cell_seconds : int
        Seconds a cell, or a check, may run before it is interrupted.
    notebook_seconds : int
        Seconds the whole notebook may run, its checks left out.
    memory_mb : int
        Megabytes of address space the notebook's kernel may use.

    Examples
    --------
    >>> Limits()
    Limits(cell_seconds=120, notebook_seconds=600, memory_mb=4096)
    >>> Limits(cell_seconds=30).notebook_seconds
    600
    """

    cell_seconds: int = 120
    notebook_seconds: int = 600
    memory_mb: int = 4096


#: Why an exercise is graded ``missing``: its answer cell is gone, or is no code cell now.
MISSING = "missing: no code cell answers this exercise (a cell turned to Markdown counts for none)"


def grade_submission(
    submission: Submission, lessons: dict, limits: Limits, data: bytes | None = None
) -> list[Grade]:
    """Run one submission and return its grades, one per exercise of its lesson.

    A notebook that cannot be read, cannot be told apart as a lesson, or breaks while it
    runs still gets its rows, with the reason in ``error``.

    Parameters
    ----------
    submission : Submission
        The notebook to grade.
    lessons : dict
        The lessons' exercises, by slug (:func:`trusted_lessons`).
    limits : Limits
        How long its cells may run, and how much memory its kernel may use.
    data : bytes, optional
        The notebook's bytes as read before the class was graded; read now if not given.

    Returns
    -------
    list of Grade
        One row per exercise of its lesson; one row alone if it is no lesson.

    Notes
    -----
    A lesson runs on a kernel of its own (:func:`run_and_check`), which takes seconds. The
    example grades a notebook too large to run: it gets its rows without any kernel.

    Examples
    --------
    >>> from pathlib import Path
    >>> name = "alice_08_mastermind.ipynb"
    >>> too_large = bytes(25 * 2**20)
    >>> rows = grade_submission(Submission(Path(name), name, None), trusted_lessons(),
    ...                         Limits(), too_large)
    >>> [(row.student, row.exercise, row.outcome) for row in rows]
    [('alice', 'mastermind:bulls-and-cows', 'error'), ('alice', 'mastermind:codes-left', 'error'),
     ('alice', 'mastermind:strategy', 'error')]
    >>> rows[0].error
    'too large to grade: 25 MB, over the 20 MB a submission may have'
    """
    data, notebook, trouble = _read_submission(submission, data)
    slug = which_lesson(notebook, submission.path, lessons)
    row = Grade(student_of(submission, list(lessons)), submission.shown, slug or "", "")
    if slug is None:
        row.error = trouble or (
            "not a puzzlelab lesson: no exercise ids in its cells, no lesson's name in its "
            "file name"
        )
        return [row]
    exercises = lessons[slug]
    rows = [Grade(row.student, row.notebook, slug, name) for name in exercises]
    if notebook is None:
        for each in rows:
            each.error = trouble
        return rows
    answered = {exercise_id(cell) for cell in notebook.cells}
    present = [exercises[name] for name in exercises if name in answered]
    troubles, results = run_and_check(submission.path.name, data, present, limits)
    for each in rows:
        if each.exercise in answered:
            _fill(each, results[each.exercise], troubles.get(each.exercise, ""))
        else:
            each.outcome = "missing"
            each.error = MISSING
    return rows


def _read_submission(
    submission: Submission, data: bytes | None
) -> tuple[bytes, NotebookNode | None, str]:
    """The submission's bytes, its notebook (None if it cannot be read), and why not."""
    size = len(data) if data is not None else submission.path.stat().st_size
    if size > LARGEST_SUBMISSION:
        trouble = (
            f"too large to grade: {size / 2**20:.0f} MB, "
            f"over the {LARGEST_SUBMISSION // 2**20} MB a submission may have"
        )
        return b"", None, trouble
    data = submission.path.read_bytes() if data is None else data
    try:
        return data, _read_notebook(data), ""
    except Exception as error:  # invalid JSON, or JSON that is no notebook
        return data, None, f"not a notebook that can be read: {one_line(error)}"


def _fill(row: Grade, result: dict, trouble: str) -> None:
    """Fill *row* from its check's *result* and the *trouble* of its answer cell."""
    notes = [trouble] if trouble else []
    if "trouble" in result:  # the check gave no result
        if result["trouble"] != f"not checked: {trouble}":  # not what its cell's note says
            notes.append(result["trouble"])
    elif result["error"]:
        notes.append(f"the check could not run: {result['error']}")
    else:
        row.passed = result["passed"] is True
        row.outcome = "passed" if row.passed else "failed"
    row.message = result.get("message") or ""
    row.error = "; ".join(notes)


def run_and_check(
    name: str, data: bytes, exercises: list[Exercise], limits: Limits
) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    """Run the notebook *data* from a copy named *name*, then the checks of *exercises*.

    The copy runs in a temporary folder of its own, with the files the lessons read, on a
    fresh kernel bounded by *limits* (see :class:`~puzzlelab.cli._kernel.BoundedKernel`).

    Parameters
    ----------
    name : str
        The notebook's file name, which the copy keeps.
    data : bytes
        The notebook, as read before the class was graded.
    exercises : list of Exercise
        The exercises the notebook answers, whose checks run after its cells.
    limits : Limits
        How long its cells and checks may run, and how much memory the kernel may use.

    Returns
    -------
    troubles : dict of str to str
        What went wrong in each answer cell that did not run cleanly, by exercise id.
    results : dict of str to dict
        Each check's result (``passed``, ``message``, ``error``, or ``trouble`` when the
        check gave none), by exercise id.

    Notes
    -----
    It starts a kernel and runs a whole notebook: seconds at the least, so there is no
    example here; ``tests/test_grade.py`` runs it on real submissions.
    """
    with tempfile.TemporaryDirectory(prefix="puzzlelab-grade-") as folder:
        workdir = Path(folder)
        _copy_lesson_data(workdir)
        (workdir / name).write_bytes(data)
        notebook = _read_notebook((workdir / name).read_bytes())
        with BoundedKernel(workdir, limits.memory_mb) as kernel:
            troubles = kernel.student_cells(notebook, limits.cell_seconds, limits.notebook_seconds)
            results = kernel.checks(exercises, limits.cell_seconds)
    answers = {
        exercise: text
        for index, text in troubles.items()
        if (exercise := exercise_id(notebook.cells[index]))
    }
    return answers, results


def _copy_lesson_data(workdir: Path) -> None:
    """Copy the files the lessons read (all but the lessons themselves) into *workdir*."""
    folder = lessons_folder()
    for name in lesson_files(folder):
        if name.suffix != ".ipynb":
            target = workdir.joinpath(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(folder.joinpath(*name.parts).read_bytes())


def _read_notebook(data: bytes) -> NotebookNode:
    import nbformat

    return nbformat.reads(data.decode("utf-8"), as_version=4)


# ---------------------------------------------------------------- what a notebook may not change

#: A path's state: its kind (``file``, ``folder``, ``link``, ``large``, ``other``) and content
#: (a file's bytes, a link's target, a large file's sha256).
State = dict[Path, tuple[str, bytes]]


class GradingStopped(PuzzleError):
    """The run stopped before every notebook was graded; *grades* holds those so far.

    Parameters
    ----------
    message : str
        Why the run stopped, and what the teacher should do.
    grades : list of Grade
        The grades of the notebooks graded before it stopped.

    Examples
    --------
    >>> stop = GradingStopped("puzzlelab's own files changed", [Grade("alice", "a.ipynb", "", "")])
    >>> isinstance(stop, PuzzleError), str(stop), [grade.student for grade in stop.grades]
    (True, "puzzlelab's own files changed", ['alice'])
    """

    def __init__(self, message: str, grades: list[Grade]):
        super().__init__(message)
        self.grades = grades


def puzzlelab_folders() -> list[Path]:
    """Return the folders whose files the checks run: this puzzlelab's package and its lessons.

    Returns
    -------
    list of Path
        The package's folder, then the lessons' folder if it is not inside the package (a
        clone's ``notebooks/``).

    Examples
    --------
    >>> folders = puzzlelab_folders()
    >>> folders[0].name, all(folder.is_dir() for folder in folders)
    ('puzzlelab', True)
    """
    folders = [Path(__file__).resolve().parents[1]]
    lessons = lessons_folder()
    if isinstance(lessons, Path) and folders[0] not in lessons.resolve().parents:
        folders.append(lessons.resolve())
    return folders


def files_state(paths: list[Path]) -> State:
    """Return the state of every file, folder and link at or under *paths* (links not followed).

    Parameters
    ----------
    paths : list of Path
        Files and folders; one that does not exist is left out.

    Returns
    -------
    dict of Path to (str, bytes)
        Each path's kind (``file``, ``folder``, ``link``, ``large`` or ``other``) and
        content (a file's bytes, a link's target, a large file's sha256).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     top = Path(folder)
    ...     (top / "alice").mkdir()
    ...     _ = (top / "alice" / "notes.txt").write_text("BFS first")
    ...     state = files_state([top])
    >>> {path.relative_to(top).as_posix(): state[path] for path in sorted(state)}
    {'.': ('folder', b''), 'alice': ('folder', b''), 'alice/notes.txt': ('file', b'BFS first')}
    """
    state = {}
    for top in paths:
        if top.exists() or top.is_symlink():
            state[top] = _path_state(top)
        if top.is_symlink() or not top.is_dir():
            continue
        for folder, subfolders, files in os.walk(top):
            for name in subfolders + files:
                state[Path(folder, name)] = _path_state(Path(folder, name))
    return state


def _path_state(path: Path) -> tuple[str, bytes]:
    if path.is_symlink():
        return "link", os.readlink(path).encode()
    if path.is_dir():
        return "folder", b""
    if not path.is_file():  # a pipe or a device: never read
        return "other", b""
    if path.stat().st_size > LARGEST_SUBMISSION:
        digest = hashlib.sha256()
        with path.open("rb") as large:
            for block in iter(lambda: large.read(2**20), b""):
                digest.update(block)
        return "large", digest.hexdigest().encode()
    return "file", path.read_bytes()


def changed_paths(before: State, after: State) -> list[Path]:
    """Return the paths added, removed or changed between *before* and *after*.

    Parameters
    ----------
    before, after : dict of Path to (str, bytes)
        Two :func:`files_state` of the same folders.

    Returns
    -------
    list of Path
        The paths whose state differs, sorted.

    Examples
    --------
    >>> from pathlib import Path
    >>> before = {Path("a.ipynb"): ("file", b"{}"), Path("b.ipynb"): ("file", b"{}")}
    >>> after = {Path("a.ipynb"): ("file", b"{ }"), Path("c.txt"): ("file", b"")}
    >>> [path.name for path in changed_paths(before, after)]
    ['a.ipynb', 'b.ipynb', 'c.txt']
    >>> changed_paths(before, before)
    []
    """
    return sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )


def put_back(before: State, after: State) -> list[Path]:
    """Make the files on disk as *before* says again; return the paths that could not be.

    What was added is removed, what changed or went away is written again from *before*.

    Parameters
    ----------
    before, after : dict of Path to (str, bytes)
        The :func:`files_state` of the same folders before a notebook ran, and after.

    Returns
    -------
    list of Path
        The paths that could not be put back: large files and pipes, whose content
        *before* does not hold.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     notebook = Path(folder, "alice.ipynb")
    ...     _ = notebook.write_text("{}")
    ...     before = files_state([Path(folder)])
    ...     _ = notebook.write_text("changed")
    ...     _ = Path(folder, "added.txt").write_text("added")
    ...     lost = put_back(before, files_state([Path(folder)]))
    ...     left = [path.name for path in Path(folder).iterdir()], notebook.read_text()
    >>> lost, left
    ([], (['alice.ipynb'], '{}'))
    """
    for path in sorted(after, reverse=True):  # the deepest first
        if before.get(path, ("",))[0] != after[path][0]:
            if after[path][0] == "folder":
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
    lost = []
    for path in sorted(before):  # a folder before what it holds
        kind, content = before[path]
        if after.get(path) == before[path]:
            continue
        if kind == "folder":
            path.mkdir(exist_ok=True)
        elif kind == "file":
            path.write_bytes(content)
        elif kind == "link":
            path.unlink(missing_ok=True)
            path.symlink_to(content.decode())
        else:
            lost.append(path)
    return lost


def watch_changes(rows: list[Grade], tops: tuple, before: State, package: State) -> None:
    """After a notebook ran: put back any file it changed, and mark its *rows* as errors.

    Parameters
    ----------
    rows : list of Grade
        The notebook's grades, marked as errors (with what it changed) if it changed a file.
    tops : (list of Path, list of Path)
        The submissions (and the grades' file), and puzzlelab's folders
        (:func:`puzzlelab_folders`).
    before, package : dict of Path to (str, bytes)
        The :func:`files_state` of the two lists of *tops*, read before the notebook ran.

    Raises
    ------
    GradingStopped
        If puzzlelab's own files changed: the later notebooks could not be trusted.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     submissions, installed = Path(folder, "class"), Path(folder, "puzzlelab")
    ...     submissions.mkdir()
    ...     installed.mkdir()
    ...     tops = ([submissions], [installed])
    ...     before, package = files_state(tops[0]), files_state(tops[1])
    ...     _ = (submissions / "bob.ipynb").write_text("{}")  # what alice's notebook did
    ...     rows = [Grade("alice", "alice.ipynb", "mastermind", "mastermind:codes-left")]
    ...     watch_changes(rows, tops, before, package)
    ...     left = list(submissions.iterdir())
    >>> left, rows[0].outcome
    ([], 'error')
    >>> rows[0].error
    'it changed files outside its own folder: .../class/bob.ipynb (put back)'
    """
    after = files_state(tops[0])
    changed = changed_paths(before, after)
    if changed:
        lost = put_back(before, after)
        note = f"it changed files outside its own folder: {_listed(changed)} (put back"
        note += f", but not {_listed(lost)})" if lost else ")"
        _mark(rows, note)
    touched = changed_paths(package, files_state(tops[1]))
    if touched:
        _mark(rows, f"it changed puzzlelab's own files: {_listed(touched)}")
        raise GradingStopped(
            f"{rows[0].notebook} changed puzzlelab's own files ({_listed(touched)}): this "
            "installation can no longer be trusted to grade; reinstall puzzlelab and grade "
            "the notebooks after it again (the grades so far are kept)",
            [],
        )


def _mark(rows: list[Grade], note: str) -> None:
    for row in rows:
        row.outcome, row.passed = "error", False
        row.error = f"{note}; {row.error}" if row.error else note


def _listed(paths: list[Path], most: int = 3) -> str:
    shown = ", ".join(str(path) for path in paths[:most])
    return shown + (f" and {len(paths) - most} more" if len(paths) > most else "")


# ---------------------------------------------------------------- the command


def grade_all(
    arguments: list[str],
    limits: Limits,
    progress: Callable[[str], object] | None = None,
    out: Path | None = None,
) -> list[Grade]:
    """Grade every submission *arguments* name; return the grades, submission by submission.

    The submissions (and the file *out*, if given) are read before any notebook runs and
    put back as they were after any notebook that changed them; puzzlelab's own files are
    read too, and a change to them stops the run (see :func:`watch_changes`).

    Parameters
    ----------
    arguments : list of str
        Notebooks, or folders searched for notebooks (:func:`find_submissions`).
    limits : Limits
        How long each notebook's cells may run, and how much memory its kernel may use.
    progress : callable, optional
        Called with one line of text after each notebook: who it is from, how many of its
        exercises passed, and how long it took.
    out : Path, optional
        The file the grades will be written to, watched as the submissions are.

    Returns
    -------
    list of Grade
        Every notebook's rows (:func:`grade_submission`), in the order found.

    Raises
    ------
    PuzzleError
        If an argument does not exist, or no notebook is found.
    GradingStopped
        If a notebook changed puzzlelab's own files; it holds the grades so far.

    Notes
    -----
    Each notebook runs on a kernel of its own, which takes seconds; the example shows only
    what is refused before any notebook runs.

    Examples
    --------
    >>> grade_all(["no-such-folder"], Limits())
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no-such-folder does not exist: give notebooks or folders of them
    """
    submissions = find_submissions(arguments)
    lessons = trusted_lessons()
    watched = [sub.root or sub.path for sub in submissions] + ([out] if out else [])
    before, package = files_state(watched), files_state(puzzlelab_folders())
    tops = (watched, puzzlelab_folders())
    grades = []
    for number, submission in enumerate(submissions, 1):
        started = time.perf_counter()
        kind, data = before.get(submission.path, ("", b""))
        try:
            rows = grade_submission(submission, lessons, limits, data if kind == "file" else None)
        except Exception as error:  # a notebook nobody foresaw: its row says so, the rest go on
            rows = [Grade(submission.path.stem, submission.shown, "", "")]
            rows[0].error = f"the grader could not grade this notebook: {one_line(error)}"
        grades += rows
        try:
            watch_changes(rows, tops, before, package)
        except GradingStopped as stop:
            stop.grades = grades
            raise
        if progress:
            passed = sum(row.passed for row in rows)
            progress(
                f"[{number}/{len(submissions)}] {submission.shown}: {rows[0].student}, "
                f"{passed} of {len(rows)} passed ({time.perf_counter() - started:.1f} s)"
            )
    return grades


def grades_csv(grades: list[Grade]) -> str:
    """Return the grades as CSV text, with a header row.

    Parameters
    ----------
    grades : list of Grade
        The rows to write, one per student and exercise.

    Returns
    -------
    str
        One line per grade after the header, the columns named as :class:`Grade`'s fields;
        ``passed`` is ``true`` or ``false``.

    Examples
    --------
    >>> rows = [
    ...     Grade("alice", "alice/08_mastermind.ipynb", "mastermind", "mastermind:codes-left",
    ...           "passed", True, "Correct! ..."),
    ...     Grade("bob", "bob/08_mastermind.ipynb", "mastermind", "mastermind:codes-left",
    ...           "missing", error=MISSING),
    ... ]
    >>> print(grades_csv(rows), end="")
    student,notebook,lesson,exercise,outcome,passed,message,error
    alice,alice/08_mastermind.ipynb,mastermind,mastermind:codes-left,passed,true,Correct! ...,
    bob,bob/08_mastermind.ipynb,mastermind,mastermind:codes-left,missing,false,,missing: no ...
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([column.name for column in fields(Grade)])
    for grade in grades:
        writer.writerow([_csv_text(value) for value in asdict(grade).values()])
    return out.getvalue()


def _csv_text(value: object) -> str:
    """``true`` and ``false`` as JSON writes them; any other value as it is."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def grade_command(args: argparse.Namespace) -> int:
    """Grade the submissions *args* name, print or write the grades; return the exit code.

    Progress goes to standard error, a line per notebook; the grades (CSV, or JSON with
    ``--json``) to standard output, or to the ``--out`` file.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed ``grade`` command line: ``submissions``, ``out``, ``json``,
        ``cell_timeout``, ``time_limit`` and ``memory_limit``.

    Returns
    -------
    int
        0: every notebook was graded (the grades say who passed what).

    Raises
    ------
    PuzzleError
        If nbclient or ipykernel is not installed, ``--out`` cannot be written, a
        submission does not exist, or no notebook is found.
    GradingStopped
        If a notebook changed puzzlelab's own files, after the grades so far are printed
        or written.

    Notes
    -----
    Each notebook runs on a kernel of its own, which takes seconds; the example shows only
    what is refused before any notebook runs.

    Examples
    --------
    >>> from puzzlelab.cli import build_parser
    >>> grade_command(build_parser().parse_args(["grade", "no-such-folder"]))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no-such-folder does not exist: give notebooks or folders of them
    """
    missing = [name for name in ("nbclient", "ipykernel") if find_spec(name) is None]
    if missing:
        raise PuzzleError(
            f"puzzlelab grade runs notebooks with {' and '.join(missing)}, not installed here: "
            "pip install 'puzzlelab[grade]'"
        )
    if args.out:
        check_writable(Path(args.out))
    limits = Limits(args.cell_timeout, args.time_limit, args.memory_limit)
    out = Path(args.out) if args.out else None
    grades, stopped = [], None
    try:
        grades = grade_all(args.submissions, limits, lambda line: print(line, file=sys.stderr), out)
    except GradingStopped as stop:
        grades, stopped = stop.grades, stop
    passed = sum(grade.passed for grade in grades)
    summary = f"{passed} of {len(grades)} exercises passed"
    if args.json:
        reason = f"every notebook graded: {summary}"
        data = {"status": "solved", "reason": reason, "grades": [asdict(g) for g in grades]}
        text = json.dumps(data, indent=1) + "\n"
    else:
        text = grades_csv(grades)
    if args.out:
        write_grades(Path(args.out), text)
        print(f"{summary}: grades written to {args.out}", file=sys.stderr)
    elif args.json:
        print_json(data)
    else:
        sys.stdout.write(text)
    if stopped:
        raise stopped
    return 0


def check_writable(out: Path) -> None:
    """Make sure the grades can be written to *out*, before any notebook runs.

    A file that was not there before is not left behind.

    Parameters
    ----------
    out : Path
        The file the grades will be written to.

    Raises
    ------
    PuzzleError
        If *out* is a folder, or in a folder that does not exist or may not be written.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     check_writable(Path(folder, "grades.csv"))
    ...     left = list(Path(folder).iterdir())
    >>> left
    []
    >>> check_writable(Path("no-such-folder", "grades.csv"))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: --out no-such-folder/grades.csv: cannot write there
    (No such file or directory): give a file in a folder that exists and may be written
    """
    existed = out.exists()
    try:
        with out.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise PuzzleError(
            f"--out {out}: cannot write there ({error.strerror or one_line(error)}): "
            "give a file in a folder that exists and may be written"
        ) from None
    if not existed:
        out.unlink()


def write_grades(out: Path, text: str) -> None:
    """Write *text* to *out*; if that fails after all, print it so that no grade is lost.

    Parameters
    ----------
    out : Path
        The file to write (replaced if it is there).
    text : str
        The grades, as CSV or JSON.

    Raises
    ------
    PuzzleError
        If *out* could not be written (the grades are then on standard output).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_grades(Path(folder, "grades.csv"), "student,notebook\\n")
    ...     written = Path(folder, "grades.csv").read_text()
    >>> written
    'student,notebook\\n'
    """
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        sys.stdout.write(text)
        raise PuzzleError(
            f"--out {out}: cannot write there ({error.strerror or one_line(error)}): "
            "the grades are printed above instead"
        ) from None
