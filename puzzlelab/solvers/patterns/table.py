"""Pattern databases (:class:`PatternDatabase`) and their sums (:class:`PatternHeuristic`)."""

from __future__ import annotations

import functools
import hashlib
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ...errors import ProblemError
from ...limits import DEFAULT, Budget, MemoryLimit, TimeLimit
from ...puzzles.sliding import SlidingPuzzle
from ...puzzles.sliding_boards import State
from .build import LABELLED, UNSET, breadth_first, placement_codes, placement_ranks

MOST_CODES = 1 << 28  # the largest table indexed by code (bytes): 7 tiles of the 15-puzzle


@dataclass(eq=False)
class PatternDatabase:
    """The exact cost of bringing *tiles* home, counting only their own moves, by rank of
    their placement (with ``blank``, and the blank's: larger, and consistent).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> database = PatternDatabase.build(eight, (1, 2, 3), progress=False)
    >>> board = (3, 1, 2, 4, 5, 6, 7, 8, 0)  # tiles in each other's way
    >>> database(board), eight.manhattan(board), database.size
    (6, 4, 504)
    """

    shape: tuple[int, int]
    goal: State
    tiles: tuple[int, ...]
    table: np.ndarray = field(repr=False)
    blank: bool = False
    _codes: bytes | None = field(default=None, repr=False)

    @classmethod
    def build(
        cls,
        puzzle: SlidingPuzzle,
        tiles: Iterable[int],
        *,
        blank: bool = False,
        progress: bool = True,
        max_nodes: int | None = None,
        max_seconds: TimeLimit = DEFAULT,
        max_memory_mb: MemoryLimit = DEFAULT,
        budget: Budget | None = None,
    ) -> PatternDatabase:
        """Solve *tiles* of *puzzle* by breadth-first search; LimitReached if stopped."""
        shape, goal = (puzzle.rows, puzzle.cols), tuple(puzzle.goal)
        tiles = check_pattern(goal, tiles)
        if budget is None:
            budget = Budget(max_nodes, max_seconds, max_memory_mb, what=LABELLED)
        table = breadth_first(shape, goal, tiles, budget, progress, blank)
        return cls(shape, goal, tiles, table, blank)

    @property
    def cells(self) -> int:
        return self.shape[0] * self.shape[1]

    @property
    def size(self) -> int:
        return len(self.table)

    @property
    def placed(self) -> tuple[int, ...]:
        """The pattern's tiles, and the blank (0) with ``blank``."""
        return (*self.tiles, 0) if self.blank else self.tiles

    def __call__(self, state: State) -> int:
        if self.cells ** len(self.placed) > MOST_CODES:  # too large to index by code
            cells = [state.index(tile) for tile in self.placed]
            return int(self.table[placement_ranks(np.array([cells]), self.cells)[0]])
        lookup, code = self.by_code(), 0
        for tile, weight in self.weights:
            code += state.index(tile) * weight
        return lookup[code]

    @functools.cached_property
    def weights(self) -> tuple[tuple[int, int], ...]:
        return tuple((tile, self.cells**i) for i, tile in enumerate(self.placed))

    def by_code(self) -> bytes:
        """The table indexed by code (``sum(cell_i * cells**i)``)."""
        if self._codes is None:
            places = len(self.placed)
            if self.cells**places > MOST_CODES:
                raise ProblemError(
                    f"a pattern of {places} places on {self.cells} cells is too large "
                    "to index by code; use smaller patterns"
                )
            lookup = np.full(self.cells**places, UNSET, dtype=np.uint8)
            lookup[placement_codes(self.cells, places)] = self.table
            self._codes = lookup.tobytes()
        return self._codes

    def checksum(self) -> str:
        return hashlib.sha256(self.table.tobytes()).hexdigest()


def check_pattern(goal: State, tiles: Iterable[int]) -> tuple[int, ...]:
    """Return *tiles* as a tuple, or raise ProblemError saying what is wrong with them. There is no
    example here; ``tests/test_patterns.py`` runs it."""
    try:
        given, tiles = tiles, tuple(tiles)
    except TypeError:
        raise ProblemError(f"a pattern is a group of tile numbers, not {tiles!r}") from None
    if not all(isinstance(tile, numbers.Integral) and not isinstance(tile, bool) for tile in tiles):
        raise ProblemError(
            f"a pattern is a group of tile numbers (whole numbers), not {given!r}"
        )  # fmt: skip
    tiles = tuple(int(tile) for tile in tiles)
    wrong = [tile for tile in tiles if tile not in goal or tile == 0]
    if wrong or not tiles or len(set(tiles)) != len(tiles):
        raise ProblemError(
            f"a pattern is a group of different tiles from 1 to {len(goal) - 1} "
            f"(the blank is no tile), not {tiles!r}"
        )
    return tiles


class PatternHeuristic:
    """The sum of disjoint pattern databases; with *reflect*, the larger of that and the sum for the
    board mirrored in its main diagonal. There is no example here; ``tests/test_patterns.py`` runs
    it."""

    def __init__(
        self, databases: Iterable[PatternDatabase], name: str, reflect: bool = False
    ) -> None:
        self.databases, self.name = list(databases), name
        first = self.databases[0]
        self.shape, self.goal = first.shape, first.goal
        self.__name__ = name
        self.mirror = mirror_of(self.shape, self.goal) if reflect else None
        if reflect and self.mirror is None:
            raise ProblemError(
                f"{name}: reflection needs a square board whose goal is its own mirror image "
                "(the blank on the main diagonal, the tiles mirrored)"
            )

    def __repr__(self) -> str:
        return f"PatternHeuristic({self.name!r}, reflect={self.mirror is not None})"

    def __call__(self, state: State) -> int:
        total = sum(database(state) for database in self.databases)
        if self.mirror is None:
            return total
        return max(total, sum(database(self.mirrored(state)) for database in self.databases))

    def mirrored(self, state: Sequence[int]) -> State:
        """*state* mirrored in the main diagonal, each tile renamed."""
        if self.mirror is None:
            raise ProblemError(f"{self.name} was made without reflect=True: it mirrors no board")
        tile_of, cell_of = self.mirror
        board = [0] * len(state)
        for cell, tile in enumerate(state):
            board[cell_of[cell]] = tile_of[tile]
        return tuple(board)


def mirror_of(
    shape: tuple[int, int], goal: State
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Return ``(tile_of, cell_of)`` mirroring boards in the main diagonal, or None. There is no
    example here; ``tests/test_patterns.py`` runs it."""
    rows, cols = shape
    if rows != cols:
        return None
    cell_of = [(cell % cols) * cols + cell // cols for cell in range(rows * cols)]
    tile_of = [0] * len(goal)
    for cell, tile in enumerate(goal):
        tile_of[tile] = goal[cell_of[cell]]
    if tile_of[0] != 0:
        return None
    return tuple(tile_of), tuple(cell_of)
