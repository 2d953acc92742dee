"""N queens: every way of finding solutions checked against brute force and known counts,
symmetries, traces, min-conflicts, simpleai's CSP and search problem, the replay widget,
the drawing, the command line and the lesson's exercises; limits, interrupts and large
boards, as a classroom would try them."""

import inspect
import json
import math
import random
import sys
import time
from itertools import product

import pytest
from simpleai.search import (
    HIGHEST_DEGREE_VARIABLE,
    LEAST_CONSTRAINING_VALUE,
    MOST_CONSTRAINED_VARIABLE,
    depth_first,
)

from puzzlelab.drawing import draw_board, offscreen_figure
from puzzlelab.drawing.queens import draw_solutions
from puzzlelab.errors import BoardError, ProblemError
from puzzlelab.exercises import queens as exercises
from puzzlelab.limits import LOOK_AT_LEAST_EVERY, Budget, LimitReached
from puzzlelab.puzzles.queens import (
    QueensPuzzle,
    attacked_squares,
    attacks,
    canonical,
    conflicts,
    family,
    is_solution,
    safe,
    solvable,
    symmetries,
)
from puzzlelab.results import SearchResult
from puzzlelab.search import bfs, dfs, iddfs
from puzzlelab.simpleai_problems import QueensCsp, QueensProblem
from puzzlelab.simpleai_problems.queens import repair_csp, solve_csp
from puzzlelab.solvers import queens_repair
from puzzlelab.solvers.queens import backtracking, first_solution, generate_and_test, replay
from puzzlelab.solvers.queens_counting import (
    count_bitmask,
    count_fundamental,
    count_solutions,
    fundamental_solutions,
)
from puzzlelab.solvers.queens_repair import greedy_start, min_conflicts
from puzzlelab.widgets import BacktrackingReplay
from puzzlelab.widgets.stepper import Stepper

# A time limit is kept to 10% plus two of the budget's looks at the clock (a look can come
# LOOK_AT_LEAST_EVERY seconds late, and later again on a loaded machine).
SLACK = 2 * LOOK_AT_LEAST_EVERY + 0.01

# Known counts (OEIS A000170 and A002562), n = 1..12: independent of puzzlelab.
KNOWN_TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
KNOWN_FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]


def brute_force(n):
    """Every placement with one queen per row, checked pair by pair: the slowest, surest way."""
    return [
        p
        for p in product(range(n), repeat=n)
        if all(
            p[a] != p[b] and abs(p[a] - p[b]) != b - a for a in range(n) for b in range(a + 1, n)
        )
    ]


# ---------------------------------------------------------------- rules and counts


@pytest.mark.parametrize("n", range(1, 7))
def test_every_method_finds_the_brute_force_solutions(n):
    truth = brute_force(n)
    assert generate_and_test(n).solutions == truth
    assert backtracking(n).solutions == truth
    assert count_solutions(n) == count_bitmask(n).count == len(truth)
    assert all(is_solution(p, n) and conflicts(p) == 0 for p in truth)


@pytest.mark.parametrize("n", [7, 8])
def test_backtracking_agrees_with_generate_and_test(n):
    tested = generate_and_test(n)
    pruned = backtracking(n)
    assert tested.solutions == pruned.solutions
    assert tested.stats.expanded == math.factorial(n)
    # Pruning: far fewer queens placed than boards tested.
    assert pruned.stats.expanded < tested.stats.expanded / 5
    assert pruned.stats.extra["retreats"] == pruned.stats.expanded  # every queen comes off again


def test_known_counts_up_to_12():
    assert [count_solutions(n) for n in range(1, 13)] == KNOWN_TOTAL
    assert [count_fundamental(n).count for n in range(1, 13)] == KNOWN_FUNDAMENTAL
    assert [len(fundamental_solutions(n)) for n in range(1, 11)] == KNOWN_FUNDAMENTAL[:10]


