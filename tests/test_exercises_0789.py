"""The self-checks of lessons 0, 7, 8 and 9: the holes closed. Each answer here used to
pass (puzzlelab's own work handed back, or a naive guess), or was told something untrue;
now it is refused with a message that says what is wrong."""

import numpy as np
import pytest
from simpleai.search import SearchProblem

from puzzlelab.exercises import jugs, mastermind, pegs, queens
from puzzlelab.puzzles.jugs import WaterJugs
from puzzlelab.puzzles.mastermind import bulls_and_cows
from puzzlelab.puzzles.pegs import PegSolitaire
from puzzlelab.puzzles.pegs_boards import get_board
from puzzlelab.puzzles.queens import safe
from puzzlelab.simpleai_problems import WaterJugsProblem
from puzzlelab.solvers.mastermind import evaluate
from puzzlelab.solvers.mastermind_strategies import STRATEGIES, first_consistent, group_sizes


def refused(capsys, check, *answers):
    """The check refuses *answers*; return what it printed."""
    assert check(*answers) is False
    out = capsys.readouterr().out
    assert out.startswith("Not yet: ")
    return out


def praised(capsys, check, *answers):
    assert check(*answers) is True
    out = capsys.readouterr().out
    assert out.startswith("Correct! ")
    return out


# ---------------------------------------------------------------- lesson 0, exercise 2

TAP = WaterJugs(jugs.TAP_CAPACITIES, target=jugs.TAP_TARGET, tap=True)


class OwnTapJugs(SearchProblem):
    """A right answer, written without puzzlelab."""

    def actions(self, state):
        return [("fill", 0), ("fill", 1), ("empty", 0), ("empty", 1), ("pour", 0), ("pour", 1)]

    def result(self, state, action):
        kind, i = action
        sizes, after = (3, 5), list(state)
        if kind == "fill":
            after[i] = sizes[i]
        elif kind == "empty":
            after[i] = 0
        else:
            moved = min(state[i], sizes[1 - i] - state[1 - i])
            after[i], after[1 - i] = state[i] - moved, state[1 - i] + moved
        return tuple(after)

    def is_goal(self, state):
        return jugs.TAP_TARGET in state


class AsksWaterJugs(SearchProblem):
    """Its methods hand the work to puzzlelab's WaterJugs."""

    def actions(self, state):
        return TAP.actions(state)

    def result(self, state, action):
        return TAP.result(state, action)

    def is_goal(self, state):
        return TAP.is_goal(state)


class ChargesLitres(OwnTapJugs):
    def cost(self, state, action, state2):
        return abs(sum(state2) - sum(state)) or 1


def test_tap_problem_of_ones_own_passes(capsys):
    praised(capsys, jugs.check_tap_problem, OwnTapJugs(initial_state=(0, 0)))


@pytest.mark.parametrize(
    "answer, says",
    [
        (WaterJugsProblem((3, 5), target=4, tap=True), "is puzzlelab's own WaterJugsProblem"),
        (
            type("Mine", (WaterJugsProblem,), {})((3, 5), target=4, tap=True),
            "inherits from puzzlelab's WaterJugsProblem",
        ),  # fmt: skip
        (AsksWaterJugs(initial_state=(0, 0)), "your actions method calls puzzlelab's"),
    ],
)
def test_tap_problem_refuses_puzzlelab_work_handed_back(capsys, answer, says):
    out = refused(capsys, jugs.check_tap_problem, answer)
    assert says in out


def test_tap_problem_with_costs_is_told_about_cost_not_is_goal(capsys):
    """The message used to blame is_goal ("bfs ... ended with solved; check is_goal")."""
    out = refused(capsys, jugs.check_tap_problem, ChargesLitres(initial_state=(0, 0)))
    assert "your cost method" in out and "is_goal" not in out


class PoursItAll(OwnTapJugs):
    """A pour that empties the jug poured from, whatever room the other has."""

    def result(self, state, action):
        kind, i = action
        if kind != "pour":
            return super().result(state, action)
        after = list(state)
        after[i], after[1 - i] = 0, state[0] + state[1]
        return tuple(after)


def test_a_pour_that_overflows_is_told_why(capsys):
    out = refused(capsys, jugs.check_tap_problem, PoursItAll(initial_state=(0, 0)))
    assert "a jug holds at most its size" in out


