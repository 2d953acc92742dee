"""Exercises for lesson 8, "How few questions find a secret code?"."""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np

from ..errors import one_line
from ..puzzles.mastermind import (
    Answer,
    Code,
    Mastermind,
    answer_of,
    bulls_and_cows,
    classic_mastermind,
)
from ..solvers.mastermind import Strategy, evaluate
from .answers import answers_on, fail, is_whole_number, not_answered, passed, whole_trouble
from .own_work import borrowed
from .sandbox import guarded_check

PEG_GUESS = (1, 1, 2, 2)
PEG_SECRET = (2, 1, 1, 5)

#: Exercise 2: the first two questions of the backtracking article's example (secret 6 2 8 1).
TWO_ANSWERS = [((0, 1, 2, 3), (0, 2)), ((1, 0, 4, 5), (0, 1))]

#: The average of asking the first consistent code.
CONSISTENT_AVERAGE = 5.56
#: Exercise 3's pass: a random consistent code averages 5.45 to 5.51, so luck does not pass.
STRATEGY_AVERAGE = 5.40
ANSWER_TRIES = 400


@functools.cache
def _answer_pairs() -> tuple[tuple[Code, Code], ...]:
    """Pairs of codes the lesson never shows: codes rich in repeats, then random pairs."""
    codes = classic_mastermind().codes
    repeats = [(0, 0, 0, 0), (0, 0, 1, 1), (1, 0, 0, 1), (2, 2, 2, 3), (3, 2, 2, 2), (0, 1, 2, 3)]
    pairs: list[tuple[Code, Code]] = [(guess, secret) for guess in repeats for secret in repeats]
    rng = random.Random(8)
    while len(pairs) < ANSWER_TRIES:
        pair = (rng.choice(codes), rng.choice(codes))
        if pair != (PEG_GUESS, PEG_SECRET) and pair not in pairs:
            pairs.append(pair)
    return tuple(pairs)


def _colours_anywhere(guess: Code, secret: Code) -> Answer:
    """A classic mistake: a peg whose colour is anywhere in the secret is a cow."""
    bulls = sum(g == s for g, s in zip(guess, secret))
    return bulls, sum(1 for g, s in zip(guess, secret) if g != s and g in secret)


@guarded_check("your function")
def check_answer(function: Any) -> bool:
    """Check ``function(guess, secret)``: the ``(bulls, cows)`` a guess gets in classic
    Mastermind, on pairs of codes the lesson never shows.

    >>> check_answer(lambda guess, secret: (0, 0))
    Not yet: your function is wrong on ... bulls: compare the two codes position by position.
    False
    """
    pairs = _answer_pairs()
    said, trouble = answers_on(
        function,
        pairs,
        usage=("answer_8_1 = score", "def score(guess, secret)"),
        yourself="Compare the codes position by position for the bulls, then count the colours "
        "they share.",
        trouble=_not_an_answer,
        where=" for the guess {} and the secret {}.",
    )
    if trouble:
        return fail(trouble)
    says: dict[tuple[Code, Code], Any] = {pair: tuple(ans) for pair, ans in zip(pairs, said)}
    wrong = [pair for pair in pairs if says[pair] != answer_of(*pair)]
    if not wrong:
        return passed(
            f"Right on all {len(pairs)} pairs of codes: with repeats, a colour counts as often "
            "as it appears in both codes, as game.answer counts it."
        )
    return fail(_answer_hint(wrong, says, pairs))


def _not_an_answer(said: Any, guess: Code, secret: Code) -> str:
    if said is None or said is Ellipsis:
        return "your function returns nothing yet: it must return (bulls, cows)."
    try:
        bulls, cows = said
    except (TypeError, ValueError):
        return f"your function returned {said!r}; return two numbers, (bulls, cows)."
    if not (is_whole_number(bulls) and is_whole_number(cows)):
        return f"your function returned {said!r}; return two whole numbers."
    return ""


def _answer_hint(
    wrong: list[tuple[Code, Code]],
    says: dict[tuple[Code, Code], Answer],
    pairs: tuple[tuple[Code, Code], ...],
) -> str:
    if any(says[pair][0] != answer_of(*pair)[0] for pair in pairs):
        hint = "bulls: compare the two codes position by position."
    elif all(says[pair][1] == sum(answer_of(*pair)) for pair in pairs):
        hint = (
            "cows: your function counts the colours the codes share, but a peg that is "
            "already a bull is not counted again as a cow."
        )
    elif all(says[pair] == _colours_anywhere(*pair) for pair in pairs):
        hint = (
            "cows: your function counts a guess peg as a cow whenever its colour is "
            "anywhere in the secret. Each peg of the secret can answer for one peg of the "
            "guess only."
        )
    else:
        hint = (
            "cows: each peg of the secret can answer for one peg of the guess only, and a "
            "bull is not counted again as a cow."
        )
    guess, secret = wrong[0]
    return (
        f"your function is wrong on {len(wrong)} of {len(pairs)} pairs of codes, such as the "
        f"guess {guess} against the secret {secret}, where it says {says[guess, secret]}. {hint}"
    )


