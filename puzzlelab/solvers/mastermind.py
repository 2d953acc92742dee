"""Mastermind: one game played by a strategy, a strategy's decision tree, and a strategy
evaluated on every secret (a secret's *questions* count every guess, the last included)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import ProblemError, whole_number
from ..limits import DEFAULT, Budget, LimitReached, MemoryLimit, TimeLimit, stopping
from ..puzzles.mastermind import Answer, Code, CodeInput, Mastermind, answer_of, game_of
from ..results import SearchResult, SearchStats
from .mastermind_strategies import Strategy, _check_progress, _checked_guess, strategy_of


@dataclass(repr=False)
class Game(SearchResult):
    """One game of a strategy against one secret: ``actions`` are the guesses.

    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> play(classic_mastermind(), "3 5 1 0")
    <consistent: solved, cost 6 | 6 expanded, 6 generated, 0 duplicates, frontier <= 0, ... s>
    """

    game: Mastermind | None = None
    secret: Code | None = None
    history: list[tuple[Code, Answer]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The game as plain data (JSON-ready): the secret, the questions and their answers."""
        data = super().as_dict()
        del data["path"]  # the histories again: the history says it once
        rounds = [{"guess": list(g), "bulls": b, "cows": c} for g, (b, c) in self.history]
        secret = None if self.secret is None else list(self.secret)
        return {**data, "secret": secret, "questions": len(rounds), "history": rounds}


def play(
    game: Mastermind,
    secret: CodeInput,
    strategy: str | Strategy = "consistent",
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> Game:
    """Play one game: *strategy* guesses until it finds *secret* (*max_nodes* counts questions).

    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> result = play(classic_mastermind(), "3 5 1 0", "minimax")
    >>> result.cost, play(classic_mastermind(), "3 5 1 0", max_nodes=2).status
    (4, 'limit')
    """
    game = game_of(game)
    secret = game.check_code(secret)
    name, choose = strategy_of(strategy)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="questions")
    stats = SearchStats()
    history: list[tuple[Code, Answer]] = []
    next_look: float = 0  # when to ask the budget again

    def check() -> None:  # long work asks the budget between blocks
        budget.check(stats.expanded)

    with stopping() as stop:
        game.build_table(check)
        left = np.arange(len(game.codes))
        while not history or history[-1][1] != game.win:
            if stats.expanded >= next_look:
                next_look = budget.checkpoint(stats.expanded)
            guess = _checked_guess(game, name, choose, left, check)
            stats.expanded += 1
            stats.generated += 1
            answer = answer_of(game.codes[guess], secret)
            history.append((game.codes[guess], answer))
            row = game.table[guess]
            narrower = left[row[left] == game.answer_number(answer)]
            if answer != game.win:
                _check_progress(game, name, guess, left, narrower)
            left = narrower
        status, reason = "solved", f"found the secret in {len(history)} questions"
    if stop:
        status, reason = stop.status, stop.reason
    stats.seconds = budget.elapsed()
    solved = status == "solved"
    path = [history[:k] for k in range(len(history) + 1)] if solved else []
    return Game(
        algorithm=name,
        status=status,
        path=path,
        actions=[guess for guess, _ in history],
        cost=len(history) if solved else None,
        stats=stats,
        reason=reason,
        game=game,
        secret=secret,
        history=history,
    )


