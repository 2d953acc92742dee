"""The teacher's edition of a lesson, and its plan, made from the student's notebook.

A notebook here is plain data: the dict that ``json.load`` reads from an ``.ipynb`` file. An
*answer cell* is a code cell whose metadata names its exercise,
``{"puzzlelab": {"exercise": "<lesson>:<exercise>"}}``. The worked lesson replaces each answer
cell (and any cell the exercise has the student complete) with its solution from
:data:`~puzzlelab.classroom.solutions.SOLUTIONS`, and puts a "Worked solution" cell above it.

Examples
--------
>>> lesson = {"cells": [
...     {"cell_type": "markdown", "id": "0", "metadata": {}, "source": "# Lesson 6 · Tables"},
...     {"cell_type": "code", "id": "1", "execution_count": None, "outputs": [],
...      "metadata": {"puzzlelab": {"exercise": "pattern_databases:table-entries"}},
...      "source": "answer_6_1 = ...\\ncheck_table_entries(answer_6_1);"},
... ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
>>> from puzzlelab.classroom.cells import exercise_ids
>>> exercise_ids(lesson)
['pattern_databases:table-entries']
>>> worked = worked_lesson(lesson, "06_tables.ipynb")
>>> [cell["id"] for cell in worked["cells"]]
['0', 'teachers-edition', '1-worked', '1']
>>> "16 * 15 * 14" in worked["cells"][-1]["source"], "..." in lesson["cells"][-1]["source"]
(True, True)
"""

from __future__ import annotations

import copy
import re

from ..errors import PuzzleError
from .cells import KEY, cell_source, exercise_id, lesson_slug
from .plans import PLANS
from .solution import Solution
from .solutions import SOLUTIONS

#: A Markdown heading line: its #s and its text.
HEADING = re.compile(r"^(#+)\s+(.*?)\s*$")


def is_teachers_edition(notebook: dict) -> bool:
    """Return whether *notebook* is a teacher's edition (its metadata says so).

    Parameters
    ----------
    notebook : dict
        A lesson as ``json.load`` reads it.

    Returns
    -------
    bool
        True for a notebook :func:`worked_lesson` made, False for a student's lesson.

    Examples
    --------
    >>> is_teachers_edition({"cells": [], "metadata": {"puzzlelab": {"edition": "teacher"}}})
    True
    >>> is_teachers_edition({"cells": [], "metadata": {}})
    False
    """
    return notebook.get("metadata", {}).get(KEY, {}).get("edition") == "teacher"


# ---------------------------------------------------------------- the worked lesson


def worked_lesson(notebook: dict, file_name: str) -> dict:
    """Return a copy of *notebook* with every exercise worked, marked as the teacher's edition.

    Each answer cell gets its solution's source, with a "Worked solution" cell above it;
    a cell the exercise asks the student to complete gets its worked source too. A banner
    cell after the first says this is the teacher's edition. *notebook* is left as it is.

    Parameters
    ----------
    notebook : dict
        A lesson as ``json.load`` reads it.
    file_name : str
        The lesson's file name, which the banner names its plan by.

    Returns
    -------
    dict
        The worked lesson, as ``json.dump`` writes it.

    Raises
    ------
    PuzzleError
        If an exercise has no solution, or the cell it asks the student to complete is not
        found.

    Examples
    --------
    >>> title = {"cell_type": "markdown", "id": "0", "metadata": {}, "source": "# Lesson 8"}
    >>> answer = {"cell_type": "code", "id": "9", "execution_count": None, "outputs": [],
    ...           "metadata": {"puzzlelab": {"exercise": "mastermind:codes-left"}},
    ...           "source": "answer_8_2 = ...\\ncheck_codes_left(answer_8_2);"}
    >>> worked = worked_lesson({"cells": [title, answer], "metadata": {}}, "08_mastermind.ipynb")
    >>> [cell["id"] for cell in worked["cells"]], is_teachers_edition(worked)
    (['0', 'teachers-edition', '9-worked', '9'], True)
    >>> print(worked["cells"][-1]["source"])
    print(TWO_ANSWERS)
    ...
    answer_8_2 = len(game.candidates(TWO_ANSWERS))
    print(answer_8_2, "codes left")
    check_codes_left(answer_8_2);
    >>> answer["metadata"]["puzzlelab"]["exercise"] = "mastermind:no-such-exercise"
    >>> worked_lesson({"cells": [title, answer]}, "08_mastermind.ipynb")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: exercise mastermind:no-such-exercise has no worked solution in
    puzzlelab.classroom
    """
    worked = copy.deepcopy(notebook)
    cells = worked["cells"]
    for number in reversed(range(len(cells))):  # from the end: insertions shift later cells
        name = exercise_id(cells[number])
        if name:
            _work(cells, number, _solution(name))
    worked.setdefault("metadata", {})[KEY] = {"edition": "teacher"}
    cells.insert(1, _teacher_cell("teachers-edition", _banner(file_name)))
    return worked


def _solution(name: str) -> Solution:
    if name not in SOLUTIONS:
        raise PuzzleError(f"exercise {name} has no worked solution in puzzlelab.classroom")
    return SOLUTIONS[name]


def _work(cells: list[dict], number: int, solution: Solution) -> None:
    """Work the exercise whose answer cell is ``cells[number]``, in place."""
    answer = cells[number]
    _replace(answer, solution.answer)
    cells.insert(number, _teacher_cell(f"{answer['id']}-worked", _note(solution.explanation)))
    if solution.skeleton:
        skeleton = _skeleton_cell(cells, number, solution.skeleton, exercise_id(answer))
        _replace(skeleton, solution.skeleton_worked)


