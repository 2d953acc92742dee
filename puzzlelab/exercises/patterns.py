"""Lesson 6, "Pattern databases": a pattern database the slow, readable way, and the exercises.

:func:`relaxed_distances` solves a pattern as the lesson first explains it: keep some
tiles, forget which of the others is which, and search breadth first from the goal.
It counts either *every move* (each slide costs 1) or only the pattern's *own moves*
(a slide of a forgotten tile costs 0). The lesson adds two such tables and finds
out why only the second kind may be added. :mod:`puzzlelab.solvers.patterns` builds the same
tables with numpy, fast enough for the 15-puzzle.

Three checks, one per exercise:

- :func:`check_table_entries`: how many entries a database of six 15-puzzle tiles holds;
- :func:`check_partition`: tile groups of your own that beat a given partition;
- :func:`check_combination`: an 8-puzzle heuristic made of four databases, admissible
  and better than adding the own-move ones.

Each check prints what is right or what to look at again, never the answer, and
returns ``True`` or ``False``.

Examples
--------
>>> from puzzlelab.puzzles import SlidingPuzzle
>>> eight = SlidingPuzzle(shape=(3, 3))
>>> pattern_view((1, 2, 3, 4, 5, 6, 7, 8, 0), (1, 2))
(1, 2, None, None, None, None, None, None, 0)
>>> table = relaxed_distances(eight, (1, 2))
>>> len(table), table[pattern_view(eight.goal, (1, 2))]
(504, 0)
>>> check_table_entries(16**6)
Not yet: two tiles can never share a cell: once one tile is placed, fewer cells are left ...
False
"""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from ..analysis.distances import distance_table
from ..errors import PuzzleError
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State
from ..search.problem import Heuristic
from ..solvers.patterns import Partition, pattern_heuristic
from ..solvers.sliding import sliding_idastar
from .answers import is_whole_number, not_answered, report, self_check
from .sandbox import guarded_check

#: How the two kinds of database count a slide.
EVERY_MOVE, OWN_MOVES = "every move", "own moves"

#: A board as a pattern sees it: the pattern's tiles and the blank (0); any other tile None.
PatternView = tuple[int | None, ...]


def pattern_view(state: State, tiles: Collection[int]) -> PatternView:
    """Return the board as the pattern *tiles* sees it: its tiles and the blank; others None.

    Boards that differ only in where the forgotten tiles stand look the same to the
    pattern: a database keeps one entry for them all.

    Parameters
    ----------
    state : tuple of int
        A board, row by row, 0 for the blank.
    tiles : collection of int
        The pattern's tiles.

    Returns
    -------
    tuple
        *state* with every tile outside the pattern replaced by ``None``.

    Examples
    --------
    >>> pattern_view((2, 1, 3, 0), (1,))
    (None, 1, None, 0)
    >>> pattern_view((3, 1, 2, 0), (1,)) == pattern_view((2, 1, 3, 0), (1,))
    True
    """
    return tuple(tile if tile == 0 or tile in tiles else None for tile in state)


def relaxed_distances(
    puzzle: SlidingPuzzle, tiles: Collection[int], count: str = EVERY_MOVE
) -> dict[PatternView, int]:
    """``{pattern view: fewest moves to the goal's view}`` for every view of *tiles*.

    A breadth-first search outward from the goal's view. With ``count="own moves"`` a
    slide of a forgotten tile costs nothing, so such moves go to the front of the
    queue (a 0-1 breadth-first search) and every view still leaves the queue at its
    least cost.

    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> every, own = relaxed_distances(eight, (1,)), relaxed_distances(eight, (1,), OWN_MOVES)
    >>> board = pattern_view((0, 2, 3, 4, 5, 6, 7, 8, 1), (1,))  # tile 1 four cells from home
    >>> every[board], own[board]
    (16, 4)
    """
    _check_count(count)
    start = pattern_view(puzzle.goal, tiles)
    distance = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        for moved, tile in _slides(puzzle, board):
            step = 0 if tile is None and count == OWN_MOVES else 1
            if distance[board] + step < distance.get(moved, math.inf):
                distance[moved] = distance[board] + step
                queue.appendleft(moved) if step == 0 else queue.append(moved)
    return distance


