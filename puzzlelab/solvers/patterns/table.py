"""The tables themselves: :class:`PatternDatabase`, one pattern's exact costs, and
:class:`PatternHeuristic`, the sum of disjoint databases (with the mirror image).

A database is looked up by the perfect rank of its tiles' cells
(:mod:`~puzzlelab.solvers.patterns.ranking`), or, faster, by a code that one addition
updates; :meth:`PatternDatabase.build` fills it by breadth-first search
(:mod:`~puzzlelab.solvers.patterns.build`).
"""

from __future__ import annotations

import functools
import hashlib
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ...errors import ProblemError
from ...limits import DEFAULT, Budget, MemoryLimit
from ...puzzles.sliding import SlidingPuzzle
from ...puzzles.sliding_boards import State
from .build import LABELLED, UNSET, breadth_first
from .ranking import placement_codes, placement_ranks

MOST_CODES = 1 << 28  # the largest table indexed by code (bytes): 7 tiles of the 15-puzzle

# ---------------------------------------------------------------- the database


@dataclass(eq=False)
class PatternDatabase:
    """The exact cost of bringing *tiles* home, counting only their own moves.

    Call it on a board (a tuple, as :class:`~puzzlelab.puzzles.SlidingPuzzle` uses)
    to get that cost: an admissible heuristic, additive with the databases of disjoint
    patterns, and consistent too when the table keeps the blank's cell (``blank``).

    Attributes
    ----------
    shape : (int, int)
        Rows and columns of the board.
    goal : tuple of int
        The goal board the distances are to.
    tiles : tuple of int
        The pattern, in the order of the table's ranking.
    table : numpy.ndarray of uint8
        ``table[placement_ranks(cells of the tiles)]``: the cost.
    blank : bool
        False (Korf and Felner's): the least cost over every cell of the blank; admissible,
        but one move can lower it by more than 1. True: the blank's cell is part of the
        placement (``tiles + (0,)``); the table is ``cells - k`` times larger, each entry
        exact for its blank, and the heuristic consistent.

    Examples
    --------
    Tiles 1, 2 and 3 in their goal row but turned round: Manhattan distance counts
    4 moves, the pattern database 6, since the tiles stand in each other's way.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> database = PatternDatabase.build(eight, (1, 2, 3), progress=False)
    >>> database
    PatternDatabase(shape=(3, 3), goal=(1, 2, 3, 4, 5, 6, 7, 8, 0), tiles=(1, 2, 3), blank=False)
    >>> board = (3, 1, 2, 4, 5, 6, 7, 8, 0)
    >>> database(board), eight.manhattan(board)
    (6, 4)
    >>> database.size, PatternDatabase.build(eight, (1, 2, 3), blank=True, progress=False).size
    (504, 3024)
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
        max_seconds: float | None = None,
        max_memory_mb: MemoryLimit = DEFAULT,
        budget: Budget | None = None,
    ) -> PatternDatabase:
        """Solve the pattern *tiles* of *puzzle* (a SlidingPuzzle) by breadth-first search.

        Shows a progress bar unless *progress* is False, keeps to the limits, and
        raises :class:`~puzzlelab.limits.LimitReached` (one line: what stopped it) when
        a limit stops it, ``KeyboardInterrupt`` on Ctrl-C: a half-built table is never
        returned. *max_nodes* bounds the abstract boards the search labels with their
        cost (:data:`~.build.LABELLED`); *max_seconds* and *max_memory_mb* are as for
        every search. A *budget* given (several builds sharing one) replaces the three.

        >>> from puzzlelab.puzzles import SlidingPuzzle
        >>> eight = SlidingPuzzle(shape=(3, 3))
        >>> PatternDatabase.build(eight, (1, 2, 3), progress=False, max_nodes=3024).size
        504
        >>> PatternDatabase.build(eight, (1, 2, 3), progress=False, max_nodes=1000)
        Traceback (most recent call last):
        ...
        puzzlelab.limits.LimitReached: the pattern database of tiles [1, 2, 3] was not ...
        """
        shape, goal = (puzzle.rows, puzzle.cols), tuple(puzzle.goal)
        tiles = check_pattern(goal, tiles)
        if budget is None:
            budget = Budget(max_nodes, max_seconds, max_memory_mb, what=LABELLED)
        table = breadth_first(shape, goal, tiles, budget, progress, blank)
        return cls(shape, goal, tiles, table, blank)

    @property
    def cells(self) -> int:
        """The board's cells: rows times columns."""
        return self.shape[0] * self.shape[1]

    @property
    def size(self) -> int:
        """Entries in the table: every placement of the pattern's tiles."""
        return len(self.table)

    @property
    def placed(self) -> tuple[int, ...]:
        """What the table places: the pattern's tiles, and the blank (0) with ``blank``."""
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
        """``(tile, cells**i)`` for the i-th place of the code (the blank last, with ``blank``)."""
        return tuple((tile, self.cells**i) for i, tile in enumerate(self.placed))

    def by_code(self) -> bytes:
        """The table indexed by code (``sum(cell_i * cells**i)``) instead of rank.

        Larger (``cells**k`` bytes), but one addition away from the next board's entry.
        """
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
        """The SHA-256 of the table, in hexadecimal: the cache checks files with it."""
        return hashlib.sha256(self.table.tobytes()).hexdigest()


