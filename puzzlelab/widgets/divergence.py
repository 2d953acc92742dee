"""SearchDivergence: a student's search and puzzlelab's, side by side, up to where they part."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from simpleai.search import SearchProblem

from ..exercises.search import SEARCHES, Comparison, compare_search, problems_for
from .stepper import Stepper

#: Frontier rows shown per side; the rest are counted.
ROWS = 12


class SearchDivergence(Stepper):
    """Replay ``my_search(problem)`` beside puzzlelab's *like* (``"bfs"``, ``"dfs"``, ``"ucs"``,
    ``"greedy"``, ``"astar"``), each expansion with both frontiers, up to where they part; without
    *problem*, on the first of ``check_search``'s problems where they part. There is no example
    here; ``tests/test_check_search.py`` runs it."""

    def __init__(
        self,
        my_search: Callable[[SearchProblem], object],
        like: str = "bfs",
        problem: SearchProblem | None = None,
        name: str | None = None,
        large: bool | None = None,
    ) -> None:
        self.comparison = _comparison(my_search, like, problem, name)
        self.problem = (
            problem if problem is not None else problems_for(like)[self.comparison.problem]
        )
        steps: list[dict[str, Any] | None] = list(self.comparison.steps) or [None]
        frames = [[self._frame(step)] for step in steps]
        template = f'<div>{self._heading()}</div><div data-slot="0"></div>'
        last = steps[-1]["number"] if steps[-1] else 0
        readouts = [f"expansion {step['number'] if step else 0} of {last}" for step in steps]
        super().__init__(template, frames, readouts=readouts, large=large)

    def _heading(self) -> str:
        comparison, title = self.comparison, SEARCHES[self.comparison.like][0]
        if comparison.ok:
            verdict = f"Your search expands what puzzlelab's {title} expands, in the same order."
        else:
            verdict = html.escape(comparison.message[0].upper() + comparison.message[1:])
        return f"<b>Your search and puzzlelab's {title}, on {comparison.problem}</b><br>{verdict}"

    def _frame(self, step: dict[str, Any] | None) -> str:
        if step is None:
            return "<p>Your search expanded nothing.</p>"
        parted = step["number"] == self.comparison.parted_at
        colour = "#c0392b" if parted else "#2c3e50"
        note = "they part here" if parted else "the same so far"
        yours = self._column(
            "your search", [step["student"]], step["student_frontier"],
            "generated and not yet expanded (at most)",
        )  # fmt: skip
        ours = self._column(
            "puzzlelab's", step["reference"], step["reference_frontier"], "the frontier, in order"
        )
        return (
            f'<div><b style="color:{colour}">{note}</b>'
            '<div style="display:flex;flex-wrap:wrap;gap:0.5em 2em;align-items:flex-start">'
            f"{yours}{ours}</div></div>"
        )

    def _column(
        self, who: str, expanded: list[Any], frontier: list[dict[str, Any]], what: str
    ) -> str:
        shown = " or ".join(self._state(state) for state in expanded[:3]) or "—"
        rows = "".join(
            f"<tr><td>{self._state(row['state'])}</td>"
            + (f"<td>{row['g']:g}</td><td>{row['h']:g}</td></tr>" if "g" in row else "</tr>")
            for row in frontier[:ROWS]
        )
        more = f"<tr><td>… {len(frontier) - ROWS} more</td></tr>" if len(frontier) > ROWS else ""
        head = (
            "<tr><th>state</th><th>g</th><th>h</th></tr>" if frontier and "g" in frontier[0] else ""
        )
        return (
            f"<div><b>{who}</b> expanded {shown}<br><i>{what}</i> ({len(frontier)}):"
            f"<table>{head}{rows}{more}</table></div>"
        )

    def _state(self, state: object) -> str:
        shape = getattr(getattr(self.problem, "puzzle", None), "shape", None)
        if shape and isinstance(state, tuple) and len(state) == shape[0] * shape[1]:
            rows = [state[r * shape[1] : (r + 1) * shape[1]] for r in range(shape[0])]
            text = " / ".join(" ".join(str(tile or "·") for tile in row) for row in rows)
            return f"<code>{html.escape(text)}</code>"
        return f"<code>{html.escape(str(state))}</code>"


def _comparison(
    my_search: Callable[[SearchProblem], object],
    like: str,
    problem: SearchProblem | None,
    name: str | None,
) -> Comparison:
    if problem is not None:
        return compare_search(my_search, like, problem, name or "your problem")
    alike = []
    for title, candidate in problems_for(like).items():
        comparison = compare_search(my_search, like, candidate, title)
        if not comparison.ok:
            return comparison
        alike.append(comparison)
    return alike[0]
