"""Water jugs: the rules, shortest pours against a brute force, the state graph, pictures,
the player, the command line, clear errors and the lesson's exercises."""

import matplotlib

matplotlib.use("Agg")

import math  # noqa: E402
import re  # noqa: E402
from itertools import product  # noqa: E402

import networkx as nx  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from simpleai.search import breadth_first  # noqa: E402

from puzzlelab.drawing import draw_board, draw_path, offscreen_figure, step_label  # noqa: E402
from puzzlelab.drawing.jugs import (  # noqa: E402
    GOAL,
    ON_PATH,
    START,
    draw_state_graph,
)
from puzzlelab.errors import BoardError, ProblemError  # noqa: E402
from puzzlelab.exercises import jugs as exercises  # noqa: E402
from puzzlelab.puzzles import WaterJugs  # noqa: E402
from puzzlelab.search import bfs, bidirectional, dfs, iddfs, uniform_cost  # noqa: E402
from puzzlelab.simpleai_problems import WaterJugsProblem  # noqa: E402
from puzzlelab.solvers.jugs import state_graph  # noqa: E402
from puzzlelab.widgets import SolutionPlayer  # noqa: E402

HALVING = WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
TAP = WaterJugs((3, 5), target=4, tap=True)

# (capacities, start, target, tap): solvable instances, small enough for the brute force
SOLVABLE = [
    ((8, 5, 3), (8, 0, 0), (4, 4, 0), False),
    ((3, 5), (0, 0), 4, True),
    ((12, 9, 4), (12, 0, 0), (6, 6, 0), False),
    ((10, 7, 3), (10, 0, 0), (5, 5, 0), False),
    ((8, 5, 3), (8, 0, 0), 1, False),
    ((4, 3), (0, 0), (2, 0), True),
    ((7, 4, 2), (0, 0, 0), 5, True),
    ((8, 5, 3), (8, 0, 0), (8, 0, 0), False),  # the start is the goal: 0 pours
]
UNREACHABLE = [
    ((6, 4), (0, 0), 3, True),  # every amount stays even
    ((8, 5, 3), (8, 0, 0), (4, 2, 2), False),  # no jug empty or full
    ((6, 9), (0, 0), (3, 3), True),  # multiples of 3, but (3, 3) has no jug empty or full
]


# ---------------------------------------------------------------- an independent brute force


def poured_litre_by_litre(capacities, state, i, j):
    """Pour jug i into jug j one litre at a time (not the model's min() formula)."""
    amounts = list(state)
    while amounts[i] > 0 and amounts[j] < capacities[j]:
        amounts[i] -= 1
        amounts[j] += 1
    return tuple(amounts)


def brute_successors(capacities, state, tap):
    """Every state one pour (or fill or empty, with a tap) away, *state* itself left out."""
    found = set()
    for i, j in product(range(len(capacities)), repeat=2):
        if i != j:
            found.add(poured_litre_by_litre(capacities, state, i, j))
    if tap:
        for i, capacity in enumerate(capacities):
            found.add(state[:i] + (capacity,) + state[i + 1 :])
            found.add(state[:i] + (0,) + state[i + 1 :])
    return found - {state}


def brute_distances(capacities, start, tap):
    """Fewest actions from *start* to every reachable state, by relaxing until nothing changes."""
    distance = {start: 0}
    changed = True
    while changed:
        changed = False
        for state, d in list(distance.items()):
            for after in brute_successors(capacities, state, tap):
                if distance.get(after, math.inf) > d + 1:
                    distance[after] = d + 1
                    changed = True
    return distance


def meets(target, state):
    return state == target if isinstance(target, tuple) else target in state


def brute_fewest(capacities, start, target, tap):
    """The fewest actions to the target, or None when no reachable state meets it."""
    reached = [d for s, d in brute_distances(capacities, start, tap).items() if meets(target, s)]
    return min(reached, default=None)


def assert_legal(jugs, result):
    """The path starts at the start, meets the target, and each step is one legal action."""
    assert result.path[0] == jugs.start and jugs.is_goal(result.path[-1])
    assert len(result.actions) == len(result.path) - 1 == result.cost
    for before, action, after in zip(result.path, result.actions, result.path[1:]):
        assert jugs.result(before, action) == after
        assert after in brute_successors(jugs.capacities, before, jugs.tap)


