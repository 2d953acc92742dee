"""The small problems :func:`~.search.check_search` tries a student's search on."""

from __future__ import annotations

from collections.abc import Mapping

from simpleai.search import SearchProblem

from ..simpleai_problems import SlidingPuzzleProblem, WaterJugsProblem

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []

#: Roads as ``{town: {neighbour: road length}}``.
Roads = Mapping[str, Mapping[str, float]]


class RoadMap(SearchProblem):
    """A small road map whose fewest roads and shortest way differ; *estimates* ``{town: h}``
    (default 0).
    """

    ROADS = {
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
    """Return ``{name: problem}``, the problems :func:`check_search` tries for the search
    *like*: those where its classic mistakes show.
    """
    costs = "litre" if like == "ucs" else "action"
    found: dict[str, SearchProblem] = {}
    if like in ("ucs", "greedy", "astar"):
        found["a road map with winding roads"] = RoadMap("A", "I", WINDING, WINDING_ESTIMATES)
    found |= {
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
    if like == "dfs":
        found["a road map whose first road out reaches the goal"] = RoadMap("S", "G", FORK)
    if like in ("ucs", "astar"):
        found["a road map with a detour that is cheaper"] = RoadMap("S", "G", DETOUR)
    if like == "astar":
        found["a road map whose estimates are not consistent"] = RoadMap(
            "S", "G", SHORTCUT, SHORTCUT_ESTIMATES
        )
    return found


#: Roads where depth-first search expands A (the newest) before it takes G: a search that tests
#: the goal when it generates a node stops at once.
FORK: Roads = {"S": {"G": 1, "A": 1}, "A": {}, "G": {}}


#: Roads where the way to B found first (5) is dearer than one found before B is expanded (2):
#: a search that keeps the first path it found, or expands a node twice, goes wrong here.
DETOUR: Roads = {
    "S": {"B": 5, "A": 1},
    "A": {"B": 1, "C": 4},
    "B": {"G": 10},
    "C": {"G": 4},
    "G": {},
}


#: Roads where A* expands B and D by S-B (cost 3) before A (f = 1 + 6), then finds S-A-B
#: (cost 2): it must reopen B to reach G at cost 7. A search with a closed set returns 8.
SHORTCUT: Roads = {
    "S": {"A": 1, "B": 3},
    "A": {"B": 1},
    "B": {"D": 1},
    "D": {"G": 4},
    "G": {},
}
#: Never more than the distance left, but not consistent (the road A-B lowers h by 6).
SHORTCUT_ESTIMATES = {"S": 0, "A": 6, "B": 0, "D": 0, "G": 0}

#: Roads that wind: the straight-line distances to I (consistent, but far below the road
#: distances) order the towns differently for each f of :data:`~.rules.ORDERS`, and greedy
#: search goes by B, H, F and G (35) where A* finds the way by C and G (18).
WINDING: Roads = {
    "A": {"B": 4, "C": 3, "E": 8},
    "B": {"A": 4, "D": 6, "H": 3},
    "C": {"A": 3, "E": 12, "H": 8, "G": 5},
    "D": {"B": 6},
    "E": {"C": 12, "F": 13, "A": 8, "H": 6},
    "F": {"E": 13, "G": 10, "H": 8},
    "G": {"F": 10, "I": 10, "C": 5},
    "H": {"C": 8, "E": 6, "F": 8, "B": 3},
    "I": {"G": 10},
}
WINDING_ESTIMATES = {"A": 8, "B": 6, "C": 10, "D": 7, "E": 8, "F": 6, "G": 9, "H": 7, "I": 0}
