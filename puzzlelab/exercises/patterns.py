"""Lesson 6, "Pattern databases": a pattern database the slow, readable way (numpy's is
:mod:`puzzlelab.solvers.patterns`), and the exercises.

>>> from puzzlelab.puzzles import SlidingPuzzle
>>> eight = SlidingPuzzle(shape=(3, 3))
>>> table = relaxed_distances(eight, (1, 2))
>>> len(table), table[pattern_view(eight.goal, (1, 2))]
(504, 0)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import deque
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from ..analysis.distances import distance_table, prefetch
from ..errors import PuzzleError, one_line
from ..puzzles import SlidingPuzzle
from ..puzzles.sliding import State
from ..search.problem import Heuristic
from ..solvers.patterns import Partition, pattern_heuristic
from ..solvers.sliding import sliding_idastar
from .answers import fail, is_whole_number, not_answered, passed, whole_trouble
from .heuristics import exact_table
from .own_work import borrowed
from .sandbox import guarded_check

EVERY_MOVE, OWN_MOVES = "every move", "own moves"

#: A board as a pattern sees it: the pattern's tiles and the blank (0); any other tile None.
PatternView = tuple[int | None, ...]


def pattern_view(state: State, tiles: Collection[int]) -> PatternView:
    """Return the board as the pattern *tiles* sees it: its tiles and the blank; others None.

    >>> pattern_view((2, 1, 3, 0), (1,))
    (None, 1, None, 0)
    """
    return tuple(tile if tile == 0 or tile in tiles else None for tile in state)


def relaxed_distances(
    puzzle: SlidingPuzzle, tiles: Collection[int], count: str = EVERY_MOVE
) -> dict[PatternView, int]:
    """``{pattern view: fewest moves to the goal's view}`` for every view of *tiles*; with
    ``count="own moves"`` a slide of a forgotten tile costs nothing.

    >>> eight = SlidingPuzzle(shape=(3, 3))
    >>> every, own = relaxed_distances(eight, (1,)), relaxed_distances(eight, (1,), OWN_MOVES)
    >>> board = pattern_view((0, 2, 3, 4, 5, 6, 7, 8, 1), (1,))  # tile 1 four cells from home
    >>> every[board], own[board]
    (16, 4)
    """
    _check_count(count)  # lesson 6 shows this function: its loop, not the argument checks
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
    blank = board.index(0)
    for _, cell in puzzle.blank_moves[blank]:
        moved = list(board)
        moved[blank], moved[cell] = board[cell], 0
        yield tuple(moved), board[cell]


def relaxed_heuristic(
    puzzle: SlidingPuzzle, tiles: Collection[int], count: str = EVERY_MOVE
) -> Heuristic:
    """A function of a state: its distance in :func:`relaxed_distances`.

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


SIX_TILES = (1, 2, 3, 4, 5, 6)


@guarded_check("your answer")
def check_table_entries(answer: Any) -> bool:
    """Check the number of entries of a database of six 15-puzzle tiles, one per placement.

    >>> check_table_entries(math.comb(16, 6))
    Not yet: that counts which six cells are taken, but not which tile stands on which...
    False
    """
    trouble = whole_trouble(answer, "place the six tiles one after another.")
    if trouble:
        return fail(trouble)
    cells, k = 16, len(SIX_TILES)
    if answer == math.perm(cells, k):
        return passed(
            f"16 cells for the first tile, 15 for the second, ... 11 for the sixth: "
            f"{answer:,} bytes at a byte an entry, about {answer / 2**20:.1f} MiB."
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
    return fail(hints.get(answer, "count the cells left for each tile in turn."))


#: Exercise 2: the partition to beat, the largest pattern allowed, and IDA*'s budget a board.
ROWS = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15))
LARGEST_PATTERN = 4
PARTITION_BUDGET = 200_000


