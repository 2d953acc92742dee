"""The lessons in a real JupyterLab and a real browser: they run, widgets answer clicks.

For every lesson in ``notebooks/`` (:data:`LESSONS`): open it, run all cells, wait for the
kernel to finish, and check that no cell shows an error and every stepper steps. Lesson 1
also has its solution player clicked: the board it shows must change. Then, with the side
bar open, the window takes each size of a classroom (1024x768, 1280x720, and 1280x720 at 150%
zoom): no figure or widget may be wider than its column, no stepper over 700 px high
(``test_projector.py`` does the same with ``lesson_style(large=True)``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .lab_driver import (
    OUTPUTS,
    PROMPTS,
    measured_at_every_size,
    open_lesson,
    run_all_cells,
    wait_until_done,
)

pytestmark = pytest.mark.browser

#: Every lesson in notebooks/ is driven in the browser.
LESSONS = sorted(path.name for path in (Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))

#: What a cell must not show: an error, or a widget still "Loading" once the run is over.
ERROR_TEXT = re.compile(r"Traceback|\b[A-Z]\w*Error\b|Error displaying widget|Loading widget")

# Steps -------------------------------------------------------------------------


def cells_not_run(page) -> list[int]:
    """Return the numbers (from 0) of the code cells that show no execution count."""
    prompts = page.evaluate(PROMPTS)
    return [i for i, prompt in enumerate(prompts) if not re.search(r"\[\d+\]", prompt)]


def error_outputs(page) -> list[str]:
    """Return the text of every output that looks like an error."""
    found = []
    for output in page.evaluate(OUTPUTS):
        if "application/vnd.jupyter.stderr" in output["mime"] and re.search(
            r"Traceback|Error", output["text"]
        ):
            found.append(output["text"])
        elif ERROR_TEXT.search(output["text"]):
            found.append(output["text"])
    return found


# Tests -------------------------------------------------------------------------


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_without_errors(page, jupyter_lab, name):
    assert (jupyter_lab["root"] / name).exists(), f"{name} is missing from notebooks/"
    open_lesson(page, jupyter_lab, name)
    run_all_cells(page)
    wait_until_done(page)
    errors = error_outputs(page)
    assert not errors, f"{name} shows errors:\n" + "\n---\n".join(errors)
    assert not cells_not_run(page), f"code cells {cells_not_run(page)} of {name} did not run"
    check_every_stepper_steps(page)
    if name.startswith("01_"):
        check_solution_player(page)
    too_big = measured_at_every_size(page, name)
    assert not too_big, "\n".join(f"{size}: {found}" for size, found in too_big.items())


#: Clicks next (previous, at the last frame) in every stepper with controls (a one-frame
#: stepper and PredictNext hide them); returns those whose frame stayed.
CLICK_EVERY_STEPPER = """() => [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .puzzlelab-stepper')]
    .filter(stepper => stepper.querySelector('.puzzlelab-stepper-controls').style.display !== 'none')
    .filter(stepper => {
    const readout = stepper.querySelector('.puzzlelab-stepper-readout');
    const forward = stepper.querySelector('.puzzlelab-stepper-forward');
    const back = stepper.querySelector('.puzzlelab-stepper-back');
    const before = readout.textContent;
    (forward.disabled ? back : forward).click();
    return readout.textContent === before;
}).map(stepper => stepper.innerText.slice(0, 120))"""


def check_every_stepper_steps(page):
    """Every player and replay of the lesson answers a click."""
    stuck = page.evaluate(CLICK_EVERY_STEPPER)
    assert stuck == [], f"steppers that did not step: {stuck}"


VISIBLE_BOARD = """(player) => {
    const shown = [...player.querySelectorAll('img')].filter(img => img.offsetParent !== null);
    return shown.length ? shown[0].getAttribute('src') : null;
}"""


def shown_board(player) -> str | None:
    """Return the src of the board picture the player shows now (the visible <img>)."""
    return player.evaluate(VISIBLE_BOARD)


def wait_for_other_board(page, player, before, seconds):
    deadline_ms = seconds * 1000
    page.wait_for_function(
        f"([player, before]) => ({VISIBLE_BOARD})(player) !== before",
        arg=[player.element_handle(), before],
        timeout=deadline_ms,
        polling=200,
    )
    return shown_board(player)


def check_solution_player(page):
    player = page.locator(".puzzlelab-stepper").first
    player.scroll_into_view_if_needed()
    start = shown_board(player)
    assert start, "the solution player shows no board picture"
    player.locator("button", has_text=re.compile(r"next", re.I)).first.click()
    after_next = wait_for_other_board(page, player, start, 10)
    assert after_next != start, "the player's next button did not change the board"
    player.locator(".puzzlelab-stepper-play").first.click()
    after_play = wait_for_other_board(page, player, after_next, 15)
    assert after_play not in (after_next, None), "the play button did not move the board"