# ---------------------------------------------------------------- the rules


capacities_st = st.lists(st.integers(1, 9), min_size=1, max_size=4).map(tuple)


@st.composite
def jugs_and_state(draw):
    capacities = draw(capacities_st)
    state = tuple(draw(st.integers(0, c)) for c in capacities)
    return WaterJugs(capacities, start=state, target=0, tap=draw(st.booleans())), state


@settings(max_examples=150, deadline=None)
@given(jugs_and_state())
def test_every_action_follows_the_rules(case):
    jugs, state = case
    for action, after, cost in jugs.successors(state):
        assert cost == 1 and after != state, "an action always changes something"
        assert all(0 <= a <= c for a, c in zip(after, jugs.capacities)), "no overflow"
        verb, _, which = action.partition(" ")
        if verb == "pour":
            i, j = map(int, which.split("->"))
            assert sum(after) == sum(state), "pouring keeps the water"
            assert after[i] == 0 or after[j] == jugs.capacities[j], "a pour stops empty or full"
            assert after == poured_litre_by_litre(jugs.capacities, state, i, j)
        elif verb == "fill":
            assert after[int(which)] == jugs.capacities[int(which)]
        else:
            assert verb == "empty" and after[int(which)] == 0
        changed = [k for k in range(len(state)) if after[k] != state[k]]
        assert len(changed) == (2 if verb == "pour" else 1)
    states_after = {after for _, after, _ in jugs.successors(state)}
    assert states_after == brute_successors(jugs.capacities, state, jugs.tap)


def test_the_halving_start_and_its_pours():
    assert HALVING.actions((8, 0, 0)) == ["pour 0->1", "pour 0->2"]
    assert HALVING.result((8, 0, 0), "pour 0->1") == (3, 5, 0)
    assert HALVING.result((3, 5, 0), "pour 1->2") == (3, 2, 3)
    assert HALVING.is_goal((4, 4, 0)) and not HALVING.is_goal((4, 0, 4))


def test_a_tap_fills_to_the_brim_and_empties_down_the_sink():
    assert TAP.actions((0, 0)) == ["fill 0", "fill 1"]
    assert TAP.actions((3, 5)) == ["empty 0", "empty 1"]
    assert TAP.result((1, 2), "fill 1") == (1, 5) and TAP.result((1, 2), "empty 0") == (0, 2)
    assert set(TAP.actions((1, 2))) == {"pour 0->1", "pour 1->0", "fill 0", "fill 1",
                                        "empty 0", "empty 1"}  # fmt: skip
    assert not any(a.startswith(("fill", "empty")) for a in HALVING.actions((3, 2, 3)))


def test_a_target_amount_is_met_in_any_jug():
    assert TAP.goal is None and TAP.target == 4
    assert TAP.is_goal((0, 4)) and TAP.is_goal((3, 4)) and not TAP.is_goal((3, 3))
    assert WaterJugs((8, 5, 3), (8, 0, 0), "4").target == 4


def test_words_for_actions():
    assert HALVING.describe("pour 0->1") == "pour 8L jug into 5L jug"
    assert TAP.describe("fill 1") == "fill 5L jug" and TAP.describe("empty 0") == "empty 3L jug"
    twins = WaterJugs((4, 4, 1), (4, 0, 0), 2)
    assert twins.describe("pour 0->1") == "pour jug 0 (4L) into jug 1 (4L)"
    assert twins.describe("pour 0->2", short=True) == "pour jug 0 into 1L"
    assert HALVING.render((3, 5, 0)) == "3/8 5/5 0/3"


def test_common_measure():
    assert WaterJugs((6, 4), target=2, tap=True).common_measure == 2
    assert WaterJugs((6, 9), target=3, tap=True).common_measure == 3
    assert WaterJugs((6, 4), start=(1, 0), target=1, tap=True).common_measure == 1
    assert HALVING.common_measure == 1


# ---------------------------------------------------------------- shortest pours


