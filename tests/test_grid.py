"""The grid world, added by the recipe (docs/guide/new-puzzle.md): rules, every search against
networkx's exact distances, heuristics checked on every cell, pictures, player and simpleai."""

import math
import subprocess
import sys
import time

import matplotlib

matplotlib.use("Agg")

import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from simpleai.search import astar as simpleai_astar  # noqa: E402

from puzzlelab.analysis import check_heuristic, cost_table, search_tree  # noqa: E402
from puzzlelab.drawing import draw_board, draw_search, draw_tree, offscreen_figure  # noqa: E402
from puzzlelab.errors import BoardError  # noqa: E402
from puzzlelab.puzzles import GridWorld, maze, random_grid  # noqa: E402
from puzzlelab.search import ALGORITHMS, Trace, astar, bfs  # noqa: E402
from puzzlelab.simpleai_problems import GridProblem  # noqa: E402
from puzzlelab.widgets import SolutionPlayer  # noqa: E402

TERRAIN = """
    S..f....
    .##f.ww.
    ..#..w..
    .3#.##..
    ....f..G
"""

#: Maps with terrain, both move sets, and random walls: the oracle runs on each.
MAPS = [
    GridWorld(TERRAIN),
    GridWorld(TERRAIN, diagonal=True),
    *(random_grid(9, 12, walls=0.3, seed=seed) for seed in range(4)),
    random_grid(9, 12, walls=0.3, seed=5, diagonal=True),
]


def graph_of(world):
    """The map as a networkx graph: one node per open cell, one edge per step, its cost."""
    graph = nx.DiGraph()
    for cell in world.costs:
        for _, after, cost in world.successors(cell):
            graph.add_edge(cell, after, weight=cost)
    graph.add_nodes_from(world.costs)
    return graph


def replayed(world, result):
    states = [world.start]
    for action in result.actions:
        assert action in world.actions(states[-1]), f"{action} is not legal in {states[-1]}"
        states.append(world.result(states[-1], action))
    return states


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
@pytest.mark.parametrize("index", range(len(MAPS)))
def test_every_search_agrees_with_networkx_where_it_promises_to(name, index):
    world = MAPS[index]
    graph = graph_of(world)
    result = ALGORITHMS[name](world, max_nodes=100_000)
    if not nx.has_path(graph, world.start, world.goal):
        allowed = {"exhausted", "limit"} if name == "idastar" else {"exhausted"}  # see below
        assert result.status in allowed
        return
    assert result.status == "solved"
    assert replayed(world, result) == result.path and result.path[-1] == world.goal
    steps = sum(world.cost(a, action, b) for a, action, b in
                zip(result.path, result.actions, result.path[1:]))  # fmt: skip
    assert result.cost == pytest.approx(steps)
    cheapest = nx.dijkstra_path_length(graph, world.start, world.goal)
    fewest = nx.shortest_path_length(graph, world.start, world.goal)
    if name in ("uniform_cost", "astar", "idastar"):
        assert result.cost == pytest.approx(cheapest)
    elif name in ("bfs", "iddfs", "bidirectional"):
        assert len(result.actions) == fewest
    else:
        assert result.cost >= cheapest - 1e-9


def test_ida_star_drowns_in_the_many_paths_of_a_grid_with_no_way_to_the_goal():
    """IDA* remembers only the path it is on: with no way to the goal it tries every path
    around the cells it can reach, a number that grows exponentially. It stops at its limit
    with its counts."""
    world = random_grid(9, 12, walls=0.3, seed=2)
    result = ALGORITHMS["idastar"](world, max_nodes=50_000)
    assert result.status == "limit" and "50,000" in result.reason
    assert result.stats.expanded == 50_000 and bfs(world).status == "exhausted"


def test_the_cost_table_is_dijkstras_from_every_cell():
    for world in MAPS[:3]:
        lengths = nx.single_source_dijkstra_path_length(graph_of(world).reverse(), world.goal)
        table = cost_table(world)
        assert table.keys() == lengths.keys()
        assert all(table[cell] == pytest.approx(lengths[cell]) for cell in table)


@pytest.mark.parametrize("diagonal, name", [(False, "manhattan"), (False, "euclidean"),
                                            (False, "octile"), (True, "octile"),
                                            (True, "euclidean")])  # fmt: skip
