"""The lessons in a real JupyterLab and a real browser: they run, widgets answer clicks.

For every lesson in ``notebooks/`` (:data:`LESSONS`): open it, run all cells, wait for the
kernel to finish, and check that no cell shows an error. Lesson 1 also has its
solution player clicked: the board it shows must change.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

#: Every lesson in notebooks/ is driven in the browser.
LESSONS = sorted(path.name for path in (Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))

RUN_SECONDS = 120  # to run every cell of one lesson
ERROR_TEXT = re.compile(r"Traceback|\b[A-Z]\w*Error\b|Error displaying widget")

# JavaScript run in the page -------------------------------------------------

PROMPTS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt')]
    .map(p => p.textContent.trim())"""

RUN_STARTED = f"() => ({PROMPTS})().some(p => /\\[(\\*|\\d+)\\]/.test(p))"

RUN_FINISHED = f"""() => {{
    const prompts = ({PROMPTS})();
    const indicator = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    return prompts.length > 0 && !prompts.some(p => p.includes('*'))
        && indicator !== null && indicator.getAttribute('data-status') === 'idle';
}}"""

KERNEL_IDLE = """() => {
    const indicator = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
    return indicator !== null && indicator.getAttribute('data-status') === 'idle';
}"""

KERNEL_READY = """() => {
    const name = document.querySelector(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-KernelName');
    const status = document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar');
    return name !== null && !/No Kernel/.test(name.textContent)
        && status !== null && /Idle/.test(status.textContent);
}"""

OUTPUTS = """() => [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')].map(o => ({
    mime: o.getAttribute('data-mime-type') || '',
    text: o.innerText.slice(0, 2000),
}))"""


# Steps -------------------------------------------------------------------------


def open_lesson(page, lab, name):
    # ?reset: start from an empty workspace, so earlier lessons' tabs are not restored
    page.goto(f"{lab['url']}/lab/tree/{name}?reset&token={lab['token']}")
    shown = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"
    page.locator(shown).first.wait_for(timeout=60_000)
    select = page.locator(".jp-Dialog button", has_text=re.compile(r"^Select$"))
    try:  # JupyterLab may ask which kernel to start
        select.wait_for(timeout=3_000)
        select.click()
    except PlaywrightTimeout:
        pass
    page.wait_for_function(KERNEL_READY, timeout=60_000)


def run_all_cells(page):
    """Run > Run All Cells from the menu bar; the command palette if the menu is not there."""
    menu = page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$"))
    if menu.count():
        menu.first.click()
        item = page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
        item.first.click()
    else:
        page.keyboard.press("Control+Shift+C")
        page.keyboard.type("Run All Cells")
        page.keyboard.press("Enter")


def wait_until_done(page):
    """Wait until no cell is queued or running: all ran, or an error stopped the run."""
    page.wait_for_function(RUN_STARTED, timeout=30_000, polling=200)
    page.wait_for_function(RUN_FINISHED, timeout=RUN_SECONDS * 1000, polling=500)


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
    if name.startswith("01_"):
        check_solution_player(page)


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
