"""Peg solitaire: jump pegs over each other until a single peg is left.

Vocabulary:

- a *board* is a set of numbered *holes* (1, 2, ..., shown to users) placed on a square or a
  triangular *lattice*, and its *jumps*: triples ``(from, over, to)`` of holes in a straight
  line, each next to the one before;
- *pegs*: a position is an int bit mask, bit *h* set when hole *h* holds a peg (bit 0 is
  unused), so ``1 << 7`` is "one peg, in hole 7". States are these ints: small and fast;
- a *jump* takes the peg in ``from`` over the peg in ``over`` into the empty ``to``; the peg
  jumped over is removed. Every jump removes exactly one peg;
- a *move* is a chain of jumps by one peg, written as the holes it lands in, starting where
  it stands: ``(6, 3, 8, 6, 14)`` is one move of four jumps, ``(15, 7)`` one move of one jump;
- the *complement problem* from hole *h*: every hole full but *h*; finish with one peg in *h*;
- *corners* are holes no jump passes over: a peg there leaves only by jumping itself;
- a *group* is the set of holes one peg can ever visit (pegs never change group).

This module holds the rules only: the boards, the moves, the goal, and the quick arguments
that prove a problem has no solution (:func:`position_class`, :func:`group_argument`). The
21-hole "modified triangle" is solved by iterative deepening, made faster by the group
argument and by a lower bound, the pegs left in corners (:meth:`PegSolitaire.corner_bound`);
those solvers live in :mod:`puzzlelab.solvers.pegs`. The 15-hole triangle and the 33-hole
English and 37-hole French boards are generated from their hole grids.

Examples
--------
>>> puzzle = PegSolitaire("triangle21", hole=7)
>>> print(puzzle.render(puzzle.start))
     o o
      o
     o o
    o . o
   o o o o
o o o o o o o
 o         o
>>> [move for move, _, _ in puzzle.successors(puzzle.start)]
[(15, 7), (17, 7)]
>>> path = replay(puzzle.board, puzzle.start, [(15, 7), (12, 10)])
>>> [position.bit_count() for position in path], format_moves([(15, 7), (12, 10)])
([20, 19, 18], '(15,7)(12,10)')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..errors import BoardError, UnsolvableError, whole_number

Jump = tuple[int, int, int]  # (from, over, to)
Move = tuple[int, ...]  # the holes one peg lands in, starting where it stands
Pegs = int  # bit h set: a peg in hole h

STEPS = {  # unit steps between neighbouring holes, as (row, column) differences
    "square": ((-1, 0), (0, -1), (0, 1), (1, 0)),
    # A triangular lattice drawn with row r shifted left by r/2: six neighbours.
    "triangular": ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)),
}


# ---------------------------------------------------------------- boards

#: The most holes a board may have: far more than any board played, and few enough that
#: the solvers' depth-first calls (one level per move) stay clear of Python's recursion limit.
MAX_HOLES = 200


@dataclass(frozen=True, eq=False)
class Board:
    """A peg-solitaire board: numbered holes on a lattice, and the jumps between them.

    Attributes
    ----------
    name : str
        How users call it, e.g. ``"triangle21"``.
    cells : dict
        ``hole -> (row, column)`` on the lattice, for drawing and for symmetry.
    lattice : str
        ``"square"`` (4 jump directions) or ``"triangular"`` (6 directions; row r is
        drawn shifted left by r/2, so ``(r, c)`` sits next to ``(r+1, c)`` and ``(r+1, c+1)``).
    jumps : tuple of (from, over, to)
        Every jump, in the order a search tries them.
    usual_hole : int
        The empty hole of the board's usual game.
    description : str
        One line about the board, for the command line's list of boards.

    Raises
    ------
    BoardError
        If the board has fewer than 2 holes or more than :data:`MAX_HOLES`.

    Examples
    --------
    >>> board = get_board("triangle15")
    >>> board, board.lattice, board.usual_hole
    (<Board triangle15: 15 holes, 36 jumps>, 'triangular', 1)
    >>> board.jumps[:2]  # (from, over, to)
    ((1, 2, 4), (1, 3, 6))
    """

    name: str
    cells: dict[int, tuple[int, int]]
    lattice: str
    jumps: tuple[Jump, ...]
    usual_hole: int
    description: str = ""

    def __post_init__(self) -> None:
        if not 2 <= len(self.cells) <= MAX_HOLES:
            raise BoardError(
                f"a board has 2 to {MAX_HOLES} holes, not {len(self.cells)}: every move takes "
                "one peg, and the solvers go one call deeper per move"
            )

    def __repr__(self) -> str:
        return f"<Board {self.name}: {len(self.cells)} holes, {len(self.jumps)} jumps>"

    @property
    def holes(self) -> tuple[int, ...]:
        """The hole numbers, in order."""
        return tuple(sorted(self.cells))

    @property
    def full(self) -> Pegs:
        """The position with a peg in every hole."""
        return pegs_of(self.cells)

    def xy(self, hole: int) -> tuple[float, float]:
        """Return where *hole* is drawn: x to the right, y up, neighbours 1 apart."""
        row, col = self.cells[hole]
        if self.lattice == "triangular":
            return col - row / 2, -row * math.sqrt(3) / 2
        return float(col), float(-row)

    def check_hole(self, hole: int | str, what: str = "hole") -> int:
        """Return *hole* if it is one of this board's holes, else raise BoardError.

        A hole may be given as text, written with the digits 0-9 (``"７"`` is refused).

        >>> board = get_board("english")
        >>> board.check_hole(" 17")
        17
        >>> board.check_hole("１７")
        Traceback (most recent call last):
        ...
        puzzlelab.errors.BoardError: hole must be a whole number written with the digits 0-9, ...
        """
        if isinstance(hole, str) and hole.strip().isdigit():  # digits, but maybe not 0-9
            hole = whole_number(hole, what, text=True, error=BoardError)
        if isinstance(hole, bool) or not isinstance(hole, int) or hole not in self.cells:
            raise BoardError(
                f"{what} {hole!r} is not on the {self.name} board: its holes are numbered "
                f"1 to {len(self.cells)}"
            )
        return hole

    @cached_property
    def jumps_from(self) -> dict[int, tuple[tuple[int, int], ...]]:
        """``hole -> ((over, to), ...)``: the jump table, the jumps of each hole in order."""
        table: dict[int, list[tuple[int, int]]] = {hole: [] for hole in self.holes}
        for start, over, to in self.jumps:
            table[start].append((over, to))
        return {hole: tuple(pairs) for hole, pairs in table.items()}

    @cached_property
    def corners(self) -> frozenset[int]:
        """The holes no jump passes over: a peg there can only leave by jumping itself."""
        return frozenset(self.cells) - {over for _, over, _ in self.jumps}

    @cached_property
    def groups(self) -> tuple[frozenset[int], ...]:
        """The sets of holes one peg can visit, largest first (ties: smallest hole first)."""
        group_of = {hole: {hole} for hole in self.cells}
        for start, _, to in self.jumps:  # join the holes a jump links, as in union-find
            if group_of[start] is not group_of[to]:
                merged = group_of[start] | group_of[to]
                for hole in merged:
                    group_of[hole] = merged
        unique = {id(g): frozenset(g) for g in group_of.values()}.values()
        return tuple(sorted(unique, key=lambda g: (-len(g), min(g))))

    @cached_property
    def symmetries(self) -> tuple[dict[int, int], ...]:
        """The rotations and mirrors that map the board onto itself, as ``hole -> hole``.

        The identity comes first. Every one also maps jumps onto jumps.
        """
        found = []
        for transform in _lattice_transforms(self.lattice):
            image = {hole: transform(*cell) for hole, cell in self.cells.items()}
            # Move the image so that its lowest-leftmost point lands on the board's.
            (r0, c0), (r1, c1) = min(self.cells.values()), min(image.values())
            where = {cell: hole for hole, cell in self.cells.items()}
            landed = {hole: where.get((r - r1 + r0, c - c1 + c0)) for hole, (r, c) in image.items()}
            mapping = {hole: to for hole, to in landed.items() if to is not None}
            if len(mapping) == len(landed) and mapping not in found:  # every hole on a hole
                found.append(mapping)
        jumps = set(self.jumps)
        return tuple(m for m in found if {(m[a], m[b], m[c]) for a, b, c in jumps} == jumps)

    @cached_property
    def colourings(self) -> tuple[dict[int, int], ...]:
        """Colourings ``hole -> 0, 1, 2`` in which every jump touches all three colours.

        A square lattice has two (by diagonals and by anti-diagonals), a triangular one has one.
        They give the position classes of :func:`position_class`.
        """
        rules: tuple[Callable[[int, int], int], ...]
        if self.lattice == "square":
            rules = ((lambda r, c: (r + c) % 3), (lambda r, c: (r - c) % 3))
        else:
            rules = ((lambda r, c: (r + c) % 3),)
        return tuple({hole: rule(*cell) for hole, cell in self.cells.items()} for rule in rules)

    def numbering(self) -> str:
        """Return the board as text with every hole's number in its place."""
        return layout(self, {hole: str(hole) for hole in self.cells}, width=2)


