"""In front of the class: steppers whose controls stay put, a clicker that just works, and
lessons that fit the projector, measured in a real JupyterLab in a real Chromium.

A small notebook of its own (a replay and a player, at both text sizes) checks the controls
and the keys. Every lesson is measured at the default text size as ``test_lab.py`` runs it;
with ``lesson_style(large=True)``, lessons 0, 2, 4 and 6 stand for the rest (every lesson
would add four minutes to ``make test``; ``PUZZLELAB_MEASURE_ALL=1`` measures every one).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest

from .lab_driver import (
    SHOWN,
    SIZES,
    TOO_BIG,
    measured_at_every_size,
    open_lesson,
    run_all_cells,
    side_bar_open,
    wait_until_done,
)

pytestmark = pytest.mark.browser

#: What stands for every lesson when widths and heights are measured with large text.
MEASURED = (
    sorted(p.name[:3] for p in (Path(__file__).parents[2] / "notebooks").glob("[0-9]*.ipynb"))
    if os.environ.get("PUZZLELAB_MEASURE_ALL")
    else ["00_", "02_", "04_", "06_"]
)


# A notebook of its own ------------------------------------------------------------

SETUP = """from puzzlelab.drawing import lesson_style
from puzzlelab.puzzles import SlidingPuzzle
from puzzlelab.search import Trace, astar, bfs
from puzzlelab.widgets import SearchReplay, SolutionPlayer
lesson_style(large={large})
puzzle = SlidingPuzzle("4 1 3 / 7 2 6 / 5 8 0")
trace = Trace()
_ = astar(puzzle, "misplaced", trace=trace)"""

WORDS = "\n\n".join(["A paragraph to scroll past, as a lesson has them."] * 12)


def write_notebook(root, large: bool) -> str:
    """A notebook with a replay and a player; return its name."""
    name = f"projector_{'large' if large else 'normal'}.ipynb"
    cells = [
        nbformat.v4.new_markdown_cell("# Steppers in front of the class\n\n" + WORDS),
        nbformat.v4.new_code_cell(SETUP.format(large=large)),
        nbformat.v4.new_code_cell("SearchReplay(trace, puzzle)"),
        nbformat.v4.new_markdown_cell(WORDS),
        nbformat.v4.new_code_cell("SolutionPlayer(puzzle, bfs(puzzle))"),
        nbformat.v4.new_code_cell("answer = 1"),
        nbformat.v4.new_markdown_cell(WORDS),
    ]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}  # fmt: skip
    nbformat.write(notebook, root / name)
    return name


def ran(page, lab, large: bool = False):
    open_lesson(page, lab, write_notebook(lab["root"], large))
    run_all_cells(page)
    wait_until_done(page)
    steppers = page.locator(f"{SHOWN} .puzzlelab-stepper")
    steppers.nth(1).wait_for()
    return steppers.nth(0), steppers.nth(1)


def readout(stepper) -> str:
    return stepper.locator(".puzzlelab-stepper-readout").text_content()


def frame(stepper) -> int:
    return int(re.search(r"(\d+) of", readout(stepper)).group(1))


def scrolled(page) -> float:
    return page.evaluate(f"() => document.querySelector('{SHOWN} .jp-WindowedPanel-outer')"
                         ".scrollTop")  # fmt: skip


def test_controls_stay_put_and_every_stepper_speaks_one_language(page, jupyter_lab):
    page.set_viewport_size({"width": 1280, "height": 720})
    replay, player = ran(page, jupyter_lab)
    replay.scroll_into_view_if_needed()
    forward = replay.locator(".puzzlelab-stepper-forward")
    last = int(re.search(r"of (\d+)", readout(replay)).group(1))
    assert readout(replay) == f"event 1 of {last}"
    forward.click()  # the first click makes the cell active: JupyterLab may scroll to it
    where = forward.bounding_box()
    for k in range(3, last + 1):
        forward.click()
        assert forward.bounding_box() == where, f"the next button moved at event {k}"
    assert readout(replay) == f"event {last} of {last}"
    assert not re.search(r"\bevent \d", replay.locator(".puzzlelab-stepper-view").inner_text())
    for stepper in (replay, player):
        words = stepper.locator(".puzzlelab-stepper-controls button").all_text_contents()
        assert words[1:] == ["◀ previous", "next ▶"], words


def test_a_clicker_steps_the_stepper_on_screen_without_a_click(page, jupyter_lab):
    page.set_viewport_size({"width": 1280, "height": 720})
    replay, player = ran(page, jupyter_lab)
    keys = page.keyboard
    # the focus on a cell (command mode), the player most on screen: the keys step it
    page.locator(f"{SHOWN} .jp-MarkdownCell").nth(1).click()
    keys.press("Escape")
    player.scroll_into_view_if_needed()
    before, top = frame(player), scrolled(page)
    keys.press("PageDown")
    keys.press("ArrowRight")
    assert frame(player) == before + 2, readout(player)
    page.wait_for_timeout(500)  # time for a (smooth) scroll, if one had started
    assert scrolled(page) == top, "PageDown scrolled the notebook as well as stepping"
    keys.press("PageUp")
    assert frame(player) == before + 1
    keys.press("Home")
    assert frame(player) == 0  # the player numbers moves: step 0 is the start
    keys.press("End")
    assert re.fullmatch(r"step (\d+) of \1", readout(player)), readout(player)
    top = scrolled(page)
    keys.press("PageDown")  # past the last step the key moves on: the notebook scrolls
    outer = f"document.querySelector('{SHOWN} .jp-WindowedPanel-outer')"
    page.wait_for_function(f"() => {outer}.scrollTop > {top}", timeout=5_000)  # smoothly
    assert re.fullmatch(r"step (\d+) of \1", readout(player)), readout(player)
    # a stepper with the focus takes the keys: its slider's own PageDown would go back
    replay.scroll_into_view_if_needed()
    replay.locator(".puzzlelab-stepper-slider").focus()
    keys.press("PageDown")
    keys.press("ArrowRight")
    assert readout(replay).startswith("event 3 of"), readout(replay)
    keys.press("ArrowLeft")
    assert readout(replay).startswith("event 2 of")
    keys.press("End")
    last = re.search(r"of (\d+)", readout(replay)).group(1)
    assert readout(replay) == f"event {last} of {last}"
    # typing in a cell: the keys are the editor's
    page.locator(f"{SHOWN} .jp-CodeCell .cm-content").last.click()
    keys.press("Home")
    keys.press("PageUp")
    assert readout(replay) == f"event {last} of {last}"


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_steppers_fit_the_window_at_every_size(page, jupyter_lab, large):
    page.set_viewport_size({"width": 1280, "height": 720})
    ran(page, jupyter_lab, large)
    side_bar_open(page)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)
        assert not page.evaluate(TOO_BIG), f"at {size}: {page.evaluate(TOO_BIG)}"


def large_copy(root, name: str) -> str:
    """A copy of lesson *name* whose first cell calls ``lesson_style(large=True)``."""
    notebook = nbformat.read(root / name, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.source = cell.source.replace("lesson_style()", "lesson_style(large=True)")
    nbformat.write(notebook, root / f"large_{name}")
    return f"large_{name}"


@pytest.mark.parametrize("start", MEASURED)
def test_lessons_fit_the_window_at_every_size_with_large_text(page, jupyter_lab, start):
    """At the default size every lesson is measured by ``test_lab.py`` as it runs."""
    (name,) = [p.name for p in jupyter_lab["root"].glob(f"{start}*.ipynb")]
    name = large_copy(jupyter_lab["root"], name)
    page.set_viewport_size({"width": 1280, "height": 720})
    open_lesson(page, jupyter_lab, name)
    run_all_cells(page)
    wait_until_done(page)
    too_big = measured_at_every_size(page, name)
    assert not too_big, "\n".join(f"{size}: {found}" for size, found in too_big.items())
