"""Building a table: breadth-first search from the goal, a layer's boards moved together by
numpy, in chunks that bound the memory; placements of tiles ranked with no gap, and coded."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...limits import Budget, LimitReached, memory_mb
from ...puzzles.sliding_boards import State

if TYPE_CHECKING:
    from tqdm import tqdm

UNSET = 255  # a table entry not reached (yet)
CHUNK = 1 << 19  # boards moved at once
SMALLEST_CHUNK = 1 << 10  # ... however tight the memory bound
LABELLED = "boards labelled"  # what max_nodes counts
BYTES_PER_BOARD = 200  # working memory of one board of a chunk (measured)
CHUNK_SHARE = 0.03  # the share of the memory bound one chunk may take


def placement_count(cells: int, k: int) -> int:
    """How many ways *k* distinct tiles can stand on *cells* cells: cells! / (cells - k)!. There is
    no example here; ``tests/test_patterns.py`` runs it."""
    return math.perm(cells, k)


def placement_ranks(positions: np.ndarray, cells: int) -> np.ndarray:
    """The rank (lexicographic, with no gap) of every row of *positions* on *cells* cells. There is
    no example here; ``tests/test_patterns.py`` runs it."""
    columns = np.ascontiguousarray(np.asarray(positions).T)  # a tile's cells, side by side
    rank = np.zeros(columns.shape[1], dtype=np.int64)
    for i, column in enumerate(columns):
        taken_below = (columns[:i] < column).sum(axis=0, dtype=np.int8) if i else 0
        rank *= cells - i
        rank += column - taken_below
    return rank


def placement_positions(ranks: np.ndarray | Sequence[int], cells: int, k: int) -> np.ndarray:
    """The placements of *k* tiles on *cells* cells whose ranks are *ranks*, one per row. There is
    no example here; ``tests/test_distances.py`` runs it."""
    ranks = np.asarray(ranks, dtype=np.int64)
    digits = np.empty((k, len(ranks)), dtype=np.int8)
    for i in reversed(range(k)):
        ranks, digits[i] = np.divmod(ranks, cells - i)
    for i in reversed(range(k - 1)):
        digits[i + 1 :] += digits[i + 1 :] >= digits[i]
    return digits.T.copy()


def placement_codes(cells: int, k: int) -> np.ndarray:
    """The code ``sum(cell_i * cells**i)`` of every placement of *k* tiles, in rank order. There is
    no example here; ``tests/test_patterns.py`` runs it."""
    codes = np.zeros(1, dtype=np.int64)
    used = np.zeros((1, cells), dtype=bool)
    for i in range(k):
        rows, free = np.nonzero(~used)  # row by row, each row's free cells in order
        codes = codes[rows] + free * cells**i
        if i < k - 1:
            used = used[rows]
            used[np.arange(len(rows)), free] = True
    return codes


def breadth_first(
    shape: tuple[int, int],
    goal: State,
    tiles: tuple[int, ...],
    budget: Budget,
    progress: bool,
    blank: bool = False,
) -> np.ndarray:
    """The table of the pattern *tiles* (with *blank*, and the blank): a *free* move takes the blank
    to a cell no pattern tile holds (cost 0), a *tile* move slides one (cost 1). There is no example
    here; ``tests/test_patterns.py`` runs it."""
    rows, cols = shape
    cells, k = rows * cols, len(tiles)
    # With every tile in the pattern the blank's cell is the one left over: one array serves.
    every_tile = k == cells - 1
    what = "the distance table" if every_tile else f"the pattern database of tiles {list(tiles)}"
    total = placement_count(cells, k + 1)
    needed = total + (0 if every_tile else placement_count(cells, k))
    if not _fits(budget, needed):
        raise LimitReached(f"{what} was not built: {_too_large(budget, needed)}")
    from tqdm.auto import tqdm  # loaded when a table is built, not with puzzlelab

    bar = tqdm(total=total, desc="pattern " + "-".join(map(str, tiles)), unit=" boards",
               unit_scale=True, leave=False, disable=not progress)  # fmt: skip
    search = _Search(shape, k, budget, bar)
    table = search.reached_at if every_tile else np.full(placement_count(cells, k), UNSET, np.uint8)
    search.kept += 0 if every_tile else table.nbytes
    start = np.array([[goal.index(tile) for tile in tiles] + [goal.index(0)]], dtype=np.int8)
    layer, cost = start, 0
    try:
        search.reached_at[placement_ranks(start, cells)] = 0
        search.counted(1)
        while len(layer):
            layer = search.close_under_free_moves(layer, cost)
            if not every_tile:
                search.mark_placements(layer[:, :k], table, cost)
            layer = search.reached(layer, cost + 1, tile_moves=True)
            cost += 1
    except (LimitReached, KeyboardInterrupt) as stop:
        why = stop if isinstance(stop, LimitReached) else "interrupted (Ctrl-C)"
        done = f"{search.labelled:,} of {total:,} boards"
        raise type(stop)(f"{what} was not finished ({done}): {why}") from None
    finally:
        search.bar.close()
    budget.spent += search.labelled
    return search.reached_at if blank else table


def _fits(budget: Budget, nbytes: int) -> bool:
    if budget.memory_at_start is None:  # no bound, or no way to measure
        return True
    now = memory_mb()
    return now is None or now - budget.memory_at_start + nbytes / 2**20 <= budget.max_memory_mb


def _too_large(budget: Budget, nbytes: int) -> str:
    lift = (" (the default; pass max_memory_mb=None, or --max-memory-mb none, to lift it)"
            if budget.default_memory else "")  # fmt: skip
    return (
        f"it needs {nbytes / 2**20:,.1f} MB of memory, more than the limit of "
        f"{budget.max_memory_mb:,g} MB allows{lift}"
    )


class _Search:
    """One build: the boards reached so far, the limits kept, the progress shown."""

    def __init__(self, shape: tuple[int, int], k: int, budget: Budget, bar: tqdm):
        self.cells, self.k = shape[0] * shape[1], k
        self.neighbours = _neighbours(*shape)
        self.budget, self.bar = budget, bar
        self.reached_at = np.full(placement_count(self.cells, k + 1), UNSET, dtype=np.uint8)
        self.kept = self.reached_at.nbytes  # the bytes the build holds throughout: its tables
        self.labelled = 0
        self.chunk = CHUNK
        if budget.max_memory_mb < math.inf:  # a chunk's work stays a small part of the bound
            share = budget.max_memory_mb * 2**20 * CHUNK_SHARE / BYTES_PER_BOARD
            self.chunk = int(min(CHUNK, max(SMALLEST_CHUNK, share)))

    def counted(self, labelled: int) -> None:
        self.labelled += labelled
        self.bar.update(labelled)
        budget = self.budget
        if self.labelled + budget.spent > budget.max_nodes:
            raise LimitReached(f"the limit of {budget.max_nodes:,} {budget.what} was reached")
        budget.look()

    def make_room(self, held: int, more: int) -> None:
        # The build counts its own bytes: the system's figure for the process may lag.
        budget = self.budget
        over = (self.kept + held + more) / 2**20 > budget.max_memory_mb
        if over or not _fits(budget, more):  # said as the budget says it when it is passed
            raise LimitReached(budget.memory_reason())

    def mark_placements(self, placements: np.ndarray, table: np.ndarray, cost: int) -> None:
        for start in range(0, len(placements), self.chunk):
            ranks = placement_ranks(placements[start : start + self.chunk], self.cells)
            table[ranks[table[ranks] == UNSET]] = cost
            self.budget.look()

    def close_under_free_moves(self, layer: np.ndarray, cost: int) -> np.ndarray:
        if self.k == self.cells - 1:
            return layer  # every tile is in the pattern: no move is free
        found, fresh = [layer], layer
        while len(fresh):
            fresh = self.reached(fresh, cost, tile_moves=False, held=_bytes(found[:-1]))
            found.append(fresh)
        self.make_room(_bytes(found), _bytes(found))  # the boards found, and one array of them
        return np.concatenate(found)

    def reached(self, boards: np.ndarray, cost: int, tile_moves: bool, held: int = 0) -> np.ndarray:
        """The new boards one move from *boards*, labelled *cost*; *held*: other layers' bytes."""
        found: list[np.ndarray] = []
        held += boards.nbytes
        for start in range(0, len(boards), self.chunk):
            moved = _moves(boards[start : start + self.chunk], self.neighbours, self.k, tile_moves)
            found.append(_new(moved, self.reached_at, self.cells, cost))
            self.counted(len(found[-1]))
            self.make_room(held + _bytes(found), self.chunk * BYTES_PER_BOARD)  # the next chunk
        self.make_room(held + _bytes(found), _bytes(found))  # one array of the boards found
        return np.concatenate(found) if found else boards[:0]


def _bytes(arrays: list[np.ndarray]) -> int:
    return sum(array.nbytes for array in arrays)


def _moves(boards: np.ndarray, neighbours: np.ndarray, k: int, tile_moves: bool) -> np.ndarray:
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
    """A function of one cell per board: whether a pattern tile holds it (bitmasks to 63 cells)."""
    if cells > 63:
        return lambda cell: (tiles == cell[:, None]).any(axis=1)
    mask = np.bitwise_or.reduce(np.left_shift(np.int64(1), tiles.astype(np.int64)), axis=1)
    return lambda cell: ((mask >> np.maximum(cell, 0)) & 1).astype(bool)


def _every_tile_moves(boards: np.ndarray, neighbours: np.ndarray) -> np.ndarray:
    """Every board one move from *boards* when every tile is in the pattern (looked up)."""
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
