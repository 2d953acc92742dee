"""GridLab's Python side: the map it opens with and reads back, the searches it shows, and
the errors a student can act on. Its searches run in the browser:
tests/browser/test_grid_lab.py holds them to puzzlelab's own."""

from __future__ import annotations

import json
import re

import pytest

from puzzlelab.errors import BoardError, PuzzleError
from puzzlelab.puzzles.grid import random_grid
from puzzlelab.search import astar
from puzzlelab.widgets import GridLab
from puzzlelab.widgets.grid import MAP, MOST_CELLS, SEARCHES


def test_the_default_map_has_a_wall_between_start_and_goal_and_terrain_beside_it():
    lab = GridLab()
    world = lab.world
    assert lab.text == MAP and lab.searches == ["bfs", "astar"] and lab.diagonal is False
    assert {"f", "w"} <= set(lab.text) and len(world.walls) > 10
    assert astar(world).status == "solved"


def test_a_grid_world_opens_with_its_own_directions():
    world = random_grid(8, 9, seed=3, diagonal=True)
    lab = GridLab(world, searches=["greedy", "weighted_astar", "bidirectional", "dfs"])
    assert lab.text == world.to_text() and lab.diagonal is True
    assert GridLab(world, diagonal=False).world.diagonal is False


def test_the_map_drawn_is_read_back_as_a_grid_world():
    lab = GridLab("""
        S..
        .#.
        f.G
    """)
    assert lab.text == "S..\n.#.\nf.G"  # as GridWorld writes it: no indentation
    lab.text = "S.#\n..w\n..G"  # what the browser sends after a stroke of the brush
    lab.diagonal = True
    world = lab.world
    assert (world.walls, world.costs[(1, 2)], world.diagonal) == ({(0, 2)}, 10, True)


def test_every_search_the_browser_knows_is_a_search_the_widget_offers():
    script = (GridLab._esm).split("var GRID_SEARCHES = {", 1)[1].split("}", 1)[0]
    names = dict(re.findall(r'(\w+): "([^"]+)"', script))
    assert names == SEARCHES


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"searches": ["bfs", "a*"]}, r"^'a\*' is not a search GridLab shows; pick from bfs, "),
        ({"searches": ["bfs"] * 5}, r"^GridLab shows one to 4 searches side by side, not 5$"),
        ({"searches": []}, r"^GridLab shows one to 4 searches side by side, not 0$"),
        ({"text": "S" + "." * 60 + "G"}, r"^a map of 1x62 cells is too large to draw; .* 60x60"),
        ({"text": "S.x.G"}, r"^'x' at row 0, column 2 is not a cell of a map; allowed: "),
        ({"text": "S...."}, r"^a map needs one goal 'G', not 0"),
    ],
)
def test_bad_input_is_refused_in_one_line_that_says_what_is_allowed(change, says):
    with pytest.raises(BoardError, match=says) as refused:
        GridLab(**{"text": "S.G", **change})
    assert "\n" not in str(refused.value)
    lab = GridLab("S.G")
    with pytest.raises(BoardError, match=says):
        lab.set_trait(*next(iter(change.items())))
    assert (lab.text, lab.searches) == ("S.G", ["bfs", "astar"])  # unchanged


def test_the_largest_map_drawn_is_sixty_cells_a_side():
    side = "\n".join("." * MOST_CELLS for _ in range(MOST_CELLS))
    lab = GridLab("S" + side[1:-1] + "G")
    assert (lab.world.rows, lab.world.cols) == (MOST_CELLS, MOST_CELLS)


def test_the_traits_the_browser_syncs_and_the_page_with_no_kernel_reads():
    lab = GridLab("S.G", searches=["uniform_cost"], large=True, interval=100)
    state = lab.get_state()
    assert {"text", "diagonal", "searches", "interval", "words", "large"} <= set(state)
    assert state["words"]["forward"] == "next ▶" and state["large"] is True
    page = lab._repr_mimebundle_()["text/html"]
    data = json.loads(re.search(r"var data = (\{.*?\});\n", page)[1])
    assert data["text"] == "S.G" and data["searches"] == ["uniform_cost"]
    assert "export default" not in page and "<pre>S.G</pre>" in page  # the map without JS
    assert page.count("function buildStepper(") == 1 and "function gridSearch(" in page


@pytest.mark.parametrize(
    "options, message",
    [
        ({"text": 5}, "a map is text art"),
        ({"searches": "astar"}, r"give GridLab a list of searches, such as \['bfs', 'astar'\]"),
        ({"searches": None}, "give GridLab a list of searches"),
        ({"interval": 1.5}, "interval .* must be a whole number of at least 1, not 1.5"),
        ({"diagonal": "no"}, "diagonal must be True or False, not 'no'"),
    ],
)
def test_grid_lab_refuses_what_it_cannot_draw_in_one_line(options, message):
    with pytest.raises(PuzzleError, match=message):
        GridLab(**options)
