"""``site``: the lessons, run and exported as HTML pages with a contents page."""

from __future__ import annotations

import argparse
import time
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands


def add_commands(commands: Commands) -> None:
    """Add the ``site`` command (no example here; ``tests/test_lesson_site.py`` runs it)."""
    site = commands.add_parser(
        "site",
        help="build the lessons as HTML pages that work offline",
        description=(
            "Run every lesson and write it as an HTML page into OUT_DIR, with index.html "
            "listing them: a site for any web server or GitHub Pages. Widgets show their "
            "pictures, and players step through their frames, with no kernel and no network."
        ),
    )
    site.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write the pages into")
    site.add_argument(
        "--lessons",
        default="*.ipynb",
        metavar="GLOB",
        help="which lessons, as a file pattern in the lessons folder (default: *.ipynb)",
    )
    site.add_argument(
        "--notebooks",
        default="notebooks",
        metavar="DIR",
        help="the lessons folder (default: notebooks)",
    )
    site.set_defaults(run=site_command)


def site_command(args: argparse.Namespace) -> int:
    """Build the lesson site *args* asks for; print the pages written, return 0.

    Examples
    --------
    >>> from puzzlelab.cli import build_parser
    >>> site_command(build_parser().parse_args(["site", "public", "--notebooks", "no-such-folder"]))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no lessons folder at no-such-folder: give it with --notebooks DIR
    """
    from ..classroom.site import build_site

    if not args.out_dir.strip():
        raise PuzzleError("give the folder to write the pages into, e.g. puzzlelab site public")
    folder = Path(args.notebooks)
    if not folder.is_dir():
        raise PuzzleError(f"no lessons folder at {folder}: give it with --notebooks DIR")
    lessons = sorted(path for path in folder.glob(_pattern(args.lessons)) if path.is_file())
    if not lessons:
        raise PuzzleError(f"no lesson in {folder} matches {args.lessons!r}")
    started = time.perf_counter()
    pages = build_site(lessons, args.out_dir)
    for page in pages:
        print(page)
    seconds = time.perf_counter() - started
    lessons_built = f"{len(lessons)} lesson{'s' if len(lessons) > 1 else ''}"
    print(f"{lessons_built} and a contents page in {seconds:.0f} s: open {pages[-1]}")
    return 0


def _pattern(text: str) -> str:
    """*text*, if it is a file pattern inside the lessons folder; else PuzzleError says why."""
    path = PurePath(text)
    if not text.strip() or path.is_absolute() or path.anchor or ".." in path.parts:
        raise PuzzleError(
            f"--lessons takes a file pattern inside the lessons folder, such as "
            f"'0[12]_*.ipynb', not {text!r}"
        )
    return text
