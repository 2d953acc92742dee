"""Water jugs: measure an amount of water by pouring between jugs (and, with a tap, filling them).

Vocabulary:

- the *capacities* are the jug sizes in litres, e.g. ``(8, 5, 3)``;
- a *state* is a tuple of the amounts in each jug, e.g. ``(8, 0, 0)``;
- an *action* is a short string: ``"pour 0->1"`` pours jug 0 into jug 1 until jug 0 is
  empty or jug 1 is full; with a *tap* there are also ``"fill 1"`` and ``"empty 2"``.
  Jugs are numbered from 0 in the order of the capacities;
- the *target* is either a whole state (``(4, 4, 0)``: every jug must hold exactly that
  amount; it becomes the puzzle's ``goal``) or one amount (``4``: any jug holding 4 litres
  is a goal, and there is no single ``goal`` state, so ``goal`` is ``None``).

Without a tap no water is added or lost, so a target state must hold as much water as the
start. Whether a target can be reached at all is not guessed here: a search finds it out
(an unreachable target ends with status ``"exhausted"``).

Examples
--------
>>> jugs = WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
>>> jugs.actions(jugs.start)
['pour 0->1', 'pour 0->2']
>>> jugs.result(jugs.start, "pour 0->1")
(3, 5, 0)
>>> print(jugs.render((3, 5, 0)))
3/8 5/5 0/3
>>> from puzzlelab.search import bfs
>>> bfs(jugs).cost
7
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ..errors import BoardError

State = tuple[int, ...]


def _amounts(values, what: str) -> tuple[int, ...]:
    """Return *values* as a tuple of whole numbers, or raise a BoardError naming *what*."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    try:
        amounts = tuple(values)
    except TypeError:
        raise BoardError(f"{what} must be a list of whole numbers, not {values!r}") from None
    for value in amounts:
        if isinstance(value, str) and value.strip().isdigit():
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise BoardError(f"{what} must be whole numbers, but {value!r} is not")
    return tuple(int(value) for value in amounts)


