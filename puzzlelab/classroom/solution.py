"""A worked solution: the :class:`Solution` record, and how its source and words are written.

Every worked solution of :data:`~puzzlelab.classroom.solutions.SOLUTIONS` is a
:class:`Solution`; :func:`code` and :func:`words` turn the indented text written in the
lesson groups' modules into a cell's source and a paragraph of markdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent


@dataclass(frozen=True)
class Solution:
    """A worked exercise: the answer cell's new source and what a teacher says about it.

    Attributes
    ----------
    answer : str
        The source that replaces the answer cell.
    explanation : str
        Markdown: why the answer is right, for the "Worked solution" cell above it.
    mistakes : tuple of str
        What students commonly get wrong, each as the teacher would put it.
    skeleton : str
        A line of an earlier cell the student is asked to complete, or ``""``.
    skeleton_worked : str
        That cell's worked source (with *skeleton*).

    Examples
    --------
    >>> from puzzlelab.classroom.solutions import SOLUTIONS
    >>> solution = SOLUTIONS["mastermind:codes-left"]
    >>> print(solution.answer)
    print(TWO_ANSWERS)
    # A code is still possible when it would have given both answers: candidates keeps
    # exactly those (section 2).
    answer_8_2 = len(game.candidates(TWO_ANSWERS))
    print(answer_8_2, "codes left")
    check_codes_left(answer_8_2);
    >>> solution.mistakes[0]
    'Counting the codes consistent with one of the two answers only.'
    >>> solution.skeleton
    ''
    """

    answer: str
    explanation: str
    mistakes: tuple[str, ...]
    skeleton: str = ""
    skeleton_worked: str = ""


def code(text: str) -> str:
    """*text* without its common indentation and its first and last blank lines.

    Parameters
    ----------
    text : str
        Source as written inside a triple-quoted string, indented with the code around it.

    Returns
    -------
    str
        The source of a cell.

    Examples
    --------
    >>> print(code("\\n    answer = 6\\n    check(answer)\\n"))
    answer = 6
    check(answer)
    """
    return dedent(text).strip("\n")


def words(text: str) -> str:
    """*text* as one paragraph of markdown (its line breaks made spaces).

    Parameters
    ----------
    text : str
        Prose as written inside a triple-quoted string, over several indented lines.

    Returns
    -------
    str
        One line.

    Examples
    --------
    >>> words("\\n    Six tiles,\\n    sixteen cells.\\n")
    'Six tiles, sixteen cells.'
    """
    return " ".join(dedent(text).split())
