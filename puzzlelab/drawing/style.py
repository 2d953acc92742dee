"""How the lessons show pictures: as SVG, at their own size, and larger on a projector.

``tests/legible.py`` holds every lesson's pictures to a rule: no text under 12 CSS pixels.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING

from matplotlib.figure import Figure

from .figures import figure_svg

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

#: The scale of pictures and widgets: 1, or :data:`LARGE` after ``lesson_style(large=True)``.
SETTINGS = {"scale": 1.0}
LARGE = 1.5

#: 11 points are 14.7 CSS pixels at natural size (matplotlib's 10: 13.3), 22 with ``large``.
TEXT: dict[RcKeyType, object] = {"font.size": 11.0}

#: JupyterLab and Voila show an SVG figure as an ``<img>`` at its own width, however narrow
#: the window: this keeps it inside its column.
FIGURES_FIT = (
    "<style>.jp-RenderedSVG img, .jp-RenderedImage img, .jp-RenderedSVG svg "
    "{max-width: 100%; height: auto;}</style>"
)


def lesson_style(large: bool = False) -> None:
    """Show this notebook's figures as SVG that fits its column, text at least 14 pixels;
    with *large*, figures and widgets half as big again (for a projector). Outside IPython
    only the scale changes.

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
    import matplotlib
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
    """How much larger than their own size pictures and widgets are shown now.

    >>> picture_scale()
    1.0
    """
    return SETTINGS["scale"]


def shown_svg(figure: Figure) -> str:
    """*figure* as SVG text, its width and height times :func:`picture_scale`.

    >>> from puzzlelab.drawing import offscreen_figure
    >>> shown_svg(offscreen_figure((1, 1)))[:5]
    '<?xml'
    """
    svg = figure_svg(figure).decode("utf-8")
    tag = re.search(r"<svg\b[^>]*>", svg)
    scale = picture_scale()
    if scale == 1 or tag is None:
        return svg

    def times(match: re.Match[str]) -> str:
        return f'{match.group(1)}="{float(match.group(2)) * scale:g}{match.group(3) or ""}"'

    head = re.sub(r'\b(width|height)="([\d.]+)(pt|px)?"', times, tag.group(0))
    return svg[: tag.start()] + head + svg[tag.end() :]
