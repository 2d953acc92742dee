"""Mastermind: answers against a brute force, the backtracking article's figures, strategies, CSP, widgets, CLI."""

import base64
import random
import re
from itertools import permutations, product

import numpy as np
import pytest
from simpleai.search import backtrack

from puzzlelab.errors import BoardError, ProblemError
from puzzlelab.exercises import mastermind as exercises
from puzzlelab.puzzles.mastermind import (
    MAX_TABLE_CODES,
    Mastermind,
    bulls_and_cows,
    classic_mastermind,
    game_of,
)
from puzzlelab.simpleai_problems.mastermind import MastermindCsp, csp_guess, play_with_csp
from puzzlelab.solvers import mastermind as solvers
from puzzlelab.solvers.mastermind import decision_tree, evaluate, play
from puzzlelab.solvers.mastermind_strategies import (
    STRATEGIES,
    candidate_numbers,
    group_sizes,
    minimax,
    next_guess,
)

SMALL_GAMES = [
    Mastermind(5, 3),
    Mastermind(4, 3, repeats=True),
    Mastermind(6, 2),
    Mastermind(3, 3, True),
]


# ---------------------------------------------------------------- independent definitions


def brute_answer(guess, secret):
    """Bulls and cows by pairing pegs one by one: each peg of the secret answers at most once."""
    bulls = sum(g == s for g, s in zip(guess, secret))
    free = [s for g, s in zip(guess, secret) if g != s]  # secret pegs not already bulls
    cows = 0
    for g, s in zip(guess, secret):
        if g != s and g in free:
            free.remove(g)
            cows += 1
    return bulls, cows


def article_program(secret, digits=10, positions=4):
    """The backtracking article's program, literally: walk the permutations once, ask each consistent one."""
    asked = []
    for code in permutations(range(digits), positions):
        if all(brute_answer(guess, code) == answer for guess, answer in asked):
            answer = brute_answer(code, secret)
            asked.append((code, answer))
            if answer == (positions, 0):
                return asked
    raise AssertionError("the secret was never asked")


def all_codes(game):
    symbols = range(game.symbols)
    if game.repeats:
        return list(product(symbols, repeat=game.positions))
    return list(permutations(symbols, game.positions))


# ---------------------------------------------------------------- the rules


@pytest.mark.parametrize(
    "game", [bulls_and_cows(), classic_mastermind(), Mastermind(8, 5, True)], ids=repr
)
def test_answers_agree_with_pairing_pegs_on_random_codes(game):
    rng = random.Random(7)
    for _ in range(400):
        guess, secret = rng.choice(game.codes), rng.choice(game.codes)
        assert game.answer(guess, secret) == brute_answer(guess, secret)


@pytest.mark.parametrize("game", SMALL_GAMES, ids=repr)
def test_answer_table_agrees_with_pairing_pegs_everywhere(game):
    codes = game.codes
    assert codes == all_codes(game) and len(codes) == game.size
    table = game.table
    for g, guess in enumerate(codes):
        for s, secret in enumerate(codes):
            assert game.answer_from_number(table[g, s]) == brute_answer(guess, secret)


@pytest.mark.parametrize("game", [bulls_and_cows(), classic_mastermind()], ids=repr)
def test_answer_table_on_a_sample(game):
    rng = np.random.default_rng(3)
    for g, s in rng.integers(0, len(game.codes), size=(3000, 2)):
        expected = brute_answer(game.codes[g], game.codes[s])
        assert game.answer_from_number(game.table[g, s]) == expected


def test_the_articles_example_of_consistency():
    game = bulls_and_cows()
    assert game.answer("0 1 2 3", "6 2 8 1") == (0, 2)
    history = [("0 1 2 3", (0, 2))]
    left = game.candidates(history)
    assert (1, 0, 3, 4) not in left and game.answer("0 1 2 3", "1 0 3 4") == (0, 3)
    assert not any(code[0] == 0 for code in left)  # a leading 0 would be a bull
    assert left[0] == (1, 0, 4, 5) == next_guess(game, history)
    assert (6, 2, 8, 1) in left


def test_every_answer_that_happens_is_accepted():
    for game in [*SMALL_GAMES, Mastermind(1, 3, True), Mastermind(2, 4, True), Mastermind(4, 4)]:
        happen = {brute_answer(g, s) for g in game.codes for s in game.codes}
        for answer in happen:
            assert game.check_answer(answer) == answer


# ---------------------------------------------------------------- the consistent strategy


