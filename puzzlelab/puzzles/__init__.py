"""Puzzle models: pure rules, no drawing, no search.

Each model gives a ``start``, ``is_goal(state)``, ``successors(state)`` (triples of
action, next state and step cost) and, where it helps, ``actions`` / ``result``
in simpleai's style, so the search engine and simpleai can both use it.
"""

from .jugs import WaterJugs
from .queens import QueensPuzzle, count_solutions, fundamental_solutions
from .sliding import SlidingPuzzle, inversions, parse_board, solvable

__all__ = ["SlidingPuzzle", "inversions", "parse_board", "solvable"]
__all__ += ["WaterJugs", "QueensPuzzle", "count_solutions", "fundamental_solutions"]
