"""Safe in a classroom: bad numbers, hostile problems, default bounds, deep paths, Ctrl-C.

Each test here failed before the fix it guards.
"""

import itertools
import json
import math
import signal
import subprocess
import sys
import time
from decimal import Decimal
from fractions import Fraction

import pytest
from simpleai.search import SearchProblem

from puzzlelab import limits
from puzzlelab.analysis.distances import check_heuristic, distance_table
from puzzlelab.errors import BoardError, ProblemError
from puzzlelab.puzzles.sliding import SlidingPuzzle
from puzzlelab.search import (
    ALGORITHMS,
    astar,
    bfs,
    bidirectional,
    dfs,
    idastar,
    iddfs,
    uniform_cost,
)

FIFTEEN = "11 2 8 5 / 13 14 10 12 / 4 3 1 7 / 9 15 0 6"  # Manhattan 37: far too deep for BFS


def run_cli(*argv, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "puzzlelab", *argv], capture_output=True, text=True, timeout=timeout
    )


class Line(SearchProblem):
    """States 0, 1, 2, ... in a line; the goal is *length* steps away."""

    def __init__(self, length, step=1, after=None, h=None):
        super().__init__(initial_state=0)
        self.length, self.step, self.after, self.h = length, step, after, h

    def actions(self, state):
        return ["+1"] if state < self.length else []

    def result(self, state, action):
        return state + 1 if self.after is None else self.after(state)

    def is_goal(self, state):
        return state == self.length

    def cost(self, state, action, next_state):
        return self.step

    def heuristic(self, state):
        return self.length - state if self.h is None else self.h(state)


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda p: astar(p, weight=math.inf), "weight must be a finite number"),
        (lambda p: astar(p, weight=math.nan), "weight must be a finite number"),
        (lambda p: bfs(p, max_seconds=math.inf), "max_seconds must be a positive finite"),
        (lambda p: bfs(p, max_seconds=math.nan), "max_seconds must be a positive finite"),
        (lambda p: bfs(p, max_memory_mb=-5), "max_memory_mb must be a positive finite"),
        (lambda p: bfs(p, max_nodes=math.inf), "max_nodes must be a whole number"),
        (lambda p: bfs(p, max_nodes="10"), "max_nodes must be a whole number"),
    ],
)
def test_infinite_nan_and_text_limits_are_refused(call, message):
    with pytest.raises(ProblemError, match=message):
        call(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"))


@pytest.mark.parametrize("step", [math.nan, math.inf, -1, "1"])
def test_a_problem_returning_a_bad_step_cost_is_named(step):
    with pytest.raises(ProblemError, match=r"Line\.cost"):
        bfs(Line(3, step=step))


@pytest.mark.parametrize("after, kind", [(lambda s: None, "NoneType"), (lambda s: [s + 1], "list")])
def test_a_result_that_is_no_state_says_to_return_a_tuple(after, kind):
    with pytest.raises(ProblemError, match=f"Line.result.*returned {kind}.*tuple"):
        bfs(Line(3, after=after))


@pytest.mark.parametrize(
    "h, message",
    [
        (lambda s: -1, "returned -1 for state 0"),
        (lambda s: math.nan, "returned nan for state 0"),
        (lambda s: math.inf, "returned inf for state 0"),
        (lambda s: "far", "returned 'far' for state 0"),
        (lambda s: 1 / 0, "raised ZeroDivisionError: division by zero for state 0"),
    ],
)
@pytest.mark.parametrize("search", [astar, idastar])
def test_a_bad_heuristic_value_names_the_heuristic_and_the_state(h, message, search):
    with pytest.raises(ProblemError, match=message):
        search(Line(3, h=h))
    with pytest.raises(ProblemError, match="heuristic my_h"):
        my_h = h  # a student's named function
        my_h.__name__ = "my_h"
        search(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), heuristic=my_h)


