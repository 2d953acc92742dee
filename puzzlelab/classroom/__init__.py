"""The teacher's edition: the lessons with every exercise worked, and a plan for each lesson.

An *exercise id* (``"pattern_databases:table-entries"``) names an exercise in its answer
cell's metadata; a *solution* is the worked answer for it; a *plan* is one page per lesson.
"""

from .cells import exercise_ids, lesson_slug
from .edition import is_teachers_edition, plan_page, worked_lesson
from .plans import PLANS, Part, Plan, Question
from .solutions import SOLUTIONS, Solution

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
