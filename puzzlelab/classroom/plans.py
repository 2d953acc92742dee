"""A plan for each lesson, by lesson slug: goals, timed parts, the sections to project, questions.

A section is named by its heading, as the notebook writes it, never by a cell number that an
edit of the lesson could leave behind; the plan's page counts the cells from the lesson.
"""

from __future__ import annotations

from .plan import Part, Plan, Question
from .plans_0_4 import PLANS_0_4
from .plans_5_9 import PLANS_5_9
from .plans_10 import PLANS_10

__all__ = ["PLANS", "Part", "Plan", "Question"]

#: Every lesson's plan, by lesson slug.
PLANS: dict[str, Plan] = {**PLANS_0_4, **PLANS_5_9, **PLANS_10}
