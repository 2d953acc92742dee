"""Pattern databases: a relaxed sliding puzzle solved exactly, once, and looked up in search.

A *pattern* is a group of tiles. Forget which of the other tiles is which, and a
board is just where the pattern's tiles and the blank are: a much smaller puzzle,
small enough to solve exactly by breadth-first search outward from the goal. The
fewest moves that bring the pattern's tiles home is a lower bound on the whole
puzzle's distance, and it counts what Manhattan distance ignores: tiles in each
other's way.

Counting only the moves of the pattern's own tiles (the blank wanders among the
other tiles for free) makes the databases of *disjoint* patterns additive: no move
is counted twice, so their sum is still a lower bound (Korf and Felner 2002). A
*partition* is such a set of patterns covering every tile; the 15-puzzle's named
partitions are in :data:`PARTITIONS`.

How a database is built and kept:

- the breadth-first search runs over whole layers at once with numpy (every board
  at one distance, then every board one tile move further);
- the table holds one byte per placement of the pattern's tiles, indexed by a
  perfect ranking of their cells (:func:`placement_ranks`);
- tables are cached on disk (:func:`cache_folder`), checked when loaded and
  rebuilt when missing or stale.

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> eight = SlidingPuzzle(shape=(3, 3))
>>> database = PatternDatabase.build(eight, (1, 2, 3, 4), progress=False)
>>> database.size, database(eight.goal), database((4, 1, 2, 3, 0, 5, 6, 7, 8))
(3024, 0, 6)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import numbers
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..errors import ProblemError, PuzzleError
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit
from ..puzzles.sliding import SlidingPuzzle, State

#: Named partitions of the 15-puzzle, as groups of goal *cells* counted from the blank's
#: corner (cell 0 is the blank's goal cell, then row by row). With Korf's goal (the blank
#: top left) the cells are the tiles themselves.
PARTITIONS = {
    "5-5-5": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    "6-6-3": ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
}

#: The partition used when none is named.
DEFAULT_PARTITION = "6-6-3"

#: The environment variable that names the folder for cached databases.
CACHE_VARIABLE = "PUZZLELAB_CACHE"

#: Changes whenever the way tables are built or stored changes: older files are rebuilt.
FORMAT = 1

UNSET = 255  # a table entry not reached (yet)
CHUNK = 1 << 19  # boards moved at once while building: bounds the memory a layer takes
MOST_CODES = 1 << 28  # the largest table indexed by code (bytes): 7 tiles of the 15-puzzle


# ---------------------------------------------------------------- ranking placements


def placement_count(cells: int, k: int) -> int:
    """How many ways *k* distinct tiles can stand on *cells* cells: cells! / (cells - k)!.

    Parameters
    ----------
    cells : int
        The board's cells.
    k : int
        The tiles placed.

    Returns
    -------
    int

    Examples
    --------
    >>> placement_count(16, 6)
    5765760
    """
    return math.perm(cells, k)


def placement_ranks(positions: np.ndarray, cells: int) -> np.ndarray:
    """The perfect rank of every row of *positions* among all placements on *cells* cells.

    A row gives the cell of each of *k* tiles (all different). Ranks run from 0 to
    ``placement_count(cells, k) - 1`` with no gaps, in lexicographic order: the
    first tile's cell is the most significant digit, the next tile's cell counts
    only the cells still free, and so on.

    Parameters
    ----------
    positions : numpy.ndarray
        One placement per row: the cell of each tile, all different.
    cells : int
        The board's cells.

    Returns
    -------
    numpy.ndarray of int64
        One rank per row.

    Examples
    --------
    >>> placement_ranks(np.array([[0, 1], [0, 2], [1, 0], [2, 1]]), 3)
    array([0, 1, 2, 5])
    """
    columns = np.ascontiguousarray(np.asarray(positions).T)  # a tile's cells, side by side
    rank = np.zeros(columns.shape[1], dtype=np.int64)
    for i, column in enumerate(columns):
        taken_below = (columns[:i] < column).sum(axis=0, dtype=np.int8) if i else 0
        rank *= cells - i
        rank += column - taken_below
    return rank


def placement_positions(ranks: np.ndarray | Sequence[int], cells: int, k: int) -> np.ndarray:
    """Return the placements of *k* tiles on *cells* cells whose ranks are *ranks*, one per row.

    This is the inverse of :func:`placement_ranks`.

    The rank's digits are read off by division; then, from the last tile back, each
    tile's digit is its cell among the cells the tiles before it left free, so every
    later tile at or beyond that cell moves one cell on.

    Parameters
    ----------
    ranks : numpy.ndarray or sequence of int
        Ranks, as :func:`placement_ranks` gives them.
    cells : int
        The board's cells.
    k : int
        The tiles placed.

    Returns
    -------
    numpy.ndarray of int8
        One placement per rank: the cell of each tile.

    Examples
    --------
    >>> placement_positions(np.array([0, 1, 2, 5]), 3, 2).tolist()
    [[0, 1], [0, 2], [1, 0], [2, 1]]
    """
    ranks = np.asarray(ranks, dtype=np.int64)
    digits = np.empty((k, len(ranks)), dtype=np.int8)
    for i in reversed(range(k)):
        ranks, digits[i] = np.divmod(ranks, cells - i)
    for i in reversed(range(k - 1)):
        digits[i + 1 :] += digits[i + 1 :] >= digits[i]
    return digits.T.copy()


def placement_codes(cells: int, k: int) -> np.ndarray:
    """The code ``sum(cell_i * cells**i)`` of every placement of *k* tiles, in rank order.

    A code is quick to update when one tile moves (search does that at every
    node); a rank is compact (tables are stored by rank). This lists the codes of
    ranks 0, 1, 2, ... built tile by tile: each placement of *i* tiles is followed
    by every free cell for the next, in increasing order.

    Parameters
    ----------
    cells : int
        The board's cells.
    k : int
        The tiles placed.

    Returns
    -------
    numpy.ndarray of int64
        One code per rank, ``placement_count(cells, k)`` of them.

    Examples
    --------
    >>> placement_codes(3, 2).tolist()  # (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)
    [3, 6, 1, 7, 2, 5]
    """
    codes = np.zeros(1, dtype=np.int64)
    used = np.zeros((1, cells), dtype=bool)
    for i in range(k):
        rows, free = np.nonzero(~used)  # row by row, each row's free cells in order
        codes = codes[rows] + free * cells**i
        if i < k - 1:
            used = used[rows]
            used[np.arange(len(rows)), free] = True
    return codes


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
        max_seconds: float | None = None,
        max_memory_mb: MemoryLimit = DEFAULT,
    ) -> PatternDatabase:
        """Solve the pattern *tiles* of *puzzle* (a SlidingPuzzle) by breadth-first search.

        Shows a progress bar unless *progress* is False, keeps to the limits, and
        raises :class:`~puzzlelab.errors.PuzzleError` (one line: what stopped it)
        when a limit or Ctrl-C stops it: a half-built table is never returned.
        """
        shape, goal = (puzzle.rows, puzzle.cols), tuple(puzzle.goal)
        tiles = check_pattern(goal, tiles)
        budget = Budget(None, max_seconds, max_memory_mb)
        table = _breadth_first(shape, goal, tiles, budget, progress, blank)
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

    Raises
    ------
    ProblemError
        If *tiles* is not a group of different tiles of *goal* (the blank is no tile).

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


# ---------------------------------------------------------------- a partition: the heuristic


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

    Raises
    ------
    ProblemError
        With *reflect*, if the board is not square or its goal is not its own mirror image.

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


#: A partition as given: a name from :data:`PARTITIONS`, or groups of tiles.
Partition = str | Iterable[Iterable[int]]


def partition_of(
    puzzle: SlidingPuzzle, partition: Partition = DEFAULT_PARTITION
) -> tuple[str, tuple[tuple[int, ...], ...]]:
    """``(name, tile groups)`` of *partition*: a name from :data:`PARTITIONS` or groups of tiles.

    A named partition is drawn in goal cells counted from the blank's corner, so it
    fits any 15-puzzle goal with the blank in a corner (Korf's, puzzlelab's own).

    Parameters
    ----------
    puzzle : SlidingPuzzle
        The board and goal.
    partition : str or iterable of iterables of int
        A name from :data:`PARTITIONS`, or the groups of tiles themselves.

    Returns
    -------
    tuple of (str, tuple of tuples)
        The heuristic's name (``"pdb:6-6-3"``, or the groups joined) and the tile groups.

    Raises
    ------
    ProblemError
        If the name is unknown or drawn for another board, or the groups share tiles or
        hold something other than the puzzle's tiles.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> partition_of(SlidingPuzzle(shape=(4, 4)), "6-6-3")[1][2]  # the blank bottom right
    (3, 2, 1)
    """
    goal, shape = tuple(puzzle.goal), (puzzle.rows, puzzle.cols)
    if not isinstance(partition, str):
        groups = tuple(check_pattern(goal, group) for group in partition)
        tiles = [tile for group in groups for tile in group]
        if len(set(tiles)) != len(tiles):
            raise ProblemError(f"the patterns of a partition must not share tiles: {groups!r}")
        return "pdb:" + "/".join("-".join(map(str, group)) for group in groups), groups
    if partition not in PARTITIONS:
        raise ProblemError(
            f"unknown partition {partition!r}; named ones: {', '.join(PARTITIONS)} "
            "(or give the groups of tiles yourself)"
        )
    corner = _corner_map(shape, goal.index(0))
    if corner is None:
        raise ProblemError(
            f"the partition {partition!r} is drawn for a 4x4 board with the blank's goal in a "
            "corner; give the groups of tiles for this board"
        )
    groups = tuple(tuple(goal[corner[cell]] for cell in group) for group in PARTITIONS[partition])
    return f"pdb:{partition}", groups


def _corner_map(shape: tuple[int, int], blank_cell: int) -> list[int] | None:
    """The cell map (a flip of rows and/or columns) taking cell 0 to *blank_cell*, on a 4x4
    board; None if the blank's goal is not in a corner."""
    rows, cols = shape
    if (rows, cols) != (4, 4):
        return None
    for flip_rows in (False, True):
        for flip_cols in (False, True):
            cell_of = [
                (rows - 1 - r if flip_rows else r) * cols + (cols - 1 - c if flip_cols else c)
                for r, c in (divmod(cell, cols) for cell in range(rows * cols))
            ]
            if cell_of[0] == blank_cell:
                return cell_of
    return None