def test_worked_example_9876():
    game = bulls_and_cows()
    history = play(game, "9876").history
    assert [(game.format(g), a) for g, a in history] == [
        ("0 1 2 3", (0, 0)), ("4 5 6 7", (0, 2)), ("5 4 8 9", (0, 2)),
        ("6 7 9 8", (0, 4)), ("8 9 7 6", (2, 2)), ("9 8 7 6", (4, 0)),
    ]  # fmt: skip
    assert history == article_program((9, 8, 7, 6))


def test_worked_example_9431():
    game = bulls_and_cows()
    history = play(game, (9, 4, 3, 1)).history
    assert [(game.format(g), a) for g, a in history] == [
        ("0 1 2 3", (0, 2)), ("1 0 4 5", (0, 2)), ("2 3 5 4", (0, 2)),
        ("3 4 0 6", (1, 1)), ("3 5 6 1", (1, 1)), ("6 5 0 2", (0, 0)),
        ("7 4 3 1", (3, 0)), ("8 4 3 1", (3, 0)), ("9 4 3 1", (4, 0)),
    ]  # fmt: skip
    assert history == article_program((9, 4, 3, 1))


def test_consistent_strategy_over_all_5040_secrets():
    game = bulls_and_cows()
    result = evaluate(game, "consistent")
    assert result.solved and len(result.found) == 5040
    assert round(result.average, 2) == 5.56  # the article: 5.56 questions on average
    assert int(result.questions.sum()) == 28024  # 28024 / 5040 = 5.5603
    assert result.worst == 9
    assert sorted(result.hardest) == sorted(
        [(9, 4, 3, 1), (9, 2, 4, 1), (5, 2, 9, 3), (9, 2, 0, 4), (9, 2, 1, 4)]
    )
    assert sum(result.histogram.values()) == 5040 and result.histogram[1] == 1
    assert result.first_guess == (0, 1, 2, 3)


def test_decision_tree_counts_agree_with_the_articles_program_on_a_sample():
    game = bulls_and_cows()
    questions = evaluate(game, "consistent").questions
    rng = random.Random(11)
    for secret in rng.sample(game.codes, 25):
        assert len(article_program(secret)) == questions[game.numbers[secret]]


@pytest.mark.parametrize("game", SMALL_GAMES, ids=repr)
@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_decision_tree_agrees_with_replaying_every_game(game, strategy):
    result = evaluate(game, strategy)
    assert result.solved and result.status == "solved"
    for number, secret in enumerate(game.codes):
        history = play(game, secret, strategy).history
        assert history[-1] == (secret, game.win)
        for k, (guess, answer) in enumerate(history):
            assert answer == brute_answer(guess, secret)
            if strategy == "consistent":  # every guess agrees with the answers before it
                assert all(brute_answer(g, guess) == a for g, a in history[:k])
        assert len(history) == result.questions[number]


def test_consistent_strategy_on_small_games_is_the_article_program():
    game = Mastermind(6, 3)
    questions = evaluate(game, "consistent").questions
    for secret in game.codes:
        assert len(article_program(secret, 6, 3)) == questions[game.numbers[secret]]


# ---------------------------------------------------------------- better strategies


def test_knuth_minimax_on_classic_mastermind():
    result = evaluate(classic_mastermind(), "minimax")
    assert result.first_guess == (0, 0, 1, 1)  # Knuth's 1122
    assert result.worst == 5
    assert int(result.questions.sum()) == 5801  # 4.476 on average, as Knuth found


def test_strategies_never_ask_more_than_the_consistent_worst_case_on_classic():
    game = classic_mastermind()
    consistent = evaluate(game, "consistent")
    for name in STRATEGIES:
        result = evaluate(game, name)
        assert result.solved and len(result.found) == 1296
        assert result.worst <= consistent.worst
        assert result.average <= consistent.average


def test_minimax_guess_has_the_smallest_largest_group_of_all_codes():
    game = classic_mastermind()
    history = [((0, 0, 1, 1), (1, 1))]
    left = candidate_numbers(game, history)
    guess = game.numbers[next_guess(game, history, "minimax")]
    worst_group = {g: max(np.bincount(game.table[g, left])) for g in range(len(game.codes))}
    assert worst_group[guess] == min(worst_group.values())


def test_group_sizes_count_the_candidates():
    game = Mastermind(5, 3)
    left = candidate_numbers(game, [((0, 1, 2), (1, 0))])
    sizes = group_sizes(game, left)
    assert (sizes.sum(1) == len(left)).all()
    for g in (0, 7, 59):
        expected = np.bincount(game.table[g, left], minlength=16)
        assert (sizes[g] == expected).all()


