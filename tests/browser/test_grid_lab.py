"""GridLab in a browser: grid.js's searches against puzzlelab's, and the widget with no kernel.

grid.js's searches run in a Chromium page and must expand the cells puzzlelab's Python
searches expand, in the same order, with the same frontier after each expansion and the
same path and cost. Then the widget itself: on a page of its own opened from disk with the
network cut off (as the offline lesson pages are), and in JupyterLab while the kernel is
busy, where a wall painted with the mouse is read back in ``lab.text`` once it is free.
"""

from __future__ import annotations

from collections import Counter

import nbformat
import pytest

from puzzlelab.puzzles.grid import GridWorld, random_grid
from puzzlelab.search import ALGORITHMS, Trace, astar, bfs
from puzzlelab.widgets import GridLab
from puzzlelab.widgets.grid import GRID_SCRIPT, SEARCHES
from puzzlelab.widgets.stepper import FUNCTIONS, MODULE_MARK

from .lab_driver import KERNEL_IDLE, block_all_but_files, open_lesson, run_all_cells

pytestmark = pytest.mark.browser

#: Maps with terrain, ties, walls whose corners a diagonal may not cut, and no way through.
MAPS = {
    "terrain": """
        S...f...
        .##.fw#.
        .#..ww#.
        ...1..9G
    """,
    "open field, many ties": """
        ........
        ...S....
        ........
        .......G
    """,
    "corners": """
        S..#....
        .#..#...
        ..#..#..
        ...#..#.
        .......G
    """,
    "walled in": """
        S..#....
        ...#.ff.
        ####..wG
    """,
    "random": random_grid(14, 16, walls=0.3, seed=4).to_text(),
    "random, no way through": random_grid(14, 16, walls=0.3, seed=0).to_text(),
}

#: What the page runs: each search of grid.js on a map, as plain data.
RUN = """([text, diagonal, name]) => {
    const world = gridWorld(text, diagonal);
    const run = gridSearch(world, name);
    const frontiers = [];
    for (let frame = 0; frame <= run.expanded.length; frame++) {
        frontiers.push(gridFrontier(run, frame).map(node => node.cell));
    }
    return {expanded: run.expanded, path: run.path, cost: run.cost, cols: world.cols,
            generated: run.nodes.length, frontiers: frontiers, last: run.last};
}"""


def python_run(world: GridWorld, name: str) -> dict:
    """The same plain data from puzzlelab's search *name*, through its trace."""
    trace = Trace(max_events=None)
    if name == "weighted_astar":
        result = astar(world, weight=2, trace=trace)
    else:
        result = ALGORITHMS[name](world, trace=trace)
    expanded, frontiers, waiting = [], [], {}
    for event in trace.events:
        if event.kind in ("expand", "discard", "goal") and len(frontiers) == len(expanded):
            frontiers.append(sorted(waiting.values()))  # after the last expansion
        if event.kind == "generate":
            waiting[event.node] = event.state
        elif event.kind in ("expand", "discard"):
            waiting.pop(event.node, None)
            if event.kind == "expand":
                expanded.append(event.state)
    if len(frontiers) == len(expanded):
        frontiers.append(sorted(waiting.values()))  # exhausted: nothing left to take
    return {"result": result, "expanded": expanded, "frontiers": frontiers}


def cells(indices: list[int], cols: int) -> list[tuple[int, int]]:
    """grid.js's cells (row * cols + column) as puzzlelab's states, (row, column)."""
    return [divmod(index, cols) for index in indices]


@pytest.fixture(scope="module")
def script_page(chromium):
    """A blank page holding grid.js's functions (and the stepper's they use)."""
    context = chromium.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=FUNCTIONS + "\n" + GRID_SCRIPT.split(MODULE_MARK, 1)[0])
    yield page
    context.close()