def pattern_heuristic(
    puzzle: SlidingPuzzle,
    partition: Partition = DEFAULT_PARTITION,
    *,
    blank: bool = False,
    reflect: bool | None = None,
    progress: bool = True,
    **limits: Any,
) -> PatternHeuristic:
    """The additive pattern-database heuristic of *partition* for *puzzle*, databases cached.

    *reflect* (default: whenever the goal allows it) also looks up the mirrored board;
    *blank* keeps the blank's cell in every table (:class:`PatternDatabase`): larger
    tables, a consistent heuristic.
    Building a database the first time shows a progress bar; *limits* (``max_seconds``,
    ``max_memory_mb``) bound each build.

    Parameters
    ----------
    puzzle : SlidingPuzzle
        The board and goal.
    partition : str or iterable of iterables of int
        A name from :data:`PARTITIONS`, or the groups of tiles themselves.
    blank : bool
        Keep the blank's cell in every table.
    reflect : bool, optional
        Also look the mirrored board up; default: whenever the goal allows it.
    progress : bool
        Show a progress bar while a database is built.
    max_seconds, max_memory_mb : optional
        Limits on building each database.

    Returns
    -------
    PatternHeuristic

    Raises
    ------
    ProblemError
        If the partition is not one of this puzzle's (see :func:`partition_of`).

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> h = pattern_heuristic(eight, [(1, 2, 3, 4), (5, 6, 7, 8)], progress=False)
    >>> h.name, h(eight.goal), h((1, 2, 3, 4, 5, 6, 7, 0, 8))
    ('pdb:1-2-3-4/5-6-7-8', 0, 1)
    """
    name, groups = partition_of(puzzle, partition)
    if reflect is None:
        reflect = mirror_of((puzzle.rows, puzzle.cols), tuple(puzzle.goal)) is not None
    databases = [cached(puzzle, group, blank=blank, progress=progress, **limits)
                 for group in groups]  # fmt: skip
    return PatternHeuristic(databases, name + ("+blank" if blank else ""), reflect=reflect)


