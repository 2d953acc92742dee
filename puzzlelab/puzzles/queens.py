"""N queens: place n queens on an n x n board so that no two attack each other.

Vocabulary:

- a *placement* is a tuple of columns, one per row from the top: ``(1, 3, 0, 2)`` puts
  the row-0 queen in column 1, the row-1 queen in column 3, and so on. A full placement
  of n queens with no attacks is a *solution*; a shorter one is a partial placement;
- two queens *attack* when they share a column or a diagonal (one per row is given);
- *generate and test* makes every arrangement first and checks it afterwards;
  *backtracking* checks each queen as it is placed and *retreats* as soon as one cannot go;
- a *fundamental* solution stands for its whole family under the 8 symmetries of the
  square (4 rotations, each with or without a mirror).

Examples
--------
>>> solutions_backtracking(4)
[(1, 3, 0, 2), (2, 0, 3, 1)]
>>> len(solutions_generate_and_test(6)), count_solutions(8), len(fundamental_solutions(8))
(4, 92, 12)
>>> print(render((1, 3, 0, 2)))
. Q . .
. . . Q
Q . . .
. . Q .
"""

from __future__ import annotations

from itertools import permutations

from ..errors import BoardError

Placement = tuple[int, ...]


def check_size(n) -> int:
    """Return *n* if it is a whole number of at least 1, else raise BoardError."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BoardError(f"the board size must be a whole number of at least 1, not {n!r}")
    return n


def attacks(row: int, col: int, other_row: int, other_col: int) -> bool:
    """Return whether queens on (row, col) and (other_row, other_col) attack each other."""
    return col == other_col or abs(col - other_col) == abs(row - other_row)


def safe(placement: Placement, col: int) -> bool:
    """Return whether a queen may go in column *col* of the next row after *placement*."""
    row = len(placement)
    return not any(attacks(row, col, r, c) for r, c in enumerate(placement))


def is_solution(placement: Placement, n: int) -> bool:
    """Return whether *placement* puts n queens on the board with no attacks."""
    return (
        len(placement) == n
        and all(0 <= c < n for c in placement)
        and all(safe(placement[:row], col) for row, col in enumerate(placement))
    )


# ---------------------------------------------------------------- finding all solutions


def solutions_generate_and_test(n: int) -> list[Placement]:
    """Return all solutions by testing every permutation of the columns (n! candidates).

    A permutation already has one queen per row and per column; only diagonals are tested.
    """
    n = check_size(n)
    return [p for p in permutations(range(n)) if is_solution(p, n)]


def solutions_backtracking(n: int, trace: list | None = None) -> list[Placement]:
    """Return all solutions by placing queens row by row, abandoning a row as soon as it fails.

    Parameters
    ----------
    trace : list, optional
        If given, every step is appended to it as a tuple: ``("place", row, col)`` when a
        queen goes on the board and ``("retreat", row, col)`` when it is taken off again
        (after its row's subtree is explored). Replaying the list in order shows the
        search on a board: the queens on the board are those placed and not yet retreated.

    >>> steps = []
    >>> solutions_backtracking(4, steps)[0]
    (1, 3, 0, 2)
    >>> steps[:4]
    [('place', 0, 0), ('place', 1, 2), ('retreat', 1, 2), ('place', 1, 3)]
    """
    return list(backtrack(check_size(n), (), trace))


def first_solution(n: int, trace: list | None = None) -> Placement | None:
    """Return the first solution backtracking finds (columns tried left to right), or None.

    >>> first_solution(8), first_solution(3)
    ((0, 4, 7, 5, 2, 6, 1, 3), None)
    """
    return next(backtrack(check_size(n), (), trace), None)


def backtrack(n: int, placement: Placement, trace: list | None = None):
    """Yield every solution that extends *placement*, placing one safe queen per row."""
    row = len(placement)
    if row == n:
        yield placement
        return
    for col in range(n):
        if safe(placement, col):
            if trace is not None:
                trace.append(("place", row, col))
            yield from backtrack(n, placement + (col,), trace)
            if trace is not None:
                trace.append(("retreat", row, col))


def count_solutions(n: int) -> int:
    """Return the number of solutions, counted by backtracking over bit masks (fast).

    Bit c of ``columns`` is set when column c is taken; ``left`` and ``right`` mark the
    squares of the current row that a diagonal from an earlier queen passes through.

    >>> [count_solutions(n) for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    """
    full = (1 << check_size(n)) - 1

    def count(columns: int, left: int, right: int) -> int:
        if columns == full:
            return 1
        total = 0
        free = full & ~(columns | left | right)
        while free:
            bit = free & -free  # the lowest free square
            free ^= bit
            total += count(columns | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
        return total

    return count(0, 0, 0)


# ---------------------------------------------------------------- symmetry


def symmetries(placement: Placement) -> list[Placement]:
    """Return the 8 images of *placement* under rotations and mirrors (some may repeat)."""
    n = len(placement)
    images = []
    current = placement
    for _ in range(4):
        images += [current, tuple(n - 1 - c for c in current)]
        # A quarter turn: the queen on (row, col) moves to (col, n - 1 - row).
        turned = [0] * n
        for row, col in enumerate(current):
            turned[col] = n - 1 - row
        current = tuple(turned)
    return images


def fundamental_solutions(n: int) -> list[Placement]:
    """Return one solution per symmetry family: the smallest of its 8 images, sorted.

    >>> fundamental_solutions(6)
    [(1, 3, 5, 0, 2, 4)]
    """
    return sorted({min(symmetries(p)) for p in solutions_backtracking(n)})


def render(placement: Placement, n: int | None = None) -> str:
    """Return the board as text: ``Q`` for a queen, ``.`` for an empty square."""
    n = len(placement) if n is None else n
    rows = [
        " ".join("Q" if row < len(placement) and placement[row] == c else "." for c in range(n))
        for row in range(n)
    ]
    return "\n".join(rows)


# ---------------------------------------------------------------- for the search engine


class QueensPuzzle:
    """N queens as a search problem: place one queen per row, top to bottom.

    A state is a partial placement (a tuple of columns); the start is the empty board;
    an action is the column of the next row's queen, offered only where it is safe; a
    goal is any state with n queens. Every solution lies at depth n.

    >>> from puzzlelab.search import dfs
    >>> dfs(QueensPuzzle(6)).path[-1] in solutions_backtracking(6)
    True
    """

    def __init__(self, n: int = 8):
        self.n = check_size(n)
        self.start: Placement = ()
        self.goal = None  # many goal states: see is_goal
        self.heuristics = {}

    def __repr__(self) -> str:
        return f"QueensPuzzle({self.n})"

    def actions(self, state: Placement) -> list[int]:
        """Return the safe columns for the next row's queen (none once the board is full)."""
        if len(state) == self.n:
            return []
        return [col for col in range(self.n) if safe(state, col)]

    def result(self, state: Placement, action: int) -> Placement:
        """Return *state* with a queen in column *action* of the next row."""
        return state + (action,)

    def successors(self, state: Placement) -> list[tuple[int, Placement, int]]:
        """Return ``(column, next_state, 1)`` for every safe column of the next row."""
        return [(col, state + (col,), 1) for col in self.actions(state)]

    def is_goal(self, state: Placement) -> bool:
        """Return whether all n queens are placed (they are safe by construction)."""
        return len(state) == self.n

    def cost(self, state: Placement, action: int, next_state: Placement) -> int:
        """Every queen placed costs 1."""
        return 1

    def render(self, state: Placement) -> str:
        """Return the (partial) board as text."""
        return render(state, self.n)
