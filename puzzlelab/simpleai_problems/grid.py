"""A grid world as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.grid import GridWorld
from .base import PuzzleProblem


class GridProblem(PuzzleProblem):
    """A grid world in simpleai's terms (arguments as for ``GridWorld``).

    >>> from simpleai.search import astar
    >>> node = astar(GridProblem("S..G"), graph_search=True)
    >>> node.path()[-1][1], node.cost
    ((0, 3), 3)
    """

    puzzle: GridWorld
    rules = GridWorld