@pytest.mark.parametrize("diagonal", [False, True], ids=["4 directions", "8 directions"])
@pytest.mark.parametrize("name", sorted(MAPS))
def test_the_browser_searches_expand_what_puzzlelab_expands(script_page, name, diagonal):
    world = GridWorld(MAPS[name], diagonal=diagonal)
    for search in SEARCHES:
        mine = script_page.evaluate(RUN, [world.to_text(), diagonal, search])
        cols = mine["cols"]
        python = python_run(world, search)
        result, what = python["result"], f"{search} on {name}, diagonal={diagonal}"
        assert cells(mine["expanded"], cols) == python["expanded"], what
        assert mine["generated"] == result.stats.generated, what
        assert len(mine["frontiers"]) == len(python["frontiers"]), what
        for frame, (theirs, ours) in enumerate(zip(mine["frontiers"], python["frontiers"])):
            assert sorted(cells(theirs, cols)) == ours, f"{what}, after {frame} expansions"
        if result.status == "solved":
            assert cells(mine["path"], cols) == result.path, what
            assert mine["cost"] == result.cost, what  # the same floats, added in the same order
        else:
            assert result.status == "exhausted" and mine["path"] is None, what


def test_the_maps_cover_ties_terrain_and_an_unreachable_goal():
    worlds = {name: GridWorld(text) for name, text in MAPS.items()}
    assert astar(worlds["walled in"]).status == "exhausted"
    assert astar(worlds["random, no way through"]).stats.expanded > 100
    assert astar(worlds["corners"]).status == astar(worlds["random"]).status == "solved"
    trace = Trace()
    astar(GridWorld(MAPS["walled in"], diagonal=True), weight=2, trace=trace)
    expanded = [event.state for event in trace.events if event.kind == "expand"]
    assert len(expanded) > len(set(expanded))  # weighted A* expands a cell again
    assert {"f", "w", "1", "9"} <= set(MAPS["terrain"])
    field = worlds["open field, many ties"]
    firsts = [field.heuristic(state) + 1 for _, state, _ in field.successors(field.start)]
    assert Counter(firsts).most_common(1)[0][1] > 1  # A* must break ties as puzzlelab does


#: What the widget shows now: the readout and each panel's counts.
SHOWS = """(widget) => ({
    readout: widget.querySelector('.puzzlelab-stepper-readout').textContent,
    panels: [...widget.querySelectorAll('.puzzlelab-grid-panel')].map(panel =>
        panel.querySelector('.puzzlelab-grid-counts').innerText.split('\\n')),
})"""


def on_screen(widget, row: int, col: int) -> tuple[float, float]:
    """Where the centre of the cell at *row*, *col* of the editor is on the page."""
    box = widget.locator(".puzzlelab-grid-editor").bounding_box()
    return box["x"] + (col + 0.5) * box["width"] / COLS, box["y"] + (row + 0.5) * box[
        "height"
    ] / ROWS


def paint_a_wall(widget, row: int, col: int) -> None:
    """Choose the wall brush and click the cell at *row*, *col* of the editor."""
    widget.locator('[data-brush="wall"]').click()
    widget.page.mouse.click(*on_screen(widget, row, col))


