"""Lessons without a kernel: the HTML stepper of frame players, and the lesson site built from them."""

import matplotlib

matplotlib.use("Agg")

import base64  # noqa: E402
import copy  # noqa: E402
import re  # noqa: E402

import nbformat  # noqa: E402
import pytest  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.classroom.site import prefer_static_fallbacks  # noqa: E402
from puzzlelab.cli import build_parser, main  # noqa: E402
from puzzlelab.cli.site import site_command  # noqa: E402
from puzzlelab.errors import PuzzleError  # noqa: E402
from puzzlelab.search import bfs  # noqa: E402
from puzzlelab.widgets import SolutionPlayer  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def solution_player():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    return SolutionPlayer(puzzle, bfs(puzzle))


def pictures_in(html: str) -> set[bytes]:
    """The SVG bytes of every picture in *html*, on the page or in the data of its script."""
    found = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    return {base64.b64decode(data) for data in found}


def ids_in(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


# ---------------------------------------------------------------- the HTML stepper


def test_a_player_offers_every_frame_as_html_beside_the_widget():
    player = solution_player().step(1)
    bundle = player._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    assert bundle["text/plain"].startswith("SolutionPlayer")
    html = bundle["text/html"]
    assert pictures_in(html) == set(player.pictures)
    for caption in player.captions:
        assert caption in html
    assert html.count("<script>") == 1 and "getElementById" in html


def test_without_javascript_the_stepper_shows_only_the_frame_shown_now():
    player = solution_player().step(2)
    html = player._repr_mimebundle_()["text/html"]
    page, script = html.split("<script>")
    assert player.frame_html(2) in page
    assert pictures_in(page) == {player.pictures[2]}
    # The controls are made by the script: without it there are none.
    assert "<button" not in page and "<input" not in page


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


# ---------------------------------------------------------------- exported pages prefer fallbacks


def widget_output(*fallbacks):
    data = {WIDGET_VIEW: {"model_id": "1"}, "text/plain": "a widget"}
    data.update({mime: "..." for mime in fallbacks})
    return {"output_type": "display_data", "data": data, "metadata": {}}


def notebook(*outputs):
    return {
        "metadata": {"widgets": {"state": {}}},
        "cells": [{"cell_type": "code", "source": "", "outputs": list(outputs)}],
    }


def test_a_widget_with_a_fallback_loses_its_view_and_the_page_its_widget_state():
    nb, resources = prefer_static_fallbacks(
        notebook(widget_output("image/png"), widget_output("text/html", "image/png")), {"x": 1}
    )
    first, second = (output["data"] for output in nb["cells"][0]["outputs"])
    assert sorted(first) == ["image/png", "text/plain"]
    assert sorted(second) == ["image/png", "text/html", "text/plain"]
    assert "widgets" not in nb["metadata"] and resources == {"x": 1}


def test_a_widget_with_no_fallback_keeps_its_view_and_the_widget_state():
    nb, _ = prefer_static_fallbacks(notebook(widget_output(), widget_output("image/png")))
    first, second = (output["data"] for output in nb["cells"][0]["outputs"])
    assert WIDGET_VIEW in first and WIDGET_VIEW not in second
    assert "widgets" in nb["metadata"]


# ---------------------------------------------------------------- puzzlelab site


def test_site_command_reads_the_out_dir_the_lessons_and_their_folder():
    args = build_parser().parse_args(["site", "out", "--lessons", "02_*.ipynb"])
    assert (args.out_dir, args.lessons, args.notebooks) == ("out", "02_*.ipynb", "notebooks")
    assert args.run is site_command
    args = build_parser().parse_args(["site", "out", "--notebooks", "elsewhere"])
    assert (args.lessons, args.notebooks) == ("*.ipynb", "elsewhere")


def test_site_help_says_what_it_builds(capsys):
    with pytest.raises(SystemExit) as done:
        main(["site", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "OUT_DIR" in text and "--lessons GLOB" in text and "index.html" in text


def test_site_without_an_out_dir_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as done:
        main(["site"])
    assert done.value.code == 2
    assert "OUT_DIR" in capsys.readouterr().err


def test_site_with_no_matching_lesson_says_so_in_one_line(tmp_path, capsys):
    (tmp_path / "lessons").mkdir()
    code = main(["site", str(tmp_path / "out"), "--notebooks", str(tmp_path / "lessons")])
    error = capsys.readouterr().err
    assert code == 2 and error.count("\n") == 1
    assert "no lesson in" in error and "*.ipynb" in error
    assert not (tmp_path / "out").exists()
    code = main(["site", str(tmp_path / "out"), "--notebooks", str(tmp_path / "missing")])
    assert code == 2 and "no lessons folder" in capsys.readouterr().err


def test_a_lesson_that_fails_stops_the_site_with_its_error_in_one_line(tmp_path, capsys):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    cell = nbformat.v4.new_code_cell("raise ValueError('the board has two blanks')")
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), lessons / "broken.ipynb")
    code = main(["site", str(tmp_path / "out"), "--notebooks", str(lessons)])
    error = capsys.readouterr().err
    assert code == 2
    assert (
        error
        == "puzzlelab: error: broken.ipynb did not run: ValueError: the board has two blanks\n"
    )


def test_a_progress_bar_is_dropped_from_the_page_and_other_outputs_stay():
    """tqdm in a notebook shows an HBox of a label, a FloatProgress and a label."""
    bar, lab = widget_output(), widget_output("image/png")
    bar["data"][WIDGET_VIEW]["model_id"] = "box"
    nb = notebook(bar, lab, {"output_type": "stream", "name": "stdout", "text": "done\n"})
    state = {
        "box": {"model_name": "HBoxModel", "state": {"children": ["IPY_MODEL_a", "IPY_MODEL_b"]}},
        "a": {"model_name": "HTMLModel", "state": {}},
        "b": {"model_name": "FloatProgressModel", "state": {}},
    }
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": state}}
    nb, _ = prefer_static_fallbacks(nb)
    outputs = nb["cells"][0]["outputs"]
    assert [output["output_type"] for output in outputs] == ["display_data", "stream"]
    assert sorted(outputs[0]["data"]) == ["image/png", "text/plain"]
    assert "widgets" not in nb["metadata"]


def test_a_box_without_a_progress_bar_is_kept():
    box = widget_output()
    box["data"][WIDGET_VIEW]["model_id"] = "box"
    nb = notebook(box)
    state = {
        "box": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_a"]}},
        "a": {"model_name": "IntSliderModel", "state": {}},
    }
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": state}}
    nb, _ = prefer_static_fallbacks(nb)
    assert nb["cells"][0]["outputs"] == [box] and "widgets" in nb["metadata"]


def test_jupyter_nbconvert_to_lesson_writes_a_page_that_needs_no_network(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    cells = [
        nbformat.v4.new_markdown_cell("# A player"),
        nbformat.v4.new_code_cell(
            "from puzzlelab import SlidingPuzzle\nfrom puzzlelab.search import bfs\n"
            "from puzzlelab.widgets import SolutionPlayer\n"
            "puzzle = SlidingPuzzle('1 2 3 / 4 5 6 / 0 7 8')\nSolutionPlayer(puzzle, bfs(puzzle))"
        ),
    ]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), tmp_path / "player.ipynb")
    jupyter = Path(sys.executable).with_name("jupyter")
    run = subprocess.run(
        [str(jupyter), "nbconvert", "--to", "lesson", "--execute", "player.ipynb"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "player.html").read_text()
    assert WIDGET_VIEW not in html and 'src="http' not in html
    assert "renderStepper(" in html and "step 2 of 2: slide 8" in html


def test_nbconvert_takes_the_preprocessor_by_name_as_on_its_command_line():
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    player = solution_player()
    output = nbformat.v4.new_output("display_data", data=player._repr_mimebundle_())

    def exported(config=None) -> str:
        cell = nbformat.v4.new_code_cell("player", outputs=[copy.deepcopy(output)])
        nb = nbformat.v4.new_notebook(cells=[cell])
        nb.metadata["widgets"] = {  # saved by a run (nbclient), as in a lesson run for the site
            "application/vnd.jupyter.widget-state+json": {"state": {player.model_id: {}}}
        }
        return HTMLExporter(config=config, template_name="lab").from_notebook_node(nb)[0]

    config = Config()
    config.HTMLExporter.preprocessors = ["puzzlelab.classroom.site.prefer_static_fallbacks"]
    html = exported(config)
    assert WIDGET_VIEW not in html
    assert pictures_in(html) >= set(player.pictures)  # (beside the page's own icons)
    plain = exported()  # nbconvert on its own: the view, empty without a widget manager
    assert WIDGET_VIEW in plain and not pictures_in(plain) & set(player.pictures)


def test_without_nbconvert_the_site_says_what_to_install(monkeypatch, tmp_path):
    import puzzlelab.classroom.site

    monkeypatch.setattr(
        puzzlelab.classroom.site, "NEEDS", ("nbconvert", "no_such_module_for_puzzlelab")
    )
    with pytest.raises(PuzzleError, match=r"needs no_such_module_for_puzzlelab: pip install"):
        puzzlelab.classroom.site.build_site([tmp_path / "lesson.ipynb"], tmp_path / "out")
    assert not (tmp_path / "out").exists()