def test_the_backtracking_articles_figures():
    run = backtracking(8)
    assert run.count == 92 and run.status == "solved" and isinstance(run, SearchResult)
    assert first_solution(8) == (0, 4, 7, 5, 2, 6, 1, 3)
    # The backtracking article's pictured solution (written there with columns reversed) is one of the 92.
    assert tuple(reversed((0, 6, 4, 7, 1, 3, 5, 2))) in run.solutions
    # Counts grow for n = 8, 9, 10, and the saving of pruning grows too (the article: 24x, 48x, 127x).
    ratios = [math.factorial(n) / backtracking(n).stats.expanded for n in (8, 9, 10)]
    assert ratios == sorted(ratios) and ratios[0] > 10


def test_attacks_safe_and_is_solution():
    assert attacks(0, 0, 3, 3) and attacks(0, 2, 5, 2) and not attacks(0, 0, 1, 2)
    assert safe((0,), 2) and not safe((0,), 1) and not safe((1, 3), 3)
    assert not is_solution((0, 4, 7, 5, 2, 6, 1), 8)  # too short
    assert not is_solution((0, 4, 7, 5, 2, 6, 1, 8), 8)  # off the board
    assert conflicts((0, 1, 2, 3)) == 6


def test_attacked_squares_against_a_direct_count():
    placement, n = (1, 3), 5
    expected = {
        (r, c)
        for r in range(n)
        for c in range(n)
        if (r, c) not in {(0, 1), (1, 3)}
        and any(r == qr or c == qc or abs(r - qr) == abs(c - qc) for qr, qc in [(0, 1), (1, 3)])
    }
    assert attacked_squares(placement, n) == expected
    # The unattacked squares of the next row are exactly where the next queen may go.
    free = {c for c in range(n) if (2, c) not in expected}
    assert free == {c for c in range(n) if safe(placement, c)}


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "8", None, float("nan")])
def test_bad_board_sizes(bad):
    for function in (generate_and_test, backtracking, count_bitmask, count_solutions,
                     count_fundamental, fundamental_solutions, min_conflicts, greedy_start,
                     QueensPuzzle, solvable):  # fmt: skip
        with pytest.raises(BoardError, match="whole number of at least 1"):
            function(bad)


def test_status_words_solved_and_exhausted():
    for result in (generate_and_test(3), backtracking(3), backtracking(2, first_only=True),
                   count_bitmask(3), count_fundamental(2)):  # fmt: skip
        assert result.status == "exhausted" and result.count == 0
        assert result.reason == f"no placement of {result.n} queens avoids every attack"
    for result in (generate_and_test(1), backtracking(6), backtracking(6, first_only=True),
                   count_bitmask(6), count_fundamental(6), min_conflicts(6, seed=1)):  # fmt: skip
        assert result.status == "solved" and result.reason
        data = result.as_dict()
        assert data["status"] == "solved" and "expanded" in data and "nodes" not in data
        assert json.dumps(data)
    assert [n for n in range(1, 12) if not solvable(n)] == [2, 3]
    assert [n for n in range(1, 12) if count_solutions(n) == 0] == [2, 3]  # the rule is right


# ---------------------------------------------------------------- limits


def test_limits_stop_cleanly_with_the_counts_so_far():
    tested = generate_and_test(8, max_nodes=1000)
    assert tested.status == "limit" and tested.stats.expanded == 1000
    assert "1,000 candidates" in tested.reason
    assert generate_and_test(6, max_nodes=720).status == "solved"  # exactly enough
    placed = backtracking(10, max_nodes=500)
    assert placed.status == "limit" and placed.stats.expanded == 500
    assert all(is_solution(p, 10) for p in placed.solutions)
    assert backtracking(8, max_nodes=2056).status == "solved"  # exactly enough
    timed = count_bitmask(14, max_seconds=0.05)
    assert timed.status == "limit" and "seconds" in timed.reason and timed.count < 365596
    assert count_fundamental(14, max_seconds=0.05).status == "limit"


@pytest.mark.parametrize("limit", [1, 999, 5000])
def test_max_nodes_is_exact_for_every_solver(limit):
    for result in (generate_and_test(9, max_nodes=limit), backtracking(12, max_nodes=limit),
                   count_bitmask(12, max_nodes=limit), count_fundamental(12, max_nodes=limit),
                   min_conflicts(400, seed=1, max_nodes=limit)):  # fmt: skip
        if result.status == "limit":
            assert result.stats.expanded == limit, result
        else:
            assert result.status == "solved" and result.stats.expanded <= limit, result


