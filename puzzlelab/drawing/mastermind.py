"""Pictures of Mastermind: the board of a game, and how many questions strategies need."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.patches import Circle, Rectangle

from ..puzzles.mastermind import Answer, Code, CodeInput, History, Mastermind
from ..search.problem import Action
from ..solvers.mastermind import Evaluation
from .boards import draw_board, finish_board, step_label
from .figures import SMALLEST_FONT, new_axes, points_per_unit

#: Peg colours by symbol: the first six are classic Mastermind's.
PEG_COLOURS = (
    "#e53935",  # red
    "#43a047",  # green
    "#1e88e5",  # blue
    "#fdd835",  # yellow
    "#fb8c00",  # orange
    "#8e24aa",  # purple
    "#6d4c41",  # brown
    "#00acc1",  # cyan
    "#ec407a",  # pink
    "#9e9e9e",  # grey
    "#c0ca33",  # lime
    "#3949ab",  # indigo
)
DARK_TEXT_ON = {"#fdd835", "#c0ca33", "#9e9e9e", "#fb8c00", "#00acc1"}
BOARD = "#d7c4a3"
HOLE = "#b7a07a"
BULL = "#111111"
COW = "#ffffff"
EDGE = "#4a4a4a"
#: One colour per strategy in :func:`draw_questions`.
BAR_COLOURS = ("#fd8d3c", "#6baed6", "#74c476", "#9e9ac8", "#fdd835", "#969696")


@draw_board.register(Mastermind)
def draw_mastermind(
    game: Mastermind,
    state: History | None = None,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    secret: CodeInput | None = None,
    rows: int | None = None,
    asking: CodeInput | None = None,
    **_: object,
) -> Axes:
    """Draw the guesses of *state* (``(guess, (bulls, cows))`` pairs) a row each, at least *rows*
    rows; *secret* as a last row under a line, *asking* (not answered yet) with "?". There is no
    example here; ``tests/test_mastermind.py`` runs it."""
    history = game.check_history(state or [])
    p = game.positions
    asked = len(history) + (asking is not None)
    shown = max(asked, rows or 0, 1) + (secret is not None)
    width = p + 1.2 + 0.5 * _answer_columns(game) + 1.6  # the answer's small pegs in two lines
    ax = new_axes(ax, (0.45 * width + 0.3, 0.45 * shown + 0.5))
    font = max(SMALLEST_FONT, min(11.0, 0.36 * points_per_unit(ax, width + 0.2, shown + 0.2)))
    ax.add_patch(Rectangle((-0.1, -shown), width, shown, facecolor=BOARD, edgecolor=EDGE,
                           lw=1.0, gid="board"))  # fmt: skip
    for row in range(shown - (secret is not None)):
        y = -row - 0.5
        ax.text(0.35, y, str(row + 1), ha="center", va="center", fontsize=font, color=EDGE)
        if row < len(history):
            guess, answer = history[row]
            _draw_code(ax, guess, y, font)
            _draw_answer(ax, game, answer, p + 1.2, y, font)
        elif row == len(history) and asking is not None:
            _draw_code(ax, game.check_code(asking), y, font)
            ax.text(p + 1.2, y, "?", ha="left", va="center", fontsize=font, weight="bold")
        else:
            for position in range(p):
                ax.add_patch(Circle((1.2 + position, y), 0.12, color=HOLE, gid="empty"))
    if secret is not None:
        secret = game.check_code(secret)
        ax.plot([-0.1, width - 0.1], [1 - shown, 1 - shown], color=EDGE, lw=1.5)
        ax.text(0.35, 0.5 - shown, "?", ha="center", va="center", fontsize=font, weight="bold")
        _draw_code(ax, secret, 0.5 - shown, font, gid="secret")
    return finish_board(ax, game, history, (-0.2, width), (-shown - 0.1, 0.1), title)


def _draw_code(ax: Axes, code: Code, y: float, font: float, gid: str = "peg") -> None:
    for position, symbol in enumerate(code):
        colour = PEG_COLOURS[symbol % len(PEG_COLOURS)]
        ax.add_patch(Circle((1.2 + position, y), 0.36, facecolor=colour, edgecolor=EDGE,
                            lw=0.8, gid=gid))  # fmt: skip
        ink = "black" if colour in DARK_TEXT_ON else "white"
        ax.text(1.2 + position, y, str(symbol), ha="center", va="center", fontsize=font,
                color=ink, weight="bold")  # fmt: skip


def _answer_columns(game: Mastermind) -> int:
    """How many columns an answer's small pegs take: they stand in two lines."""
    return (game.positions + 1) // 2


