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

    Attributes
    ----------
    student : str
        Who the notebook is from (:func:`student_of`).
    notebook : str
        The notebook, as :attr:`Submission.shown` names it.
    lesson : str
        The lesson's slug; ``""`` if the notebook is no lesson.
    exercise : str
        The exercise id; ``""`` in the one row of a notebook that is no lesson.
    outcome : str
        One of :data:`OUTCOMES`: ``passed``, ``failed``, ``missing`` or ``error``.
    passed : bool
        Whether the check passed.
    message : str
        What the check said to the student.
    error : str
        What went wrong, if anything: a cell that raised or ran out of time, a missing answer.

    Examples
    --------
    >>> row = Grade("alice", "alice/08_mastermind.ipynb", "mastermind", "mastermind:codes-left")
    >>> row.outcome, row.passed, row.error
    ('error', False, '')
    """

    student: str
    notebook: str
    lesson: str
    exercise: str
    outcome: str = "error"  # one of OUTCOMES
    passed: bool = False
    message: str = ""
    error: str = ""


@dataclass(frozen=True)
class Limits:
    """How long a notebook's cells, and the whole notebook, may run; how much memory.

    Attributes
    ----------
    cell_seconds : int
        Seconds a cell, or a check, may run before it is interrupted.
    notebook_seconds : int
        Seconds the whole notebook may run, its checks left out.
    memory_mb : int
        Megabytes of address space the notebook's kernel may use.

    Examples
    --------
    >>> Limits()
    Limits(cell_seconds=120, notebook_seconds=600, memory_mb=4096)
    >>> Limits(cell_seconds=30).notebook_seconds
    600
    """

    cell_seconds: int = 120
    notebook_seconds: int = 600
    memory_mb: int = 4096


#: Why an exercise is graded ``missing``: its answer cell is gone, or is no code cell now.
MISSING = "missing: no code cell answers this exercise (a cell turned to Markdown counts for none)"


class GradingStopped(PuzzleError):
    """The run stopped before every notebook was graded; *grades* holds those so far.

    Parameters
    ----------
    message : str
        Why the run stopped, and what the teacher should do.
    grades : list of Grade
        The grades of the notebooks graded before it stopped.

    Examples
    --------
    >>> stop = GradingStopped("puzzlelab's own files changed", [Grade("alice", "a.ipynb", "", "")])
    >>> isinstance(stop, PuzzleError), str(stop), [grade.student for grade in stop.grades]
    (True, "puzzlelab's own files changed", ['alice'])
    """

    def __init__(self, message: str, grades: list[Grade]):
        super().__init__(message)
        self.grades = grades


def grades_csv(grades: list[Grade]) -> str:
    """Return the grades as CSV text, with a header row.

    Parameters
    ----------
    grades : list of Grade
        The rows to write, one per student and exercise.

    Returns
    -------
    str
        One line per grade after the header, the columns named as :class:`Grade`'s fields;
        ``passed`` is ``true`` or ``false``.

    Examples
    --------
    >>> rows = [
    ...     Grade("alice", "alice/08_mastermind.ipynb", "mastermind", "mastermind:codes-left",
    ...           "passed", True, "Correct! ..."),
    ...     Grade("bob", "bob/08_mastermind.ipynb", "mastermind", "mastermind:codes-left",
    ...           "missing", error=MISSING),
    ... ]
    >>> print(grades_csv(rows), end="")
    student,notebook,lesson,exercise,outcome,passed,message,error
    alice,alice/08_mastermind.ipynb,mastermind,mastermind:codes-left,passed,true,Correct! ...,
    bob,bob/08_mastermind.ipynb,mastermind,mastermind:codes-left,missing,false,,missing: no ...
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
