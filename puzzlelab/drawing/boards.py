"""``draw_board``, which each ``drawing/NAME.py`` registers its puzzle's picture with, and
what is built on it: board pictures, solution strips, step captions."""

from __future__ import annotations

import importlib
import reprlib
from collections.abc import Callable, Iterable, Sequence
from functools import singledispatch
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..results import SearchResult
from ..search.problem import Action, HeuristicChoice, Searchable, State, as_problem
from .figures import every_kth_step, figure_png, figure_svg, offscreen_figure


def _picture_module_loaded(puzzle: object, drawer: Any) -> bool:
    """Import ``drawing/NAME.py`` for *puzzle*; return whether *drawer* now knows its type."""
    package, _, name = type(puzzle).__module__.rpartition(".")
    if package != "puzzlelab.puzzles":
        return False
    try:
        importlib.import_module(f"{__package__}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{__package__}.{name}":
            raise
        return False
    return drawer.dispatch(type(puzzle)) is not drawer.dispatch(object)


@singledispatch
def draw_board(puzzle: object, state: State = None, ax: Axes | None = None, **options: Any) -> Axes:
    """Draw *state* (default: the start) of *puzzle* on *ax*; return the axes. Most pictures
    take ``title``, ``heuristic`` (its value in the caption) and ``highlight``.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> ax = draw_board(puzzle, ax=offscreen_figure().add_subplot(), heuristic="manhattan")
    >>> ax.get_title(), [text.get_text() for text in ax.texts]
    ('manhattan = 2', ['1', '2', '3', '4', '6', '7', '5', '8'])

    A puzzle with no picture is drawn as text (its ``render(state)``, or the state).
    """
    if _picture_module_loaded(puzzle, draw_board):
        return draw_board(puzzle, state, ax, **options)
    return _draw_as_text(puzzle, state, ax, options.get("title"))


def _draw_as_text(puzzle: object, state: State, ax: Axes | None, title: str | None) -> Axes:
    state = getattr(puzzle, "start", None) if state is None else state
    render = getattr(puzzle, "render", None)
    text = render(state) if callable(render) else reprlib.repr(state)
    ax = offscreen_figure((2.2, 2.2)).add_subplot() if ax is None else ax
    ax.text(0.5, 0.55, text, ha="center", va="center", family="monospace", fontsize=11)
    name = type(puzzle).__name__
    ax.text(0.5, 0.02, f"no picture for {name}: register one with @draw_board.register({name})",
            ha="center", va="bottom", fontsize=6, color="#666", wrap=True)  # fmt: skip
    if title:
        ax.set_title(title, fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.axis("off")
    return ax


@singledispatch
def step_label(puzzle: object, before: State, action: Action, after: State) -> str:
    """Return a short caption for the step *before* -*action*-> *after* (default: the action).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> step_label(puzzle, puzzle.start, "up", puzzle.result(puzzle.start, "up"))
    'slide 2'
    """
    if _picture_module_loaded(puzzle, step_label):
        return step_label(puzzle, before, action, after)
    return str(action)


@singledispatch
def step_detail(puzzle: object, action: Action) -> str:
    """Return *action* in words, shown in grey after a step's caption.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> step_detail(SlidingPuzzle(shape=(3, 3)), "up")
    'the blank moves up'
    """
    if _picture_module_loaded(puzzle, step_detail):
        return step_detail(puzzle, action)
    return f"action: {action}"


@singledispatch
def step_highlight(
    puzzle: object, before: State, action: Action, after: State
) -> tuple[object, ...]:
    """Return what to highlight (``draw_board``'s *highlight*) after one step (default: nothing).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> step_highlight(puzzle, puzzle.start, "up", puzzle.result(puzzle.start, "up"))
    (2,)
    """
    if _picture_module_loaded(puzzle, step_highlight):
        return step_highlight(puzzle, before, action, after)
    return ()


@singledispatch
def board_size(puzzle: object) -> float:
    """Return how many inches wide a board of *puzzle* is drawn alone (default 2.2).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> board_size(SlidingPuzzle(shape=(3, 3))), board_size(SlidingPuzzle(shape=(4, 4)))
    (2.2, 2.5)
    """
    if _picture_module_loaded(puzzle, board_size):
        return board_size(puzzle)
    return 2.2


def finish_board(
    ax: Axes,
    puzzle: Searchable,
    state: State,
    xlim: tuple[float, float],
    ylim: tuple[float, float],
    title: str | None = None,
    heuristic: HeuristicChoice = None,
) -> Axes:
    """Caption a drawn board (*title*, and *heuristic*'s value) and frame it. There is no example
    here; ``tests/test_drawing.py`` runs it."""
    caption = [str(title)] if title else []
    if heuristic is not None:
        h = as_problem(puzzle, heuristic).heuristic  # a name it lacks: one line saying which
        name = heuristic if isinstance(heuristic, str) else "h"
        caption.append(f"{name} = {h(state)}")
    if caption:
        ax.set_title("\n".join(caption), fontsize=9)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


# (size, dpi) -> axes reused for board pictures (making axes is slow)
_CANVASES: dict[tuple[float, float], Axes] = {}


def board_png(
    puzzle: object, state: State = None, size: float = 2.0, dpi: float = 80, **options: Any
) -> bytes:
    """Return a PNG picture of one board, *size* inches wide.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> board_png(SlidingPuzzle(shape=(3, 3)))[:4]
    b'\\x89PNG'
    """
    return _board_picture(puzzle, state, size, dpi, figure_png, options)


def board_svg(puzzle: object, state: State = None, size: float = 2.0, **options: Any) -> bytes:
    """Return an SVG picture of one board, *size* inches wide.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> b"<svg" in board_svg(SlidingPuzzle(shape=(3, 3)))
    True
    """
    return _board_picture(puzzle, state, size, 72, figure_svg, options)


def _board_picture(
    puzzle: object,
    state: State,
    size: float,
    dpi: float,
    save: Callable[..., bytes],
    options: dict[str, Any],
) -> bytes:
    key = (size, dpi)
    if key not in _CANVASES:
        figure = offscreen_figure((size, size * 1.18), dpi)
        # The axes fill the picture (room on top for a title): one drawing pass is enough.
        _CANVASES[key] = figure.add_axes((0.03, 0.02, 0.94, 0.8))
    ax = _CANVASES.pop(key)  # taken while in use, so a nested call gets its own
    try:
        draw_board(puzzle, state, ax, **options)
        return save(ax.figure.figure, tight=False)
    finally:  # emptied for the next picture
        for artist in [*ax.patches, *ax.texts, *ax.lines, *ax.collections, *ax.images, *ax.tables]:
            artist.remove()
        for where in ("left", "center", "right"):
            ax.set_title("", loc=where)
        ax.set(xlabel="", ylabel="", aspect="auto")
        ax.relim()
        ax.set_autoscale_on(True)
        ax.axis("on")
        _CANVASES[key] = ax


def draw_path(
    puzzle: object,
    path: SearchResult | Sequence[State],
    actions: Sequence[Action] | None = None,
    max_boards: int = 12,
    columns: int = 6,
    size: float = 1.6,
    **options: Any,
) -> Figure:
    """Draw a solution *path* (states, or a search result) as captioned boards, *columns* to a
    row; over *max_boards*, every k-th step and the last.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> figure = draw_path(puzzle, bfs(puzzle))
    >>> len(figure.axes), figure.axes[1].get_title()
    (3, '1: slide 5')
    """
    path, actions = replayed(puzzle, path, actions)
    shown, k = every_kth_step(len(path), max(2, max_boards))
    columns = max(1, min(columns, len(shown)))
    rows = -(-len(shown) // columns)
    figure = offscreen_figure((size * columns, (size + 0.35) * rows + (0.3 if k > 1 else 0)))
    for place, step in enumerate(shown):
        ax = figure.add_subplot(rows, columns, place + 1)
        caption = "start" if step == 0 else f"{step}"
        if step:
            caption += f": {step_label(puzzle, path[step - 1], actions[step - 1], path[step])}"
        draw_board(puzzle, path[step], ax, title=caption, **options)
    if k > 1:
        nth = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
        title = f"{len(path) - 1} moves: every {k}{nth} step shown, and the last"
        figure.suptitle(title, fontsize=11)
    return figure


def replayed(
    puzzle: object,
    solution: SearchResult | Sequence[State],
    actions: Sequence[Action] | None = None,
) -> tuple[list[State], list[Action]]:
    """Return the states of *solution* (a search result or states) and the actions between
    them, each step checked to be a move of *puzzle*.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> replayed(puzzle, [puzzle.start, puzzle.result(puzzle.start, "down")])[1]
    ['down']
    """
    if isinstance(solution, SearchResult):
        if not solution.path:
            raise ValueError(f"nothing to show: the search found no path ({solution.summary()})")
        actions = solution.actions if actions is None else actions
        solution = solution.path
    if isinstance(solution, str | bytes) or not isinstance(solution, Iterable):
        kind = type(solution).__name__
        raise ValueError(f"a path is a search result or a list of states, not {kind}")
    path = list(solution)
    if not path:
        raise ValueError("nothing to show: the path is empty")
    steps = list(enumerate(zip(path, path[1:]), 1))
    if not callable(getattr(puzzle, "successors", None)):  # a picture only: nothing to replay
        return path, [None] * len(steps) if actions is None else list(actions)
    moves = [_move_between(puzzle, before, after, k) for k, (before, after) in steps]
    return path, moves if actions is None else list(actions)


_SHORT = reprlib.Repr()  # states as a message shows them: a 5x5 board whole, not more
_SHORT.maxtuple = _SHORT.maxlist = 25


def _move_between(puzzle: object, before: State, after: State, step: int) -> Action:
    try:
        for action, state, _ in puzzle.successors(before):  # type: ignore[attr-defined]
            if state == after:
                return action
    except Exception:  # a state the puzzle cannot read: said below
        pass
    raise ValueError(
        f"step {step} of the path, from {_SHORT.repr(before)} to {_SHORT.repr(after)}, "
        f"is not one move of this {type(puzzle).__name__}"
    )
