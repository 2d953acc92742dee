"""The lessons as installed: where they are, which files they are, and copying them."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

from ..errors import PuzzleError
from ..exercises.lesson_code import lessons_folder
from .grades import write_atomically

__all__ = ["SKIPPED", "read_lessons"]

SKIPPED = {"__pycache__"}  # and every hidden file or folder, such as .ipynb_checkpoints


def lesson_files(folder: Traversable) -> list[PurePosixPath]:
    """Return every file under *folder*, relative to it and sorted, hidden ones left out."""
    files = []
    for entry in folder.iterdir():
        if entry.name.startswith(".") or entry.name in SKIPPED:
            continue
        if entry.is_dir():
            files += [PurePosixPath(entry.name) / name for name in lesson_files(entry)]
        else:
            files.append(PurePosixPath(entry.name))
    return sorted(files)


def read_lessons() -> dict[PurePosixPath, bytes]:
    """Every file of the lessons (:func:`lesson_files`), and its bytes.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    folder = lessons_folder()
    return {name: folder.joinpath(*name.parts).read_bytes() for name in lesson_files(folder)}


def lesson_notebooks() -> dict[str, dict]:
    """Every installed lesson notebook, read as JSON, by file name."""
    folder = lessons_folder()
    return {
        name.name: json.loads(folder.joinpath(name.name).read_text(encoding="utf-8"))
        for name in lesson_files(folder)
        if name.suffix == ".ipynb" and len(name.parts) == 1
    }


def copy_lessons(out_dir: Path, *, force: bool = False, only_missing: bool = False) -> list[Path]:
    """Copy the lessons, with any file they read, into *out_dir*; return the files written."""
    if out_dir.exists() and not out_dir.is_dir():
        raise PuzzleError(f"{out_dir} is a file: give a folder to copy the lessons into")
    files = read_lessons()
    if not files:
        raise PuzzleError(f"no lessons found in {lessons_folder()}")
    refuse = (
        "your work is kept; give --only-missing to add the other lessons, --force to replace them"
    )
    there = already_there(out_dir, files, None if force or only_missing else refuse)
    wanted = {name: data for name, data in files.items() if not (only_missing and name in there)}
    return write_inside(out_dir, wanted, "the lessons")


def already_there(
    out_dir: Path, names: Iterable[PurePosixPath], refuse: str | None
) -> list[PurePosixPath]:
    """The *names* already in *out_dir*; if any and *refuse* is given, PuzzleError ending in it."""
    there = [name for name in names if os.path.lexists(out_dir / name)]
    if there and refuse:
        more = f" and {len(there) - 1} more" if len(there) > 1 else ""
        raise PuzzleError(f"{out_dir / there[0]}{more} already there: {refuse}")
    return there


def write_inside(out_dir: Path, files: dict[PurePosixPath, bytes], what: str) -> list[Path]:
    """Write *files* into *out_dir*, through no link; return the paths."""
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
            write_atomically(target, data)
    except OSError as error:
        raise PuzzleError(f"cannot write {what} into {out_dir}: {error}") from None
    return [out_dir.joinpath(name) for name in files]