def named_heuristic(puzzle: SlidingPuzzle, name: str) -> PatternHeuristic:
    """The heuristic a name on the command line means: ``pdb`` or ``pdb:PARTITION``.

    ``pdb`` alone is the default partition, :data:`DEFAULT_PARTITION`; the databases
    come from the cache (:func:`cached`), built the first time.

    Parameters
    ----------
    puzzle : SlidingPuzzle
        A 15-puzzle whose goal has the blank in a corner, for the named partitions.
    name : str
        ``"pdb"`` or ``"pdb:"`` followed by a name of :data:`PARTITIONS`.

    Returns
    -------
    PatternHeuristic

    Raises
    ------
    ProblemError
        If the partition is unknown, or drawn for another board.

    Examples
    --------
    On a 15-puzzle ``named_heuristic(puzzle, "pdb:5-5-5")`` is the sum of three
    databases of five tiles. The named partitions fit no other board:

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> named_heuristic(SlidingPuzzle(shape=(3, 3)), "pdb")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: the partition '6-6-3' is drawn for a 4x4 board with the ...
    """
    if not isinstance(puzzle, SlidingPuzzle):
        raise ProblemError(
            f"{name!r}: pattern databases are for sliding puzzles, not {type(puzzle).__name__}"
        )
    partition = name.partition(":")[2] or DEFAULT_PARTITION
    return pattern_heuristic(puzzle, partition)


