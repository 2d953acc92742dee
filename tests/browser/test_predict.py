"""PredictNext in a browser: picks by key and by click, each heard at once, with no kernel.

On a page of its own opened from disk with the network cut off (as the offline lesson
pages are), in JupyterLab while the kernel is busy, and in Voila: the verdicts and the
score come from the page alone; once JupyterLab's kernel is free, it reads the picks back.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from puzzlelab.exercises import check_predictions, score_predictions
from puzzlelab.puzzles import WaterJugs
from puzzlelab.widgets import PredictNext

from .lab_driver import (
    KERNEL_IDLE,
    block_all_but_files,
    open_lesson,
    run_all_cells,
    running_voila,
)

pytestmark = pytest.mark.browser

#: Breadth-first search on these jugs asks 6 questions; the right picks are 1 2 3 4 6 12.
JUGS = {"capacities": (4, 3), "target": 2, "tap": True}

#: What the widget says now: the verdict, the score, the line to paste.
SAYS = """(widget) => ({
    verdict: widget.querySelector('.puzzlelab-predict-verdict').textContent,
    score: widget.querySelector('.puzzlelab-predict-score').textContent,
    answer: widget.querySelector('.puzzlelab-predict-answer').textContent,
    rows: [...widget.querySelectorAll('tr[data-row]')].map(row => row.children[1].textContent),
})"""


def says(widget) -> dict:
    return widget.evaluate(SAYS)


def row(widget, node: int):
    return widget.locator("tr[data-row]").filter(
        has=widget.page.locator("td:nth-child(2)", has_text=re.compile(rf"^{node}$"))
    )


def answer_the_jugs(widget) -> None:
    """Click the widget, then pick by number key, by arrow and Enter, and by click, as a
    student would: the keys go wherever the clicks left the focus. Question 2 is wrong."""
    keys = widget.page.keyboard
    widget.locator('[data-slot="0"]').click()  # the question's header
    assert says(widget)["rows"] == ["1", "2"]
    keys.press("1")  # question 1: node 1, right
    assert says(widget)["verdict"].startswith("Right: node 1")
    assert says(widget)["score"].startswith("Score: 1 of 1 right")
    keys.press("Enter")  # next question
    assert says(widget)["rows"] == ["2", "3", "4"]
    keys.press("ArrowDown")
    keys.press("Enter")  # question 2: node 3, wrong
    heard = says(widget)
    assert heard["verdict"].startswith("Not node 3: node 2 has waited longer"), heard
    assert heard["score"].startswith("Score: 1 of 2 right")
    keys.press("ArrowRight")
    row(widget, 3).click()  # question 3: node 3, right
    assert says(widget)["verdict"].startswith("Right: node 3")
    keys.press("Enter")
    for node in (4, 6):  # questions 4 and 5: the first row, by its key
        keys.press("1")
        assert says(widget)["verdict"].startswith(f"Right: node {node}")
        widget.locator(".puzzlelab-predict-next").click()
    row(widget, 12).click()  # question 6
    heard = says(widget)
    assert heard["score"].startswith("Done: 5 of 6 right"), heard
    assert heard["answer"].endswith('answer_1_4 = "1 3 3 4 6 12"'), heard
    assert widget.locator(".puzzlelab-predict-next").is_hidden()


def test_the_pasted_line_is_what_the_check_grades():
    assert check_predictions("1 3 3 4 6 12", WaterJugs(**JUGS), "bfs") is False
    assert score_predictions("1 3 3 4 6 12", WaterJugs(**JUGS), "bfs").first_wrong == 2


def test_picks_on_an_offline_page_by_keys_and_clicks(chromium, tmp_path):
    widget = PredictNext(WaterJugs(**JUGS), "bfs", answer="answer_1_4")
    page_file = tmp_path / "predict.html"
    page_file.write_text(
        f'<!doctype html><html><head><meta charset="utf-8"></head><body>{widget.html()}'
        "</body></html>",
        encoding="utf-8",
    )
    blocked: list[str] = []
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    try:
        context.route("**/*", lambda route: block_all_but_files(route, blocked))
        page = context.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_file.as_uri(), wait_until="load")
        answer_the_jugs(page.locator(".puzzlelab-predict").first)
        assert errors == [] and blocked == []
    finally:
        context.close()


NOTEBOOK = [
    "from puzzlelab.puzzles import WaterJugs\n"
    "from puzzlelab.widgets import PredictNext\n"
    "widget = PredictNext(WaterJugs((4, 3), target=2, tap=True), 'bfs', answer='answer_1_4')\n"
    "widget",
    "import time\ntime.sleep(25)  # the kernel is busy while the student picks",
    "print('picks:', widget.picks, '-', widget.score())",
]

KERNEL_BUSY = KERNEL_IDLE.replace("=== 'idle'", "=== 'busy'")


def test_picks_in_jupyterlab_while_the_kernel_is_busy_then_read_back(page, jupyter_lab):
    lesson = nbformat.v4.new_notebook()
    lesson.cells = [nbformat.v4.new_code_cell(source) for source in NOTEBOOK]
    lesson.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}  # fmt: skip
    nbformat.write(lesson, jupyter_lab["root"] / "predict_next.ipynb")
    open_lesson(page, jupyter_lab, "predict_next.ipynb")
    run_all_cells(page)
    widget = page.locator(".puzzlelab-predict").first
    widget.wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_BUSY, timeout=30_000)
    answer_the_jugs(widget)
    assert page.evaluate(KERNEL_BUSY), "the kernel finished before the picks were made"
    page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=500)
    last = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(2)
    last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    output = last.locator(".jp-OutputArea-output")
    expected = "picks: [1, 3, 3, 4, 6, 12] - 5 of 6 right; question 2 is the first wrong"
    output.filter(has_text=expected).wait_for(timeout=30_000)


def test_picks_in_voila(page, tmp_path):
    lesson = nbformat.v4.new_notebook()
    lesson.cells = [nbformat.v4.new_code_cell(NOTEBOOK[0])]
    lesson.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}  # fmt: skip
    nbformat.write(lesson, tmp_path / "predict_next.ipynb")
    with running_voila(tmp_path / "predict_next.ipynb", tmp_path / "voila") as app:
        page.goto(app["url"], timeout=120_000)
        widget = page.locator(".puzzlelab-predict").first
        widget.wait_for(timeout=120_000)
        answer_the_jugs(widget)