def _skeleton_cell(cells: list[dict], number: int, line: str, name: str | None) -> dict:
    """The code cell before ``cells[number]`` (after the previous answer) holding *line*."""
    for cell in reversed(cells[:number]):
        if exercise_id(cell):
            break
        if cell["cell_type"] == "code" and line in cell_source(cell):
            return cell
    raise PuzzleError(f"exercise {name}: no cell with {line!r} before its answer cell")


def _replace(cell: dict, source: str) -> None:
    cell["source"] = source
    cell["outputs"], cell["execution_count"] = [], None
    cell.setdefault("metadata", {}).setdefault(KEY, {})["worked"] = True


def _teacher_cell(cell_id: str, text: str) -> dict:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {KEY: {"teacher": True}},
            "source": text}  # fmt: skip


def _note(explanation: str) -> str:
    return f"**Worked solution.** {explanation}"


def _banner(file_name: str) -> str:
    stem = file_name.rsplit("/", 1)[-1].removesuffix(".ipynb")
    return (
        "> **Teacher's edition.** Every exercise of this lesson is worked, each below a "
        "*Worked solution* note. Hand the students their own copy (`puzzlelab lessons`), not "
        f"this one. The lesson's plan: `plans/{stem}.md`."
    )


# ---------------------------------------------------------------- the plan


def plan_page(notebook: dict, file_name: str) -> str:
    """Return the lesson's one-page plan, as markdown.

    The page holds the plan's goals, duration, the cells to project (found by the
    headings the plan names), the questions to ask, and each exercise's common mistakes.

    Parameters
    ----------
    notebook : dict
        The student's lesson, as ``json.load`` reads it.
    file_name : str
        Its file name, which names the lesson's plan in
        :data:`~puzzlelab.classroom.plans.PLANS`.

    Returns
    -------
    str
        The plan, one markdown page.

    Raises
    ------
    PuzzleError
        If the lesson has no plan, or a section the plan projects is not in the notebook.

    Examples
    --------
    >>> import json
    >>> from puzzlelab.classroom.lessons import lessons_folder
    >>> lesson = json.loads(lessons_folder().joinpath("08_mastermind.ipynb").read_text())
    >>> page = plan_page(lesson, "08_mastermind.ipynb")
    >>> for line in page.splitlines():
    ...     if line.startswith("#"):
    ...         print(line)
    # Plan: Lesson 8 · How few questions find a secret code?
    ## Goals
    ## Duration
    ## Cells to project
    ## Questions to ask the class
    ## Exercises and common mistakes
    >>> plan_page(lesson, "99_sudoku.ipynb")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: lesson sudoku has no plan in puzzlelab.classroom
    """
    slug = lesson_slug(file_name)
    if slug not in PLANS:
        raise PuzzleError(f"lesson {slug} has no plan in puzzlelab.classroom")
    plan, cells = PLANS[slug], notebook["cells"]
    title = _title(cells) or slug
    lines = [f"# Plan: {title}", ""]
    lines += [f"Notebook `{file_name}`. Cells are named by their id (`id` in the notebook "
              "file) and the heading they sit under.", ""]  # fmt: skip
    lines += ["## Goals", "", *[f"- {goal}" for goal in plan.goals], ""]
    lines += ["## Duration", "", f"About {plan.minutes} minutes. {plan.timing}", ""]
    lines += ["## Cells to project", "", "| cells | section | show |", "|---|---|---|"]
    lines += [_projected(cells, heading, show, slug) for heading, show in plan.project]
    lines += ["", "## Questions to ask the class", ""]
    lines += [f"{k}. {question}" for k, question in enumerate(plan.questions, 1)]
    lines += ["", "## Exercises and common mistakes", ""]
    for cell in cells:
        if exercise_id(cell):
            lines += _exercise_lines(cell)
    return "\n".join(lines).rstrip() + "\n"


def _title(cells: list[dict]) -> str:
    for cell in cells:
        for line in cell_source(cell).splitlines() if cell["cell_type"] == "markdown" else []:
            match = HEADING.match(line)
            if match and len(match.group(1)) == 1:
                return match.group(2)
    return ""


def _projected(cells: list[dict], heading: str, show: str, slug: str) -> str:
    """A table row: the section's heading cell and code cells, the heading, what to show."""
    start, level = _section_start(cells, heading, slug)
    ids = [f"`{cells[start]['id']}`"]
    for cell in cells[start + 1 :]:
        if any(len(found) <= level for found in _heading_levels(cell)):
            break
        if cell["cell_type"] == "code":
            ids.append(f"`{cell['id']}`")
    return f"| {', '.join(ids)} | {heading} | {show} |"


def _section_start(cells: list[dict], heading: str, slug: str) -> tuple[int, int]:
    for number, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        for line in cell_source(cell).splitlines():
            match = HEADING.match(line)
            if match and match.group(2) == heading:
                return number, len(match.group(1))
    raise PuzzleError(f"lesson {slug} has no section {heading!r} (its plan projects it)")


def _heading_levels(cell: dict) -> list[str]:
    if cell["cell_type"] != "markdown":
        return []
    return [m.group(1) for m in map(HEADING.match, cell_source(cell).splitlines()) if m]


def _exercise_lines(cell: dict) -> list[str]:
    name = exercise_id(cell)
    answer = re.search(r"\banswer_\d+_\d+\b", cell_source(cell))
    where = f"answer cell `{cell['id']}`" + (f", `{answer.group()}`" if answer else "")
    mistakes = SOLUTIONS[name].mistakes if name in SOLUTIONS else ()
    return [f"**{name}** ({where})", "", *[f"- {mistake}" for mistake in mistakes], ""]
