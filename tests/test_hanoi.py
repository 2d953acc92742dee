"""The Tower of Hanoi, added by the recipe alone (docs/guide/new-puzzle.md): searches, pictures, player, simpleai."""

import re
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from simpleai.search import astar as simpleai_astar  # noqa: E402
from simpleai.search.viewers import BaseViewer  # noqa: E402

from puzzlelab.analysis.distances import check_heuristic, distance_table  # noqa: E402
from puzzlelab.analysis.trees import search_tree  # noqa: E402
from puzzlelab.drawing import (  # noqa: E402
    draw_board,
    draw_tree,
    offscreen_figure,
    step_detail,
    step_highlight,
)
from puzzlelab.errors import BoardError  # noqa: E402
from puzzlelab.puzzles.hanoi import TowerOfHanoi  # noqa: E402
from puzzlelab.search import ALGORITHMS, Trace, astar, bfs  # noqa: E402
from puzzlelab.simpleai_problems.hanoi import HanoiProblem  # noqa: E402
from puzzlelab.widgets import SolutionPlayer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RECIPE_FILES = {
    "puzzlelab/puzzles/hanoi.py",
    "puzzlelab/drawing/hanoi.py",
    "puzzlelab/simpleai_problems/hanoi.py",
}


def replayed(puzzle, result):
    """Replay the result's actions from the start; return the states, checking each step."""
    states = [puzzle.start]
    for action in result.actions:
        assert action in puzzle.actions(states[-1]), f"{action} is not legal in {states[-1]}"
        states.append(puzzle.result(states[-1], action))
    return states


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
@pytest.mark.parametrize("disks", [1, 2, 3, 4])
def test_every_search_solves_it_and_the_optimal_ones_in_2_to_the_n_minus_1(name, disks):
    puzzle = TowerOfHanoi(disks)
    result = ALGORITHMS[name](puzzle)
    assert result.status == "solved"
    assert replayed(puzzle, result) == result.path and puzzle.is_goal(result.path[-1])
    if name not in ("dfs", "greedy"):
        assert result.cost == 2**disks - 1


def test_the_distance_table_agrees_with_breadth_first_search_from_every_state():
    puzzle = TowerOfHanoi(4)
    table = distance_table(puzzle)
    assert len(table) == 3**4 and table[puzzle.start] == 15
    for state in list(table)[::7]:
        assert bfs(puzzle_from(puzzle, state)).cost == table[state]


def puzzle_from(puzzle, state):
    other = TowerOfHanoi(puzzle.disks, puzzle.pegs)
    other.start = state
    return other


def test_its_heuristic_is_admissible_and_consistent_over_every_state():
    report = check_heuristic(TowerOfHanoi(5), "not_home")
    assert report.admissible and report.consistent and report.states == 3**5


def test_four_pegs_need_fewer_moves():
    assert astar(TowerOfHanoi(4, pegs=4)).cost == 9  # Frame-Stewart: 9 moves for 4 disks


@pytest.mark.parametrize("disks, pegs", [(0, 3), (3, 2), ("3", 3), (True, 3), (2.5, 3)])
def test_bad_sizes_are_refused_with_a_sentence(disks, pegs):
    with pytest.raises(BoardError, match="must be a whole number"):
        TowerOfHanoi(disks, pegs)


@pytest.mark.parametrize("action", ["2->0", "0->1", "1->1", "0->5", "-2->0", "0-2", "x->1", 3])
def test_a_move_that_is_not_allowed_is_refused_with_the_allowed_ones(action):
    hanoi = TowerOfHanoi(3)
    state = (1, 0, 0)  # disk 0 alone on peg 1, the larger disks on peg 0, peg 2 empty
    # from an empty peg, a larger disk onto a smaller one, a peg onto itself, a peg that is
    # not there (a negative one would count from the end), not a move's form at all
    with pytest.raises(BoardError, match=r"is not a move here; allowed: 0->2, 1->0, 1->2$"):
        hanoi.result(state, action)


def test_simpleai_astar_gets_the_puzzles_heuristic():
    def visited(problem):
        viewer = BaseViewer()
        node = simpleai_astar(problem, graph_search=True, viewer=viewer)
        return len(node.path()) - 1, viewer.stats["visited_nodes"]

    informed = HanoiProblem(disks=5)
    blind = HanoiProblem(disks=5)
    blind.heuristic = lambda state: 0
    (cost, with_h), (blind_cost, without_h) = visited(informed), visited(blind)
    assert cost == blind_cost == 31
    assert with_h < without_h


def test_puzzlelab_runs_the_simpleai_problem_and_its_named_heuristic():
    problem = HanoiProblem(disks=3)
    assert astar(problem, heuristic="not_home").cost == 7
    assert bfs(problem).stats.generated == 27


def test_its_picture_loads_without_an_import_line():
    code = (
        "import sys\n"
        "from puzzlelab.drawing import draw_board, offscreen_figure\n"
        "from puzzlelab.puzzles.hanoi import TowerOfHanoi\n"
        "assert 'puzzlelab.drawing.hanoi' not in sys.modules\n"
        "ax = draw_board(TowerOfHanoi(3), ax=offscreen_figure().add_subplot())\n"
        "print(len([p for p in ax.patches if p.get_gid() == 'disk']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3"]


def test_disks_sit_on_their_pegs_largest_at_the_bottom():
    puzzle = TowerOfHanoi(3)
    ax = draw_board(puzzle, (2, 0, 0), ax=offscreen_figure().add_subplot())
    disks = sorted((p for p in ax.patches if p.get_gid() == "disk"), key=lambda p: p.get_width())
    smallest, middle, largest = disks
    assert smallest.get_y() == 0  # alone on the last peg
    assert largest.get_y() == 0 and middle.get_y() > 0  # peg 0: disk 2 below disk 1
    assert smallest.get_x() > largest.get_x()


def test_the_player_steps_through_a_solution_with_captions_and_highlights():
    puzzle = TowerOfHanoi(3)
    player = SolutionPlayer(puzzle, astar(puzzle))
    assert len(player.frames) == 8
    player.step(1)
    assert player.caption().startswith("step 1 of 7: disk 0: peg 0 to peg 2")
    assert player.state() == (2, 0, 0)
    assert step_highlight(puzzle, (0, 0, 0), "0->2", (2, 0, 0)) == (0,)
    assert step_detail(puzzle, "0->2") == "action: 0->2"  # the default: Hanoi registers none


def test_the_search_tree_draws_its_nodes_as_boards():
    puzzle = TowerOfHanoi(2)
    trace = Trace()
    bfs(puzzle, trace=trace)
    tree = search_tree(trace)
    ax = draw_tree(tree, offscreen_figure().add_subplot(), puzzle=puzzle)
    assert len(ax.tree_nodes) == tree.number_of_nodes() and not ax.tree_circle_nodes


def test_the_recipe_touches_nothing_but_its_own_files():
    mentions = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "puzzlelab").rglob("*.py")
        if re.search(r"hanoi", path.read_text(), re.IGNORECASE)
    }
    assert mentions == RECIPE_FILES
    recipe = (ROOT / "docs" / "guide" / "new-puzzle.md").read_text()
    assert recipe.startswith("# Adding a puzzle\n")
    for name in RECIPE_FILES | {"tests/test_hanoi.py"}:
        assert name in recipe
