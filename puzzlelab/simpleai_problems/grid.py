"""A grid world as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.grid import GridWorld
from .base import PuzzleProblem


class GridProblem(PuzzleProblem):
    """A grid world in simpleai's terms (arguments as for ``GridWorld``).

    Examples
    --------
    >>> from simpleai.search import astar
    >>> problem = GridProblem('''
    ...     S.#
    ...     ..#
    ...     #.G
    ... ''')
    >>> node = astar(problem, graph_search=True)
    >>> node.path()[-1][1], node.cost
    ((2, 2), 4)
    >>> problem.heuristic(problem.initial_state)  # rows plus columns to the goal
    4
    """

    puzzle: GridWorld
    rules = GridWorld
