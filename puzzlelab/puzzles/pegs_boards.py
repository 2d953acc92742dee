"""Peg-solitaire boards: numbered holes on a square or triangular lattice, their jumps, and
their pictures as text (:func:`layout`, :func:`render`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations

from ..errors import BoardError, whole_number
from .pegs_notation import Jump, Pegs, pegs_of

#: Steps between neighbouring holes, (row, column); a triangular row r is drawn r/2 left.
STEPS = {
    "square": ((-1, 0), (0, -1), (0, 1), (1, 0)),
    "triangular": ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)),
}

#: The most holes a board may have: the solvers recurse one level per move.
MAX_HOLES = 200


@dataclass(frozen=True, eq=False)
class Board:
    """A board: ``cells``, hole -> ``(row, column)`` on its lattice, and ``jumps`` in order.

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
        return tuple(sorted(self.cells))

    @property
    def full(self) -> Pegs:
        return pegs_of(self.cells)

    def xy(self, hole: int) -> tuple[float, float]:
        """Return where *hole* is drawn: x right, y up, neighbours 1 apart."""
        row, col = self.cells[hole]
        if self.lattice == "triangular":
            return col - row / 2, -row * math.sqrt(3) / 2
        return float(col), float(-row)

    def check_hole(self, hole: int | str, what: str = "hole") -> int:
        """Return *hole* if it is one of this board's holes (text in the digits 0-9 too)."""
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
        """``hole -> ((over, to), ...)``: the jumps of each hole in order."""
        return {h: tuple((o, t) for s, o, t in self.jumps if s == h) for h in self.holes}

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
        """The rotations and mirrors mapping the board and its jumps onto itself, identity first."""
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
        """Colourings ``hole -> 0, 1, 2`` in which every jump touches all three colours."""
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
    def make(order: tuple[int, ...], sign: int) -> Callable[[int, int], tuple[int, int]]:
        def transform(r: int, c: int) -> tuple[int, int]:
            cube = (c - r, -c, r)  # x = col - row, y = -col, z = row
            x, _, z = (sign * cube[i] for i in order)
            return z, x + z

        return transform

    return [make(order, sign) for sign in (1, -1) for order in permutations(range(3))]


def grid_jumps(cells: dict[int, tuple[int, int]], lattice: str) -> tuple[Jump, ...]:
    """Return every jump of holes *cells* on *lattice*, by starting hole, then direction.

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


#: A 15-hole triangle (3 at the top) whose sides each run on one hole past both ends.
TRIANGLE21_CELLS = {
    1: (-1, -1), 2: (-1, 0), 3: (0, 0), 4: (1, 0), 5: (1, 1), 6: (2, 0), 7: (2, 1), 8: (2, 2),
    9: (3, 0), 10: (3, 1), 11: (3, 2), 12: (3, 3), 13: (4, -1), 14: (4, 0), 15: (4, 1),
    16: (4, 2), 17: (4, 3), 18: (4, 4), 19: (4, 5), 20: (5, 0), 21: (5, 5),
}  # fmt: skip
ENGLISH_ROWS = ["  ooo  ", "  ooo  ", "ooooooo", "ooooooo", "ooooooo", "  ooo  ", "  ooo  "]
FRENCH_ROWS = ["  ooo  ", " ooooo ", "ooooooo", "ooooooo", "ooooooo", " ooooo ", "  ooo  "]

#: The boards played: ``name -> (cells, lattice, usual hole)``; triangle21 is the peg
#: solitaire article's modified triangle.
BOARDS = {
    "triangle21": (TRIANGLE21_CELLS, "triangular", 7),
    "triangle15": (
        _cells_from_rows(["o", "o o", "o o o", "o o o o", "o o o o o"], "triangular"),
        "triangular",
        1,
    ),
    "english": (_cells_from_rows(ENGLISH_ROWS, "square"), "square", 17),
    "french": (_cells_from_rows(FRENCH_ROWS, "square"), "square", 19),
}


_MADE: dict[str, Board] = {}


def get_board(name: str | Board) -> Board:
    """Return the board called *name* (one of :data:`BOARDS`); a Board is returned as it is.

    >>> get_board("english")
    <Board english: 33 holes, 76 jumps>
    """
    if isinstance(name, Board):
        return name
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in BOARDS:
        raise BoardError(f"unknown board {name!r}; choose one of: {', '.join(BOARDS)}")
    if key not in _MADE:
        cells, lattice, hole = BOARDS[key]
        _MADE[key] = Board(key, dict(cells), lattice, grid_jumps(cells, lattice), hole)
    return _MADE[key]


def layout(board: Board, marks: dict[int, str], width: int = 1) -> str:
    """Return text with ``marks[hole]`` drawn where each hole is (right-aligned in *width*).

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

    >>> board = get_board("triangle15")
    >>> render(board, board.full ^ 1 << 1).splitlines()[:2]  # every hole full but hole 1
    ['    .', '   o o']
    """
    return layout(board, {hole: "o" if pegs >> hole & 1 else "." for hole in board.cells})