def _check_count(count: str) -> None:
    if count not in (EVERY_MOVE, OWN_MOVES):
        raise PuzzleError(f"count must be {EVERY_MOVE!r} or {OWN_MOVES!r}, not {count!r}")


def _slides(puzzle: SlidingPuzzle, board: PatternView) -> Iterator[tuple[PatternView, int | None]]:
    """``(board after, tile that slid)`` for every slide into the blank of *board*."""
    blank = board.index(0)
    for _, cell in puzzle.blank_moves[blank]:
        moved = list(board)
        moved[blank], moved[cell] = board[cell], 0
        yield tuple(moved), board[cell]


def relaxed_heuristic(
    puzzle: SlidingPuzzle, tiles: Collection[int], count: str = EVERY_MOVE
) -> Heuristic:
    """A function of a state: its distance in :func:`relaxed_distances` (the table built once).

    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> h = relaxed_heuristic(eight, (1, 2, 3, 4))
    >>> h(eight.goal), h((1, 2, 3, 4, 5, 6, 7, 0, 8))
    (0, 1)
    """
    table = relaxed_distances(puzzle, tiles, count)

    def heuristic(state: State) -> int:
        return table[pattern_view(state, tiles)]

    heuristic.__name__ = f"{count.replace(' ', '_')}_{'_'.join(map(str, tiles))}"
    return heuristic


# ---------------------------------------------------------------- exercise 1

#: Exercise 1: the tiles of one database of the 15-puzzle.
SIX_TILES = (1, 2, 3, 4, 5, 6)


@self_check
@guarded_check("your answer")
def check_table_entries(answer: Any) -> bool:
    """Check the number of entries of a database of six 15-puzzle tiles, one per placement.

    >>> check_table_entries(math.comb(16, 6))
    Not yet: that counts which six cells are taken, but not which tile stands on which...
    False
    """
    if not_answered(answer):
        return report(False, "", "replace ... with a whole number (math.perm may help).")
    if not is_whole_number(answer):
        return report(False, "", f"give a whole number (no quotes), not a {type(answer).__name__}.")
    cells, k = 16, len(SIX_TILES)
    if answer == math.perm(cells, k):
        return report(
            True,
            f"16 cells for the first tile, 15 for the second, ... 11 for the sixth: "
            f"{answer:,} bytes at a byte an entry, about {answer / 2**20:.1f} MiB.",
            "",
        )
    hints = {
        cells**k: "two tiles can never share a cell: once one tile is placed, fewer cells are "
        "left for the next.",
        math.comb(cells, k): "that counts which six cells are taken, but not which tile stands "
        "on which; the tiles are different.",
        math.perm(cells, k + 1): "that places the blank too; this table keeps the least cost "
        "over every cell of the blank, so only the six tiles are placed.",
        math.factorial(cells): "that places all 16 tiles and the blank; the database forgets "
        "every tile outside the pattern.",
    }
    return report(False, "", hints.get(answer, "count the cells left for each tile in turn."))


# ---------------------------------------------------------------- exercise 2

#: Exercise 2: the boards each partition is tried on (lesson 5's eight scrambles).
PARTITION_SCRAMBLES = tuple((50, seed) for seed in range(8))
#: The partition to beat: the rows of the 15-puzzle.
ROWS = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15))
#: The largest pattern allowed: every table builds in about a second.
LARGEST_PATTERN = 4
#: IDA* may expand at most this many boards per board; more counts as a failure.
PARTITION_BUDGET = 200_000


