"""Mastermind decision trees: a deterministic strategy played against every secret at once."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit
from ..puzzles.mastermind import Mastermind, game_of
from ..results import SearchStats
from .mastermind_strategies import Strategy, _check_progress, _checked_guess, strategy_of


def decision_tree(
    game: Mastermind | None = None,
    strategy: str | Strategy = "consistent",
    depth: int = 2,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> dict[str, Any]:
    """Return the top *depth* levels of a strategy's decision tree as nested dicts.

    A node is ``{"guess": code, "candidates": n, "children": {answer: node}}``, a child per
    answer but the winning one.

    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> tree = decision_tree(bulls_and_cows(), depth=1)
    >>> tree["guess"], tree["candidates"], len(tree["children"])
    ((0, 1, 2, 3), 5040, 13)
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    depth = whole_number(depth, "depth", least=0)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="decision-tree nodes")
    stats = SearchStats()
    nodes: dict[tuple[int, ...], dict[str, Any]] = {}  # by the answers on the way from the root
    try:
        game.build_table(lambda: budget.check(stats.expanded))
        for answers, candidates, guess, _ in _settle(game, name, choose, budget, stats, depth):
            node = {"guess": game.codes[guess], "candidates": len(candidates), "children": {}}
            if answers:
                parent = nodes[answers[:-1]]
                parent["children"][game.answer_from_number(answers[-1])] = node
            nodes[answers] = node
    except LimitReached as stop:
        raise ProblemError(
            f"the decision tree was not built: {stop}; ask for fewer levels or raise the limit"
        ) from None
    return nodes[()]


def _settle(
    game: Mastermind,
    name: str,
    choose: Strategy,
    budget: Budget,
    stats: SearchStats,
    levels: float = math.inf,
) -> Iterator[tuple[tuple[int, ...], np.ndarray, int, bool]]:
    """Yield the nodes of *choose*'s decision tree as they are settled, depth first.

    A node is ``(answers from the root, candidates, guess, whether the guess is one of them)``.
    Each answer but the winning one makes a child, none *levels* answers deep.
    """
    win = game.answer_number(game.win)

    def check() -> None:  # long work asks the budget between blocks
        budget.check(stats.expanded)

    # The answers so far, and the candidates left, of each node still to settle.
    stack: list[tuple[tuple[int, ...], np.ndarray]] = [((), np.arange(len(game.codes)))]
    stats.generated = 1
    next_look: float = 0  # when to ask the budget again
    while stack:
        stats.max_frontier = max(stats.max_frontier, len(stack))
        if stats.expanded >= next_look:
            next_look = budget.checkpoint(stats.expanded)
        answers_so_far, candidates = stack.pop()
        guess = _checked_guess(game, name, choose, candidates, check)
        stats.expanded += 1
        depth = len(answers_so_far) + 1
        stats.expanded_by_depth[depth] = stats.expanded_by_depth.get(depth, 0) + 1
        answers, found = game.table[guess, candidates], False
        for answer in np.unique(answers)[::-1]:  # pushed highest first: the lowest settled first
            if answer == win:
                found = True
            elif len(answers_so_far) < levels:
                group = candidates[answers == answer]
                _check_progress(game, name, guess, candidates, group)
                stack.append((answers_so_far + (int(answer),), group))
                stats.generated += 1
        yield answers_so_far, candidates, guess, found
