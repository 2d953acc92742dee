"""Sliding-tile puzzles (the 8-puzzle, the 15-puzzle and any rows x cols board).

A *state* is a tuple of tiles in row-major order, ``0`` the *blank*; an *action* is the
direction the blank moves. A board's *parity* decides whether the goal can be reached.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..errors import BoardError, UnsolvableError, whole_number
from .sliding_boards import BoardInput, State, parse_board, shape_for

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
MAX_SCRAMBLE = 1_000_000  # moves: a few seconds


class SlidingPuzzle:
    """A sliding-tile puzzle: a board shape, a start and a goal.

    Parameters
    ----------
    start, goal : str or sequence, optional
        Boards (see :func:`~.parse_board`); the start defaults to the goal, the goal to
        ``1, 2, ..., n-1, 0``.
    shape : (rows, cols), optional
        Needed only for non-square boards given as a flat list.

    Examples
    --------
    >>> puzzle = SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
    >>> puzzle.start, puzzle.actions(puzzle.start), puzzle.manhattan(puzzle.start)
    ((8, 6, 7, 2, 5, 4, 3, 0, 1), ['up', 'left', 'right'], 21)
    >>> print(puzzle.render(puzzle.result(puzzle.start, "up")))
    8 6 7
    2 . 4
    3 5 1
    >>> SlidingPuzzle(shape=(2, 3)).start
    (1, 2, 3, 4, 5, 0)
    """

    def __init__(
        self,
        start: BoardInput | None = None,
        goal: BoardInput | None = None,
        shape: tuple[int, int] | None = None,
    ) -> None:
        if goal is not None:
            self.goal, shape = parse_board(goal, shape)
        else:
            if shape is None:
                if start is None:
                    raise BoardError("give a start board, a goal board or a shape such as (3, 3)")
                shape = parse_board(start)[1]
            rows, cols = shape_for(None, shape)  # any size it checks
            self.goal = tuple(range(1, rows * cols)) + (0,)
        self.rows, self.cols = shape
        if start is None:
            self.start = self.goal
        else:
            # The goal fixed the shape: a flat start (e.g. a 2x3 tuple) is read in it.
            self.start = parse_board(start, (self.rows, self.cols))[0]
        self.size = self.rows * self.cols
        #: ``blank_moves[cell]``: the ``(direction, cell it moves to)`` pairs for a blank at *cell*.
        self.blank_moves = [
            [(name, cell + dr * self.cols + dc) for name, (dr, dc) in DIRECTIONS.items()
             if 0 <= cell // self.cols + dr < self.rows and 0 <= cell % self.cols + dc < self.cols]
            for cell in range(self.size)
        ]  # fmt: skip
        self._goal_index = {tile: i for i, tile in enumerate(self.goal)}
        self._goal_row = [self._goal_index[t] // self.cols for t in range(self.size)]
        self._goal_col = [self._goal_index[t] % self.cols for t in range(self.size)]
        #: ``home_distances[cell][tile]``: rows plus columns from *cell* to *tile*'s goal cell
        #: (0 for the blank).
        self.home_distances = [
            [abs(cell // self.cols - self._goal_row[t]) + abs(cell % self.cols - self._goal_col[t])
             if t else 0 for t in range(self.size)]
            for cell in range(self.size)
        ]  # fmt: skip
        self.heuristics = {
            "misplaced": self.misplaced,
            "manhattan": self.manhattan,
            "linear-conflict": self.linear_conflict,
        }

    def __repr__(self) -> str:
        start, goal = _one_line(self.start, self.cols), _one_line(self.goal, self.cols)
        return f"SlidingPuzzle({start!r}, goal={goal!r})"

    def with_start(self, start: BoardInput) -> SlidingPuzzle:
        """Return the same puzzle (shape and goal) from another *start*."""
        return SlidingPuzzle(start, goal=self.goal, shape=(self.rows, self.cols))

    def actions(self, state: State) -> list[str]:
        """Return the directions the blank can move in *state*."""
        return [action for action, _ in self.blank_moves[state.index(0)]]

    def result(self, state: State, action: str) -> State:
        for name, after, _ in self.successors(state):
            if name == action:
                return after
        raise ValueError(
            f"the blank cannot move {action!r} here; allowed: {', '.join(self.actions(state))}"
        )

    def successors(self, state: State) -> list[tuple[str, State, int]]:
        """Return ``(action, next_state, 1)`` for every move from *state*."""
        blank = state.index(0)
        found = []
        for action, target in self.blank_moves[blank]:
            board = list(state)
            board[blank], board[target] = board[target], 0
            found.append((action, tuple(board), 1))
        return found

    def predecessors(self, state: State) -> list[tuple[str, State]]:
        """Return ``(action, previous_state)`` pairs: every move is undone by its opposite."""
        return [(OPPOSITE[action], before) for action, before, _ in self.successors(state)]

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def cost(self, state: State, action: str, next_state: State) -> int:
        return 1

    def tile_moved(self, state: State, action: str) -> int:
        """Return the tile that slides when the blank moves *action* from *state*."""
        return self.result(state, action)[state.index(0)]

    def slide(self, state: State, tile: int) -> State:
        """Return the board after *tile*, next to the blank, slides into it."""
        movable = {self.tile_moved(state, action): action for action in self.actions(state)}
        if tile not in movable:
            allowed = ", ".join(str(t) for t in sorted(movable))
            raise ValueError(
                f"tile {tile} is not next to the blank; tiles that can slide: {allowed}"
            )
        return self.result(state, movable[tile])

    def tiles_moved(self, path: Sequence[State]) -> list[int]:
        """Name each step of *path* by the tile that slid."""
        return [after[before.index(0)] for before, after in zip(path, path[1:])]

    @property
    def reachable_states(self) -> int:
        """How many boards can reach the goal: half of all, or on a line the blank's cells."""
        if self.rows == 1 or self.cols == 1:
            return self.size
        return math.factorial(self.size) // 2

    def is_solvable(self, state: State | None = None) -> bool:
        """Return whether the goal can be reached from *state* (default: the start)."""
        return solvable(self.start if state is None else state, self.goal, self.cols)

    def check_solvable(self, state: State | None = None) -> None:
        """Raise :class:`UnsolvableError`, with the reason, if the goal is out of reach."""
        state = self.start if state is None else state
        if self.is_solvable(state):
            return
        if self.rows == 1 or self.cols == 1:
            why = (
                "on a board of one row or one column the tiles can never pass each other, "
                "so their order (the blank left out) must already be the goal's"
            )
        else:
            why = (
                "sliding a tile never changes the board's parity (tile order plus blank row), "
                "and these two differ; swapping any two tiles would make it solvable"
            )
        start, goal = _one_line(state, self.cols), _one_line(self.goal, self.cols)
        raise UnsolvableError(f"{start} cannot reach {goal}: {why}")

    def misplaced(self, state: State) -> int:
        """Return how many tiles (not the blank) are away from their goal cell."""
        return sum(1 for tile, home in zip(state, self.goal) if tile and tile != home)

    def manhattan(self, state: State) -> int:
        """Return the sum over tiles (not the blank) of rows plus columns to the goal cell."""
        return sum([row[tile] for row, tile in zip(self.home_distances, state)])

    heuristic = manhattan  # the default heuristic

    def linear_conflict(self, state: State) -> int:
        """Return Manhattan distance plus 2 for each tile that must leave its line."""
        rows, cols = self._goal_row, self._goal_col
        extra = 0
        for r in range(self.rows):
            line = state[r * self.cols : (r + 1) * self.cols]
            extra += line_conflicts([cols[t] for t in line if t and rows[t] == r])
        for c in range(self.cols):
            extra += line_conflicts([rows[t] for t in state[c :: self.cols] if t and cols[t] == c])
        return self.manhattan(state) + 2 * extra

    def random_state(self, seed: int | None = None) -> State:
        """Return a board drawn uniformly from those that can reach the goal."""
        rng = random.Random(seed)
        board = list(self.goal)
        rng.shuffle(board)
        if not self.is_solvable(tuple(board)):
            # Swapping two fixed tiles pairs every unsolvable board with one solvable
            # board, so the result stays uniform over the solvable half.
            i, j = [k for k, tile in enumerate(board) if tile][:2]
            board[i], board[j] = board[j], board[i]
        return tuple(board)

    def scramble(self, moves: int, seed: int | None = None) -> State:
        """Return the board *moves* random blank moves (none undoing the last) from the goal."""
        moves = whole_number(moves, "a scramble's number of moves", least=0, error=BoardError)
        if moves > MAX_SCRAMBLE:
            raise BoardError(f"a scramble has at most {MAX_SCRAMBLE:,} moves, not {moves:,}")
        rng = random.Random(seed)
        state = self.goal
        last: str | None = None  # the blank's previous move, not to be undone
        for _ in range(moves):
            options = [a for a in self.actions(state) if last is None or a != OPPOSITE[last]]
            last = rng.choice(options)
            state = self.result(state, last)
        return state

    def render(self, state: State | None = None) -> str:
        """Return *state* (default: the start) as aligned rows, the blank shown as ``.``."""
        state = self.start if state is None else state
        width = len(str(self.size - 1))
        lines = []
        for r in range(self.rows):
            row = state[r * self.cols : (r + 1) * self.cols]
            lines.append(" ".join((str(t) if t else ".").rjust(width) for t in row))
        return "\n".join(lines)


