"""Widgets for the lessons (ipywidgets 8). Each shows a static picture where no kernel runs."""

from .backtracking import BacktrackingReplay
from .base import StaticFallback
from .compare import Compare, compare
from .divergence import SearchDivergence
from .grid import GridLab
from .heuristic_lab import HeuristicLab
from .mastermind import ComputerGuesses, YouGuess
from .playboard import PlayBoard
from .player import SolutionPlayer
from .predict import PredictNext
from .replay import SearchReplay

__all__ = [
    "BacktrackingReplay",
    "Compare",
    "ComputerGuesses",
    "GridLab",
    "SearchDivergence",
    "HeuristicLab",
    "PlayBoard",
    "PredictNext",
    "SearchReplay",
    "SolutionPlayer",
    "StaticFallback",
    "YouGuess",
    "compare",
]
