"""The concepts lesson 4 measures: consistency, the effective branching factor, and the
table of the searches' properties, whose check measures every cell."""

import math

import pytest

from puzzlelab import SlidingPuzzle
from puzzlelab.analysis.distances import check_heuristic, distance_table, effective_branching
from puzzlelab.errors import ProblemError
from puzzlelab.exercises import properties
from puzzlelab.search import ALGORITHMS, Trace, astar

SIX = SlidingPuzzle(shape=(2, 3))
SIX_TABLE = distance_table(SIX)


def corner_manhattan(state):
    """Admissible (each value is one of two lower bounds) but not consistent."""
    return SIX.manhattan(state) if state.index(0) in (0, 2, 3, 5) else SIX.misplaced(state)


# ---------------------------------------------------------------- consistency


def test_an_admissible_heuristic_that_is_not_consistent_is_caught_on_a_real_move():
    report = check_heuristic(SIX, corner_manhattan, SIX_TABLE)
    assert report.admissible and not report.consistent
    state, after, h_state, h_after = report.inconsistencies[0]
    assert after in {t for _, t, _ in SIX.successors(state)}  # one move apart
    assert (h_state, h_after) == (corner_manhattan(state), corner_manhattan(after))
    assert h_state > 1 + h_after  # drops by more than the move's cost
    drops = [h - h2 for _, _, h, h2 in report.inconsistencies]
    assert drops == sorted(drops, reverse=True)  # the worst move first
    assert f"h drops from {h_state} to {h_after} in one move" in repr(report)


def test_consistent_heuristics_report_no_move_and_a_zero_at_the_goal():
    for name in SIX.heuristics:
        report = check_heuristic(SIX, name, SIX_TABLE)
        assert report.consistent and report.inconsistencies == [] and report.goal_h == 0
        assert report.first_inconsistency() == ""


def test_a_heuristic_not_zero_at_the_goal_is_not_consistent_and_says_why():
    report = check_heuristic(SIX, lambda state: min(1, SIX_TABLE[state]), SIX_TABLE)
    assert report.consistent  # 1 everywhere but the goal: drops by at most 1
    lifted = check_heuristic(SIX, lambda state: 1 if SIX_TABLE[state] else 0.5, SIX_TABLE)
    assert not lifted.consistent and lifted.goal_h == 0.5
    assert lifted.first_inconsistency() == "h(goal) = 0.5, not 0"
    assert "h(goal) = 0.5" in lifted._repr_html_()


def test_astar_reopens_boards_with_an_inconsistent_heuristic_and_stays_shortest():
    """What lesson 4 measures: re-expansions only with the inconsistent heuristic."""

    def expanded_twice(heuristic):
        again = 0
        for board in sorted(SIX_TABLE)[::4]:
            trace = Trace(max_events=None)
            result = astar(SIX.with_start(board), heuristic=heuristic, trace=trace)
            assert result.cost == SIX_TABLE[board]
            states = [event.state for event in trace.events if event.kind == "expand"]
            again += len(states) - len(set(states))
        return again

    assert expanded_twice("manhattan") == 0
    assert expanded_twice(corner_manhattan) > 0


def test_the_textbook_graph_search_returns_longer_paths_with_it():
    """simpleai's astar never expands a state twice: with this heuristic it is not optimal."""
    from simpleai.search import astar as textbook_astar

    from puzzlelab.simpleai_problems import SlidingPuzzleProblem

    class Switching(SlidingPuzzleProblem):
        def heuristic(self, state):
            return corner_manhattan(state)

    longer = [
        board
        for board in SIX_TABLE
        if textbook_astar(Switching(board, shape=(2, 3)), graph_search=True).cost > SIX_TABLE[board]
    ]
    assert longer
    plain = [
        board
        for board in longer
        if textbook_astar(SlidingPuzzleProblem(board, shape=(2, 3)), graph_search=True).cost
        > SIX_TABLE[board]
    ]
    assert plain == []  # Manhattan distance, consistent, keeps it optimal


# ---------------------------------------------------------------- effective branching factor


@pytest.mark.parametrize("branching, depth", [(1.5, 4), (2, 3), (3, 6), (1.1, 20)])
def test_effective_branching_solves_the_textbook_equation(branching, depth):
    nodes = sum(branching**k for k in range(1, depth + 1))  # N, the root left out
    found = effective_branching(round(nodes), depth)
    assert sum(found**k for k in range(depth + 1)) == pytest.approx(round(nodes) + 1, rel=1e-6)
    assert found == pytest.approx(branching, rel=0.02)


def test_effective_branching_of_a_straight_walk_and_refusals():
    assert effective_branching(5, 5) == pytest.approx(1.0)  # one node per level
    assert effective_branching(0, 3) == pytest.approx(0.0, abs=1e-6)
    with pytest.raises(ProblemError, match="depth must be a whole number of at least 1"):
        effective_branching(10, 0)
    with pytest.raises(ProblemError, match="nodes"):
        effective_branching(2.5, 3)


