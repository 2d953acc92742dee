"""Slides: each lesson as a Reveal.js slide show, run on a fresh kernel, one slide a section,
with Reveal.js beside them (from ``sphinx-revealjs``) so that they need no network."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import tempfile
from importlib import util
from pathlib import Path, PurePosixPath

from ..errors import PuzzleError
from .cells import cell_source
from .lessons import already_there, read_lessons, write_inside

#: A Markdown heading line, and its #s.
HEADING = re.compile(r"^#{1,3}\s+\S")

#: The folder of Reveal.js written beside the slides, and the files of it the slides use.
REVEAL = "reveal.js"
REVEAL_FILES = (
    "LICENSE",
    "dist/reveal.js",
    "dist/reveal.css",
    "dist/theme/white.css",
    "dist/theme/fonts/source-sans-pro/source-sans-pro.css",
    "dist/theme/fonts/source-sans-pro/source-sans-pro-regular.woff",
    "dist/theme/fonts/source-sans-pro/source-sans-pro-italic.woff",
    "dist/theme/fonts/source-sans-pro/source-sans-pro-semibold.woff",
    "dist/theme/fonts/source-sans-pro/source-sans-pro-semibolditalic.woff",
    "plugin/notes/notes.js",
)

#: What a widget's output keeps on a slide: the page its widget offers pages with no kernel.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: Seconds a cell of a lesson may run while the slides are made.
CELL_SECONDS = 300

# nbconvert's Reveal.js template with nothing from the network, tall slides scrolled, and a key
# going to the stepper of the slide on screen unless that stepper is at its end.
TEMPLATE = """{%- extends 'reveal/index.html.j2' -%}
{%- block html_head_js -%}
<script>
(function () {
  var NEXT = {PageDown: 1, ArrowRight: 1, ArrowDown: 1};
  var BACK = {PageUp: 1, ArrowLeft: 1, ArrowUp: 1};
  window.addEventListener("keydown", function (event) {
    var forward = NEXT[event.key], back = BACK[event.key];
    if (!(forward || back) || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey
        || !window.Reveal || !Reveal.isReady()) return;
    var steppers = [].slice.call(Reveal.getCurrentSlide().querySelectorAll(".puzzlelab-stepper"));
    var focused = steppers.filter(function (s) { return s.contains(document.activeElement); });
    if (focused.length) steppers = focused;
    if (!steppers.length) return;
    var button = forward ? ".puzzlelab-stepper-forward" : ".puzzlelab-stepper-back";
    var atEnd = steppers.every(function (s) {
      var control = s.querySelector(button);
      return !control || control.disabled;
    });
    if (!atEnd) return;  // the stepper takes the key
    event.preventDefault();
    event.stopImmediatePropagation();
    if (forward) Reveal.next(); else Reveal.prev();
  }, true);
})();
</script>
{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_css -%}
<style>
.reveal .slides > section {
  height: 100%; overflow-y: auto; padding: 0 1em 2em 0; box-sizing: border-box;
}
.reveal .slides h1, .reveal .slides h2, .reveal .slides h3 { text-transform: none; }
.reveal .slides > section .jp-OutputArea-output { overflow-x: auto; }
.reveal .slides pre { white-space: pre-wrap; overflow-wrap: anywhere; box-sizing: border-box; }
</style>
{%- endblock html_head_css -%}
{%- block footer_js -%}
<script src="{{ resources.reveal.url_prefix }}/dist/reveal.js"></script>
<script src="{{ resources.reveal.url_prefix }}/plugin/notes/notes.js"></script>
<script>
Reveal.initialize({
  controls: true, progress: true, hash: true, center: false, slideNumber: "c/t",
  transition: "slide", width: "100%", height: "100%", margin: 0, plugins: [RevealNotes],
});
</script>
{%- endblock footer_js -%}
"""


def slide_cells(notebook: dict) -> dict:
    """Return a copy of *notebook* whose every heading starts a slide (a markdown cell is cut
    before each); the code before the first section is left out.

    >>> cells = [{"cell_type": "markdown", "metadata": {}, "source": "# Lesson 0"},
    ...          {"cell_type": "code", "metadata": {}, "source": "import puzzlelab"},
    ...          {"cell_type": "markdown", "metadata": {}, "source": "## 1. The puzzle"},
    ...          {"cell_type": "code", "metadata": {}, "source": "jugs"},
    ...          {"cell_type": "markdown", "metadata": {}, "source": "Seven.\\n\\n## 2. States"}]
    >>> slides = slide_cells({"cells": cells, "metadata": {}})
    >>> [cell["metadata"]["slideshow"]["slide_type"] for cell in slides["cells"]]
    ['slide', 'skip', 'slide', '-', '-', 'slide']
    >>> slides["cells"][-1]["source"]
    '## 2. States'
    """
    slides = copy.deepcopy(notebook)
    cells, sections = [], 0
    for cell in slides["cells"]:
        source = cell_source(cell)
        parts = _at_headings(source) if cell["cell_type"] == "markdown" else [source]
        for number, part in enumerate(parts):
            piece = {**cell, "source": part, "metadata": dict(cell.get("metadata", {}))}
            if number:
                piece["id"] = f"{cell.get('id', 'cell')}-{number}"
            if cell["cell_type"] == "markdown" and HEADING.match(part):
                kind, sections = "slide", sections + (not part.startswith("# "))
            else:
                kind = "skip" if cell["cell_type"] == "code" and not sections else "-"
            piece["metadata"]["slideshow"] = {"slide_type": kind}
            cells.append(piece)
    slides["cells"] = cells
    return slides


def _at_headings(source: str) -> list[str]:
    """Markdown *source* cut before each heading line (outside code fences)."""
    parts: list[str] = []
    lines: list[str] = []
    fenced = False
    for line in source.splitlines(keepends=True):
        fenced ^= line.startswith("```")
        if not fenced and HEADING.match(line) and "".join(lines).strip():
            parts.append("".join(lines).rstrip("\n"))
            lines = []
        lines.append(line)
    return [*parts, "".join(lines)]


def write_slides(
    out_dir: Path, lessons: list[str] | None = None, *, force: bool = False
) -> list[Path]:
    """Run each lesson (or those named in *lessons*) and write its slides into *out_dir*.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    reveal = _reveal_folder()
    files = read_lessons()
    names = [
        name
        for name in files
        if name.suffix == ".ipynb"
        and (not lessons or any(name.name.startswith(prefix) for prefix in lessons))
    ]
    if not names:
        raise PuzzleError(f"no lesson's file name starts with {', '.join(lessons or [])}")
    slides = [name.with_suffix(".slides.html") for name in names]
    if not force:
        already_there(out_dir, slides, "nothing written; give --force to replace them")
    beside = {PurePosixPath(REVEAL, part): (reveal / part).read_bytes() for part in REVEAL_FILES}
    write_inside(out_dir, beside, "Reveal.js")
    written = []
    with tempfile.TemporaryDirectory(prefix="puzzlelab-slides-") as folder:
        for name, data in files.items():  # the lessons run beside the files they read
            (Path(folder) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(folder) / name).write_bytes(data)
        for name, target in zip(names, slides):
            html = lesson_slides(json.loads(files[name]), Path(folder), name.stem)
            written += write_inside(out_dir, {target: html.encode()}, "the slides")
    return written


