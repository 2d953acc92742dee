"""Ranking placements of *k* distinct tiles on *cells* cells: ranks with no gap, and codes."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def placement_count(cells: int, k: int) -> int:
    """How many ways *k* distinct tiles can stand on *cells* cells: cells! / (cells - k)!.

    >>> placement_count(16, 6)
    5765760
    """
    return math.perm(cells, k)


def placement_ranks(positions: np.ndarray, cells: int) -> np.ndarray:
    """The rank (lexicographic, with no gap) of every row of *positions* on *cells* cells.

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
    """The placements of *k* tiles on *cells* cells whose ranks are *ranks*, one per row.

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
