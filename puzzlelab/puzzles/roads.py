"""A road map: drive from a start town to a goal town along roads of given lengths.

A *town* is a name (a ``str``); a *road* joins two towns both ways and has a length; a
*position* is a town's ``(x, y)`` on the map, used to draw it and to measure straight lines.
A *state* is the town you are in, and an *action* is the name of the town you drive to next
(as in simpleai's Romania examples); it costs the length of the road.

:func:`romania` is the map every textbook search starts from.

>>> roads = romania()
>>> roads.start, roads.goal
('Arad', 'Bucharest')
>>> roads.actions("Arad"), roads.result("Arad", "Sibiu"), roads.cost("Arad", "Sibiu", "Sibiu")
(['Sibiu', 'Timisoara', 'Zerind'], 'Sibiu', 140)
>>> roads.straight_line("Arad")
366
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from ..errors import BoardError, finite_number

Town = str
State = Town
#: A road as it is given: two towns and its length.
Road = tuple[Town, Town, float]
#: Where a town is drawn, ``(x, y)``.
Point = tuple[float, float]


class RoadMap:
    """Towns joined by two-way *roads*; find a way from *start* to *goal*.

    Parameters
    ----------
    roads : iterable of (town, town, length)
        Each road once; its length a positive finite number.
    positions : mapping of town to (x, y)
        Every town of the map, where it lies (in any unit: the map's scale is measured).
    start, goal : str
        Two towns of the map.
    straight_line : mapping of town to number, optional
        Straight-line distances to *goal* measured on the ground (a book's table). Without
        it, they are measured on the map and scaled so that no road is shorter than the
        straight line along it.

    Actions come alphabetically, as in the book's search trees. ``table`` keeps the
    *straight_line* given (or None), ``scale`` the road length per unit of map distance.

    Examples
    --------
    >>> from puzzlelab.search import astar, uniform_cost
    >>> triangle = RoadMap([("A", "B", 3), ("B", "C", 4), ("A", "C", 9)],
    ...                    {"A": (0, 0), "B": (3, 0), "C": (3, 4)}, start="A", goal="C")
    >>> astar(triangle).path, uniform_cost(triangle).cost
    (['A', 'B', 'C'], 7)
    >>> RoadMap([("A", "B", -3)], {"A": (0, 0), "B": (1, 0)}, "A", "B")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: the length of A-B must be a positive finite number, not -3
    """

    def __init__(
        self,
        roads: Iterable[Road],
        positions: Mapping[Town, Point],
        start: Town,
        goal: Town,
        straight_line: Mapping[Town, float] | None = None,
    ) -> None:
        self.positions = _positions(positions)
        self.towns = sorted(self.positions)
        self.roads: dict[Town, dict[Town, float]] = {town: {} for town in self.towns}
        for road in roads:
            a, b, length = self._road(road)
            self.roads[a][b] = self.roads[b][a] = length
        self.start, self.goal = self._town(start, "the start"), self._town(goal, "the goal")
        self.scale = self._scale()
        self.table = None if straight_line is None else self._table(straight_line)
        self.heuristics = {"straight_line": self.straight_line}

    def __repr__(self) -> str:
        count = sum(len(ends) for ends in self.roads.values()) // 2
        return f"<RoadMap: {len(self.towns)} towns, {count} roads, {self.start} to {self.goal}>"

    # ------------------------------------------------------------ checking what comes in

    def _town(self, town: object, what: str) -> Town:
        """*town* if it is on the map, else a one-line error naming the towns that are."""
        if not isinstance(town, str) or town not in self.roads:
            raise BoardError(f"{what} {town!r} is not a town of the map; the towns are: "
                             f"{', '.join(self.towns)}")  # fmt: skip
        return town

    def _road(self, road: object) -> Road:
        """*road* checked: two different towns of the map, a positive length, not seen before."""
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

    def _table(self, table: Mapping[Town, float]) -> dict[Town, float]:
        """The given straight-line distances, one for every town, the goal's 0."""
        missing = [town for town in self.towns if town not in table]
        if missing:
            raise BoardError(f"straight_line has no distance for {', '.join(missing)}; "
                             "give one for every town")  # fmt: skip
        for town in table:
            if town not in self.roads:
                raise BoardError(
                    f"straight_line gives a distance for {town!r}, which is not a town of the "
                    f"map; the towns are: {', '.join(self.towns)}"
                )
        checked = {
            town: finite_number(table[town], f"the straight line from {town}", least=0,
                                error=BoardError)
            for town in self.towns
        }  # fmt: skip
        if checked[self.goal] != 0:
            raise BoardError(f"the straight line from the goal {self.goal} to itself must be 0, "
                             f"not {checked[self.goal]}")  # fmt: skip
        return checked

    def _scale(self) -> float:
        """The smallest road length per unit of map distance between its towns.

        Scaled by it, a straight line on the map is never longer than a road along it, so
        for every road a-b, h(a) - h(b) <= scale * |ab| <= length (the triangle inequality):
        the heuristic is consistent, hence admissible, whatever the map's unit.
        """
        ratios = [
            length / flight
            for a, ends in self.roads.items()
            for b, length in ends.items()
            if (flight := self.flight(a, b)) > 0
        ]
        # Shaved by a trillionth: rounding must not lift h a hair above the tightest road.
        return min(ratios, default=0.0) * (1 - 1e-12)

    # ------------------------------------------------------------ the rules

    def neighbours(self, town: Town) -> dict[Town, float]:
        """Return ``{town: road length}`` for the towns one road from *town*, alphabetically.

        >>> romania().neighbours("Arad")
        {'Sibiu': 140, 'Timisoara': 118, 'Zerind': 75}
        """
        ends = self.roads[self._town(town, "the town")]
        return {other: ends[other] for other in sorted(ends)}

    def actions(self, state: State) -> list[Town]:
        """Return the towns one road away, alphabetically."""
        return list(self.neighbours(state))

    def result(self, state: State, action: Town) -> State:
        """Return the town *action* drives to, if a road leads there.

        >>> romania().result("Arad", "Fagaras")
        Traceback (most recent call last):
        ...
        puzzlelab.errors.BoardError: no road from Arad to 'Fagaras'; from Arad: Sibiu, Timisoara...
        """
        allowed = self.actions(state)
        if action not in allowed:
            raise BoardError(f"no road from {state} to {action!r}; from {state}: "
                             f"{', '.join(allowed)}")  # fmt: skip
        return action

    def successors(self, state: State) -> list[tuple[Town, State, float]]:
        """Return ``(town, town, road length)`` for every road out of *state*."""
        return [(town, town, length) for town, length in self.neighbours(state).items()]

    def predecessors(self, state: State) -> list[tuple[Town, State]]:
        """Return ``(action, previous town)`` pairs: roads are two-way, the action is *state*.

        >>> romania().predecessors("Zerind")
        [('Zerind', 'Arad'), ('Zerind', 'Oradea')]
        """
        return [(state, town) for town in self.neighbours(state)]

    def is_goal(self, state: State) -> bool:
        """Whether *state* is the goal town."""
        return state == self.goal

    def cost(self, state: State, action: Town, next_state: State) -> float:
        """The length of the road from *state* to *next_state*."""
        return self.roads[state][next_state]

    # ------------------------------------------------------------ straight lines

    def flight(self, a: Town, b: Town) -> float:
        """Return the distance from *a* to *b* on the map, in the map's own unit.

        >>> round(romania().flight("Arad", "Zerind"), 1)
        42.5
        """
        (xa, ya), (xb, yb) = self.positions[a], self.positions[b]
        return math.hypot(xa - xb, ya - yb)

    def straight_line(self, state: State) -> float:
        """Return the straight-line distance from *state* to the goal: the given table's, else
        measured on the map and scaled by :attr:`scale`, so it never exceeds a road.

        >>> roads = romania(goal="Craiova")
        >>> round(roads.straight_line("Arad"), 1), roads.straight_line("Craiova")
        (261.6, 0.0)
        """
        if self.table is not None:
            return self.table[state]
        return self.scale * self.flight(state, self.goal)

    heuristic = straight_line  # the default heuristic

    def render(self, state: State | None = None) -> str:
        """Return the town and the roads out of it, as one line.

        >>> romania().render("Sibiu")
        'Sibiu: Arad 140, Fagaras 99, Oradea 151, Rimnicu Vilcea 80'
        """
        state = self.start if state is None else state
        roads = ", ".join(f"{town} {length:g}" for town, length in self.neighbours(state).items())
        return f"{state}: {roads or 'no roads'}"


def _positions(positions: Mapping[Town, Point]) -> dict[Town, Point]:
    """Every town's ``(x, y)``, checked: a name, and two finite numbers."""
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


# ---------------------------------------------------------------- the textbook's map

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

#: Where the towns are drawn (map units, y up), as aima-python's ``romania_map.locations``
#: traces the book's figure.
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
    """Return the road map of Romania from Russell and Norvig's *Artificial Intelligence: A
    Modern Approach* (figures cited above): the book's straight lines for the goal Bucharest,
    else lines measured on the map and scaled (see :class:`RoadMap`).

    Examples
    --------
    >>> from puzzlelab.search import astar, greedy
    >>> astar(romania()).path
    ['Arad', 'Sibiu', 'Rimnicu Vilcea', 'Pitesti', 'Bucharest']
    >>> astar(romania()).cost, greedy(romania()).cost
    (418, 450)
    >>> romania(goal="Paris")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: the goal 'Paris' is not a town of the map; the towns are: Arad, ...
    """
    table = TO_BUCHAREST if goal == "Bucharest" else None
    return RoadMap(ROMANIA_ROADS, ROMANIA_POSITIONS, start, goal, table)
