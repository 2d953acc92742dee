"""The lesson site, opened from disk in Chromium with the network cut off.

The site is built once (``build_site``) from lesson 2 and a small notebook with a
SolutionPlayer (lesson 2 has none), into a temporary folder. Every page must show
something in every output, load every picture without stretching it, and the
player must step when its forward button is clicked, with no kernel and no network.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom.site import build_site

from .lab_driver import EMPTY_OUTPUTS, IMAGES, block_all_but_files

pytestmark = pytest.mark.browser

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "02_write_your_own_search.ipynb"

PLAYER_CELL = """\
from puzzlelab import SlidingPuzzle
from puzzlelab.search import bfs
from puzzlelab.widgets import SolutionPlayer

puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
SolutionPlayer(puzzle, bfs(puzzle))"""

# JavaScript run in the page -------------------------------------------------

#: What each stepper on the page shows now: its pictures' alt text, the readout, the controls.
STEPPERS = """() => [...document.querySelectorAll('.puzzlelab-stepper')].map(s => ({
    shown: [...s.querySelectorAll('.puzzlelab-stepper-view img')]
        .filter(img => img.offsetParent !== null).map(img => img.alt),
    readout: (s.querySelector('.puzzlelab-stepper-readout') || {}).textContent,
    controls: s.querySelector('.puzzlelab-stepper-controls') !== null,
    forward: !(s.querySelector('.puzzlelab-stepper-forward') || {}).disabled,
}))"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Build the site of lesson 2 and a player notebook; return its folder."""
    folder = tmp_path_factory.mktemp("lessons")
    player = folder / "player.ipynb"
    cells = [nbformat.v4.new_markdown_cell("# A solution player"),
             nbformat.v4.new_code_cell(PLAYER_CELL)]  # fmt: skip
    nbformat.write(nbformat.v4.new_notebook(cells=cells), player)
    out = tmp_path_factory.mktemp("site")
    build_site([LESSON, player], out)
    return out


@pytest.fixture
def offline(chromium):
    """Yield a function that opens a file of the site in a page with no network."""
    contexts, requests = [], []

    def open_page(path: Path, javascript=True):
        context = chromium.new_context(
            viewport={"width": 1400, "height": 1000}, java_script_enabled=javascript
        )
        contexts.append(context)
        context.route("**/*", lambda route: block_all_but_files(route, requests))
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(path.as_uri(), wait_until="load")
        return page

    open_page.blocked = requests  # what the pages asked of the network
    yield open_page
    for context in contexts:
        context.close()


# Tests -------------------------------------------------------------------------


def test_the_contents_page_links_every_lesson(offline, site):
    page = offline(site / "index.html")
    links = page.eval_on_selector_all("a", "links => links.map(a => [a.textContent, a.href])")
    assert [Path(href).name for _, href in links] == [
        "02_write_your_own_search.html",
        "player.html",
    ]
    assert links[0][0].startswith("Lesson 2") and links[1][0] == "A solution player"
    page.click("text=A solution player")
    page.wait_for_selector(".puzzlelab-stepper")


@pytest.mark.parametrize("name", ["02_write_your_own_search.html", "player.html"])
def test_every_output_shows_something_and_no_picture_is_stretched(offline, site, name):
    page = offline(site / name)
    assert offline.blocked == [], "a page asked for something from the network"
    assert page.locator(".jp-OutputArea-output").count() > 0
    assert page.evaluate(EMPTY_OUTPUTS) == []
    images = page.evaluate(IMAGES)
    assert images
    for image in images:
        assert image["complete"] and image["natural"][0] > 0, image["alt"]
        if image["visible"]:
            assert image["shown"][0] <= image["natural"][0] + 0.5, image
            assert image["shown"][1] <= image["natural"][1] + 0.5, image


def test_the_player_steps_offline_when_forward_and_back_are_clicked(offline, site):
    page = offline(site / "player.html")
    (stepper,) = page.evaluate(STEPPERS)
    assert stepper["controls"] and stepper["readout"] == "step 0 / 2"
    assert len(stepper["shown"]) == 1 and stepper["shown"][0].startswith("start")
    page.click(".puzzlelab-stepper-forward")
    (stepper,) = page.evaluate(STEPPERS)
    assert stepper["readout"] == "step 1 / 2" and stepper["shown"] == ["step 1 of 2: slide 7"]
    page.click(".puzzlelab-stepper-forward")
    (stepper,) = page.evaluate(STEPPERS)
    assert stepper["readout"] == "step 2 / 2" and stepper["shown"][0].startswith("step 2 of 2")
    assert not stepper["forward"]  # the last frame: forward is off
    page.click(".puzzlelab-stepper-back")
    page.locator(".puzzlelab-stepper-slider").fill("0")
    (stepper,) = page.evaluate(STEPPERS)
    assert stepper["readout"] == "step 0 / 2" and stepper["shown"][0].startswith("start")
    page.locator(".puzzlelab-stepper").press("ArrowRight")  # the keys a presenter's clicker sends
    assert page.evaluate(STEPPERS)[0]["readout"] == "step 1 / 2"


def test_without_javascript_the_player_shows_its_first_frame_and_no_controls(offline, site):
    page = offline(site / "player.html", javascript=False)
    (stepper,) = page.evaluate(STEPPERS)  # Playwright's own scripts still run
    assert len(stepper["shown"]) == 1 and stepper["shown"][0].startswith("start")
    assert not stepper["controls"]