@pytest.mark.parametrize(
    "solver, n, options",
    [(generate_and_test, 10, {}), (backtracking, 30, {}), (count_bitmask, 18, {}),
     (count_fundamental, 18, {}), (min_conflicts, 50_000, {"seed": 1}),
     (backtracking, 1200, {"first_only": True})],
)  # fmt: skip
def test_time_limits_are_kept_within_ten_percent(solver, n, options):
    started = time.perf_counter()
    result = solver(n, max_seconds=0.2, **options)
    seconds = time.perf_counter() - started
    assert result.status == "limit" and "0.2 seconds" in result.reason
    assert seconds < 0.2 * 1.1 + SLACK, seconds
    assert result.stats.seconds <= seconds


def test_the_greedy_start_keeps_to_the_time_limit():
    started = time.perf_counter()
    result = min_conflicts(50_000, seed=1, max_seconds=0.2)
    seconds = time.perf_counter() - started
    assert result.status == "limit" and seconds < 0.2 * 1.1 + SLACK
    # Stopped during the start: only the rows placed so far are on the board.
    assert 0 < len(result.placement) < 50_000 and result.start_conflicts is None
    assert result.stats.expanded == 0
    budget = Budget(max_seconds=0.1)
    with pytest.raises(LimitReached, match="0.1 seconds"):
        greedy_start(50_000, seed=1, budget=budget)
    assert budget.elapsed() < 0.1 * 1.1 + SLACK


def test_a_memory_limit_stops_the_search_and_a_board_too_large_is_refused_at_once():
    trace = []
    result = backtracking(12, trace=trace, max_memory_mb=1)
    assert result.status == "limit" and "1 MB of memory" in result.reason
    assert 0 < result.stats.expanded < 856_188
    started = time.perf_counter()
    huge = min_conflicts(10**9)  # would need about 60 GB
    assert huge.status == "limit" and "more than the limit of 1,000 MB" in huge.reason
    assert time.perf_counter() - started < 0.5 and huge.stats.expanded == 0


def test_plain_answers_raise_when_a_limit_stops_them():
    with pytest.raises(LimitReached, match="100 queens placed"):
        count_solutions(12, max_nodes=100)
    with pytest.raises(LimitReached):
        fundamental_solutions(12, max_nodes=100)
    with pytest.raises(LimitReached):
        first_solution(20, max_nodes=100)
    assert first_solution(8, max_nodes=113) == (0, 4, 7, 5, 2, 6, 1, 3)  # exactly enough


@pytest.mark.parametrize(
    "call",
    [lambda: generate_and_test(8, max_nodes=0), lambda: backtracking(8, max_nodes=1.5),
     lambda: backtracking(8, max_seconds=0), lambda: count_bitmask(8, max_seconds="1"),
     lambda: count_fundamental(8, max_nodes=True), lambda: min_conflicts(8, max_nodes=-1),
     lambda: min_conflicts(8, restart_after=0), lambda: min_conflicts(8, restart_after=2.5),
     lambda: backtracking(8, max_seconds=float("inf")),
     lambda: min_conflicts(8, max_memory_mb=float("nan"))],
)  # fmt: skip
def test_bad_limits_are_refused(call):
    with pytest.raises(ProblemError):
        call()


def test_no_solver_recurses():
    """With the stack nearly full, every solver still runs: none of them recurses."""
    depth = len(inspect.stack())
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 20)  # backtracking 21 queens recursively needs 22 more
    try:
        assert backtracking(21, first_only=True).status == "solved"
        assert count_bitmask(25, max_nodes=20_000).stats.expanded == 20_000
        assert count_fundamental(25, max_nodes=20_000).stats.expanded == 20_000
    finally:
        sys.setrecursionlimit(limit)