def _draw_answer(
    ax: Axes, game: Mastermind, answer: Answer, x: float, y: float, font: float
) -> None:
    bulls, cows = answer
    kinds = ["bull"] * bulls + ["cow"] * cows + ["hole"] * (game.positions - bulls - cows)
    columns = _answer_columns(game)
    for place, kind in enumerate(kinds):
        column, line = place % columns, place // columns
        centre = (x + 0.5 * column, y + 0.17 - 0.34 * line)
        colour = {"bull": BULL, "cow": COW, "hole": HOLE}[kind]
        ax.add_patch(Circle(centre, 0.13, facecolor=colour, edgecolor=EDGE,
                            lw=0.5 if kind != "hole" else 0, gid=kind))  # fmt: skip
    ax.text(x + 0.5 * columns + 0.1, y, f"{bulls}B {cows}C", ha="left", va="center",
            fontsize=font)  # fmt: skip


@step_label.register(Mastermind)
def _(
    game: Mastermind,
    before: Sequence[tuple[Code, Answer]],
    action: Action,
    after: Sequence[tuple[Code, Answer]],
) -> str:
    guess, (bulls, cows) = after[-1]
    return f"{game.format(guess)}: {bulls}B {cows}C"


def draw_questions(
    evaluations: Evaluation | Sequence[Evaluation],
    ax: Axes | None = None,
    *,
    title: str | None = None,
) -> Axes:
    """Draw how many secrets need each number of questions, a bar per evaluation.

    >>> from puzzlelab.drawing import offscreen_figure
    >>> from puzzlelab.puzzles.mastermind import classic_mastermind
    >>> from puzzlelab.solvers.mastermind import evaluate
    >>> runs = [evaluate(classic_mastermind(), s) for s in ("consistent", "minimax")]
    >>> ax = draw_questions(runs, ax=offscreen_figure((6, 3)).add_subplot())
    >>> len(ax.patches), ax.get_legend().get_texts()[1].get_text()
    (14, 'minimax: 4.476 on average, 5 at most')
    """
    runs = [evaluations] if isinstance(evaluations, Evaluation) else list(evaluations)
    if not runs:
        raise ValueError("nothing to draw: give at least one evaluation")
    ax = new_axes(ax, (7, 3.2))
    width = 0.8 / len(runs)
    for k, run in enumerate(runs):
        histogram = run.histogram
        xs = [q - 0.4 + width * (k + 0.5) for q in histogram]
        label = f"{run.algorithm}: {run.average:.3f} on average, {run.worst} at most"
        bars = ax.bar(xs, list(histogram.values()), width=width * 0.95, label=label,
                      color=BAR_COLOURS[k % len(BAR_COLOURS)], edgecolor=EDGE, lw=0.5)  # fmt: skip
        if len(runs) == 1:
            ax.bar_label(bars, fontsize=9, padding=1)
    most = max(run.worst for run in runs)
    ax.set_xticks(range(1, most + 1))
    ax.set_xlabel("questions, the correct guess included")
    ax.set_ylabel("secrets")
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=9, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    game = runs[0].game
    plainly = "" if game is None else f" over all {len(game.codes):,} codes"
    ax.set_title(title or f"Questions per secret{plainly}", fontsize=10)
    return ax
