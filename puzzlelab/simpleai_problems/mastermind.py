"""Mastermind for simpleai: the codes consistent with the answers so far, as a ``CspProblem``
(``backtrack`` tries codes in increasing order: its first is the consistent guess)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from simpleai.search import backtrack
from simpleai.search.models import CspProblem

from ..puzzles.mastermind import Answer, Code, CodeInput, History, Mastermind, answer_of, game_of

Constraint = Callable[[Sequence[int], Sequence[int]], bool]


def _different(variables: Sequence[int], values: Sequence[int]) -> bool:
    return values[0] != values[1]


class MastermindCsp(CspProblem):
    """The codes consistent with *history* as a constraint problem (*game* None: bulls and cows).

    >>> from simpleai.search import backtrack
    >>> from puzzlelab.puzzles.mastermind import Mastermind
    >>> csp = MastermindCsp(Mastermind(6, 4, repeats=True), [("0 0 1 1", (1, 1))])
    >>> csp.code(backtrack(csp))
    (0, 1, 2, 2)
    """

    def __init__(self, game: Mastermind | None = None, history: History = ()) -> None:
        self.game = game_of(game)
        self.history = self.game.check_history(history)
        positions = tuple(range(self.game.positions))
        constraints: list[tuple[tuple[int, ...], Constraint]] = []
        if not self.game.repeats:
            constraints += [(pair, _different) for pair in combinations(positions, 2)]
        constraints += [(positions, self._gives(guess, answer)) for guess, answer in self.history]
        super().__init__(
            variables=positions,
            domains={position: list(range(self.game.symbols)) for position in positions},
            constraints=constraints,
        )

    @staticmethod
    def _gives(guess: Code, answer: Answer) -> Constraint:
        """The constraint that the code gives *guess* its *answer*."""
        return lambda variables, values: answer_of(guess, tuple(values)) == answer

    def code(self, assignment: dict[int, int]) -> Code:
        return tuple(assignment[position] for position in self.variables)


def csp_guess(game: Mastermind | None, history: History) -> Code | None:
    """Return the code ``backtrack`` finds for *history* (None if no code is consistent).

    >>> from puzzlelab.puzzles.mastermind import Mastermind
    >>> game = Mastermind(6, 3)  # 3 different symbols out of 6
    >>> csp_guess(game, [("0 1 2", (0, 1))])
    (1, 3, 4)
    >>> csp_guess(game, [("0 1 2", (3, 0)), ("0 1 3", (3, 0))]) is None  # answers that disagree
    True
    """
    csp = MastermindCsp(game, history)
    assignment = backtrack(csp)
    return None if assignment is None else csp.code(assignment)


def play_with_csp(game: Mastermind | None, secret: CodeInput) -> list[tuple[Code, Answer]]:
    """Return the history of a whole game in which every guess comes from :func:`csp_guess`.

    >>> from puzzlelab.puzzles.mastermind import Mastermind
    >>> game = Mastermind(6, 3)
    >>> [game.format(guess) for guess, _ in play_with_csp(game, "5 3 1")]
    ['0 1 2', '1 3 4', '1 4 5', '5 3 1']
    """
    game = game_of(game)
    secret = game.check_code(secret)
    history: list[tuple[Code, Answer]] = []
    while not history or history[-1][1] != game.win:
        guess = csp_guess(game, history)
        assert guess is not None, "the secret itself agrees with every answer so far"
        history.append((guess, answer_of(guess, secret)))
    return history