def test_decision_tree_top_levels():
    game = bulls_and_cows()
    tree = decision_tree(game, "consistent", depth=2)
    assert tree["guess"] == (0, 1, 2, 3) and tree["candidates"] == 5040
    assert sum(child["candidates"] for child in tree["children"].values()) == 5040 - 1
    assert tree["children"][(0, 2)]["guess"] == (1, 0, 4, 5)
    assert tree["children"][(0, 2)]["candidates"] == 1260


def test_evaluation_stops_on_a_time_limit_and_keeps_what_it_found():
    result = evaluate(bulls_and_cows(), "minimax", max_seconds=1e-6)
    assert result.status == "limit" and "the limit of 1e-06 seconds" in result.reason
    assert len(result.found) < 5040
    assert result.as_dict()["status"] == "limit" and result.as_dict()["reason"] == result.reason


def test_evaluation_stops_at_a_node_limit_with_the_figures_so_far():
    result = evaluate(bulls_and_cows(), "consistent", max_nodes=100)
    assert result.status == "limit" and "100 decision-tree nodes" in result.reason
    assert result.stats.expanded == 100 == len(result.found)
    assert result.first_guess == (0, 1, 2, 3) and result.worst >= 1
    whole = evaluate(bulls_and_cows(), "consistent")
    assert whole.stats.expanded == 5040  # the consistent strategy asks every secret once
    assert evaluate(bulls_and_cows(), "consistent", max_nodes=5040).solved  # exactly enough
    assert (result.questions[result.questions > 0] == whole.questions[result.questions > 0]).all()


def test_the_first_guess_and_the_table_count_against_the_time_limit():
    # Entropy's first guess over 10,000 codes (and the table) take seconds: stopped within the limit.
    result = evaluate(Mastermind(10, 4, repeats=True), "entropy", max_seconds=0.1)
    assert result.status == "limit" and result.first_guess is None
    assert result.stats.seconds < 0.6
    result = play(Mastermind(10, 4, repeats=True), "1 2 3 4", "entropy", max_seconds=0.1)
    assert result.status == "limit" and result.history == [] and result.stats.seconds < 0.6


def interrupted_after(calls):
    """A strategy (the consistent one) that is interrupted, as by Ctrl-C, at its *calls*-th guess."""
    asked = []

    def choose(game, candidates):
        asked.append(1)
        if len(asked) >= calls:
            raise KeyboardInterrupt
        return int(candidates[0])

    return choose


def test_an_interrupt_ends_an_evaluation_with_what_it_found():
    result = evaluate(bulls_and_cows(), interrupted_after(50))
    assert result.status == "interrupted" and result.reason == "the search was interrupted"
    assert result.stats.expanded == 49 == len(result.found)
    assert result.first_guess == (0, 1, 2, 3)
    result = evaluate(bulls_and_cows(), interrupted_after(1))
    assert result.status == "interrupted" and result.first_guess is None
    assert "no secret found yet" in str(result)


def test_one_game_is_bounded_and_interruptible():
    game = bulls_and_cows()
    result = play(game, "9431", max_nodes=4)
    assert result.status == "limit" and result.reason == "the limit of 4 questions was reached"
    assert result.history == play(game, "9431").history[:4] and result.cost is None
    result = play(game, "9431", interrupted_after(3))
    assert result.status == "interrupted" and len(result.history) == 2
    assert result.as_dict()["questions"] == 2


def test_a_deep_decision_tree_needs_no_deep_recursion():
    game = Mastermind(1500, 1)  # one position: each wrong guess rules out that symbol only
    result = evaluate(game, "consistent")
    assert result.solved and result.worst == 1500 and result.stats.expanded == 1500


def test_too_many_symbols_for_the_table_are_refused_before_any_work():
    game = game_of(Mastermind(10_000, 1))  # 10,000 codes, but indicator matrices of 1.5 GB
    with pytest.raises(ProblemError, match="use fewer symbols"):
        evaluate(game)
    assert "codes" not in game.__dict__  # refused before listing the codes


def test_decision_tree_keeps_to_its_limits():
    with pytest.raises(ProblemError, match="the decision tree was not built: the limit of 3"):
        decision_tree(bulls_and_cows(), depth=2, max_nodes=3)
    with pytest.raises(ProblemError, match="depth must be a whole number"):
        decision_tree(bulls_and_cows(), depth=-1)