def check_pattern(goal: State, tiles: Iterable[int]) -> tuple[int, ...]:
    """Return *tiles* as a tuple, or raise ProblemError saying what is wrong with them.

    Parameters
    ----------
    goal : tuple of int
        The goal board.
    tiles : iterable of int
        The pattern, as a user gave it.

    Returns
    -------
    tuple of int

    Examples
    --------
    >>> check_pattern((1, 2, 3, 4, 5, 6, 7, 8, 0), [1.5])
    Traceback (most recent call last):
    puzzlelab.errors.ProblemError: a pattern is a group of tile numbers (whole numbers), not [1.5]
    """
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


# ---------------------------------------------------------------- the heuristic of a partition


class PatternHeuristic:
    """The sum of disjoint pattern databases: a heuristic like the others (a function of a state).

    With *reflect*, also the sum for the board mirrored in its main diagonal, and
    the larger of the two (the same databases serve both when the goal is its own
    mirror image, as Korf's is). ``astar``, ``idastar``, ``check_heuristic``, the
    heuristic lab and ``compare`` take it as they take any heuristic.

    Parameters
    ----------
    databases : iterable of PatternDatabase
        Of disjoint patterns, all for the same board and goal.
    name : str
        What to call it.
    reflect : bool
        Also look the mirrored board up, and take the larger sum.

    Attributes
    ----------
    databases : list of PatternDatabase
    name : str
        What it is called (``"pdb:6-6-3"``, or the tile groups).
    mirror : tuple or None
        ``(tile_of, cell_of)``: the tile each tile becomes, and the cell each cell
        becomes, in the mirrored board; None without reflection.

    Examples
    --------
    Two databases of four tiles each guide IDA* on the 8-puzzle's hardest board
    through a hundred times fewer nodes than Manhattan distance does:

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import idastar
    >>> eight = SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")
    >>> halves = [PatternDatabase.build(eight, tiles, progress=False)
    ...           for tiles in [(1, 2, 3, 4), (5, 6, 7, 8)]]
    >>> heuristic = PatternHeuristic(halves, "1-4/5-8")
    >>> heuristic(eight.start), eight.manhattan(eight.start)
    (29, 21)
    >>> idastar(eight, heuristic=heuristic).stats.expanded
    180
    >>> idastar(eight, heuristic="manhattan").stats.expanded
    14195
    """

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
        """*state* mirrored in the main diagonal, each tile renamed as its mirror image.

        >>> from puzzlelab.puzzles import SlidingPuzzle
        >>> korf = SlidingPuzzle(shape=(3, 3), goal="0 1 2 / 3 4 5 / 6 7 8")
        >>> heuristic = PatternHeuristic([PatternDatabase.build(korf, (1, 3), progress=False)],
        ...                              "pdb:1-3", reflect=True)
        >>> heuristic.mirrored((1, 0, 2, 3, 4, 5, 6, 7, 8))  # the blank moved right: down
        (3, 1, 2, 0, 4, 5, 6, 7, 8)
        """
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
    """Return ``(tile_of, cell_of)`` for mirroring boards in the main diagonal, or None.

    None when the goal is not its own mirror image (a board that is not square cannot
    be mirrored so).

    Parameters
    ----------
    shape : (int, int)
        Rows and columns.
    goal : tuple of int
        The goal board.

    Returns
    -------
    tuple of (tuple, tuple) or None

    Examples
    --------
    >>> tile_of, cell_of = mirror_of((3, 3), (0, 1, 2, 3, 4, 5, 6, 7, 8))
    >>> tile_of[1], cell_of[1]
    (3, 3)
    """
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
