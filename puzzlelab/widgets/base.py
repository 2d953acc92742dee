"""What every widget shares: SVG pictures at their own size, and a picture where no kernel runs."""

from __future__ import annotations

import base64
import contextlib
import re
from collections.abc import Iterator, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..drawing import board_svg
from ..drawing.figures import LARGE, picture_scale

__all__ = ["StaticFallback"]  # the rest serves this folder's widgets


class StaticFallback:
    """Mixin (listed first) for ipywidgets boxes: a page with no kernel shows ``_static_html()``
    over the picture ``_static_svg()`` returns.

    >>> import ipywidgets as widgets
    >>> class Blank(StaticFallback, widgets.VBox):
    ...     def _static_svg(self):
    ...         return b'<svg width="10pt" height="10pt"></svg>'
    >>> sorted(Blank()._repr_mimebundle_())
    ['application/vnd.jupyter.widget-view+json', 'text/html', 'text/plain']
    """

    def _static_svg(self) -> bytes:
        raise NotImplementedError

    def _static_html(self) -> str:
        return ""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs) or {}  # type: ignore[misc]
        name = type(self).__name__
        picture = picture_html(self._static_svg(), f"{name}: a picture of the widget", fit=True)
        bundle["text/html"] = self._static_html() + picture
        bundle["text/plain"] = f"{name} (a picture; run the notebook to use it)"
        return bundle


@contextlib.contextmanager
def working(
    status: widgets.Label, buttons: Sequence[widgets.Button], message: str
) -> Iterator[None]:
    """Say *message* in *status* and switch *buttons* off while the kernel computes."""
    before = [button.disabled for button in buttons]
    for button in buttons:
        button.disabled = True
    status.value = message
    try:
        yield
    finally:
        for button, disabled in zip(buttons, before):
            button.disabled = disabled


#: ipywidgets read their sizes from these CSS variables: one class on a box sets them all.
WIDGET_CSS = """<style>
.puzzlelab-widget { --jp-widgets-font-size: 15px; font-size: 15px; max-width: 100%; }
.puzzlelab-widget.puzzlelab-large { --jp-widgets-font-size: 21px; font-size: 21px;
  --jp-widgets-inline-height: 40px; --jp-widgets-inline-width-short: 190px; }
.puzzlelab-widget table, .puzzlelab-widget code, .puzzlelab-widget h4,
.puzzlelab-widget .widget-html-content { font-size: inherit; }
.puzzlelab-widget .widget-image { max-width: 100%; height: auto; }
</style>"""


def projector(box: widgets.Box, large: bool | None = None) -> None:
    """Set *box*'s text to 15 px, or with *large* (default: as ``lesson_style`` set it) 21 px and
    its pictures half as big again."""
    large = picture_scale() > 1 if large is None else bool(large)
    box.add_class("puzzlelab-widget")
    if large:
        box.add_class("puzzlelab-large")
    scale = LARGE if large else 1.0
    for image in _images(box):
        image.puzzlelab_scale = scale
        show_svg(image, image.value)
    style = widgets.HTML(WIDGET_CSS, layout=widgets.Layout(display="none"))
    box.children = (*box.children, style)


def _images(box: widgets.Widget) -> Iterator[widgets.Image]:
    if isinstance(box, widgets.Image):
        yield box
    for child in getattr(box, "children", ()):
        yield from _images(child)


def svg_image(svg: bytes = b"") -> widgets.Image:
    """Return an ``ipywidgets.Image`` showing *svg* at its own size."""
    image = widgets.Image(format="svg+xml")
    show_svg(image, svg)
    return image


def show_svg(image: widgets.Image, svg: bytes) -> None:
    """Show *svg* in *image*, at its own width times the lesson's (or the widget's) scale."""
    image.value = svg
    if svg:
        scale = getattr(image, "puzzlelab_scale", None) or picture_scale()
        image.layout.width = f"{round(natural_width(svg) * scale)}px"


def picture_html(svg: bytes, alt: str = "", fit: bool = False) -> str:
    """An ``<img>`` of an SVG picture at its own size; with *fit*, smaller in a narrow column."""
    width = natural_width(svg)
    widest = "max-width:100%;height:auto" if fit else "max-width:none"
    data = base64.b64encode(svg).decode("ascii")
    return (
        f'<img class="puzzlelab-picture" style="--puzzlelab-width:{width}px;'
        f'width:calc(var(--puzzlelab-width) * var(--puzzlelab-scale, 1));{widest}" '
        f'src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}">'
    )


def board_html(puzzle: object, state: object) -> str:
    """An ``<img>`` of *state*'s board, 1.8 inches wide; the state as code with no *puzzle*."""
    if puzzle is None or state is None:
        return f"<code>{escape(repr(state))}</code>"
    return picture_html(board_svg(puzzle, state, size=1.8), alt=str(state))


def natural_width(svg: bytes) -> int:
    """The CSS pixels an SVG picture is wide (3 points are 4 pixels)."""
    match = re.search(rb'<svg[^>]*?\swidth="([\d.]+)(pt|px)?"', svg)
    if not match:
        raise ValueError("the picture is not an SVG with a width")
    size = float(match.group(1))
    return round(size * 4 / 3 if match.group(2) == b"pt" else size)
