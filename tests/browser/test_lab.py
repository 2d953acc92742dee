"""The lessons in a real JupyterLab and a real browser: they run, widgets answer clicks.

For every lesson in :data:`LESSONS`: open it, run all cells, wait for the
kernel to finish, and check that no cell shows an error. Lesson 1 also has its
solution player clicked: the board it shows must change.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

#: The lessons driven in the browser; add later lessons here.
LESSONS = [
    "01_state_spaces_and_bfs.ipynb",
    "02_bidirectional_and_longest.ipynb",
]

RUN_SECONDS = 120  # to run every cell of one lesson
ERROR_TEXT = re.compile(r"Traceback|\b[A-Z]\w*Error\b|Error displaying widget")

# JavaScript run in the page -------------------------------------------------

ALL_CELLS_RAN = """() => {
    const prompts = [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""

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
    page.goto(f"{lab['url']}/lab/tree/{name}?token={lab['token']}")
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
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
    page.wait_for_function(ALL_CELLS_RAN, timeout=RUN_SECONDS * 1000, polling=500)
    page.wait_for_function(KERNEL_IDLE, timeout=30_000, polling=500)


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
    if name.startswith("01_"):
        check_solution_player(page)


def player_image(page):
    """Return the first solution player's board picture (its <img>)."""
    player = page.locator(".puzzlelab-player").first
    player.scroll_into_view_if_needed()
    return player, player.locator("img").first


def check_solution_player(page):
    player, image = player_image(page)
    first = image.get_attribute("src")
    player.locator("button", has_text=re.compile("next", re.I)).first.click()
    page.wait_for_function(
        "([img, before]) => img.getAttribute('src') !== before",
        arg=[image.element_handle(), first],
        timeout=10_000,
    )
    after_next = image.get_attribute("src")
    assert after_next != first, "the player's next button did not change the board"
    player.locator("button", has_text=re.compile("play", re.I)).first.click()
    page.wait_for_function(
        "([img, before]) => img.getAttribute('src') !== before",
        arg=[image.element_handle(), after_next],
        timeout=15_000,
    )
    assert image.get_attribute("src") != after_next, "the play button did not move the board"