def test_a_board_deeper_than_the_recursion_limit():
    trace = []
    result = backtracking(1200, first_only=True, max_nodes=20_000, trace=trace)
    assert result.status == "limit" and result.stats.expanded == 20_000
    depth = deepest = 0
    for kind, _, _ in trace:
        depth += 1 if kind == "place" else -1
        deepest = max(deepest, depth)
    assert deepest > 700  # far deeper than a recursive search could go inside a test


class InterruptingTrace(list):
    """A trace that raises KeyboardInterrupt after *after* steps, like the stop button."""

    def __init__(self, after):
        super().__init__()
        self.after = after

    def append(self, step):
        if len(self) == self.after:
            raise KeyboardInterrupt
        super().append(step)


def test_an_interrupt_returns_the_counts_so_far():
    full = []
    backtracking(8, trace=full)
    for after in (50, 51):
        trace = InterruptingTrace(after)
        run = backtracking(8, trace=trace)
        assert run.status == "interrupted" and run.reason == "the search was interrupted"
        # The counts include the step that was being recorded when the interrupt came.
        done = full[: after + 1]
        assert run.stats.expanded == sum(kind == "place" for kind, _, _ in done)
        assert run.stats.extra["retreats"] == sum(kind == "retreat" for kind, _, _ in done)


def interrupt_after(calls, function):
    """Return *function*, but raising KeyboardInterrupt on its *calls*-th call."""
    count = 0

    def wrapped(*args, **kwargs):
        nonlocal count
        count += 1
        if count == calls:
            raise KeyboardInterrupt
        return function(*args, **kwargs)

    return wrapped


def test_an_interrupt_anywhere_returns_the_statistics_so_far(monkeypatch):
    # In the greedy start of min-conflicts: the rows placed so far.
    least_attacked = interrupt_after(100, queens_repair._least_attacked)
    monkeypatch.setattr(queens_repair, "_least_attacked", least_attacked)
    result = min_conflicts(1000, seed=1)
    assert result.status == "interrupted" and len(result.placement) == 99
    assert result.start_conflicts is None and result.stats.seconds > 0
    monkeypatch.undo()
    # In the limits' look at the clock, inside the counting loops and generate and test.
    check = Budget.check
    for call in (lambda: count_bitmask(14), lambda: count_fundamental(14),
                 lambda: generate_and_test(11), lambda: min_conflicts(2000, seed=1)):  # fmt: skip
        monkeypatch.setattr(Budget, "check", interrupt_after(3, check))
        result = call()
        assert result.status == "interrupted"
        assert result.reason.startswith("the search was interrupted")
        assert result.stats.expanded > 0 or result.algorithm == "min_conflicts"


# ---------------------------------------------------------------- symmetry


def test_the_eight_symmetries_form_a_group():
    placement = (0, 4, 7, 5, 2, 6, 1, 3)
    images = symmetries(placement)
    assert len(images) == 8 == len(set(images)) and images[0] == placement
    for image in images:
        assert is_solution(image, 8)
        assert set(symmetries(image)) == set(images)  # closed: the orbit of any member
    quarter = images[2]
    assert symmetries(symmetries(symmetries(quarter)[2])[2])[2] == placement  # 4 quarter turns
    mirror = images[1]
    assert symmetries(mirror)[1] == placement  # mirror twice


def test_families_partition_the_solutions():
    for n in range(4, 10):
        solutions = set(backtracking(n).solutions)
        fundamentals = fundamental_solutions(n)
        assert all(p == canonical(p) and p in solutions for p in fundamentals)
        families = [set(family(p)) for p in fundamentals]
        assert set().union(*families) == solutions
        assert sum(len(f) for f in families) == len(solutions)  # no overlaps
    assert sorted(len(family(p)) for p in fundamental_solutions(8)) == [4] + [8] * 11


# ---------------------------------------------------------------- traces


@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_full_trace_replays_legally_and_balances(n):
    trace = []
    run = backtracking(n, trace=trace)
    steps = replay(trace, n)
    for step in steps:
        assert conflicts(step.placement) == 0  # queens on the board never attack
    assert sum(kind == "place" for kind, _, _ in trace) == sum(k == "retreat" for k, _, _ in trace)
    last = steps[-1]
    assert last.placement == ()
    assert (last.placed, last.retreats) == (run.stats.expanded, run.stats.extra["retreats"])
    found = [step.placement for step in steps if step.solution]
    assert found == run.solutions and last.solutions == run.count


