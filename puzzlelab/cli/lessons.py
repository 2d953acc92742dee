"""``lessons``: copy the lessons, and any file they read, into a folder of the student's.

A wheel carries the lessons in ``puzzlelab/lessons/`` (setup.py copies ``notebooks/`` there
when it builds); a clone or an editable install reads ``notebooks/`` itself. A student's file
is never replaced unless they ask for it.

Examples
--------
>>> from puzzlelab.cli import build_parser
>>> args = build_parser().parse_args(["lessons", "search-lessons", "--only-missing"])
>>> args.out_dir, args.force, args.only_missing
('search-lessons', False, True)
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..classroom.lessons import copy_lessons
from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``lessons`` command to the command line's *commands*.

    Parameters
    ----------
    commands : argparse sub-parsers
        What ``add_subparsers`` returned for the ``puzzlelab`` parser. ``lessons`` is
        added, with :func:`lessons_command` as the ``run`` default that ``main`` calls.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="puzzlelab")
    >>> add_commands(parser.add_subparsers())
    >>> args = parser.parse_args(["lessons", "search-lessons", "--force"])
    >>> args.run is lessons_command, args.out_dir, args.force, args.only_missing
    (True, 'search-lessons', True, False)
    """
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
    """Copy the lessons into ``args.out_dir`` and say what was copied; return the exit code.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed ``lessons`` command line: ``out_dir``, ``force`` and ``only_missing``.

    Returns
    -------
    int
        0, also when there was nothing left to copy.

    Raises
    ------
    PuzzleError
        If ``out_dir`` is empty, or as :func:`copy_lessons` does.

    Examples
    --------
    >>> import tempfile
    >>> from puzzlelab.cli import main
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     main(["lessons", folder])
    ...     main(["lessons", folder, "--only-missing"])
    10 lessons copied into ...
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
    also = f" and {others} file{'s' if others != 1 else ''} they read" if others else ""
    if not written:
        print(f"nothing to copy: {out_dir} has every lesson already")
        return 0
    print(f"{notebooks} lesson{'s' if notebooks != 1 else ''}{also} copied into {out_dir}")
    print(f"open them with: jupyter lab {out_dir}")
    return 0
