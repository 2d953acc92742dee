"""Puzzle models: pure rules, no drawing, no search.

Mastermind's names (:mod:`~.mastermind`) load on first use: Mastermind needs numpy,
which would slow down ``import puzzlelab`` and the command line. A rule with a generic
name (``pegs.replay``, the ``render`` of pegs and of queens) stays in its module, which
the lessons import from here: ``from puzzlelab.puzzles import pegs as peg_rules``.

Each model gives a ``start``, ``is_goal(state)``, ``successors(state)`` (triples of
action, next state and step cost) and, where it helps, ``actions`` / ``result``
in simpleai's style, so the search engine and simpleai can both use it.
"""

from .jugs import WaterJugs
from .korf import korf_instances
from .pegs import PegSolitaire, group_argument
from .pegs_notation import format_moves
from .queens import QueensPuzzle, family, symmetries
from .sliding import SlidingPuzzle, inversions, solvable
from .sliding_boards import parse_board

#: The names of :mod:`~.mastermind`, loaded on first use: numpy stays out of the command line.
_MASTERMIND = ("bulls_and_cows", "classic_mastermind")


def __getattr__(name: str) -> object:
    """A name of :mod:`~.mastermind`, imported when first asked for."""
    if name in _MASTERMIND:
        from . import mastermind

        return getattr(mastermind, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PegSolitaire",
    "QueensPuzzle",
    "SlidingPuzzle",
    "WaterJugs",
    "bulls_and_cows",
    "classic_mastermind",
    "family",
    "format_moves",
    "group_argument",
    "inversions",
    "korf_instances",
    "parse_board",
    "solvable",
    "symmetries",
]