# ---------------------------------------------------------------- breadth-first search


def _breadth_first(
    shape: tuple[int, int],
    goal: State,
    tiles: tuple[int, ...],
    budget: Budget,
    progress: bool,
    blank: bool = False,
) -> np.ndarray:
    """The table of the pattern *tiles* (with *blank*, of the tiles and the blank):
    breadth-first search outward from the goal.

    The abstract board is where the pattern's tiles and the blank stand (a row of
    ``k + 1`` cells). A *free* move takes the blank to a neighbouring cell that no
    pattern tile holds (it swaps with a tile of no interest: cost 0); a *tile*
    move slides a pattern tile into the blank (cost 1). Each layer is every board
    at one cost: first the boards the tile moves of the layer before reach, then
    every board free moves reach from them. A placement's cost is the layer in
    which its tiles first stand so, wherever the blank is; with *blank*, the table
    keeps the cost of every placement of the tiles *and* the blank.
    """
    rows, cols = shape
    cells, k = rows * cols, len(tiles)
    neighbours = _neighbours(rows, cols)
    reached_at = np.full(placement_count(cells, k + 1), UNSET, dtype=np.uint8)
    # With every tile in the pattern the blank's cell is the one left over: both tables
    # have the same ranks (the blank's digit is always 0), so one array serves as both.
    every_tile = k == cells - 1
    table = reached_at if every_tile else np.full(placement_count(cells, k), UNSET, np.uint8)
    start = np.array([[goal.index(tile) for tile in tiles] + [goal.index(0)]], dtype=np.int8)
    reached_at[placement_ranks(start, cells)] = 0
    layer, cost, reached = start, 0, 0
    bar = _progress_bar(len(reached_at), f"pattern {'-'.join(map(str, tiles))}", progress)
    try:
        while len(layer):
            layer = _close_under_free_moves(layer, neighbours, k, reached_at, cells, cost)
            reached += len(layer)
            if not every_tile:
                _mark_placements(layer[:, :k], table, cells, cost)
            bar.update(len(layer))
            budget.check(reached)
            layer = _reached(layer, neighbours, k, reached_at, cells, cost + 1, tile_moves=True)
            cost += 1
    except (LimitReached, KeyboardInterrupt) as stop:
        why = str(stop) or "interrupted (Ctrl-C)"
        what = f"the pattern database of tiles {list(tiles)}"
        what = "the distance table" if every_tile else what
        raise PuzzleError(
            f"{what} was not finished ({reached:,} of {len(reached_at):,} boards): {why}"
        ) from None
    finally:
        bar.close()
    return reached_at if blank else table


def _mark_placements(placements: np.ndarray, table: np.ndarray, cells: int, cost: int) -> None:
    """Give *cost* to the table's entries of *placements* not reached before."""
    for start in range(0, len(placements), CHUNK):
        ranks = placement_ranks(placements[start : start + CHUNK], cells)
        table[ranks[table[ranks] == UNSET]] = cost


def _close_under_free_moves(
    layer: np.ndarray, neighbours: np.ndarray, k: int, reached_at: np.ndarray, cells: int, cost: int
) -> np.ndarray:
    """*layer* and every board its free moves reach, each once."""
    if k == len(neighbours) - 1:
        return layer  # every tile is in the pattern: no move is free
    found, fresh = [layer], layer
    while len(fresh):
        fresh = _reached(fresh, neighbours, k, reached_at, cells, cost, tile_moves=False)
        found.append(fresh)
    return np.concatenate(found)


