"""Grading: run a class's lesson notebooks and grade every exercise with the lessons' checks.

Vocabulary: a *submission* is one student's copy of a lesson notebook; an *exercise* is an
answer cell of a lesson, named in the cell's metadata by an id such as
``first_search_problem_water_jugs:halving-twelve``; a *grade* is one row: what one student
got on one exercise: its *outcome* (``passed``, ``failed``, ``missing`` or ``error``), the
check's message and a note on what went wrong.

Which exercises a lesson has, and the check call that grades each, come from the installed
lessons (:func:`~puzzlelab.classroom.lessons.lessons_folder`), never from the student's cells.
Each submission runs from a copy, in a temporary folder of its own, on a fresh kernel of
this Python whose memory is bounded before it starts, with a time limit per cell and one
for the whole notebook. Then puzzlelab is loaded afresh in that kernel and each check runs
there (:mod:`puzzlelab.classroom.checking`), answering through a channel opened before the
student's first cell, whose results are signed with a key the student's code never had a
name for.

What that stops: printing "Correct!", redefining or patching a check or puzzlelab, a
puzzlelab of the notebook's own, a made-up result, and a wrapped ``display`` or publisher
(an altered result fails its signature; a replaced display is an ``error``). What is
detected and repaired: the submissions and the ``--out`` file are read before any notebook
runs and graded from those bytes; whatever a notebook changed there is put back and its rows
are errors (:func:`~puzzlelab.classroom.watch.watch_changes`); a change to puzzlelab's own
files stops the run, keeping the grades so far. What is not stopped: the checks run in the
student's process, so code written to defeat them (reading the key from memory, patching the
standard library or the import machinery, changing other installed packages, a process that
outlives its kernel) can still fool them. Grade as a separate unprivileged user, or in a
container, with the submissions and the installation read-only.

>>> from puzzlelab.classroom.cells import trusted_lessons
>>> exercises = trusted_lessons()["first_search_problem_water_jugs"]
>>> exercises["first_search_problem_water_jugs:measurable"].call
'check_measurable(*answer_0_3)'
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError, one_line
from .cells import Exercise, exercise_id, trusted_lessons
from .grades import LARGEST_SUBMISSION, MISSING, Grade, GradingStopped, Limits
from .kernel import BoundedKernel
from .lessons import lesson_files, lessons_folder
from .submissions import Submission, find_submissions, student_of, which_lesson
from .watch import files_state, puzzlelab_folders, watch_changes

if TYPE_CHECKING:  # nbformat loads only when a notebook is graded
    from nbformat import NotebookNode


# ---------------------------------------------------------------- the lessons' exercises


# ---------------------------------------------------------------- submissions and students


# ---------------------------------------------------------------- grades


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
    fresh kernel bounded by *limits* (see :class:`~puzzlelab.classroom.kernel.BoundedKernel`).

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
