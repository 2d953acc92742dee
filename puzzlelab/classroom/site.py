"""The lesson site: executed lessons as HTML pages that need no kernel and no network.

nbconvert, nbclient and nbformat are imported inside the functions, so the command line
starts without them.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import inspect
import os
import re
import signal
import subprocess
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError, one_line
from .lessons import write_new

if TYPE_CHECKING:  # imported inside the functions, so the command line starts without them
    from nbconvert import HTMLExporter
    from nbformat import NotebookNode

#: A notebook, or a part of one (a cell, an output), as its JSON reads.
Json = dict[str, Any]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: What a static page can show instead of a widget's view.
FALLBACKS = ("text/html", "image/png")

#: What building the site needs beyond puzzlelab (JupyterLab brings both).
NEEDS = ("nbconvert", "nbclient")

#: Longest one cell of a lesson may run while the site is built.
CELL_SECONDS = 300


def prefer_static_fallbacks(nb: Json, resources: Json | None = None) -> tuple[Json, Json | None]:
    """Drop the widget view from every output that has a fallback; return ``(nb, resources)``.

    An nbconvert preprocessor. Progress bars (tqdm's) are dropped whole; when no widget view
    is left, the saved widget state goes too.

    There is no example here; ``tests/test_lesson_site.py`` runs it.
    """
    saved = nb.get("metadata", {}).get("widgets", {})
    models = saved.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    code = [cell for cell in nb.get("cells", []) if cell.get("cell_type") == "code"]
    for cell in code:
        cell["outputs"] = [o for o in cell.get("outputs", []) if not _is_progress_bar(o, models)]
    outputs = [output.get("data", {}) for cell in code for output in cell["outputs"]]
    for data in outputs:
        if WIDGET_VIEW in data and any(mime in data for mime in FALLBACKS):
            del data[WIDGET_VIEW]
    if not any(WIDGET_VIEW in data for data in outputs):
        nb.get("metadata", {}).pop("widgets", None)
    return nb, resources


def _is_progress_bar(output: Json, models: dict[str, Json]) -> bool:
    """Whether *output* shows a widget box holding a progress bar, as tqdm's is."""
    view = output.get("data", {}).get(WIDGET_VIEW, {})
    box = models.get(view.get("model_id"), {})
    for child in box.get("state", {}).get("children", []):
        name = models.get(child.removeprefix("IPY_MODEL_"), {}).get("model_name")
        if name in ("FloatProgressModel", "IntProgressModel"):
            return True
    return False


def lesson_title(nb: Json, default: str) -> str:
    """The text of the first heading in the lesson's markdown, without its marks, or *default*.

    Examples
    --------
    >>> lesson_title({"cells": [{"cell_type": "markdown", "source": "## IDA\\\\* `and` *A*"}]}, "")
    'IDA* and A'
    """
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = "".join(cell.get("source", ""))
        heading = re.search(r"^#+\s+(.+?)\s*#*\s*$", source, re.M)
        if heading:
            plain = re.sub(r"(?<!\\)[*`]", "", heading.group(1))  # emphasis and code marks
            return re.sub(r"\\(.)", r"\1", plain)  # then escaped characters, as in "IDA\\*"
    return default


def build_site(notebooks: Iterable[str | Path], out_dir: str | Path) -> list[Path]:
    """Run every lesson in *notebooks*, export each as HTML into *out_dir*, add ``index.html``.

    Return the pages written, the contents page last. What makes a PuzzleError, but a failing
    cell, is found before any lesson runs.

    Examples
    --------
    >>> build_site(["no-such-lesson.ipynb"], "public")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: no lesson at no-such-lesson.ipynb: give the path of a notebook
    (.ipynb)
    """
    lessons = [Path(notebook) for notebook in notebooks]
    _check_can_build(lessons)
    out = writable_folder(Path(out_dir))
    pages, titles = [], []
    for lesson in lessons:
        nb = run_lesson(lesson)
        titles.append(lesson_title(nb, lesson.stem))
        pages.append(out / f"{lesson.stem}.html")
        _write_page(pages[-1], export_html(nb, lesson))
    index = out / INDEX
    _write_page(index, contents_page(list(zip(titles, pages))))
    return [*pages, index]


#: The contents page: no lesson may make a page of this name.
INDEX = "index.html"


def writable_folder(out: Path) -> Path:
    """Return *out*, made if need be, or raise PuzzleError saying why pages cannot go there.

    There is no example here; ``tests/test_lesson_site.py`` runs it.
    """
    if out.exists() and not out.is_dir():
        raise PuzzleError(f"{out} is a file, not a folder: give a folder for the pages")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PuzzleError(f"cannot make the folder {out} for the pages: {error.strerror}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise PuzzleError(f"cannot write into {out}: give a folder you may write into")
    return out


def _write_page(page: Path, html: str) -> None:
    """Write *html* to *page*, whole (renamed into place) or, if that fails, not at all."""
    try:
        write_new(page, html.encode())
    except OSError as error:
        raise PuzzleError(f"cannot write {page}: {error.strerror or error}") from None


def _check_can_build(lessons: list[Path]) -> None:
    """Raise PuzzleError unless nbconvert and nbclient are there, every lesson is a notebook, and
    no two pages (the contents page included) would have the same name.
    """
    missing = [name for name in NEEDS if importlib.util.find_spec(name) is None]
    if missing:
        raise PuzzleError(
            f"the lesson site needs {' and '.join(missing)}: pip install 'puzzlelab[lab]'"
        )
    if not lessons:
        raise PuzzleError("no lessons to build: give at least one notebook (.ipynb)")
    pages: dict[str, Path] = {INDEX: Path(INDEX)}
    for lesson in lessons:
        if not lesson.is_file():
            raise PuzzleError(f"no lesson at {lesson}: give the path of a notebook (.ipynb)")
        page = f"{lesson.stem}.html".casefold()
        if page in pages:
            taken = "the contents page" if page == INDEX else f"the page of {pages[page]}"
            raise PuzzleError(
                f"the page of {lesson} would replace {taken} ({lesson.stem}.html): rename the "
                f"lesson, or leave it out"
            )
        pages[page] = lesson
        read_lesson(lesson)


def read_lesson(lesson: Path) -> NotebookNode:
    """Return the notebook in the file *lesson*, or raise PuzzleError saying why it is none.

    There is no example here; ``tests/test_lesson_site.py`` runs it.
    """
    import nbformat

    try:
        nb = nbformat.read(lesson, as_version=4)
        nbformat.validate(nb)
    except Exception as error:  # not JSON, not a notebook, unreadable: one line says which
        raise PuzzleError(
            f"{lesson} is not a notebook ({one_line(error)}): give a lesson saved by Jupyter "
            "(.ipynb)"
        ) from None
    return nb


def run_lesson(lesson: Path) -> NotebookNode:
    """Return *lesson* run top to bottom on a fresh kernel in its own folder.

    Raise PuzzleError if a cell fails, runs past :data:`CELL_SECONDS`, or the kernel dies;
    KeyboardInterrupt on Ctrl-C or SIGTERM, naming the lesson.

    There is no example here; ``tests/test_lessons_run.py`` runs it.
    """
    from nbclient.exceptions import CellExecutionError

    nb = read_lesson(lesson)
    client = _client_class()(
        nb, timeout=CELL_SECONDS, resources={"metadata": {"path": str(lesson.parent)}}
    )
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}  # the kernel's own logs
    try:
        client.execute(**quiet)
    except BaseException as error:  # nbclient turns Ctrl-C into other errors as it tidies up
        if client.interrupted or isinstance(error, KeyboardInterrupt):
            raise KeyboardInterrupt(
                f"interrupted while {lesson.name} ran; its page was not written"
            ) from None
        if isinstance(error, CellExecutionError):
            raise PuzzleError(f"{lesson.name} did not run: {error.ename}: {error.evalue}") from None
        raise PuzzleError(f"{lesson.name} did not run: {one_line(error)}") from None
    return nb


@functools.cache
def _client_class() -> type[Any]:
    """nbclient's NotebookClient, noting Ctrl-C and SIGTERM (``interrupted``) as it stops."""
    import asyncio
    from collections.abc import AsyncIterator

    from nbclient import NotebookClient

    class LessonClient(NotebookClient):
        interrupted = False

        @contextlib.asynccontextmanager
        async def async_setup_kernel(self, **kwargs: Any) -> AsyncIterator[None]:
            async with super().async_setup_kernel(**kwargs):
                loop = asyncio.get_event_loop()
                with contextlib.suppress(RuntimeError, NotImplementedError, ValueError):
                    for sig in (signal.SIGINT, signal.SIGTERM):
                        loop.add_signal_handler(sig, self.stop)
                yield

        def stop(self) -> None:
            self.interrupted = True
            asyncio.ensure_future(self.shut_down())

        async def shut_down(self) -> None:
            done: Any = None if self.km is None else self.km.shutdown_kernel(now=True)
            if inspect.isawaitable(done):
                await done

    return LessonClient


def export_html(nb: NotebookNode, lesson: Path) -> str:
    """Return the run lesson *nb* as one offline HTML page; its images are in *lesson*'s folder.

    There is no example here; ``tests/test_lesson_site.py`` runs it.
    """
    resources = {"metadata": {"path": str(lesson.parent)}}
    html, _ = lesson_exporter()().from_notebook_node(nb, resources=resources)
    return html


#: The name of puzzlelab's page template (JupyterLab's, without the scripts it loads from
#: the network: require.js, needed only by widget views, and MathJax, unused by the lessons).
TEMPLATE_FILE = "puzzlelab_lesson.html.j2"
TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
"""


@functools.cache
def lesson_exporter() -> type[HTMLExporter]:
    """Return ``LessonExporter``, made on first use: run lessons as pages that work offline.

    ``jupyter nbconvert --to lesson --execute LESSON.ipynb`` uses it. A page has JupyterLab's
    look, embedded images, the widgets' fallbacks and no script from the network.
    """
    import jinja2
    from nbconvert import HTMLExporter
    from traitlets import default

    class LessonExporter(HTMLExporter):
        """HTML of a run lesson that needs no kernel and no network."""

        export_from_notebook = "Lesson page (offline)"

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.register_preprocessor(prefer_static_fallbacks, enabled=True)

        @default("template_name")
        def _template_name(self) -> str:
            return "lab"

        @default("template_file")
        def _template_file(self) -> str:
            return TEMPLATE_FILE

        @default("embed_images")
        def _embed_images(self) -> bool:
            return True

        @default("extra_loaders")
        def _extra_loaders(self) -> list[jinja2.BaseLoader]:
            return [jinja2.DictLoader({TEMPLATE_FILE: TEMPLATE})]

    return LessonExporter


def __getattr__(name: str) -> type[HTMLExporter]:
    """``LessonExporter``, made when first asked for (nbconvert's entry point)."""
    if name == "LessonExporter":
        return lesson_exporter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def contents_page(entries: Iterable[tuple[str, Path]]) -> str:
    """Return ``index.html``: a list of links to the pages in *entries*, ``(title, path)`` pairs.

    There is no example here; ``tests/test_hostile_cli.py`` runs it.
    """
    items = "\n".join(
        f'<li><a href="{escape(path.name)}">{escape(title)}</a></li>' for title, path in entries
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>puzzlelab lessons</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
       font-size: 18px; line-height: 1.5; }}
li {{ margin: 0.4em 0; }}
</style>
</head>
<body>
<h1>puzzlelab lessons</h1>
<p>State-space search, one lesson a page. Every page was run and works offline; to change
the code and run it yourself, open the lessons in JupyterLab (<code>make lab</code>).</p>
<ul>
{items}
</ul>
</body>
</html>
"""
