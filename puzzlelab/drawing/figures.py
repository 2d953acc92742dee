"""The helpers every picture shares: axes and figures, their sizes, and how they are saved.

:func:`new_axes` gives a drawing function axes of the caller's or a pyplot figure of its
own; :func:`offscreen_figure` a bare figure on the Agg canvas for widgets and pages, saved
by :func:`figure_png` and :func:`figure_svg` (the same picture gives the same bytes);
:func:`points_per_unit` and :data:`SMALLEST_FONT` size text to the picture;
:func:`log_scale` sets honest log-scale bars; :func:`sample_steps`,
:func:`every_kth_step` and :func:`ordinal` choose and name the steps a strip shows.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType


#: A size in inches, ``(width, height)``.
Inches = tuple[float, float]


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
