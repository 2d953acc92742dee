"""Water jugs: measure an amount of water by pouring between jugs (and, with a tap, filling them).

A *state* is the amounts in each jug, numbered from 0; an *action* ``"pour 0->1"`` or, with a
tap, ``"fill 1"`` and ``"empty 2"``.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable

from ..errors import BoardError, UnsolvableError, whole_number

State = tuple[int, ...]
Amounts = str | Iterable[int]

ACTION = re.compile(r"(pour) ([0-9]+)->([0-9]+)|(fill|empty) ([0-9]+)", re.ASCII)

#: What an action may cost: ``"action"``, 1 each; ``"litre"``, the litres it moves.
COSTS = ("action", "litre")


def _amounts(values: Amounts, what: str) -> tuple[int, ...]:
    """*values* (numbers, or text such as ``"8, 5 3"``) as whole numbers."""
    given: Iterable[object] = _words(values, what) if isinstance(values, str) else values
    try:
        amounts = tuple(given)
    except TypeError:
        raise BoardError(
            f"{what} must be a list of whole numbers (e.g. 8,5,3), not {values!r}"
        ) from None
    each = "each of the capacities" if what == "capacities" else f"each amount of the {what}"
    return tuple(whole_number(value, each, text=True, error=BoardError) for value in amounts)


def _words(text: str, what: str) -> list[str]:
    """The amounts written in *text*, parted by commas or spaces."""
    if any(not part.strip() for part in text.split(",")) and text.strip():
        raise BoardError(
            f"{text!r} ({what}) has nothing between two commas; write a whole number between "
            "each two commas, e.g. 8,5,3"
        )
    return text.replace(",", " ").split()


class WaterJugs:
    """Jugs of given capacities; reach a target by pouring (and filling/emptying with a tap).

    Parameters
    ----------
    capacities : sequence of int or str
        The jug sizes, each at least 1 (text ``"8,5,3"`` is accepted).
    start : sequence of int, optional
        The amounts at the start (default: all empty).
    target : int or sequence of int
        One amount that any jug may hold, or a whole state (then also the ``goal``).
    tap : bool
        Allow ``fill i`` (from the tap) and ``empty i`` (down the sink).
    cost : {"action", "litre"}
        What an action costs: 1, or the litres it moves.

    Examples
    --------
    >>> jugs = WaterJugs((3, 5), target=4, tap=True)
    >>> jugs.start, jugs.goal, jugs.is_goal((3, 4)), jugs.actions((0, 0))
    ((0, 0), None, True, ['fill 0', 'fill 1'])
    >>> jugs.result((3, 0), "pour 0->1"), jugs.render((0, 3))
    ((0, 3), '0/3 3/5')
    """

    def __init__(
        self,
        capacities: Amounts,
        start: Amounts | None = None,
        target: int | Amounts | None = None,
        tap: bool = False,
        cost: str = "action",
    ) -> None:
        self.capacities = _amounts(capacities, "capacities")
        if not self.capacities or min(self.capacities) < 1:
            raise BoardError(
                f"capacities {self.capacities} are not allowed: give at least one jug, "
                "each holding a whole number of litres of at least 1 (e.g. 8,5,3)"
            )
        if not isinstance(tap, bool):
            raise BoardError(f"tap must be True or False, not {tap!r}")
        self.tap = tap
        if cost not in COSTS:
            raise BoardError(f"cost must be one of {', '.join(map(repr, COSTS))}, not {cost!r}")
        self.cost_per = cost
        self.start = self._state(start if start is not None else [0] * len(self), "start")
        self.target, self.goal = self._target(target)

    def __len__(self) -> int:
        return len(self.capacities)

    def __repr__(self) -> str:
        return (
            f"WaterJugs({self.capacities}, start={self.start}, target={self.target!r}, "
            f"tap={self.tap})"
        )

    def _state(self, values: Amounts, what: str) -> State:
        state = _amounts(values, what)
        if len(state) != len(self):
            raise BoardError(
                f"{what} {state} has {len(state)} amounts, but there are {len(self)} jugs "
                f"{self.capacities}: give one amount per jug"
            )
        for amount, capacity in zip(state, self.capacities):
            if not 0 <= amount <= capacity:
                raise BoardError(
                    f"{what} {state} puts {amount} litres in the {capacity}-litre jug; "
                    f"each amount must be between 0 and its jug's capacity {self.capacities}"
                )
        return state

    def _target(self, target: int | Amounts | None) -> tuple[int | State, State | None]:
        if target is None:
            raise BoardError("give a target: one amount (e.g. 4) or a whole state (e.g. 4,4,0)")
        if isinstance(target, str) and len(_words(target, "target")) <= 1:
            return self._target_amount(target.replace(",", " ").strip()), None
        if isinstance(target, (int, numbers.Number)):  # an int is a Number: named for mypy
            return self._target_amount(target), None
        goal = self._state(target, "target")
        if not self.tap and sum(goal) != self.total:
            raise BoardError(
                f"without a tap the total stays {self.total} litres, but target {goal} holds "
                f"{sum(goal)}; give a target with the same total, or use a tap "
                "(tap=True; --tap on the command line)"
            )
        return goal, goal

    def _target_amount(self, given: object) -> int:
        target = whole_number(given, "the target amount", text=True, error=BoardError)
        largest = max(self.capacities)
        if not 0 <= target <= largest:
            raise BoardError(
                f"target amount {target} cannot fit: it must be between 0 and {largest} "
                "litres, the size of the largest jug"
            )
        if not self.tap and target > self.total:
            raise BoardError(
                f"target amount {target} is more than the {self.total} litres there are, and "
                "without a tap no water is added: give a start with more water, or use a tap "
                "(tap=True; --tap on the command line)"
            )
        return target

    @property
    def total(self) -> int:
        """The litres of water at the start."""
        return sum(self.start)

    @property
    def common_measure(self) -> int:
        """The gcd of the capacities and start amounts: every amount is a multiple of it."""
        return math.gcd(*self.capacities, *self.start)

    def actions(self, state: State) -> list[str]:
        """Return the actions that change *state*: pours first, then fills and empties."""
        return [action for action, _, _ in self._moves(state)]

    def _moves(self, state: State) -> list[tuple[str, str, tuple[int, ...]]]:
        n, capacities = len(self), self.capacities
        moves: list[tuple[str, str, tuple[int, ...]]] = [
            (f"pour {i}->{j}", "pour", (i, j))
            for i in range(n)
            for j in range(n)
            if i != j and state[i] > 0 and state[j] < capacities[j]
        ]
        if self.tap:
            moves += [(f"fill {i}", "fill", (i,)) for i in range(n) if state[i] < capacities[i]]
            moves += [(f"empty {i}", "empty", (i,)) for i in range(n) if state[i] > 0]
        return moves

    def result(self, state: State, action: str) -> State:
        return self._apply(state, *self._parse(action))

    def _apply(self, state: State, verb: str, jugs: tuple[int, ...]) -> State:
        litres = list(state)
        if verb == "pour":
            i, j = jugs
            moved = min(litres[i], self.capacities[j] - litres[j])
            litres[i] -= moved
            litres[j] += moved
        elif verb == "fill":
            litres[jugs[0]] = self.capacities[jugs[0]]
        else:
            litres[jugs[0]] = 0
        return tuple(litres)

    def _parse(self, action: str) -> tuple[str, tuple[int, ...]]:
        """Return ``(verb, jug numbers)`` of *action*, checked."""
        found = ACTION.fullmatch(action) if isinstance(action, str) else None
        jugs: tuple[int, ...]
        if found and found[1]:
            verb, jugs = "pour", (int(found[2]), int(found[3]))
        elif found:
            verb, jugs = found[4], (int(found[5]),)
        if (
            not found
            or (verb != "pour" and not self.tap)
            or max(jugs) >= len(self)
            or (verb == "pour" and jugs[0] == jugs[1])
        ):
            allowed = '"pour i->j", "fill i", "empty i"' if self.tap else '"pour i->j"'
            raise BoardError(
                f"unknown action {action!r}; allowed: {allowed} with jugs i != j numbered "
                f"0 to {len(self) - 1}" + ("" if self.tap else " (fill and empty need a tap)")
            )
        return verb, jugs

    def successors(self, state: State) -> list[tuple[str, State, int]]:
        found = []
        for action, verb, jugs in self._moves(state):
            after = self._apply(state, verb, jugs)
            found.append((action, after, self.cost(state, action, after)))
        return found

    def predecessors(self, state: State) -> list[tuple[str, State]]:
        """Return ``(action, previous_state)`` pairs (pours are not always reversible)."""
        return [
            (action, previous)
            for previous in self._candidates_before(state)
            for action, after, _ in self.successors(previous)
            if after == state
        ]

    def _candidates_before(self, state: State) -> Iterable[State]:
        """States that differ from *state* in one jug (a tap's work) or two (a pour's)."""
        seen = {state}
        for i, capacity in enumerate(self.capacities):
            for amount in range(capacity + 1):
                changed = state[:i] + (amount,) + state[i + 1 :]
                if self.tap and changed not in seen:
                    seen.add(changed)
                    yield changed
                for j in range(len(self)):
                    back = state[j] + state[i] - amount  # pouring keeps the pair's total
                    if j != i and 0 <= back <= self.capacities[j]:
                        pair = changed[:j] + (back,) + changed[j + 1 :]
                        if pair not in seen:
                            seen.add(pair)
                            yield pair

    def is_goal(self, state: State) -> bool:
        return state == self.goal if self.goal is not None else self.target in state

    def cost(self, state: State, action: str, next_state: State) -> int:
        """Return 1 for every action, or with ``cost="litre"`` the litres that moved."""
        if self.cost_per == "action":
            return 1
        # A pour changes two jugs by the same amount; filling or emptying changes one.
        return max(abs(after - before) for before, after in zip(state, next_state))

    def jug_name(self, i: int, short: bool = False) -> str:
        """Return jug *i* in words: ``"8L jug"`` (short: ``"8L"``), or ``"jug 1 (4L)"``."""
        capacity = self.capacities[i]
        if self.capacities.count(capacity) == 1:
            return f"{capacity}L" if short else f"{capacity}L jug"
        return f"jug {i}" if short else f"jug {i} ({capacity}L)"

    def describe(self, action: str, short: bool = False) -> str:
        """*action* in words: ``"pour 8L jug into 5L jug"`` (*short*: ``"pour 8L into 5L"``)."""
        verb, jugs = self._parse(action)
        names = [self.jug_name(i, short) for i in jugs]
        return f"{verb} {names[0]}" + (f" into {names[1]}" if verb == "pour" else "")

    def render(self, state: State) -> str:
        """Return the amounts as text, ``amount/capacity`` for each jug."""
        return " ".join(f"{a}/{c}" for a, c in zip(state, self.capacities))

    def check_solvable(self) -> None:
        reason = self.why_unreachable()
        if reason:
            raise UnsolvableError(f"target {self.target} cannot be reached: {reason}")

    def why_unreachable(self) -> str:
        """Return a reason why the target can never be met, or ``""`` if none is known."""
        measure = self.common_measure
        wanted = self.target if isinstance(self.target, tuple) else (self.target,)
        if any(amount % measure for amount in wanted):
            return (
                f"every amount stays a multiple of {measure} litres (the gcd of the "
                f"capacities and the start amounts), but the target {self.target} is not"
            )
        if self.goal is not None and self.goal != self.start:
            edges = [a in (0, c) for a, c in zip(self.goal, self.capacities)]
            if not any(edges):
                return (
                    "after every action some jug is empty or full, but in the target "
                    "no jug is empty or full"
                )
        return ""