def test_a_first_solution_trace_ends_on_the_solution():
    trace = []
    solution = first_solution(8, trace)
    steps = replay(trace, 8)
    assert steps[-1].placement == solution and steps[-1].solution
    assert [s.solution for s in steps].count(True) == 1


@pytest.mark.parametrize(
    "trace, message",
    [([("place", 0, 0), ("place", 1, 1)], "cannot place"),
     ([("place", 1, 0)], "cannot place"),
     ([("place", 0, 0), ("retreat", 0, 1)], "last queen placed"),
     ([("retreat", 0, 0)], "last queen placed"),
     ([("jump", 0, 0)], "'place' or 'retreat'")],
)  # fmt: skip
def test_replay_refuses_an_illegal_trace(trace, message):
    with pytest.raises(BoardError, match=message):
        replay(trace, 4)


# ---------------------------------------------------------------- min-conflicts


@pytest.mark.parametrize("n, seed", [(50, 1), (120, 2), (200, 3)])
def test_min_conflicts_solves_large_boards(n, seed):
    result = min_conflicts(n, seed=seed)
    assert result.solved and is_solution(result.placement, n) and result.conflicts == 0
    again = min_conflicts(n, seed=seed)
    assert again.placement == result.placement
    assert again.stats.expanded == result.stats.expanded


def test_min_conflicts_small_boards_limits_and_starts():
    assert all(min_conflicts(n, seed=s).solved for n in (1, 4, 5, 6, 8) for s in range(5))
    for n in (2, 3):
        refused = min_conflicts(n, seed=0)
        assert refused.status == "unsolvable" and "no placement of" in refused.reason
        assert refused.stats.expanded == 0
    stuck = min_conflicts(6, seed=0, max_nodes=3, restart_after=1)
    assert stuck.status == "limit" and stuck.conflicts == conflicts(stuck.placement) > 0
    assert stuck.stats.extra["restarts"] >= 1
    assert min_conflicts(2000, seed=1, max_seconds=0.001).status == "limit"
    data = min_conflicts(10, seed=1).as_dict()
    assert json.dumps(data) and data["algorithm"] == "min_conflicts" and "restarts" in data


def test_greedy_start_puts_each_queen_where_fewest_earlier_queens_attack():
    placement = greedy_start(12, seed=4)
    for row, col in enumerate(placement):
        earlier = placement[:row]

        def attackers(c, row=row, earlier=earlier):
            return sum(attacks(row, c, r, e) for r, e in enumerate(earlier))

        assert attackers(col) == min(attackers(c) for c in range(12))


# ---------------------------------------------------------------- simpleai


ALL_COMBINATIONS = [
    (variable, value, inference)
    for variable in ("", MOST_CONSTRAINED_VARIABLE, HIGHEST_DEGREE_VARIABLE)
    for value in ("", LEAST_CONSTRAINING_VALUE)
    for inference in (True, False)
]


@pytest.mark.parametrize("variable, value, inference", ALL_COMBINATIONS)
def test_simpleai_backtrack_with_and_without_heuristics(variable, value, inference):
    run = solve_csp(8, variable, value, inference)
    assert run.solved and is_solution(run.placement, 8) and run.stats.extra["checks"] > 0


def checks(run):
    return run.stats.extra["checks"]


def test_simpleai_backtrack_reports_no_solution_and_limits():
    none = solve_csp(3)
    assert none.status == "exhausted" and none.placement is None and "3 queens" in none.reason
    started = time.perf_counter()
    slow = solve_csp(16, max_seconds=0.2)
    assert (
        slow.status == "limit" and time.perf_counter() - started < 0.2 * 1.5 + 0.1
    )  # its limit, and a margin for a busy machine
    assert slow.as_dict()["status"] == "limit" and "checks" in slow.as_dict()
    with pytest.raises(ProblemError):
        solve_csp(8, max_seconds=-1)
    # Choosing the most constrained row first needs fewer checks (both counted the same way).
    assert checks(solve_csp(8, MOST_CONSTRAINED_VARIABLE)) < checks(solve_csp(8))


