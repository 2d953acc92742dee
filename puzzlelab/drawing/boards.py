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
canvas), so they never pile up in a notebook.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable, Sequence
from functools import singledispatch
from typing import TYPE_CHECKING, Any, Protocol

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..results import SearchResult
from ..search.problem import Action, HeuristicChoice, Searchable, State

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

#: A size in inches, ``(width, height)``.
Inches = tuple[float, float]


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


def new_axes(ax: Axes | None = None, size: Inches = (2.4, 2.4)) -> Axes:
    """Return *ax*, or fresh axes on a new pyplot figure of *size* inches.

    Drawing functions call it, so that without axes of the caller's they draw a figure
    of their own, which a notebook shows.

    Parameters
    ----------
    ax : Axes, optional
        The axes to draw on, returned as they are.
    size : (float, float)
        The new figure's width and height in inches.

    Returns
    -------
    Axes
        *ax*, or the new figure's axes.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> ax = new_axes(size=(3, 2))
    >>> ax.figure.get_size_inches().tolist()
    [3.0, 2.0]
    >>> plt.close(ax.figure)
    >>> mine = offscreen_figure().add_subplot()
    >>> new_axes(mine) is mine
    True
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


#: The smallest text puzzlelab draws, in points: 12 CSS pixels in a picture shown at its
#: own size (see :mod:`puzzlelab.drawing.style`).
SMALLEST_FONT = 9


def figure_of(ax: Axes) -> Figure:
    """Return the figure *ax* is drawn on (the whole figure, also for axes in a subfigure).

    Parameters
    ----------
    ax : Axes
        Axes on a figure or on one of its subfigures.

    Returns
    -------
    Figure
        The whole figure: the one that is saved or shown.

    Examples
    --------
    >>> figure = offscreen_figure()
    >>> ax = figure.subfigures(1, 2)[0].add_subplot()
    >>> figure_of(ax) is figure, ax.figure is figure
    (True, False)
    """
    return ax.figure.figure


def points_per_unit(ax: Axes, width: float, height: float) -> float:
    """Return how many points one unit of a *width* x *height* drawing is on *ax* (equal scales).

    Drawers size their text and pegs with it, so that they fit a board of any size.

    Parameters
    ----------
    ax : Axes
        The axes the drawing is on.
    width, height : float
        The drawing's size, in its own units (squares, holes).

    Returns
    -------
    float
        Points (1/72 inch) per unit, the same on both axes.

    Examples
    --------
    >>> ax = offscreen_figure((4, 2)).add_axes((0, 0, 1, 1))
    >>> print(points_per_unit(ax, 4, 2), points_per_unit(ax, 8, 2))
    72.0 36.0
    """
    _, _, w, h = ax.get_position().bounds
    inches_w, inches_h = figure_of(ax).get_size_inches()
    return min(w * inches_w / width, h * inches_h / height) * 72


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


def offscreen_figure(size: Inches = (2.4, 2.4), dpi: float = 100) -> Figure:
    """Return a figure that is drawn only to an image, never shown by pyplot.

    Widgets and players draw their pictures on such figures, so they never pile up in
    a notebook, and need no closing.

    Parameters
    ----------
    size : (float, float)
        Width and height in inches.
    dpi : float
        Dots per inch of the image.

    Returns
    -------
    Figure
        A bare figure on matplotlib's Agg canvas.

    Examples
    --------
    >>> figure = offscreen_figure((3, 2), dpi=50)
    >>> figure.get_size_inches().tolist(), type(figure.canvas).__name__
    ([3.0, 2.0], 'FigureCanvasAgg')
    """
    figure = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(figure)
    return figure


def figure_png(figure: Figure, dpi: float | None = None, tight: bool = True) -> bytes:
    """Return *figure* as PNG bytes, trimmed to what is drawn when *tight* (slower: two passes).

    Parameters
    ----------
    figure : Figure
        The figure to save.
    dpi : float, optional
        Dots per inch; the figure's own by default.
    tight : bool
        Trim the picture to what is drawn (with a small margin).

    Returns
    -------
    bytes
        The PNG file's contents.

    Examples
    --------
    >>> import io
    >>> import matplotlib.image
    >>> png = figure_png(offscreen_figure((2, 1), dpi=50), tight=False)
    >>> png[:4], matplotlib.image.imread(io.BytesIO(png)).shape
    (b'\\x89PNG', (50, 100, 4))
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, **_trim(tight))
    return buffer.getvalue()


def _trim(tight: bool) -> dict[str, Any]:
    """The ``savefig`` options that trim a picture to what is drawn when *tight* (else none)."""
    return {"bbox_inches": "tight", "pad_inches": 0.05} if tight else {}


#: How puzzlelab writes SVG: text as text (sharp, small, and searchable), the same ids
#: every time (the same board gives the same bytes) and no date.
SVG_OPTIONS: dict[RcKeyType, str] = {"svg.fonttype": "none", "svg.hashsalt": "puzzlelab"}
NO_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}


def figure_svg(figure: Figure, tight: bool = True) -> bytes:
    """Return *figure* as SVG bytes: a vector picture, sharp at any size.

    >>> figure = offscreen_figure((1, 1))
    >>> figure_svg(figure)[:5]
    b'<?xml'
    """
    buffer = io.BytesIO()
    with matplotlib.rc_context(SVG_OPTIONS):
        figure.savefig(buffer, format="svg", metadata=NO_METADATA, **_trim(tight))
    return buffer.getvalue()


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


def sample_steps(count: int, most: int) -> list[int]:
    """Return at most *most* indices from ``0 .. count-1``, evenly spread, ends kept.

    >>> sample_steps(5, 10)
    [0, 1, 2, 3, 4]
    >>> sample_steps(100, 5)
    [0, 25, 50, 74, 99]
    """
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def every_kth_step(count: int, most: int) -> tuple[list[int], int]:
    """Return ``(indices, k)``: every *k*-th of ``0 .. count-1`` and the last, at most *most*.

    >>> every_kth_step(5, 10)
    ([0, 1, 2, 3, 4], 1)
    >>> every_kth_step(32, 12)
    ([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 31], 3)
    """
    if count <= most:
        return list(range(count)), 1
    k = -(-(count - 1) // (most - 1))
    shown = list(range(0, count, k))
    if shown[-1] != count - 1:
        shown.append(count - 1)
    return shown, k


def ordinal(k: int) -> str:
    """Return ``1st``, ``2nd``, ``3rd``, ``4th``, ...

    >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


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


def log_scale(ax: Axes, axis: str, floor: float) -> None:
    """Put *axis* on a log scale whose bars start at *floor*, with uncluttered ticks.

    Bars on a log scale have no natural bottom: starting them at 1 (one node)
    keeps their lengths honest.

    Parameters
    ----------
    ax : Axes
        The axes of the bars.
    axis : {"x", "y"}
        The axis the bars grow along.
    floor : float
        Where the bars start.

    Examples
    --------
    >>> ax = offscreen_figure().add_subplot()
    >>> bars = ax.bar(["bfs", "astar"], [181_440, 52])
    >>> log_scale(ax, "y", floor=1)
    >>> ax.get_yscale(), float(ax.get_ylim()[0])
    ('log', 1.0)
    """
    from matplotlib.ticker import LogLocator, NullFormatter

    getattr(ax, f"set_{axis}scale")("log")
    getattr(ax, f"set_{axis}lim")(floor, None)
    scale = ax.yaxis if axis == "y" else ax.xaxis
    scale.set_major_locator(LogLocator(base=10))
    scale.set_minor_formatter(NullFormatter())
