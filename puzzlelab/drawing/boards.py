"""The drawing layer: one ``draw_board`` that every puzzle plugs its own picture into.

``draw_board`` dispatches on the puzzle's type. A new puzzle registers its picture
in its own module, and everything built on ``draw_board`` (solution strips,
players, search-tree nodes) works for it unchanged::

    @draw_board.register(MyPuzzle)
    def _(puzzle, state=None, ax=None, **options):
        ...
        return ax

For a puzzle of puzzlelab's own (a model in ``puzzlelab/puzzles/NAME.py``) the
module ``puzzlelab/drawing/NAME.py`` is imported the first time one of its boards
is drawn, so its registrations need no import line anywhere else. The same goes
for :func:`step_label`, :func:`step_detail` and :func:`step_highlight`.

Pictures for widgets are rendered offscreen (a bare ``Figure`` on the Agg
canvas), so they never pile up in a notebook: :func:`board_png` and :func:`board_svg`.
:func:`draw_path` draws a solution as a strip of boards. The helpers every picture shares
(axes, figure sizes, saving) are in :mod:`~puzzlelab.drawing.figures`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import singledispatch
from typing import Any, Protocol

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..results import SearchResult
from ..search.problem import Action, HeuristicChoice, Searchable, State
from .figures import every_kth_step, figure_of, figure_png, figure_svg, offscreen_figure, ordinal


class Registry(Protocol):
    """A ``singledispatch`` function, such as :func:`draw_board`: it finds a function per type.

    Its ``dispatch(cls)`` returns the function registered for *cls* (or for the nearest
    class it derives from), and the default function if none is.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> picture_module_loaded(SlidingPuzzle(shape=(2, 2)), draw_board)
    True
    >>> draw_board.dispatch(SlidingPuzzle).__module__
    'puzzlelab.drawing.sliding'
    >>> draw_board.dispatch(object).__module__
    'puzzlelab.drawing.boards'
    """

    def dispatch(self, cls: type) -> Callable[..., object]: ...


def picture_module_loaded(puzzle: object, drawer: Registry) -> bool:
    """Import the drawing module named like *puzzle*'s model; return whether *drawer* now has it.

    puzzlelab's puzzles live in ``puzzlelab/puzzles/NAME.py`` and their pictures in
    ``puzzlelab/drawing/NAME.py``; importing that module registers them.

    Parameters
    ----------
    puzzle : puzzle
        Any puzzle; only puzzlelab's own have a drawing module to load.
    drawer : Registry
        The ``singledispatch`` function asked for, such as :func:`draw_board`.

    Returns
    -------
    bool
        Whether *drawer* now has a function of its own for *puzzle*'s type.

    Raises
    ------
    ModuleNotFoundError
        If the drawing module is there but imports a module that is not.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> picture_module_loaded(SlidingPuzzle(shape=(2, 2)), step_label)
    True
    >>> class Coin:  # a puzzle of the reader's own: no drawing module to load
    ...     pass
    >>> picture_module_loaded(Coin(), draw_board)
    False
    """
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
    """Draw *state* (default: the puzzle's start) of *puzzle* on *ax*; return the axes.

    Each puzzle registers its own picture (``@draw_board.register(MyPuzzle)``); for
    puzzlelab's puzzles it is loaded the first time one is drawn.

    Parameters
    ----------
    puzzle : puzzle
        A puzzle with a registered picture.
    state : state, optional
        The state to draw; the puzzle's start by default.
    ax : Axes, optional
        Where to draw. Without it, a new figure is made (shown inline in a notebook).
    **options
        The puzzle's own: most take ``title``, and ``heuristic`` to caption the board
        with its value, and ``highlight`` (see :func:`step_highlight`).

    Returns
    -------
    Axes
        The axes drawn on.

    Raises
    ------
    TypeError
        If no picture is registered for *puzzle*'s type.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> ax = draw_board(puzzle, ax=offscreen_figure().add_subplot(), heuristic="manhattan")
    >>> ax.get_title(), [text.get_text() for text in ax.texts]
    ('manhattan = 2', ['1', '2', '3', '4', '6', '7', '5', '8'])
    >>> draw_board(object())
    Traceback (most recent call last):
    ...
    TypeError: puzzlelab has no picture for object; register one with
    @draw_board.register(YourPuzzle)
    """
    if picture_module_loaded(puzzle, draw_board):
        return draw_board(puzzle, state, ax, **options)
    raise TypeError(
        f"puzzlelab has no picture for {type(puzzle).__name__}; "
        "register one with @draw_board.register(YourPuzzle)"
    )


@singledispatch
def step_label(puzzle: object, before: State, action: Action, after: State) -> str:
    """Return a short caption for one step of a solution (default: the action).

    A puzzle registers its own (``@step_label.register(MyPuzzle)``); players and
    :func:`draw_path` caption each board with it.

    Parameters
    ----------
    puzzle : puzzle
        The puzzle the step is of.
    before, after : state
        The states before and after the step.
    action : action
        The action that led from *before* to *after*.

    Returns
    -------
    str
        The caption: the sliding puzzles name the tile that slid.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> step_label(puzzle, puzzle.start, "up", puzzle.result(puzzle.start, "up"))
    'slide 2'
    >>> class Coin:  # a puzzle that registered no caption of its own
    ...     pass
    >>> step_label(Coin(), "heads", "flip", "tails")
    'flip'
    """
    if picture_module_loaded(puzzle, step_label):
        return step_label(puzzle, before, action, after)
    return str(action)


@singledispatch
def step_detail(puzzle: object, action: Action) -> str:
    """Return the action in words, shown in grey after a step's caption (default: the action).

    Parameters
    ----------
    puzzle : puzzle
        The puzzle the action is of.
    action : action
        The action to put in words.

    Returns
    -------
    str
        The action in words: the sliding puzzles say which way the blank moved.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> step_detail(SlidingPuzzle(shape=(3, 3)), "up")
    'the blank moves up'
    >>> class Coin:  # a puzzle that registered no words of its own
    ...     pass
    >>> step_detail(Coin(), "flip")
    'action: flip'
    """
    if picture_module_loaded(puzzle, step_detail):
        return step_detail(puzzle, action)
    return f"action: {action}"


@singledispatch
def step_highlight(
    puzzle: object, before: State, action: Action, after: State
) -> tuple[object, ...]:
    """Return what to highlight on the board after one step (default: nothing).

    A puzzle registers its own, and players pass it to :func:`draw_board` as
    ``highlight``: the sliding puzzles mark the tile that slid, peg solitaire the
    path of the jumping peg.

    Parameters
    ----------
    puzzle : puzzle
        The puzzle the step is of.
    before, after : state
        The states before and after the step.
    action : action
        The action that led from *before* to *after*.

    Returns
    -------
    tuple
        What to highlight, in the puzzle's own terms (tiles, holes, squares); empty for
        nothing.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> step_highlight(puzzle, puzzle.start, "up", puzzle.result(puzzle.start, "up"))
    (2,)
    """
    if picture_module_loaded(puzzle, step_highlight):
        return step_highlight(puzzle, before, action, after)
    return ()


@singledispatch
def board_size(puzzle: object) -> float:
    """Return how many inches wide a board of *puzzle* is drawn alone (players, replays).

    Large enough for its labels at the smallest font (default 2.2); a puzzle with
    many cells registers its own.

    Parameters
    ----------
    puzzle : puzzle
        The puzzle whose boards are drawn.

    Returns
    -------
    float
        The width in inches.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> board_size(SlidingPuzzle(shape=(3, 3))), board_size(SlidingPuzzle(shape=(4, 4)))
    (2.2, 2.5)
    """
    if picture_module_loaded(puzzle, board_size):
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
    """Caption a drawn board and frame it: equal scales, no axes; return *ax*.

    Parameters
    ----------
    ax : Axes
        The axes the board is drawn on.
    puzzle : puzzle
        The puzzle, whose ``heuristics`` a heuristic's name is looked up in.
    state : state
        The state drawn, whose heuristic value the caption gives.
    xlim, ylim : (float, float)
        The drawing's extent, in its own units.
    title : str, optional
        The caption's first line.
    heuristic : str or callable, optional
        A name from ``puzzle.heuristics`` or a function of the state; the caption
        adds ``name = value``.

    Returns
    -------
    Axes
        *ax*.

    Examples
    --------
    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> ax = offscreen_figure().add_subplot()
    >>> ax = finish_board(ax, puzzle, puzzle.start, (0, 3), (0, 3), "start", "manhattan")
    >>> ax.get_title(), ax.axison
    ('start\\nmanhattan = 2', False)
    """
    caption = [title] if title else []
    if heuristic is not None:
        h = puzzle.heuristics[heuristic] if isinstance(heuristic, str) else heuristic
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
    """Return a PNG picture of one board (for search-tree nodes and static pages).

    The picture is *size* inches wide at *dpi* dots per inch; *options* go to
    :func:`draw_board`. One offscreen axes per size is reused and emptied after
    each picture, which halves the time per board.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> board_png(SlidingPuzzle(shape=(3, 3)))[:4]
    b'\\x89PNG'
    """
    return _board_picture(puzzle, state, size, dpi, figure_png, options)


def board_svg(puzzle: object, state: State = None, size: float = 2.0, **options: Any) -> bytes:
    """Return an SVG picture of one board, *size* inches wide (for players and replays).

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
        return save(figure_of(ax), tight=False)
    finally:
        _empty(ax)
        _CANVASES[key] = ax


def _empty(ax: Axes) -> None:
    """Remove what a board drawer put on *ax*, leaving it as new for the next board."""
    for artist in [*ax.patches, *ax.texts, *ax.lines, *ax.collections, *ax.images, *ax.tables]:
        artist.remove()
    for where in ("left", "center", "right"):
        ax.set_title("", loc=where)
    ax.set_xlabel("")
    ax.set_ylabel("")
    ax.relim()
    ax.set_autoscale_on(True)
    ax.axis("on")
    ax.set_aspect("auto")


def draw_path(
    puzzle: object,
    path: SearchResult | Sequence[State],
    actions: Sequence[Action] | None = None,
    max_boards: int = 12,
    columns: int = 6,
    size: float = 1.6,
    **options: Any,
) -> Figure:
    """Draw a solution *path* as a strip of boards, wrapping after *columns*.

    *path* is a list of states or a search result (its ``path`` and ``actions`` are
    used). Each board is captioned with its step number and the move that led to it.
    A path longer than *max_boards* shows every k-th step (and the last one), and
    the figure's title says so. Returns the figure; each board has its own axes.
    Extra *options* go to :func:`draw_board` (e.g. ``heuristic="manhattan"``).

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> from puzzlelab.search import bfs
    >>> puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    >>> figure = draw_path(puzzle, bfs(puzzle))
    >>> len(figure.axes), figure.axes[1].get_title()
    (3, '1: slide 5')
    """
    if isinstance(path, SearchResult):
        actions = path.actions if actions is None else actions
        path = path.path
    path = list(path)
    if not path:
        raise ValueError("nothing to draw: the path is empty (did the search find a solution?)")
    shown, k = every_kth_step(len(path), max(2, max_boards))
    columns = max(1, min(columns, len(shown)))
    rows = -(-len(shown) // columns)
    figure = offscreen_figure((size * columns, (size + 0.35) * rows + (0.3 if k > 1 else 0)))
    for place, step in enumerate(shown):
        ax = figure.add_subplot(rows, columns, place + 1)
        caption = "start" if step == 0 else f"{step}"
        if step:
            action = None if actions is None else actions[step - 1]
            caption += f": {step_label(puzzle, path[step - 1], action, path[step])}"
        draw_board(puzzle, path[step], ax, title=caption, **options)
    if k > 1:
        figure.suptitle(
            f"{len(path) - 1} moves: every {ordinal(k)} step shown, and the last", fontsize=11
        )
    return figure
