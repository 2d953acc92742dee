"""The documentation site, built with Sphinx and opened from disk in Chromium, offline.

The site is built once (``site``) into a temporary folder, as ``make docs`` builds it (a
warning, or a lesson that fails as it runs, fails the build). Its pages must name the
project, the API page of :mod:`puzzlelab.search` must list ``astar``, every lesson page must
show every picture whole and step every stepper with no kernel, nothing in a lesson's outputs
may reach past their column on a projector's screen, and no page may ask anything of the
network: no fonts, scripts or pictures from elsewhere.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .lab_driver import IMAGES, block_all_but_files

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Build the documentation site, every lesson run, into a temporary folder; return it."""
    out = tmp_path_factory.mktemp("docs")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "-d", str(out / ".doctrees"),
         "-D", "nb_execution_mode=force",  # run every lesson now, never from make docs' cache
         str(DOCS), str(out / "html")],
        capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    assert "Kernel is running over TCP" not in build.stderr  # the build is quiet
    return out / "html"


@pytest.fixture
def offline(chromium):
    """Yield a function that opens a page of the site with the network cut off."""
    contexts, requests = [], []

    def open_page(path: Path, javascript: bool = True, size: tuple[int, int] = (1400, 1000)):
        context = chromium.new_context(
            viewport={"width": size[0], "height": size[1]}, java_script_enabled=javascript
        )
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


LESSONS = sorted(path.stem for path in (DOCS.parent / "notebooks").glob("*.ipynb"))

#: What each stepper on a page shows now: its pictures' alt text, the readout, the controls.
STEPPERS = """() => [...document.querySelectorAll('.puzzlelab-stepper')].map(s => ({
    shown: [...s.querySelectorAll('.puzzlelab-stepper-view img')]
        .filter(img => img.offsetParent !== null).map(img => img.alt),
    readout: (s.querySelector('.puzzlelab-stepper-readout') || {}).textContent,
    controls: s.querySelector('.puzzlelab-stepper-controls') !== null,
    forward: !(s.querySelector('.puzzlelab-stepper-forward') || {}).disabled,
}))"""

#: Clicks forward (back at the last frame) in every stepper; returns those whose frame stayed.
CLICK_EVERY_STEPPER = """() => [...document.querySelectorAll('.puzzlelab-stepper')]
    .filter(stepper => stepper.querySelector('.puzzlelab-stepper-controls').style.display !== 'none')
    .filter(stepper => {
        const readout = stepper.querySelector('.puzzlelab-stepper-readout');
        const forward = stepper.querySelector('.puzzlelab-stepper-forward');
        const before = readout.textContent;
        (forward.disabled ? stepper.querySelector('.puzzlelab-stepper-back') : forward).click();
        return readout.textContent === before;
    }).map(stepper => stepper.innerText.slice(0, 120))"""

#: Outputs shown as text that are a widget's name, not what it shows (no page of its own).
WIDGETS_AS_TEXT = """() => [...document.querySelectorAll('.cell_output pre')]
    .map(pre => pre.innerText.trim())
    .filter(text => /^(HBox|VBox|Box|Output|Button|IntSlider|Play|HTML|Label)\\(/.test(text))"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_page_shows_every_output_and_steps_with_no_kernel(site, offline, lesson):
    page = offline(site / "lessons" / f"{lesson}.html")
    page.wait_for_load_state("networkidle")
    assert page.locator(".cell_output").count() > 0, "the lesson was not run"
    for image in page.evaluate(IMAGES):
        assert image["complete"] and image["natural"][0] > 0, image["alt"]
        assert image["alt"] and "_images/" not in image["alt"], image  # words, not a file name
        if image["visible"] and not image["src"].startswith("data:image/svg"):
            assert image["shown"][0] <= image["natural"][0] + 0.5, image  # no blurred picture
    assert page.evaluate(WIDGETS_AS_TEXT) == [], "widgets shown as their name"
    assert page.evaluate(CLICK_EVERY_STEPPER) == [], "steppers that did not step"
    assert offline.blocked == [], "the lesson page asked for something from the network"


def test_a_solution_player_steps_offline_by_buttons_slider_and_keys(site, offline):
    page = offline(site / "lessons" / "00_first_search_problem_water_jugs.html")
    first = page.locator(".puzzlelab-stepper").first
    stepper = page.evaluate(STEPPERS)[0]
    assert stepper["controls"] and stepper["readout"].startswith("step 0 of ")
    assert len(stepper["shown"]) == 1 and stepper["shown"][0].startswith("start")
    first.locator(".puzzlelab-stepper-forward").click()
    stepper = page.evaluate(STEPPERS)[0]
    assert stepper["readout"].startswith("step 1 of ") and stepper["shown"][0].startswith("step 1")
    first.locator(".puzzlelab-stepper-back").click()
    assert page.evaluate(STEPPERS)[0]["readout"].startswith("step 0 of ")
    first.press("ArrowRight")  # the key a presenter's clicker sends
    assert page.evaluate(STEPPERS)[0]["readout"].startswith("step 1 of ")
    first.locator(".puzzlelab-stepper-slider").fill("0")
    assert page.evaluate(STEPPERS)[0]["readout"].startswith("step 0 of ")


def test_without_javascript_a_player_shows_its_first_frame_and_no_controls(site, offline):
    page = offline(site / "lessons" / "00_first_search_problem_water_jugs.html", javascript=False)
    stepper = page.evaluate(STEPPERS)[0]  # Playwright's own scripts still run
    assert len(stepper["shown"]) == 1 and stepper["shown"][0].startswith("start")
    assert not stepper["controls"]


#: The parts of a page's outputs that reach past the right edge of their output's column.
PAST_THE_COLUMN = """() => [...document.querySelectorAll('.cell_output')].flatMap(output => {
    const right = output.getBoundingClientRect().right + 1;
    return [...output.querySelectorAll('*')]
        .filter(part => part.getBoundingClientRect().right > right)
        .map(part => part.tagName + ' ' + (part.getAttribute('alt') || part.getAttribute('class')
            || (part.innerText || '').slice(0, 40)));
})"""


@pytest.mark.parametrize(
    "size", [(1024, 768), (1280, 720)], ids=lambda size: "x".join(map(str, size))
)
def test_no_lesson_output_reaches_past_its_column_on_a_projector(site, offline, size):
    past = {}
    for lesson in LESSONS:
        page = offline(site / "lessons" / f"{lesson}.html", size=size)
        page.wait_for_load_state("networkidle")
        if found := page.evaluate(PAST_THE_COLUMN):
            past[lesson] = found[:5]
    assert past == {}, "outputs wider than their column"
