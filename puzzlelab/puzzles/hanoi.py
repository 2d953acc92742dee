"""The Tower of Hanoi: move a stack of disks from peg 0 to the last peg, one disk at a time.

A *state* gives the peg of each disk (disk 0 the smallest); an *action* ``"0->2"`` moves the
top disk of peg 0 onto peg 2. The example of docs/guide/new-puzzle.md."""

from __future__ import annotations

from ..errors import BoardError, whole_number

State = tuple[int, ...]


class TowerOfHanoi:
    """The Tower of Hanoi with *disks* disks on *pegs* pegs.

    Parameters
    ----------
    disks, pegs : int
        At least 1 disk, and 3 pegs.

    Examples
    --------
    >>> from puzzlelab.search import bfs
    >>> hanoi = TowerOfHanoi(3)
    >>> hanoi.actions(hanoi.start), hanoi.result(hanoi.start, "0->2")
    (['0->1', '0->2'], (2, 0, 0))
    >>> bfs(hanoi).actions
    ['0->2', '0->1', '2->1', '0->2', '1->0', '1->2', '0->2']
    >>> TowerOfHanoi(pegs=2)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: the number of pegs must be a whole number of at least 3, not 2
    """

    def __init__(self, disks: int = 3, pegs: int = 3) -> None:
        self.disks = whole_number(disks, "the number of disks", least=1, error=BoardError)
        self.pegs = whole_number(pegs, "the number of pegs", least=3, error=BoardError)
        self.start: State = (0,) * self.disks
        self.goal: State = (self.pegs - 1,) * self.disks
        self.heuristics = {"not_home": self.not_home}

    def __repr__(self) -> str:
        return f"TowerOfHanoi(disks={self.disks}, pegs={self.pegs})"

    def tops(self, state: State) -> list[int | None]:
        """Return the top disk of every peg (``None`` for an empty peg)."""
        return [disks[-1] if disks else None for disks in self.stacks(state)]

    def actions(self, state: State) -> list[str]:
        """Return the legal moves, ``"from->to"``, in order of the pegs."""
        top = self.tops(state)
        return [
            f"{a}->{b}"
            for a, moved in enumerate(top)
            if moved is not None
            for b, under in enumerate(top)
            if b != a and (under is None or under > moved)
        ]

    def result(self, state: State, action: str) -> State:
        """Return the state after *action*, one of :meth:`actions`."""
        allowed = self.actions(state)
        if action not in allowed:  # checked first: "0->5" or "-2->0" must not reach a peg
            raise BoardError(f"{action!r} is not a move here; allowed: {', '.join(allowed)}")
        return self._moved(state, action)

    def successors(self, state: State) -> list[tuple[str, State, int]]:
        """Return ``(action, next_state, 1)`` for every legal move."""
        return [(action, self._moved(state, action), 1) for action in self.actions(state)]

    def _moved(self, state: State, action: str) -> State:
        a, b = (int(peg) for peg in action.split("->"))
        disk = self.tops(state)[a]
        assert disk is not None  # an allowed move takes the top disk of a peg that has one
        return state[:disk] + (b,) + state[disk + 1 :]

    def predecessors(self, state: State) -> list[tuple[str, State]]:
        """Return ``(action, previous_state)`` pairs: every move is undone by its opposite."""
        moves = ((action.split("->"), before) for action, before, _ in self.successors(state))
        return [(f"{b}->{a}", before) for (a, b), before in moves]

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def cost(self, state: State, action: str, next_state: State) -> int:
        return 1

    def not_home(self, state: State) -> int:
        """Return how many disks are not yet on the last peg (each must move at least once)."""
        return sum(1 for peg in state if peg != self.pegs - 1)

    heuristic = not_home  # the default heuristic

    def stacks(self, state: State) -> list[list[int]]:
        """Return the disks on each peg, bottom (largest) first."""
        stacks: list[list[int]] = [[] for _ in range(self.pegs)]
        for disk in reversed(range(len(state))):
            stacks[state[disk]].append(disk)
        return stacks

    def render(self, state: State | None = None) -> str:
        """Return the state as one line of text, each peg's disks from the bottom up."""
        state = self.start if state is None else state
        return " | ".join(
            f"peg {peg}: {' '.join(map(str, disks)) or '-'}"
            for peg, disks in enumerate(self.stacks(state))
        )
