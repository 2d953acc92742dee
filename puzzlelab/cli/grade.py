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
    """Add ``grade``."""
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

    *checks* maps each check the call names to the module it is imported from.
    """

    id: str
    call: str
    checks: dict[str, str] = field(hash=False)


def lesson_slug(name: str) -> str:
    """The lesson a notebook file name is about: its name without the number and ``.ipynb``."""
    return re.sub(r"^\d+_", "", Path(name).stem)


def exercise_id(cell: dict) -> str | None:
    """The exercise id in *cell*'s metadata, or ``None``."""
    tag = cell.get("metadata", {}).get("puzzlelab", {})
    return tag.get("exercise") if isinstance(tag, dict) else None


def cell_source(cell: dict) -> str:
    """A cell's source as one string (notebook files may store it as a list of lines)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def lesson_exercises(notebook: dict) -> dict[str, Exercise]:
    """Return a lesson's exercises, by id, in the order of the lesson.

    *notebook* is a lesson as read from its JSON. An exercise's call is the last
    ``check_...(...)`` expression of its cell.

    Raises
    ------
    PuzzleError
        If an exercise's cell calls no check, or a check it calls is not imported from
        ``puzzlelab.exercises`` anywhere in the lesson.
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
    """Return every installed lesson's exercises, by lesson slug."""
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
    """A notebook to grade: where it is, and the name it is shown under."""

    path: Path
    shown: str  # the path below the folder given, or as given
    root: Path | None  # the folder given on the command line, if any


def find_submissions(arguments: list[str]) -> list[Submission]:
    """Return the notebooks named by *arguments*: files, or folders searched for notebooks.

    Hidden files and folders (such as ``.ipynb_checkpoints``) are left out.

    Raises
    ------
    PuzzleError
        If an argument does not exist, or no notebook is found.
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
    """The student a submission is from: the folder under the one given, else the file name.

    From a file name, the lesson's name (with or without its number) is left out:
    ``alice_00_first_search_problem_water_jugs.ipynb`` is alice's.
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
    """The slug of the lesson a submission is a copy of: by its exercise ids, else its name."""
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
    """One row: what one student got on one exercise."""

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
    """How long a notebook's cells, and the whole notebook, may run; how much memory."""

    cell_seconds: int = 120
    notebook_seconds: int = 600
    memory_mb: int = 4096


def grade_submission(
    submission: Submission, lessons: dict, limits: Limits, data: bytes | None = None
) -> list[Grade]:
    """Run one submission and return its grades, one per exercise of its lesson.

    *data* is the notebook's bytes as read before the class was graded (read now if not
    given). A notebook that cannot be read, cannot be told apart as a lesson, or breaks
    while it runs still gets its rows, with the reason in ``error``.
    """
    size = len(data) if data is not None else submission.path.stat().st_size
    if size > LARGEST_SUBMISSION:
        data, notebook = b"", None
        trouble = (
            f"too large to grade: {size / 2**20:.0f} MB, over the "
            f"{LARGEST_SUBMISSION // 2**20} MB a submission may have"
        )
    else:
        data = submission.path.read_bytes() if data is None else data
        try:
            notebook = _read_notebook(data)
            trouble = ""
        except Exception as error:  # invalid JSON, or JSON that is no notebook
            notebook, trouble = None, f"not a notebook that can be read: {one_line(error)}"
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
            each.error = "missing: no answer cell of this exercise in the notebook"
    return rows


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

    Return the troubles of its answer cells and the checks' results, both by exercise id
    (see :class:`~puzzlelab.cli._kernel.BoundedKernel`).
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
    """The run stopped before every notebook was graded; *grades* holds those so far."""

    def __init__(self, message: str, grades: list[Grade]):
        super().__init__(message)
        self.grades = grades


def puzzlelab_folders() -> list[Path]:
    """The folders whose files the checks run: this puzzlelab's package and its lessons."""
    folders = [Path(__file__).resolve().parents[1]]
    lessons = lessons_folder()
    if isinstance(lessons, Path) and folders[0] not in lessons.resolve().parents:
        folders.append(lessons.resolve())
    return folders


def files_state(paths: list[Path]) -> State:
    """Every file, folder and link at or under *paths* (links are not followed)."""
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
    """The paths added, removed or changed between *before* and *after*."""
    return sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )


def put_back(before: State, after: State) -> list[Path]:
    """Make the files on disk as *before* says again; return the paths that could not be.

    What was added is removed, what changed or went away is written again from *before*.
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

    *before* and *package* are the :func:`files_state` of the two lists of *tops*: the
    submissions (and the grades' file), and puzzlelab's folders.

    Raises
    ------
    GradingStopped
        If puzzlelab's own files changed: the later notebooks could not be trusted.
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

    Raises
    ------
    GradingStopped
        If a notebook changed puzzlelab's own files; it holds the grades so far.
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
    """The grades as CSV text, with a header row."""
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

    Raises
    ------
    PuzzleError
        If *out* is a folder, or in a folder that does not exist or may not be written.
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

    Raises
    ------
    PuzzleError
        If *out* could not be written (the grades are then on standard output).
    """
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        sys.stdout.write(text)
        raise PuzzleError(
            f"--out {out}: cannot write there ({error.strerror or one_line(error)}): "
            "the grades are printed above instead"
        ) from None
