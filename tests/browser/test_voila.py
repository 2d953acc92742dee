"""A lesson as an app: Voila (installed by ``make lab``) runs it and its widgets step.

Voila runs every cell when the page opens and shows only the outputs. Lesson 0 is
served, opened in Chromium, and must show its solution players with no error;
a click on *next* must show the next frame, and its exercises say where to answer them.
Lesson 4, the longest to run, must show its first content within seconds (``voila.json``
turns progressive rendering on), and its kernel must end once its page is closed.
Served as ``make class`` serves it, with kernels that ran the lesson ahead, a page shows
its lesson as soon as it opens, and its players step. puzzlelab's template shows the lesson's
text before Voila's scripts have loaded.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from puzzlelab.exercises.answers import IN_AN_APP

from .lab_driver import class_options, kernels_of, running_voila, wait_for_a_pool_that_has_run

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON = NOTEBOOKS / "00_first_search_problem_water_jugs.ipynb"

#: Seconds lesson 4 may take to show its first content (measured: about 3 s; it was over 45 s
#: before progressive rendering), with room for a slow machine.
FIRST_CONTENT_SECONDS = 20

#: How many outputs are an exercise telling an app's user where to answer it.
SAYS_WHERE_TO_ANSWER = f"""() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(o => o.innerText.includes({IN_AN_APP!r})).length"""

ERRORS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .map(o => o.innerText).filter(t => /Traceback|Error/.test(t)).map(t => t.slice(0, 300))"""


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    with running_voila(LESSON, tmp_path_factory.mktemp("voila")) as app:
        yield app


def test_a_lesson_opens_as_an_app_and_its_players_step(page, voila):
    page.goto(voila["url"], timeout=120_000)
    page.wait_for_selector(".puzzlelab-stepper", timeout=120_000)
    page.wait_for_function(
        "() => document.querySelectorAll('.puzzlelab-stepper').length >= 2", timeout=60_000
    )
    assert page.evaluate(ERRORS) == []
    readout = page.locator(".puzzlelab-stepper-readout").first
    assert readout.text_content() == "step 0 of 7"
    page.locator(".puzzlelab-stepper-forward").first.click()
    assert readout.text_content() == "step 1 of 7"
    assert "Error" not in voila["log"].read_text()
    page.wait_for_function(
        f"() => ({SAYS_WHERE_TO_ANSWER})() >= 3", timeout=60_000
    )  # the last cells have run
    assert (
        page.evaluate(SAYS_WHERE_TO_ANSWER) == 3
    )  # lesson 0's three exercises say where to answer them


def test_the_lesson_text_shows_before_voilas_scripts_have_loaded(chromium, voila):
    """puzzlelab's template (``voila.json``) shows the text as it arrives: in a class opening
    many pages at once, Voila's 5 MB of scripts take many seconds to load in each."""
    context = chromium.new_context(
        viewport={"width": 1280, "height": 720}, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto(voila["url"], timeout=120_000)
        title = page.locator("#rendered_cells h1").first
        assert title.is_visible()
        assert title.text_content().startswith("Lesson 0")
        assert page.locator("#loading").bounding_box()["height"] < 60  # a badge, not a veil
    finally:
        context.close()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the kernels from /proc (Linux)")
def test_a_long_lesson_shows_its_first_content_at_once_and_its_closed_page_ends_its_kernel(
    page, tmp_path
):
    cull = ["--MappingKernelManager.cull_idle_timeout=3", "--MappingKernelManager.cull_interval=1"]
    lesson = NOTEBOOKS / "04_heuristic_search.ipynb"
    with running_voila(lesson, tmp_path / "voila", *cull) as app:
        started = time.monotonic()
        page.goto(app["url"], timeout=120_000, wait_until="commit")
        page.wait_for_selector(".jp-RenderedMarkdown", timeout=120_000)
        first = time.monotonic() - started
        assert first < FIRST_CONTENT_SECONDS, f"first content after {first:.1f} s"
        page.wait_for_selector(".puzzlelab-stepper", timeout=120_000)
        assert len(kernels_of(app["process"].pid)) == 1
        page.goto("about:blank")  # the page is closed: its kernel has no connection left
        deadline = time.monotonic() + 120
        while kernels_of(app["process"].pid) and time.monotonic() < deadline:
            time.sleep(1)
        assert not kernels_of(app["process"].pid), "the closed page's kernel still runs"
        assert "Culling kernels with idle durations > 3 seconds" in app["log"].read_text()
    assert os.environ.get("SERVER_SOFTWARE") is None  # the tests themselves are no app


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the kernels from /proc (Linux)")
def test_a_class_served_with_kernels_run_ahead_sees_its_lesson_at_once(page, tmp_path):
    with running_voila(LESSON, tmp_path / "voila", *class_options(pages=2)) as app:
        wait_for_a_pool_that_has_run(app["process"].pid, kernels=2)
        started = time.monotonic()
        page.goto(app["url"], timeout=120_000, wait_until="commit")
        page.wait_for_selector(".puzzlelab-stepper", timeout=60_000)
        shown = time.monotonic() - started
        assert shown < 5, f"the lesson, run ahead, took {shown:.1f} s to show"
        assert (
            page.evaluate(SAYS_WHERE_TO_ANSWER) == 3
        )  # the whole lesson is there: its last cells too
        readout = page.locator(".puzzlelab-stepper-readout").first
        page.locator(".puzzlelab-stepper-forward").first.click()
        assert readout.text_content() == "step 1 of 7"  # its kernel answers the widgets
        assert "Using pre-heated kernel" in app["log"].read_text()
