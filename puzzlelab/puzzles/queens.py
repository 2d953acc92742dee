"""N queens: place n queens on an n x n board so that no two attack each other.

A *placement* is a tuple of columns, one per row from the top.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import BoardError, whole_number

Placement = tuple[int, ...]


def check_size(n: int) -> int:
    """Return *n* if it is a whole number of at least 1, else raise BoardError.

    >>> check_size(8)
    8
    """
    return whole_number(n, "the board size", least=1, error=BoardError)


def solvable(n: int) -> bool:
    """Return whether n queens can be placed with no attacks: for every n but 2 and 3.

    >>> [n for n in range(1, 9) if not solvable(n)]
    [2, 3]
    """
    return check_size(n) not in (2, 3)


def attacks(row: int, col: int, other_row: int, other_col: int) -> bool:
    """Return whether two queens share a column or a diagonal.

    >>> attacks(0, 0, 2, 2), attacks(0, 1, 2, 2)  # a diagonal; a knight's move apart
    (True, False)
    """
    return col == other_col or abs(col - other_col) == abs(row - other_row)


def safe(placement: Placement, col: int) -> bool:
    """Return whether a queen may go in column *col* of the next row after *placement*.

    >>> [col for col in range(4) if safe((1, 3), col)]  # row 2 of four queens
    [0]
    """
    row = len(placement)
    return not any(attacks(row, col, r, c) for r, c in enumerate(placement))


def is_solution(placement: Placement, n: int) -> bool:
    """Return whether *placement* puts n queens on the board with no attacks.

    >>> is_solution((1, 3, 0, 2), 4), is_solution((0, 1, 2, 3), 4), is_solution((1, 3), 4)
    (True, False, False)
    """
    return (
        len(placement) == n
        and all(isinstance(c, int) and 0 <= c < n for c in placement)
        and all(safe(placement[:row], col) for row, col in enumerate(placement))
    )


def attacked_squares(placement: Placement, n: int) -> set[tuple[int, int]]:
    """Return the empty squares ``(row, col)`` that some queen attacks.

    >>> sorted(attacked_squares((0,), 2))
    [(0, 1), (1, 0), (1, 1)]
    """
    queens = set(enumerate(placement))
    return {
        (row, col)
        for row in range(n)
        for col in range(n)
        if (row, col) not in queens and any(row == r or attacks(row, col, r, c) for r, c in queens)
    }


def conflicts(placement: Placement) -> int:
    """Return the number of pairs of queens in *placement* that attack each other.

    >>> conflicts((0, 1, 2, 3)), conflicts((1, 3, 0, 2))
    (6, 0)
    """
    return sum(
        attacks(row, col, other_row, placement[other_row])
        for row, col in enumerate(placement)
        for other_row in range(row + 1, len(placement))
    )


def symmetries(placement: Placement) -> list[Placement]:
    """Return the 8 images of *placement*: 0 to 3 quarter turns, each then mirrored.

    >>> symmetries((1, 3, 0, 2))[:2]
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    n, images, current = len(placement), [], placement
    for _ in range(4):
        images += [current, tuple(n - 1 - c for c in current)]
        # A quarter turn: the queen on (row, col) moves to (col, n - 1 - row).
        turned = [0] * n
        for row, col in enumerate(current):
            turned[col] = n - 1 - row
        current = tuple(turned)
    return images


def canonical(placement: Placement) -> Placement:
    """Return the smallest of the 8 images: the family's representative.

    >>> canonical((4, 2, 0, 3, 1)), canonical((0, 2, 4, 1, 3))
    ((0, 2, 4, 1, 3), (0, 2, 4, 1, 3))
    """
    return min(symmetries(placement))


def family(placement: Placement) -> list[Placement]:
    """Return the distinct images of *placement* (its family: 1, 2, 4 or 8 solutions).

    >>> len(family((1, 3, 0, 2))), len(family((0, 4, 7, 5, 2, 6, 1, 3)))
    (2, 8)
    """
    return sorted(set(symmetries(placement)))


class QueensPuzzle:
    """N queens as a search problem: place one safe queen per row, top to bottom.

    Parameters
    ----------
    n : int
        The board's size and the number of queens.

    Examples
    --------
    >>> from puzzlelab.search import dfs
    >>> is_solution(dfs(QueensPuzzle(6)).path[-1], 6)
    True
    """

    def __init__(self, n: int = 8) -> None:
        self.n = check_size(n)
        self.start: Placement = ()
        self.goal = None  # many goal states
        self.heuristics: dict[str, Callable[[Placement], int]] = {}

    def __repr__(self) -> str:
        return f"QueensPuzzle({self.n})"

    def actions(self, state: Placement) -> list[int]:
        """Return the safe columns for the next row's queen."""
        if len(state) == self.n:
            return []
        return [col for col in range(self.n) if safe(state, col)]

    def result(self, state: Placement, action: int) -> Placement:
        return state + (action,)

    def successors(self, state: Placement) -> list[tuple[int, Placement, int]]:
        return [(col, state + (col,), 1) for col in self.actions(state)]

    def is_goal(self, state: Placement) -> bool:
        return len(state) == self.n

    def cost(self, state: Placement, action: int, next_state: Placement) -> int:
        return 1

    def render(self, state: Placement) -> str:
        """Return the (partial) board as text, ``Q`` a queen.

        >>> print(QueensPuzzle(4).render((1, 3)))
        . Q . .
        . . . Q
        . . . .
        . . . .
        """
        rows = range(self.n)
        return "\n".join(
            " ".join("Q" if row < len(state) and state[row] == c else "." for c in rows)
            for row in rows
        )
