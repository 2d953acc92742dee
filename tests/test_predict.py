"""Predict the next node: the questions follow the engine's rules, the check grades the work.

The questions are checked against the trace (the node taken is one of the right picks, and
the engine takes the oldest of them), the check against right, tied, wrong, lazy and
garbage answers, and the widget against the questions it sends the page.
"""

import math
import random
import re

import pytest

from puzzlelab.errors import ProblemError
from puzzlelab.exercises import check_predictions, score_predictions
from puzzlelab.exercises.predict import (
    LOOK_AHEAD,
    explain,
    hint,
    mark,
    prediction_questions,
    priority,
    questions_from_events,
    read_picks,
)
from puzzlelab.puzzles import SlidingPuzzle, WaterJugs
from puzzlelab.search import Trace, uniform_cost
from puzzlelab.widgets import PredictNext

EIGHT = SlidingPuzzle(shape=(3, 3))

#: One setting per search, as lessons 1 to 4 might use them: (puzzle, like, heuristic).
SETTINGS = {
    "bfs": (WaterJugs((8, 5, 3), start=(8, 0, 0), target=(4, 4, 0)), "bfs", None),
    "dfs": (SlidingPuzzle("4 1 3 / 2 0 5"), "dfs", None),
    "ucs": (WaterJugs((8, 5, 3), target=4, tap=True, cost="litre"), "ucs", None),
    "greedy": (EIGHT.with_start(EIGHT.scramble(14, seed=2)), "greedy", "manhattan"),
    "astar": (EIGHT.with_start(EIGHT.scramble(8, seed=9)), "astar", "manhattan"),
}


def right_line(name: str) -> str:
    puzzle, like, heuristic = SETTINGS[name]
    return " ".join(str(q.taken) for q in prediction_questions(puzzle, like, heuristic))


# ---------------------------------------------------------------- the questions


@pytest.mark.parametrize("name", SETTINGS)
def test_each_question_takes_the_lowest_priority_and_the_oldest_of_equals(name):
    puzzle, like, heuristic = SETTINGS[name]
    asked = prediction_questions(puzzle, like, heuristic, questions=20)
    assert len(asked) >= 10
    for question in asked:
        nodes = [row["node"] for row in question.rows]
        assert nodes == sorted(nodes), "rows are shown oldest first, not in the order taken"
        best = min(priority(like, row) for row in question.rows)
        assert question.right == [r["node"] for r in question.rows if priority(like, r) == best]
        h = {row["node"]: row["h"] if like == "astar" else 0 for row in question.rows}
        engine = min(question.right, key=lambda node: (h[node], node))  # noqa: B023
        assert question.taken == engine, (
            "of equals the engine takes (the smaller h, then) the oldest"
        )
        assert len(question.right) < len(question.rows), "a question every pick answers"
        states = [row["state"] for row in question.rows]
        assert len(states) == len(set(states)), "a node a cheaper path replaced is offered"


def test_breadth_first_takes_the_oldest_and_depth_first_the_newest():
    for name, pick in (("bfs", min), ("dfs", max)):
        puzzle, like, _ = SETTINGS[name]
        for question in prediction_questions(puzzle, like):
            assert question.right == [pick(row["node"] for row in question.rows)]


def test_uniform_cost_on_litres_never_offers_a_node_a_cheaper_path_replaced():
    """Such a node waits in the frontier, and is skipped when it comes out (a discard)."""
    puzzle, like, _ = SETTINGS["ucs"]
    trace = Trace()
    uniform_cost(puzzle, trace=trace, max_nodes=LOOK_AHEAD)
    stale_at, newest, state_of = [], {}, {}  # stale_at: the replaced nodes, at each taking
    for event in trace.events:
        if event.kind == "generate":
            newest[event.state], state_of[event.node] = event.node, event.state
        elif event.kind in ("expand", "goal"):
            stale_at.append({node for node, state in state_of.items() if newest[state] != node})
    asked = questions_from_events(trace.events, like, questions=1000)
    assert len(asked) > 20 and trace.count("discard") > 0
    for question in asked:
        assert not {row["node"] for row in question.rows} & stale_at[len(question.expanded)]


def test_a_search_with_no_choice_asks_nothing_and_the_widget_says_so():
    line = WaterJugs((2, 1), start=(2, 0), target=(1, 1))
    assert prediction_questions(line, "bfs") == []
    with pytest.raises(ValueError, match="never has a choice"):
        PredictNext(line, "bfs")


