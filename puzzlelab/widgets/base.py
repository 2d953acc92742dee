"""What every puzzlelab widget shares: a static picture for places with no kernel.

GitHub, nbviewer and exported HTML cannot run widgets and would show a bare
"VBox(...)". A widget that mixes in :class:`StaticFallback` also offers a PNG of
its current state; JupyterLab still shows the live widget, the others the picture.
"""

from __future__ import annotations

import base64


class StaticFallback:
    """Mixin for ipywidgets containers: add ``image/png`` to the display bundle.

    A subclass lists the mixin first and implements ``_static_png()``, returning
    PNG bytes of what it shows now (keep it fast: it runs at every display)::

        class MyWidget(StaticFallback, widgets.VBox):
            def _static_png(self) -> bytes:
                return board_png(self.puzzle, self.state)

    The bundle then holds the widget view (JupyterLab), ``image/png`` as base64
    text (GitHub, nbviewer, exported HTML) and a ``text/plain`` line.

    Examples
    --------
    >>> import ipywidgets as widgets
    >>> class Blank(StaticFallback, widgets.VBox):
    ...     def _static_png(self):
    ...         return b"\\x89PNG..."
    >>> sorted(Blank()._repr_mimebundle_())
    ['application/vnd.jupyter.widget-view+json', 'image/png', 'text/plain']
    """

    def _static_png(self) -> bytes:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        bundle["image/png"] = base64.b64encode(self._static_png()).decode("ascii")
        bundle["text/plain"] = f"{type(self).__name__} (a picture; run the notebook to use it)"
        return bundle


def png_image(png: bytes, width: int | None = None):
    """Return an ``ipywidgets.Image`` showing *png*."""
    import ipywidgets as widgets

    image = widgets.Image(value=png, format="png")
    if width:
        image.layout.width = f"{width}px"
    return image