def test_states_one_off_either_way_get_the_same_hint(capsys):
    """The hint for one short asked whether the start was counted: it told which way to go."""
    fewest, reachable, _, _ = jugs._twelve()
    short = refused(capsys, jugs.check_halving_twelve, fewest, reachable - 1)
    over = refused(capsys, jugs.check_halving_twelve, fewest, reachable + 1)
    assert short == over
    assert "the start itself" in short and "does your count hold" not in short


def test_amounts_beyond_the_biggest_jug_are_named(capsys):
    out = refused(capsys, jugs.check_measurable, {3, 6, 9, 12, 15}, 3)
    assert "do not fit in the biggest jug" in out and "search for each" not in out


# ---------------------------------------------------------------- lesson 7, exercises 1 and 2


def test_the_candidates_hint_leads_to_the_idea_not_the_product(capsys):
    out = refused(capsys, queens.check_work, 12**11, queens._placed())
    assert "one fewer" not in out and "12 columns to choose" not in out
    assert "columns" in out


@pytest.mark.parametrize("size", [1, 2, 3, 5, 6, 7, 8])
def test_the_small_family_hints_state_no_sum(capsys, size):
    """The hints said "twelve families of 8 would be 96 solutions, but there are 92"."""
    half_turn = (2, 4, 1, 7, 0, 6, 3, 5)
    out = refused(capsys, queens.check_small_family, half_turn, size)
    assert "92" not in out and "96" not in out and "eleven" not in out


def test_the_small_family_needs_one_of_its_solutions(capsys):
    out = refused(capsys, queens.check_small_family, (0, 4, 7, 5, 2, 6, 1, 3), 4)
    assert "8 members" in out
    praised(capsys, queens.check_small_family, (5, 3, 6, 0, 7, 1, 4, 2), 4)


# ---------------------------------------------------------------- lesson 7, exercise 3


def own_safe(placement, col):
    row = len(placement)
    return all(col != c and abs(col - c) != row - r for r, c in enumerate(placement))


def test_safe_of_ones_own_passes(capsys):
    praised(capsys, queens.check_safe, own_safe)


@pytest.mark.parametrize(
    "answer, says",
    [
        (lambda placement, col: col not in placement, "shares its diagonal"),
        (
            lambda placement, col: all(
                abs(c - col) != len(placement) - r for r, c in enumerate(placement)
            ),
            "shares its column",
        ),
        (lambda placement, col: False, "Which queen did it think attacks it?"),
    ],
    ids=["columns only", "diagonals only", "never safe"],
)
def test_safe_names_the_attack_it_missed(capsys, answer, says):
    assert says in refused(capsys, queens.check_safe, answer)


def own_safe_until_the_board_fills(placement, col):
    """Its own test on boards of at most one queen, puzzlelab's on the fuller boards."""
    if len(placement) <= 1:
        return all(c != col and abs(c - col) != len(placement) - r for r, c in enumerate(placement))
    return safe(placement, col)


@pytest.mark.parametrize(
    "answer, says",
    [
        (safe, "your function is puzzlelab's own safe"),
        (lambda placement, col: safe(placement, col), "your function calls puzzlelab's safe"),
        (own_safe_until_the_board_fills, "your function calls puzzlelab's safe"),
    ],
    ids=["puzzlelab's", "a call to it", "a call on fuller boards only"],
)
def test_safe_refuses_puzzlelab_work_handed_back(capsys, answer, says):
    assert says in refused(capsys, queens.check_safe, answer)


# ---------------------------------------------------------------- lesson 8, exercise 3


def own_minimax(game, candidates):
    sizes = group_sizes(game, candidates, guesses=candidates)
    return candidates[sizes.max(axis=1).argmin()]


def test_strategy_of_ones_own_passes_and_may_use_group_sizes(capsys):
    out = praised(capsys, mastermind.check_strategy, own_minimax)
    assert "against 5.56 for the first consistent code" in out


def random_consistent(game, candidates):
    return RANDOM.choice(candidates)


def random_code(game, candidates):
    return int(RANDOM.integers(len(game.codes)))


RANDOM = np.random.default_rng(2026)