@pytest.mark.parametrize("board", ["1 2 3 / 4 5 6 / 7 ８ 0", "1 2 3 / 4 5 6 / 7 ٨ 0", "１ 0 / 2 3"])
def test_unicode_digits_are_refused_not_read(board):
    with pytest.raises(BoardError, match="digits 0-9"):
        SlidingPuzzle(board)
    done = run_cli("solve", board)
    assert done.returncode == 2 and "digits 0-9" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "1 2 3 / 4 5 6 / 7 0 8", "--max-nodes", "１０"],
        ["solve", "1 2 3 / 4 5 6 / 7 0 8", "--max-seconds", "inf"],
        ["solve", "1 2 3 / 4 5 6 / 7 0 8", "-a", "astar", "--weight", "nan"],
        ["solve", "1 2 3 / 4 5 6 / 7 0 8", "--max-memory-mb", "0"],
        ["solve", "1 2 3 4 5 6 7 0 8", "--shape", "３x3"],
    ],
)
def test_bad_numbers_on_the_command_line_exit_2_with_one_line(argv):
    done = run_cli(*argv)
    assert done.returncode == 2, done.stdout + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


# ---------------------------------------------------------------- shapes and refusals


@pytest.mark.parametrize("shape", [(1, 2), (1, 3), (1, 4), (3, 1), (4, 1)])
def test_one_row_or_column_boards_are_solvable_exactly_when_search_says_so(shape):
    goal = SlidingPuzzle(shape=shape)
    for start in itertools.permutations(range(shape[0] * shape[1])):
        puzzle = goal.with_start(start)
        searched = bfs(puzzle, check_solvable=False).status
        assert searched in ("solved", "exhausted")
        assert puzzle.is_solvable() == (searched == "solved"), start
        if searched == "exhausted":
            assert bfs(puzzle).status == "unsolvable"
            assert "never pass each other" in bfs(puzzle).reason


def test_too_big_tables_are_refused_before_any_work():
    for refuse in (
        lambda: distance_table(SlidingPuzzle(shape=(4, 4))),
        lambda: check_heuristic(SlidingPuzzle(shape=(4, 4)), "manhattan"),
        lambda: distance_table(SlidingPuzzle(shape=(3, 4)), max_states=1000),
    ):
        began = time.process_time()
        with pytest.raises(ProblemError, match="too many to tabulate"):
            refuse()
        assert time.process_time() - began < 0.05


@pytest.mark.parametrize(
    "options, word",
    [
        (["-a", "bfs", "--heuristic", "misplaced"], "--heuristic goes with"),
        (["-a", "dfs", "--weight", "2"], "--weight goes with"),
        (["-a", "idastar", "--tree-search"], "--tree-search does not apply"),
        (["-a", "bidirectional", "--tree-search"], "--tree-search does not apply"),
    ],
)
def test_options_the_algorithm_would_ignore_are_refused(options, word):
    done = run_cli("solve", "1 2 3 / 4 5 6 / 7 0 8", *options)
    assert done.returncode == 2 and word in done.stderr


# ---------------------------------------------------------------- bounds and depth


def test_the_default_memory_bound_stops_a_runaway_search_and_says_how_to_lift_it(monkeypatch):
    monkeypatch.setattr(limits, "DEFAULT_MAX_MEMORY_MB", 40)
    puzzle = SlidingPuzzle(FIFTEEN)
    before = limits.memory_mb()
    result = dfs(puzzle, graph_search=False)
    grown = limits.memory_mb() - before
    assert result.status == "limit"
    assert "default limit of 40 MB" in result.reason and "max_memory_mb=None" in result.reason
    assert result.stats.expanded > 0 and grown < 40 * 1.1 + 10
    lifted = dfs(puzzle, graph_search=False, max_memory_mb=None, max_nodes=20_000)
    assert lifted.reason == "the limit of 20,000 expanded nodes was reached"


