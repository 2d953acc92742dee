"""A lesson as an app: Voila (installed by ``make lab``) runs it and its widgets step.

Voila runs every cell when the page opens and shows only the outputs. Lesson 0 is
served, opened in Chromium, and must show its solution players with no error;
a click on *next* must show the next frame.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .lab_driver import running_voila

pytestmark = pytest.mark.browser

LESSON = (
    Path(__file__).resolve().parents[2] / "notebooks" / "00_first_search_problem_water_jugs.ipynb"
)

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
    assert readout.text_content() == "step 0 / 7"
    page.locator(".puzzlelab-stepper-forward").first.click()
    assert readout.text_content() == "step 1 / 7"
    assert "Error" not in voila["log"].read_text()