def test_halving_eight_litres_takes_seven_pours_and_no_fewer():
    """Seven pours; every sequence of six or fewer pours is tried and none halves the water."""
    assert bfs(HALVING).cost == 7
    layer = {HALVING.start}
    for _ in range(6):
        layer = {after for s in layer for after in brute_successors((8, 5, 3), s, False)}
        assert (4, 4, 0) not in layer
    layer = {after for s in layer for after in brute_successors((8, 5, 3), s, False)}
    assert (4, 4, 0) in layer


@pytest.mark.parametrize("capacities, start, target, tap", SOLVABLE)
def test_shortest_searches_agree_with_the_brute_force(capacities, start, target, tap):
    jugs = WaterJugs(capacities, start=start, target=target, tap=tap)
    fewest = brute_fewest(capacities, start, target, tap)
    for search in (bfs, iddfs):
        result = search(jugs)
        assert result.solved and result.cost == fewest, search.__name__
        assert_legal(jugs, result)
    if jugs.goal is not None:
        result = bidirectional(jugs)
        assert result.cost == fewest
        assert_legal(jugs, result)
    longer = dfs(jugs)
    assert longer.solved and longer.cost >= fewest
    assert_legal(jugs, longer)


def test_dfs_finds_a_longer_pour_sequence_for_the_halving():
    assert dfs(HALVING).cost > bfs(HALVING).cost


@pytest.mark.parametrize("capacities, start, target, tap", UNREACHABLE)
def test_unreachable_targets_are_unsolvable_before_any_search(capacities, start, target, tap):
    jugs = WaterJugs(capacities, start=start, target=target, tap=tap)
    assert brute_fewest(capacities, start, target, tap) is None
    for search in (bfs, iddfs, dfs):
        result = search(jugs)
        assert result.status == "unsolvable" and result.stats.expanded == 0
        assert result.reason.endswith(jugs.why_unreachable()) and jugs.why_unreachable()
        searched = search(jugs, check_solvable=False)  # the search finds out by itself
        assert searched.status == "exhausted" and searched.path == [] and searched.cost is None
        if search is not iddfs:  # iterative deepening expands some states again
            assert searched.stats.expanded == len(brute_distances(capacities, start, tap))


def test_why_unreachable_names_the_rule_and_stays_quiet_when_reachable():
    assert "multiple of 2" in WaterJugs((6, 4), target=3, tap=True).why_unreachable()
    no_edge = WaterJugs((8, 5, 3), (8, 0, 0), (4, 2, 2)).why_unreachable()
    assert "empty or full" in no_edge
    for capacities, start, target, tap in SOLVABLE:
        assert WaterJugs(capacities, start, target, tap).why_unreachable() == ""


def test_why_unreachable_is_never_wrong_on_small_jugs():
    """Whenever it gives a reason, the brute force finds the target out of reach."""
    for capacities in [(4, 2), (6, 4), (6, 3, 2), (5, 3)]:
        for tap in (False, True):
            start = (capacities[0],) + (0,) * (len(capacities) - 1)
            for target in product(*(range(c + 1) for c in capacities)):
                if not tap and sum(target) != sum(start):
                    continue
                jugs = WaterJugs(capacities, start, target, tap)
                if jugs.why_unreachable():
                    assert brute_fewest(capacities, start, target, tap) is None, target


def test_limits_stop_cleanly():
    result = bfs(WaterJugs((12, 9, 4), (12, 0, 0), (6, 6, 0)), max_nodes=3)
    assert result.status == "limit" and result.stats.expanded == 3


# ---------------------------------------------------------------- backwards: predecessors


@pytest.mark.parametrize("capacities, tap", [((8, 5, 3), False), ((3, 5), True),
                                             ((4, 3, 2), True), ((5,), True)])  # fmt: skip
def test_predecessors_are_exactly_the_reversed_successors(capacities, tap):
    jugs = WaterJugs(capacities, target=0, tap=tap)
    every_state = list(product(*(range(c + 1) for c in capacities)))
    forward = {(action, before, after) for before in every_state
               for action, after, _ in jugs.successors(before)}  # fmt: skip
    backward = {(action, before, after) for after in every_state
                for action, before in jugs.predecessors(after)}  # fmt: skip
    assert forward == backward


def test_bidirectional_needs_a_whole_target_state():
    with pytest.raises(ProblemError, match="goal"):
        bidirectional(TAP)


