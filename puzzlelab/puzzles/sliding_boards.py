"""Sliding-puzzle boards as users write them, read and checked (:func:`parse_board`)."""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Sequence

from ..errors import BoardError, whole_number

State = tuple[int, ...]
#: Text such as ``"1 2 3 / 4 5 6 / 7 8 0"``, a flat sequence of tiles, or a sequence of rows.
BoardInput = str | Iterable[int | str] | Sequence[Sequence[int | str]]


BLANK_NAMES = {"0", "_", "."}

#: The largest board, in cells (the Manhattan table grows with the square of the cells).
MAX_CELLS = 1024


def parse_board(
    board: BoardInput, shape: tuple[int, int] | None = None
) -> tuple[State, tuple[int, int]]:
    """Return ``(state, (rows, cols))`` for a board given as text (rows split by ``/`` or new
    lines, the blank ``0``, ``_`` or ``.``) or lists; without *shape*, a flat board is square.

    >>> parse_board("1 2 3 / 4 5 6 / 7 8 0")
    ((1, 2, 3, 4, 5, 6, 7, 8, 0), (3, 3))
    >>> parse_board([[1, 2, 3], [4, 0, 5]])
    ((1, 2, 3, 4, 0, 5), (2, 3))
    """
    rows, tiles = _split_board(board)
    if rows is not None:
        lengths = tuple(len(row) for row in rows)
        if len(set(lengths)) != 1:
            raise BoardError(
                f"rows have different lengths {lengths}; every row needs the same number of tiles"
            )
        found = (len(rows), lengths[0])
        if shape is not None and tuple(shape) != found:
            raise BoardError(
                f"the board has {found[0]} rows of {found[1]} tiles, "
                f"but shape {shape[0]}x{shape[1]} was asked for"
            )
        shape = found
    state = tuple(_tile_number(tile) for tile in tiles)
    shape = shape_for(len(state), shape)
    _check_tiles(state)
    return state, shape


def _split_board(board: BoardInput) -> tuple[Sequence[Sequence[object]] | None, Sequence[object]]:
    """Return ``(rows, tiles)``: the rows when the form says where rows end, else ``None``."""
    if isinstance(board, str):
        lines = [line for line in re.split(r"\s*[/\n;]\s*", board.strip()) if line]
        rows = [[t for t in re.split(r"[\s,]+", line) if t] for line in lines]
        if not rows:
            raise BoardError("the board is empty; give tiles such as '1 2 3 / 4 5 6 / 7 8 0'")
        tiles = [t for row in rows for t in row]
        return (rows if len(rows) > 1 else None), tiles
    if (
        isinstance(board, (list, tuple))
        and board
        and all(isinstance(row, (list, tuple)) for row in board)
    ):
        return [list(row) for row in board], [t for row in board for t in row]
    if not isinstance(board, Iterable):
        raise BoardError(f"a board must be text or a list of tiles, not {type(board).__name__}")
    return None, list(board)


def _tile_number(tile: object) -> int:
    if isinstance(tile, str):
        if tile in BLANK_NAMES:
            return 0
        if tile.isascii() and tile.isdigit():  # not "３" or "٣"
            return int(tile)
    elif isinstance(tile, numbers.Integral) and not isinstance(tile, bool):
        return int(tile)
    raise BoardError(
        f"{tile!r} is not a tile: tiles are whole numbers written with the digits 0-9, "
        "0 (or _) for the blank"
    )


def shape_for(count: int | None, shape: tuple[int, int] | None) -> tuple[int, int]:
    """Return ``(rows, cols)`` of a board of *count* tiles, checked: *shape*, or a square.

    >>> shape_for(12, (3, 4))
    (3, 4)
    >>> shape_for(8, None)
    Traceback (most recent call last):
    ...
    puzzlelab.errors.BoardError: 8 tiles do not make a square board (4, 9, 16, 25, ...); ...
    """
    if count is not None and count > MAX_CELLS:
        raise BoardError(f"{count:,} cells is too many: boards have at most {MAX_CELLS:,} cells")
    if shape is not None:
        if isinstance(shape, str) or len(shape) != 2:
            raise BoardError(f"a shape is two whole numbers (rows, cols), not {shape!r}")
        rows, cols = (whole_number(n, "a shape's rows and cols", error=BoardError) for n in shape)
        if rows * cols > MAX_CELLS:
            raise BoardError(
                f"a {rows}x{cols} board is too big: boards have at most {MAX_CELLS:,} cells"
            )
        if rows < 1 or cols < 1 or rows * cols < 2:
            raise BoardError(f"a board needs at least 2 cells; {rows}x{cols} is too small")
        if count is not None and rows * cols != count:
            raise BoardError(
                f"{count} tiles do not fill a {rows}x{cols} board, which needs {rows * cols}"
            )
        return rows, cols
    assert count is not None, "without a shape, the count decides it"
    side = math.isqrt(count)
    if side * side != count or count < 4:
        raise BoardError(
            f"{count} tiles do not make a square board (4, 9, 16, 25, ...); "
            "give the rows with '/' or pass shape=(rows, cols)"
        )
    return side, side


def _check_tiles(state: State) -> None:
    n = len(state)
    seen = set()
    for tile in state:
        if not 0 <= tile < n:
            raise BoardError(f"tile {tile} is out of range: a board of {n} cells holds 0..{n - 1}")
        if tile in seen:
            raise BoardError(f"tile {tile} appears twice: each of 0..{n - 1} must appear once")
        seen.add(tile)