def test_the_csp_has_a_constraint_per_pair_of_rows():
    csp = QueensCsp(7)
    assert len(csp.constraints) == 21 and set(csp.var_degrees.values()) == {6}
    for (rows, constraint), cols in zip(csp.constraints, product(range(7), repeat=2)):
        assert constraint(rows, cols) == (not attacks(rows[0], cols[0], rows[1], cols[1]))


@pytest.mark.parametrize("n, seed, greedy", [(8, 1, False), (12, 2, False), (30, 3, True)])
def test_simpleai_min_conflicts(n, seed, greedy):
    run = repair_csp(n, seed=seed, greedy=greedy, max_seconds=20)
    assert run.solved and is_solution(run.placement, n) and run.conflicts == 0
    state = random.getstate()
    repair_csp(10, seed=1, max_seconds=5)
    assert random.getstate() == state  # simpleai's random draws do not leak out


def test_simpleai_min_conflicts_stops_at_its_limits():
    assert repair_csp(3, seed=1, max_seconds=0.2).status == "limit"
    capped = repair_csp(3, seed=1, iterations_limit=5)
    assert capped.status == "limit" and capped.conflicts > 0 and "iterations_limit" in capped.reason
    assert repair_csp(200, seed=1, max_seconds=0.01).status == "limit"
    # A CSP too large to build (a constraint per pair of rows) is refused before any work.
    started = time.perf_counter()
    with pytest.raises(ProblemError, match="1,249,975,000"):
        repair_csp(50_000, seed=1, max_seconds=0.2)
    assert time.perf_counter() - started < 0.5  # building it would take minutes


@pytest.mark.parametrize("n", [5, 6, 8])
def test_the_engine_and_simpleai_agree_on_the_search_problem(n):
    solutions = backtracking(n).solutions
    puzzle = QueensPuzzle(n)
    for search in (dfs, bfs, iddfs):
        for problem in (puzzle, QueensProblem(n)):
            result = search(problem)
            assert result.solved and len(result.path) == n + 1 and result.path[-1] in solutions
            assert result.actions == list(result.path[-1])
    assert bfs(puzzle).path[-1] == solutions[0]  # breadth first: the first in column order
    simpleai_node = depth_first(QueensProblem(n), graph_search=True)
    assert dfs(puzzle).path[-1] == simpleai_node.state == solutions[-1]  # both take the last


# ---------------------------------------------------------------- drawing


def test_board_picture_has_one_queen_per_queen_and_the_shading():
    puzzle = QueensPuzzle(6)
    ax = draw_board(puzzle, (1, 3, 5), offscreen_figure().add_subplot(), attacked=True,
                    highlight=[(2, 5)])  # fmt: skip
    assert len([p for p in ax.patches if p.get_gid() == "queen"]) == 3
    shaded = [c for c in ax.collections if c.get_gid() == "attacked"]
    assert len(shaded[0].get_paths()) == len(attacked_squares((1, 3, 5), 6))
    assert len([p for p in ax.patches if p.get_gid() == "highlight"]) == 1
    plain = draw_board(puzzle, (0, 1), offscreen_figure().add_subplot())
    queens = [p for p in plain.patches if p.get_gid() == "queen"]
    assert not [c for c in plain.collections if c.get_gid() == "attacked"]
    assert {tuple(q.get_edgecolor()[:3]) for q in queens} != {(1.0, 1.0, 1.0)}  # attackers marked


def test_board_caption_shows_the_title_and_a_heuristic_of_the_state():
    def queens_to_go(state):
        return 6 - len(state)

    ax = draw_board(QueensPuzzle(6), (1, 3, 5), offscreen_figure().add_subplot(),
                    title="half way", heuristic=queens_to_go)  # fmt: skip
    assert ax.get_title() == "half way\nh = 3"


