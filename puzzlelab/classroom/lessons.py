"""The lessons as installed: where they are, which files they are, and copying them.

A wheel carries the lessons in ``puzzlelab/lessons/`` (setup.py copies ``notebooks/`` there
when it builds); a clone or an editable install reads ``notebooks/`` itself. A student's file
is never replaced unless they ask for it.

>>> names = [name.as_posix() for name in lesson_files(lessons_folder())]
>>> names[0]
'00_first_search_problem_water_jugs.ipynb'
"""

from __future__ import annotations

import contextlib
import os
import secrets
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

from ..errors import PuzzleError

SKIPPED = {"__pycache__"}  # and every hidden file or folder, such as .ipynb_checkpoints


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

    Nothing is written through a symbolic link, so nothing lands outside *out_dir*: a link
    where a lesson or one of its folders would go is refused before anything is copied.

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
        is given, or a symbolic link stands where a file would be written (nothing is
        copied then), or if a file cannot be written.

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
    there = [name for name in names if os.path.lexists(out_dir / name)]
    if there and not (force or only_missing):
        more = f" and {len(there) - 1} more" if len(there) > 1 else ""
        raise PuzzleError(
            f"{out_dir / there[0]}{more} already there: your work is kept; "
            "give --only-missing to add the other lessons, --force to replace them"
        )
    wanted = [name for name in names if not (only_missing and name in there)]
    files = {name: folder.joinpath(*name.parts).read_bytes() for name in wanted}
    return write_inside(out_dir, files, "the lessons")


def write_inside(out_dir: Path, files: dict[PurePosixPath, bytes], what: str) -> list[Path]:
    """Write *files* (paths relative to *out_dir*, and their bytes) into *out_dir*, never
    through a symbolic link; return the paths written.

    A symbolic link on the way to any of the files is refused before anything is
    written, so nothing lands outside *out_dir*. Each file is written new and renamed into
    place: a file that was there is replaced, never written into.

    Parameters
    ----------
    out_dir : Path
        The folder, created if need be.
    files : dict of PurePosixPath to bytes
        What to write, by path below *out_dir*.
    what : str
        What the files are, for the message (``"the lessons"``).

    Returns
    -------
    list of Path

    Raises
    ------
    PuzzleError
        If a symbolic link stands on the way to a file, or a file cannot be written.

    Examples
    --------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     os.symlink("/tmp", os.path.join(folder, "elsewhere"))
    ...     write_inside(Path(folder), {PurePosixPath("elsewhere/x.txt"): b"x"}, "the notes")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: .../elsewhere is a symbolic link: puzzlelab writes the notes
    through no link, so that nothing lands outside ...; remove the link or choose another folder
    """
    for name in files:
        path = out_dir
        for part in name.parts:
            path = path / part
            if path.is_symlink():
                raise PuzzleError(
                    f"{path} is a symbolic link: puzzlelab writes {what} through no link, so "
                    f"that nothing lands outside {out_dir}; remove the link or choose another "
                    "folder"
                )
    try:
        for name, data in files.items():
            target = out_dir.joinpath(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            _write_new(target, data)
    except OSError as error:
        raise PuzzleError(f"cannot write {what} into {out_dir}: {error}") from None
    return [out_dir.joinpath(name) for name in files]


def _write_new(target: Path, data: bytes) -> None:
    """Write *data* to a new file, then rename it to *target*: no file there is written into
    (a link, even one made since the check, is replaced, never followed), and an interrupted
    copy leaves no half-written lesson behind."""
    partial = target.with_name(f".{target.name}.{secrets.token_hex(4)}.partial")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        with os.fdopen(os.open(partial, flags, 0o666), "wb") as file:
            file.write(data)
        os.replace(partial, target)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