def line_conflicts(homes: Sequence[int]) -> int:
    """Return how many tiles of a line must leave it, given the goal places (along the line)
    of its tiles bound for it: all but a longest run in goal order.

    >>> line_conflicts([2, 0, 1])  # the tile bound for place 2 steps out and back
    1
    """
    longest = [1] * len(homes)  # longest[i]: the longest increasing run ending at homes[i]
    for i, home in enumerate(homes):
        longest[i] = 1 + max((longest[j] for j in range(i) if homes[j] < home), default=0)
    return len(homes) - max(longest, default=0)


def _one_line(state: State, cols: int) -> str:
    rows = (state[i : i + cols] for i in range(0, len(state), cols))
    return " / ".join(" ".join(map(str, row)) for row in rows)


def inversions(sequence: Sequence[int]) -> int:
    """Return the number of pairs out of order in *sequence*.

    >>> inversions([2, 1, 3])
    1
    """
    return sum(1 for i, a in enumerate(sequence) for b in sequence[i + 1 :] if a > b)


def solvable(state: State, goal: State, cols: int) -> bool:
    """Return whether *goal* can be reached from *state* on a board *cols* wide: the
    inversions of the tiles relabelled by goal cell (plus, *cols* even, the blank's row
    distance) must be even, as a move never changes that parity.

    >>> solvable((1, 2, 3, 4, 5, 6, 8, 7, 0), (1, 2, 3, 4, 5, 6, 7, 8, 0), 3)
    False
    >>> solvable((0, 1, 2), (1, 2, 0), 3), solvable((2, 1, 0), (1, 2, 0), 3)
    (True, False)
    """
    if cols == 1 or cols == len(state):  # one row or one column: tiles never pass
        return [t for t in state if t] == [t for t in goal if t]
    home = {tile: i for i, tile in enumerate(goal)}
    parity = inversions([home[t] for t in state if t]) % 2
    if cols % 2 == 0:
        blank_rows = abs(state.index(0) // cols - goal.index(0) // cols)
        parity = (parity + blank_rows) % 2
    return parity == 0