def drag(widget, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Drag with the mouse from cell *start* to cell *end* of the editor, over the cells
    between (a stroke of the brush, or the start or the goal carried along)."""
    mouse = widget.page.mouse
    mouse.move(*on_screen(widget, *start))
    mouse.down()
    mouse.move(*on_screen(widget, *end), steps=8)
    mouse.up()


#: The map the widget tests draw on, and the same with the wall they paint.
SMALL, PAINTED = "S....\n.....\n....G", "S....\n..#..\n....G"
ROWS, COLS = 3, 5


def step_and_paint(widget) -> None:
    """Step with the page's keys, paint a wall that blocks the straight road, step again."""
    keys = widget.page.keyboard
    widget.locator(".puzzlelab-grid-title").first.click()
    start = widget.evaluate(SHOWS)
    assert start["readout"].startswith("step 1 of"), start
    assert start["panels"][0][:2] == ["expanded: 0", "in the frontier: 1"], start
    keys.press("PageDown")
    keys.press("ArrowRight")
    after = widget.evaluate(SHOWS)
    assert after["readout"].startswith("step 3 of"), after
    assert after["panels"][0][0] == "expanded: 2", after
    keys.press("End")
    end = widget.evaluate(SHOWS)
    expanded = bfs(GridWorld(SMALL)).stats.expanded
    assert end["panels"][0] == [f"expanded: {expanded}", "in the frontier: 0",
                                "path: 6 steps, cost 6"], end  # fmt: skip
    paint_a_wall(widget, 1, 2)
    painted = widget.evaluate(SHOWS)  # still at the end, of the search on the new map
    assert painted["panels"][0][0] == f"expanded: {bfs(GridWorld(PAINTED)).stats.expanded}"
    assert expanded != bfs(GridWorld(PAINTED)).stats.expanded
    keys.press("Home")
    assert widget.evaluate(SHOWS)["readout"].startswith("step 1 of")


def test_the_widget_steps_and_paints_on_an_offline_page(chromium, tmp_path):
    lab = GridLab(SMALL, searches=["bfs", "astar", "bidirectional"])
    page_file = tmp_path / "grid.html"
    page_file.write_text(
        f'<!doctype html><html><head><meta charset="utf-8"></head><body>{lab.html()}'
        f"{GridLab(SMALL, large=True).html()}</body></html>",  # and one for a projector
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
        widget = page.locator(".puzzlelab-gridlab").first
        step_and_paint(widget)
        titles = widget.locator(".puzzlelab-grid-title").all_inner_texts()
        assert titles == ["breadth-first", "A*", "bidirectional"]
        drag(widget, (2, 4), (0, 4))  # the goal, carried to the top right corner
        widget.page.keyboard.press("End")
        assert widget.evaluate(SHOWS)["panels"][1][2] == "path: 4 steps, cost 4"
        widget.locator('[data-brush="forest"]').click()
        drag(widget, (0, 1), (0, 3))  # a forest across the top row
        widget.page.keyboard.press("End")
        drawn = GridWorld("SfffG\n..#..\n.....")  # round the forest, past the wall
        assert (astar(drawn).cost, bfs(drawn).cost) == (8, 16)
        assert widget.evaluate(SHOWS)["panels"][1][2] == "path: 8 steps, cost 8"
        assert widget.evaluate(SHOWS)["panels"][0][2] == "path: 4 steps, cost 16"
        widths = page.eval_on_selector_all(
            ".puzzlelab-grid-editor, .puzzlelab-grid-view", "all => all.map(c => c.width)"
        )
        assert widths[4:] == [1.5 * width for width in widths[:3]], widths  # editor, 2 panels
        assert errors == [] and blocked == []
    finally:
        context.close()


NOTEBOOK = [
    "from puzzlelab.widgets import GridLab\n"
    f"lab = GridLab({SMALL!r}, searches=['bfs', 'astar'])\n"
    "lab",
    "import time\ntime.sleep(20)  # the kernel is busy while the student draws",
    "print('map:', repr(lab.text))",
]

KERNEL_BUSY = KERNEL_IDLE.replace("=== 'idle'", "=== 'busy'")


def test_paints_and_steps_in_jupyterlab_while_the_kernel_is_busy(page, jupyter_lab):
    lesson = nbformat.v4.new_notebook()
    lesson.cells = [nbformat.v4.new_code_cell(source) for source in NOTEBOOK]
    lesson.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}  # fmt: skip
    nbformat.write(lesson, jupyter_lab["root"] / "grid_lab.ipynb")
    open_lesson(page, jupyter_lab, "grid_lab.ipynb")
    run_all_cells(page)
    widget = page.locator(".puzzlelab-gridlab").first
    widget.wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_BUSY, timeout=30_000)
    step_and_paint(widget)
    assert page.evaluate(KERNEL_BUSY), "the kernel finished before the student drew"
    page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=500)
    last = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").nth(2)
    last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    output = last.locator(".jp-OutputArea-output")
    output.filter(has_text=f"map: {PAINTED!r}").wait_for(timeout=30_000)
