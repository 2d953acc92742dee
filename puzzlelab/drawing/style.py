"""How the lessons show pictures: as SVG, at their own size, and larger on a projector.

The rule a test checks in every lesson's output: at a 1400-pixel-wide window, where a
notebook's output is :data:`OUTPUT_PIXELS` wide, no text is smaller than
:data:`SMALLEST_TEXT_PIXELS`.
"""

from __future__ import annotations

import contextlib
import re

from matplotlib.figure import Figure

from .figures import figure_svg

#: How wide a notebook's output is in JupyterLab at a 1400-pixel window, file browser open.
OUTPUT_PIXELS = 968

#: The smallest text a picture may show there, in CSS pixels (9 points at natural size).
SMALLEST_TEXT_PIXELS = 12

#: The scale of pictures and widgets: 1, or :data:`LARGE` after ``lesson_style(large=True)``.
SETTINGS = {"scale": 1.0}

LARGE = 1.5


def lesson_style(large: bool = False) -> None:
    """Show this notebook's figures as SVG; with *large*, half as big again (for a projector).

    Widgets follow the same scale. Outside IPython (a script, a test) only the scale changes.

    Examples
    --------
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


def text_pixels(svg: str | bytes, room: float = OUTPUT_PIXELS) -> list[tuple[float, str]]:
    """Every text of an SVG picture as ``(CSS pixels high, text)``, shown in *room* pixels.

    A wider picture is shrunk to fit, as a notebook does. Text drawn as outlines is not found.

    >>> svg = '<svg width="900pt" height="9pt"><text style="font-size: 9px">hi</text></svg>'
    >>> text_pixels(svg)  # 1,200 pixels wide, shrunk into 968
    [(9.68, 'hi')]
    """
    if isinstance(svg, bytes):
        svg = svg.decode("utf-8")
    tag = re.search(r"<svg\b[^>]*>", svg)
    width = re.search(r'\bwidth="([\d.]+)(pt|px)?"', tag.group(0)) if tag else None
    box = re.search(r'\bviewBox="[\d.-]+ [\d.-]+ ([\d.]+) [\d.]+"', tag.group(0)) if tag else None
    if width is None:
        raise ValueError("not an SVG picture with a width")
    natural = float(width.group(1)) * (4 / 3 if width.group(2) == "pt" else 1)
    units = float(box.group(1)) if box else float(width.group(1))
    shown = min(natural, room)
    found = []
    for style, body in re.findall(r'<text\b[^>]*?style="([^"]*)"[^>]*>(.*?)</text>', svg, re.S):
        size = re.search(r"font-size:\s*([\d.]+)px|font:[^;]*?([\d.]+)px", style)
        if size:
            points = float(size.group(1) or size.group(2))
            text = re.sub(r"<[^>]+>", "", body).strip()
            found.append((round(points * shown / units, 2), text))
    return found