# ---------------------------------------------------------------- simpleai


@pytest.mark.parametrize("capacities, start, target, tap", SOLVABLE[:4])
def test_simpleai_and_puzzlelab_agree(capacities, start, target, tap):
    problem = WaterJugsProblem(capacities, start=start, target=target, tap=tap)
    theirs = breadth_first(problem, graph_search=True)
    ours = bfs(problem)
    assert len(theirs.path()) - 1 == ours.cost == bfs(problem.puzzle).cost
    assert [action for action, _ in theirs.path()[1:]] == ours.actions
    assert_legal(problem.puzzle, ours)


def test_the_simpleai_problem_searches_from_both_ends():
    problem = WaterJugsProblem((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0))
    assert problem.goal == (4, 4, 0) and bidirectional(problem).cost == 7
    assert problem.action_representation("pour 2->0") == "pour 3L jug into 8L jug"
    assert problem.state_representation((8, 0, 0)) == "8/8 0/5 0/3"


# ---------------------------------------------------------------- the state graph


@pytest.mark.parametrize("capacities, start, tap", [((8, 5, 3), (8, 0, 0), False),
                                                    ((3, 5), (0, 0), True),
                                                    ((12, 9, 4), (12, 0, 0), False),
                                                    ((4, 3, 2), (0, 0, 0), True)])  # fmt: skip
def test_state_graph_counts_match_an_independent_enumeration(capacities, start, tap):
    jugs = WaterJugs(capacities, start, target=1, tap=tap)
    graph = state_graph(jugs)
    distance = brute_distances(capacities, start, tap)
    edges = {(s, after) for s in distance for after in brute_successors(capacities, s, tap)}
    assert set(graph.nodes) == set(distance)
    assert set(graph.edges) == edges
    assert {s: d for s, d in graph.nodes(data="depth")} == distance
    for state, is_goal in graph.nodes(data="goal"):
        assert is_goal == (1 in state)
    for before, after, action in graph.edges(data="action"):
        assert jugs.result(before, action) == after


def test_the_halving_graph_is_sixteen_states_on_a_parallelogram():
    graph = state_graph(HALVING)
    assert graph.number_of_nodes() == 16 and graph.number_of_edges() == 58
    assert nx.shortest_path_length(graph, (8, 0, 0), (4, 4, 0)) == 7
    # every state but the start has a jug empty or full: the parallelogram's edges
    for state in graph:
        assert any(a in (0, c) for a, c in zip(state, HALVING.capacities))


def test_state_graph_keeps_to_its_limits():
    assert len(state_graph(HALVING, max_nodes=16)) == 16  # exactly enough
    with pytest.raises(ProblemError, match="not built: the limit of 15 states was reached"):
        state_graph(HALVING, max_nodes=15)
    big = WaterJugs((41, 30, 20), target=1, tap=True)
    with pytest.raises(ProblemError, match="the limit of 500 states"):
        state_graph(big, max_nodes=500)
    with pytest.raises(ProblemError, match="the limit of 1e-06 seconds"):
        state_graph(big, max_seconds=1e-6)
    with pytest.raises(ProblemError, match="max_nodes must be a whole number of at least 1"):
        state_graph(HALVING, max_nodes=0)


def test_state_graph_refuses_early_what_cannot_fit():
    many = WaterJugs((1,) * 11, target=1, tap=True)  # 2 ** 11 mixes of empty and full jugs
    with pytest.raises(ProblemError, match="at least 2,048 states for 11 jugs, more than the"):
        state_graph(many, max_nodes=2000)
    huge = WaterJugs((2,) * 40, target=1, tap=True)
    with pytest.raises(ProblemError, match="which need more than 1,000 MB; use fewer jugs"):
        state_graph(huge)  # at once: no graph of 2 ** 40 states is started
    assert len(state_graph(WaterJugs((1,) * 5, target=1, tap=True), max_nodes=32)) == 32


# ---------------------------------------------------------------- pictures and the player


def axes(size=(3, 2.4)):
    return offscreen_figure(size).add_subplot()