@pytest.mark.parametrize("max_seconds", [0, -1, "1"])
def test_evaluation_refuses_a_time_limit_that_is_not_a_positive_number(max_seconds):
    with pytest.raises(ProblemError, match="max_seconds must be a positive finite number"):
        evaluate(bulls_and_cows(), max_seconds=max_seconds)


def test_a_strategy_of_your_own():
    game = bulls_and_cows()
    last = evaluate(game, lambda game, candidates: candidates[-1])
    assert last.solved and last.algorithm == "<lambda>" and last.first_guess == (9, 8, 7, 6)
    assert evaluate(Mastermind(5, 3), minimax).algorithm == "minimax"


# ---------------------------------------------------------------- simpleai


def test_csp_solutions_are_exactly_the_consistent_codes():
    rng = random.Random(5)
    for game in SMALL_GAMES:
        secret = rng.choice(game.codes)
        history = [(g, brute_answer(g, secret)) for g in rng.sample(game.codes, 2)]
        csp = MastermindCsp(game, history)
        accepted = [
            code for code in all_codes(game)
            if all(check(tuple(v), tuple(code[i] for i in v)) for v, check in csp.constraints)
        ]  # fmt: skip
        assert accepted == game.candidates(history)
        assert csp.code(backtrack(csp)) == accepted[0] == csp_guess(game, history)


def test_csp_guess_is_the_consistent_strategys_guess_in_bulls_and_cows():
    game = bulls_and_cows()
    history = [("0 1 2 3", (0, 2)), ("1 0 4 5", (0, 1))]
    assert csp_guess(game, history) == next_guess(game, history) == game.candidates(history)[0]
    assert csp_guess(game, [("0 1 2 3", (0, 0)), ("4 5 6 7", (0, 0))]) is None  # 8, 9 only


def test_csp_plays_whole_games():
    game = bulls_and_cows()
    assert play_with_csp(game, "9 8 7 6") == play(game, "9 8 7 6").history
    game = Mastermind(4, 3, repeats=True)
    for secret in random.Random(2).sample(game.codes, 8):
        history = play_with_csp(game, secret)
        assert history == play(game, secret).history and history[-1] == (secret, game.win)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "rules, words",
    [
        ((3, 4, False), "4 positions need at least 4 symbols"),
        ((0, 4, False), "symbols must be a whole number of at least 1"),
        ((6, 0, True), "positions must be a whole number of at least 1"),
        (("six", 4, True), "symbols must be a whole number"),
        ((6, 4, "yes"), "repeats must be True or False"),
        ((10, 7, True), "at most 1,000,000"),
        (("６", 4, False), "symbols must be a whole number written with the digits 0-9"),
        ((1, 16, True), "at most 15 positions"),
        ((True, 4, True), "symbols must be a whole number"),
    ],
)
def test_bad_games(rules, words):
    with pytest.raises(ProblemError, match=words):
        Mastermind(*rules)


@pytest.mark.parametrize(
    "code, words",
    [
        ("1 2 3", "is not 4 symbols from 0 to 9, all different"),
        ("9 4 9 1", "repeats 9"),
        ((1, 2, 3, 10), "uses 10"),
        ("a b c d", "is not 4 symbols"),
        ((1.5, 2, 3, 4), "is not 4 symbols"),
        (None, "is not 4 symbols"),
        ("９４３１", "written with the digits 0-9"),
        ("9 4 3 ١", "written with the digits 0-9"),
        ((9, 4, 3, True), "is not 4 symbols"),
    ],
)
def test_bad_codes(code, words):
    with pytest.raises(BoardError, match=words):
        bulls_and_cows().check_code(code)


def test_codes_in_other_spellings():
    game = bulls_and_cows()
    assert game.check_code("9431") == game.check_code("9, 4, 3, 1") == game.check_code([9, 4, 3, 1])
    assert classic_mastermind().check_code("1 1 2 2") == (1, 1, 2, 2)
    assert Mastermind(12, 2).check_code("10 11") == (10, 11)


@pytest.mark.parametrize(
    "answer, words",
    [((3, 1), "cannot happen: with 3 bulls"), ((4, 1), "at most 4"), ((-1, 0), "bulls must be a whole number of at least 0"),
     ("ab", "bulls must be a whole number"), ((1, 2, 3), "two whole numbers"),
     (("３", 0), "digits 0-9"), ((1.5, 0), "bulls must be a whole number")],
)  # fmt: skip
def test_bad_answers(answer, words):
    with pytest.raises(BoardError, match=words):
        bulls_and_cows().check_answer(answer)


