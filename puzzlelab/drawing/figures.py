"""The helpers every picture shares: axes and figures, their sizes, and how they are saved."""

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

#: The smallest text puzzlelab draws, in points: 12 CSS pixels at a picture's own size (the
#: rule ``tests/legible.py`` checks).
SMALLEST_FONT = 9

#: SVG with text as text (sharp and searchable), the same ids every time and no date: the
#: same board gives the same bytes.
SVG_OPTIONS: dict[RcKeyType, str] = {"svg.fonttype": "none", "svg.hashsalt": "puzzlelab"}
NO_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}


def new_axes(ax: Axes | None = None, size: Inches = (2.4, 2.4)) -> Axes:
    """Return *ax*, or fresh axes on a new pyplot figure of *size* inches (shown by a notebook).

    >>> import matplotlib.pyplot as plt
    >>> ax = new_axes(size=(3, 2))
    >>> ax.figure.get_size_inches().tolist()
    [3.0, 2.0]
    >>> plt.close(ax.figure)
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


def points_per_unit(ax: Axes, width: float, height: float) -> float:
    """How many points one unit of a *width* x *height* drawing is on *ax* (equal scales).

    >>> print(points_per_unit(offscreen_figure((4, 2)).add_axes((0, 0, 1, 1)), 8, 2))
    36.0
    """
    _, _, w, h = ax.get_position().bounds
    inches_w, inches_h = ax.figure.figure.get_size_inches()
    return min(w * inches_w / width, h * inches_h / height) * 72


def offscreen_figure(size: Inches = (2.4, 2.4), dpi: float = 100) -> Figure:
    """Return a figure of *size* inches on the Agg canvas: drawn only to an image, never shown.

    >>> type(offscreen_figure((3, 2), dpi=50).canvas).__name__
    'FigureCanvasAgg'
    """
    figure = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(figure)
    return figure


def figure_png(figure: Figure, tight: bool = True) -> bytes:
    """Return *figure* as PNG bytes, trimmed to what is drawn when *tight* (two passes: slower).

    >>> figure_png(offscreen_figure((2, 1), dpi=50), tight=False)[:4]
    b'\\x89PNG'
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", **_trim(tight))
    return buffer.getvalue()


def _trim(tight: bool) -> dict[str, Any]:
    return {"bbox_inches": "tight", "pad_inches": 0.05} if tight else {}


def figure_svg(figure: Figure, tight: bool = True) -> bytes:
    """Return *figure* as SVG bytes: a vector picture, sharp at any size.

    >>> figure_svg(offscreen_figure((1, 1)))[:5]
    b'<?xml'
    """
    buffer = io.BytesIO()
    with matplotlib.rc_context(SVG_OPTIONS):
        figure.savefig(buffer, format="svg", metadata=NO_METADATA, **_trim(tight))
    return buffer.getvalue()


def every_kth_step(count: int, most: int) -> tuple[list[int], int]:
    """Return ``(indices, k)``: every *k*-th of ``0 .. count-1`` and the last, at most *most*.

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


def log_scale(ax: Axes, axis: str, floor: float) -> None:
    """Put *axis* (``"x"`` or ``"y"``) on a log scale whose bars start at *floor*.

    >>> ax = offscreen_figure().add_subplot()
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
