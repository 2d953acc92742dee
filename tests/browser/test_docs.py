"""The documentation site, built with Sphinx and opened from disk in Chromium, offline.

The site is built once (``site``) into a temporary folder, as ``make docs`` builds it (a
warning fails the build). Its
pages must name the project, the API page of :mod:`puzzlelab.search` must list ``astar``, and
no page may ask anything of the network: no fonts, scripts or pictures from elsewhere.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .lab_driver import block_all_but_files

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Build the documentation site into a temporary folder; return the folder."""
    out = tmp_path_factory.mktemp("docs")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "-d", str(out / ".doctrees"),
         str(DOCS), str(out / "html")],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    return out / "html"


@pytest.fixture
def offline(chromium):
    """Yield a function that opens a page of the site with the network cut off."""
    contexts, requests = [], []

    def open_page(path: Path):
        context = chromium.new_context(viewport={"width": 1400, "height": 1000})
        contexts.append(context)
        context.route("**/*", lambda route: block_all_but_files(route, requests))
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(path.as_uri(), wait_until="load")
        return page

    open_page.blocked = requests  # whatever a page asked of the network
    yield open_page
    for context in contexts:
        context.close()


def test_the_front_page_names_the_project_and_loads_nothing_from_the_network(site, offline):
    page = offline(site / "index.html")
    assert "puzzlelab" in page.title()
    assert "puzzlelab" in page.locator("h1").first.inner_text()
    page.wait_for_load_state("networkidle")
    assert offline.blocked == [], "the front page asked for something from the network"


def test_the_search_api_page_lists_astar_and_loads_nothing_from_the_network(site, offline):
    page = offline(site / "api" / "search.html")
    table = page.locator("table.autosummary").first.inner_text()
    assert "astar" in table and "bfs" in table
    assert page.locator("dt#puzzlelab\\.search\\.astar").count() == 1
    page.wait_for_load_state("networkidle")
    assert offline.blocked == [], "the API page asked for something from the network"


def test_the_lesson_pages_load_nothing_from_the_network(site, offline):
    for path in [site / "lessons.html", *sorted((site / "lessons").glob("*.html"))[:2]]:
        offline(path).wait_for_load_state("networkidle")
    assert offline.blocked == [], "a lesson page asked for something from the network"
