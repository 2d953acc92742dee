"""The worked solutions of every exercise, by exercise id, read from the lessons' notes.

Each is worked as a teacher would in front of the class: with the lesson's own tools, the
reasoning in comments, never asking a check for its answer. An exercise's section of the notes
(``## Exercise <name>``, :mod:`puzzlelab.classroom.plans`) holds the answer cell's code, a
paragraph explaining it, and the common mistakes as a list; a solution that also works an
earlier cell adds a paragraph naming a line of that cell in backquotes, and its worked code.
"""

from __future__ import annotations

from dataclasses import dataclass

from .plans import Block, lesson_notes


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


def read_solutions(slug: str, sections: dict[str, list[Block]]) -> dict[str, Solution]:
    """Return the worked solutions in the notes of lesson *slug*, by exercise id.

    Examples
    --------
    >>> section = [("code", "answer_8_1 = 3"), ("text", "Three."), ("-", "Four: one too many.")]
    >>> read_solutions("mastermind", {"Goals": [], "Exercise codes": section})["mastermind:codes"]
    Solution(answer='answer_8_1 = 3', explanation='Three.', mistakes=('Four: one too many.',), ...)
    """
    return {
        f"{slug}:{heading.removeprefix('Exercise ')}": _solution(section)
        for heading, section in sections.items()
        if heading.startswith("Exercise ")
    }


def _solution(section: list[Block]) -> Solution:
    code = [text for kind, text in section if kind == "code"]
    said = [text for kind, text in section if kind == "text"]
    mistakes = tuple(text for kind, text in section if kind == "-")
    if len(code) == 1:
        return Solution(code[0], said[0], mistakes)
    return Solution(code[0], said[0], mistakes, said[1].split("`")[1], code[1])


#: Every worked solution, by exercise id, lesson by lesson.
SOLUTIONS: dict[str, Solution] = {
    name: solution
    for slug, sections in lesson_notes().items()
    for name, solution in read_solutions(slug, sections).items()
}
