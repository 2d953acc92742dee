"""The puzzles as simpleai problems, one module per puzzle.

simpleai's algorithms and puzzlelab's engine both run on them. Importing this package
imports simpleai; ``import puzzlelab`` alone does not.
"""

from .jugs import WaterJugsProblem
from .mastermind import MastermindCsp, csp_guess, play_with_csp
from .pegs import PegSolitaireProblem
from .queens import QueensCsp, QueensProblem, repair_csp, solve_csp
from .sliding import SlidingPuzzleProblem

__all__ = [
    "MastermindCsp",
    "PegSolitaireProblem",
    "QueensCsp",
    "QueensProblem",
    "SlidingPuzzleProblem",
    "WaterJugsProblem",
    "csp_guess",
    "play_with_csp",
    "repair_csp",
    "solve_csp",
]