def _reached(
    boards: np.ndarray,
    neighbours: np.ndarray,
    k: int,
    reached_at: np.ndarray,
    cells: int,
    cost: int,
    tile_moves: bool,
) -> np.ndarray:
    """The boards not reached before that one move (a tile move, or a free move) from
    *boards* reaches, each once; they are marked reached at *cost*. Done in chunks, to
    bound the memory."""
    found = [
        _new(
            _moves(boards[start : start + CHUNK], neighbours, k, tile_moves),
            reached_at,
            cells,
            cost,
        )  # fmt: skip
        for start in range(0, len(boards), CHUNK)
    ]
    return np.concatenate(found) if found else boards[:0]


def _moves(boards: np.ndarray, neighbours: np.ndarray, k: int, tile_moves: bool) -> np.ndarray:
    """Every board one move from *boards*: the tile moves, or the free moves."""
    if tile_moves and k == len(neighbours) - 1:
        return _every_tile_moves(boards, neighbours)
    blank = boards[:, k].astype(np.int64)
    held = _held_cells(boards[:, :k], len(neighbours))
    found = []
    for direction in range(neighbours.shape[1]):
        target = neighbours[blank, direction]
        on_board = target >= 0
        occupied = on_board & held(target)
        chosen = np.flatnonzero(occupied if tile_moves else on_board & ~occupied)
        moved = boards[chosen]
        if tile_moves:  # the tile at the target slides into the blank
            tiles = moved[:, :k]
            tiles[tiles == target[chosen, None]] = blank[chosen]
        moved[:, k] = target[chosen]
        found.append(moved)
    return np.concatenate(found)


def _held_cells(tiles: np.ndarray, cells: int) -> Callable[[np.ndarray], np.ndarray]:
    """A function of one cell per board: whether a pattern tile of that board holds it.

    On boards of up to 63 cells each board's held cells are one bitmask, made once for
    all four directions; larger boards compare the cell with every tile.
    """
    if cells > 63:
        return lambda cell: (tiles == cell[:, None]).any(axis=1)
    mask = np.bitwise_or.reduce(np.left_shift(np.int64(1), tiles.astype(np.int64)), axis=1)
    return lambda cell: ((mask >> np.maximum(cell, 0)) & 1).astype(bool)


def _every_tile_moves(boards: np.ndarray, neighbours: np.ndarray) -> np.ndarray:
    """Every board one move from *boards* when every cell holds a pattern tile or the blank
    (a distance table's case): the tile beside the blank is looked up, not searched for."""
    count, places = boards.shape
    starts = np.arange(count, dtype=np.int64) * places  # where each board begins, flat
    column_on = np.empty(count * places, dtype=boards.dtype)  # the column of the tile on a cell
    column_on[(starts[:, None] + boards).ravel()] = np.tile(np.arange(places), count)
    blank = boards[:, -1].astype(np.int64)
    found = []
    for direction in range(neighbours.shape[1]):
        which = np.flatnonzero(neighbours[blank, direction] >= 0)
        target = neighbours[blank[which], direction]
        moved = boards[which]
        tile = column_on[starts[which] + target]
        moved.ravel()[np.arange(len(which)) * places + tile] = blank[which]
        moved[:, -1] = target
        found.append(moved)
    return np.concatenate(found)


def _new(boards: np.ndarray, reached_at: np.ndarray, cells: int, cost: int) -> np.ndarray:
    """The boards of *boards* not reached before, each once; marks them reached at *cost*."""
    ranks = placement_ranks(boards, cells)
    fresh = reached_at[ranks] == UNSET
    ranks, first = np.unique(ranks[fresh], return_index=True)
    reached_at[ranks] = cost
    return boards[fresh][first]


def _neighbours(rows: int, cols: int) -> np.ndarray:
    """``neighbours[cell]``: the cells up, down, left and right of it (-1: off the board)."""
    table = np.full((rows * cols, 4), -1, dtype=np.int64)
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        for d, (dr, dc) in enumerate([(-1, 0), (1, 0), (0, -1), (0, 1)]):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                table[cell, d] = (r + dr) * cols + c + dc
    return table


class _ProgressBar(Protocol):
    """What building asks of a progress bar: tqdm's, or one that shows nothing."""

    def update(self, count: int, /) -> object: ...

    def close(self) -> None: ...


class _NoBar:
    """A progress bar that shows nothing (and spares importing tqdm)."""

    def update(self, count: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, what: str, shown: bool) -> _ProgressBar:
    if not shown:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=what, unit=" boards", unit_scale=True, leave=False)