def test_one_jug_patch_per_jug_and_water_to_the_level():
    ax = draw_board(HALVING, (1, 4, 3), ax=axes())
    jugs = [p for p in ax.patches if p.get_gid() == "jug"]
    water = [p for p in ax.patches if p.get_gid() == "water"]
    assert [p.get_height() for p in jugs] == [8, 5, 3]
    assert [p.get_height() for p in water] == [1, 4, 3]
    assert [t.get_text() for t in ax.texts if t.get_gid() == "label"] == ["1/8", "4/5", "3/3"]
    green = [p for p in water if p.get_facecolor()[:3] == matplotlib.colors.to_rgb("#8cc084")]
    assert [p.get_height() for p in green] == [4], "the jug at its goal amount is green"
    assert len([line for line in ax.lines if line.get_gid() == "target"]) == 2  # 4 and 4


def test_empty_jugs_draw_no_water():
    ax = draw_board(TAP, (0, 0), ax=axes())
    assert not [p for p in ax.patches if p.get_gid() == "water"]
    assert len([p for p in ax.patches if p.get_gid() == "jug"]) == 2


def test_state_graph_picture_one_node_per_state_and_the_path_highlighted():
    result = bfs(HALVING)
    graph = state_graph(HALVING)
    ax = draw_state_graph(HALVING, result, ax=axes((6, 4)), graph=graph)
    (nodes,) = [c for c in ax.collections if c.get_gid() == "states"]
    assert len(nodes.get_offsets()) == graph.number_of_nodes() == 16
    colours = dict(zip(graph.nodes, map(tuple, nodes.get_facecolors())))
    rgba = {name: (*matplotlib.colors.to_rgb(name), 1.0) for name in (START, GOAL, ON_PATH)}
    assert colours[(8, 0, 0)] == rgba[START] and colours[(4, 4, 0)] == rgba[GOAL]
    assert all(colours[s] == rgba[ON_PATH] for s in result.path[1:-1])
    arrows = [p.get_gid() for p in ax.patches]
    assert arrows.count("path") == 7 and arrows.count("action") == 58 - 7
    labels = {t.get_text() for t in ax.texts}
    assert {"800", "440", "350"} <= labels
    assert ax.get_xlabel() == "litres in the 8L jug"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["start", "goal", "on the solution", "other state"]


def test_the_halving_states_stand_on_a_parallelogram_of_litres():
    ax = draw_state_graph(HALVING, ax=axes((6, 4)))
    (nodes,) = [c for c in ax.collections if c.get_gid() == "states"]
    position = dict(zip(state_graph(HALVING), map(tuple, nodes.get_offsets().tolist())))
    assert position[(8, 0, 0)] == (8, 0) and position[(0, 5, 3)] == (0, 5)
    for x, y in position.values():  # the sides: x + y = 5, x + y = 8, y = 0, y = 5
        assert x + y in (5, 8) or y in (0, 5)


def test_state_graph_picture_other_layouts_and_bad_paths():
    three_with_tap = WaterJugs((3, 2, 2), target=1, tap=True)
    ax = draw_state_graph(three_with_tap, ax=axes((6, 4)))  # states share (jug 0, jug 1)
    (nodes,) = [c for c in ax.collections if c.get_gid() == "states"]
    assert len(nodes.get_offsets()) == state_graph(three_with_tap).number_of_nodes()
    assert ax.get_xlabel() == ""
    ax = draw_state_graph(TAP, bfs(TAP).path, ax=axes((6, 4)), labels=False, legend=False)
    assert ax.get_legend() is None and not ax.texts
    with pytest.raises(BoardError, match="not one action"):
        draw_state_graph(HALVING, [(8, 0, 0), (4, 4, 0)], ax=axes())
    ax = draw_state_graph(WaterJugs((12, 7, 5), (12, 0, 0), 6), ax=axes((6, 4)), labels=True)
    assert "6,6,0" in {text.get_text() for text in ax.texts}


def test_step_captions_read_as_words():
    assert step_label(HALVING, (8, 0, 0), "pour 0->1", (3, 5, 0)) == "pour 8L into 5L"
    assert step_label(TAP, (0, 0), "fill 1", (0, 5)) == "fill 5L"
    assert step_label(HALVING, (3, 5, 0), (1, 2), (3, 2, 3)) == "pour 5L into 3L"  # any names
    assert step_label(HALVING, (3, 5, 0), "teleport", (4, 4, 0)) == "teleport"
    figure = draw_path(HALVING, bfs(HALVING).path, bfs(HALVING).actions)
    assert len(figure.axes) == 8 and "pour 8L into 5L" in figure.axes[1].get_title()


