"""Replaying a backtracking trace (``trace=``): the board after each step, and the counts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import BoardError
from ..puzzles.queens import Placement, check_size, safe
from .queens import Event


@dataclass(frozen=True)
class TraceStep:
    """The board after one step of a backtracking trace (``event`` None: the empty board).

    >>> TraceStep(1, ("place", 0, 2), (2,), 1, 0, 0, False).describe()
    'place row 0 col 2'
    """

    index: int
    event: Event | None
    placement: Placement
    placed: int
    retreats: int
    solutions: int
    solution: bool

    def describe(self) -> str:
        """The step in words, e.g. ``place row 3 col 5``."""
        if self.event is None:
            return "empty board"
        kind, row, col = self.event
        return f"{kind} row {row} col {col}" + (" (a solution!)" if self.solution else "")


def replay(trace: Iterable[Event], n: int) -> list[TraceStep]:
    """Return the board after each step of *trace*, the empty board first; BoardError if a step
    is not one backtracking can take.

    >>> steps = []
    >>> from puzzlelab.solvers.queens import backtracking
    >>> _ = backtracking(4, first_only=True, trace=steps)
    >>> last = replay(steps, 4)[-1]
    >>> last.placement, last.placed, last.retreats, last.solutions
    ((1, 3, 0, 2), 8, 4, 1)
    """
    n = check_size(n)
    placement: Placement = ()
    placed = retreats = solutions = 0
    frames = [TraceStep(0, None, placement, 0, 0, 0, False)]
    for index, event in enumerate(trace, start=1):
        kind, row, col = event
        if kind == "place":
            if row != len(placement) or not (0 <= col < n) or not safe(placement, col):
                raise BoardError(f"step {index}: cannot place a queen on row {row} col {col} "
                                 f"with {placement} on the board")  # fmt: skip
            placement += (col,)
            placed += 1
            solutions += len(placement) == n
        elif kind == "retreat":
            if not placement or (len(placement) - 1, placement[-1]) != (row, col):
                raise BoardError(f"step {index}: the last queen placed is not on row {row} "
                                 f"col {col} (board: {placement})")  # fmt: skip
            placement = placement[:-1]
            retreats += 1
        else:
            raise BoardError(f"step {index}: {kind!r} is not 'place' or 'retreat'")
        solution = kind == "place" and len(placement) == n
        frames.append(TraceStep(index, event, placement, placed, retreats, solutions, solution))
    return frames