@guarded_check("your answer")
def check_codes_left(count: Any) -> bool:
    """Check how many bulls-and-cows codes give both answers of :data:`TWO_ANSWERS`.

    >>> check_codes_left(1260)
    Not yet: that many codes give the first answer; the second answer rules more out.
    False
    """
    trouble = whole_trouble(count, "how many codes give both answers.")
    if trouble:
        return fail(trouble)
    game = bulls_and_cows()
    truth = len(game.candidates(TWO_ANSWERS))
    if count == truth:
        return passed(
            f"Two answers leave {count / len(game.codes):.0%} of the 5,040 codes: each answer "
            "cuts the candidates down by a large factor."
        )
    if count == len(game.candidates(TWO_ANSWERS[:1])):
        return fail("that many codes give the first answer; the second answer rules more out.")
    if count == len(game.candidates(TWO_ANSWERS[1:])):
        return fail("that many codes give the second answer; both must hold.")
    return fail(
        "that is not the count. Keep the codes that, as the secret, would have given both "
        "answers (game.answer tells what a code answers to a guess)."
    )


#: Seconds to evaluate a strategy on bulls and cows, then on classic Mastermind (60 s each).
STRATEGY_SECONDS = 150.0


@guarded_check("your strategy", seconds=STRATEGY_SECONDS)
def check_strategy(strategy: Any) -> bool:
    """Evaluate ``strategy(game, candidates)`` over every bulls-and-cows secret; pass if it
    needs fewer than :data:`STRATEGY_AVERAGE` questions on average.

    >>> check_strategy(lambda game, candidates: candidates[-1])
    Not yet: your strategy needs 5.560 questions on average (9 at most): ...
    False
    """
    if not_answered(strategy):
        return fail("replace ... with your strategy: a function (game, candidates).")
    if not callable(strategy):
        return fail("a strategy is a function choose(game, candidates) -> number.")
    game = bulls_and_cows()
    copied = borrowed(strategy, _probes(game), allowed=_tools)
    if copied:
        return fail(
            f"your strategy {copied}: choose the code yourself (the game's methods and "
            "group_sizes may help)."
        )
    try:
        first = strategy(game, np.arange(len(game.codes)))
        if first is None or first is Ellipsis:
            return fail("your function returns nothing yet: make it return a number.")
        if _random(strategy, game):
            return fail(
                "your strategy chose different codes when asked twice about the same "
                "candidates: it leaves the choice to chance. Luck does not make a strategy; "
                "choose by a rule that looks at what each question would tell you."
            )
        result = evaluate(game, strategy, max_seconds=60)
    except Exception as error:  # a student's function may fail in any way: say how
        return fail(f"your strategy failed: {one_line(error)}")
    if not result.solved:
        return fail(f"the evaluation stopped ({result.reason}): make the strategy faster.")
    needs = f"needs {result.average:.3f} questions on average ({result.worst} at most)"
    if round(result.average, 3) < STRATEGY_AVERAGE:  # judged on the number it is shown
        praise = (
            f"Your strategy {needs}, against {CONSISTENT_AVERAGE} for the first consistent code."
        )
        try:
            classic = evaluate(classic_mastermind(), strategy, max_seconds=60)
            praise += f" In classic Mastermind: {classic.average:.3f} on average, "
            praise += f"{classic.worst} at most."
        except Exception:  # the exercise is about bulls and cows: stay quiet about the rest
            pass
        return passed(praise)
    return fail(
        f"your strategy {needs}: not below {STRATEGY_AVERAGE:.2f}. A question is good when "
        "every answer it can get leaves few candidates. group_sizes shows, for each "
        "candidate as a question, how the candidates would split by answer: which split "
        "would you rather face?"
    )


#: The backtracking article's example game, whose candidates a strategy is first tried on.
EXAMPLE_QUESTIONS = ("0 1 2 3", "1 0 4 5", "2 3 5 6", "3 2 7 4", "3 6 0 8")
EXAMPLE_SECRET = "6 2 8 1"


def _random(strategy: Strategy, game: Mastermind) -> bool:
    for probe in _probes(game):
        codes = np.asarray(probe[1])  # the candidates as codes: the strategy takes numbers
        candidates = np.array(sorted(game.numbers[tuple(code)] for code in codes))
        try:
            first, second = (strategy(game, candidates.copy()) for _ in range(2))
            if int(first) != int(second):
                return True
        except Exception:  # a strategy that fails is told so by the evaluation
            return False
    return False


def _probes(game: Mastermind) -> list[list[Mastermind | np.ndarray]]:
    """Candidate sets to try a strategy on, as the example game goes on."""
    history = [(game.check_code(q), game.answer(q, EXAMPLE_SECRET)) for q in EXAMPLE_QUESTIONS]
    return [[game, np.array(game.candidates(history[:count]))] for count in range(len(history))]


def _tools(module: str, name: str) -> bool:
    return module == "puzzlelab.puzzles.mastermind" or name in ("group_sizes", "best_guess")
