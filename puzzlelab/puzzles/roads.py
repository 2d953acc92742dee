"""A road map: drive from a start town to a goal town along two-way roads of given lengths.

A *state* is the town you are in; an *action* the town you drive to next (as in simpleai's
Romania examples), costing the road's length.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from ..errors import BoardError, finite_number

Town = str
State = Town
Road = tuple[Town, Town, float]
Point = tuple[float, float]


class RoadMap:
    """Towns joined by two-way *roads*; find a way from *start* to *goal*.

    Parameters
    ----------
    roads : iterable of (town, town, length)
        Each road once; its length a positive finite number.
    positions : mapping of town to (x, y)
        Where every town lies, in any unit.
    start, goal : str
        Two towns of the map.

    Examples
    --------
    >>> from puzzlelab.search import astar, uniform_cost
    >>> triangle = RoadMap([("A", "B", 3), ("B", "C", 4), ("A", "C", 9)],
    ...                    {"A": (0, 0), "B": (3, 0), "C": (3, 4)}, start="A", goal="C")
    >>> astar(triangle).path, uniform_cost(triangle).cost
    (['A', 'B', 'C'], 7)
    """

    def __init__(
        self,
        roads: Iterable[Road],
        positions: Mapping[Town, Point],
        start: Town,
        goal: Town,
    ) -> None:
        self.positions = _positions(positions)
        self.towns = sorted(self.positions)
        self.roads: dict[Town, dict[Town, float]] = {town: {} for town in self.towns}
        for road in roads:
            a, b, length = self._road(road)
            self.roads[a][b] = self.roads[b][a] = length
        self.start, self.goal = self._town(start, "the start"), self._town(goal, "the goal")
        self.scale = self._scale()
        #: Straight-line distances to the goal from a book; None: measured on the map, scaled.
        self.table: Mapping[Town, float] | None = None
        self.heuristics = {"straight_line": self.straight_line}

    def __repr__(self) -> str:
        count = sum(len(ends) for ends in self.roads.values()) // 2
        return f"<RoadMap: {len(self.towns)} towns, {count} roads, {self.start} to {self.goal}>"

    def _town(self, town: object, what: str) -> Town:
        if not isinstance(town, str) or town not in self.roads:
            raise BoardError(f"{what} {town!r} is not a town of the map; the towns are: "
                             f"{', '.join(self.towns)}")  # fmt: skip
        return town

    def _road(self, road: object) -> Road:
        if (
            isinstance(road, str)
            or not isinstance(road, Iterable)
            or len(parts := tuple(road)) != 3
        ):
            raise BoardError(f"a road is (town, town, length), e.g. ('Arad', 'Sibiu', 140), "
                             f"not {road!r}")  # fmt: skip
        a, b, length = parts
        for town in (a, b):
            if not isinstance(town, str) or town not in self.roads:
                raise BoardError(f"the road {a}-{b} goes to {town!r}, which has no position; "
                                 f"the towns are: {', '.join(self.towns)}")  # fmt: skip
        if a == b:
            raise BoardError(f"a road joins two different towns, not {a} to itself")
        if b in self.roads[a]:
            raise BoardError(f"the road {a}-{b} is given twice; give each road once")
        # Uniform-cost search is complete only if every step costs some least amount above 0
        # (AIMA, section 3.4.2): a road of length 0 is refused.
        length = finite_number(length, f"the length of {a}-{b}", above=0, error=BoardError)
        return a, b, length

    def _scale(self) -> float:
        """The smallest road length per unit of map distance: scaled by it, h is consistent."""
        ratios = [
            length / flight
            for a, ends in self.roads.items()
            for b, length in ends.items()
            if (flight := self.flight(a, b)) > 0
        ]
        # Shaved by a trillionth: rounding must not lift h a hair above the tightest road.
        return min(ratios, default=0.0) * (1 - 1e-12)

    def neighbours(self, town: Town) -> dict[Town, float]:
        """Return ``{town: road length}`` for the towns one road from *town*, alphabetically."""
        ends = self.roads[self._town(town, "the town")]
        return {other: ends[other] for other in sorted(ends)}

    def actions(self, state: State) -> list[Town]:
        return list(self.neighbours(state))

    def result(self, state: State, action: Town) -> State:
        allowed = self.actions(state)
        if action not in allowed:
            raise BoardError(f"no road from {state} to {action!r}; from {state}: "
                             f"{', '.join(allowed)}")  # fmt: skip
        return action

    def successors(self, state: State) -> list[tuple[Town, State, float]]:
        return [(town, town, length) for town, length in self.neighbours(state).items()]

    def predecessors(self, state: State) -> list[tuple[Town, State]]:
        """Return ``(action, previous town)`` pairs: roads are two-way, the action is *state*."""
        return [(state, town) for town in self.neighbours(state)]

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def cost(self, state: State, action: Town, next_state: State) -> float:
        try:
            return self.roads[state][next_state]
        except (KeyError, TypeError):
            self._town(state, "the town")
            raise BoardError(f"no road from {state} to {next_state!r}; from {state}: "
                             f"{', '.join(self.actions(state))}") from None  # fmt: skip

    def flight(self, a: Town, b: Town) -> float:
        """Return the distance from *a* to *b* on the map, in the map's own unit."""
        try:
            (xa, ya), (xb, yb) = self.positions[a], self.positions[b]
        except (KeyError, TypeError):
            self._town(a, "the town")
            self._town(b, "the town")
            raise
        return math.hypot(xa - xb, ya - yb)

    def straight_line(self, state: State) -> float:
        """Return the straight line from *state* to the goal: the table's, else the map's scaled."""
        try:
            if self.table is None:
                return self.scale * self.flight(state, self.goal)
            distance = self.table[state]  # a student may have changed the table: checked
        except (KeyError, TypeError):
            self._town(state, "the town")
            raise BoardError(f"the straight-line table has no distance for {state}; give every "
                             "town one") from None  # fmt: skip
        if type(distance) in (int, float) and 0 <= distance < math.inf:  # the usual: fast
            return distance
        what = f"the straight-line table's distance for {state}"
        return finite_number(distance, what, least=0, error=BoardError)

    heuristic = straight_line  # the default heuristic

    def render(self, state: State | None = None) -> str:
        """Return the town and the roads out of it, as one line."""
        state = self.start if state is None else state
        roads = ", ".join(f"{town} {length:g}" for town, length in self.neighbours(state).items())
        return f"{state}: {roads or 'no roads'}"


