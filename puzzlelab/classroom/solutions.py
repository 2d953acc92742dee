"""The worked solutions: one for every exercise of the lessons, keyed by its exercise id.

An exercise id is ``"<lesson>:<exercise>"``, the id an answer cell carries in its metadata
(``{"puzzlelab": {"exercise": ...}}``). A :class:`Solution` holds the source that replaces
the answer cell, a short explanation for the "Worked solution" cell above it, the mistakes
students commonly make (what the check's hints answer), and, when the exercise has the student
complete an earlier cell (a class to fill in), that cell's worked source.

The solutions are kept by lesson groups: :mod:`~puzzlelab.classroom.solutions_search`
(lessons 0 to 3), :mod:`~puzzlelab.classroom.solutions_heuristics` (4 to 6) and
:mod:`~puzzlelab.classroom.solutions_puzzles` (7 to 9); :class:`~.solution.Solution` and its
helpers are in :mod:`~puzzlelab.classroom.solution`.

The solutions are written as a teacher would work them in front of the class: with the
lesson's own tools, and the reasoning in comments. None of them asks a check for its answer.

Examples
--------
>>> solution = SOLUTIONS["pattern_databases:table-entries"]
>>> "answer_6_1 =" in solution.answer, len(solution.mistakes) > 0
(True, True)
"""

from __future__ import annotations

from .solution import Solution
from .solutions_heuristics import HEURISTIC_SOLUTIONS
from .solutions_puzzles import PUZZLE_SOLUTIONS
from .solutions_search import SEARCH_SOLUTIONS

#: Every worked solution, by exercise id, lesson by lesson.
SOLUTIONS: dict[str, Solution] = {**SEARCH_SOLUTIONS, **HEURISTIC_SOLUTIONS, **PUZZLE_SOLUTIONS}
