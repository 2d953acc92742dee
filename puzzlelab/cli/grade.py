"""``grade``: run a class's lesson notebooks and grade every exercise with the lessons' checks."""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import PuzzleError, one_line
from ._common import positive_int, print_json

if TYPE_CHECKING:
    from ..classroom.gradebook import GradesFile
    from ._common import Commands

#: The classroom (the lessons' checks, numpy with them), imported as ``grade`` runs.
LOADS = ("puzzlelab.classroom.gradebook", "puzzlelab.classroom.grading")


#: The cores this process may use: how many notebooks run at once unless ``--jobs`` says.
if hasattr(os, "process_cpu_count"):  # Python 3.13 and later
    CORES = os.process_cpu_count() or 1
elif hasattr(os, "sched_getaffinity"):
    CORES = len(os.sched_getaffinity(0)) or 1
else:
    CORES = os.cpu_count() or 1

#: The least address space a kernel may be given, in megabytes: on Linux a kernel that has
#: imported puzzlelab maps about 870 MB before its first cell runs.
LEAST_KERNEL_MB = 1024


def add_commands(commands: Commands) -> None:
    """Add the ``grade`` command (no example here; ``tests/test_grade.py`` runs it)."""
    grade = commands.add_parser(
        "grade",
        help="run students' lesson notebooks and grade every exercise",
        description=(
            "Run each submitted lesson notebook on a fresh kernel, from a copy in a "
            "temporary folder, and grade every exercise of its lesson with the lesson's own "
            "check: one row per student and exercise (student, notebook, lesson, exercise, "
            "outcome, passed, message, error, flag, student_id, email). The student is the "
            "folder under SUBMISSIONS that holds the notebook, or else the file name without "
            "the lesson's name. The submissions are only read (and put back if a notebook "
            "changed them); a file that is not a regular file, or a link out of its folder, "
            "gets one row that says it was refused."
        ),
    )
    grade.add_argument(
        "submissions",
        metavar="SUBMISSIONS",
        nargs="+",
        help="notebooks, or folders searched for notebooks",
    )
    grade.add_argument(
        "--out",
        help="write the grades to this file, whole again after every notebook (default: print "
        "them at the end); it may not lie inside the submissions",
    )
    grade.add_argument("--json", action="store_true", help="write JSON instead of CSV")
    grade.add_argument(
        "--resume",
        action="store_true",
        help="keep the grades already in --out and grade only the notebooks they do not name",
    )
    grade.add_argument(
        "--jobs",
        type=positive_int,
        default=CORES,
        help=f"notebooks run at once, each on its own kernel (default: the cores, {CORES})",
    )
    grade.add_argument(
        "--roster",
        help="a CSV file with the columns submission, student_id, email (and optionally "
        "login): fills in each student's id and email",
    )
    grade.add_argument(
        "--summary", help="write a CSV file with one row per student: a score per exercise, total"
    )
    grade.add_argument(
        "--export",
        nargs=2,
        metavar=("moodle|canvas", "FILE"),
        help="write a CSV file that Moodle's or Canvas's grade import reads (needs --roster)",
    )
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
        type=kernel_memory,
        default=4096,
        help=f"megabytes of address space a notebook's kernel may use (default 4096, at least "
        f"{LEAST_KERNEL_MB})",
    )
    grade.set_defaults(run=grade_command, loads=LOADS)


def kernel_memory(text: str) -> int:
    """An argparse type: a kernel's megabytes, a whole number of :data:`LEAST_KERNEL_MB` or more.

    >>> kernel_memory("2048")
    2048
    >>> kernel_memory("1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a kernel needs at least 1024 MB of address space (Python with
    puzzlelab maps about 900 MB before a cell runs), not 1
    """
    megabytes = positive_int(text)
    if megabytes < LEAST_KERNEL_MB:
        raise argparse.ArgumentTypeError(
            f"a kernel needs at least {LEAST_KERNEL_MB} MB of address space (Python with "
            f"puzzlelab maps about 900 MB before a cell runs), not {megabytes}"
        )
    return megabytes


