"""The worked solutions of every exercise, by exercise id, read from the lessons' notes.

Each is worked as a teacher would in front of the class: with the lesson's own tools, the
reasoning in comments, never asking a check for its answer.
"""

from __future__ import annotations

from .plans import lesson_notes
from .solution import Solution, read_solutions

#: Every worked solution, by exercise id, lesson by lesson.
SOLUTIONS: dict[str, Solution] = {
    name: solution
    for slug, sections in lesson_notes().items()
    for name, solution in read_solutions(slug, sections).items()
}
