"""The rules of puzzlelab's search (:mod:`puzzlelab.search.engine`), replayed one expansion
at a time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from simpleai.search import SearchProblem

from ..search.problem import Action, State


@dataclass(eq=False)
class Entry:
    """A node in the reference's frontier; *order* counts the pushes.

    There is no example here; ``tests/test_check_search.py`` runs it.
    """

    state: State
    g: float
    depth: int
    h: float
    order: int
    parent: Entry | None = None
    action: Action = None


def _step_cost(entry: Entry) -> float:
    return entry.g if entry.parent is None else entry.g - entry.parent.g


def _every_h(entry: Entry) -> float:
    """The h of every state on the path to *entry* added up."""
    total = 0.0
    node: Entry | None = entry
    while node is not None:
        total += node.h
        node = node.parent
    return total


def _weighted(w: float) -> Callable[[Entry], float]:
    return lambda entry: entry.g + w * entry.h


#: What a frontier may be ordered by: each a key of an entry, lowest first (ties are free).
ORDERS: dict[str, Callable[[Entry], float]] = {
    "fifo": lambda entry: entry.order,
    "lifo": lambda entry: -entry.order,
    "depth": lambda entry: entry.depth,
    "g": lambda entry: entry.g,
    "h": lambda entry: entry.h,
    "g + h": lambda entry: entry.g + entry.h,
    "g - h": lambda entry: entry.g - entry.h,
    "-(g + h)": lambda entry: -entry.g - entry.h,
    "depth + h": lambda entry: entry.depth + entry.h,
    "g + parent's h": lambda entry: entry.g + (entry.parent or entry).h,
    "last step": _step_cost,
    "g + every h": lambda entry: entry.g + _every_h(entry),
    **{f"g + {w:g}h": _weighted(w) for w in (1.5, 2, 3, 5, 10)},
}

#: What each order of :data:`ORDERS` asks the problem for besides the successors.
NEEDS: dict[str, frozenset[str]] = {
    order: frozenset(
        ({"cost"} if "g" in order.replace("depth", "") or order == "last step" else set())
        | ({"heuristic"} if "h" in order.replace("depth", "") else set())
    )
    for order in ORDERS
}

#: The g a search keeps for a state where an order comes from a wrong g (a repeated state is
#: taken again when it is lower); any other order keeps the true g.
KEPT_G: dict[str, Callable[[Entry], float]] = {
    "last step": _step_cost,
    "g + every h": lambda entry: entry.g + _every_h(entry) - entry.h,
}

#: What a search does with a state reached again: keep the ``first`` path; take a cheaper
#: one unless it was expanded (``closed``); or take a cheaper one always (``reopen``).
REPEATS = ("first", "closed", "reopen")

PLANS = {
    "bfs": ("fifo", "first"),
    "dfs": ("lifo", "first"),
    "ucs": ("g", "reopen"),
    "greedy": ("h", "first"),
    "astar": ("g + h", "reopen"),
}


@dataclass
class Rules:
    """puzzlelab's search rules (:data:`PLANS`, or another *order* and *repeats*), replayed
    one expansion at a time: :meth:`choices` are the entries it could expand next.

    >>> from puzzlelab.exercises.search_problems import RoadMap
    >>> rules = Rules(RoadMap(), "astar")
    >>> rules.expand(rules.choices()[0])
    >>> [(entry.state, entry.g, entry.h) for entry in rules.frontier_in_order()]
    [('B', 3, 5), ('C', 2, 6)]
    """

    problem: SearchProblem
    like: str
    order: str = ""
    repeats: str = ""
    frontier: list[Entry] = field(default_factory=list)
    reached: dict[State, Entry] = field(default_factory=dict)
    expanded: list[State] = field(default_factory=list)
    count: int = 0
    cheaper: dict[State, tuple[float, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        order, repeats = PLANS[self.like]
        self.order, self.repeats = self.order or order, self.repeats or repeats
        start = self.problem.initial_state
        self._push(Entry(start, 0, 0, self._h(start), 0))

    def _h(self, state: State) -> float:
        return 0 if self.like in ("bfs", "dfs") else self.problem.heuristic(state)

    def priority(self, entry: Entry) -> float:
        return ORDERS[self.order](entry)

    def live(self) -> list[Entry]:
        return [entry for entry in self.frontier if self.reached[entry.state] is entry]

    def frontier_in_order(self) -> list[Entry]:
        """The live frontier, in the order puzzlelab's search would take it."""
        by_h = self.order == "g + h"  # of equal f, A* takes the smaller h first
        return sorted(self.live(), key=lambda e: (self.priority(e), e.h if by_h else 0, e.order))

    def choices(self) -> list[Entry]:
        live = self.live()
        if not live:
            return []
        best = min(self.priority(entry) for entry in live)
        return [entry for entry in live if self.priority(entry) == best]

    def expand(self, entry: Entry) -> None:
        self.frontier.remove(entry)
        self.expanded.append(entry.state)
        problem = self.problem
        for action in problem.actions(entry.state):
            state = problem.result(entry.state, action)
            g = entry.g + problem.cost(entry.state, action, state)
            new = Entry(state, g, entry.depth + 1, self._h(state), 0, entry, action)
            old = self.reached.get(state)
            if old is not None and not self._takes(state, new, old):
                continue
            if old is not None:
                self.cheaper[state] = (old.g, g)
            self._push(new)

    def _takes(self, state: State, new: Entry, old: Entry) -> bool:
        kept = KEPT_G.get(self.order, lambda entry: entry.g)
        if self.repeats == "first" or kept(new) >= kept(old):
            return False
        return self.repeats == "reopen" or state not in self.expanded

    def _push(self, entry: Entry) -> None:
        self.count += 1
        entry.order = self.count
        self.reached[entry.state] = entry
        self.frontier.append(entry)
