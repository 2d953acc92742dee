"""Puzzle models: pure rules, no drawing, no search.

Mastermind lives in ``puzzlelab.puzzles.mastermind`` and is not imported here: it
needs numpy, which would slow down ``import puzzlelab`` and the command line.

Each model gives a ``start``, ``is_goal(state)``, ``successors(state)`` (triples of
action, next state and step cost) and, where it helps, ``actions`` / ``result``
in simpleai's style, so the search engine and simpleai can both use it.
"""

from .jugs import WaterJugs
from .pegs import PegSolitaire
from .queens import QueensPuzzle
from .sliding import SlidingPuzzle, inversions, parse_board, solvable

__all__ = [
    "PegSolitaire",
    "QueensPuzzle",
    "SlidingPuzzle",
    "WaterJugs",
    "inversions",
    "parse_board",
    "solvable",
]