def partition_boards() -> list[SlidingPuzzle]:
    """Return the 15-puzzles of exercise 2: lesson 5's eight boards, 50 random moves from the goal.

    Returns
    -------
    list of SlidingPuzzle
        One 4x4 puzzle per entry of :data:`PARTITION_SCRAMBLES`, started where its
        scramble ends; the same boards on every call.

    Examples
    --------
    >>> boards = partition_boards()
    >>> len(boards), (boards[0].rows, boards[0].cols)
    (8, (4, 4))
    >>> boards[0].start
    (1, 2, 7, 3, 13, 5, 4, 15, 6, 9, 0, 14, 10, 11, 8, 12)
    >>> [board.start for board in boards] == [board.start for board in partition_boards()]
    True
    """
    fifteen = SlidingPuzzle(shape=(4, 4))
    return [fifteen.with_start(fifteen.scramble(moves, seed=seed))
            for moves, seed in PARTITION_SCRAMBLES]  # fmt: skip


def partition_nodes(groups: Partition, progress: bool = False) -> int | None:
    """Return the boards IDA* expands with the partition *groups* on :func:`partition_boards`.

    Parameters
    ----------
    groups : sequence of tuple of int
        Tile groups of the 15-puzzle, no tile in two groups; each gets a pattern
        database, and the heuristic adds their values.
    progress : bool, optional
        Show a progress bar while the databases are built.

    Returns
    -------
    int or None
        The boards expanded on all eight boards together; None if one of the boards
        passes :data:`PARTITION_BUDGET`.

    Raises
    ------
    ProblemError
        For groups that are not a partition: a tile in two groups, or a tile that is
        not one of 1 to 15.

    Notes
    -----
    A count builds (or reads from the cache) a database per group and runs IDA* on
    eight 15-puzzles: about a second for :data:`ROWS` with no database cached yet, so
    the example shows only what is refused; ``tests/test_exercises_6.py`` counts real
    partitions through :func:`check_partition`.

    Examples
    --------
    >>> partition_nodes([(1, 2), (2, 3)])
    Traceback (most recent call last):
    ...
    puzzlelab.errors.ProblemError: the patterns of a partition must not share tiles: ...
    """
    boards = partition_boards()
    heuristic = pattern_heuristic(boards[0], groups, progress=progress)
    runs = [sliding_idastar(board, heuristic, max_nodes=PARTITION_BUDGET) for board in boards]
    if not all(run.solved for run in runs):
        return None
    return sum(run.stats.expanded for run in runs)


@functools.cache
def _rows_nodes() -> int:
    """What :data:`ROWS` costs IDA*: the same every time, so worked out once."""
    nodes = partition_nodes(ROWS)
    assert nodes is not None, "the rows solve every board within the budget (tested)"
    return nodes


@self_check
@guarded_check("your answer")
def check_partition(groups: Any) -> bool:
    """Check tile groups of at most four tiles that beat :data:`ROWS` on the exercise's boards.

    >>> check_partition([(1, 2, 3, 4, 5)])
    Not yet: a pattern may have at most 4 tiles; (1, 2, 3, 4, 5) has 5.
    False
    """
    if not_answered(groups):
        return report(False, "", "replace ... with groups of tiles, such as [(1, 2), (3, 4)].")
    try:
        groups = [tuple(group) for group in groups]
    except TypeError:
        groups = []
    if not groups:
        return report(False, "", "give a list of groups, each a tuple of tiles: [(1, 2), (3,)].")
    for group in groups:
        if len(group) > LARGEST_PATTERN:
            return report(
                False, "", f"a pattern may have at most {LARGEST_PATTERN} tiles; {group} has "
                f"{len(group)}."
            )  # fmt: skip
    try:
        theirs = partition_nodes(groups)
    except PuzzleError as error:
        return report(False, "", f"{error}.")
    rows = _rows_nodes()
    if theirs is None:
        return report(
            False, "", f"IDA* passed {PARTITION_BUDGET:,} boards on one of the boards: "
            "leave out fewer tiles, or group tiles that get in each other's way."
        )  # fmt: skip
    if theirs >= rows:
        return report(
            False, "", f"your groups cost IDA* {theirs:,} boards, the rows {rows:,}. Which tiles "
            "block each other on their way home? Try groups of neighbours in the goal."
        )  # fmt: skip
    return report(
        True,
        f"IDA* expanded {theirs:,} boards with your groups, against {rows:,} with the rows: "
        f"{rows / theirs:.1f} times fewer, for tables of the same size or smaller.",
        "",
    )