def test_all_92_solutions_drawn():
    figure = draw_solutions(8, backtracking(8).solutions)
    assert len(figure.axes) == 92
    assert all(len([p for p in ax.patches if p.get_gid() == "queen"]) == 8 for ax in figure.axes)
    with pytest.raises(ValueError, match="empty"):
        draw_solutions(8, [])


# ---------------------------------------------------------------- the replay widget


def test_replay_widget_shows_the_trace_step_by_step():
    widget = BacktrackingReplay(4, first_only=True)
    trace = []
    first_solution(4, trace)
    steps = replay(trace, 4)
    assert widget.trace == trace and len(widget.frames) == len(trace) + 1
    for k in (0, 1, 3, 7, len(trace)):
        widget.step(k)
        assert widget.placement() == steps[k].placement
        assert widget.caption() in widget.frame_html()
    assert widget.caption() == f"step {len(trace)} of {len(trace)}: place row 3 col 2 (a solution!)"
    assert widget.current().solutions == 1
    widget.step(3)
    assert widget.caption() == "step 3 of 12: retreat row 1 col 2"
    assert "placed 2, retreats 1, solutions 0" in widget.frame_html(3)
    assert widget.step(-5).value == 0 and widget.step(999).value == len(trace)


def test_replay_widget_steps_in_the_browser_and_on_pages_without_widgets():
    widget = BacktrackingReplay(4, first_only=True).step(3)
    assert isinstance(widget, Stepper) and len(widget.frames) == len(widget.pictures)
    bundle = widget._repr_mimebundle_()
    assert widget.frame_html(3) in bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_replay_widget_caps_long_traces():
    trace = []
    backtracking(6, trace=trace)
    widget = BacktrackingReplay(6, trace=trace, max_frames=10)
    assert len(widget.frames) == 10
    assert widget.step(9).placement() == replay(trace, 6)[9].placement
    assert "more steps not shown" in widget.frame_html(9)
    with pytest.raises(ValueError, match="max_frames"):
        BacktrackingReplay(4, max_frames=0)
    with pytest.raises(BoardError):
        BacktrackingReplay(4, trace=[("place", 0, 0), ("place", 1, 0)])


def test_replay_widget_runs_a_bounded_search_itself():
    from puzzlelab.widgets.backtracking import MAX_PLACED

    # All 856,188 queens of 12 would be 1.7 million steps kept in memory: it stops at the cap.
    widget = BacktrackingReplay(12, first_only=False, max_frames=2)
    placed = sum(kind == "place" for kind, _, _ in widget.trace)
    assert placed == MAX_PLACED and f"{MAX_PLACED:,} queens placed" in widget.stopped
    assert widget.steps[-1].placed == MAX_PLACED and len(widget.frames) == 2


# ---------------------------------------------------------------- exercises


def test_exercise_checks_placeholders_wrong_and_right(capsys):
    assert not exercises.check_work(..., ...)
    placed = backtracking(12).stats.expanded
    assert not exercises.check_work(math.factorial(12), 1)
    assert exercises.check_work(math.factorial(12), placed)
    assert not exercises.check_small_family(..., ...)
    small = min(fundamental_solutions(8), key=lambda p: len(family(p)))
    assert not exercises.check_small_family(small, 8)
    assert not exercises.check_small_family(fundamental_solutions(8)[0], len(family(small)))
    assert exercises.check_small_family(small, len(family(small)))
    assert exercises.check_small_family(family(small)[-1], len(family(small)))  # any member
    out = capsys.readouterr().out
    assert str(placed) not in out.replace(",", "")  # never prints the answer


def test_exercise_safe_function(capsys):
    assert not exercises.check_safe(...)
    assert not exercises.check_safe(42)
    assert not exercises.check_safe(lambda placement, col: col not in placement)
    assert not exercises.check_safe(lambda placement, col: 1 / 0)
    assert "ZeroDivisionError" in capsys.readouterr().out

    def mine(placement, col):
        row = len(placement)
        return all(col != c and abs(col - c) != row - r for r, c in enumerate(placement))

    assert exercises.check_safe(mine)