def test_a_search_that_ends_normally_is_not_touched_by_the_bound():
    assert bfs(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1")).status == "solved"


def test_idastar_finds_a_path_thousands_of_steps_deep_without_recursion_errors():
    result = idastar(Line(5000))
    assert result.status == "solved" and result.cost == 5000 and len(result.path) == 5001


def test_a_slow_heuristic_cannot_carry_a_search_far_past_its_time_limit():
    puzzle = SlidingPuzzle(FIFTEEN)

    def slow(state):  # a millisecond per call, as a student's heavy heuristic might take
        began = time.perf_counter()
        while time.perf_counter() - began < 0.001:
            pass
        return puzzle.manhattan(state)

    for search in (astar, idastar):
        began = time.perf_counter()
        result = search(puzzle, heuristic=slow, max_seconds=0.2)
        took = time.perf_counter() - began
        assert result.status == "limit" and took < 0.2 * 1.5 + 0.1, (
            search,
            took,
        )  # a margin for a busy machine


def test_the_memory_bound_is_off_where_memory_cannot_be_measured(monkeypatch):
    monkeypatch.setattr(limits, "memory_mb", lambda: None)
    assert bfs(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), max_memory_mb=10).status == "solved"


class OwnPuzzle:
    """A puzzle written by the README's recipe, outside puzzlelab: its answers get checked."""

    start, goal = 0, 3

    def __init__(self, step=1, state=lambda n: n):
        self.step, self.state = step, state

    def successors(self, n):
        return [("+1", self.state(n + 1), self.step)]

    def is_goal(self, n):
        return n == 3


