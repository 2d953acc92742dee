"""Peg solitaire: jump pegs over each other until a single peg is left.

A position is a bit mask, bit *h* set when hole *h* holds a peg; a *move* is a chain of jumps
by one peg, written as the holes it lands in from where it stands: ``(6, 3, 8, 6, 14)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import BoardError, UnsolvableError
from .pegs_boards import Board, get_board, render
from .pegs_notation import Move, Pegs, holes_of, pegs_of


def position_class(board: Board, pegs: Pegs) -> tuple[int, ...]:
    """Return the position's class, which a jump never changes (per colouring, the parities of
    the peg counts of colours 0 + 1 and 1 + 2).

    >>> french = get_board("french")
    >>> position_class(french, french.full ^ 1 << 19) == position_class(french, 1 << 19)
    False
    """
    found = []
    for colour in board.colourings:
        counts = [0, 0, 0]
        for hole in holes_of(pegs):
            counts[colour[hole]] += 1
        found += [(counts[0] + counts[1]) % 2, (counts[1] + counts[2]) % 2]
    return tuple(found)


def jump(pegs: Pegs, start: int, over: int, to: int) -> Pegs:
    """Return *pegs* after the peg in *start* jumps over *over* into *to* (not checked).

    >>> holes_of(jump(pegs_of([4, 2]), 4, 2, 1))
    (1,)
    """
    return pegs ^ (1 << start | 1 << over | 1 << to)


def moves(board: Board, pegs: Pegs) -> list[tuple[Move, Pegs]]:
    """Return ``(move, pegs_after)`` for every chain of jumps by one peg, in hole order (of
    chains that leave the same position, the first found).

    >>> board = get_board("triangle21")
    >>> after_two = jump(jump(board.full ^ 1 << 7, 15, 10, 7), 12, 11, 10)
    >>> [move for move, _ in moves(board, after_two)]
    [(4, 11), (5, 12), (7, 15), (9, 11), (13, 15), (17, 15), (21, 12)]
    """
    found: dict[Pegs, Move] = {}

    def extend(chain: Move, position: Pegs) -> None:
        for over, to in board.jumps_from[chain[-1]]:
            if not position >> over & 1 or position >> to & 1:
                continue
            after = jump(position, chain[-1], over, to)
            if after not in found:
                found[after] = chain + (to,)
            extend(chain + (to,), after)

    for hole in holes_of(pegs):
        extend((hole,), pegs)
    return [(move, after) for after, move in found.items()]


def apply_move(board: Board, pegs: Pegs, move: Iterable[int]) -> Pegs:
    """Return *pegs* after *move*, checking every jump.

    >>> board = get_board("triangle21")
    >>> holes_of(apply_move(board, pegs_of([13, 14, 10]), (13, 15, 7)))
    (7,)
    """
    move = tuple(move)
    name = "→".join(map(str, move))
    if len(move) < 2:
        raise BoardError(f"move {move!r} needs at least two holes: where the peg starts and lands")
    for hole in move:
        board.check_hole(hole, f"move {name}: hole")
    if not pegs >> move[0] & 1:
        raise BoardError(f"move {name}: no peg in hole {move[0]} to move")
    for start, to in zip(move, move[1:]):
        over = next((o for o, t in board.jumps_from[start] if t == to), None)
        if over is None:
            raise BoardError(f"move {name}: {start}→{to} is not a jump on the {board.name} board")
        if not pegs >> over & 1:
            raise BoardError(f"move {name}: no peg in hole {over} to jump over")
        if pegs >> to & 1:
            raise BoardError(f"move {name}: hole {to} is not empty")
        pegs = jump(pegs, start, over, to)
    return pegs


def replay(board: Board, pegs: Pegs, moves_made: Iterable[Iterable[int]]) -> list[Pegs]:
    """Return the positions from *pegs* through every move of *moves_made*, checked.

    >>> board = get_board("triangle15")
    >>> path = replay(board, board.full ^ 1 << 1, [(4, 1), (13, 4)])
    >>> [len(holes_of(position)) for position in path]
    [14, 13, 12]
    """
    path = [pegs]
    for move in moves_made:
        path.append(apply_move(board, path[-1], move))
    return path


class PegSolitaire:
    """A peg-solitaire problem: a board, a start position and the hole of the last peg.

    Parameters
    ----------
    board : str or Board
        One of :data:`~.BOARDS`.
    hole : int, optional
        The empty hole at the start (default: the board's usual one).
    finish : int, optional
        The hole of the last peg (default: *hole*).
    start : holes or bit mask, optional
        The holes with pegs, instead of *hole*.

    Examples
    --------
    >>> from puzzlelab.search import dfs
    >>> puzzle = PegSolitaire("triangle21", hole=7)
    >>> puzzle.actions(puzzle.start)
    [(15, 7), (17, 7)]
    >>> result = dfs(PegSolitaire("triangle15", hole=4))
    >>> result.status, holes_of(result.path[-1])  # one peg left, in hole 4
    ('solved', (4,))
    """

    def __init__(
        self,
        board: str | Board = "triangle21",
        hole: int | str | None = None,
        *,
        finish: int | str | None = None,
        start: Iterable[int] | Pegs | None = None,
    ) -> None:
        self.board = get_board(board)
        if start is not None and hole is not None:
            raise BoardError("give either the empty hole or the start pegs, not both")
        self.hole: int | None = None  # the empty hole, if the start is every hole but one
        if start is None:
            self.hole = self.board.check_hole(self.board.usual_hole if hole is None else hole)
            self.start: Pegs = self.board.full ^ 1 << self.hole
        else:
            self.start = self._pegs(start)
        if finish is None:
            if self.hole is None:
                raise BoardError("with start pegs given, say where the last peg must finish")
            finish = self.hole
        self.finish = self.board.check_hole(finish, "finish")
        self.goal: Pegs = 1 << self.finish
        self.heuristics = {"corners": self.corner_bound}

    def _pegs(self, start: Iterable[int] | Pegs) -> Pegs:
        if isinstance(start, bool) or not isinstance(start, (int, Iterable)):
            raise BoardError(
                f"start must be the holes with pegs (e.g. [1, 2, 5]) or their bit mask, "
                f"not {start!r}"
            )
        if isinstance(start, int):
            if start < 0 or start & ~self.board.full:
                raise BoardError(f"start mask {start} has bits outside the {self.board.name} holes")
            pegs = start
        else:
            holes = [self.board.check_hole(hole, "start peg in hole") for hole in start]
            if len(set(holes)) != len(holes):
                raise BoardError(f"start pegs {holes} name a hole twice; one peg per hole")
            pegs = pegs_of(holes)
        if not pegs:
            raise BoardError("the start has no pegs; give at least one")
        return pegs

    def __repr__(self) -> str:
        if self.hole is not None and self.finish == self.hole:
            return f"PegSolitaire({self.board.name!r}, hole={self.hole})"
        return (
            f"PegSolitaire({self.board.name!r}, start={list(holes_of(self.start))}, "
            f"finish={self.finish})"
        )

    def with_start(self, pegs: Iterable[int] | Pegs) -> PegSolitaire:
        return PegSolitaire(self.board, start=pegs, finish=self.finish)

    def actions(self, state: Pegs) -> list[Move]:
        return [move for move, _ in moves(self.board, state)]

    def result(self, state: Pegs, action: Move) -> Pegs:
        return apply_move(self.board, state, action)

    def successors(self, state: Pegs) -> list[tuple[Move, Pegs, int]]:
        """Return ``(move, next_state, 1)`` for every move: a whole chain costs 1."""
        return [(move, after, 1) for move, after in moves(self.board, state)]

    def is_goal(self, state: Pegs) -> bool:
        """Return whether one peg is left, in the finish hole."""
        return state == self.goal

    def cost(self, state: Pegs, action: Move, next_state: Pegs) -> int:
        return 1

    def corner_bound(self, state: Pegs) -> int:
        """Return the pegs in corners but the finish: each needs a move of its own."""
        return sum(1 for hole in self.board.corners if state >> hole & 1 and hole != self.finish)

    def check_solvable(self) -> None:
        """Raise UnsolvableError when :func:`position_class` or :func:`group_argument` proves it."""
        board = self.board
        if position_class(board, self.start) != position_class(board, self.goal):
            raise UnsolvableError(
                f"{board.name}: the start and the goal are in different position classes "
                "(colour the holes in three colours so that every jump touches each colour "
                "once: each jump flips the parity of all three peg counts, so whether two "
                "colours' counts agree in parity never changes, and here it differs)"
            )
        argument = group_argument(self)
        if argument["unsolvable"]:
            raise UnsolvableError(f"{board.name}: {argument['reason']}")

    def render(self, state: Pegs | None = None) -> str:
        return render(self.board, self.start if state is None else state)


def group_argument(puzzle: PegSolitaire) -> dict[str, Any]:
    """Return the argument about peg groups for *puzzle*, as plain data: if every corner peg
    leaves by jumping over one group X, each uses up one of the ``removable`` X pegs (more corner
    pegs: no solution; as many: no other peg may jump an X peg, ``reduced_jumps``).

    >>> argument = group_argument(PegSolitaire("triangle21", hole=7))
    >>> argument["applies"], sorted(argument["group"]), argument["corner_pegs"]
    (True, [3, 6, 8, 14, 16, 18], 6)
    >>> len(argument["reduced_jumps"]), len(get_board("triangle21").jumps)
    (36, 48)
    """
    board = puzzle.board
    corners = board.corners
    crossed = {g for g in board.groups for start, over, _ in board.jumps
               if start in corners and over in g}  # fmt: skip
    found = {"applies": False, "unsolvable": False, "corners": sorted(corners), "group": [],
             "corner_pegs": 0, "removable": 0, "reduced_jumps": board.jumps}  # fmt: skip
    if not corners or len(crossed) != 1:
        found["reason"] = "the corner pegs do not all jump over pegs of one group"
        return found
    (group,) = crossed
    in_group = pegs_of(group)
    corner_pegs = sum(1 for hole in corners if puzzle.start >> hole & 1)
    removable = (puzzle.start & in_group).bit_count() - (puzzle.goal & in_group).bit_count()
    found.update(group=sorted(group), corner_pegs=corner_pegs, removable=removable)
    if puzzle.finish in corners:
        found["reason"] = f"the last peg must finish in corner {puzzle.finish}"
    elif corner_pegs > removable:
        found["unsolvable"] = True
        found["reason"] = (
            f"the {corner_pegs} corner pegs can only leave by jumping over pegs in holes "
            f"{sorted(group)}, and only {removable} of those can be removed"
        )
    elif corner_pegs < removable:
        found["reason"] = (
            f"{removable} pegs of group {sorted(group)} are to be removed but the "
            f"{corner_pegs} corner pegs need only {corner_pegs}, so other pegs may jump them"
        )
    else:
        found["applies"] = True
        found["reason"] = (
            f"the {corner_pegs} corner pegs need all {removable} removable pegs of group "
            f"{sorted(group)}, so only corner pegs may jump over that group"
        )
        found["reduced_jumps"] = tuple(
            (start, over, to) for start, over, to in board.jumps
            if start in corners or over not in group
        )  # fmt: skip
    return found
