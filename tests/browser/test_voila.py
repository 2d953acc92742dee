"""A lesson as an app: Voila (installed by ``make lab``) runs it and its widgets step.

Voila runs every cell when the page opens and shows only the outputs. Lesson 0 is
served, opened in Chromium, and must show its solution players with no error;
a click on *next* must show the next frame, and its exercises say where to answer them.
Lesson 4, the longest to run, must show its first content within seconds (``voila.json``
turns progressive rendering on), and its kernel must end once its page is closed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from puzzlelab.exercises.answers import IN_AN_APP

from .lab_driver import running_voila

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON = NOTEBOOKS / "00_first_search_problem_water_jugs.ipynb"

#: Seconds lesson 4 may take to show its first content (measured: about 3 s; it was over 45 s
#: before progressive rendering), with room for a slow machine.
FIRST_CONTENT_SECONDS = 20

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
    said = f"() => [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.innerText.includes({IN_AN_APP!r})).length"
    page.wait_for_function(f"() => ({said})() >= 3", timeout=60_000)  # the last cells have run
    assert page.evaluate(said) == 3  # lesson 0's three exercises say where to answer them


def kernels_of(process) -> list[int]:
    """The process ids of the kernels the server *process* started (its ipykernel children)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:  # ended meanwhile
                continue
            if f"PPid:\t{process.pid}\n" in status and b"ipykernel" in command:
                found.append(int(entry.name))
    return found


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
        assert len(kernels_of(app["process"])) == 1
        page.goto("about:blank")  # the page is closed: its kernel has no connection left
        deadline = time.monotonic() + 120
        while kernels_of(app["process"]) and time.monotonic() < deadline:
            time.sleep(1)
        assert kernels_of(app["process"]) == [], "the closed page's kernel still runs"
        assert "Culling kernels with idle durations > 3 seconds" in app["log"].read_text()
    assert os.environ.get("SERVER_SOFTWARE") is None  # the tests themselves are no app
