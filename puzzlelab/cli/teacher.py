"""``lessons``: copy the lessons into a folder of the student's; ``teacher``: write the teacher's
edition of the lessons and a plan for each lesson; ``slides``: write each lesson as slides."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands

__all__ = ["add_commands", "lessons_command"]

#: The classroom, imported as a command runs (the command line loads it first).
LOADS = ("puzzlelab.classroom.edition", "puzzlelab.classroom.lessons")


def add_commands(commands: Commands) -> None:
    """Add the ``lessons``, ``teacher`` and ``slides`` commands (no example here;
    ``tests/test_teacher.py`` and ``tests/test_hostile_cli.py`` run them)."""
    lessons = commands.add_parser(
        "lessons",
        help="copy the lessons into a folder of yours, to open them in Jupyter",
        description=(
            "Copy every lesson notebook, with any file the lessons read, into OUT_DIR "
            "(created if need be). A file already in OUT_DIR is never replaced unless you "
            "give --force; --only-missing copies only the lessons you do not have yet."
        ),
    )
    lessons.add_argument("out_dir", metavar="OUT_DIR", help="the folder to copy the lessons into")
    keep = lessons.add_mutually_exclusive_group()
    keep.add_argument(
        "--force", action="store_true", help="replace files of the same name in OUT_DIR"
    )
    keep.add_argument(
        "--only-missing",
        action="store_true",
        help="copy only the files OUT_DIR does not have, and keep the others as they are",
    )
    lessons.set_defaults(run=lessons_command, loads=LOADS)
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
    teacher.set_defaults(run=teacher_command, loads=LOADS)
    slides = commands.add_parser(
        "slides",
        help="write each lesson as slides (Reveal.js), run on a fresh kernel, for a projector",
        description=(
            "Run each lesson (or those whose file names start with LESSON, such as 04) on a "
            "fresh kernel and write it into DIR as Reveal.js slides, one slide per section, "
            "with Reveal.js beside them: open DIR/04_heuristic_search.slides.html in a "
            "browser, no network needed. The steppers step in the slides; a clicker's keys "
            "step the stepper on the slide, and go on to the next slide at its last frame. "
            "Needs puzzlelab[slides]. A slide show already in DIR is never replaced unless "
            "you give --force."
        ),
    )
    slides.add_argument("out_dir", metavar="DIR", help="the folder to write the slides into")
    slides.add_argument("lessons", metavar="LESSON", nargs="*", help="e.g. 00 or 04_heuristic")
    slides.add_argument("--force", action="store_true", help="replace slides of the same name")
    slides.set_defaults(run=slides_command, loads=LOADS)


def lessons_command(args: argparse.Namespace) -> int:
    """Copy the lessons into ``args.out_dir`` and say what was copied; return 0.

    >>> import tempfile
    >>> from puzzlelab.cli import main
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     main(["lessons", folder])
    ...     main(["lessons", folder, "--only-missing"])
    11 lessons and 1 other file copied into ...
    open them with: jupyter lab ...
    0
    nothing to copy: ... has every lesson already
    0
    """
    if not args.out_dir.strip():
        raise PuzzleError(
            "give the folder to copy the lessons into, e.g. puzzlelab lessons search-lessons "
            "(an empty name would be the current folder)"
        )
    out_dir = Path(args.out_dir)
    from ..classroom.lessons import copy_lessons

    written = copy_lessons(out_dir, force=args.force, only_missing=args.only_missing)
    notebooks = sum(path.suffix == ".ipynb" for path in written)
    others = len(written) - notebooks
    also = f" and {others} other file{'s' if others != 1 else ''}" if others else ""
    if not written:
        print(f"nothing to copy: {out_dir} has every lesson already")
        return 0
    print(f"{notebooks} lesson{'s' if notebooks != 1 else ''}{also} copied into {out_dir}")
    print(f"open them with: jupyter lab {out_dir}")
    return 0


def teacher_command(args: argparse.Namespace) -> int:
    """Write the teacher's edition into ``args.out_dir`` and say where; return 0."""
    if not args.out_dir.strip():
        raise PuzzleError("give the folder to write the teacher's edition into, e.g. answer-key")
    out_dir = Path(args.out_dir)
    from ..classroom.edition import write_teachers_edition

    written, skipped = write_teachers_edition(out_dir, force=args.force)
    for line in skipped:
        print(line)
    lessons = sum(path.suffix == ".ipynb" for path in written)
    plans = sum(path.parent.name == "plans" and path.suffix == ".md" for path in written)
    print(f"{lessons} worked lessons and {plans} plans written into {out_dir}")
    print(f"the plans: {out_dir / 'plans'}; keep this folder away from the students")
    return 0


def slides_command(args: argparse.Namespace) -> int:
    """Write the slides of the lessons into ``args.out_dir`` and say where; return 0."""
    from ..classroom.slides import write_slides

    if not args.out_dir.strip():
        raise PuzzleError("give the folder to write the slides into, e.g. slides")
    written = write_slides(Path(args.out_dir), args.lessons or None, force=args.force)
    for path in written:
        print(path)
    print(f"{len(written)} slide shows written; open one in a browser (no network needed)")
    return 0