def lesson_slides(notebook: dict, folder: Path, title: str) -> str:
    """Return the slides of the lesson *notebook*, run on a fresh kernel in *folder*.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    import nbformat
    from jinja2 import DictLoader
    from nbclient import NotebookClient
    from nbconvert.exporters import SlidesExporter

    lesson = nbformat.reads(json.dumps(slide_cells(notebook)), as_version=4)
    where = {"metadata": {"path": str(folder)}}
    client = NotebookClient(lesson, timeout=CELL_SECONDS, kernel_name="python3", resources=where)
    # A progress bar means nothing on a slide; the kernel's own warnings would only be noise.
    client.execute(env={**os.environ, "TQDM_DISABLE": "1"}, stderr=subprocess.DEVNULL)
    for cell in lesson.cells:
        cell.outputs = [_as_page(output) for output in cell.get("outputs", [])]
        cell.outputs = [output for output in cell.outputs if output is not None]
    exporter = SlidesExporter(
        extra_loaders=[DictLoader({"puzzlelab_slides.html.j2": TEMPLATE})],
        template_file="puzzlelab_slides.html.j2",
        reveal_url_prefix=REVEAL,
        reveal_theme="white",
    )
    html, _ = exporter.from_notebook_node(lesson, resources={"metadata": {"name": title}})
    return html


def _as_page(output: dict) -> dict | None:
    """A widget's output as the page it offers pages with no kernel, or None if it has none."""
    data = output.get("data", {})
    if WIDGET_VIEW not in data:
        return output
    if "text/html" not in data and "image/png" not in data and "image/svg+xml" not in data:
        return None  # a widget with nothing to show without a kernel (a progress bar)
    output = copy.deepcopy(output)
    del output["data"][WIDGET_VIEW]
    output["data"].pop("text/plain", None)
    return output


def _reveal_folder() -> Path:
    """Reveal.js, as the ``sphinx-revealjs`` package ships it."""
    spec = util.find_spec("sphinx_revealjs")
    if spec is None or spec.origin is None:
        raise PuzzleError(
            "slides need Reveal.js, which comes with sphinx-revealjs: "
            'pip install "puzzlelab[slides]"'
        )
    return Path(spec.origin).parent / "_static" / "revealjs"