class WaterJugs:
    """Jugs of given capacities; reach a target by pouring (and filling/emptying with a tap).

    Parameters
    ----------
    capacities : sequence of int
        The jug sizes, each a whole number of at least 1 (text ``"8,5,3"`` is accepted).
    start : sequence of int, optional
        The amounts at the start, each between 0 and its jug's capacity (default: all empty).
    target : int or sequence of int
        One amount that any jug may hold, or a whole state (see the module docstring).
    tap : bool
        Allow ``fill i`` (to the brim, from the tap) and ``empty i`` (down the sink).

    Raises
    ------
    BoardError
        Malformed capacities, start or target, or (without a tap) a target state whose
        total differs from the start's, since pouring never changes the total.

    Examples
    --------
    >>> jugs = WaterJugs((3, 5), target=4, tap=True)
    >>> jugs.start, jugs.goal
    ((0, 0), None)
    >>> jugs.is_goal((3, 4))
    True
    >>> WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 1))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: without a tap the total stays 8 litres, but target (4, 4, 1) ...
    """

    def __init__(self, capacities, start=None, target=None, tap: bool = False):
        self.capacities = _amounts(capacities, "capacities")
        if not self.capacities or min(self.capacities) < 1:
            raise BoardError(
                f"capacities {self.capacities} are not allowed: give at least one jug, "
                "each holding a whole number of litres of at least 1"
            )
        self.tap = bool(tap)
        self.start = self._state(start if start is not None else [0] * len(self), "start")
        self.target, self.goal = self._target(target)
        self.heuristics = {}

    def __len__(self) -> int:
        return len(self.capacities)

    def __repr__(self) -> str:
        return (
            f"WaterJugs({self.capacities}, start={self.start}, target={self.target!r}, "
            f"tap={self.tap})"
        )

    # ------------------------------------------------------------ checking input

    def _state(self, values, what: str) -> State:
        state = _amounts(values, what)
        if len(state) != len(self):
            raise BoardError(
                f"{what} {state} has {len(state)} amounts, but there are {len(self)} jugs"
            )
        for amount, capacity in zip(state, self.capacities):
            if not 0 <= amount <= capacity:
                raise BoardError(
                    f"{what} {state} puts {amount} litres in a {capacity}-litre jug; "
                    f"each amount must be between 0 and its jug's capacity {self.capacities}"
                )
        return state

    def _target(self, target) -> tuple[int | State, State | None]:
        if target is None:
            raise BoardError("give a target: one amount (e.g. 4) or a whole state (e.g. 4,4,0)")
        if isinstance(target, str) and target.strip().isdigit():
            target = int(target)
        if isinstance(target, int) and not isinstance(target, bool):
            most = max(self.capacities) if self.tap else min(max(self.capacities), self.total)
            if not 0 <= target <= most:
                raise BoardError(
                    f"target amount {target} cannot fit: it must be between 0 and {most} "
                    "(the largest jug" + ("" if self.tap else ", and the water there is") + ")"
                )
            return target, None
        goal = self._state(target, "target")
        if not self.tap and sum(goal) != self.total:
            raise BoardError(
                f"without a tap the total stays {self.total} litres, but target {goal} holds "
                f"{sum(goal)}; give a target with the same total or use tap=True"
            )
        return goal, goal

    @property
    def total(self) -> int:
        """The litres of water at the start (constant when there is no tap)."""
        return sum(self.start)

    # ------------------------------------------------------------ the rules

    def actions(self, state: State) -> list[str]:
        """Return the actions that change *state*: pours first, then fills and empties."""
        moves = [
            f"pour {i}->{j}"
            for i in range(len(self))
            for j in range(len(self))
            if i != j and state[i] > 0 and state[j] < self.capacities[j]
        ]
        if self.tap:
            moves += [f"fill {i}" for i in range(len(self)) if state[i] < self.capacities[i]]
            moves += [f"empty {i}" for i in range(len(self)) if state[i] > 0]
        return moves

    def result(self, state: State, action: str) -> State:
        """Return the state after *action* (one of :meth:`actions`)."""
        verb, _, jugs = action.partition(" ")
        amounts = list(state)
        if verb == "pour":
            i, j = (int(k) for k in jugs.split("->"))
            moved = min(amounts[i], self.capacities[j] - amounts[j])
            amounts[i] -= moved
            amounts[j] += moved
        elif verb == "fill" and self.tap:
            amounts[int(jugs)] = self.capacities[int(jugs)]
        elif verb == "empty" and self.tap:
            amounts[int(jugs)] = 0
        else:
            allowed = '"pour i->j", "fill i", "empty i"' if self.tap else '"pour i->j"'
            raise BoardError(f"unknown action {action!r}; allowed: {allowed}")
        return tuple(amounts)

    def successors(self, state: State) -> list[tuple[str, State, int]]:
        """Return ``(action, next_state, 1)`` for every action from *state*."""
        return [(action, self.result(state, action), 1) for action in self.actions(state)]

    def predecessors(self, state: State) -> list[tuple[str, State]]:
        """Return ``(action, previous_state)`` pairs: *action* leads from previous to *state*.

        Every state that leads there counts, reachable from the start or not.

        >>> before = WaterJugs((3, 5), (0, 0), 4, tap=True).predecessors((3, 0))
        >>> sorted(before)[:3]
        [('empty 1', (3, 1)), ('empty 1', (3, 2)), ('empty 1', (3, 3))]
        >>> ('pour 1->0', (0, 3)) in before, ('fill 0', (0, 0)) in before
        (True, True)
        """
        found = []
        for previous in self._neighbours_before(state):
            for action, after, _ in self.successors(previous):
                if after == state:
                    found.append((action, previous))
        return found

    def _neighbours_before(self, state: State) -> Iterable[State]:
        """Candidate previous states: any one or two jugs changed, the rest the same."""
        seen = set()
        for i, capacity in enumerate(self.capacities):
            for amount in range(capacity + 1):
                changed = state[:i] + (amount,) + state[i + 1 :]
                if self.tap and changed != state and changed not in seen:
                    seen.add(changed)
                    yield changed
                for j in range(len(self)):
                    back = state[j] + state[i] - amount  # pouring keeps the pair's total
                    if j != i and 0 <= back <= self.capacities[j]:
                        pair = list(changed)
                        pair[j] = back
                        pair = tuple(pair)
                        if pair != state and pair not in seen:
                            seen.add(pair)
                            yield pair

    def is_goal(self, state: State) -> bool:
        """Return whether *state* meets the target."""
        if self.goal is not None:
            return state == self.goal
        return self.target in state

    def cost(self, state: State, action: str, next_state: State) -> int:
        """Every action costs 1."""
        return 1

    def render(self, state: State) -> str:
        """Return the amounts as text, ``amount/capacity`` for each jug."""
        return " ".join(f"{a}/{c}" for a, c in zip(state, self.capacities))

    def state_graph(self):
        """Return a networkx ``DiGraph`` of every state reachable from the start.

        Edges carry their ``action``; goal states have ``goal=True``.

        >>> graph = WaterJugs((8, 5, 3), (8, 0, 0), (4, 4, 0)).state_graph()
        >>> graph.number_of_nodes(), graph.nodes[(4, 4, 0)]["goal"]
        (16, True)
        """
        import networkx as nx

        graph = nx.DiGraph()
        graph.add_node(self.start, goal=self.is_goal(self.start))
        frontier = deque([self.start])
        while frontier:
            state = frontier.popleft()
            for action, next_state, _ in self.successors(state):
                if next_state not in graph:
                    graph.add_node(next_state, goal=self.is_goal(next_state))
                    frontier.append(next_state)
                graph.add_edge(state, next_state, action=action)
        return graph
