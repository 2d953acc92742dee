"""A lesson's slides (``puzzlelab slides``), opened from disk in Chromium with the network cut off.

Lesson 0 is run and written as Reveal.js slides once (``slides``). Opened offline at a
projector's 1024x768, the slides must load nothing from the network, start a slide at every
section, and step the solution player of section 8 by a click on forward and by a
presenter's clicker (PageDown, with the focus nowhere in particular); at the player's last
frame PageDown goes on to the next slide, and PageUp at its first frame back to the slide
before. No slide, and nothing on one, may reach past the window's right edge (a slide's
padding once did, by 42 px, and long code lines were cut).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puzzlelab.classroom.slides import write_slides

from .lab_driver import block_all_but_files

pytestmark = pytest.mark.browser

LESSON = (
    Path(__file__).resolve().parents[2] / "notebooks" / "00_first_search_problem_water_jugs.ipynb"
)

#: The lesson's headings, in order: the title and its sections.
HEADINGS = [
    line.split(" ", 1)[1]
    for cell in json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    if cell["cell_type"] == "markdown"
    for line in "".join(cell["source"]).splitlines()
    if re.match(r"#{1,3} ", line)
]


@pytest.fixture(scope="module")
def slides(tmp_path_factory):
    """Lesson 0's slides, run on a fresh kernel and written into a temporary folder."""
    out = tmp_path_factory.mktemp("slides")
    (path,) = write_slides(out, ["00_"])
    return path


@pytest.fixture
def offline(chromium):
    """Open the slides at 1024x768 with the network cut off; yield the page and what it asked."""
    blocked: list[str] = []
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    context.route("**/*", lambda route: block_all_but_files(route, blocked))
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page, blocked
    context.close()


#: The slide on screen, and the first number of each stepper's readout on it ("step 3 of 7").
SHOWN = """() => ({
    slide: Reveal.getIndices().h,
    title: (Reveal.getCurrentSlide().querySelector('h1, h2, h3') || {}).textContent,
    steps: [...Reveal.getCurrentSlide().querySelectorAll('.puzzlelab-stepper')]
        .map(s => s.querySelector('.puzzlelab-stepper-readout').textContent),
})"""


def step(page) -> int:
    """The frame the first stepper on the slide shows."""
    return int(re.search(r"\d+", page.evaluate(SHOWN)["steps"][0]).group())


def test_a_lesson_as_slides_steps_its_player_by_click_and_clicker_offline(slides, offline):
    page, blocked = offline
    page.goto(slides.as_uri(), wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
    titles = page.evaluate(
        "() => Reveal.getHorizontalSlides().map(s => (s.querySelector('h1, h2') || {}).textContent)"
    )
    assert [title.rstrip("¶") for title in titles] == HEADINGS  # a slide a section
    player = next(k for k, title in enumerate(titles) if title.startswith("8. The solution"))
    page.evaluate(f"() => Reveal.slide({player})")
    page.wait_for_timeout(300)  # the slide's transition
    shown = page.evaluate(SHOWN)
    assert shown["slide"] == player and len(shown["steps"]) == 1 and step(page) == 0

    page.locator(".present .puzzlelab-stepper-forward").first.click()
    assert step(page) == 1
    page.locator("body").click(position={"x": 5, "y": 5})  # the focus away from the player
    page.keyboard.press("PageDown")  # what a presenter's clicker sends
    assert step(page) == 2 and page.evaluate(SHOWN)["slide"] == player
    page.keyboard.press("End")
    last = step(page)
    assert last > 2
    page.keyboard.press("PageDown")  # at the last frame: the next slide
    page.wait_for_timeout(300)
    assert page.evaluate(SHOWN)["slide"] == player + 1
    page.keyboard.press("PageUp")  # back to the player, still at its last frame
    page.wait_for_timeout(300)
    assert page.evaluate(SHOWN)["slide"] == player and step(page) == last
    page.keyboard.press("PageUp")
    assert step(page) == last - 1 and page.evaluate(SHOWN)["slide"] == player
    # Every request reaches the route (and *blocked*) as it starts, so a short wait is enough.
    # Waiting for "networkidle" instead once timed out after 15 s in a full make test.
    page.wait_for_timeout(500)
    assert blocked == [], "the slides asked for something from the network"


#: On every slide, shown in turn with no transition: what reaches past the window's right edge.
PAST_THE_WINDOW = """() => {
    Reveal.configure({transition: 'none'});
    return Reveal.getHorizontalSlides().flatMap((slide, k) => {
        Reveal.slide(k);
        return [slide, ...slide.querySelectorAll('p, li, h1, h2, pre, .jp-OutputArea-output')]
            .filter(part => part.getBoundingClientRect().right > window.innerWidth + 1)
            .map(part => `slide ${k}: ${part.tagName} ${(part.innerText || '').slice(0, 40)}`);
    });
}"""


def test_no_slide_reaches_past_a_projectors_window(slides, offline):
    page, _ = offline
    page.goto(slides.as_uri(), wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
    assert page.evaluate(PAST_THE_WINDOW) == []