# ---------------------------------------------------------------- exercise 3

#: Exercise 3: two disjoint patterns of the 8-puzzle, each solved counting every move and
#: counting only its own moves.
HALVES = ((1, 2, 3, 4), (5, 6, 7, 8))


def halves_tables(puzzle: SlidingPuzzle) -> tuple[list[Heuristic], list[Heuristic]]:
    """Return ``(every, own)``: the heuristics of :data:`HALVES` counting every move, and own moves.

    Parameters
    ----------
    puzzle : SlidingPuzzle
        The 8-puzzle, whose goal the tables count from.

    Returns
    -------
    every : list of callable
        One heuristic per pattern of :data:`HALVES`, from :func:`relaxed_distances`
        counting every move.
    own : list of callable
        The same, counting only the pattern's own moves: these two may be added.

    Notes
    -----
    It builds four tables of 15,120 pattern views each, which takes longer than an
    example should, so there is no example here; ``tests/test_exercises_6.py`` builds
    them and checks that the every-move pair overestimates when added and the own-move
    pair does not.
    """
    every = [relaxed_heuristic(puzzle, tiles, EVERY_MOVE) for tiles in HALVES]
    own = [relaxed_heuristic(puzzle, tiles, OWN_MOVES) for tiles in HALVES]
    return every, own


@self_check
@guarded_check("your heuristic")
def check_combination(heuristic: Any) -> bool:
    """Check an 8-puzzle heuristic built from :func:`halves_tables`: admissible on every
    board, and higher on average than the two own-move databases added.

    >>> check_combination(lambda state: 0)
    Not yet: it never overestimates, but it averages 0.00 moves, and the own-move sum ...
    False
    """
    if not_answered(heuristic):
        return report(False, "", "replace ... with a function of a state.")
    if not callable(heuristic):
        return report(False, "", f"give a function of a state, not a {type(heuristic).__name__}.")
    eight = SlidingPuzzle(shape=(3, 3))
    table = distance_table(eight)
    _, own = halves_tables(eight)
    try:
        values = {state: heuristic(state) for state in table}
    except Exception as error:  # the student's function: say what went wrong, in one line
        return report(False, "", f"your function raised {type(error).__name__}: {error}.")
    odd = next((value for value in values.values() if not is_whole_number(value)), None)
    if odd is Ellipsis:
        return report(False, "", "replace the ... in your function: combine the four tables.")
    if odd is not None:
        return report(False, "", f"your function returned {odd!r}; return a whole number of moves.")
    return _judge_combination(values, table, own)


def _judge_combination(
    values: Mapping[State, int], table: Mapping[State, int], own: list[Heuristic]
) -> bool:
    over = [state for state in table if values[state] > table[state]]
    if over:
        state = over[0]
        return report(
            False, "", f"it overestimates on {len(over):,} boards, such as {state}: "
            f"{values[state]} moves, where {table[state]} are enough. Which part counts a move "
            "twice?"
        )  # fmt: skip
    if all(values[state] == table[state] for state in table):
        return report(
            False, "", "that is the exact distance of every board: a table of all boards, "
            "not a pattern database. Combine the four databases."
        )  # fmt: skip
    mean = sum(values.values()) / len(values)
    own_sum = sum(own[0](state) + own[1](state) for state in table) / len(table)
    if mean <= own_sum:
        return report(
            False, "", f"it never overestimates, but it averages {mean:.2f} moves, and the "
            f"own-move sum {own_sum:.2f}. What do you know of the largest of several lower bounds?"
        )  # fmt: skip
    return report(
        True,
        f"Never above the true distance on all {len(table):,} boards, and {mean:.2f} moves on "
        f"average against {own_sum:.2f} for the own-move sum. The largest of several lower "
        "bounds is a lower bound too.",
        "",
    )
