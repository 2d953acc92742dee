"""A road map, added by the recipe (docs/guide/new-puzzle.md): AIMA's Romania searched every
way, checked against networkx's Dijkstra, drawn, played, replayed on the map, and in simpleai."""

import itertools
import math
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import networkx as nx  # noqa: E402
import pytest  # noqa: E402
from simpleai.search import astar as simpleai_astar  # noqa: E402

from puzzlelab.analysis.distances import check_heuristic  # noqa: E402
from puzzlelab.analysis.trees import search_tree  # noqa: E402
from puzzlelab.drawing import (  # noqa: E402
    draw_board,
    draw_search,
    draw_tree,
    draws_search,
    offscreen_figure,
    searched_states,
    step_highlight,
)
from puzzlelab.errors import BoardError  # noqa: E402
from puzzlelab.puzzles import RoadMap, romania  # noqa: E402
from puzzlelab.puzzles.roads import ROMANIA_POSITIONS, ROMANIA_ROADS  # noqa: E402
from puzzlelab.search import ALGORITHMS, Trace, astar, bfs, greedy, uniform_cost  # noqa: E402
from puzzlelab.simpleai_problems import RoadMapProblem  # noqa: E402
from puzzlelab.widgets import SearchReplay, SolutionPlayer  # noqa: E402

TOWNS = sorted(ROMANIA_POSITIONS)
GRAPH = nx.Graph()
GRAPH.add_weighted_edges_from(ROMANIA_ROADS)
#: The oracle: every town's shortest road distance to every other, by networkx.
SHORTEST = dict(nx.all_pairs_dijkstra_path_length(GRAPH))


def replayed(puzzle, result):
    """Drive the result's actions from the start, each a legal one; return towns and cost."""
    towns, cost = [puzzle.start], 0
    for action in result.actions:
        assert action in puzzle.actions(towns[-1]), f"no road from {towns[-1]} to {action}"
        towns.append(puzzle.result(towns[-1], action))
        cost += puzzle.cost(towns[-2], action, towns[-1])
    assert towns == result.path and puzzle.is_goal(towns[-1])
    assert math.isclose(cost, result.cost)
    return towns


# ---------------------------------------------------------------- the book's answers


def test_astar_finds_the_books_418_km_through_rimnicu_vilcea_and_pitesti():
    result = astar(romania())
    assert result.path == ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]
    assert result.cost == 418 and replayed(romania(), result)


def test_greedy_search_takes_the_450_km_road_through_fagaras():
    result = greedy(romania())
    assert result.path == ["Arad", "Sibiu", "Fagaras", "Bucharest"]
    assert result.cost == 450 and replayed(romania(), result)


def test_astar_expands_the_towns_of_the_books_figure_in_order():
    trace = Trace()
    astar(romania(), trace=trace)
    expanded = [event.state for event in trace.events if event.kind == "expand"]
    assert expanded == ["Arad", "Sibiu", "Rimnicu Vilcea", "Fagaras", "Pitesti"]


def test_actions_are_the_neighbours_alphabetically_as_in_the_books_trees():
    roads = romania()
    assert roads.actions("Arad") == ["Sibiu", "Timisoara", "Zerind"]
    assert roads.actions("Sibiu") == ["Arad", "Fagaras", "Oradea", "Rimnicu Vilcea"]
    assert sum(len(roads.actions(town)) for town in TOWNS) == 2 * len(ROMANIA_ROADS) == 46


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_every_search_drives_a_legal_way_to_bucharest(name):
    puzzle = romania()
    result = ALGORITHMS[name](puzzle)
    assert result.status == "solved"
    replayed(puzzle, result)
    if name in ("astar", "uniform_cost", "idastar"):
        assert result.cost == 418
    if name in ("bfs", "iddfs", "bidirectional"):  # the fewest roads: three, through Fagaras
        assert len(result.actions) == 3 and result.cost == 450


