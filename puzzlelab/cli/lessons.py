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
>>> names = [name.as_posix() for name in lesson_files(lessons_folder())]
>>> names[0]
'00_first_search_problem_water_jugs.ipynb'
"""

from __future__ import annotations

import argparse
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from ..errors import PuzzleError

if TYPE_CHECKING:
    from ._common import Commands

SKIPPED = {"__pycache__"}  # and every hidden file or folder, such as .ipynb_checkpoints


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


def lessons_folder() -> Traversable:
    """Return the folder of lessons: the installed package's, or a clone's ``notebooks/``.

    Returns
    -------
    Traversable
        The folder: ``puzzlelab/lessons`` in an installed wheel, ``notebooks/`` in a
        clone or an editable install.

    Raises
    ------
    PuzzleError
        If this installation of puzzlelab has no lessons.

    Examples
    --------
    >>> folder = lessons_folder()
    >>> folder.joinpath("08_mastermind.ipynb").is_file()
    True
    """
    shipped = resources.files("puzzlelab") / "lessons"
    if shipped.is_dir():
        return shipped
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    if checkout.is_dir():
        return checkout
    raise PuzzleError(
        "this installation of puzzlelab has no lessons: install it from a wheel or a clone"
    )


def lesson_files(folder: Traversable) -> list[PurePosixPath]:
    """Return every file under *folder*, relative to it and sorted, hidden ones left out.

    Parameters
    ----------
    folder : Traversable
        A folder, such as :func:`lessons_folder`; ``__pycache__`` is left out too.

    Returns
    -------
    list of PurePosixPath
        The files' paths below *folder*, in subfolders too.

    Examples
    --------
    >>> names = [name.as_posix() for name in lesson_files(lessons_folder())]
    >>> names[:2]
    ['00_first_search_problem_water_jugs.ipynb', '01_state_spaces_and_bfs.ipynb']
    >>> any(name.startswith(".") for name in names)
    False
    """
    files = []
    for entry in folder.iterdir():
        if entry.name.startswith(".") or entry.name in SKIPPED:
            continue
        if entry.is_dir():
            files += [PurePosixPath(entry.name) / name for name in lesson_files(entry)]
        else:
            files.append(PurePosixPath(entry.name))
    return sorted(files)


def copy_lessons(out_dir: Path, *, force: bool = False, only_missing: bool = False) -> list[Path]:
    """Copy the lessons, with any file they read, into *out_dir*; return the files written.

    Parameters
    ----------
    out_dir : Path
        The student's folder, created if need be.
    force : bool
        Replace the files *out_dir* already has.
    only_missing : bool
        Copy only the files *out_dir* does not have, and keep the others as they are.

    Returns
    -------
    list of Path
        The files written, in the order of :func:`lesson_files`.

    Raises
    ------
    PuzzleError
        If *out_dir* already has one of the files and neither *force* nor *only_missing*
        is given (nothing is copied then), or if a file cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = copy_lessons(Path(folder, "lessons"))
    ...     again = copy_lessons(Path(folder, "lessons"), only_missing=True)
    >>> written[0].name, len(again)
    ('00_first_search_problem_water_jugs.ipynb', 0)
    """
    if out_dir.exists() and not out_dir.is_dir():
        raise PuzzleError(f"{out_dir} is a file: give a folder to copy the lessons into")
    folder = lessons_folder()
    names = lesson_files(folder)
    if not names:
        raise PuzzleError(f"no lessons found in {folder}")
    there = [name for name in names if (out_dir / name).exists()]
    if there and not (force or only_missing):
        more = f" and {len(there) - 1} more" if len(there) > 1 else ""
        raise PuzzleError(
            f"{out_dir / there[0]}{more} already there: your work is kept; "
            "give --only-missing to add the other lessons, --force to replace them"
        )
    wanted = [name for name in names if not (only_missing and name in there)]
    try:
        for name in wanted:
            target = out_dir.joinpath(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(folder.joinpath(*name.parts).read_bytes())
    except OSError as error:
        raise PuzzleError(f"cannot copy the lessons into {out_dir}: {error}") from None
    return [out_dir.joinpath(name) for name in wanted]


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
        As :func:`copy_lessons` does.

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
