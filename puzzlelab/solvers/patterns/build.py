"""Building a table: breadth-first search outward from the goal, over whole layers at once.

The abstract board is where the pattern's tiles and the blank stand; numpy moves every
board of a layer together, in chunks that bound the memory, and marks each placement
with the layer that first reached it. Limits (seconds, memory) and Ctrl-C stop a build
with one line saying so; a progress bar shows it going.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np

from ...errors import PuzzleError
from ...limits import Budget, LimitReached
from ...puzzles.sliding_boards import State
from .ranking import placement_count, placement_ranks

UNSET = 255  # a table entry not reached (yet)
CHUNK = 1 << 19  # boards moved at once while building: bounds the memory a layer takes


def breadth_first(
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

    Parameters
    ----------
    shape : (int, int)
        Rows and columns of the board.
    goal : tuple of int
        The goal board.
    tiles : tuple of int
        The pattern (checked already: different tiles of *goal*).
    budget : Budget
        The limits on building (seconds, memory).
    progress : bool
        Show a progress bar.
    blank : bool
        Keep the blank's cell in the table.

    Returns
    -------
    numpy.ndarray of uint8
        The cost of each placement, at its rank (:func:`~.placement_ranks`).

    Raises
    ------
    PuzzleError
        If a limit or Ctrl-C stopped the search (one line: what stopped it).

    Examples
    --------
    Tile 1 of the 3-puzzle: home (rank 0), one move away (cells 1 and 2), or two:

    >>> from puzzlelab.limits import Budget
    >>> breadth_first((2, 2), (1, 2, 3, 0), (1,), Budget(), progress=False)
    array([0, 1, 1, 2], dtype=uint8)
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