@pytest.mark.parametrize("strategy", [random_consistent, random_code])
def test_strategy_refuses_a_random_pick(capsys, strategy):
    """A hole closed: a random consistent code averages about 5.47, below the consistent
    strategy's 5.56, and passed. A strategy that picks differently twice is told so."""
    assert "leaves the choice to chance" in refused(capsys, mastermind.check_strategy, strategy)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_a_random_pick_that_repeats_itself_does_not_pass_either(capsys, seed):
    """Seeded afresh at every call, a random pick is a rule; its average (5.45 to 5.51 over
    18 seeds) is still above the threshold."""

    def seeded(game, candidates):
        return np.random.default_rng(seed).choice(candidates)

    out = refused(capsys, mastermind.check_strategy, seeded)
    assert "not below 5.40" in out
    assert "largest" not in out and "smallest" not in out  # the idea, not the answer


@pytest.mark.parametrize(
    "answer, says",
    [
        (STRATEGIES["minimax"], "is puzzlelab's own minimax"),
        (STRATEGIES["entropy"], "is puzzlelab's own entropy"),
        (first_consistent, "is puzzlelab's own first_consistent"),
        (lambda game, candidates: STRATEGIES["expected"](game, candidates), "calls puzzlelab's"),
        (lambda game, c: STRATEGIES["minimax"](game, c) if len(c) < 100 else c[0], "calls"),
    ],
)
def test_strategy_refuses_puzzlelab_work_handed_back(capsys, answer, says):
    assert says in refused(capsys, mastermind.check_strategy, answer)


def test_strategy_is_judged_on_the_average_it_is_shown(capsys):
    """An average that prints as 5.560 is not "better than the consistent strategy's 5.56"."""
    game = bulls_and_cows()

    def consistent_among_five(game, candidates):  # the consistent strategy, among five candidates
        return candidates[4] if len(candidates) == 5 else candidates[0]

    average = evaluate(game, consistent_among_five).average
    assert average < 5.56 and f"{average:.3f}" == "5.560"  # it used to pass, shown as 5.560
    out = refused(capsys, mastermind.check_strategy, consistent_among_five)
    assert "needs 5.560 questions" in out and "not below 5.40" in out


def score(guess, secret):
    bulls = sum(1 for g, s in zip(guess, secret) if g == s)
    shared = sum(min(guess.count(colour), secret.count(colour)) for colour in set(guess))
    return bulls, shared - bulls


def pairing(guess, secret):
    """Another style: each peg of the secret that is no bull answers for one guess peg."""
    bulls = sum(g == s for g, s in zip(guess, secret))
    free = [s for g, s in zip(guess, secret) if g != s]
    cows = 0
    for g, s in zip(guess, secret):
        if g != s and g in free:
            free.remove(g)
            cows += 1
    return bulls, cows


@pytest.mark.parametrize("function", [score, pairing])
def test_a_scoring_function_of_ones_own_passes(capsys, function):
    assert function(mastermind.PEG_GUESS, mastermind.PEG_SECRET) == (1, 2)  # by hand
    assert "Correct!" in praised(capsys, mastermind.check_answer, function)


def anywhere(guess, secret):
    bulls = sum(g == s for g, s in zip(guess, secret))
    return bulls, sum(1 for g, s in zip(guess, secret) if g != s and g in secret)


@pytest.mark.parametrize(
    "function, says",
    [
        (..., "replace ..."),
        ((1, 2), "give your function"),  # the old answer: numbers worked out by hand
        (lambda guess, secret: None, "returns nothing yet"),
        (lambda guess, secret: 3, "return two numbers"),
        (lambda guess, secret: (1.0, 2), "two whole numbers"),
        (lambda guess, secret: (0, 0), "bulls: compare the two codes position by position"),
        (lambda guess, secret: (score(guess, secret)[0], sum(score(guess, secret))),
         "a peg that is already a bull is not counted again"),
        (anywhere, "whenever its colour is anywhere in the secret"),
        (lambda guess, secret: (score(guess, secret)[0], len(set(guess) & set(secret))),
         "each peg of the secret can answer for one peg of the guess only"),
        (bulls_and_cows().answer, "is puzzlelab's own Mastermind.answer"),
        (lambda guess, secret: bulls_and_cows().answer(guess, secret), "calls puzzlelab's"),
    ],
)  # fmt: skip
def test_a_wrong_or_borrowed_scoring_function_is_told_why(capsys, function, says):
    out = refused(capsys, mastermind.check_answer, function)
    assert says in out, out
    assert "too many" not in out and "too few" not in out