def _lattice_transforms(lattice: str) -> list[Callable[[int, int], tuple[int, int]]]:
    """The rotations and mirrors of the lattice about the origin, as functions of (row, col)."""
    if lattice == "square":
        return [
            lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c),
            lambda r, c: (-c, r), lambda r, c: (r, -c), lambda r, c: (-c, -r),
            lambda r, c: (-r, c), lambda r, c: (c, r),
        ]  # fmt: skip
    # Triangular: (row, col) -> cube coordinates (x, y, z) with x + y + z = 0; the twelve
    # symmetries permute x, y, z and may change all their signs.
    from itertools import permutations

    def make(order: tuple[int, ...], sign: int) -> Callable[[int, int], tuple[int, int]]:
        def transform(r: int, c: int) -> tuple[int, int]:
            cube = (c - r, -c, r)  # x = col - row, y = -col, z = row
            x, _, z = (sign * cube[i] for i in order)
            return z, x + z

        return transform

    return [make(order, sign) for sign in (1, -1) for order in permutations(range(3))]


def grid_jumps(cells: dict[int, tuple[int, int]], lattice: str) -> tuple[Jump, ...]:
    """Return every jump of holes *cells* on *lattice*: three holes in a line, each adjacent.

    Jumps are listed by starting hole, then by direction (up and left before down and right).

    Parameters
    ----------
    cells : dict
        ``hole -> (row, column)`` on the lattice.
    lattice : str
        ``"square"`` or ``"triangular"``.

    Returns
    -------
    tuple of (from, over, to)

    Examples
    --------
    >>> grid_jumps({1: (0, 0), 2: (0, 1), 3: (0, 2)}, "square")
    ((1, 2, 3), (3, 2, 1))
    """
    where = {cell: hole for hole, cell in cells.items()}
    found = []
    for hole in sorted(cells):
        row, col = cells[hole]
        for dr, dc in STEPS[lattice]:
            over, to = where.get((row + dr, col + dc)), where.get((row + 2 * dr, col + 2 * dc))
            if over is not None and to is not None:
                found.append((hole, over, to))
    return tuple(found)


