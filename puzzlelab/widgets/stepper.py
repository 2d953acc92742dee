"""Stepper: frames sent to the browser once and stepped through there (``stepper.js``)."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..drawing.figures import picture_scale

__all__: list[str] = []  # the base of this folder's widgets

HERE = Path(__file__).parent
SCRIPT = (HERE / "stepper.js").read_text(encoding="utf-8")
STYLE = (HERE / "stepper.css").read_text(encoding="utf-8")

#: Where a script's functions (all a page with no kernel runs) end and its module begins.
MODULE_MARK = "\n// -- the module"
FUNCTIONS = SCRIPT.split(MODULE_MARK, 1)[0]

#: What the controls say; *description* names a frame ("step 3 of 9", "event 3 of 9").
WORDS = {
    "play": "▶ play",
    "pause": "❚❚ pause",
    "back": "◀ previous",
    "forward": "next ▶",
    "description": "step",
}

#: The traits the page reads (what ``stepper.js`` calls ``model.get`` on).
DATA = (
    "template", "pieces", "frames", "marks", "readouts", "value", "interval", "words", "large",
)  # fmt: skip


class PageWidget(anywidget.AnyWidget):
    """An anywidget whose display bundle carries :meth:`html`, a page that runs it with no kernel
    (``_page_render`` of ``_page_script`` draws it from ``_page_traits``)."""

    _page_script = FUNCTIONS
    _page_style = STYLE
    _page_render = "renderStepper"
    _page_traits: tuple[str, ...] = DATA
    _page_kind = "puzzlelab-stepper"
    _page_plain = "run the notebook to step through it"

    def _page_shown(self) -> str:
        raise NotImplementedError

    def html(self) -> str:
        """Self-contained HTML of the widget, with no kernel; each call gets a new id."""
        data = {name: getattr(self, name) for name in self._page_traits}
        # JSON safe inside a <script> element: no "</script>" in it can end it early
        data_json = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e")
        ident = f"puzzlelab-page-{uuid.uuid4().hex}"  # every id on a page is its own
        return (
            f"<style>{self._page_style}</style>"
            f'<div class="{self._page_kind}" id="{ident}">{self._page_shown()}</div>'
            f"<script>(function () {{\n{self._page_script}\nvar data = {data_json};\n"
            f"{self._page_render}({{get: function (k) {{ return data[k]; }}, "
            "set: function (k, v) { data[k] = v; }, save_changes: function () {}, "
            f"on: function () {{}}}}, document.getElementById({json.dumps(ident)}));\n"
            "})();</script>"
        )

    # AnyWidget gives a (bundle, metadata) pair; IPython takes a bundle alone just as well.
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:  # type: ignore[override]
        bundle = super()._repr_mimebundle_(**kwargs)
        data = dict((bundle[0] if isinstance(bundle, tuple) else bundle) or {})
        data["text/html"] = self.html()
        data["text/plain"] = f"{type(self).__name__} ({self._page_plain})"
        return data


class Stepper(PageWidget):
    """Step through frames in the browser. Each of *frames* fills the ``data-slot="i"`` elements of
    *template* with its HTML pieces (each piece sent once); per frame, ``marks`` has a character per
    ``data-mark="j"`` element (its ``data-state``)."""

    _esm = SCRIPT
    _css = STYLE

    template = traitlets.Unicode().tag(sync=True)
    pieces = traitlets.List(traitlets.Unicode()).tag(sync=True)
    frames = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    marks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    readouts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    value = traitlets.Int(0).tag(sync=True)
    interval = traitlets.Int(600).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        template: str,
        frames: Iterable[Iterable[str]],
        marks: Iterable[str] = (),
        *,
        readouts: Iterable[str] = (),
        interval: int = 600,
        words: dict[str, str] | None = None,
        large: bool | None = None,
    ) -> None:
        index: dict[str, int] = {}  # each piece once, by its place in the pieces
        numbered = [[index.setdefault(piece, len(index)) for piece in f] for f in frames]
        slots = len(set(re.findall(r'data-slot="(\d+)"', template)))
        if not numbered:
            raise ValueError("a Stepper needs at least one frame")
        for k, frame in enumerate(numbered):
            if len(frame) != slots:
                raise ValueError(f"frame {k} must fill each of the {slots} slots, not {len(frame)}")
        super().__init__(
            template=template, pieces=list(index), frames=numbered, marks=list(marks),
            readouts=list(readouts), interval=interval,
            words={**WORDS, **(words or {})},
            large=picture_scale() > 1 if large is None else bool(large),
        )  # fmt: skip

    @traitlets.validate("value")
    def _clip(self, proposal: traitlets.Bunch) -> int:
        return max(0, min(int(proposal["value"]), len(self.frames) - 1))

    def step(self, frame: int) -> Stepper:
        """Show *frame* (clipped to the first and last); return the stepper."""
        self.value = frame
        return self

    def frame_html(self, frame: int | None = None) -> str:
        """The template filled with *frame*'s pieces and marks (default: the frame shown)."""
        frame = self.value if frame is None else frame
        pieces = self.frames[frame]

        def fill(match: re.Match[str]) -> str:
            return f"{match.group(0)}{self.pieces[pieces[int(match.group(1))]]}"

        filled = re.sub(r'<[^<>]*\bdata-slot="(\d+)"[^<>]*>', fill, self.template)
        if not self.marks:
            return filled
        states = self.marks[frame]
        return re.sub(
            r'data-mark="(\d+)"',
            lambda m: f'{m.group(0)} data-state="{states[int(m.group(1))]}"',
            filled,
        )

    def _page_shown(self) -> str:
        return f'<div class="puzzlelab-stepper-view">{self.frame_html()}</div>'
