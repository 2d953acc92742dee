"""A grade: one student's outcome on one exercise, and the grades as CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass, fields

from ..errors import PuzzleError

#: What a grade can say: the check passed or failed, the exercise is missing, or an error
#: kept the check from running (the note says which).
OUTCOMES = ("passed", "failed", "missing", "error")


#: The largest submission read, in bytes: a lesson with its outputs is well under 5 MB.
LARGEST_SUBMISSION = 20 * 2**20


@dataclass
class Grade:
    """One row of the grades: what one student got on one exercise.

    *lesson* and *exercise* are ``""`` in the one row of a notebook that is no lesson;
    *outcome* is one of :data:`OUTCOMES`; *message* is what the check said; *error* what went
    wrong (a cell that raised or ran out of time, a missing answer).

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


@dataclass(frozen=True)
class Limits:
    """How long a cell (or check) and the whole notebook may run, in seconds; the kernel's MB.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    cell_seconds: int = 120
    notebook_seconds: int = 600
    memory_mb: int = 4096


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
    """Return the grades as CSV text, a header row first; ``passed`` is ``true`` or ``false``.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([column.name for column in fields(Grade)])
    for grade in grades:
        writer.writerow([_csv_text(value) for value in asdict(grade).values()])
    return out.getvalue()


def _csv_text(value: object) -> str:
    """``true`` and ``false`` as JSON writes them; any other value as it is."""
    return str(value).lower() if isinstance(value, bool) else str(value)
