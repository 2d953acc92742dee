"""IDA* in place with linear conflict: the scorer's values are the heuristic's, the search is IDA*."""

import random
import tracemalloc

import pytest
from test_patterns import same_search

from puzzlelab.puzzles import SlidingPuzzle
from puzzlelab.search import idastar
from puzzlelab.solvers.sliding import sliding_idastar
from puzzlelab.solvers.sliding_scorers import (
    LINEAR_CONFLICT_CELLS,
    LinearConflictScorer,
    ManhattanScorer,
    scorer_for,
)

# Board shapes with goals of every kind: the usual one, the blank first, the blank in the middle.
BOARDS = [
    ((2, 3), None),
    ((2, 3), "1 2 3 / 4 0 5"),
    ((3, 3), None),
    ((3, 3), "0 1 2 / 3 4 5 / 6 7 8"),
    ((3, 3), "1 2 3 / 8 0 4 / 7 6 5"),
    ((3, 4), None),
    ((3, 4), "0 1 2 3 / 4 5 6 7 / 8 9 10 11"),
    ((4, 4), None),
    ((4, 4), "0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"),
]


def slid(board: list, tile: int, source: int, target: int) -> tuple:
    """The board once *tile* slides from *source* to the blank at *target*."""
    moved = list(board)
    moved[source], moved[target] = 0, tile
    return tuple(moved)


@pytest.mark.parametrize(("shape", "goal"), BOARDS)
def test_the_scorer_gives_linear_conflict_after_every_move_of_a_walk(shape, goal):
    puzzle = SlidingPuzzle(shape=shape, goal=goal)
    rng = random.Random(sum(shape))
    board = list(puzzle.scramble(30, seed=1))
    scorer = LinearConflictScorer(puzzle)
    h, path = scorer.start(board), []  # path: (tile, source, target, h before) of each step
    assert h == puzzle.linear_conflict(tuple(board))
    for _ in range(400):
        blank = board.index(0)
        for _, source in puzzle.blank_moves[blank]:  # every move from here, scored
            tile = board[source]
            after = scorer.after(tile, source, blank, h)
            assert after == puzzle.linear_conflict(slid(board, tile, source, blank))
        if path and rng.random() < 0.3:  # step back, as IDA* does
            tile, source, target, h = path.pop()
            scorer.leave(tile, source, target)
            board[source], board[target] = tile, 0
        else:
            _, source = rng.choice(puzzle.blank_moves[blank])
            tile = board[source]
            path.append((tile, source, blank, h))
            h = scorer.after(tile, source, blank, h)
            scorer.enter(tile, source, blank)
            board[blank], board[source] = tile, 0
        assert h == puzzle.linear_conflict(tuple(board))


@pytest.mark.parametrize(("shape", "goal"), BOARDS)
def test_idastar_in_place_with_linear_conflict_expands_exactly_what_the_general_loop_does(
    shape, goal
):
    puzzle = SlidingPuzzle(shape=shape, goal=goal)
    small = shape[0] * shape[1] <= 9
    for seed in range(4):
        start = puzzle.random_state(seed) if small else puzzle.scramble(50, seed=seed)
        board = puzzle.with_start(start)
        general = idastar(board, "linear-conflict", max_nodes=20_000)
        same_search(general, sliding_idastar(board, "linear-conflict", max_nodes=20_000))
        assert general.solved or (not small and general.status == "limit")


def test_linear_conflict_by_name_or_by_the_puzzles_function_runs_in_place():
    puzzle = SlidingPuzzle(shape=(3, 3))
    assert isinstance(scorer_for(puzzle, "linear-conflict"), LinearConflictScorer)
    assert isinstance(scorer_for(puzzle, puzzle.linear_conflict), LinearConflictScorer)
    assert scorer_for(puzzle, puzzle.misplaced) is None  # no scorer: the general loop


def test_a_board_too_large_for_the_tables_keeps_the_general_loop_for_linear_conflict():
    huge = SlidingPuzzle(shape=(32, 32))
    assert huge.size > LINEAR_CONFLICT_CELLS and scorer_for(huge, "linear-conflict") is None
    puzzle = huge.with_start(huge.scramble(6, seed=1))
    assert idastar(puzzle, "linear-conflict", max_memory_mb=500).cost == 6


def peak_mb(work) -> float:
    """Peak memory Python allocated while *work()* ran, in MiB."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def test_scorers_tables_grow_with_the_moves_not_with_cells_cubed():
    board = SlidingPuzzle(shape=(12, 12))  # 144 cells: 3 million (tile, source, target)
    assert peak_mb(lambda: ManhattanScorer(board)) < 1  # its moves are scored by Walk's steps
    assert peak_mb(lambda: LinearConflictScorer(board)) < 30  # 4 * 144**2 moves: 19 MB
