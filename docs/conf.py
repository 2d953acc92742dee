"""Sphinx configuration for puzzlelab's documentation site.

Build it with ``make docs`` (or ``sphinx-build -b html docs docs/_build/html``) and open
``docs/_build/html/index.html``. The pages are Markdown (MyST); the lessons come in as
notebooks through myst-nb, copied at build time from ``../notebooks`` into ``lessons/``
(ignored by git) and run on a fresh kernel, so their pages hold every figure, and every
widget as the picture or the stepper it offers pages without a kernel. The site asks
nothing of the network when it is opened: no intersphinx, no fonts or scripts from a CDN,
no MathJax, no widget manager.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import puzzlelab  # noqa: E402

# -- The lessons: copied from notebooks/, never edited here ------------------------------------

LESSONS = HERE / "lessons"
if LESSONS.exists():
    shutil.rmtree(LESSONS)
LESSONS.mkdir()
for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
    shutil.copyfile(notebook, LESSONS / notebook.name)

# -- Project ------------------------------------------------------------------------------------

project = "puzzlelab"
author = "the puzzlelab developers"
copyright = "the puzzlelab developers"  # noqa: A001 (Sphinx's name)
version = release = puzzlelab.__version__

# -- Extensions ---------------------------------------------------------------------------------

extensions = [
    "myst_nb",  # Markdown pages and the lesson notebooks (myst-parser comes with it)
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",  # the package's numpydoc docstrings
]

exclude_patterns = ["_build", "**.ipynb_checkpoints", "conf.py"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# The lessons are stored without outputs: each is run here, top to bottom, on a fresh kernel
# (a lesson that fails fails the build). Kept in docs/_build/.jupyter_cache until it changes.
nb_execution_mode = "cache"
nb_execution_cache_path = str(HERE / "_build" / ".jupyter_cache")
nb_execution_timeout = 300  # seconds a cell may take
nb_execution_raise_on_error = True
os.environ["TQDM_DISABLE"] = "1"  # progress bars mean nothing on a page (the kernels inherit it)
# The lessons' kernel, as Jupyter's own "python3" but quiet: ipykernel warns on every start
# that its connection is TCP on this machine's loopback, which is all it is here.
KERNELS = HERE / "_build" / "kernels"
(KERNELS / "kernels" / "python3").mkdir(parents=True, exist_ok=True)
(KERNELS / "kernels" / "python3" / "kernel.json").write_text(
    json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}",
                 "--IPKernelApp.log_level=ERROR"],
        "display_name": "Python 3", "language": "python", "metadata": {"debugger": False},
    })
)  # fmt: skip
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(KERNELS), *filter(None, [os.environ.get("JUPYTER_PATH")])]
)
# A widget's view would need a widget manager from a CDN: the pages show what each widget
# offers pages without a kernel instead (its picture, or a stepper that steps by itself).
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_ipywidgets_js = {}

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# The lessons number their own headings for the notebook, not for the site's contents.
suppress_warnings = ["myst.header"]

autodoc_default_options = {"members": True, "imported-members": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autosummary_generate = False
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False

# -- HTML: everything from disk -----------------------------------------------------------------

html_theme = "pydata_sphinx_theme"
html_title = "puzzlelab"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 6,
    "footer_start": ["copyright"],
    "footer_center": [],
    "footer_end": [],
}
html_show_sourcelink = False
html_copy_source = False

# -- autosummary's one-line summaries ------------------------------------------------------------
# autosummary ends a summary at the first period followed by a space, which cuts a docstring
# such as "every k-th of ``0 .. count-1``" inside its literal. A sentence here ends at a period
# followed by a space and a capital letter, a quote or a backtick.
import re  # noqa: E402

from sphinx.ext import autosummary  # noqa: E402

autosummary.periods_re = re.compile(r"\.(?:\s+)(?=[A-Z`\"'(*])")

# -- A text alternative for each figure of a lesson -----------------------------------------------
# myst-nb gives a lesson's figures no alt text, so a screen reader says the image's file name.
# A lesson shows a figure for a claim its text has just made: that sentence describes it.
from typing import Any  # noqa: E402

from docutils import nodes  # noqa: E402

#: The longest alt text, in characters: a screen reader reads it whole.
ALT_LENGTH = 200


def describe_figures(app: Any, doctree: nodes.document) -> None:
    """Give each lesson figure with no alt text the last sentence of the text before it."""
    claim = ""
    for node in doctree.findall(lambda node: isinstance(node, (nodes.paragraph, nodes.image))):
        if isinstance(node, nodes.paragraph):
            claim = node.astext()
        elif not node.get("alt") or node["alt"] == node["uri"]:
            sentences = [part for part in re.split(r"(?<=[.:?!])\s+", claim.strip()) if part]
            text = sentences[-1] if sentences else "a figure of the lesson"
            if len(text) > ALT_LENGTH:
                text = text[:ALT_LENGTH] + "…"
            node["alt"] = "Figure: " + text


def setup(app: Any) -> None:
    app.connect("doctree-read", describe_figures)