def grade_command(args: argparse.Namespace) -> int:
    """Grade the submissions *args* name; write or print the grades and the gradebook files.

    >>> from puzzlelab.cli import build_parser
    >>> grade_command(build_parser().parse_args(["grade", "no-such-folder"]))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no-such-folder does not exist: give notebooks or folders of them
    """
    from ..classroom.gradebook import GradesFile, read_roster
    from ..classroom.grades import GradingStopped, Limits, read_grades
    from ..classroom.grading import grade_all

    missing = [name for name in ("nbclient", "ipykernel") if find_spec(name) is None]
    if missing:
        raise PuzzleError(
            f"puzzlelab grade runs notebooks with {' and '.join(missing)}, not installed here: "
            "pip install 'puzzlelab[grade]'"
        )
    out = Path(args.out) if args.out else None
    files = _gradebook_options(args, out)
    roster = read_roster(Path(args.roster)) if args.roster else []
    kept = read_grades(out, args.json) if out and args.resume else []
    book = GradesFile(out, args.json, kept, roster)
    limits = Limits(args.cell_timeout, args.time_limit, args.memory_limit)
    done = frozenset(row.notebook for row in kept)
    try:
        grade_all(args.submissions, limits, partial(print, file=sys.stderr), out, jobs=args.jobs,
                  done=done, record=book.add)  # fmt: skip
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: what was graded is kept
        book.reason = str(stop) or "interrupted before any notebook was graded"
        _write_all(args, book, files, finished=False)
        where = f"are in {out}" if out else "are printed above"
        print(f"puzzlelab: {book.reason}; the grades of {len(book.decided)} {where}",
              file=sys.stderr)  # fmt: skip
        return 1
    except GradingStopped:
        _write_all(args, book, files, finished=False)
        raise
    _write_all(args, book, files, finished=True)
    return 0


def _gradebook_options(args: argparse.Namespace, out: Path | None) -> dict[str, Path]:
    """Check the options that name files; return the gradebook files to write, by option."""
    from ..classroom.gradebook import EXPORT_COLUMNS
    from ..classroom.grading import check_writable
    from ..classroom.submissions import check_out, find_submissions

    if args.resume and out is None:
        raise PuzzleError("--resume goes on with the grades file --out names: give --out too")
    files = {"--summary": Path(args.summary)} if args.summary else {}
    if args.export:
        system, name = args.export
        if system not in EXPORT_COLUMNS:
            raise PuzzleError(f"--export {system}: give one of {', '.join(EXPORT_COLUMNS)}")
        if not args.roster:
            raise PuzzleError(
                "--export needs --roster: Moodle and Canvas know students by id or email"
            )
        files[f"--export {system}"] = Path(name)
    submissions = find_submissions(args.submissions)
    for option, path in [("--out", out), *files.items()]:
        if path is not None:
            check_writable(path, option)
            check_out(path, submissions, option)
    return files


def _write_all(
    args: argparse.Namespace, book: GradesFile, files: dict[str, Path], *, finished: bool
) -> None:
    """Write (or print) the grades, then the summary and export *files*; say what was written."""
    from ..classroom.gradebook import export_csv, summary_csv, write_file

    grades = book.grades()
    summary = f"{sum(row.passed for row in grades)} of {len(grades)} exercises passed"
    if book.path:
        try:
            book.write(finished)
        except OSError as error:
            sys.stdout.write(book.text(finished))
            raise PuzzleError(
                f"--out {book.path}: cannot write there ({error.strerror or one_line(error)}): "
                "the grades are printed above instead"
            ) from None
        print(f"{summary}: grades written to {book.path}", file=sys.stderr)
    elif args.json:
        print_json(json.loads(book.text(finished)))
    else:
        sys.stdout.write(book.text(finished))
    for option, path in files.items():
        if option == "--summary":
            write_file(path, summary_csv(grades, book.roster), option)
        else:
            text, left_out = export_csv(grades, book.roster, option.split()[1])
            write_file(path, text, option)
            if left_out:
                print(f"{option}: {left_out} students left out: the roster gives them no id or "
                      "email", file=sys.stderr)  # fmt: skip
