"""Submissions: the notebooks a teacher hands ``puzzlelab grade``, and whose each one is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import PuzzleError
from .cells import exercise_id


@dataclass(frozen=True)
class Submission:
    """A notebook to grade: its file, the name it is shown under, and the folder given holding it.

    *shown* is its path below that folder (or as given); *root* is ``None`` for a file given.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    path: Path
    shown: str
    root: Path | None


def find_submissions(arguments: list[str]) -> list[Submission]:
    """Return the notebooks named by *arguments*: files, or folders searched for notebooks.

    Hidden files and folders (such as ``.ipynb_checkpoints``) are left out.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    found = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            for notebook in sorted(path.rglob("*.ipynb")):
                relative = notebook.relative_to(path)
                if not any(part.startswith(".") for part in relative.parts):
                    found.append(Submission(notebook, relative.as_posix(), path))
        elif path.is_file():
            found.append(Submission(path, path.as_posix(), None))
        else:
            raise PuzzleError(f"{argument} does not exist: give notebooks or folders of them")
    if not found:
        raise PuzzleError(f"no notebook (.ipynb) found in {' '.join(arguments)}")
    return found


def student_of(submission: Submission, lessons: list[str]) -> str:
    """Return the student a submission is from: the folder under the one given, else the file name.

    From a file name, the lesson's name is left out: ``alice_08_mastermind.ipynb`` is alice's.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    if submission.root is not None and "/" in submission.shown:
        return submission.shown.split("/")[0]
    stem = submission.path.stem
    for lesson in sorted(lessons, key=len, reverse=True):
        if lesson in stem:
            rest = stem.replace(lesson, "").strip("_- .")
            return re.sub(r"[_-]?\d+$", "", rest) or submission.path.parent.name or stem
    return stem


def which_lesson(notebook: dict | None, path: Path, lessons: dict) -> str | None:
    """Return the slug of the lesson a submission is a copy of, by its exercise ids or file name.

    Examples
    --------
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