def _partition_nodes(groups: Partition) -> int | None:
    """IDA*'s expansions on lesson 5's eight 15-puzzles with *groups*; None past the budget."""
    fifteen = SlidingPuzzle(shape=(4, 4))
    boards = [fifteen.with_start(fifteen.scramble(50, seed=seed)) for seed in range(8)]
    heuristic = pattern_heuristic(boards[0], groups, progress=False)
    runs = [sliding_idastar(board, heuristic, max_nodes=PARTITION_BUDGET) for board in boards]
    if not all(run.solved for run in runs):
        return None
    return sum(run.stats.expanded for run in runs)


@functools.cache
def _rows_nodes() -> int:
    nodes = _partition_nodes(ROWS)
    assert nodes is not None, "the rows solve every board within the budget (tested)"
    return nodes


@guarded_check("your answer")
def check_partition(groups: Any) -> bool:
    """Check tile groups of at most four tiles that beat :data:`ROWS` on the exercise's boards.

    >>> check_partition([(1, 2, 3, 4, 5)])
    Not yet: a pattern may have at most 4 tiles; (1, 2, 3, 4, 5) has 5.
    False
    """
    if not_answered(groups):
        return fail("replace ... with groups of tiles, such as [(1, 2), (3, 4)].")
    try:
        groups = [tuple(group) for group in groups]
    except TypeError:
        groups = []
    if not groups:
        return fail("give a list of groups, each a tuple of tiles: [(1, 2), (3,)].")
    for group in groups:
        if len(group) > LARGEST_PATTERN:
            return fail(
                f"a pattern may have at most {LARGEST_PATTERN} tiles; {group} has {len(group)}."
            )
    try:
        theirs = _partition_nodes(groups)
    except PuzzleError as error:
        return fail(f"{error}.")
    rows = _rows_nodes()
    if theirs is None:
        return fail(
            f"IDA* passed {PARTITION_BUDGET:,} boards on one of the boards: "
            "leave out fewer tiles, or group tiles that get in each other's way."
        )
    if theirs >= rows:
        return fail(
            f"your groups cost IDA* {theirs:,} boards, the rows {rows:,}. A database counts "
            "the moves its own tiles make around each other, and nothing between two "
            "databases: which tiles block each other on their way home?"
        )
    return passed(
        f"IDA* expanded {theirs:,} boards with your groups, against {rows:,} with the rows: "
        f"{rows / theirs:.1f} times fewer, for tables of the same size or smaller."
    )


HALVES = ((1, 2, 3, 4), (5, 6, 7, 8))


def halves_tables(puzzle: SlidingPuzzle) -> tuple[list[Heuristic], list[Heuristic]]:
    """Return ``(every, own)``: the heuristics of :data:`HALVES` counting every move, and own
    moves.

    There is no example here; ``tests/test_exercises_6.py`` runs it.
    """
    every = [relaxed_heuristic(puzzle, tiles, EVERY_MOVE) for tiles in HALVES]
    own = [relaxed_heuristic(puzzle, tiles, OWN_MOVES) for tiles in HALVES]
    return every, own


