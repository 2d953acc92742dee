"""The projector rule the tests hold every picture to, and how they measure its text.

At a 1400-pixel-wide window, where a notebook's output is :data:`OUTPUT_PIXELS` wide, no
text is smaller than :data:`SMALLEST_TEXT_PIXELS`.
"""

import re

#: How wide a notebook's output is in JupyterLab at a 1400-pixel window, file browser open.
OUTPUT_PIXELS = 968

#: The smallest text a picture may show there, in CSS pixels (9 points at natural size).
SMALLEST_TEXT_PIXELS = 12


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