def test_a_dominating_heuristic_has_a_smaller_effective_branching_factor():
    eight = SlidingPuzzle(shape=(3, 3))
    board = eight.with_start(eight.scramble(40, seed=3))
    factors = []
    for name in ("misplaced", "manhattan", "linear-conflict"):
        result = astar(board, heuristic=name)
        factors.append(effective_branching(result.stats.generated - 1, result.cost))
    assert factors == sorted(factors, reverse=True) and factors[0] > factors[-1]


# ---------------------------------------------------------------- the properties table

TEXTBOOK = {  # AIMA's table (figure 3.21), with greedy and A* added; every action costs 1
    "bfs": (True, True, "b^d", "b^d"),
    "dfs": (False, False, "b^m", "bm"),
    "uniform_cost": (True, True, "b^d", "b^d"),
    "greedy": (False, False, "b^m", "b^m"),
    "astar": (True, True, "b^d", "b^d"),
    "iddfs": (True, True, "b^d", "bd"),
    "bidirectional": (True, True, "b^(d/2)", "b^(d/2)"),
}


def test_every_measured_cell_agrees_with_the_textbook():
    for name, row in TEXTBOOK.items():
        measured = properties.measured(name)
        assert tuple(measured[column][0] for column in properties.COLUMNS) == row, name


def test_the_textbook_table_passes_in_any_spelling(capsys):
    assert properties.check_properties(TEXTBOOK)
    assert capsys.readouterr().out.startswith("Correct! ")
    spelled = {name: (c, o, f"O({t})".replace("^", "**"), s.upper()) for name, (c, o, t, s)
               in TEXTBOOK.items()}  # fmt: skip
    assert properties.check_properties(spelled)


def flipped(name, column, value):
    table = dict(TEXTBOOK)
    row = list(table[name])
    row[properties.COLUMNS.index(column)] = value
    table[name] = tuple(row)
    return table


@pytest.mark.parametrize(
    "name, column, value, because",
    [
        ("dfs", "complete", True, "still searching for a goal 3 moves away"),
        ("greedy", "complete", True, "still searching"),
        ("bfs", "complete", False, "found a goal 3 moves away"),
        ("greedy", "optimal", True, "where"),
        ("astar", "optimal", False, "shortest path on all"),
        ("iddfs", "space", "b^d", "+2 per level of d"),
        ("bidirectional", "time", "b^d", "per level of d"),
        ("dfs", "time", "b^d", "never finishes in an endless tree"),
        ("greedy", "space", "bm", "x3.0 per level of m"),
    ],
)
def test_a_wrong_cell_is_named_with_what_the_search_did(capsys, name, column, value, because):
    assert not properties.check_properties(flipped(name, column, value))
    out = capsys.readouterr().out
    assert out.startswith("Not yet: 1 of the 28 cells are wrong.")
    assert f"{name}, {column}: you wrote {value}" in out and because in out


def test_the_check_never_prints_the_whole_answer(capsys):
    guesses = [
        {name: (True, True, "b^d", "b^d") for name in properties.SEARCHES},
        {name: (False, False, "bm", "bm") for name in properties.SEARCHES},
    ]
    for guess in guesses:
        assert not properties.check_properties(guess)
        out = capsys.readouterr().out
        assert out.count(": you wrote") == 3  # the first three wrong cells, no more
        wrong = int(out.split("Not yet: ")[1].split(" of ")[0])
        assert wrong > 3


@pytest.mark.parametrize(
    "answer, says",
    [
        (..., "replace ..."),
        ([1, 2], "give a dict"),
        ({**TEXTBOOK, "idastar": (True, True, "b^d", "bd")}, "'idastar' is not one of"),
        ({k: v for k, v in TEXTBOOK.items() if k != "dfs"}, "the row for dfs is missing"),
        ({**TEXTBOOK, "bfs": (True, True)}, "must hold 4 cells"),
        ({**TEXTBOOK, "bfs": ("yes", True, "b^d", "b^d")}, "write True or False"),
        ({**TEXTBOOK, "bfs": (True, True, "n^2", "b^d")}, "write one of b^d"),
        ({**TEXTBOOK, "bfs": (True, ..., ..., "b^d")}, "2 are not filled in yet"),
        ({name: (..., ..., ..., ...) for name in TEXTBOOK}, "replace the ... in the table"),
    ],
)
def test_malformed_or_unfinished_tables(capsys, answer, says):
    assert not properties.check_properties(answer)
    assert says in capsys.readouterr().out


def test_the_endless_tree_has_three_new_successors_and_walks_backwards():
    tree = properties.EndlessTree(goal=(0, 1, 2))
    for word in [(), (0,), (1, 1), (0, 1, 2)]:
        new = [after for _, after, _ in tree.successors(word) if len(after) > len(word)]
        assert len(new) == (4 if word == () else 3)
        for action, before in tree.predecessors(word):
            assert (action, word, 1) in tree.successors(before)
    assert ALGORITHMS["bidirectional"](tree).actions == [0, 1, 2]
    assert math.isclose(tree.heuristic((0, 1)), 1) and tree.heuristic((2,)) == 0
