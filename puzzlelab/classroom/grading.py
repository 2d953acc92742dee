"""Grading: run a class's lesson notebooks and grade every exercise with the lessons' checks.

Each submission runs from a copy, on a fresh bounded kernel; the exercises and their check
calls come from the installed lessons, never from the student's cells. The teachers' guide
says what this stops and what it does not.
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
from .lessons import read_lessons, write_inside
from .submissions import Submission, find_submissions, student_of, which_lesson
from .watch import files_state, puzzlelab_folders, watch_changes

if TYPE_CHECKING:  # nbformat loads only when a notebook is graded
    from nbformat import NotebookNode


def grade_submission(
    submission: Submission, lessons: dict, limits: Limits, data: bytes | None = None
) -> list[Grade]:
    """Run one submission and return its grades, one per exercise of its lesson.

    A notebook that cannot be read, is no lesson, or breaks while it runs still gets its rows,
    with the reason in ``error``. *lessons* are :func:`trusted_lessons`; *data* the notebook's
    bytes as read before the class was graded (read now if not given).

    There is no example here; ``tests/test_grade.py`` runs it.
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
    troubles, results = _run_and_check(submission.path.name, data, present, limits)
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


def _run_and_check(
    name: str, data: bytes, exercises: list[Exercise], limits: Limits
) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    """Run the notebook *data* from a copy named *name*, then the checks of *exercises*.

    Return the troubles of the answer cells that did not run cleanly, and each check's result
    (``passed``, ``message``, ``error``, or ``trouble`` alone), both by exercise id.
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
    files = {name: data for name, data in read_lessons().items() if name.suffix != ".ipynb"}
    write_inside(workdir, files, "the files the lessons read")


def _read_notebook(data: bytes) -> NotebookNode:
    import nbformat

    return nbformat.reads(data.decode("utf-8"), as_version=4)


def grade_all(
    arguments: list[str],
    limits: Limits,
    progress: Callable[[str], object] | None = None,
    out: Path | None = None,
) -> list[Grade]:
    """Grade every submission *arguments* name; return the grades, submission by submission.

    The submissions (and *out*, the grades' file) are read first and put back after any notebook
    that changed them; a change to puzzlelab's own files raises :class:`GradingStopped`, which
    holds the grades so far. *progress* is called with a line after each notebook.

    There is no example here; ``tests/test_grade.py`` runs it.
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
    """Make sure the grades can be written to *out*, before any notebook runs (leaving no file).

    There is no example here; ``tests/test_grade.py`` runs it.
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
    """Write *text* to *out*; if that fails, print it (no grade is lost) and raise PuzzleError.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        sys.stdout.write(text)
        raise PuzzleError(
            f"--out {out}: cannot write there ({error.strerror or one_line(error)}): "
            "the grades are printed above instead"
        ) from None