def _cells_from_rows(rows: list[str], lattice: str) -> dict[int, tuple[int, int]]:
    """Number the ``o`` of *rows* 1, 2, ... row by row; return ``hole -> (row, col)``."""
    cells: dict[int, tuple[int, int]] = {}
    for r, text in enumerate(rows):
        for c, char in enumerate(text.split() if lattice == "triangular" else text):
            if char == "o":
                cells[len(cells) + 1] = (r, c)
    return cells


#: The jump table of the 21-hole modified triangle: ``from: [(over, to), ...]``.
TRIANGLE21_JUMPS = {
    1: [(3, 5)], 2: [(3, 4)], 3: [(4, 6), (5, 8)], 4: [(3, 2), (6, 9), (7, 11)],
    5: [(3, 1), (7, 10), (8, 12)], 6: [(4, 3), (7, 8), (9, 14), (10, 16)],
    7: [(10, 15), (11, 17)], 8: [(5, 3), (7, 6), (11, 16), (12, 18)],
    9: [(6, 4), (10, 11), (14, 20)], 10: [(7, 5), (11, 12)], 11: [(7, 4), (10, 9)],
    12: [(8, 5), (11, 10), (18, 21)], 13: [(14, 15)], 14: [(9, 6), (15, 16)],
    15: [(10, 7), (14, 13), (16, 17)], 16: [(10, 6), (11, 8), (15, 14), (17, 18)],
    17: [(11, 7), (16, 15), (18, 19)], 18: [(12, 8), (17, 16)], 19: [(18, 17)],
    20: [(14, 9)], 21: [(18, 12)],
}  # fmt: skip