def _positions(positions: Mapping[Town, Point]) -> dict[Town, Point]:
    """Every town's ``(x, y)``, checked."""
    if not isinstance(positions, Mapping) or not positions:
        raise BoardError("positions must map every town's name to its (x, y), e.g. "
                         f"{{'Arad': (91, 492)}}, not {positions!r}")  # fmt: skip
    checked = {}
    for town, point in positions.items():
        if not isinstance(town, str) or not town.strip():
            raise BoardError(f"a town's name must be some text, not {town!r}")
        if isinstance(point, str) or not isinstance(point, Iterable) or len(tuple(point)) != 2:
            raise BoardError(f"the position of {town} must be (x, y), not {point!r}")
        x, y = (finite_number(v, f"each coordinate of {town}", error=BoardError) for v in point)
        checked[town] = (x, y)
    return checked


#: The roads of Romania and their lengths: AIMA (Russell & Norvig), Figure 3.2 of the 3rd
#: edition (in km), Figure 3.1 of the 4th.
ROMANIA_ROADS: list[Road] = [
    ("Arad", "Zerind", 75), ("Arad", "Sibiu", 140), ("Arad", "Timisoara", 118),
    ("Bucharest", "Urziceni", 85), ("Bucharest", "Pitesti", 101),
    ("Bucharest", "Giurgiu", 90), ("Bucharest", "Fagaras", 211),
    ("Craiova", "Drobeta", 120), ("Craiova", "Rimnicu Vilcea", 146), ("Craiova", "Pitesti", 138),
    ("Drobeta", "Mehadia", 75), ("Eforie", "Hirsova", 86), ("Fagaras", "Sibiu", 99),
    ("Hirsova", "Urziceni", 98), ("Iasi", "Vaslui", 92), ("Iasi", "Neamt", 87),
    ("Lugoj", "Timisoara", 111), ("Lugoj", "Mehadia", 70), ("Oradea", "Zerind", 71),
    ("Oradea", "Sibiu", 151), ("Pitesti", "Rimnicu Vilcea", 97),
    ("Rimnicu Vilcea", "Sibiu", 80), ("Urziceni", "Vaslui", 142),
]  # fmt: skip

#: Where the towns are drawn (y up), as aima-python's ``romania_map.locations``.
ROMANIA_POSITIONS: dict[Town, Point] = {
    "Arad": (91, 492), "Bucharest": (400, 327), "Craiova": (253, 288), "Drobeta": (165, 299),
    "Eforie": (562, 293), "Fagaras": (305, 449), "Giurgiu": (375, 270), "Hirsova": (534, 350),
    "Iasi": (473, 506), "Lugoj": (165, 379), "Mehadia": (168, 339), "Neamt": (406, 537),
    "Oradea": (131, 571), "Pitesti": (320, 368), "Rimnicu Vilcea": (233, 410),
    "Sibiu": (207, 457), "Timisoara": (94, 410), "Urziceni": (456, 350),
    "Vaslui": (509, 444), "Zerind": (108, 531),
}  # fmt: skip

#: Straight-line distances to Bucharest: AIMA, Figure 3.22 of the 3rd edition, 3.16 of the 4th.
TO_BUCHAREST: dict[Town, float] = {
    "Arad": 366, "Bucharest": 0, "Craiova": 160, "Drobeta": 242, "Eforie": 161,
    "Fagaras": 176, "Giurgiu": 77, "Hirsova": 151, "Iasi": 226, "Lugoj": 244,
    "Mehadia": 241, "Neamt": 234, "Oradea": 380, "Pitesti": 100, "Rimnicu Vilcea": 193,
    "Sibiu": 253, "Timisoara": 329, "Urziceni": 80, "Vaslui": 199, "Zerind": 374,
}  # fmt: skip


def romania(start: Town = "Arad", goal: Town = "Bucharest") -> RoadMap:
    """Return AIMA's road map of Romania, with the book's straight lines to Bucharest.

    >>> from puzzlelab.search import astar
    >>> astar(romania()).path, astar(romania()).cost
    (['Arad', 'Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest'], 418)
    """
    roads = RoadMap(ROMANIA_ROADS, ROMANIA_POSITIONS, start, goal)
    if goal == "Bucharest":
        roads.table = dict(TO_BUCHAREST)  # its own: a student may change it
    return roads