def test_bad_strategies():
    game = Mastermind(5, 3)
    with pytest.raises(ProblemError, match="unknown strategy 'smart'; choose one of consistent"):
        evaluate(game, "smart")
    with pytest.raises(ProblemError, match="must return a code's number"):
        evaluate(game, lambda game, candidates: "0 1 2")
    with pytest.raises(ProblemError, match="a code's number is 0 to 59"):
        evaluate(game, lambda game, candidates: 60)
    with pytest.raises(ProblemError, match="it would ask forever"):
        play(game, "4 3 2", lambda game, candidates: 0)
    # The decision tree is built by evaluate's loop, so it refuses a useless question too.
    with pytest.raises(ProblemError, match="it would ask forever"):
        decision_tree(game, lambda game, candidates: 0, depth=3)
    with pytest.raises(BoardError, match="a history is a list"):
        next_guess(game, 5)


def test_results_made_without_a_game_or_secret_say_so():
    found = solvers.Evaluation("minimax", "limit", questions=np.array([0, 2]))
    with pytest.raises(ProblemError, match="this evaluation has no game: evaluate"):
        found.as_dict()  # its hardest secret is code number 1: of which game?
    assert solvers.Game("consistent", "limit").as_dict()["secret"] is None


def test_too_big_for_the_answer_table():
    game = Mastermind(8, 5, repeats=True)
    assert game.size > MAX_TABLE_CODES
    with pytest.raises(ProblemError, match="at most 10,000 codes"):
        evaluate(game)
    assert len(game.candidates([((0, 1, 2, 3, 4), (5, 0))])) == 1  # listing still works


# ---------------------------------------------------------------- pictures


def test_board_picture_and_questions_histogram():
    from puzzlelab.drawing import draw_board, offscreen_figure
    from puzzlelab.drawing.mastermind import draw_questions

    game = bulls_and_cows()
    history = play(game, "9 4 3 1").history
    ax = draw_board(game, history, ax=offscreen_figure().add_subplot(), secret="9431")
    gids = [patch.get_gid() for patch in ax.patches]
    assert gids.count("peg") == 4 * 9 and gids.count("secret") == 4
    assert gids.count("bull") == sum(b for _, (b, _c) in history)
    assert gids.count("cow") == sum(c for _, (_b, c) in history)
    assert gids.count("bull") + gids.count("cow") + gids.count("hole") == 4 * 9
    ax = draw_board(game, history[:2], ax=offscreen_figure().add_subplot(), asking=history[2][0])
    gids = [patch.get_gid() for patch in ax.patches]
    assert (
        gids.count("peg") == 4 * 3
        and gids.count("bull") + gids.count("cow") + gids.count("hole") == 4 * 2
    )
    runs = [evaluate(classic_mastermind(), name) for name in ("consistent", "minimax")]
    ax = draw_questions(runs, ax=offscreen_figure((6, 3)).add_subplot())
    heights = [bar.get_height() for bar in ax.patches]
    assert sum(heights) == 2 * 1296 and len(heights) == len(runs[0].histogram) + 5


# ---------------------------------------------------------------- widgets


def picture_of(widget) -> bytes:
    """The SVG picture a page without widgets shows: the board as the widget shows it now."""
    html = widget._repr_mimebundle_()["text/html"]
    (data,) = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    svg = base64.b64decode(data)
    assert svg == widget.picture.value  # the live widget shows the same picture
    return svg


def test_computer_guesses_the_students_secret_by_clicks():
    from puzzlelab.widgets import ComputerGuesses

    game = bulls_and_cows()
    play_widget = ComputerGuesses(game)
    secret = (9, 4, 3, 1)
    while play_widget.guess is not None:
        bulls, cows = brute_answer(play_widget.guess, secret)
        play_widget.bulls.value, play_widget.cows.value = bulls, cows
        play_widget.answer_button.click()
        assert len(play_widget.left) == len(game.candidates(play_widget.history))
    assert play_widget.history == play(game, secret).history
    assert play_widget.status.value == "Found your code in 9 questions."
    assert play_widget.answer_button.disabled
    assert b"<svg" in picture_of(play_widget)