#: Where the 21 holes sit: a 15-hole triangle (3 at the top, 14..18 along the bottom) whose
#: three sides each run on one hole past both ends (1, 2 at the top; 13, 20 and 19, 21 below).
TRIANGLE21_CELLS = {
    1: (-1, -1), 2: (-1, 0), 3: (0, 0), 4: (1, 0), 5: (1, 1), 6: (2, 0), 7: (2, 1), 8: (2, 2),
    9: (3, 0), 10: (3, 1), 11: (3, 2), 12: (3, 3), 13: (4, -1), 14: (4, 0), 15: (4, 1),
    16: (4, 2), 17: (4, 3), 18: (4, 4), 19: (4, 5), 20: (5, 0), 21: (5, 5),
}  # fmt: skip

ENGLISH_ROWS = ["  ooo  ", "  ooo  ", "ooooooo", "ooooooo", "ooooooo", "  ooo  ", "  ooo  "]
FRENCH_ROWS = ["  ooo  ", " ooooo ", "ooooooo", "ooooooo", "ooooooo", " ooooo ", "  ooo  "]


def _triangle21() -> Board:
    jumps = tuple((start, over, to) for start, pairs in TRIANGLE21_JUMPS.items()
                  for over, to in pairs)  # fmt: skip
    text = "the peg solitaire article's modified triangle: jumps in all six directions"
    return Board("triangle21", dict(TRIANGLE21_CELLS), "triangular", jumps, 7, text)


def _triangle15() -> Board:
    cells = _cells_from_rows(["o", "o o", "o o o", "o o o o", "o o o o o"], "triangular")
    text = "the 15-hole triangle: jumps in all six directions"
    return Board("triangle15", cells, "triangular", grid_jumps(cells, "triangular"), 1, text)


def _english() -> Board:
    cells = _cells_from_rows(ENGLISH_ROWS, "square")
    text = "the 33-hole English cross: jumps along rows and columns"
    return Board("english", cells, "square", grid_jumps(cells, "square"), 17, text)


def _french() -> Board:
    cells = _cells_from_rows(FRENCH_ROWS, "square")
    text = "the 37-hole French board: jumps along rows and columns"
    return Board("french", cells, "square", grid_jumps(cells, "square"), 19, text)


BOARDS = {"triangle21": _triangle21, "triangle15": _triangle15, "english": _english,
          "french": _french}  # fmt: skip
_MADE: dict[str, Board] = {}


def get_board(name: str | Board) -> Board:
    """Return the board called *name* (one of :data:`BOARDS`); a Board is returned as it is.

    >>> get_board("english")
    <Board english: 33 holes, 76 jumps>
    >>> get_board("hexagon")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: unknown board 'hexagon'; choose one of: triangle21, ...
    """
    if isinstance(name, Board):
        return name
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in BOARDS:
        raise BoardError(f"unknown board {name!r}; choose one of: {', '.join(BOARDS)}")
    if key not in _MADE:
        _MADE[key] = BOARDS[key]()
    return _MADE[key]


# ---------------------------------------------------------------- positions


def pegs_of(holes: Iterable[int]) -> Pegs:
    """Return the bit mask with a peg in each of *holes*.

    >>> pegs_of([1, 3]), holes_of(10)
    (10, (1, 3))
    """
    pegs = 0
    for hole in holes:
        pegs |= 1 << hole
    return pegs


def holes_of(pegs: Pegs) -> tuple[int, ...]:
    """Return the holes that hold a peg in *pegs*, in order.

    >>> holes_of(0b1010), holes_of(pegs_of([7, 2]))
    ((1, 3), (2, 7))
    """
    return tuple(hole for hole in range(pegs.bit_length()) if pegs >> hole & 1)


