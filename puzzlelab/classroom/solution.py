"""A worked solution: the :class:`Solution` record, and how its source and words are written."""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent


@dataclass(frozen=True)
class Solution:
    """A worked exercise: the answer cell's new source and what a teacher says about it.

    *explanation* is markdown for the "Worked solution" cell above the answer; *mistakes* what
    students commonly get wrong; *skeleton* a line of an earlier cell the student is asked to
    complete (or ``""``), and *skeleton_worked* that cell's worked source.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """

    answer: str
    explanation: str
    mistakes: tuple[str, ...]
    skeleton: str = ""
    skeleton_worked: str = ""


def code(text: str) -> str:
    """*text* without its common indentation and its first and last blank lines: a cell's source.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    return dedent(text).strip("\n")


def words(text: str) -> str:
    """*text* as one paragraph of markdown (its line breaks made spaces).

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    return " ".join(dedent(text).split())
