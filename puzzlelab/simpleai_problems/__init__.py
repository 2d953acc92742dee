"""The puzzles as simpleai problems, for simpleai's algorithms and puzzlelab's engine alike
(importing this package imports simpleai; ``import puzzlelab`` alone does not)."""

from .grid import GridProblem
from .jugs import WaterJugsProblem
from .mastermind import MastermindCsp, csp_guess, play_with_csp
from .pegs import PegSolitaireProblem
from .queens import QueensCsp, QueensProblem, repair_csp, solve_csp
from .roads import RoadMapProblem
from .sliding import SlidingPuzzleProblem

__all__ = [
    "GridProblem",
    "MastermindCsp",
    "PegSolitaireProblem",
    "QueensCsp",
    "QueensProblem",
    "RoadMapProblem",
    "SlidingPuzzleProblem",
    "WaterJugsProblem",
    "csp_guess",
    "play_with_csp",
    "repair_csp",
    "solve_csp",
]
