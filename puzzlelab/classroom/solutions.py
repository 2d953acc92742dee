"""The worked solutions of every exercise, by exercise id, gathered from the lesson groups.

Each is worked as a teacher would in front of the class: with the lesson's own tools, the
reasoning in comments, never asking a check for its answer.
"""

from __future__ import annotations

from .solution import Solution
from .solutions_heuristics import HEURISTIC_SOLUTIONS
from .solutions_maps import MAPS_SOLUTIONS
from .solutions_predict import PREDICT_SOLUTIONS
from .solutions_puzzles import PUZZLE_SOLUTIONS
from .solutions_search import SEARCH_SOLUTIONS

#: Every worked solution, by exercise id, lesson by lesson.
SOLUTIONS: dict[str, Solution] = {
    **SEARCH_SOLUTIONS,
    **HEURISTIC_SOLUTIONS,
    **PUZZLE_SOLUTIONS,
    **PREDICT_SOLUTIONS,
    **MAPS_SOLUTIONS,
}