def test_uniform_cost_and_astar_agree_with_dijkstra_on_every_pair_of_towns():
    for start, goal in itertools.permutations(TOWNS, 2):
        puzzle = romania(start, goal)
        for search in (uniform_cost, astar):
            result = search(puzzle)
            assert result.cost == SHORTEST[start][goal], (search.__name__, start, goal)
            replayed(puzzle, result)


def test_the_straight_line_to_bucharest_is_the_books_table():
    roads = romania()
    assert [roads.straight_line(t) for t in ("Arad", "Sibiu", "Fagaras", "Pitesti")] == [
        366, 253, 176, 100
    ]  # fmt: skip
    assert roads.heuristics["straight_line"]("Bucharest") == 0


@pytest.mark.parametrize("goal", TOWNS)
def test_the_straight_line_is_admissible_and_consistent_for_every_goal(goal):
    puzzle = romania("Arad" if goal != "Arad" else "Bucharest", goal)
    table = SHORTEST[goal]  # roads are two-way: the distance to the goal is from the goal
    report = check_heuristic(puzzle, "straight_line", table)
    assert report.admissible and report.consistent and report.states == 20
    assert 0 < report.mean_ratio < 1


def test_measured_straight_lines_are_scaled_to_the_tightest_road():
    puzzle = romania(goal="Craiova")
    assert puzzle.table is None
    tightest = min(length / puzzle.flight(a, b) for a, b, length in ROMANIA_ROADS)
    assert puzzle.scale <= tightest and math.isclose(puzzle.scale, tightest)
    assert any(
        math.isclose(puzzle.scale * puzzle.flight(a, b), length) for a, b, length in ROMANIA_ROADS
    )  # the bound is met on one road: no larger scale would do


def test_roads_are_two_way_so_bidirectional_search_steps_back():
    roads = romania()
    for town in TOWNS:
        for action, before in roads.predecessors(town):
            assert roads.result(before, action) == town


# ---------------------------------------------------------------- what is refused


def small(**changes):
    given = {
        "roads": [("A", "B", 3), ("B", "C", 4)],
        "positions": {"A": (0, 0), "B": (3, 0), "C": (3, 4)},
        "start": "A",
        "goal": "C",
    }
    return RoadMap(**{**given, **changes})


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"start": "Paris"}, r"^the start 'Paris' is not a town of the map; the towns are: A, B, C$"),
        ({"goal": 3}, r"^the goal 3 is not a town of the map"),
        ({"roads": [("A", "Z", 3)]}, r"^the road A-Z goes to 'Z', which has no position"),
        ({"roads": [("A", "B", -3)]}, r"^the length of A-B must be a positive finite number, not -3$"),
        ({"roads": [("A", "B", 0)]}, r"must be a positive finite number, not 0$"),
        ({"roads": [("A", "B", math.inf)]}, r"must be a positive finite number, not inf$"),
        ({"roads": [("A", "B", math.nan)]}, r"must be a positive finite number, not nan$"),
        ({"roads": [("A", "B", True)]}, r"must be a positive finite number, not True$"),
        ({"roads": [("A", "B", "3")]}, r"must be a positive finite number, not '3'$"),
        ({"roads": [("A", "A", 3)]}, r"^a road joins two different towns, not A to itself$"),
        ({"roads": [("A", "B", 3), ("B", "A", 5)]}, r"^the road B-A is given twice"),
        ({"roads": [("A", "B")]}, r"^a road is \(town, town, length\)"),
        ({"roads": ["AB3"]}, r"^a road is \(town, town, length\)"),
        ({"positions": {"A": (0, 0), "B": (1,)}}, r"^the position of B must be \(x, y\)"),
        ({"positions": {"A": (0, math.nan)}}, r"each coordinate of A must be a finite number"),
        ({"positions": {"": (0, 0)}}, r"^a town's name must be some text"),
        ({"positions": {}}, r"^positions must map every town's name"),
    ],
)  # fmt: skip
def test_a_bad_map_is_refused_with_what_is_wrong_and_what_is_allowed(changes, message):
    with pytest.raises(BoardError, match=message):
        small(**changes)