def test_an_unknown_search_is_refused_with_the_names_allowed():
    with pytest.raises(ProblemError, match="'bfs', 'dfs', 'ucs', 'greedy', 'astar', not 'idastar'"):
        prediction_questions(WaterJugs((4, 3), target=2, tap=True), "idastar")


# ---------------------------------------------------------------- what a pick hears


def test_a_right_pick_a_tie_and_a_wrong_pick_each_hear_why():
    puzzle, like, heuristic = SETTINGS["ucs"]
    tied = next(q for q in prediction_questions(puzzle, like) if len(q.right) > 1)
    other = tied.right[1]
    wrong = next(row for row in tied.rows if row["node"] not in tied.right)
    assert explain(tied, tied.taken).startswith(f"Right: node {tied.taken} (g = ")
    assert "would be right too" in explain(tied, tied.taken)
    assert explain(tied, other).startswith(f"Right: node {other} (g = ")
    assert f"node {tied.taken} is expanded" in explain(tied, other)
    said = explain(tied, wrong["node"])
    assert said.startswith(f"Not node {wrong['node']}: its g = {wrong['g']:g}")
    assert f"node {tied.taken} is next" in said


@pytest.mark.parametrize("name", SETTINGS)
def test_the_hint_of_a_wrong_pick_never_names_the_node_taken(name):
    puzzle, like, heuristic = SETTINGS[name]
    for question in prediction_questions(puzzle, like, heuristic):
        for row in question.rows:
            if row["node"] not in question.right:
                said = hint(question, row["node"])
                assert said.startswith(f"node {row['node']} ")
                assert not re.search(rf"node {question.taken}\b", said), said


# ---------------------------------------------------------------- the check


@pytest.mark.parametrize("name", SETTINGS)
def test_the_right_picks_pass_as_a_line_or_a_list(name, capsys):
    puzzle, like, heuristic = SETTINGS[name]
    line = right_line(name)
    assert check_predictions(line, puzzle, like, heuristic) is True
    assert capsys.readouterr().out.startswith("Correct! 6 of 6 right")
    picks = [int(node) for node in line.split()]
    assert check_predictions(picks, puzzle, like, heuristic) is True
    assert check_predictions(f"[{', '.join(map(str, picks))}]", puzzle, like, heuristic)


def test_a_tied_pick_counts_as_right():
    puzzle, like, _ = SETTINGS["ucs"]
    asked = prediction_questions(puzzle, like)
    picks = [q.right[-1] for q in asked]
    assert picks != [q.taken for q in asked]
    assert mark(asked, picks).right == len(asked)
    assert check_predictions(" ".join(map(str, picks)), puzzle, like)


def test_a_wrong_pick_is_named_by_its_question(capsys):
    puzzle, like, heuristic = SETTINGS["astar"]
    asked = prediction_questions(puzzle, like, heuristic)
    picks = [q.taken for q in asked]
    taken_f = next(row["f"] for row in asked[3].rows if row["node"] == asked[3].taken)
    wrong = next(row["node"] for row in asked[3].rows if row["f"] > taken_f)
    picks[3] = wrong
    assert check_predictions(picks, puzzle, like, heuristic) is False
    said = capsys.readouterr().out
    assert said.startswith(f"Not yet: 5 of 6 right. Question 4: node {wrong} has f = g + h")
    assert said.count("\n") == 1
    score = score_predictions(picks, puzzle, like, heuristic)
    assert (score.right, score.asked, score.first_wrong) == (5, 6, 4)


@pytest.mark.parametrize(
    "answer, says",
    [
        (..., "replace ... with the line of picks"),
        (None, "replace ... with the line of picks"),
        ("", "the answer holds no picks"),
        ([], "the answer holds no picks"),
        ("[ ]", "the answer holds no picks"),
        ("node 4", "'node' is not a node number"),
        ("4 7 x", "'x' is not a node number"),
        ("4.5 7", "'4.5' is not a node number"),
        ("-1 2", "'-1' is not a node number"),
        ([1.0, 2.0], "the list must hold whole numbers only"),
        ([True, False], "the list must hold whole numbers only"),
        (4, "not a int"),
        ({"picks": "1 2"}, "not a dict"),
        ("1 2 3", "3 pick(s) for 6 questions"),
        ("1 " * 7, "7 pick(s) for 6 questions"),
    ],
)
def test_empty_garbage_and_short_answers_hear_one_line(answer, says, capsys):
    puzzle, like, _ = SETTINGS["bfs"]
    assert check_predictions(answer, puzzle, like) is False
    said = capsys.readouterr().out
    assert said.startswith("Not yet: ") and said.count("\n") == 1, said
    assert says in said, said


