"""PredictNext: the student picks the node a search expands next, and hears at once why (the
questions and answers are sent once and picked in the browser, ``predict.js``)."""

from __future__ import annotations

import html
from typing import Any

import traitlets

from ..exercises.predict import (
    QUESTIONS,
    VALUES,
    Question,
    Score,
    explain,
    mark,
    prediction_questions,
)
from ..exercises.search import SEARCHES
from ..search.problem import HeuristicChoice
from .base import board_html
from .stepper import DATA, FUNCTIONS, HERE, MODULE_MARK, Stepper

PREDICT = (HERE / "predict.js").read_text(encoding="utf-8")

#: Expanded nodes the header lists, the latest last.
EXPANDED_SHOWN = 12

#: A question: what the search did so far; the node it expanded last beside the frontier.
TEMPLATE = (
    '<div data-slot="0"></div>'
    '<div style="display:flex;flex-wrap:wrap;gap:0.5em 1.5em;align-items:flex-start;'
    'margin:0.5em 0">'
    '<div data-slot="1"></div><div data-slot="2"></div></div>'
)


class PredictNext(Stepper):
    """Ask which node the search *like* (``bfs``, ``dfs``, ``ucs``, ``greedy``, ``astar``,
    with *heuristic*) expands next on *puzzle*; the picks come back in ``picks``, and the
    line to paste sets the variable *answer*.

    >>> from puzzlelab.puzzles import WaterJugs
    >>> widget = PredictNext(WaterJugs((4, 3), target=2, tap=True), "bfs", answer="answer_1_4")
    >>> len(widget.questions), widget.questions[0]["nodes"]
    (6, [1, 2])
    """

    _esm = FUNCTIONS + "\n" + PREDICT
    _page_script = FUNCTIONS + "\n" + PREDICT.split(MODULE_MARK, 1)[0]
    _page_render = "renderPredict"
    _page_traits = (*DATA, "questions", "picks", "answer")

    questions = traitlets.List(traitlets.Dict()).tag(sync=True)
    picks = traitlets.List(traitlets.Int()).tag(sync=True)
    answer = traitlets.Unicode("answer").tag(sync=True)

    def __init__(
        self,
        puzzle: object,
        like: str,
        heuristic: HeuristicChoice = None,
        *,
        questions: int = QUESTIONS,
        answer: str = "answer",
        large: bool | None = None,
    ) -> None:
        self.puzzle, self.like = puzzle, like
        self.asked = prediction_questions(puzzle, like, heuristic, questions)
        if not self.asked:
            raise ValueError(
                f"{like} on this puzzle never has a choice to make: pick a larger puzzle"
            )
        frames = [
            [self.header_html(q), board_html(puzzle, q.last), self.frontier_html(q)]
            for q in self.asked
        ]
        super().__init__(TEMPLATE, frames, large=large, words={"description": "question"})
        self.questions = [_sent(question) for question in self.asked]
        self.answer = answer

    def score(self) -> Score:
        """The score of the picks made so far (``picks``)."""
        return mark(self.asked, self.picks)

    def header_html(self, question: Question) -> str:
        """What the search has done before *question*, and the question.

        >>> from puzzlelab.puzzles import WaterJugs
        >>> widget = PredictNext(WaterJugs((4, 3), target=2, tap=True), "dfs")
        >>> widget.header_html(widget.asked[1])
        '<b>question 2 of 5</b>: depth-first search has expanded nodes 0 2, node 2 last ...'
        """
        done, last = question.expanded[-EXPANDED_SHOWN:], question.expanded[-1]
        more = "... " if len(question.expanded) > EXPANDED_SHOWN else ""
        expanded = (
            f"node {last} (drawn here)"
            if len(question.expanded) == 1
            else f"nodes {more}{' '.join(map(str, done))}, node {last} last (drawn here)"
        )
        return (
            f"<b>question {question.number} of {len(self.asked)}</b>: "
            f"{SEARCHES[self.like][0]} has expanded {expanded}. {len(question.rows)} nodes "
            "wait in the frontier, oldest first."
        )

    def frontier_html(self, question: Question) -> str:
        """The nodes waiting before *question*, oldest first, a row each."""
        columns = ["node", "parent", "depth", *VALUES[self.like], "action", "state"]
        head = "".join(f"<th>{c}</th>" for c in ["key", *columns])
        body = "".join(
            f'<tr data-row="{i}"><td>{i + 1 if i < 9 else ""}</td>'
            + "".join(f"<td>{_cell(row[c])}</td>" for c in columns)
            + "</tr>"
            for i, row in enumerate(question.rows)
        )
        return f'<table class="puzzlelab-predict-frontier"><tr>{head}</tr>{body}</table>'


def _sent(question: Question) -> dict[str, Any]:
    nodes = [row["node"] for row in question.rows]
    return {"nodes": nodes, "right": [node in question.right for node in nodes],
            "why": [explain(question, node) for node in nodes]}  # fmt: skip


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return html.escape(str(value))
