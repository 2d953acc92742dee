"""A grade: one student's outcome on one exercise, and the grades as CSV."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import secrets
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..errors import PuzzleError

#: What a grade can say (``error``: something kept the check from running).
OUTCOMES = ("passed", "failed", "missing", "error")

#: The longest error message kept from a cell's reply, in characters.
KEPT_ERROR = 2000

#: The largest submission read, in bytes: a lesson with its outputs is well under 5 MB.
LARGEST_SUBMISSION = 20 * 2**20


@dataclass
class Grade:
    """One row of the grades: what one student got on one exercise.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    student: str
    notebook: str
    lesson: str
    exercise: str
    outcome: str = "error"
    passed: bool = False
    message: str = ""
    error: str = ""
    flag: str = ""
    student_id: str = ""
    email: str = ""


@dataclass(frozen=True)
class Limits:
    """Seconds a cell and a notebook may run, the kernel's MB, and what its sandbox hides.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    cell_seconds: int = 120
    notebook_seconds: int = 600
    memory_mb: int = 4096
    hidden: tuple[Path, ...] = ()


#: Why an exercise is graded ``missing``: its answer cell is gone, or is no code cell now.
MISSING = "missing: no code cell answers this exercise (a cell turned to Markdown counts for none)"


class GradingStopped(PuzzleError):
    """The run stopped before every notebook was graded; *grades* holds those so far.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    def __init__(self, message: str, grades: list[Grade]):
        super().__init__(message)
        self.grades = grades


def grades_csv(grades: list[Grade]) -> str:
    """Return the grades as CSV text; ``passed`` is ``true`` or ``false``.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    rows = [
        {name: str(value).lower() if isinstance(value, bool) else str(value)
         for name, value in asdict(grade).items()}
        for grade in grades
    ]  # fmt: skip
    return table_csv(rows, [column.name for column in fields(Grade)])


def table_csv(rows: list[dict[str, str]], header: list[str]) -> str:
    """*rows* as CSV text under *header*, every cell :func:`inert`.

    >>> print(table_csv([{"student": "=cmd", "total": "3"}], ["student", "total"]), end="")
    student,total
    '=cmd,3
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, header, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows({key: inert(value) for key, value in row.items()} for row in rows)
    return out.getvalue()


#: What a spreadsheet takes as the start of a formula.
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """*text* as a spreadsheet shows it and never runs it: ``'`` before a formula.

    >>> print(inert('=HYPERLINK("http://evil", "click")'), inert("Ann"), inert("-3"))
    '=HYPERLINK("http://evil", "click") Ann -3
    """
    if not text.startswith(FORMULA):
        return text
    try:
        float(text)  # a number such as -3 is no formula
    except ValueError:
        return "'" + text
    return text


def plain(text: str) -> str:
    """*text* as :func:`inert` had it: the leading ``'`` taken away again.

    >>> plain(inert("=1+1"))
    '=1+1'
    """
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA) else text


def read_grades(path: Path, as_json: bool) -> list[Grade]:
    """Return the grades a grades file already holds (none if there is no file).

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
        rows = json.loads(text)["grades"] if as_json else list(csv.DictReader(io.StringIO(text)))
        return [_grade_of(row) for row in rows]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise PuzzleError(
            f"--resume: {path} cannot be read as grades ({type(error).__name__}): give the "
            f"file an earlier run wrote, {'as JSON' if as_json else 'as CSV'}"
        ) from None


def _grade_of(row: dict) -> Grade:
    """A grade from a row of a grades file, ``passed`` as true or false."""
    text: dict[str, Any] = {c.name: plain(str(row.get(c.name) or "")) for c in fields(Grade)}
    return Grade(**text | {"passed": str(row.get("passed")).lower() == "true"})


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write *data* to *path* whole or not at all: a new file, through no link, renamed.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    partial = path.with_name(f".{path.name}.{secrets.token_hex(4)}.partial")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        with os.fdopen(os.open(partial, flags, 0o666), "wb") as file:
            file.write(data.encode() if isinstance(data, str) else data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