def layout(board: Board, marks: dict[int, str], width: int = 1) -> str:
    """Return text with ``marks[hole]`` drawn where each hole is (right-aligned in *width*).

    Parameters
    ----------
    board : Board
        Where the holes are.
    marks : dict
        ``hole -> text`` for every hole of *board*.
    width : int
        The columns each mark takes.

    Examples
    --------
    >>> board = get_board("triangle15")
    >>> print(layout(board, {hole: str(hole) for hole in board.holes}, width=2))
             1
           2   3
         4   5   6
       7   8   9  10
    11  12  13  14  15
    """
    step = 2 * width if board.lattice == "triangular" else width + 1
    spots = {hole: board.xy(hole) for hole in board.cells}
    left, top = min(x for x, _ in spots.values()), max(y for _, y in spots.values())
    rows: dict[int, dict[int, str]] = {}
    for hole, (x, y) in spots.items():
        row = round((top - y) / (math.sqrt(3) / 2 if board.lattice == "triangular" else 1))
        rows.setdefault(row, {})[round((x - left) * step)] = marks[hole].rjust(width)
    lines = []
    for row in sorted(rows):
        line = ""
        for col, text in sorted(rows[row].items()):
            line = line.ljust(col) + text
        lines.append(line.rstrip())
    return "\n".join(lines)


def render(board: Board, pegs: Pegs) -> str:
    """Return the position as text: ``o`` a peg, ``.`` an empty hole.

    Parameters
    ----------
    board : Board
        The board played on.
    pegs : int
        The position: bit *h* set when hole *h* holds a peg.

    Returns
    -------
    str

    Examples
    --------
    >>> board = get_board("triangle15")
    >>> print(render(board, board.full ^ 1 << 1))  # every hole full but hole 1
        .
       o o
      o o o
     o o o o
    o o o o o
    """
    return layout(board, {hole: "o" if pegs >> hole & 1 else "." for hole in board.cells})