@guarded_check("your heuristic")
def check_combination(heuristic: Any) -> bool:
    """Check an 8-puzzle heuristic built from :func:`halves_tables`: admissible, and higher
    on average than the own-move sum and the larger every-move table.

    >>> check_combination(lambda state: 0)
    Not yet: it never overestimates, but it averages 0.00 moves, and the own-move sum ...
    False
    """
    if not_answered(heuristic):
        return fail("replace ... with a function of a state.")
    if not callable(heuristic):
        return fail(f"give a function of a state, not a {type(heuristic).__name__}.")
    eight = SlidingPuzzle(shape=(3, 3))
    table = distance_table(eight)
    if exact_table(heuristic, table):
        return fail(
            "it reads a table of every board's exact distance: that is the answer for every "
            "board, looked up, not a pattern database. Combine the four databases."
        )
    analysed = borrowed(heuristic, sorted(table)[::20_000], allowed=_not_analysis)
    if analysed:
        return fail(
            f"your heuristic {analysed}: puzzlelab's analysis knows every board's exact "
            "distance, so that is looking the answer up. Combine the four databases."
        )
    every, own = halves_tables(eight)
    prefetch(heuristic, table)
    try:
        values = {state: heuristic(state) for state in table}
    except Exception as error:  # the student's function: say what went wrong, in one line
        return fail(f"your function raised {one_line(error)}.")
    odd = next((value for value in values.values() if not is_whole_number(value)), None)
    if odd is Ellipsis:
        return fail("replace the ... in your function: combine the four tables.")
    if odd is not None:
        return fail(f"your function returned {odd!r}; return a whole number of moves.")
    over = [state for state in table if values[state] > table[state]]
    if over:
        return fail(_overestimate(over, values, table, every, own))
    if all(values[state] == table[state] for state in table):
        return fail(
            "that is the exact distance of every board: a table of all boards, "
            "not a pattern database. Combine the four databases."
        )
    mean = sum(values.values()) / len(values)
    own_sum = sum(own[0](state) + own[1](state) for state in table) / len(table)
    larger = sum(max(every[0](state), every[1](state)) for state in table) / len(table)
    if own_sum < mean <= larger:
        return fail(
            f"it never overestimates, but it averages {mean:.2f} moves, no more than the "
            f"larger of the two 'every move' tables ({larger:.2f}), which section 3 drew. "
            "Combine in what the own-move tables know."
        )
    if mean <= own_sum:
        return fail(
            f"it never overestimates, but it averages {mean:.2f} moves, and the "
            f"own-move sum {own_sum:.2f}. You have three lower bounds to choose from on every "
            "board: the two 'every move' tables and the own-move sum. Which one should a "
            "board use?"
        )
    return passed(
        f"Never above the true distance on all {len(table):,} boards, and {mean:.2f} moves on "
        f"average against {own_sum:.2f} for the own-move sum and {larger:.2f} for the larger "
        "'every move' table. The largest of several lower bounds is a lower bound too."
    )


def _not_analysis(module: str, name: str) -> bool:
    return not module.startswith("puzzlelab.analysis")


def _overestimate(
    over: list[State],
    values: Mapping[State, int],
    table: Mapping[State, int],
    every: list[Heuristic],
    own: list[Heuristic],
) -> str:
    goal = next(state for state, distance in table.items() if distance == 0)
    if values[goal] != 0:  # every table says 0 at the goal: the function adds a number of its own
        return (
            f"it overestimates on {len(over):,} boards, the goal among them: there it says "
            f"{values[goal]}, where every one of the four tables says 0. A number of your own, "
            "put to what the tables say, takes the estimate past the true distance: keep to "
            "what the tables know."
        )
    state = over[0]
    said = f"{values[state]} moves, where {table[state]} are enough"
    if all(values[board] in _unsafe_sums(board, every, own) for board in over[:300]):
        return (
            f"it overestimates on {len(over):,} boards, such as {state}: {said}. Each "
            "database alone never overestimates; adding two is safe only when they count "
            "different moves. Is every part of yours safe?"
        )
    return (
        f"it overestimates on {len(over):,} boards, such as {state}: {said}. Each of the "
        "four tables alone never overestimates there: which part of your function says more "
        "than they do?"
    )


def _unsafe_sums(state: State, every: list[Heuristic], own: list[Heuristic]) -> set[float]:
    """What adding two or more of the four tables may give, but the own-move sum."""
    parts = [every[0](state), every[1](state), own[0](state), own[1](state)]
    return {
        sum(parts[k] for k in chosen)
        for size in (2, 3, 4)
        for chosen in itertools.combinations(range(4), size)
        if chosen != (2, 3)  # own[0] + own[1]: the safe sum
    }