@pytest.mark.parametrize("action", ["Fagaras", "Arad", "arad", "", None, 3])
def test_a_road_that_is_not_there_is_refused_with_the_roads_that_are(action):
    with pytest.raises(BoardError, match=r"; from Arad: Sibiu, Timisoara, Zerind$"):
        romania().result("Arad", action)


def test_a_town_that_is_not_on_the_map_is_refused():
    with pytest.raises(BoardError, match=r"^the town 'Paris' is not a town of the map"):
        romania().actions("Paris")


def test_a_town_with_no_roads_cannot_be_reached():
    puzzle = small(positions={"A": (0, 0), "B": (3, 0), "C": (3, 4), "D": (9, 9)}, goal="D")
    assert uniform_cost(puzzle).status == "exhausted"
    assert puzzle.render("D") == "D: no roads"


# ---------------------------------------------------------------- pictures, player, simpleai


def test_its_picture_loads_without_an_import_line():
    code = (
        "import sys\n"
        "from puzzlelab.drawing import draw_board, draws_search, offscreen_figure\n"
        "from puzzlelab.puzzles import romania\n"
        "assert 'puzzlelab.drawing.roads' not in sys.modules\n"
        "assert draws_search(romania())\n"
        "ax = draw_board(romania(), 'Sibiu', ax=offscreen_figure().add_subplot())\n"
        "print(len(ax.collections[-1].get_offsets()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["20"]


def test_the_board_rings_the_town_you_are_in_and_reddens_the_road_just_taken():
    puzzle = romania()
    highlight = step_highlight(puzzle, "Arad", "Sibiu", "Sibiu")
    ax = draw_board(puzzle, "Sibiu", ax=offscreen_figure().add_subplot(), highlight=highlight)
    (towns,) = [c for c in ax.collections if c.get_gid() == "towns"]
    widths = dict(zip(puzzle.towns, towns.get_linewidths()))
    assert widths["Sibiu"] == 3.0 and all(w == 1.0 for t, w in widths.items() if t != "Sibiu")
    (taken,) = [line for line in ax.lines if line.get_gid() == "taken"]
    assert {tuple(p) for p in taken.get_xydata()} == {(91, 492), (207, 457)}
    names = {t.get_text() for t in ax.texts if t.get_gid() == "town"}
    assert names == set(TOWNS)


def test_the_player_drives_the_solution_with_captions():
    puzzle = romania()
    player = SolutionPlayer(puzzle, astar(puzzle))
    assert len(player.frames) == 5
    player.step(2)
    assert player.caption().startswith("step 2 of 4: Sibiu to Rimnicu Vilcea, 80")
    assert player.state() == "Rimnicu Vilcea"


def test_the_search_tree_draws_its_nodes_as_maps():
    puzzle = romania()
    trace = Trace()
    astar(puzzle, trace=trace)
    tree = search_tree(trace)
    ax = draw_tree(tree, offscreen_figure().add_subplot(), puzzle=puzzle)
    assert len(ax.tree_nodes) == tree.number_of_nodes() == 16  # as in AIMA Figure 3.24


def test_simpleai_astar_on_the_simpleai_view_drives_418_km():
    problem = RoadMapProblem()
    node = simpleai_astar(problem, graph_search=True)
    assert [state for _, state in node.path()] == [
        "Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"
    ]  # fmt: skip
    assert node.cost == 418


def test_puzzlelab_runs_the_simpleai_view_and_its_named_heuristic():
    problem = RoadMapProblem(start="Lugoj", goal="Neamt")
    assert astar(problem, heuristic="straight_line").cost == SHORTEST["Lugoj"]["Neamt"]
    assert bfs(RoadMapProblem(romania())).cost == 450


# ---------------------------------------------------------------- the search drawn on the map


def test_the_towns_expanded_and_waiting_at_each_event_of_astar():
    trace = Trace()
    astar(romania(), trace=trace)
    seen = searched_states(trace.events)
    kinds = [event.kind for event in trace.events]
    first_sibiu = kinds.index("expand", 2)  # Arad is expanded first, Sibiu second
    assert trace.events[first_sibiu].state == "Sibiu"
    assert seen[first_sibiu] == {
        "expanded": ["Arad", "Sibiu"],
        "frontier": ["Timisoara", "Zerind"],  # f = 447, 449; Sibiu's children come next
        "current": "Sibiu",
    }
    after = seen[first_sibiu + 4]  # Sibiu's four roads generated or dropped
    assert after["frontier"] == ["Rimnicu Vilcea", "Fagaras", "Timisoara", "Zerind", "Oradea"]
    assert seen[-1]["current"] == "Bucharest" and "Bucharest" not in seen[-1]["expanded"]


def test_iterative_deepening_starts_each_iteration_with_nothing_expanded():
    trace = Trace()
    ALGORITHMS["iddfs"](romania(), trace=trace)
    seen = searched_states(trace.events)
    starts = [k for k, event in enumerate(trace.events) if event.kind == "iteration"]
    assert len(starts) == 4  # depth 0, 1, 2, 3
    assert all(seen[k]["expanded"] == [] for k in starts)
    assert seen[starts[2] - 1]["expanded"] == ["Arad"]  # depth 1: Arad alone was expanded


def test_the_replay_shows_the_map_with_the_search_beside_the_frontier():
    puzzle = romania()
    trace = Trace()
    astar(puzzle, trace=trace)
    replay = SearchReplay(trace, puzzle)
    replay.step(8)
    assert replay.searched() == searched_states(trace.events)[8]
    frame = replay.frame_html()
    assert "the search after event 9" in frame and "expanded first" in frame
    # One picture per different view, and the same view shares its picture.
    pictures = {replay.frames[k][1] for k in range(len(replay.frames))}
    views = {
        (tuple(v["expanded"]), frozenset(v["frontier"]), v["current"])
        for v in searched_states(trace.events)
    }
    assert len(pictures) == len(views)


def test_the_map_drawn_for_a_search_marks_each_town():
    view = {"expanded": ["Arad", "Sibiu"], "frontier": ["Fagaras", "Zerind"], "current": "Fagaras"}
    ax = draw_search(romania(), **view, ax=offscreen_figure((6, 4)).add_subplot())
    marks = ax.search_marks
    assert marks["Arad"] == "expanded 1" and marks["Sibiu"] == "expanded 2"
    assert marks["Fagaras"] == "frontier, current" and marks["Zerind"] == "frontier"
    assert sum(1 for mark in marks.values() if mark) == 4
    (towns,) = [c for c in ax.collections if c.get_gid() == "towns"]
    faces = dict(zip(romania().towns, map(tuple, towns.get_facecolors())))
    assert faces["Arad"] != faces["Sibiu"]  # shaded by the order of expansion
    assert sum(faces["Arad"][:3]) > sum(faces["Sibiu"][:3])  # the first paler
    assert faces["Zerind"] == faces["Oradea"] == (1.0, 1.0, 1.0, 1.0)
    assert draws_search(romania())


def test_each_romania_has_its_own_straight_lines():
    """Lesson 10 invites changing h; one map's change must not reach the next map."""
    changed = romania()
    changed.table["Sibiu"] = 999
    assert changed.table is not romania().table
    assert astar(romania()).path == ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]


def test_a_town_that_is_not_on_the_map_is_named_by_every_method():
    roads = romania()
    for call in (lambda: roads.straight_line("arad"), lambda: roads.flight("Arad", "Paris"),
                 lambda: roads.cost("Rome", "Sibiu", "Sibiu")):  # fmt: skip
        with pytest.raises(BoardError, match="is not a town of the map; the towns are: Arad"):
            call()
    with pytest.raises(BoardError, match="no road from Arad to 'Bucharest'; from Arad: Sibiu"):
        roads.cost("Arad", "Bucharest", "Bucharest")


def test_a_straight_line_table_a_student_changed_is_checked():
    roads = romania()
    roads.table = {"Arad": 366}
    with pytest.raises(BoardError, match="no distance for Sibiu; give every town one"):
        roads.straight_line("Sibiu")
    roads = romania()
    roads.table["Sibiu"] = None
    with pytest.raises(BoardError, match="distance for Sibiu must be a finite number"):
        astar(roads)
