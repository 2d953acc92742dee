"""Lessons without a kernel: the HTML stepper of frame players, and the lesson site built from them."""

import matplotlib

matplotlib.use("Agg")

import base64  # noqa: E402
import re  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.search import bfs  # noqa: E402
from puzzlelab.widgets import SolutionPlayer  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def solution_player():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    return SolutionPlayer(puzzle, bfs(puzzle))


def frames_in(html: str) -> list[bytes]:
    """The PNG bytes of every ``<img>`` in *html*, in order."""
    found = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    return [base64.b64decode(data) for data in found]


def ids_in(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


# ---------------------------------------------------------------- the HTML stepper


def test_a_player_offers_every_frame_as_html_beside_the_widget_and_its_picture():
    player = solution_player().step(1)
    bundle = player._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    assert base64.b64decode(bundle["image/png"]) == player.frames[1]
    assert bundle["text/plain"].startswith("SolutionPlayer")
    html = bundle["text/html"]
    assert frames_in(html) == player.frames
    for label in player.labels.children:
        assert label.value in html
    assert html.count("<script>") == 1 and "getElementById" in html


def test_without_javascript_the_stepper_shows_only_the_frame_shown_now():
    player = solution_player().step(2)
    html = player._repr_mimebundle_()["text/html"]
    frames = re.findall(r'<div class="puzzlelab-stepper-frame"([^>]*)>', html)
    assert len(frames) == len(player.frames) == 3
    visible = [k for k, attributes in enumerate(frames) if "display:none" not in attributes]
    assert visible == [2]
    # The controls need the script: hidden until it runs.
    assert re.search(r'class="puzzlelab-stepper-controls" style="display:none', html)
    assert 'value="2"' in html


def test_two_players_or_two_displays_never_share_an_element_id():
    first, second = solution_player(), solution_player()
    pages = [first._repr_mimebundle_()["text/html"], second._repr_mimebundle_()["text/html"]]
    pages.append(first._repr_mimebundle_()["text/html"])  # the same player shown twice
    ids = [ids_in(html) for html in pages]
    assert all(ids)
    assert not ids[0] & ids[1] and not ids[0] & ids[2] and not ids[1] & ids[2]
    for html, own in zip(pages, ids):
        (ident,) = own
        assert f'getElementById("{ident}")' in html  # each script finds its own stepper
