"""The small problems :func:`~.search.check_search` tries a student's search on.

A sliding puzzle, water jugs (one without a solution), and a :class:`RoadMap` whose
fewest roads and shortest way differ; uniform-cost search and A* meet a detour too.

>>> list(problems_for("astar"))[-1]
'a road map with a detour that is cheaper'
"""

from __future__ import annotations

from collections.abc import Mapping

from simpleai.search import SearchProblem

from ..simpleai_problems import SlidingPuzzleProblem, WaterJugsProblem

#: Roads as ``{town: {neighbour: road length}}``.
Roads = Mapping[str, Mapping[str, float]]


class RoadMap(SearchProblem):
    """A small weighted graph: towns, roads with lengths, and straight-line distances.

    A weighted problem where the fewest roads and the shortest way differ; the
    straight-line distance to G never overestimates, and is consistent. Give
    ``roads`` (``{town: {neighbour: length}}``) and ``estimates`` (``{town: h}``;
    default 0) for another map.

    >>> roads = RoadMap()
    >>> roads.actions("A"), roads.cost("A", "B", "B"), roads.heuristic("A")
    (['B', 'C'], 3, 7)
    """

    ROADS = {  # town: {neighbour: road length}
        "A": {"B": 3, "C": 2},
        "B": {"A": 3, "D": 4, "E": 2},
        "C": {"A": 2, "D": 2, "F": 7},
        "D": {"B": 4, "C": 2, "F": 4, "G": 5},
        "E": {"B": 2, "G": 4},
        "F": {"C": 7, "D": 4, "G": 1},
        "G": {"D": 5, "E": 4, "F": 1},
    }
    #: Straight-line distance from each town to G: never more than the road distance.
    TO_G = {"A": 7, "B": 5, "C": 6, "D": 4, "E": 4, "F": 1, "G": 0}

    def __init__(
        self,
        start: str = "A",
        goal: str = "G",
        roads: Roads | None = None,
        estimates: Mapping[str, float] | None = None,
    ) -> None:
        super().__init__(initial_state=start)
        self.goal = goal
        self.roads: Roads = self.ROADS if roads is None else roads
        self.estimates = self.TO_G if roads is None and goal == "G" else estimates

    def actions(self, state: str) -> list[str]:
        return list(self.roads[state])

    def result(self, state: str, action: str) -> str:
        return action

    def is_goal(self, state: str) -> bool:
        return state == self.goal

    def cost(self, state: str, action: str, state2: str) -> float:
        return self.roads[state][state2]

    def heuristic(self, state: str) -> float:
        return 0 if self.estimates is None else self.estimates[state]


def problems_for(like: str) -> dict[str, SearchProblem]:
    """Return the problems :func:`check_search` tries, by a name it can print.

    Small enough for a student's plain Python, with one that has no solution.

    Parameters
    ----------
    like : str
        The search the student's function should behave like (see :data:`SEARCHES`).
        For ``"ucs"`` the jugs cost a litre per litre moved, and a jugs problem where
        that matters is added; for ``"ucs"`` and ``"astar"``, a road map with a cheaper
        detour.

    Returns
    -------
    dict of str to SearchProblem
        ``{name: problem}``, in the order they are tried.

    Examples
    --------
    >>> for name in problems_for("bfs"):
    ...     print(name)
    the 2x3 sliding puzzle
    the water jugs (3 and 5 litres, a tap, measure 4)
    a road map with road lengths
    the water jugs (2 and 4 litres, a tap, measure 3), which has no solution
    >>> for name in list(problems_for("ucs"))[4:]:  # what uniform-cost search meets besides
    ...     print(name)
    the water jugs (2 and 7 litres, a tap, measure 1)
    a road map with a detour that is cheaper
    """
    costs = "litre" if like == "ucs" else "action"
    found = {
        "the 2x3 sliding puzzle": SlidingPuzzleProblem("4 1 2 / 0 5 3"),
        "the water jugs (3 and 5 litres, a tap, measure 4)": WaterJugsProblem(
            (3, 5), target=4, tap=True, cost=costs
        ),
        "a road map with road lengths": RoadMap(),
        "the water jugs (2 and 4 litres, a tap, measure 3), which has no solution": (
            WaterJugsProblem((2, 4), target=3, tap=True, cost=costs)
        ),
    }
    if like == "ucs":
        found["the water jugs (2 and 7 litres, a tap, measure 1)"] = WaterJugsProblem(
            (2, 7), target=1, tap=True, cost="litre"
        )
    if like in ("ucs", "astar"):
        found["a road map with a detour that is cheaper"] = RoadMap("S", "G", DETOUR)
    return found


#: Roads where the way to B found first is dear (5) and a cheaper one (2) turns up before B is
#: expanded: a search that keeps the first path it found to each state goes wrong here.
#: Its dear entry for B (5) is still queued when the cheap one (2) has been expanded, and the
#: goal is cheaper by C (9) than by B (12): a search that expands a node twice goes wrong too.
DETOUR: Roads = {
    "S": {"B": 5, "A": 1},
    "A": {"B": 1, "C": 4},
    "B": {"G": 10},
    "C": {"G": 4},
    "G": {},
}