@pytest.mark.parametrize(
    "puzzle, message",
    [
        (OwnPuzzle(step=math.nan), "step cost from OwnPuzzle.successors"),
        (OwnPuzzle(step=-5), "step cost from OwnPuzzle.successors"),
        (OwnPuzzle(step=True), "step cost from OwnPuzzle.successors"),
        (OwnPuzzle(state=lambda n: [n]), "returned list"),
        (OwnPuzzle(state=lambda n: None), "returned NoneType"),
    ],
)
def test_a_puzzle_written_outside_puzzlelab_is_checked_too(puzzle, message):
    with pytest.raises(ProblemError, match=message):
        bfs(puzzle)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda p: bfs(p, heuristic="manhattan"), "bfs uses no heuristic"),
        (lambda p: uniform_cost(p, heuristic=p.manhattan), "uniform_cost uses no heuristic"),
    ],
)
def test_options_a_search_would_ignore_are_refused_from_the_api_too(call, message):
    with pytest.raises(ProblemError, match=message):
        call(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"))


@pytest.mark.parametrize("search", [idastar, bidirectional])
def test_graph_search_is_no_option_of_the_searches_with_their_own_memory(search):
    """IDA* keeps only its path, bidirectional search every state: neither takes the switch."""
    with pytest.raises(ProblemError, match="takes no keyword 'graph_search'; it takes"):
        search(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), graph_search=False)


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda p: astar(p, wieght=2),
            "astar takes no keyword 'wieght'; it takes heuristic, weight",
        ),
        (lambda p: idastar(p, weight=2), "idastar takes no keyword 'weight'; it takes heuristic"),
        (lambda p: iddfs(p, heuristic="manhattan"), "iddfs uses no heuristic"),
        (lambda p: bidirectional(p, heuristic="manhattan"), "bidirectional uses no heuristic"),
    ],
)
def test_a_keyword_a_search_does_not_take_is_named_beside_those_it_takes(call, message):
    with pytest.raises(ProblemError, match=message):
        call(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"))


def test_a_board_too_big_to_handle_is_refused_at_once():
    with pytest.raises(BoardError, match="at most 1,024 cells"):
        SlidingPuzzle(shape=(200, 200))


def test_one_row_boards_from_the_command_line():
    solved = json.loads(run_cli("solve", "0 1 2", "--shape", "1x3", "--json").stdout)
    assert solved["status"] == "solved" and solved["cost"] == 2
    refused = run_cli("solve", "2 1 0", "--shape", "1x3", "--json")
    assert refused.returncode == 1 and json.loads(refused.stdout)["status"] == "unsolvable"


@pytest.mark.parametrize("as_json", [True, False])
def test_a_limit_raised_as_an_error_ends_a_command_with_exit_1(monkeypatch, capsys, as_json):
    from puzzlelab import cli
    from puzzlelab.cli import sliding

    def stopped_early(args):
        raise limits.LimitReached("the limit of 5 seconds was reached")

    monkeypatch.setattr(sliding, "solve_command", stopped_early)
    code = cli.main(["solve", "1 2 3 / 4 5 6 / 7 0 8"] + (["--json"] if as_json else []))
    out = capsys.readouterr().out
    assert code == 1
    if as_json:
        assert json.loads(out) == {
            "status": "limit",
            "reason": "the limit of 5 seconds was reached",
        }
    else:
        assert out.strip() == "no result: limit: the limit of 5 seconds was reached"


# ---------------------------------------------------------------- Ctrl-C


@pytest.mark.parametrize(
    "argv", [["solve", FIFTEEN, "-a", "bfs"], ["solve", FIFTEEN, "-a", "bidirectional"]]
)
def test_ctrl_c_ends_a_command_with_the_statistics_so_far(argv):
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlelab", *argv, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3.0)  # long enough to start on a busy machine, far too short to finish
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 1, err
    assert "Traceback" not in err
    answer = json.loads(out)
    assert answer["status"] == "interrupted" and answer["reason"]


def test_every_algorithm_says_unsolvable_in_json():
    for name in ALGORITHMS:
        done = run_cli("solve", "1 2 3 / 4 5 6 / 8 7 0", "-a", name, "--json")
        answer = json.loads(done.stdout)
        assert done.returncode == 1 and answer["status"] == "unsolvable" and answer["reason"]


def test_a_peg_board_too_big_for_the_recursive_solvers_is_refused():
    from puzzlelab.puzzles.pegs_boards import Board

    with pytest.raises(BoardError, match="2 to 200 holes"):
        Board("long", {hole: (0, hole) for hole in range(1, 1001)}, "square", (), 1)


def test_nothing_the_caller_passes_in_is_modified():
    from puzzlelab.puzzles.jugs import WaterJugs

    board, capacities, start = [[1, 2, 3], [4, 5, 6], [7, 0, 8]], [8, 5, 3], [8, 0, 0]
    bfs(SlidingPuzzle(board))
    bfs(WaterJugs(capacities, start=start, target=4))
    assert board == [[1, 2, 3], [4, 5, 6], [7, 0, 8]] and capacities == [8, 5, 3]
    assert start == [8, 0, 0]


def test_memory_is_none_where_the_system_cannot_measure_it(monkeypatch):
    """Pyodide (JupyterLite) has neither /proc nor resource.getrusage: the bound is off, no error."""
    import builtins
    import types

    from puzzlelab import limits

    real_open = builtins.open

    def no_proc(path, *args, **kwargs):
        if str(path).startswith("/proc/"):
            raise FileNotFoundError(path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", no_proc)
    monkeypatch.setitem(sys.modules, "resource", types.ModuleType("resource"))
    assert limits.memory_mb() is None
    assert bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8")).cost == 1


@pytest.mark.parametrize(
    ("weight", "expected"),
    [(Fraction(1, 2), "astar(weight=0.5)"), (Decimal("1.5"), "astar(weight=1.5)")],
)
def test_a_weight_may_be_any_real_number_a_student_writes(weight, expected):
    assert astar(SlidingPuzzle("4 1 3 / 2 0 5"), "manhattan", weight=weight).algorithm == expected


@pytest.mark.parametrize(
    "weight", [10**400, 10**5000, Decimal("NaN")], ids=["400 digits", "5000 digits", "NaN"]
)
def test_a_weight_too_large_to_be_a_float_is_one_sentence(weight):
    with pytest.raises(ProblemError, match="weight must be a finite number of at least 0, not "):
        astar(SlidingPuzzle("4 1 3 / 2 0 5"), "manhattan", weight=weight)


class EndlessActions:
    """A student's problem whose actions never end: every whole number is an action."""

    initial_state = 0

    def actions(self, state):
        return itertools.count()

    def result(self, state, action):
        return (state, action) if isinstance(state, int) else (state[0], action)

    def is_goal(self, state):
        return False


@pytest.mark.parametrize("search", [bfs, dfs, uniform_cost, astar, idastar])
def test_one_endless_expansion_stops_at_the_time_limit(search):
    """The successors are taken one at a time, so the limit holds inside one expansion."""
    started = time.perf_counter()
    result = search(EndlessActions(), max_seconds=0.5)
    assert result.status == "limit" and "0.5 seconds" in result.reason
    assert time.perf_counter() - started < 0.5 + 2  # the limit, and a shared machine's delays
    assert result.stats.expanded == 1 and result.stats.generated > 1000


def test_one_endless_expansion_stops_at_the_memory_limit():
    result = bfs(EndlessActions(), max_memory_mb=50, max_seconds=60)
    assert result.status == "limit" and "50 MB" in result.reason


def test_a_system_cap_on_memory_ends_in_a_limit_not_a_traceback(tmp_path):
    """Below the search's own bound, the system's cap (ulimit -v) says 'limit' too."""
    code = (
        "import resource, itertools\n"
        "resource.setrlimit(resource.RLIMIT_AS, (700 * 2**20, 700 * 2**20))\n"
        "from puzzlelab.search import bfs\n"
        "class Endless:\n"
        "    initial_state = 0\n"
        "    def actions(self, state): return itertools.count()\n"
        "    def result(self, state, action): return (action, 'x' * 64)\n"
        "    def is_goal(self, state): return False\n"
        "print(bfs(Endless(), max_memory_mb=None, max_seconds=60).summary())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("limit: the memory the system allows this process ran out")


class StudentProblem:
    """A student's problem, with one method written wrong at a time."""

    def __init__(self, start=(0,), actions=lambda state: ["up"], triples=None):
        self.initial_state, self._actions, self._triples = start, actions, triples

    def actions(self, state):
        return self._actions(state)

    def result(self, state, action):
        return (state[0] + 1,)

    def is_goal(self, state):
        return state == (3,)


@pytest.mark.parametrize(
    ("problem", "message"),
    [
        (
            StudentProblem(start=[0]),
            "StudentProblem.initial_state is a list, which a search cannot remember",
        ),
        (StudentProblem(start={0}), "StudentProblem.initial_state is a set"),
        (
            StudentProblem(actions=lambda state: None),
            r"StudentProblem.actions\(\(0,\)\) returned NoneType None: return a list",
        ),
        (
            StudentProblem(actions=lambda state: 3),
            r"StudentProblem.actions\(\(0,\)\) returned int 3",
        ),
    ],
)
def test_a_students_problem_written_wrong_is_named_in_one_sentence(problem, message):
    with pytest.raises(ProblemError, match=message):
        bfs(problem)


def test_successors_that_are_not_triples_are_named():
    class Pairs:
        start, goal = 0, 3

        def successors(self, state):
            return [("up", state + 1)]

        def is_goal(self, state):
            return state == 3

    with pytest.raises(
        ProblemError,
        match=r"Pairs.successors\(0\) gave \('up', 1\): give \(action, next state, step cost\) triples",
    ):
        astar(Pairs())


def test_a_misspelt_limit_is_refused_in_the_searchs_name():
    with pytest.raises(
        ProblemError, match="bfs takes no keyword 'max_node'; it takes graph_search, max_nodes"
    ):
        bfs(SlidingPuzzle("1 2 3 / 4 5 6 / 7 0 8"), max_node=10)


def test_a_heuristic_that_leaves_cycles_behind_does_not_fill_the_memory():
    """The cycle collector is paused during a search, but what is new is swept at each look."""

    def leaky(state):
        garbage = [bytearray(10_000)]
        garbage.append(garbage)  # a cycle: only the cycle collector frees it
        return 0

    result = astar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), heuristic=leaky, max_memory_mb=300)
    assert result.status == "solved" and result.cost == 31