def test_the_hint_for_codes_left_names_no_code_to_run(capsys):
    truth = len(bulls_and_cows().candidates(mastermind.TWO_ANSWERS))
    out = refused(capsys, mastermind.check_codes_left, truth + 7)
    assert "candidates(TWO_ANSWERS)" not in out and "game.answer" in out


# ---------------------------------------------------------------- lesson 9, exercises 1 and 2


@pytest.mark.parametrize("guess", [0.5, 0.49, 0.48, 0.45])
def test_share_refuses_a_round_guess(capsys, guess):
    """The share is 0.488: "a half" passed with a tolerance of 0.02, and 0.49 with 0.005."""
    truth = pegs._last_share()
    assert abs(truth - 0.49) < 0.005  # the old tolerance let 0.49 through
    assert "round figure" in refused(capsys, pegs.check_last_iteration_share, guess)
    praised(capsys, pegs.check_last_iteration_share, round(truth, 3))


@pytest.mark.parametrize("off", [-0.01, -0.002, 0.002, 0.01, 0.1])
def test_share_is_not_told_which_way(capsys, off):
    out = refused(capsys, pegs.check_last_iteration_share, pegs._last_share() + off + 1e-5)
    assert "not the share" in out
    assert not any(word in out for word in ("small", "large", "more", "less", "few"))


def test_share_names_the_cause_of_a_wrong_division(capsys):
    counts = [iteration["expanded"] for iteration in pegs._share_run().stats.iterations]
    by_earlier = counts[-1] / sum(counts[:-1])
    by_previous = counts[-1] / counts[-2]
    assert "earlier iterations only" in refused(capsys, pegs.check_last_iteration_share, by_earlier)
    out = refused(capsys, pegs.check_last_iteration_share, by_previous)
    assert "percentage" not in out and "between 0 and 1" in out
    assert "percentage" in refused(capsys, pegs.check_last_iteration_share, 48.8)


def test_share_praise_agrees_with_the_measured_share(capsys):
    """The praise said "most of the work is the last iteration" of a share under one half."""
    out = praised(capsys, pegs.check_last_iteration_share, pegs._last_share())
    assert "Most of the work" not in out
    assert f"did {pegs._last_share():.0%} of the work" in out


def test_share_hint_holds_no_code(capsys):
    out = refused(capsys, pegs.check_last_iteration_share, 0.9)
    assert "[-1]" not in out and '["expanded"]' not in out


ENGLISH = PegSolitaire("english")
CORNERS = get_board("english").corners


def own_corners(pegs):
    return sum(pegs >> hole & 1 for hole in (1, 3, 7, 13, 21, 27, 31, 33))


def test_corners_of_ones_own_pass(capsys):
    praised(capsys, pegs.check_english_corners, own_corners)


@pytest.mark.parametrize(
    "answer, says",
    [
        (lambda pegs: sum(pegs >> (h - 1) & 1 for h in (1, 3, 7, 13, 21, 27, 31, 33)), "h - 1"),
        (lambda pegs: [pegs >> h & 1 for h in (1, 3, 7, 13, 21, 27, 31, 33)], "a list"),
        (lambda pegs: sum(pegs >> h & 1 for h in (1, 3, 31, 33)), "not right"),
    ],
    ids=["bit before", "a list", "four corners"],
)
def test_corners_name_the_cause(capsys, answer, says):
    out = refused(capsys, pegs.check_english_corners, answer)
    assert says in out and "too many" not in out


@pytest.mark.parametrize(
    "answer, says",
    [
        (ENGLISH.corner_bound, "is puzzlelab's own PegSolitaire.corner_bound"),
        (lambda pegs: ENGLISH.corner_bound(pegs), "calls puzzlelab's PegSolitaire.corner_bound"),
        (lambda pegs: sum(pegs >> h & 1 for h in CORNERS), "reads puzzlelab's list"),
        (lambda pegs: sum(pegs >> h & 1 for h in ENGLISH.board.corners), "reads puzzlelab's"),
    ],
)
def test_corners_refuse_the_boards_own(capsys, answer, says):
    assert says in refused(capsys, pegs.check_english_corners, answer)


def test_whole_numbers_from_numpy_are_whole_numbers(capsys):
    truth = len(bulls_and_cows().candidates(mastermind.TWO_ANSWERS))
    praised(capsys, mastermind.check_codes_left, np.int64(truth))
