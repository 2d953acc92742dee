"""Puzzle models, pure rules: ``start``, ``is_goal``, ``successors`` (action, next state, step
cost), and ``actions`` / ``result`` in simpleai's style. Mastermind (numpy) loads on first use.
"""

from .grid import GridWorld, maze, random_grid
from .jugs import WaterJugs
from .korf import korf_instances
from .pegs import PegSolitaire, group_argument
from .pegs_notation import format_moves
from .queens import QueensPuzzle, family, symmetries
from .roads import RoadMap, romania
from .sliding import SlidingPuzzle, inversions, solvable
from .sliding_boards import parse_board


def __getattr__(name: str) -> object:
    if name in ("bulls_and_cows", "classic_mastermind"):
        from . import mastermind

        return getattr(mastermind, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GridWorld",
    "PegSolitaire",
    "QueensPuzzle",
    "RoadMap",
    "SlidingPuzzle",
    "WaterJugs",
    "bulls_and_cows",
    "classic_mastermind",
    "family",
    "format_moves",
    "group_argument",
    "inversions",
    "korf_instances",
    "maze",
    "parse_board",
    "random_grid",
    "romania",
    "solvable",
    "symmetries",
]