def position_class(board: Board, pegs: Pegs) -> tuple[int, ...]:
    """Return the position's class: a jump never changes it.

    For each colouring of :attr:`Board.colourings`, count the pegs on colours 0, 1 and 2.
    A jump touches one hole of each colour and flips each of them (two lose a peg, one
    gains), so the three counts all change parity together: whether the counts of colours
    0 and 1 have the same parity, and likewise 1 and 2, never changes.

    Parameters
    ----------
    board : Board
        The board played on.
    pegs : int
        The position.

    Returns
    -------
    tuple of int
        Two parities per colouring: a goal whose class differs cannot be reached.

    Examples
    --------
    >>> english = get_board("english")
    >>> position_class(english, english.full ^ 1 << 17) == position_class(english, 1 << 17)
    True
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


# ---------------------------------------------------------------- jumps and moves


def legal_jumps(board: Board, pegs: Pegs, hole: int | None = None) -> list[Jump]:
    """Return the jumps possible in *pegs* (only those from *hole*, if given).

    Parameters
    ----------
    board : Board
        The board played on.
    pegs : int
        The position: bit *h* set when hole *h* holds a peg.
    hole : int, optional
        Only the jumps of the peg in this hole.

    Returns
    -------
    list of (from, over, to)
        In the order of the board's jumps.

    Examples
    --------
    >>> board = get_board("triangle15")
    >>> legal_jumps(board, board.full ^ 1 << 1)
    [(4, 2, 1), (6, 3, 1)]
    >>> legal_jumps(board, board.full ^ 1 << 1, hole=6)
    [(6, 3, 1)]
    """
    starts = board.holes if hole is None else (hole,)
    return [
        (start, over, to)
        for start in starts
        if pegs >> start & 1
        for over, to in board.jumps_from[start]
        if pegs >> over & 1 and not pegs >> to & 1
    ]


def jump(pegs: Pegs, start: int, over: int, to: int) -> Pegs:
    """Return *pegs* after the peg in *start* jumps over *over* into *to* (not checked).

    The three holes flip: *start* and *over* empty, *to* full. :func:`apply_move`
    checks a move before making it.

    Parameters
    ----------
    pegs : int
        The position.
    start, over, to : int
        The jump's three holes.

    Returns
    -------
    int
        The position after the jump.

    Examples
    --------
    >>> holes_of(jump(pegs_of([4, 2]), 4, 2, 1))
    (1,)
    """
    return pegs ^ (1 << start | 1 << over | 1 << to)


def moves(board: Board, pegs: Pegs) -> list[tuple[Move, Pegs]]:
    """Return ``(move, pegs_after)`` for every move: every chain of jumps by one peg.

    Chains that leave the same position count once (the first found is kept). Pegs are
    taken in hole order, and a peg's chains in the order of its jumps, shorter first.

    Parameters
    ----------
    board : Board
        The board played on.
    pegs : int
        The position.

    Returns
    -------
    list of (move, int)
        Each move (the holes one peg lands in, starting where it stands) and the
        position after it.

    Examples
    --------
    >>> board = get_board("triangle21")
    >>> after_two = jump(jump(board.full ^ 1 << 7, 15, 10, 7), 12, 11, 10)
    >>> [move for move, _ in moves(board, after_two)]
    [(4, 11), (5, 12), (7, 15), (9, 11), (13, 15), (17, 15), (21, 12)]
    """
    found: dict[Pegs, Move] = {}

    def extend(chain: Move, position: Pegs) -> None:
        for _, over, to in legal_jumps(board, position, chain[-1]):
            after = jump(position, chain[-1], over, to)
            if after not in found:
                found[after] = chain + (to,)
            extend(chain + (to,), after)

    for hole in holes_of(pegs):
        extend((hole,), pegs)
    return [(move, after) for after, move in found.items()]


def apply_move(board: Board, pegs: Pegs, move: Iterable[int]) -> Pegs:
    """Return *pegs* after *move*, checking every jump; raise BoardError if one is illegal.

    Parameters
    ----------
    board : Board
        The board played on.
    pegs : int
        The position before the move.
    move : iterable of int
        The holes one peg lands in, starting where it stands.

    Returns
    -------
    int
        The position after the move.

    Raises
    ------
    BoardError
        If a hole is not on the board, or a jump is not legal where it is made.

    Examples
    --------
    >>> board = get_board("triangle21")
    >>> holes_of(apply_move(board, pegs_of([13, 14, 10]), (13, 15, 7)))
    (7,)
    >>> apply_move(board, pegs_of([13, 14]), (13, 15, 7))
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: move 13→15→7: no peg in hole 10 to jump over
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
    """Return the positions from *pegs* through every move of *moves_made* (all checked).

    Parameters
    ----------
    board : Board
        The board played on.
    pegs : int
        The position before the first move.
    moves_made : iterable of moves
        Each move the holes one peg lands in, starting where it stands.

    Returns
    -------
    list of int
        *pegs*, then the position after each move.

    Raises
    ------
    BoardError
        If a move is not legal where it is made (see :func:`apply_move`).

    Examples
    --------
    >>> board = get_board("triangle15")
    >>> path = replay(board, board.full ^ 1 << 1, [(4, 1), (13, 4)])
    >>> [len(holes_of(position)) for position in path]
    [14, 13, 12]
    """
    path = [pegs]
    for move in moves_made:
        path.append(apply_move(board, path[-1], move))
    return path


def chains(jumps_made: Iterable[tuple[int, int]]) -> list[Move]:
    """Return jumps ``(from, to)`` joined into moves: one peg's consecutive jumps form one.

    >>> chains([(15, 7), (13, 15), (15, 7), (6, 3), (3, 8)])
    [(15, 7), (13, 15, 7), (6, 3, 8)]
    """
    found: list[list[int]] = []
    for start, to in jumps_made:
        if found and found[-1][-1] == start:
            found[-1].append(to)
        else:
            found.append([start, to])
    return [tuple(chain) for chain in found]


def format_moves(moves_made: Iterable[Iterable[int]]) -> str:
    """Return moves as one line of text, each move in brackets: ``(15,7)(13,15,7)``.

    >>> format_moves([(15, 7), (13, 15, 7)])
    '(15,7)(13,15,7)'
    """
    return "".join("(" + ",".join(map(str, move)) + ")" for move in moves_made)