@pytest.mark.parametrize("name", SETTINGS)
def test_lazy_answers_and_guesses_fail(name):
    """The first row, the last row, one node throughout, random picks: only the rule passes."""
    puzzle, like, heuristic = SETTINGS[name]
    asked = prediction_questions(puzzle, like, heuristic)
    chance = random.Random(7)
    lazy = {
        "first": [q.rows[0]["node"] for q in asked],
        "last": [q.rows[-1]["node"] for q in asked],
        "same": [asked[0].taken] * len(asked),
    }
    for k in range(20):
        lazy[f"random {k}"] = [chance.choice(q.rows)["node"] for q in asked]
    passing = [way for way, picks in lazy.items() if mark(asked, picks).right == len(asked)]
    allowed = {"bfs": {"first"}, "dfs": {"last"}}.get(name, set())
    assert set(passing) <= allowed, passing  # FIFO and LIFO are the rule; no guess passes
    guessed = math.prod(len(q.right) / len(q.rows) for q in asked)
    assert guessed < 0.01, "a random line of picks passes too often"


def test_a_subclass_that_equals_everything_does_not_pass():
    class Always(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    puzzle, like, _ = SETTINGS["bfs"]
    assert check_predictions([Always(99)] * 6, puzzle, like) is False


def test_read_picks_takes_the_widget_line_with_commas_and_brackets():
    assert read_picks(" 4, 7  9 ") == [4, 7, 9]
    assert read_picks("(4 7)") == [4, 7]


# ---------------------------------------------------------------- the widget


@pytest.mark.parametrize("name", SETTINGS)
def test_the_widget_sends_each_question_its_rows_rights_and_verdicts(name):
    puzzle, like, heuristic = SETTINGS[name]
    widget = PredictNext(puzzle, like, heuristic, answer="answer_2_1")
    asked = prediction_questions(puzzle, like, heuristic)
    assert len(widget.frames) == len(widget.questions) == len(asked) == 6
    for k, (sent, question) in enumerate(zip(widget.questions, asked)):
        assert sent["nodes"] == [row["node"] for row in question.rows]
        assert sent["right"] == [node in question.right for node in sent["nodes"]]
        assert sent["why"] == [explain(question, node) for node in sent["nodes"]]
        page = widget.frame_html(k)
        assert page.count("data-row=") == len(question.rows)
        assert f"question {k + 1} of 6" in page
    assert widget.answer == "answer_2_1" and widget.picks == []


def test_the_widget_scores_the_picks_the_page_sends_back():
    puzzle, like, _ = SETTINGS["bfs"]
    widget = PredictNext(puzzle, like)
    widget.picks = [int(node) for node in right_line("bfs").split()]
    assert str(widget.score()) == "6 of 6 right"
    widget.picks = widget.picks[:2]
    assert str(widget.score()) == "2 of 6 right (4 not answered)"


def test_the_widget_columns_follow_what_the_search_orders_by():
    heads = {}
    for name, (puzzle, like, heuristic) in SETTINGS.items():
        widget = PredictNext(puzzle, like, heuristic)
        heads[name] = re.findall(r"<th>(\w+)</th>", widget.frontier_html(widget.asked[0]))
    assert heads["bfs"] == ["key", "node", "parent", "depth", "action", "state"]
    assert heads["ucs"] == ["key", "node", "parent", "depth", "g", "action", "state"]
    assert heads["astar"] == ["key", "node", "parent", "depth", "g", "h", "f", "action", "state"]


def test_the_page_with_no_kernel_runs_the_predict_script_with_its_data():
    widget = PredictNext(*SETTINGS["dfs"][:2], answer="answer_1_5")
    page = widget.html()
    assert "renderPredict({get:" in page and "function buildStepper" in page
    assert '"answer": "answer_1_5"' in page and '"questions": [' in page
    assert "export default" not in page
    assert "question 1 of 6" in page  # the first question, shown without JavaScript
    bundle = widget._repr_mimebundle_()
    assert bundle["text/html"].startswith("<style>")
