"""The Tower of Hanoi as a simpleai ``SearchProblem``.

>>> from simpleai.search import astar
>>> node = astar(HanoiProblem(disks=3), graph_search=True)
>>> len(node.path()) - 1
7
"""

from __future__ import annotations

from ..puzzles.hanoi import TowerOfHanoi
from .base import PuzzleProblem


class HanoiProblem(PuzzleProblem):
    """The Tower of Hanoi in simpleai's terms; its heuristic is the puzzle's own.

    Parameters
    ----------
    disks : int
        How many disks, at least 1.
    pegs : int
        How many pegs, at least 3.

    Raises
    ------
    BoardError
        A number of disks or pegs that is not allowed.

    Examples
    --------
    >>> from simpleai.search import breadth_first
    >>> problem = HanoiProblem(disks=2)
    >>> node = breadth_first(problem, graph_search=True)
    >>> [action for action, _ in node.path()[1:]]
    ['0->1', '0->2', '1->2']
    >>> problem.heuristic(problem.initial_state)  # disks not yet on the last peg
    2
    """

    puzzle: TowerOfHanoi

    def __init__(self, disks: int = 3, pegs: int = 3) -> None:
        super().__init__(TowerOfHanoi(disks, pegs))