def test_the_distances_never_overestimate_and_are_consistent(diagonal, name):
    world = GridWorld(TERRAIN, diagonal=diagonal)
    report = check_heuristic(world, name)
    assert report.admissible and report.consistent and report.states == len(world.costs) == 34


def test_manhattan_overestimates_when_steps_may_be_diagonal():
    report = check_heuristic(GridWorld("S....\n.....\n....G", diagonal=True), "manhattan")
    assert not report.admissible and report.overestimates[0][0] == (0, 0)


def test_the_default_heuristic_follows_the_moves():
    assert GridWorld(TERRAIN).heuristic((0, 0)) == 11
    # 4 diagonal steps, then 3 straight ones
    assert GridWorld(TERRAIN, diagonal=True).heuristic((0, 0)) == pytest.approx(4 * 2**0.5 + 3)


def test_terrain_costs_the_cell_entered_and_a_diagonal_times_root_two():
    world = GridWorld("S3\n.G", diagonal=True)
    assert dict((a, c) for a, _, c in world.successors((0, 0))) == {
        "down": 1, "right": 3, "down-right": pytest.approx(math.sqrt(2))}  # fmt: skip


def test_a_diagonal_step_never_cuts_a_walls_corner():
    world = GridWorld("S#\n.G", diagonal=True)
    assert world.actions((0, 0)) == ["down"]
    assert astar(world).actions == ["down", "right"]


def test_predecessors_undo_successors():
    world = GridWorld(TERRAIN, diagonal=True)
    for cell in world.costs:
        for action, before in world.predecessors(cell):
            assert world.result(before, action) == cell


def test_the_text_comes_back_as_written():
    world = GridWorld(TERRAIN)
    assert GridWorld(world.to_text()).to_text() == world.to_text()
    assert world.to_text().splitlines()[3] == ".3#.##.."
    assert world.render((0, 1)).splitlines()[0] == "S@.f...."


@pytest.mark.parametrize(
    "text, message",
    [
        ("S..\n..", r"rows here are 2 to 3 cells long"),
        ("...\n..G", r"a map needs one start 'S', not 0"),
        ("S.G\nG..", r"a map needs one goal 'G', not 2"),
        ("S.x\n..G", r"'x' at row 0, column 2 is not a cell of a map; allowed: # \. S G 1-9 f w"),
        ("S.0\n..G", r"'0' at row 0, column 2"),
        ("\n\n", r"a map needs at least one row"),
        (["S.G"], r"a map is text art, one line per row .*, not list"),
    ],
)
def test_a_map_that_cannot_be_read_is_refused_in_one_line(text, message):
    with pytest.raises(BoardError, match=message) as refused:
        GridWorld(text)
    assert "\n" not in str(refused.value)


def test_a_step_that_is_not_allowed_names_the_allowed_ones():
    world = GridWorld(TERRAIN)
    with pytest.raises(BoardError, match=r"cannot step 'up' from \(0, 0\); allowed: down, right"):
        world.result((0, 0), "up")
    with pytest.raises(BoardError, match=r"\(1, 1\) is not an open cell of this 5x8 map"):
        world.successors((1, 1))
    with pytest.raises(BoardError, match=r"'here' is not an open cell"):
        world.actions("here")


def test_a_map_too_large_is_refused_before_it_is_read():
    with pytest.raises(BoardError, match=r"too large; at most 1,000,000 cells"):
        GridWorld("\n".join(["S" + "." * 1000, *["." * 1001] * 998, "." * 1000 + "G"]))


@pytest.mark.parametrize("rows, cols, walls", [(0, 5, 0.2), (1, 1, 0.2), (5, 5, 1), (5, 5, -0.1)])
def test_random_maps_need_room_and_a_share_of_walls_below_one(rows, cols, walls):
    with pytest.raises(BoardError):
        random_grid(rows, cols, walls=walls)


def test_random_maps_follow_their_seed():
    assert random_grid(20, 30, seed=3).to_text() == random_grid(20, 30, seed=3).to_text()
    assert random_grid(20, 30, seed=3).to_text() != random_grid(20, 30, seed=4).to_text()
    world = random_grid(40, 50, walls=0.25, seed=1)
    assert 0.2 < len(world.walls) / (40 * 50) < 0.3


