"""Predict the next node: which node does a search take from its frontier next?

A *question* is a moment the search takes a node while others wait and do not all tie; a
*pick* is the node a student says is taken; the *right* picks are the node taken and those
of equal priority (rules 3 and 4 of :mod:`puzzlelab.search.engine`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import ProblemError, whole_number
from ..search import Trace, TraceEvent
from ..search.problem import HeuristicChoice, State
from .answers import fail, not_answered, passed, self_check
from .search import SEARCHES

QUESTIONS = 6

#: Expansions a search makes while its questions are gathered: far more than they need.
LOOK_AHEAD = 1000

RULES = {
    "bfs": "the node that has waited longest first (a queue: first in, first out)",
    "dfs": "the newest node first (a stack: last in, first out)",
    "ucs": "the lowest g, the path cost so far, first",
    "greedy": "the lowest h, the estimate to the goal, first",
    "astar": "the lowest f = g + h first",
}

#: The values each search's frontier table shows, beyond node, parent, depth and action.
VALUES = {"bfs": (), "dfs": (), "ucs": ("g",), "greedy": ("h",), "astar": ("g", "h", "f")}

LOWEST = {"ucs": "g", "greedy": "h", "astar": "f"}

#: How each best-first search shows a row's values.
_SHOWN = {"ucs": "g = {g:g}", "greedy": "h = {h:g}", "astar": "f = g + h = {g:g} + {h:g} = {f:g}"}

#: A frontier row: ``node``, ``parent``, ``depth``, ``g``, ``h``, ``f``, ``action``, ``state``.
Row = dict[str, Any]


class Question(NamedTuple):
    """One question: which node does the search *like* take next (*taken*; *goal* if it is
    a goal)? *rows* are the nodes waiting, oldest first; *expanded* those taken before.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> first = prediction_questions(WaterJugs((4, 3), target=2, tap=True), "dfs")[0]
    >>> [row["node"] for row in first.rows], first.taken, first.right
    ([1, 2], 2, [2])
    """

    number: int
    like: str
    expanded: list[int]
    last: State
    rows: list[Row]
    taken: int
    right: list[int]
    goal: bool


def priority(like: str, row: Row) -> tuple[float, ...]:
    """What the frontier of the search *like* orders *row* by, smallest first.

    >>> row = {"node": 4, "g": 2, "h": 3, "f": 5}
    >>> priority("bfs", row), priority("dfs", row), priority("astar", row)
    ((4,), (-4,), (5,))
    """
    if like in ("bfs", "dfs"):
        return (row["node"] if like == "bfs" else -row["node"],)
    return (row[LOWEST[like]],)


def prediction_questions(
    puzzle: object, like: str, heuristic: HeuristicChoice = None, questions: int = QUESTIONS
) -> list[Question]:
    """Run the search *like* (a key of :data:`~.search.SEARCHES`) on *puzzle*, traced, and
    return its first *questions* questions (fewer if it ends first).

    >>> from puzzlelab.puzzles import WaterJugs
    >>> asked = prediction_questions(WaterJugs((4, 3), target=2, tap=True), "bfs")
    >>> [(question.taken, question.right) for question in asked]
    [(1, [1]), (2, [2]), (3, [3]), (4, [4]), (6, [6]), (12, [12])]
    """
    if not isinstance(like, str) or like not in SEARCHES:
        raise ProblemError(f"like must be one of {', '.join(map(repr, SEARCHES))}, not {like!r}")
    questions = whole_number(questions, "questions", 1)
    trace = Trace()
    options: dict[str, Any] = {} if heuristic is None else {"heuristic": heuristic}
    SEARCHES[like][1](puzzle, trace=trace, max_nodes=LOOK_AHEAD, **options)
    return questions_from_events(trace.events, like, questions)


def questions_from_events(
    events: Sequence[TraceEvent], like: str, questions: int = QUESTIONS
) -> list[Question]:
    """The first *questions* questions of a traced graph search *like*, from its events.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> from puzzlelab.search import bfs
    >>> trace = Trace()
    >>> _ = bfs(WaterJugs((4, 3), target=2, tap=True), trace=trace)
    >>> first = questions_from_events(trace.events, "bfs", 1)[0]
    >>> first.expanded, [(row["node"], row["action"]) for row in first.rows]
    ([0], [(1, 'fill 0'), (2, 'fill 1')])
    """
    waiting: dict[int, Row] = {}  # by node, oldest first
    newest: dict[State, int] = {}  # each state's newest node: an older one is skipped
    expanded: list[int] = []
    asked: list[Question] = []
    last: State = None
    for event in events:
        if event.kind == "generate":
            f = None if event.h is None else event.g + event.h
            waiting[event.node] = {"node": event.node, "parent": event.parent, "depth": event.depth,
                                   "g": event.g, "h": event.h, "f": f, "action": event.action,
                                   "state": event.state}  # fmt: skip
            newest[event.state] = event.node
        elif event.kind in ("expand", "goal"):
            rows = [row for row in waiting.values() if newest[row["state"]] == row["node"]]
            best = priority(like, waiting[event.node])
            right = [row["node"] for row in rows if priority(like, row) == best]
            if len(right) < len(rows):
                number, goal = len(asked) + 1, event.kind == "goal"
                asked.append(Question(number, like, list(expanded), last, rows, event.node,
                                      right, goal))  # fmt: skip
                if len(asked) == questions:
                    break
            expanded.append(event.node)
            last = event.state
        if event.kind in ("expand", "goal", "discard"):
            waiting.pop(event.node, None)
    return asked


def explain(question: Question, pick: int) -> str:
    """What a student who picked node *pick* hears at once: right or not, and why.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> puzzle = SlidingPuzzle("4 1 3 / 2 0 5")
    >>> first = prediction_questions(puzzle, "astar", "manhattan")[0]
    >>> [(row["node"], row["f"], row["h"]) for row in first.rows]
    [(1, 7, 6), (2, 5, 4), (3, 5, 4)]
    >>> print(explain(first, 2))
    Right: node 2 (f = g + h = 1 + 4 = 5) is taken next: A* takes the lowest f = g + h
    first. Node 3 ties with it, and would be right too (of equal f, puzzlelab's A* takes
    the smaller h, then the oldest).
    >>> print(explain(first, 1))
    Not node 1: its f = 1 + 6 = 7, and node 2's is 1 + 4 = 5. A* takes the lowest f = g + h
    first: node 2 is next.
    """
    rows = {row["node"]: row for row in question.rows}
    taken, name, rule = question.taken, SEARCHES[question.like][0], RULES[question.like]
    end = " It is the goal: the search stops." if question.goal else ""
    if pick not in rows:
        return f"Not node {pick}: {_not_waiting(question, pick)}."
    if pick == taken:
        others = ", ".join(str(node) for node in question.right if node != taken)
        nodes = f"Nodes {others} tie" if "," in others else f"Node {others} ties"
        ties = f" {nodes} with it, and would be right too ({_engine_tie(question.like)})."
        ties = ties if others else ""
        taken_values = _values(question.like, rows[taken])
        return f"Right: {taken_values} is taken next: {name} takes {rule}.{ties}{end}"
    if pick in question.right:
        return (
            f"Right: {_values(question.like, rows[pick])} ties with node {taken}; "
            f"{_engine_tie(question.like)}, so node {taken} is expanded.{end}"
        )
    why = _compared(question.like, rows[pick], rows[taken])
    return f"Not node {pick}: {why}. {name} takes {rule}: node {taken} is next.{end}"


def hint(question: Question, pick: int) -> str:
    """Why node *pick* is not the next, without naming the node that is.

    >>> from puzzlelab.puzzles import SlidingPuzzle
    >>> first = prediction_questions(SlidingPuzzle("4 1 3 / 2 0 5"), "astar", "manhattan")[0]
    >>> print(hint(first, 1))
    node 1 has f = g + h = 1 + 6 = 7, but a node with a lower f waits: A* takes the lowest
    f = g + h first.
    """
    rows = {row["node"]: row for row in question.rows}
    name, rule = SEARCHES[question.like][0], RULES[question.like]
    if pick not in rows:
        return f"node {pick} {_not_waiting(question, pick)}."
    if question.like in ("bfs", "dfs"):
        which = "oldest" if question.like == "bfs" else "newest"
        return f"node {pick} is not the {which} node waiting: {name} takes {rule}."
    value = LOWEST[question.like]
    return (
        f"node {pick} has {_values(question.like, rows[pick], named=False)}, but a node with a "
        f"lower {value} waits: {name} takes {rule}."
    )


def _values(like: str, row: Row, named: bool = True) -> str:
    """``node 4 (g = 3)``, or unnamed ``g = 3``: the numbers *like* orders by."""
    text = _SHOWN.get(like, "").format(**row)
    if not named:
        return text
    return f"node {row['node']}" + (f" ({text})" if text else "")


def _compared(like: str, mine: Row, best: Row) -> str:
    """How the row wrongly picked compares with the row taken."""
    if like == "bfs":
        return f"node {best['node']} has waited longer (it was generated before)"
    if like == "dfs":
        return f"node {best['node']} is newer (it was generated after)"
    value = LOWEST[like]
    if like == "astar":
        return (
            f"its f = {mine['g']:g} + {mine['h']:g} = {mine['f']:g}, and node "
            f"{best['node']}'s is {best['g']:g} + {best['h']:g} = {best['f']:g}"
        )
    return f"its {value} = {mine[value]:g}, and node {best['node']}'s is {best[value]:g}"


def _not_waiting(question: Question, pick: int) -> str:
    """Why node *pick* is no candidate."""
    if pick in question.expanded:
        return (
            "was expanded already: each question follows puzzlelab's own choices, and at "
            "a tie it may have taken another node than yours"
        )
    return "is not waiting in the frontier then"


def _engine_tie(like: str) -> str:
    if like == "astar":
        return "of equal f, puzzlelab's A* takes the smaller h, then the oldest"
    return "of equals, puzzlelab's search takes the oldest"


@dataclass
class Score:
    """How many of *asked* questions were answered *right*, and why the first wrong one
    (*first_wrong*) is wrong, naming no node.

    >>> print(Score(right=5, asked=6, answered=6, first_wrong=3, hint="node 7 is not ..."))
    5 of 6 right; question 3 is the first wrong: node 7 is not ...
    """

    right: int
    asked: int
    answered: int
    first_wrong: int | None = None
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.right} of {self.asked} right"
        if self.answered < self.asked:
            text += f" ({self.asked - self.answered} not answered)"
        if self.first_wrong is not None:
            text += f"; question {self.first_wrong} is the first wrong: {self.hint}"
        return text


def read_picks(answer: object) -> list[int]:
    """The node numbers in *answer*, a line like ``"4 7 9"`` or a list; else ``ValueError``.

    >>> read_picks("4 7 9"), read_picks("[4, 7, 9]"), read_picks([4, 7])
    ([4, 7, 9], [4, 7, 9], [4, 7])
    """
    if isinstance(answer, str):
        words = re.split(r"[\s,]+", answer.strip().strip("[]()").strip())
        for word in words:
            if not re.fullmatch(r"\d{1,9}", word) and word:
                raise ValueError(
                    f"{word[:20]!r} is not a node number: paste the line of numbers the widget "
                    "shows."
                )
        return [int(word) for word in words if word]
    if isinstance(answer, (list, tuple)):
        if all(isinstance(p, int) and not isinstance(p, bool) for p in answer):
            return list(answer)
        raise ValueError("the list must hold whole numbers only: the nodes you picked.")
    raise ValueError(
        f"give the picks as a string like the widget's line, not a {type(answer).__name__}."
    )


def mark(asked: Sequence[Question], picks: Sequence[int]) -> Score:
    """Score *picks*, one node number per question of *asked*, in order.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> asked = prediction_questions(WaterJugs((4, 3), target=2, tap=True), "bfs")
    >>> print(mark(asked, [1, 2, 4]))
    2 of 6 right (3 not answered); question 3 is the first wrong: node 4 is not the oldest
    node waiting: breadth-first search takes the node that has waited longest first (a
    queue: first in, first out).
    """
    right, first_wrong, why = 0, None, ""
    for question, pick in zip(asked, picks):
        if pick in question.right:
            right += 1
        elif first_wrong is None:
            first_wrong, why = question.number, hint(question, pick)
    return Score(right, len(asked), min(len(picks), len(asked)), first_wrong, why)


def score_predictions(
    picks: str | Sequence[int],
    puzzle: object,
    like: str,
    heuristic: HeuristicChoice = None,
    questions: int = QUESTIONS,
) -> Score:
    """Score the *picks* (the widget's line, or its ``picks``) a student made in
    ``PredictNext(puzzle, like, heuristic)``, running the same search again.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> score = score_predictions("1 2 3 4 6 12", WaterJugs((4, 3), target=2, tap=True), "bfs")
    >>> score.right, score.asked, score.first_wrong
    (6, 6, None)
    """
    return mark(prediction_questions(puzzle, like, heuristic, questions), read_picks(picks))


@self_check
def check_predictions(
    answer: Any,
    puzzle: object,
    like: str,
    heuristic: HeuristicChoice = None,
    questions: int = QUESTIONS,
) -> bool:
    """Check the line of picks a student pasted from ``PredictNext(puzzle, like, heuristic)``:
    all must be right. The first wrong pick is told why, not the answer.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> jugs = WaterJugs((4, 3), target=2, tap=True)
    >>> check_predictions("1 2 3 4 6 12", jugs, "bfs")
    Correct! 6 of 6 right: breadth-first search takes the node that has waited longest first
    (a queue: first in, first out).
    True
    >>> check_predictions("1 2 3 4 12 6", jugs, "bfs")
    Not yet: 4 of 6 right. Question 5: node 12 is not the oldest node waiting: ...
    False
    """
    if not_answered(answer):
        return fail(
            "replace ... with the line of picks the widget shows once every question is answered."
        )
    try:
        picks = read_picks(answer)
    except ValueError as error:
        return fail(str(error))
    if not picks:
        return fail(
            "the answer holds no picks: answer the questions in the widget, then paste its line."
        )
    asked = prediction_questions(puzzle, like, heuristic, questions)
    if len(picks) != len(asked):
        return fail(
            f"{len(picks)} pick(s) for {len(asked)} questions: answer every question in the "
            "widget, then paste its line unchanged."
        )
    score = mark(asked, picks)
    if score.right == len(asked):
        name, rule = SEARCHES[like][0], RULES[like]
        return passed(f"{score.right} of {score.asked} right: {name} takes {rule}.")
    return fail(
        f"{score.right} of {score.asked} right. Question {score.first_wrong}: {score.hint} "
        "Run the widget again and watch which node each search takes."
    )
