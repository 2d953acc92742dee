"""``teacher``: write the teacher's edition of the lessons, and a plan for each lesson.

Into DIR go every lesson with its exercises worked (the same file names as the students'
lessons, with any file the lessons read) and ``plans/``, one page of markdown per lesson.
Nothing already in DIR is replaced unless the teacher asks for it.

Examples
--------
>>> from puzzlelab.cli import build_parser
>>> args = build_parser().parse_args(["teacher", "answer-key", "--force"])
>>> args.out_dir, args.force
('answer-key', True)
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from ..classroom import plan_page, worked_lesson
from ..classroom.lessons import lesson_files, lessons_folder, write_inside
from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``teacher`` command to the command line's *commands*.

    Parameters
    ----------
    commands : argparse sub-parsers
        What ``add_subparsers`` returned for the ``puzzlelab`` parser. ``teacher`` is
        added, with :func:`teacher_command` as the ``run`` default that ``main`` calls.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="puzzlelab")
    >>> add_commands(parser.add_subparsers())
    >>> args = parser.parse_args(["teacher", "answer-key"])
    >>> args.run is teacher_command, args.out_dir, args.force
    (True, 'answer-key', False)
    """
    teacher = commands.add_parser(
        "teacher",
        help="write the teacher's edition: every exercise worked, and a plan per lesson",
        description=(
            "Write into DIR (created if need be) every lesson with its exercises worked, and "
            "in DIR/plans/ a one-page plan per lesson: goals, duration, the cells to project, "
            "the questions to ask and the common mistakes. A file already in DIR is never "
            "replaced unless you give --force. Keep DIR away from the students."
        ),
    )
    teacher.add_argument("out_dir", metavar="DIR", help="the folder to write the edition into")
    teacher.add_argument(
        "--force", action="store_true", help="replace files of the same name in DIR"
    )
    teacher.set_defaults(run=teacher_command)


def teachers_edition() -> dict[PurePosixPath, bytes]:
    """Return every file of the teacher's edition: its path (relative to DIR) and its contents.

    The files are made in memory, nothing is written: each lesson worked
    (:func:`~puzzlelab.classroom.worked_lesson`), each lesson's plan in ``plans/``
    (:func:`~puzzlelab.classroom.plan_page`), and any file the lessons read, as it is.

    Returns
    -------
    dict of PurePosixPath to bytes
        The files, lesson by lesson, each lesson's plan after it.

    Raises
    ------
    PuzzleError
        If an exercise has no worked solution or a lesson no plan.

    Examples
    --------
    >>> import json
    >>> from pathlib import PurePosixPath
    >>> files = teachers_edition()
    >>> [name.as_posix() for name in files][:2]
    ['00_first_search_problem_water_jugs.ipynb', 'plans/00_first_search_problem_water_jugs.md']
    >>> json.loads(files[PurePosixPath("08_mastermind.ipynb")])["metadata"]["puzzlelab"]
    {'edition': 'teacher'}
    >>> files[PurePosixPath("plans/08_mastermind.md")].decode().splitlines()[0]
    '# Plan: Lesson 8 · How few questions find a secret code?'
    """
    folder = lessons_folder()
    files = {}
    for name in lesson_files(folder):
        data = folder.joinpath(*name.parts).read_bytes()
        if name.suffix != ".ipynb":
            files[name] = data  # a file the lessons read
            continue
        lesson = json.loads(data)
        files[name] = _notebook_bytes(worked_lesson(lesson, name.name))
        files["plans" / name.with_suffix(".md")] = plan_page(lesson, name.name).encode()
    return files


def _notebook_bytes(notebook: dict) -> bytes:
    """The notebook as Jupyter writes it: JSON indented by one space, ending in a newline."""
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode()


def write_teachers_edition(out_dir: Path, *, force: bool = False) -> list[Path]:
    """Write the teacher's edition into *out_dir*; return the files written.

    Parameters
    ----------
    out_dir : Path
        The folder to write into, created if need be. Keep it away from the students.
    force : bool
        Replace the files *out_dir* already has.

    Returns
    -------
    list of Path
        The files written (:func:`teachers_edition`), in *out_dir*.

    Raises
    ------
    PuzzleError
        If *out_dir* already has one of the files and *force* is not given (nothing is
        written then), or if a file cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = write_teachers_edition(Path(folder))
    ...     write_teachers_edition(Path(folder))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: .../00_first_search_problem_water_jugs.ipynb and ... more already
    there: nothing written; give --force to replace them
    >>> [path.relative_to(folder).as_posix() for path in written][-1]
    'plans/09_peg_solitaire.md'
    """
    if out_dir.exists() and not out_dir.is_dir():
        raise PuzzleError(f"{out_dir} is a file: give a folder for the teacher's edition")
    files = teachers_edition()
    there = [name for name in files if os.path.lexists(out_dir / name)]
    if there and not force:
        more = f" and {len(there) - 1} more" if len(there) > 1 else ""
        raise PuzzleError(
            f"{out_dir / there[0]}{more} already there: nothing written; "
            "give --force to replace them"
        )
    return write_inside(out_dir, files, "the teacher's edition")


def teacher_command(args: argparse.Namespace) -> int:
    """Write the teacher's edition into ``args.out_dir`` and say where; return the exit code.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed ``teacher`` command line: ``out_dir`` and ``force``.

    Returns
    -------
    int
        0 once every file is written.

    Raises
    ------
    PuzzleError
        As :func:`write_teachers_edition` does.

    Examples
    --------
    >>> import tempfile
    >>> from puzzlelab.cli import main
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     main(["teacher", folder])
    10 worked lessons and 10 plans written into ...
    the plans: .../plans; keep this folder away from the students
    0
    """
    if not args.out_dir.strip():
        raise PuzzleError("give the folder to write the teacher's edition into, e.g. answer-key")
    out_dir = Path(args.out_dir)
    written = write_teachers_edition(out_dir, force=args.force)
    lessons = sum(path.suffix == ".ipynb" for path in written)
    plans = sum(path.parent.name == "plans" and path.suffix == ".md" for path in written)
    print(f"{lessons} worked lessons and {plans} plans written into {out_dir}")
    print(f"the plans: {out_dir / 'plans'}; keep this folder away from the students")
    return 0