def test_a_search_is_drawn_on_the_map_cell_by_cell():
    world = GridWorld(TERRAIN)
    trace = Trace()
    result = astar(world, trace=trace)
    expanded = [event.state for event in trace.events if event.kind == "expand"]
    ax = draw_search(world, expanded, [(4, 6)], expanded[-1], ax=offscreen_figure().add_subplot(),
                     path=result.path)  # fmt: skip
    assert ax.get_title() == f"{len(expanded)} expanded, 1 in the frontier"
    gids = {artist.get_gid() for artist in [*ax.lines, *ax.collections]}
    assert {"path", "frontier", "current"} <= gids
    pixels = ax.images[0].get_array()
    first, last = pixels[expanded[0]], pixels[expanded[-1]]
    assert first.sum() > last.sum()  # the first expanded is the palest


def test_its_picture_loads_without_an_import_line():
    code = (
        "import sys\n"
        "from puzzlelab.drawing import draw_board, offscreen_figure\n"
        "from puzzlelab.puzzles import GridWorld\n"
        "assert 'puzzlelab.drawing.grid' not in sys.modules\n"
        "ax = draw_board(GridWorld('S#\\n.G'), ax=offscreen_figure().add_subplot())\n"
        "print(ax.images[0].get_array().shape)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "(2, 2, 3)"


def test_the_walker_and_the_step_are_drawn():
    world = GridWorld(TERRAIN)
    ax = draw_board(world, (0, 1), ax=offscreen_figure().add_subplot(), highlight=[(0, 0), (0, 1)])
    step = next(line for line in ax.lines if line.get_gid() == "step")
    assert list(step.get_xdata()) == [0, 1] and list(step.get_ydata()) == [0, 0]


def test_the_tree_and_the_player_work():
    world = GridWorld(TERRAIN)
    trace = Trace()
    result = bfs(world, trace=trace)
    tree = search_tree(trace, max_depth=3)
    draw_tree(tree, puzzle=world, ax=offscreen_figure().add_subplot())
    assert tree.number_of_nodes() > 4
    player = SolutionPlayer(world, result)
    assert len(player.frames) == len(result.path)
    player.step(1)
    assert player.caption().startswith("step 1 of 11: down to (1, 0), cost 1")
    assert player.state() == (1, 0)


def test_simpleai_finds_the_same_cost_with_the_puzzles_heuristic():
    problem = GridProblem(TERRAIN)
    node = simpleai_astar(problem, graph_search=True)
    assert node.cost == astar(GridWorld(TERRAIN)).cost
    assert problem.heuristic(problem.initial_state) == 11


def test_a_map_keeps_its_own_terrain_costs():
    """A student who re-prices one map's forest must not re-price every map made later."""
    GridWorld("SfG").terrain["f"] = 1
    assert astar(GridWorld("SffG\n....")).cost == 5  # round the forest, as before


def test_rendering_a_state_off_the_map_marks_no_cell():
    world = GridWorld("S.\n.G")
    assert world.render((5, 0)) == world.render((-1, 0)) == world.to_text()


def test_a_cell_or_direction_that_is_not_on_the_map_is_named_by_every_method():
    world = GridWorld("S.#\n..G")
    not_a_cell = "is not an open cell of this 2x3 map"
    for call in (lambda: world.cost((0, 1), "right", (0, 2)), lambda: world.manhattan("a"),
                 lambda: world.octile(None), lambda: world.render((0, "x"))):  # fmt: skip
        with pytest.raises(BoardError, match=not_a_cell):
            call()
    with pytest.raises(BoardError, match="'north' is no direction; the directions are: up"):
        world.cost((0, 0), "north", (0, 1))


def test_a_map_too_large_or_an_odd_seed_is_refused_before_it_is_built():
    started = time.perf_counter()
    for make in (lambda: random_grid(10_000, 10_000), lambda: maze(100_001, 100_001)):
        with pytest.raises(BoardError, match="cells is too large; at most 1,000,000 cells"):
            make()
    assert time.perf_counter() - started < 1  # nothing was built
    with pytest.raises(BoardError, match=r"seed must be a whole number, not \[1\]"):
        random_grid(5, 5, seed=[1])
    assert random_grid(5, 5, seed=np.int64(3)).to_text() == random_grid(5, 5, seed=3).to_text()
