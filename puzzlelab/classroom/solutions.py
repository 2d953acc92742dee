"""The worked solutions of every exercise, by exercise id, read from the lessons' notes.

An ``## Exercise <name>`` section holds the answer's code, a paragraph, and the common
mistakes; one that also works an earlier cell names a line of it in backquotes, then its code.
"""

from __future__ import annotations

from dataclasses import dataclass

from .plans import Block, lesson_notes


@dataclass(frozen=True)
class Solution:
    """A worked exercise: the answer cell's new source and what a teacher says about it.

    *skeleton* is a line of an earlier cell to complete, and *skeleton_worked* that cell worked.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """

    answer: str
    explanation: str
    mistakes: tuple[str, ...]
    skeleton: str = ""
    skeleton_worked: str = ""


def read_solutions(slug: str, sections: dict[str, list[Block]]) -> dict[str, Solution]:
    """Return the worked solutions in the notes of lesson *slug*, by exercise id.

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
