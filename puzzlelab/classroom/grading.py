"""Grading: run a class's lesson notebooks and grade every exercise with the lessons' checks."""

from __future__ import annotations

import errno
import os
import tempfile
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import replace
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError, one_line
from .cells import Exercise, cell_source, exercise_id, trusted_lessons
from .checking import load_checks
from .grades import LARGEST_SUBMISSION, MISSING, Grade, GradingStopped, Limits
from .kernel import STOPPING, BoundedKernel, kill_all
from .lessons import read_lessons, write_inside
from .reading import reaches_grader
from .sandbox import UNCONFINED, sandbox_works
from .submissions import (
    Submission,
    check_out,
    find_submissions,
    read_regular,
    student_of,
    which_lesson,
)
from .watch import Watcher, listed, puzzlelab_folders

if TYPE_CHECKING:  # nbformat loads only when a notebook is graded
    from nbformat import NotebookNode


def grade_submission(
    submission: Submission, lessons: dict, limits: Limits, data: bytes | None = None
) -> list[Grade]:
    """Run one submission (*data*: its bytes as first read); return a grade per exercise.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    row = Grade(student_of(submission, list(lessons)), submission.shown, "", "")
    if submission.refused:
        row.error = submission.refused
        return [row]
    data, notebook, trouble = _read_submission(submission, data)
    slug = which_lesson(notebook, submission.path, lessons)
    if slug is None:
        row.error = trouble or (
            "not a puzzlelab lesson: no exercise ids in its cells, no lesson's name in its "
            "file name"
        )
        return [row]
    exercises = lessons[slug]
    rows = [Grade(row.student, row.notebook, slug, name, error=trouble) for name in exercises]
    if notebook is None:
        return rows
    answered = {exercise_id(cell) for cell in notebook.cells} - {None}
    present = [exercises[name] for name in exercises if name in answered]
    troubles, results = (
        _run_and_check(submission.path.name, data, notebook, present, limits)
        if present
        else ({}, {})
    )
    named = which_lesson(None, submission.path, lessons)
    flag = "wrong lesson" if named and named != slug else ""
    flag = flag if answered else "no answer cells"
    reached = reaches_grader(
        cell_source(cell) if cell.cell_type == "code" else "" for cell in notebook.cells
    )
    for each in rows:
        each.flag = "reaches the grader" if reached else flag
        if each.exercise in answered:
            _fill(each, results[each.exercise], troubles.get(each.exercise, ""))
        else:
            each.outcome, each.error = "missing", MISSING
    if reached:
        note = f"not counted until a teacher reads it: {reached}"
        _mark([row for row in rows if row.passed], note)
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
    try:
        data = read_regular(submission.path) if data is None else data
    except OSError as error:  # replaced by a pipe, or gone, since it was found
        return b"", None, f"could not be read: {one_line(error)}"
    import nbformat

    try:
        return data, nbformat.reads(data.decode("utf-8"), as_version=4), ""
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
    name: str, data: bytes, notebook: NotebookNode, exercises: list[Exercise], limits: Limits
) -> tuple[dict[str, str], dict[str, dict[str, Any]]]:
    """Run *notebook* from a copy, then its checks; return cells' troubles and results, by id."""
    with tempfile.TemporaryDirectory(prefix="puzzlelab-grade-") as folder:
        workdir = Path(folder)
        _copy_lesson_data(workdir)
        (workdir / name).write_bytes(data)
        with BoundedKernel(workdir, limits.memory_mb, limits.hidden) as kernel:
            troubles = kernel.student_cells(notebook, limits.cell_seconds, limits.notebook_seconds)
            sources = [cell_source(cell) for cell in notebook.cells if cell.cell_type == "code"]
            results = kernel.checks(exercises, limits.cell_seconds, sources)
    answers = {
        exercise: text
        for index, text in troubles.items()
        if (exercise := exercise_id(notebook.cells[index]))
    }
    return answers, results


def _copy_lesson_data(workdir: Path) -> None:
    """Copy the files the lessons read into *workdir* (read once for the whole class)."""
    write_inside(workdir, _lesson_data(), "the files the lessons read")


@lru_cache(maxsize=1)
def _lesson_data() -> dict[PurePosixPath, bytes]:
    return {name: data for name, data in read_lessons().items() if name.suffix != ".ipynb"}


#: What is told of each notebook graded: its place among the submissions, and its rows.
Record = Callable[[int, list[Grade]], object]


