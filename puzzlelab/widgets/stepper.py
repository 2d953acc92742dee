"""Stepper: frames sent to the browser once and stepped through there (``stepper.js``, an
anywidget), so a click never waits on the kernel; exported HTML steps the same way.

A frame is made of *pieces* of HTML filling the *slots* of a template, so a piece shared by
many frames is sent once; *marks* recolour parts of a piece from frame to frame.
"""

from __future__ import annotations

import itertools
import json
import re
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..drawing.style import picture_scale

HERE = Path(__file__).parent
SCRIPT = (HERE / "stepper.js").read_text(encoding="utf-8")
STYLE = (HERE / "stepper.css").read_text(encoding="utf-8")

#: Where a script's functions end and the module JupyterLab and Voila load begins.
MODULE_MARK = "\n// -- the module"

#: stepper.js's functions alone: what a page with no kernel runs.
FUNCTIONS = SCRIPT.split(MODULE_MARK, 1)[0]

#: What the controls say: every stepper steps with the same two words (previous and next);
#: a widget may name its frames (*description*: "step 3 of 9", "event 3 of 9").
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

#: Counts pages made in this process; with a random part, every id on a page is its own.
_PAGES = itertools.count(1)


class PageWidget(anywidget.AnyWidget):
    """An anywidget whose :meth:`html` draws it on a page with no kernel, and its
    display bundle carries that page.

    A subclass names the script the page runs (``_page_script``, ``_page_style``), the
    function in it that draws the widget (``_page_render``), the traits it reads
    (``_page_traits``), and implements ``_page_shown()``, what a page without JavaScript
    shows. There is no example here; ``tests/test_widgets.py`` shows the widgets' pages.
    """

    _page_script = FUNCTIONS
    _page_style = STYLE
    _page_render = "renderStepper"
    _page_traits: tuple[str, ...] = DATA
    _page_kind = "puzzlelab-stepper"
    _page_plain = "run the notebook to step through it"

    def _page_shown(self) -> str:
        raise NotImplementedError

    def html(self) -> str:
        """Self-contained HTML of the widget for any browser, with no kernel (without
        JavaScript: ``_page_shown()``). Each call gets a new id."""
        data = {name: getattr(self, name) for name in self._page_traits}
        # JSON safe inside a <script> element: no "</script>" in it can end it early
        data_json = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e")
        ident = f"puzzlelab-page-{next(_PAGES)}-{uuid.uuid4().hex[:8]}"
        return (
            f"<style>{self._page_style}</style>"
            f'<div class="{self._page_kind}" id="{ident}">{self._page_shown()}</div>'
            f"<script>(function () {{\n{self._page_script}\nvar data = {data_json};\n"
            f"{self._page_render}({{get: function (k) {{ return data[k]; }}, "
            "set: function (k, v) { data[k] = v; }, save_changes: function () {}, "
            f"on: function () {{}}}}, document.getElementById({json.dumps(ident)}));\n"
            "})();</script>"
        )

    # AnyWidget gives a (bundle, metadata) pair; IPython takes a bundle alone just as well,
    # and pages and tests read this one as a dict.
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:  # type: ignore[override]
        """The live widget, and :meth:`html` for pages that have no widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = dict((bundle[0] if isinstance(bundle, tuple) else bundle) or {})
        data["text/html"] = self.html()
        data["text/plain"] = f"{type(self).__name__} ({self._page_plain})"
        return data


class Stepper(PageWidget):
    """Step through frames in the browser: previous, next, a slider, play and a speed.

    A presenter's clicker steps it (PageDown, PageUp, the arrows; Home and End).

    Parameters
    ----------
    template : str
        HTML of a frame, with an element marked ``data-slot="i"`` for each slot.
    pieces : list of str
        HTML snippets that fill the slots.
    frames : list of list of int
        For every frame, the index in *pieces* of what fills each slot.
    marks : list of str, optional
        For every frame, one character per element marked ``data-mark="j"``: the page
        sets it as that element's ``data-state``.
    readouts : list of str, optional
        For every frame, what the readout beside the slider says (default: "step 3 of 9").
    interval : int
        Milliseconds per frame when playing.
    words : dict, optional
        Labels over :data:`WORDS`.
    large : bool, optional
        Text and pictures half as big again (default: as ``lesson_style`` set it).

    >>> stepper = Stepper('<p data-slot="0"></p>', ["one", "two"], [[0], [1]])
    >>> stepper.step(5).value, stepper.frame_html()
    (1, '<p data-slot="0">two</p>')
    """

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
        pieces: Iterable[str],
        frames: Iterable[Iterable[int]],
        marks: Iterable[str] = (),
        *,
        readouts: Iterable[str] = (),
        value: int = 0,
        interval: int = 600,
        words: dict[str, str] | None = None,
        large: bool | None = None,
    ) -> None:
        piece_list, frame_list = list(pieces), [list(f) for f in frames]
        slots = len(set(re.findall(r'data-slot="(\d+)"', template)))
        if not frame_list:
            raise ValueError("a Stepper needs at least one frame")
        for k, frame in enumerate(frame_list):
            if len(frame) != slots or not all(0 <= p < len(piece_list) for p in frame):
                raise ValueError(
                    f"frame {k} must name one of the {len(piece_list)} pieces for each of the "
                    f"{slots} slots, not {frame!r}"
                )
        super().__init__(
            template=template, pieces=piece_list, frames=frame_list, marks=list(marks),
            readouts=list(readouts), value=value, interval=interval,
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

    def readout(self, frame: int | None = None) -> str:
        """What the readout says at *frame* (default: the frame shown), as the page shows it.

        >>> Stepper('<p data-slot="0"></p>', ["one", "two"], [[0], [1]]).readout()
        'step 1 of 2'
        """
        frame = self.value if frame is None else frame
        if self.readouts:
            return self.readouts[frame]
        return f"{self.words['description']} {frame + 1} of {len(self.frames)}"

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


class Pieces(list[str]):
    """Pieces of HTML, each kept once: :meth:`add` returns a piece's index.

    >>> pieces = Pieces()
    >>> [pieces.add(piece) for piece in ["a", "b", "a"]], list(pieces)
    ([0, 1, 0], ['a', 'b'])
    """

    def __init__(self) -> None:
        super().__init__()
        self._index: dict[str, int] = {}

    def add(self, piece: str) -> int:
        """Keep *piece* unless it is kept already; return its index."""
        if piece not in self._index:
            self._index[piece] = len(self)
            self.append(piece)
        return self._index[piece]
