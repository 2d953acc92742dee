"""Mastermind decision trees: a deterministic strategy played against every secret at once.

The candidates are split into groups by their answer to the strategy's guess, and each
group is split again, until every group is the one code just guessed. :func:`settle` walks
the tree depth first with a stack (no recursion), settling one node per guess;
:func:`~puzzlelab.solvers.mastermind.evaluate` counts the questions from it and
:func:`decision_tree` shows its top levels.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit
from ..puzzles.mastermind import Mastermind, game_of
from ..results import SearchStats
from .mastermind_strategies import (
    Strategy,
    between_blocks,
    check_progress,
    checked_guess,
    strategy_of,
)


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

    A node is ``{"guess": code, "candidates": n, "children": {answer: node}}``: one child per
    answer the candidates can give, except the winning one (the guess was the secret, no
    question more). Below *depth* the children are left out.

    Parameters
    ----------
    game : Mastermind, optional
        Default: bulls and cows.
    strategy : str or callable
        A name from :data:`~.STRATEGIES`, or a function ``choose(game, candidates) -> number``.
    depth : int
        How many levels of questions to keep, at least 0.
    max_nodes, max_seconds, max_memory_mb : optional
        Limits, as for :func:`~puzzlelab.solvers.mastermind.evaluate`.

    Returns
    -------
    dict
        The root node: the first question.

    Examples
    --------
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
        game.build_table(between_blocks(budget, stats))
        for answers, candidates, guess, _ in settle(game, name, choose, budget, stats, depth):
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


#: A node of a decision tree as :func:`settle` yields it:
#: ``(answers, candidates, guess, found)``.
Settled = tuple[tuple[int, ...], np.ndarray, int, bool]


def settle(
    game: Mastermind,
    name: str,
    choose: Strategy,
    budget: Budget,
    stats: SearchStats,
    levels: float = math.inf,
) -> Iterator[Settled]:
    """Yield the nodes of *choose*'s decision tree as they are settled, depth first.

    A node is ``(answers, candidates, guess, found)``: the answer numbers on the way from
    the root (``()`` at the first question), the numbers of the codes left there, the
    strategy's guess, and whether the guess is one of them (a secret found after
    ``len(answers) + 1`` questions). The guess splits the candidates into groups by
    answer; each group but the winning one becomes a child (a node *levels* answers deep
    gets none), and the child of the lowest answer is settled first. The tree is walked
    with a stack of nodes to settle, not by recursion, so a deep tree needs no deep call
    stack.

    ``stats`` counts the nodes settled (``expanded``, which *budget* limits, and
    ``expanded_by_depth``), the nodes made (``generated``) and the largest stack
    (``max_frontier``).

    Examples
    --------
    The first consistent code on bulls and cows, to one answer below the first question:

    >>> from puzzlelab.limits import Budget
    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> from puzzlelab.results import SearchStats
    >>> from puzzlelab.solvers.mastermind_strategies import first_consistent
    >>> game, stats = bulls_and_cows(), SearchStats()
    >>> nodes = list(settle(game, "consistent", first_consistent, Budget(), stats, levels=1))
    >>> [(answers, len(candidates), game.format(game.codes[guess]), found)
    ...  for answers, candidates, guess, found in nodes[:2]]
    [((), 5040, '0 1 2 3', True), ((0,), 360, '4 5 6 7', True)]
    >>> stats.expanded
    14
    """
    win = game.answer_number(game.win)
    check = between_blocks(budget, stats)
    # The answers so far, and the candidates left, of each node still to settle.
    stack: list[tuple[tuple[int, ...], np.ndarray]] = [((), np.arange(len(game.codes)))]
    stats.generated = 1
    next_look: float = 0  # when to ask the budget again
    while stack:
        stats.max_frontier = max(stats.max_frontier, len(stack))
        if stats.expanded >= next_look:
            next_look = budget.checkpoint(stats.expanded)
        answers_so_far, candidates = stack.pop()
        guess = checked_guess(game, name, choose, candidates, check)
        stats.expanded += 1
        depth = len(answers_so_far) + 1
        stats.expanded_by_depth[depth] = stats.expanded_by_depth.get(depth, 0) + 1
        answers, found = game.table[guess, candidates], False
        for answer in np.unique(answers)[::-1]:  # pushed highest first: the lowest settled first
            if answer == win:
                found = True
            elif len(answers_so_far) < levels:
                group = candidates[answers == answer]
                check_progress(game, name, guess, candidates, group)
                stack.append((answers_so_far + (int(answer),), group))
                stats.generated += 1
        yield answers_so_far, candidates, guess, found