# ---------------------------------------------------------------- the puzzle


class PegSolitaire:
    """A peg-solitaire problem: a board, a start position and the hole of the last peg.

    Parameters
    ----------
    board : str or Board
        ``"triangle21"``, ``"triangle15"``, ``"english"`` or ``"french"`` (see :data:`BOARDS`).
    hole : int, optional
        The empty hole at the start (every other hole holds a peg); default: the board's
        usual one.
    finish : int, optional
        The hole where the last peg must end; default: *hole* (the complement problem).
    start : iterable of int or int, optional
        The holes with pegs at the start (or their bit mask), instead of *hole*.

    The search engine sees states (bit masks), ``successors`` giving ``(move, next_state, 1)``
    for every move (a whole chain of jumps is one move), and ``is_goal``.

    >>> from puzzlelab.search import dfs
    >>> puzzle = PegSolitaire("triangle15", hole=4)
    >>> result = dfs(puzzle)
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
        self.hole: int | None = None  # the empty hole, when the start is every hole but one
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
        """Return the same board and finish from another start (holes or a bit mask)."""
        return PegSolitaire(self.board, start=pegs, finish=self.finish)

    # ------------------------------------------------------------ what the engine needs

    def actions(self, state: Pegs) -> list[Move]:
        """Return every move from *state* (see :func:`moves`)."""
        return [move for move, _ in moves(self.board, state)]

    def result(self, state: Pegs, action: Move) -> Pegs:
        """Return *state* after the move *action*, checked (see :func:`apply_move`)."""
        return apply_move(self.board, state, action)

    def successors(self, state: Pegs) -> list[tuple[Move, Pegs, int]]:
        """Return ``(move, next_state, 1)`` for every move: a whole chain costs 1."""
        return [(move, after, 1) for move, after in moves(self.board, state)]

    def is_goal(self, state: Pegs) -> bool:
        """Return whether one peg is left, in the finish hole."""
        return state == self.goal

    def cost(self, state: Pegs, action: Move, next_state: Pegs) -> int:
        """Every move costs 1, however many jumps it makes."""
        return 1

    def corner_bound(self, state: Pegs) -> int:
        """Return the pegs in corners other than the finish: each needs a move of its own.

        No jump passes over a corner, so a peg there leaves only by its own move, and one
        move moves one peg: at least this many moves remain.
        """
        return sum(1 for hole in self.board.corners if state >> hole & 1 and hole != self.finish)

    def check_solvable(self) -> None:
        """Raise UnsolvableError when an invariant proves that the goal cannot be reached.

        Two proofs are tried: the position classes of :func:`position_class`, and the
        count of corner pegs against the pegs they need to jump over (:func:`group_argument`).

        >>> PegSolitaire("french", hole=19).check_solvable()
        Traceback (most recent call last):
        ...
        puzzlelab.errors.UnsolvableError: french: the start and the goal are in different ...
        """
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
        """Return the position as text (``o`` a peg, ``.`` an empty hole)."""
        return render(self.board, self.start if state is None else state)


# ---------------------------------------------------------------- pruning by groups


def group_argument(puzzle: PegSolitaire) -> dict[str, Any]:
    """Return the argument about peg groups for *puzzle*, as plain data.

    A corner peg leaves only by its own jump, over a peg of some group X. If all corner
    jumps go over group X, every peg that starts in a corner uses up one X peg. Pegs never
    change group, so ``removable = X pegs at the start - X pegs at the goal``. When the
    corner pegs need exactly that many (``corner_pegs == removable``), no other peg may
    ever jump an X peg: those jumps can be struck from the jump table (``reduced_jumps``).
    With more corner pegs than that the puzzle has no solution.

    Returns a dict with ``applies`` (bool), ``unsolvable`` (bool: too many corner pegs),
    ``reason`` (a sentence), ``corners``,
    ``group`` (X), ``corner_pegs``, ``removable`` and ``reduced_jumps`` (the jump table to
    use: reduced when the argument applies, else the full one).

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
