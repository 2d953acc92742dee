"""Play Mastermind both ways: the computer finds your secret, or you find the computer's."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..drawing import figure_svg, offscreen_figure
from ..drawing.mastermind import draw_mastermind
from ..errors import PuzzleError
from ..puzzles.mastermind import Answer, Code, CodeInput, Mastermind, answer_of, game_of
from ..solvers.mastermind_strategies import Strategy, strategy_of
from .base import StaticFallback, projector, show_svg, svg_image, working

ROWS = 6


def _codes(count: int) -> str:
    return f"{count:,} code{'' if count == 1 else 's'}"


class _Game(StaticFallback, widgets.VBox):
    """What both games share: the game, its history, the codes left, a status and a picture."""

    def __init__(self, game: Mastermind | None) -> None:
        super().__init__()
        self.game = game_of(game)
        self.new_button = widgets.Button(description="New game", icon="undo")
        self.new_button.on_click(lambda _: self.new_game())
        self.status = widgets.Label()
        self.picture = svg_image()

    def _start(self, rows: list[widgets.Widget], large: bool | None) -> None:
        self.children = [*rows, self.status, self.picture]
        projector(self, large)
        self.new_game()

    def new_game(self) -> _Game:
        """Forget the answers and start again."""
        self.history: list[tuple[Code, Answer]] = []
        self.left = np.arange(len(self.game.codes))
        return self

    def _answered(self, guess: Code, answer: Answer) -> None:
        """Keep *answer* to *guess*, and only the codes that give it."""
        self.history.append((guess, answer))
        row = self.game.table[self.game.numbers[guess]]
        self.left = self.left[row[self.left] == self.game.answer_number(answer)]

    def _show(self) -> None:
        show_svg(self.picture, self._static_svg())

    def _board(
        self, title: str, secret: CodeInput | None = None, asking: CodeInput | None = None
    ) -> bytes:
        """The board, at least :data:`ROWS` rows high (the picture does not jump every guess)."""
        rows = max(ROWS, len(self.history) + 1)
        height = 0.46 * (rows + (secret is not None)) + 0.8
        figure = offscreen_figure((4.6 + 0.27 * self.game.positions, height), dpi=90)
        ax = figure.add_axes((0.02, 0.02, 0.96, 0.96 - 0.6 / height))
        draw_mastermind(
            self.game, self.history, ax, rows=rows, title=title, secret=secret, asking=asking
        )
        return figure_svg(figure, tight=False)


class ComputerGuesses(_Game):
    """Think of a code; the computer guesses it from your bulls and cows. *strategy* picks
    the guess; ``guess`` is the code asked now (None once over), ``left`` the codes left.

    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> play = ComputerGuesses(bulls_and_cows())
    >>> play.guess
    (0, 1, 2, 3)
    >>> play.answer(0, 2).guess, len(play.left)
    ((1, 0, 4, 5), 1260)
    """

    def __init__(
        self,
        game: Mastermind | None = None,
        strategy: str | Strategy = "consistent",
        large: bool | None = None,
    ) -> None:
        super().__init__(game)
        self.strategy_name, self.choose = strategy_of(strategy)
        p = self.game.positions
        self.bulls = widgets.BoundedIntText(0, min=0, max=p, description="bulls",
                                            layout={"width": "9em"})  # fmt: skip
        self.cows = widgets.BoundedIntText(0, min=0, max=p, description="cows",
                                           layout={"width": "9em"})  # fmt: skip
        self.answer_button = widgets.Button(description="Answer", button_style="primary")
        self.answer_button.on_click(lambda _: self.answer(self.bulls.value, self.cows.value))
        self.question = widgets.HTML()
        controls = widgets.HBox([self.bulls, self.cows, self.answer_button, self.new_button])
        self._start([self.question, controls], large)

    def new_game(self) -> ComputerGuesses:
        """Forget every answer and ask the first question again."""
        super().new_game()
        self.guess = self._next_guess()
        self.status.value = f"Think of a code: {self.game.code_rule}. Then answer my guess."
        self._show()
        return self

    def answer(self, bulls: int, cows: int) -> ComputerGuesses:
        """Take *bulls* and *cows* as the answer to the current guess, and guess again."""
        if self.guess is None:
            self.status.value = "The game is over: click New game to play again."
            return self
        try:
            answer = self.game.check_answer((bulls, cows))
        except PuzzleError as error:
            self.status.value = f"Not a possible answer: {error}."
            return self
        self._answered(self.guess, answer)
        if answer == self.game.win:
            count = len(self.history)
            self.status.value = f"Found your code in {count} question{'s' * (count > 1)}."
            self.left, self.guess = np.array([self.game.numbers[self.guess]]), None
        else:
            buttons = [self.answer_button, self.new_button]
            with working(self.status, buttons, f"Choosing a question ({self.strategy_name})..."):
                self.guess = self._next_guess()
            self.status.value = (
                f"{_codes(len(self.left))} still consistent with your answers."
                if len(self.left)
                else "Your answers contradict each other: no code gives all of them. Check each "
                "answer against your secret, or click New game."
            )
        self._show()
        return self

    def _next_guess(self) -> Code | None:
        if len(self.left) == 0:
            return None
        return self.game.codes[int(self.choose(self.game, self.left))]

    def _show(self) -> None:
        if self.guess is not None:
            number, code = len(self.history) + 1, self.game.format(self.guess)
            self.question.value = f"Question {number}: is it <b>{code}</b>?"
        else:
            self.question.value = (
                "<b>No code is left.</b>" if len(self.left) == 0 else "<b>Found it!</b>"
            )
        self.answer_button.disabled = self.guess is None
        super()._show()

    def _static_svg(self) -> bytes:
        title = f"{self.strategy_name}: {_codes(len(self.left))} consistent"
        if self.guess is not None:
            title += f"\nasking {self.game.format(self.guess)}"
        return self._board(title, asking=self.guess)


class YouGuess(_Game):
    """Find the computer's secret code: type a guess, get its bulls and cows. *seed* makes
    the secret repeatable (each New game takes the next seed).

    >>> from puzzlelab.puzzles.mastermind import bulls_and_cows
    >>> play = YouGuess(bulls_and_cows(), seed=1)
    >>> play.guess("0 1 2 3").history[-1][0], len(play.history)
    ((0, 1, 2, 3), 1)
    >>> play.guess("1 1 2 3").status.value
    'Not a code: code 1 1 2 3 repeats 1, but in this game the 4 symbols of a code are all ...'
    """

    def __init__(
        self, game: Mastermind | None = None, seed: int | None = None, large: bool | None = None
    ) -> None:
        super().__init__(game)
        self.seed, self.games = seed, 0
        # The value reaches the kernel on Enter (or when the box loses focus), not per key.
        self.entry = widgets.Text(placeholder=self.game.format(self.game.codes[0]),
                                  description="guess", layout={"width": "15em"},
                                  continuous_update=False)  # fmt: skip
        self.sent: str | None = None  # the text last guessed from the box
        self.guess_button = widgets.Button(description="Guess", button_style="primary")
        self.count_box = widgets.Checkbox(False, description="count consistent codes",
                                          indent=False)  # fmt: skip
        self.reveal_button = widgets.Button(description="Give up", icon="eye")
        self.entry.observe(lambda change: self._guess_typed(change["new"]), "value")
        self.guess_button.on_click(lambda _: self._guess_typed(self.entry.value))
        self.count_box.observe(lambda _: self._show(), "value")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.info = widgets.HTML()
        controls = widgets.HBox([self.entry, self.guess_button, self.reveal_button,
                                 self.new_button])  # fmt: skip
        self._start([controls, self.count_box, self.info], large)

    def new_game(self) -> YouGuess:
        """Draw a new secret (the next seed, if a seed was given) and clear the board."""
        super().new_game()
        self.secret = self.game.random_secret(None if self.seed is None else self.seed + self.games)
        self.games += 1
        self.revealed, self.sent = False, None
        self.status.value = f"I have a secret: {self.game.code_rule}. Type a guess."
        self._show()
        return self

    def _guess_typed(self, text: str) -> None:
        # Once: a click right after typing sends it twice (the box's value, then the click).
        if text.strip() and text != self.sent:
            self.sent = text
            self.guess(text)

    @property
    def finished(self) -> bool:
        """Whether the secret was found or shown."""
        return self.revealed or bool(self.history and self.history[-1][1] == self.game.win)

    def guess(self, code: CodeInput) -> YouGuess:
        """Ask *code* (text such as ``"0 1 2 3"`` or a tuple) and show its bulls and cows."""
        if self.finished:
            self.status.value = "The game is over: click New game to play again."
            return self
        try:
            code = self.game.check_code(code)
        except PuzzleError as error:
            self.status.value = f"Not a code: {error}."
            return self
        answer = answer_of(code, self.secret)
        self._answered(code, answer)
        count = len(self.history)
        if answer == self.game.win:
            self.status.value = f"You found it in {count} question{'s' * (count > 1)}!"
        else:
            self.status.value = f"{self.game.format(code)}: {answer[0]} bulls, {answer[1]} cows."
        self.entry.value = ""
        self._show()
        return self

    def reveal(self) -> YouGuess:
        """Show the secret and end the game."""
        self.revealed = True
        self.status.value = f"The secret was {self.game.format(self.secret)}."
        self._show()
        return self

    def _show(self) -> None:
        over = self.finished
        self.guess_button.disabled = self.reveal_button.disabled = over
        if self.count_box.value or over:
            self.info.value = f"{_codes(len(self.left))} still consistent with the answers."
        else:
            self.info.value = "Tick the box to see how many codes are still consistent."
        super()._show()

    def _static_svg(self) -> bytes:
        title = f"your guesses: {len(self.history)}"
        if self.count_box.value or self.finished:
            title += f", {_codes(len(self.left))} consistent"
        secret = self.secret if self.finished else None
        return self._board(title, secret=secret)