def test_the_solution_plays_in_the_player():
    result = bfs(TAP)
    player = SolutionPlayer(TAP, result, size=1.6)
    assert len(player.frames) == 7 and player.caption() == "start (6 moves to go)"
    assert player.step(1).state() == (0, 5) and player.caption() == "step 1 of 6: fill 5L"
    assert player.step(6).state() == (3, 4) and TAP.is_goal(player.state())
    assert player.step(99).value == 6 and player.step(-3).value == 0
    assert b"<svg" in player.pictures[0]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "kwargs, words",
    [({"capacities": ()}, "at least one jug"),
     ({"capacities": (8, -5)}, "at least 1"),
     ({"capacities": (8, 2.5)}, "each of the capacities must be a whole number, not 2.5"),
     ({"capacities": (8, True)}, "each of the capacities must be a whole number, not True"),
     ({"capacities": (8, math.inf)}, "must be a whole number, not inf"),
     ({"capacities": "８,５,３"}, "written with the digits 0-9"),
     ({"capacities": (8, 5), "start": (8, math.nan)}, "the start must be a whole number, not nan"),
     ({"capacities": (8, 5), "target": math.inf, "tap": True}, "target amount must be a whole"),
     ({"capacities": (8, 5), "target": math.nan, "tap": True}, "target amount must be a whole"),
     ({"capacities": (8, 5), "target": True, "tap": True}, "target amount must be a whole"),
     ({"capacities": (8, 5), "target": 4.0, "tap": True}, "target amount must be a whole"),
     ({"capacities": (8, 5), "target": 4, "tap": "yes"}, "tap must be True or False"),
     ({"capacities": 8}, "list of whole numbers"),
     ({"capacities": (8, 5), "start": (9, 0)}, "between 0 and its jug's capacity"),
     ({"capacities": (8, 5), "start": (8, 0, 0)}, "one amount per jug"),
     ({"capacities": (8, 5), "start": (8, 0), "target": None}, "give a target"),
     ({"capacities": (8, 5), "start": (8, 0), "target": (4, 5)}, "total stays 8"),
     ({"capacities": (8, 5), "target": 2}, "more than the 0 litres"),
     ({"capacities": (8, 5), "target": -1, "tap": True}, "between 0 and 8"),
     ({"capacities": (8, 5), "target": (9, 0), "tap": True}, "between 0 and"),
     ({"capacities": (8, 5), "target": "four", "tap": True}, "target amount must be a whole")],
)  # fmt: skip
def test_bad_jugs_are_refused_saying_what_is_allowed(kwargs, words):
    kwargs = {"target": 1, "tap": False, **kwargs}
    with pytest.raises(BoardError, match=re.escape(words)) as refusal:
        WaterJugs(**kwargs)
    message = str(refusal.value)
    assert "\n" not in message and message[0].islower()  # one line, read after "error: "


@pytest.mark.parametrize("action", ["fill 0", "pour 0->0", "pour 0->5", "pour 1 2", "spill 0", 3])
def test_unknown_actions_are_refused(action):
    with pytest.raises(BoardError, match="allowed"):
        HALVING.result((8, 0, 0), action)


# ---------------------------------------------------------------- the lesson's exercises


def test_exercise_halving_twelve(capsys):
    capacities, start, target = (12, 9, 4), (12, 0, 0), (6, 6, 0)
    fewest = brute_fewest(capacities, start, target, False)
    reachable = len(brute_distances(capacities, start, False))
    assert exercises.check_halving_twelve(fewest, reachable)
    assert "Correct!" in capsys.readouterr().out
    assert not exercises.check_halving_twelve(..., ...)
    assert not exercises.check_halving_twelve(fewest + 1, reachable)
    assert not exercises.check_halving_twelve(fewest, 13 * 10 * 5)
    assert not exercises.check_halving_twelve(
        fewest, bfs(WaterJugs(**exercises.TWELVE)).stats.generated
    )
    assert not exercises.check_halving_twelve("9", reachable)
    out = capsys.readouterr().out
    assert out.count("Not yet") == 5 and str(fewest) not in out and str(reachable) not in out


