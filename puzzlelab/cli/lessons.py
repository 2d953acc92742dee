"""``lessons``: copy the lessons, and any file they read, into a folder of the student's."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..classroom.lessons import copy_lessons
from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``lessons`` command (no example here; ``tests/test_hostile_cli.py`` runs it)."""
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
    lessons.set_defaults(run=lessons_command)


def lessons_command(args: argparse.Namespace) -> int:
    """Copy the lessons into ``args.out_dir`` and say what was copied; return 0.

    Examples
    --------
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
