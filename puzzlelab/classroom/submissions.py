"""Submissions: the notebooks a teacher hands ``puzzlelab grade``, and whose each one is."""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import PuzzleError
from .cells import exercise_id


@dataclass(frozen=True)
class Submission:
    """A notebook to grade: its file, its name, the folder given holding it, why it is refused.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    path: Path
    shown: str
    root: Path | None
    refused: str = ""


def find_submissions(arguments: list[str]) -> list[Submission]:
    """Return the notebooks in *arguments* (files or folders), each once, hidden ones left out;
    a link to another submission is refused (it cannot take a classmate's grade).

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    named = _named(arguments)
    owners: dict[str, Submission] = {}  # each file's own submission: a link's only if no other
    for each in named:
        real = os.path.realpath(each.path)
        if real not in owners or (owners[real].path.is_symlink() and not each.path.is_symlink()):
            owners[real] = each
    found: list[Submission] = []
    for each in named:
        owner = owners[os.path.realpath(each.path)]
        if each is owner:
            found.append(each)
        elif each.path.is_symlink() and each.shown != owner.shown:
            said = f"refused: {each.shown} is a link to {owner.shown}, which is graded as itself"
            found.append(Submission(each.path, each.shown, each.root, said))
    if not found:
        raise PuzzleError(f"no notebook (.ipynb) found in {' '.join(arguments)}")
    return found


def _named(arguments: list[str]) -> list[Submission]:
    """Every notebook *arguments* name, in order, each path once."""
    found, seen = [], set()
    for argument in arguments:
        path = Path(argument)
        if not os.path.lexists(path):
            raise PuzzleError(f"{argument} does not exist: give notebooks or folders of them")
        root = path if path.is_dir() else None
        for notebook in _notebooks_in(path) if root else [path]:
            shown = readable((notebook.relative_to(root) if root else notebook).as_posix())
            where = os.path.abspath(notebook)
            if where not in seen:
                seen.add(where)
                found.append(Submission(notebook, shown, root, refusal(notebook, root)))
    return found


def _notebooks_in(folder: Path) -> list[Path]:
    """The ``.ipynb`` entries under *folder*, sorted, hidden ones left out."""
    found = []
    for parent, subfolders, files in os.walk(folder):
        subfolders[:] = [name for name in subfolders if not name.startswith(".")]
        found += [Path(parent, n) for n in files if n.endswith(".ipynb") and not n.startswith(".")]
    return sorted(found, key=lambda notebook: notebook.relative_to(folder).parts)


def refusal(path: Path, root: Path | None) -> str:
    """Why *path* is not read as a notebook (a pipe, a device, a link out of *root*), or ``""``.

    >>> refusal(Path("/dev/null"), None)
    'refused: /dev/null is not a regular file (a character device): only notebook files are read'
    """
    target = os.path.realpath(path)
    if root is not None and path.is_symlink():
        top = os.path.realpath(root)
        if os.path.commonpath([top, target]) != top:
            return (
                f"refused: {path} is a link that leads out of {root}: only the notebooks "
                "inside the folder given are read"
            )
    try:
        mode = os.stat(target).st_mode
    except OSError as error:
        return f"refused: {path} cannot be read ({error.strerror})"
    if not stat.S_ISREG(mode):
        return (
            f"refused: {path} is not a regular file ({_kind(mode)}): only notebook files are read"
        )
    return ""


def _kind(mode: int) -> str:
    kinds = [(stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISDIR, "a folder")]  # fmt: skip
    return next((name for test, name in kinds if test(mode)), "not a file")


def read_regular(path: Path) -> bytes:
    """The bytes of the regular file *path*, opened so that nothing can block; else OSError.

    >>> read_regular(Path("/dev/null"))
    Traceback (most recent call last):
    ...
    OSError: /dev/null is not a regular file
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise OSError(f"{path} is not a regular file")
        return file.read()


def check_out(out: Path, submissions: list[Submission], option: str = "--out") -> None:
    """Refuse an *out* file that is a submission or lies inside a folder of submissions.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    where = os.path.realpath(out)
    for root in {sub.root or sub.path for sub in submissions}:
        top = os.path.realpath(root)
        if where == top or os.path.commonpath([top, where]) == top:
            raise PuzzleError(
                f"{option} {out} lies inside the submissions ({root}): write it outside the "
                "folders graded, so that no submission is overwritten"
            )


def readable(name: str) -> str:
    """*name* as text a grades file can hold, a byte that is no UTF-8 shown as ``\ufffd``.

    >>> readable(os.fsdecode(b"b\\xf6b.ipynb"))
    'b\ufffdb.ipynb'
    """
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def student_of(submission: Submission, lessons: list[str]) -> str:
    """Return the student a submission is from: its folder, else its file name less the lesson's.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    if submission.root is not None and "/" in submission.shown:
        return submission.shown.split("/")[0]
    stem = readable(submission.path.stem)
    for lesson in sorted(lessons, key=len, reverse=True):
        if lesson in stem:
            rest = stem.replace(lesson, "").strip("_- .")
            return re.sub(r"[_-]?\d+$", "", rest) or submission.path.parent.name or stem
    return stem


def which_lesson(notebook: dict | None, path: Path, lessons: dict) -> str | None:
    """Return the slug of the lesson a submission is a copy of, by its exercise ids or file name.

    >>> lessons = {"first_search_problem_water_jugs": {}, "mastermind": {}}
    >>> tag = {"puzzlelab": {"exercise": "mastermind:codes-left"}}
    >>> cell = {"cell_type": "code", "metadata": tag}
    >>> which_lesson({"cells": [cell]}, Path("homework.ipynb"), lessons)
    'mastermind'
    >>> which_lesson(None, Path("alice_00_first_search_problem_water_jugs.ipynb"), lessons)
    'first_search_problem_water_jugs'
    """
    if notebook is not None:
        for cell in notebook.get("cells", []):
            slug = (exercise_id(cell) or "").partition(":")[0]
            if slug in lessons:
                return slug
    named = [slug for slug in lessons if slug in path.stem]
    return max(named, key=len) if named else None