def test_exercise_tap_problem(capsys):
    from simpleai.search import SearchProblem

    class Right(SearchProblem):
        def actions(self, state):
            return [("pour", 0, 1), ("pour", 1, 0), ("fill", 0), ("fill", 1), ("empty", 0),
                    ("empty", 1)]  # fmt: skip

        def result(self, state, action):
            if action[0] == "pour":
                return poured_litre_by_litre((3, 5), state, action[1], action[2])
            i = action[1]
            return state[:i] + ((3, 5)[i] if action[0] == "fill" else 0,) + state[i + 1 :]

        def is_goal(self, state):
            return 4 in state

    class NoEmpty(Right):
        def actions(self, state):
            return [a for a in super().actions(state) if a[0] != "empty"]

    class WrongGoal(Right):
        def is_goal(self, state):
            return state == (0, 4)

    class Lists(Right):
        def result(self, state, action):
            return list(super().result(state, action))

    class Broken(Right):
        def result(self, state, action):
            raise KeyError(action)

    assert exercises.check_tap_problem(Right(initial_state=(0, 0)))
    assert "Correct!" in capsys.readouterr().out
    assert not exercises.check_tap_problem(...)
    assert not exercises.check_tap_problem(NoEmpty(initial_state=(0, 0)))
    assert "empty" in capsys.readouterr().out.splitlines()[-1]
    assert not exercises.check_tap_problem(WrongGoal(initial_state=(0, 0)))
    assert "is_goal((1, 4)) says False" in capsys.readouterr().out  # the call as written
    assert not exercises.check_tap_problem(Lists(initial_state=(0, 0)))
    assert not exercises.check_tap_problem(Broken(initial_state=(0, 0)))
    assert "KeyError" in capsys.readouterr().out
    assert not exercises.check_tap_problem(Right(initial_state=(3, 0)))
    assert not exercises.check_tap_problem("TapJugs")


def test_exercise_measurable(capsys):
    reachable = brute_distances((6, 9), (0, 0), True)
    truth = {amount for state in reachable for amount in state} - {0}
    assert exercises.check_measurable(truth, math.gcd(6, 9))
    assert "Correct!" in capsys.readouterr().out
    assert not exercises.check_measurable(..., ...)
    assert not exercises.check_measurable(set(range(1, 10)), 1)
    assert not exercises.check_measurable(truth - {max(truth)}, 3)
    assert not exercises.check_measurable(truth, 1)
    assert not exercises.check_measurable("3, 6", 3)
    out = capsys.readouterr().out
    assert out.count("Not yet") == 5 and str(sorted(truth)) not in out


# ---------------------------------------------------------------- pours that cost litres


def test_a_litre_cost_counts_the_litres_each_action_moves():
    jugs = WaterJugs((2, 7), target=1, tap=True, cost="litre")
    assert jugs.cost((0, 7), "pour 1->0", (2, 5)) == 2
    assert jugs.cost((0, 0), "fill 1", (0, 7)) == 7
    assert jugs.cost((2, 5), "empty 0", (0, 5)) == 2
    assert [step for _, _, step in jugs.successors((0, 0))] == [2, 7]


def test_with_litre_costs_the_fewest_actions_and_the_cheapest_way_differ():
    jugs = WaterJugs((2, 7), target=1, tap=True, cost="litre")
    fewest, cheapest = bfs(jugs), uniform_cost(jugs)
    assert len(fewest.actions) < len(cheapest.actions)
    assert cheapest.cost < fewest.cost
    for result in (fewest, cheapest):  # replayed: legal actions, the costs they claim
        state, spent = jugs.start, 0
        for action in result.actions:
            assert action in jugs.actions(state)
            after = jugs.result(state, action)
            spent, state = spent + jugs.cost(state, action, after), after
        assert jugs.is_goal(state) and spent == result.cost


def test_an_unknown_cost_is_refused_in_one_line():
    with pytest.raises(BoardError, match="cost must be one of 'action', 'litre', not 'litres'"):
        WaterJugs((2, 7), target=1, tap=True, cost="litres")
