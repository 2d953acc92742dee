"""Submissions: the notebooks a teacher hands ``puzzlelab grade``, and whose each one is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import PuzzleError
from .cells import exercise_id


@dataclass(frozen=True)
class Submission:
    """A notebook to grade: where it is, and the name it is shown under.

    Attributes
    ----------
    path : Path
        The notebook file.
    shown : str
        Its path below the folder given on the command line, or the path as given.
    root : Path or None
        The folder given on the command line that holds it; ``None`` for a file given.

    Examples
    --------
    >>> from pathlib import Path
    >>> submission = Submission(
    ...     Path("class/alice/08_mastermind.ipynb"), "alice/08_mastermind.ipynb", Path("class")
    ... )
    >>> student_of(submission, ["mastermind"])
    'alice'
    """

    path: Path
    shown: str  # the path below the folder given, or as given
    root: Path | None  # the folder given on the command line, if any


def find_submissions(arguments: list[str]) -> list[Submission]:
    """Return the notebooks named by *arguments*: files, or folders searched for notebooks.

    Hidden files and folders (such as ``.ipynb_checkpoints``) are left out.

    Parameters
    ----------
    arguments : list of str
        Notebook files and folders, as given on the command line.

    Returns
    -------
    list of Submission
        The notebooks, argument by argument; those of a folder sorted by path.

    Raises
    ------
    PuzzleError
        If an argument does not exist, or no notebook is found.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("bob/08_mastermind.ipynb", "alice/08_mastermind.ipynb",
    ...                  "bob/.ipynb_checkpoints/08_mastermind-checkpoint.ipynb"):
    ...         Path(folder, name).parent.mkdir(parents=True, exist_ok=True)
    ...         Path(folder, name).touch()
    ...     found = find_submissions([folder])
    >>> [submission.shown for submission in found]
    ['alice/08_mastermind.ipynb', 'bob/08_mastermind.ipynb']
    >>> find_submissions(["no-such-folder"])
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no-such-folder does not exist: give notebooks or folders of them
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

    From a file name, the lesson's name (with or without its number) is left out:
    ``alice_00_first_search_problem_water_jugs.ipynb`` is alice's.

    Parameters
    ----------
    submission : Submission
        The notebook to grade.
    lessons : list of str
        The lessons' slugs, to leave out of a file name.

    Returns
    -------
    str
        The student's name, as the grades show it.

    Examples
    --------
    >>> from pathlib import Path
    >>> lessons = ["first_search_problem_water_jugs", "mastermind"]
    >>> in_folder = Submission(
    ...     Path("class/alice/08_mastermind.ipynb"), "alice/08_mastermind.ipynb", Path("class")
    ... )
    >>> named = Submission(Path("bob_08_mastermind.ipynb"), "bob_08_mastermind.ipynb", None)
    >>> student_of(in_folder, lessons), student_of(named, lessons)
    ('alice', 'bob')
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
    """Return the lesson a submission is a copy of: by its exercise ids, else its file name.

    Parameters
    ----------
    notebook : dict or None
        The submission as read, or ``None`` if it could not be read.
    path : Path
        The submission's file.
    lessons : dict
        The lessons, by slug (as :func:`trusted_lessons` returns them).

    Returns
    -------
    str or None
        The lesson's slug; ``None`` if neither its cells nor its name tell the lesson.

    Examples
    --------
    >>> from pathlib import Path
    >>> lessons = {"first_search_problem_water_jugs": {}, "mastermind": {}}
    >>> tag = {"puzzlelab": {"exercise": "mastermind:codes-left"}}
    >>> cell = {"cell_type": "code", "metadata": tag}
    >>> which_lesson({"cells": [cell]}, Path("homework.ipynb"), lessons)
    'mastermind'
    >>> which_lesson(None, Path("alice_00_first_search_problem_water_jugs.ipynb"), lessons)
    'first_search_problem_water_jugs'
    >>> which_lesson({"cells": []}, Path("notes.ipynb"), lessons) is None
    True
    """
    if notebook is not None:
        for cell in notebook.get("cells", []):
            slug = (exercise_id(cell) or "").partition(":")[0]
            if slug in lessons:
                return slug
    named = [slug for slug in lessons if slug in path.stem]
    return max(named, key=len) if named else None
