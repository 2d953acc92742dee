"""The Tower of Hanoi as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.hanoi import TowerOfHanoi
from .base import PuzzleProblem


class HanoiProblem(PuzzleProblem):
    """The Tower of Hanoi in simpleai's terms (arguments as for ``TowerOfHanoi``).

    >>> from simpleai.search import breadth_first
    >>> problem = HanoiProblem(disks=2)
    >>> node = breadth_first(problem, graph_search=True)
    >>> [action for action, _ in node.path()[1:]]
    ['0->1', '0->2', '1->2']
    """

    puzzle: TowerOfHanoi
    rules = TowerOfHanoi
