"""IDA* for sliding puzzles in place: one board changed and changed back as a tile slides."""

from __future__ import annotations

import itertools
import math
import sys

from ..errors import ProblemError
from ..limits import DEFAULT, Budget, MemoryLimit, TimeLimit, seconds_of, stopping
from ..puzzles.sliding import SlidingPuzzle
from ..results import SearchResult, SearchStats, iteration_counts, refused_if_unsolvable
from ..search import idastar
from ..search.problem import HeuristicChoice
from .patterns import named_heuristic
from .sliding_scorers import Moves, Scorer, scorer_for


def sliding_idastar(
    puzzle: SlidingPuzzle,
    heuristic: HeuristicChoice = None,
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> SearchResult:
    """IDA* on a sliding puzzle, in place: :func:`~puzzlelab.search.idastar`'s nodes, faster.

    *heuristic*: ``"manhattan"`` (the default), ``"linear-conflict"``, ``"pdb"``,
    ``"pdb:PARTITION"``, the puzzle's methods of those names or a
    :class:`~.patterns.PatternHeuristic`; any other runs
    :func:`~puzzlelab.search.idastar` (``result.algorithm`` says which ran).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> sliding_idastar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"))
    <sliding_idastar: solved, cost 31 | 14,195 expanded, 22,804 generated, 14,175 duplicates, ... s>
    >>> sliding_idastar(SlidingPuzzle("4 1 3 / 2 0 5"), "misplaced").algorithm
    'idastar'
    """
    if not isinstance(puzzle, SlidingPuzzle):
        raise ProblemError(
            f"sliding_idastar searches a SlidingPuzzle, not {type(puzzle).__name__}: "
            "use puzzlelab.search.idastar for other problems"
        )
    budget = Budget(max_nodes, max_seconds, max_memory_mb)
    if isinstance(heuristic, str) and heuristic.partition(":")[0] == "pdb":
        with stopping() as stop:  # the databases' build keeps the search's time and memory
            heuristic = named_heuristic(puzzle, heuristic, max_seconds=max_seconds,
                                        max_memory_mb=max_memory_mb)  # fmt: skip
        if stop:
            reason = f"the pattern databases were not built: {stop.reason}"
            return SearchResult("sliding_idastar", stop.status, stats=SearchStats(), reason=reason)
        seconds = seconds_of(max_seconds)
        left = None if seconds is None else max(seconds - budget.elapsed(), 1e-9)
        budget = Budget(max_nodes, left, max_memory_mb)  # what the build left of the time
    scorer = scorer_for(puzzle, heuristic)
    if scorer is None:
        return idastar(puzzle, heuristic, max_nodes=max_nodes, max_seconds=max_seconds,
                       max_memory_mb=max_memory_mb)  # fmt: skip
    refused = refused_if_unsolvable("sliding_idastar", puzzle)
    if refused is not None:
        return refused
    return _search_in_place(puzzle, scorer, budget)


def _search_in_place(puzzle: SlidingPuzzle, scorer: Scorer, budget: Budget) -> SearchResult:
    name = "sliding_idastar"
    walk = _Walk(puzzle, scorer, budget)
    bound: float = walk.h
    status, reason, found = "exhausted", "every reachable state was tried", False
    with stopping() as stop:
        while not found and bound < math.inf:
            found, bound = walk.below(bound)
    if stop:
        status, reason = stop.status, stop.reason
        walk.end_iteration()
    stats = walk.stats
    stats.max_frontier = max(stats.expanded_by_depth, default=0) + 1  # the deepest path
    stats.seconds = budget.elapsed()
    if not found:
        return SearchResult(name, status, stats=stats, reason=reason)
    path = list(itertools.accumulate(walk.actions, puzzle.result, initial=puzzle.start))
    actions, reason = list(walk.actions), "the goal was reached"
    return SearchResult(name, "solved", path, actions, len(actions), stats, reason)


class _Walk:
    """One search: the board changed in place, the path as actions, the counts."""

    def __init__(self, puzzle: SlidingPuzzle, scorer: Scorer, budget: Budget) -> None:
        cells = puzzle.rows * puzzle.cols
        self.board = list(puzzle.start)
        numbered = enumerate((blank, target, name) for blank, moves in
                             enumerate(puzzle.blank_moves) for name, target in moves)  # fmt: skip
        self.moves: Moves = [[] for _ in puzzle.blank_moves]
        for number, (blank, target, name) in numbered:
            self.moves[blank].append((target, name, number))
        self.power = [cells**cell for cell in range(cells)]  # a board's key: sum tile * power
        self.key = sum(tile * self.power[cell] for cell, tile in enumerate(self.board))
        self.goal_key = sum(tile * self.power[cell] for cell, tile in enumerate(puzzle.goal))
        self.scorer, self.budget = scorer, budget
        self.h = scorer.start(self.board)
        self.stats = SearchStats(generated=1)
        self.actions: list[str] = []
        self.bound: float | None = None
        self.before = (0, 0)

    def end_iteration(self) -> None:
        assert self.bound is not None, "an iteration ends after it began"
        after = (self.stats.expanded, self.stats.generated)
        self.stats.iterations.append(iteration_counts(self.bound, self.before, after))

    def below(self, bound: float) -> tuple[bool, float]:
        """``(True, inf)`` if the goal is found under *bound*, else ``(False, smallest f over)``."""
        self.bound, self.before = bound, (self.stats.expanded, self.stats.generated)
        if self.h > bound:
            self.end_iteration()
            return False, self.h
        if self.key == self.goal_key:
            self.end_iteration()
            return True, math.inf
        stats, budget, scorer = self.stats, self.budget, self.scorer
        board, moves, power, actions = self.board, self.moves, self.power, self.actions
        after, enter, leave = scorer.after, scorer.enter, scorer.leave
        stateful, steps = scorer.stateful, scorer.steps(self.moves)
        goal_key, on_path = self.goal_key, {self.key}
        at_depth = [0] * (int(bound) + 2)  # nodes expanded at each depth (g <= f <= bound)
        # What the inner search keeps up, in one list: whole numbers, but SMALLEST starts at inf.
        counts: list[float] = [stats.expanded, stats.generated, stats.duplicates, math.inf, 0]
        EXPANDED, GENERATED, DUPLICATES, SMALLEST, LOOK = range(5)  # noqa: N806

        def search(blank: int, came_from: int, g: int, h: int, key: int, depth: int) -> bool:
            if counts[EXPANDED] >= counts[LOOK]:
                counts[LOOK] = budget.checkpoint(int(counts[EXPANDED]))
            counts[EXPANDED] += 1
            at_depth[depth] += 1
            g += 1
            for target, name, step in moves[blank]:
                if target == came_from:  # the move back: its board is on the path
                    counts[DUPLICATES] += 1
                    continue
                tile = board[target]
                child = key + tile * (power[blank] - power[target])
                if child in on_path:
                    counts[DUPLICATES] += 1
                    continue
                counts[GENERATED] += 1
                h_child = h + steps[step][tile] if steps else after(tile, target, blank, h)
                f = g + h_child
                if f > bound:
                    if f < counts[SMALLEST]:
                        counts[SMALLEST] = f
                    continue
                actions.append(name)
                if child == goal_key:
                    return True
                board[blank], board[target] = tile, 0
                if stateful:
                    enter(tile, target, blank)
                on_path.add(child)
                if search(target, blank, g, h_child, child, depth + 1):
                    return True
                on_path.discard(child)
                if stateful:
                    leave(tile, target, blank)
                board[target], board[blank] = tile, 0
                actions.pop()
            return False

        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 10_000))
        try:
            found = search(board.index(0), -1, 0, self.h, self.key, 0)
        finally:
            sys.setrecursionlimit(limit)
            stats.expanded, stats.generated, stats.duplicates = map(int, counts[:3])
            for depth, expanded in enumerate(at_depth):
                if expanded:
                    stats.expanded_by_depth[depth] = (
                        stats.expanded_by_depth.get(depth, 0) + expanded
                    )
        self.end_iteration()
        return found, math.inf if found else counts[SMALLEST]