# ---------------------------------------------------------------- the cache on disk


def cache_folder() -> Path:
    """Where databases are kept: ``$PUZZLELAB_CACHE``, else the user's cache folder.

    Returns
    -------
    pathlib.Path
        The folder; it is made when the first database is saved.

    Examples
    --------
    >>> from unittest import mock
    >>> with mock.patch.dict("os.environ", {"PUZZLELAB_CACHE": "/tmp/tables"}):
    ...     cache_folder() == Path("/tmp/tables")
    True
    >>> with mock.patch.dict("os.environ", {"PUZZLELAB_CACHE": ""}):
    ...     cache_folder().name
    'patterns'
    """
    chosen = os.environ.get(CACHE_VARIABLE, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("puzzlelab")) / "patterns"


def cached(
    puzzle: SlidingPuzzle,
    tiles: Iterable[int],
    *,
    blank: bool = False,
    progress: bool = True,
    **limits: Any,
) -> PatternDatabase:
    """The database of *tiles* for *puzzle*: read from the cache, or built and saved there.

    A file that does not match what it should hold (another format, board, goal or
    pattern, or a checksum that fails) is rebuilt.

    Parameters
    ----------
    puzzle : SlidingPuzzle
        The board and goal.
    tiles : iterable of int
        The pattern.
    blank : bool
        Keep the blank's cell in the table (see :class:`PatternDatabase`).
    progress : bool
        Show a progress bar while building.
    max_seconds, max_memory_mb : optional
        Limits on building.

    Returns
    -------
    PatternDatabase

    Raises
    ------
    ProblemError
        If *tiles* is not a group of different tiles of the puzzle.
    PuzzleError
        If a limit stopped the building.

    Examples
    --------
    >>> import tempfile
    >>> from unittest import mock
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with mock.patch.dict("os.environ", {"PUZZLELAB_CACHE": folder}):
    ...         built = cached(eight, (1, 2, 3), progress=False)  # built, then saved
    ...         saved = [path.name for path in cache_folder().iterdir()]
    ...         read = cached(eight, (1, 2, 3), progress=False)  # read from the file
    >>> saved
    ['3x3-...-1-2-3.npz']
    >>> read.checksum() == built.checksum()
    True
    """
    shape, goal = (puzzle.rows, puzzle.cols), tuple(puzzle.goal)
    tiles = check_pattern(goal, tiles)
    path = cache_folder() / _file_name(shape, goal, tiles, blank)
    database = _read(path, shape, goal, tiles, blank)
    if database is None:
        database = PatternDatabase.build(puzzle, tiles, blank=blank, progress=progress, **limits)
        _write(path, database)
    return database


def _file_name(shape: tuple[int, int], goal: State, tiles: tuple[int, ...], blank: bool) -> str:
    goal_id = hashlib.sha256(bytes(goal)).hexdigest()[:12]
    kind = "-blank" if blank else ""
    return f"{shape[0]}x{shape[1]}-{goal_id}-{'-'.join(map(str, tiles))}{kind}.npz"


def _read(
    path: Path, shape: tuple[int, int], goal: State, tiles: tuple[int, ...], blank: bool
) -> PatternDatabase | None:
    try:
        with np.load(path) as stored:
            about, table = json.loads(str(stored["about"])), stored["table"]
    except (OSError, ValueError, KeyError):
        return None
    expected = {"format": FORMAT, "shape": list(shape), "goal": list(goal),
                "tiles": list(tiles), "blank": blank}  # fmt: skip
    database = PatternDatabase(shape, tuple(goal), tuple(tiles), table, blank)
    fits = {key: about.get(key) for key in expected} == expected
    size = placement_count(shape[0] * shape[1], len(tiles) + blank)
    if not fits or len(table) != size or about.get("sha256") != database.checksum():
        return None
    return database


def _write(path: Path, database: PatternDatabase) -> None:
    about = {"format": FORMAT, "shape": list(database.shape), "goal": list(database.goal),
             "tiles": list(database.tiles), "blank": database.blank,
             "sha256": database.checksum()}  # fmt: skip
    # Each writer fills a file of its own, then renames it into place: a reader sees the
    # whole table or none, even when two kernels build the same database at once.
    partial = path.with_name(f"{path.stem}.{os.getpid()}.{threading.get_ident()}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as file:
            np.savez(file, about=json.dumps(about), table=database.table)
        partial.replace(path)
    except OSError:  # an unwritable or full cache only means building again next time
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
