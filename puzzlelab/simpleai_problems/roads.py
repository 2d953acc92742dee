"""A road map as a simpleai ``SearchProblem``."""

from __future__ import annotations

from ..puzzles.roads import RoadMap, Town, romania
from .base import PuzzleProblem


class RoadMapProblem(PuzzleProblem):
    """A :class:`~puzzlelab.puzzles.roads.RoadMap` in simpleai's terms (default: Romania's,
    from *start* to *goal*).

    >>> from simpleai.search import astar
    >>> problem = RoadMapProblem()
    >>> node = astar(problem, graph_search=True)
    >>> node.path()[-1][1], node.cost
    ('Bucharest', 418)
    >>> problem.heuristic("Arad")  # the book's straight line to Bucharest
    366
    """

    puzzle: RoadMap

    def __init__(
        self, roads: RoadMap | None = None, start: Town = "Arad", goal: Town = "Bucharest"
    ) -> None:
        super().__init__(romania(start, goal) if roads is None else roads)