@dataclass(repr=False)
class Evaluation(SearchResult):
    """``questions[code]``: the questions a strategy needs for each secret (0: not reached).

    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> result = evaluate(classic_mastermind(), "consistent")
    >>> print(result)
    consistent: solved, 5.765 questions on average, 9 at most; secrets per number of
    questions {1: 1, 2: 4, 3: 25, 4: 108, 5: 305, 6: 602, 7: 196, 8: 49, 9: 6}
    """

    game: Mastermind | None = None
    questions: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    first_guess: Code | None = None

    def _played(self) -> Mastermind:
        if self.game is None:
            raise ProblemError("this evaluation has no game: evaluate(game, strategy) gives one")
        return self.game

    @property
    def found(self) -> np.ndarray:
        return self.questions[self.questions > 0]

    @property
    def average(self) -> float:
        """The average questions per secret reached (NaN if none)."""
        return float(self.found.mean()) if len(self.found) else math.nan

    @property
    def worst(self) -> int:
        """The most questions any secret needs."""
        return int(self.found.max()) if len(self.found) else 0

    @property
    def histogram(self) -> dict[int, int]:
        """How many secrets need each number of questions: ``{questions: secrets}``."""
        counts = np.bincount(self.found)
        return {q: int(n) for q, n in enumerate(counts) if n}

    @property
    def hardest(self) -> list[Code]:
        """The secrets that need the most questions."""
        if not len(self.found):
            return []
        codes = self._played().codes
        return [codes[s] for s in np.flatnonzero(self.questions == self.worst)]

    def summary(self) -> str:
        if not len(self.found):
            return f"{self.status}: {self.reason}; no secret found yet"
        figures = f"{self.average:.3f} questions on average, {self.worst} at most"
        if self.solved:
            return f"solved, {figures}"
        return f"{self.status}: {self.reason}; {figures} over {len(self.found):,} secrets"

    def __str__(self) -> str:
        bars = ", ".join(f"{q}: {n}" for q, n in self.histogram.items())
        return f"{self.algorithm}: {self.summary()}; secrets per number of questions {{{bars}}}"

    def as_dict(self, most_hardest: int = 20) -> dict[str, Any]:
        """The evaluation as plain data (JSON-ready), the first *most_hardest* hardest."""
        game, data = self._played(), super().as_dict()
        for unused in ("cost", "actions", "path"):  # a decision tree, not a path
            del data[unused]
        return {
            **data,
            "game": dict(zip(("symbols", "positions", "repeats"), game.rules)),
            "codes": len(game.codes),
            "secrets": len(self.found),
            "average": round(self.average, 4) if len(self.found) else None,
            "worst": self.worst,
            "histogram": {str(q): n for q, n in self.histogram.items()},
            "hardest_count": len(self.hardest),
            "hardest": [list(code) for code in self.hardest[:most_hardest]],
            "first_guess": None if self.first_guess is None else list(self.first_guess),
        }

    def table_rows(self) -> list[tuple[str, Any]]:
        s, first = self.stats, self.first_guess
        return [
            ("status", self.status_text()),
            ("secrets found", f"{len(self.found):,} of {len(self.questions):,}"),
            ("average questions", f"{self.average:.4f}"),
            ("worst case", self.worst),
            ("first guess", "" if first is None else self._played().format(first)),
            ("decision-tree nodes", f"{s.expanded:,}"),
            ("seconds", f"{s.seconds:.3f}"),
        ]


def evaluate(
    game: Mastermind | None = None,
    strategy: str | Strategy = "consistent",
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> Evaluation:
    """Play *strategy* (a name from :data:`~puzzlelab.solvers.STRATEGIES`, or a function)
    against every secret at once, by building its decision tree; a stopped one keeps what it
    found. *max_nodes* counts the tree's nodes.

    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> result = evaluate(classic_mastermind(), "minimax")
    >>> result.worst, int(result.questions.sum()), result.stats.expanded
    (5, 5801, 1378)
    """
    game = game_of(game)
    name, choose = strategy_of(strategy)
    budget = Budget(max_nodes, max_seconds, max_memory_mb, what="decision-tree nodes")
    questions = np.zeros(game.size, dtype=np.int64)
    stats = SearchStats()
    first = None
    with stopping() as stop:
        game.build_table(lambda: budget.check(stats.expanded))
        for answers, _, guess, found in _settle(game, name, choose, budget, stats):
            first = guess if first is None else first
            if found:
                questions[guess] = len(answers) + 1
        status, reason = "solved", f"every one of the {len(questions):,} secrets was found"
    if stop:
        status, reason = stop.status, stop.reason
    stats.seconds = budget.elapsed()
    return Evaluation(
        algorithm=name,
        status=status,
        stats=stats,
        reason=reason,
        game=game,
        questions=questions,
        first_guess=None if first is None else game.codes[first],
    )


def decision_tree(
    game: Mastermind | None = None,
    strategy: str | Strategy = "consistent",
    depth: int = 2,
    *,
    max_nodes: int | None = None,
    max_seconds: TimeLimit = DEFAULT,
    max_memory_mb: MemoryLimit = DEFAULT,
) -> dict[str, Any]:
    """Return the top *depth* levels of a strategy's decision tree as nested dicts:
    ``{"guess": code, "candidates": n, "children": {answer: node}}``, the win not a child.

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
    """Yield ``(answers from the root, candidates, guess, whether it is one of them)`` for each
    node of *choose*'s decision tree, depth first, down to *levels* answers."""
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