def test_computer_guesses_says_when_answers_contradict():
    from puzzlelab.widgets import ComputerGuesses

    play_widget = ComputerGuesses()
    play_widget.answer(3, 1)
    assert play_widget.status.value.startswith("Not a possible answer: (3, 1) cannot happen")
    assert play_widget.history == []
    play_widget.answer(0, 0).answer(0, 0)  # neither 0-3 nor 4-7: only 8 and 9 are left
    assert len(play_widget.left) == 0 and play_widget.guess is None
    assert "contradict" in play_widget.status.value
    assert b"<svg" in picture_of(play_widget)
    play_widget.new_button.click()
    assert play_widget.history == [] and len(play_widget.left) == 5040


def test_computer_guesses_with_minimax_on_classic():
    from puzzlelab.widgets import ComputerGuesses

    game = classic_mastermind()
    play_widget = ComputerGuesses(game, "minimax")
    assert play_widget.guess == (0, 0, 1, 1)
    while play_widget.guess is not None:
        play_widget.answer(*brute_answer(play_widget.guess, (3, 5, 1, 0)))
    assert len(play_widget.history) <= 5 and play_widget.history[-1][0] == (3, 5, 1, 0)


def test_student_guesses_the_computers_secret():
    from puzzlelab.widgets import YouGuess

    game = bulls_and_cows()
    play_widget = YouGuess(game, seed=4)
    assert YouGuess(game, seed=4).secret == play_widget.secret  # seeded: repeatable
    secret = play_widget.secret
    assert "Tick the box" in play_widget.info.value
    play_widget.entry.value = "0 1 2 3"
    play_widget.guess_button.click()
    answer = brute_answer((0, 1, 2, 3), secret)
    assert play_widget.history == [((0, 1, 2, 3), answer)]
    play_widget.count_box.value = True
    left = len(game.candidates(play_widget.history))
    assert play_widget.info.value.startswith(f"{left:,} code")
    play_widget.entry.value = "0 0 1 2"
    play_widget.guess_button.click()
    assert play_widget.status.value.startswith("Not a code: code 0 0 1 2 repeats 0")
    assert len(play_widget.history) == 1
    play_widget.guess(game.format(secret))
    assert play_widget.finished and play_widget.status.value == "You found it in 2 questions!"
    assert play_widget.guess_button.disabled
    assert b"<svg" in picture_of(play_widget)
    play_widget.new_button.click()
    assert play_widget.history == [] and play_widget.secret == YouGuess(game, seed=5).secret


def test_student_gives_up():
    from puzzlelab.widgets import YouGuess

    play_widget = YouGuess(classic_mastermind(), seed=0)
    play_widget.guess((0, 0, 1, 1)).reveal_button.click()
    assert play_widget.finished and game_text(play_widget.secret) in play_widget.status.value
    assert play_widget.guess("1 1 2 2").status.value.startswith("The game is over")


def test_enter_in_the_guess_box_guesses_once():
    """Enter did nothing: the box now sends its value on Enter, and the Guess button that
    follows a typed guess (the value arrives first, then the click) does not ask it again."""
    from puzzlelab.widgets import YouGuess

    play_widget = YouGuess(classic_mastermind(), seed=0)
    assert play_widget.entry.continuous_update is False  # the value comes on Enter
    play_widget.entry.value = "0 0 1 1"  # what Enter sends
    assert len(play_widget.history) == 1 and play_widget.history[0][0] == (0, 0, 1, 1)
    play_widget.guess_button.click()  # the click right after it
    assert len(play_widget.history) == 1
    play_widget.entry.value = "1 1 2 2"
    play_widget.guess_button.click()
    assert [code for code, _ in play_widget.history] == [(0, 0, 1, 1), (1, 1, 2, 2)]


def game_text(code):
    return " ".join(map(str, code))


# ---------------------------------------------------------------- exercises


def test_exercise_checks(capsys):
    assert not exercises.check_answer(...)
    assert exercises.check_answer(brute_answer)
    assert not exercises.check_answer(lambda guess, secret: sum(brute_answer(guess, secret)))
    truth = len(bulls_and_cows().candidates(exercises.TWO_ANSWERS))
    assert not exercises.check_codes_left(...) and not exercises.check_codes_left(truth + 1)
    assert exercises.check_codes_left(truth)
    assert not exercises.check_strategy(...) and not exercises.check_strategy("minimax")
    assert not exercises.check_strategy(lambda game, candidates: candidates[0])
    out = capsys.readouterr().out
    assert out.count("Not yet:") == 7 and out.count("Correct!") == 2
    bulls, cows = brute_answer(exercises.PEG_GUESS, exercises.PEG_SECRET)
    assert f" {truth} " not in out and f"({bulls}, {cows})" not in out  # checks never tell
