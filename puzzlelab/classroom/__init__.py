"""The teacher's edition: the lessons with every exercise worked, and a plan for each lesson.

An *exercise id* (``"pattern_databases:table-entries"``) names an exercise in its answer
cell's metadata; a *solution* is the worked answer for it; a *plan* is one page per lesson.
``puzzlelab teacher DIR`` writes them all; ``puzzlelab slides DIR`` writes each lesson as
slides (``puzzlelab.classroom.slides``). The solutions live in the package, never in the
students' notebooks: see the teachers' guide for what that does and does not hide.
"""

from .cells import exercise_ids, lesson_slug
from .edition import is_teachers_edition, plan_page, worked_lesson
from .plans import PLANS, Part, Plan, Question
from .solution import Solution
from .solutions import SOLUTIONS

__all__ = [
    "PLANS",
    "SOLUTIONS",
    "Part",
    "Plan",
    "Question",
    "Solution",
    "exercise_ids",
    "is_teachers_edition",
    "lesson_slug",
    "plan_page",
    "worked_lesson",
]
