"""The teacher's edition: the lessons with every exercise worked, and a plan for each lesson.

Vocabulary: an *exercise id* (``"pattern_databases:table-entries"``) names an exercise in its
answer cell's metadata; a *solution* is the worked answer a teacher shows for it; a *plan* is
one page per lesson: goals, duration, the cells to project, the questions to ask and the
common mistakes. ``puzzlelab teacher DIR`` writes them all (see :mod:`puzzlelab.cli.teacher`).

The solutions live here, in the package, and never in the students' notebooks. Like any
answer key in an installed package, a student who goes looking can read them: the self-checks
are there to help students learn, and a grade that counts should come from work done in class
or from ``puzzlelab grade``, not from the honour system.
"""

from .cells import exercise_ids, lesson_slug
from .edition import is_teachers_edition, plan_page, worked_lesson
from .plans import PLANS, Plan
from .solution import Solution
from .solutions import SOLUTIONS

__all__ = [
    "PLANS",
    "SOLUTIONS",
    "Plan",
    "Solution",
    "exercise_ids",
    "is_teachers_edition",
    "lesson_slug",
    "plan_page",
    "worked_lesson",
]
