"""Sphinx configuration for puzzlelab's documentation site.

Build it with ``make docs`` (or ``sphinx-build -b html docs docs/_build/html``) and open
``docs/_build/html/index.html``. The pages are Markdown (MyST); the lessons come in as
notebooks through myst-nb, copied at build time from ``../notebooks`` into ``lessons/``
(ignored by git) and shown as stored, without running them. The site asks nothing of the
network when it is opened: no intersphinx, no fonts or scripts from a CDN, no MathJax.
"""

from __future__ import annotations

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

# The lessons are stored without outputs; running them belongs to the lesson site (make site).
nb_execution_mode = "off"
# Widget state would load the widget manager from a CDN; the stored lessons carry none.
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
