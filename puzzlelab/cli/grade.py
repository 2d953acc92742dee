"""``grade``: run a class's lesson notebooks and grade every exercise with the lessons' checks."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from ..classroom.grades import GradingStopped, Limits, grades_csv
from ..classroom.grading import check_writable, grade_all, write_grades
from ..errors import PuzzleError
from ._common import positive_int, print_json

if TYPE_CHECKING:
    from ._common import Commands

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
        type=kernel_memory,
        default=4096,
        help=f"megabytes of address space a notebook's kernel may use (default 4096, at least "
        f"{LEAST_KERNEL_MB})",
    )
    grade.set_defaults(run=grade_command)


def kernel_memory(text: str) -> int:
    """An argparse type: a kernel's megabytes, a whole number of :data:`LEAST_KERNEL_MB` or more.

    Examples
    --------
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
    """Grade the submissions *args* name, print or write the grades (even if GradingStopped).

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
