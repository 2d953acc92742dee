"""``teacher``: write the teacher's edition of the lessons, and a plan for each lesson."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..classroom.edition import write_teachers_edition
from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``teacher`` command (no example here; ``tests/test_teacher.py`` runs it)."""
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


def teacher_command(args: argparse.Namespace) -> int:
    """Write the teacher's edition into ``args.out_dir`` and say where; return 0.

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
    written, skipped = write_teachers_edition(out_dir, force=args.force)
    for line in skipped:
        print(line)
    lessons = sum(path.suffix == ".ipynb" for path in written)
    plans = sum(path.parent.name == "plans" and path.suffix == ".md" for path in written)
    print(f"{lessons} worked lessons and {plans} plans written into {out_dir}")
    print(f"the plans: {out_dir / 'plans'}; keep this folder away from the students")
    return 0