def grade_all(
    arguments: list[str],
    limits: Limits,
    progress: Callable[[str], object] | None = None,
    out: Path | None = None,
    *,
    jobs: int = 1,
    done: frozenset[str] = frozenset(),
    record: Record | None = None,
) -> list[Grade]:
    """Grade every submission *arguments* name but those in *done*, telling *record* each's.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    submissions = find_submissions(arguments)
    if out is not None:
        check_out(out, submissions)
    todo = [(order, sub) for order, sub in enumerate(submissions) if sub.shown not in done]
    if progress is not None and not sandbox_works():
        progress(UNCONFINED)
    STOPPING.clear()
    return _ClassRun(submissions, limits, out, record, progress).grade(todo, jobs)


class _ClassRun:
    """One run of :func:`grade_all`: the notebooks running, the grades decided, the watchers."""

    def __init__(
        self,
        submissions: list[Submission],
        limits: Limits,
        out: Path | None,
        record: Record | None,
        progress: Callable[[str], object] | None,
    ) -> None:
        tops = list(dict.fromkeys(sub.root or sub.path for sub in submissions))
        hidden = tuple(tops + ([out] if out else []))  # no kernel sees them (see sandbox.py)
        self.limits, self.out, self.record = replace(limits, hidden=hidden), out, record
        self.progress = progress
        self.lessons = trusted_lessons()
        load_checks(self.lessons)
        self.files = Watcher(tops + ([out] if out else []))
        self.package = Watcher(puzzlelab_folders())
        self.grades: dict[int, list[Grade]] = {}
        self.again: set[int] = set()  # the notebooks to be graded again, alone
        self.suspects: set[int] = set()  # the notebooks that ran since the last look
        self.submissions = submissions

    def grade(self, todo: list[tuple[int, Submission]], jobs: int) -> list[Grade]:
        """Grade *todo*, *jobs* at a time, then alone those that must be; return the grades."""
        self.total = len(todo)  # the notebooks graded in this run
        try:
            self._side_by_side(todo, jobs)
            alone, self.again = sorted(self.again), set()
            self._side_by_side([(order, self.submissions[order]) for order in alone], jobs=1)
        except KeyboardInterrupt:
            kill_all()
            raise KeyboardInterrupt(
                f"interrupted after {len(self.grades)} of {self.total} notebooks"
            ) from None
        return self.so_far()

    def so_far(self) -> list[Grade]:
        """The grades decided so far, in the submissions' order."""
        return [row for order in sorted(self.grades) for row in self.grades[order]]

    def _side_by_side(self, todo: list[tuple[int, Submission]], jobs: int) -> None:
        waiting = deque(todo)
        running: dict[Future, tuple[int, Submission]] = {}
        with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="grade") as pool:
            try:
                while waiting or running:
                    while waiting and len(running) < jobs:
                        order, sub = waiting.popleft()
                        running[pool.submit(self._grade_one, sub)] = (order, sub)
                        self.suspects.add(order)
                    finished, _ = wait(running, timeout=0.5, return_when=FIRST_COMPLETED)
                    for future in finished:
                        order, sub = running.pop(future)
                        still = {each for each, _ in running.values()}
                        rows, seconds = future.result()
                        self._decide(order, sub, rows, seconds, running=still)
            except BaseException:  # Ctrl-C, or puzzlelab's files changed: end the kernels
                kill_all()
                raise

    def _grade_one(self, sub: Submission) -> tuple[list[Grade], float]:
        """Grade *sub* (in any thread); return its rows and the seconds it took."""
        started = time.perf_counter()
        try:
            rows = grade_submission(sub, self.lessons, self.limits, self.files.content(sub.path))
        except Exception as error:  # a notebook nobody foresaw: its row says so, the rest go on
            rows = [Grade(student_of(sub, list(self.lessons)), sub.shown, "", "")]
            rows[0].error = f"the grader could not grade this notebook: {one_line(error)}"
        return rows, time.perf_counter() - started

    def _decide(
        self, order: int, sub: Submission, rows: list[Grade], seconds: float, running: set[int]
    ) -> None:
        """Now that *sub* ended: look for changes, then keep its rows or grade it again alone."""
        suspects, self.suspects = self.suspects, set(running)
        changed, lost = self.files.changes()
        touched, _ = self.package.changes(repair=False)
        if (changed or touched) and len(suspects) > 1:
            if touched:
                names = " or ".join(self.submissions[each].shown for each in sorted(suspects))
                stop = _changed_package(names, touched) + "; --jobs 1 tells which one it was"
                raise GradingStopped(stop, self.so_far())
            self.again |= suspects
        if order in self.again:
            return
        if changed:
            note = f"it changed files outside its own folder: {listed(changed)} (put back"
            _mark(rows, note + (f", but not {listed(lost)})" if lost else ")"))
        if touched:
            _mark(rows, f"it changed puzzlelab's own files: {listed(touched)}")
        self._keep(order, sub, rows, seconds)
        if touched:
            raise GradingStopped(_changed_package(sub.shown, touched), self.so_far())

    def _keep(self, order: int, sub: Submission, rows: list[Grade], seconds: float) -> None:
        """Keep *sub*'s rows, and tell :attr:`record` and :attr:`progress`."""
        self.grades[order] = rows
        if self.record:
            self.record(order, rows)
            if self.out:
                self.files.accept(self.out)
        if self.progress:
            passed = sum(row.passed for row in rows)
            self.progress(
                f"[{len(self.grades)}/{self.total}] {sub.shown}: {rows[0].student}, "
                f"{passed} of {len(rows)} passed ({seconds:.1f} s)"
            )


def _changed_package(names: str, touched: list[Path]) -> str:
    return (
        f"{names} changed puzzlelab's own files ({listed(touched)}): this installation can no "
        "longer be trusted to grade; reinstall puzzlelab and grade the notebooks after it again "
        "(the grades so far are kept)"
    )


def _mark(rows: list[Grade], note: str) -> None:
    for row in rows:
        row.outcome, row.passed = "error", False
        row.error = f"{note}; {row.error}" if row.error else note


def check_writable(out: Path, option: str = "--out") -> None:
    """Make sure *out* can be written, before any notebook runs (leaving no file).

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    existed = os.path.lexists(out)
    try:
        if existed and not out.is_file():
            raise IsADirectoryError(errno.EISDIR, "not a regular file")
        with out.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise PuzzleError(
            f"{option} {out}: cannot write there ({error.strerror or one_line(error)}): "
            "give a file in a folder that exists and may be written"
        ) from None
    if not existed:
        out.unlink()
