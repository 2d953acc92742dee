"""The helpers every picture shares: axes and figures, their sizes, how they are saved, and how
the lessons show them (as SVG, at their own size, and larger on a projector)."""

from __future__ import annotations

import contextlib
import io
import re
from typing import TYPE_CHECKING, Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType


#: A size in inches, ``(width, height)``.
Inches = tuple[float, float]

#: The smallest text puzzlelab draws, in points: 12 CSS pixels (``tests/legible.py``).
SMALLEST_FONT = 9

#: SVG with text as text, the same ids and no date: the same board gives the same bytes.
SVG_OPTIONS: dict[RcKeyType, str] = {"svg.fonttype": "none", "svg.hashsalt": "puzzlelab"}
NO_METADATA = {"Date": None, "Creator": None, "Format": None, "Type": None}
TIGHT: dict[str, Any] = {"bbox_inches": "tight", "pad_inches": 0.05}  # two passes: slower


def new_axes(ax: Axes | None = None, size: Inches = (2.4, 2.4)) -> Axes:
    """Return *ax*, or fresh axes on a new pyplot figure of *size* inches. There is no example here;
    ``tests/test_drawing.py`` runs it."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


def points_per_unit(ax: Axes, width: float, height: float) -> float:
    """How many points one unit of a *width* x *height* drawing is on *ax* (equal scales). There is
    no example here; ``tests/test_drawing.py`` runs it."""
    _, _, w, h = ax.get_position().bounds
    inches_w, inches_h = ax.figure.figure.get_size_inches()
    return min(w * inches_w / width, h * inches_h / height) * 72


def offscreen_figure(size: Inches = (2.4, 2.4), dpi: float = 100) -> Figure:
    """Return a figure of *size* inches drawn only to an image, never shown.

    >>> type(offscreen_figure((3, 2), dpi=50).canvas).__name__
    'FigureCanvasAgg'
    """
    figure = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(figure)
    return figure


def figure_png(figure: Figure, tight: bool = True) -> bytes:
    """Return *figure* as PNG bytes, trimmed to what is drawn when *tight* (slower).

    >>> figure_png(offscreen_figure((2, 1), dpi=50), tight=False)[:4]
    b'\\x89PNG'
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", **(TIGHT if tight else {}))
    return buffer.getvalue()


def figure_svg(figure: Figure, tight: bool = True) -> bytes:
    """Return *figure* as SVG bytes.

    >>> figure_svg(offscreen_figure((1, 1)))[:5]
    b'<?xml'
    """
    buffer = io.BytesIO()
    with matplotlib.rc_context(SVG_OPTIONS):
        figure.savefig(buffer, format="svg", metadata=NO_METADATA, **(TIGHT if tight else {}))
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
    """Put *axis* (``"x"`` or ``"y"``) on a log scale whose bars start at *floor*. There is no
    example here; ``tests/test_widgets.py`` runs it."""
    from matplotlib.ticker import LogLocator, NullFormatter

    getattr(ax, f"set_{axis}scale")("log")
    getattr(ax, f"set_{axis}lim")(floor, None)
    scale = ax.yaxis if axis == "y" else ax.xaxis
    scale.set_major_locator(LogLocator(base=10))
    scale.set_minor_formatter(NullFormatter())


#: The scale of pictures and widgets: 1, or :data:`LARGE` after ``lesson_style(large=True)``.
SETTINGS = {"scale": 1.0}
LARGE = 1.5

#: 11 points are 14.7 CSS pixels at natural size (matplotlib's 10: 13.3), 22 with ``large``.
TEXT: dict[RcKeyType, object] = {"font.size": 11.0}

#: Keeps an SVG figure (an ``<img>`` at its own width) inside its column.
FIGURES_FIT = (
    "<style>.jp-RenderedSVG img, .jp-RenderedImage img, .jp-RenderedSVG svg "
    "{max-width: 100%; height: auto;}</style>"
)


def lesson_style(large: bool = False) -> None:
    """Show this notebook's figures as SVG that fits its column, text at least 14 pixels;
    with *large*, figures and widgets half as big again (for a projector).

    >>> lesson_style(large=True); picture_scale()
    1.5
    >>> lesson_style(); picture_scale()
    1.0
    """
    SETTINGS["scale"] = LARGE if large else 1.0
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    from IPython.display import display

    matplotlib.rcParams.update(TEXT)
    display({"text/html": FIGURES_FIT, "text/plain": ""}, raw=True)

    # The inline backend sets its own formatters when it loads: load it now, not over ours later.
    with contextlib.suppress(ImportError):
        import matplotlib_inline.backend_inline  # noqa: F401

    formatters = shell.display_formatter.formatters
    for mime in ("image/png", "image/jpeg", "application/pdf"):
        formatters[mime].pop(Figure, None)
    formatters["image/svg+xml"].for_type(Figure, shown_svg)


def picture_scale() -> float:
    """How much larger than their own size pictures and widgets are shown now. There is no example
    here; ``tests/test_widgets.py`` runs it."""
    return SETTINGS["scale"]


def shown_svg(figure: Figure) -> str:
    """*figure* as SVG text, its width and height times :func:`picture_scale`. There is no example
    here; ``tests/test_widgets.py`` runs it."""
    svg = figure_svg(figure).decode("utf-8")
    tag = re.search(r"<svg\b[^>]*>", svg)
    scale = picture_scale()
    if scale == 1 or tag is None:
        return svg

    def times(match: re.Match[str]) -> str:
        return f'{match.group(1)}="{float(match.group(2)) * scale:g}{match.group(3) or ""}"'

    head = re.sub(r'\b(width|height)="([\d.]+)(pt|px)?"', times, tag.group(0))
    return svg[: tag.start()] + head + svg[tag.end() :]
