"""The teacher's edition: each lesson with its exercises worked, its plan, and the files."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path

from ..errors import PuzzleError
from .cells import KEY, cell_source, exercise_id, lesson_slug
from .lessons import already_there, read_lessons, write_inside
from .plans import PLANS, Plan
from .solutions import SOLUTIONS, Solution

#: A Markdown heading line: its #s and its text.
HEADING = re.compile(r"^(#+)\s+(.*?)\s*$")


def is_teachers_edition(notebook: dict) -> bool:
    """Return whether *notebook* is a teacher's edition (its metadata says so).

    >>> is_teachers_edition({"cells": [], "metadata": {"puzzlelab": {"edition": "teacher"}}})
    True
    """
    return notebook.get("metadata", {}).get(KEY, {}).get("edition") == "teacher"


def worked_lesson(notebook: dict, file_name: str) -> dict:
    """Return a copy of *notebook* with every exercise worked, marked as the teacher's edition.

    Each answer cell gets its solution under a "Worked solution" note; a banner names the plan.

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
    check_codes_left(answer_8_2);
    """
    worked = copy.deepcopy(notebook)
    cells = worked["cells"]
    for number in reversed(range(len(cells))):  # from the end: insertions shift later cells
        name = exercise_id(cells[number])
        if name in SOLUTIONS:
            _work(cells, number, SOLUTIONS[name])
        elif name:
            raise PuzzleError(f"exercise {name} has no worked solution in puzzlelab.classroom")
    worked.setdefault("metadata", {})[KEY] = {"edition": "teacher"}
    stem = file_name.rsplit("/", 1)[-1].removesuffix(".ipynb")
    banner = (
        "> **Teacher's edition.** Every exercise of this lesson is worked, each below a "
        "*Worked solution* note. Hand the students their own copy (`puzzlelab lessons`), not "
        f"this one. The lesson's plan: `plans/{stem}.md`."
    )
    cells.insert(1, _teacher_cell("teachers-edition", banner))
    return worked


def _work(cells: list[dict], number: int, solution: Solution) -> None:
    """Work the exercise whose answer cell is ``cells[number]``, in place."""
    answer = cells[number]
    _replace(answer, solution.answer)
    note = f"**Worked solution.** {solution.explanation}"
    cells.insert(number, _teacher_cell(f"{answer['id']}-worked", note))
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


def plan_page(notebook: dict, file_name: str) -> str:
    """Return the plan of the lesson *notebook* (file *file_name*), one page of markdown.

    A cell is named by its number as JupyterLab's status bar counts it ("Cell 23/52").

    >>> lesson = json.loads(read_lessons()[Path("08_mastermind.ipynb")])
    >>> page = plan_page(lesson, "08_mastermind.ipynb")
    >>> [line for line in page.splitlines() if line.startswith("#")][:3]
    ['# Plan: Lesson 8 · How few questions find a secret code?', '## Goals', '## Timing']
    >>> plan_page(lesson, "99_sudoku.ipynb")
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: lesson sudoku has no plan in puzzlelab.classroom
    """
    slug = lesson_slug(file_name)
    if slug not in PLANS:
        raise PuzzleError(f"lesson {slug} has no plan in puzzlelab.classroom")
    plan, cells = PLANS[slug], notebook["cells"]
    title = next((text for cell in cells for level, text in _headings(cell) if level == 1), "")
    total = len(cells)
    lines = [f"# Plan: {title or slug}", ""]
    lines += [f"Notebook `{file_name}`, {total} cells. A cell is named by its section and its "
              f"number as JupyterLab's status bar shows it: cell 23 of {total} is "
              f"\"Cell 23/{total}\" there, counting every cell from 1, markdown and code, as "
              "`puzzlelab grade` does. The numbers are those of the students' notebook (the one "
              "to project); in the teacher's edition the worked notes add cells.", ""]  # fmt: skip
    lines += ["## Goals", "", *[f"- {goal}" for goal in plan.goals], ""]
    lines += _timing(plan, cells, slug)
    lines += ["## Cells to project", "", "| section | cells | show |", "|---|---|---|"]
    for heading, show in plan.project:
        start, end = _find(cells, heading.__eq__, repr(heading), slug)
        lines.append(f"| {heading} | {_cells(cells, start, end)} | {show} |")
    lines += ["", "## Questions to ask the class", ""]
    for k, question in enumerate(plan.questions, 1):
        lines += [f"{k}. **{question.ask}**", f"   - *Answer:* {question.answer}"]
        lines += [f"   - *Likely wrong:* {wrong}" for wrong in question.wrong]
    lines += ["", "## Exercises and common mistakes", ""]
    for number, cell in enumerate(cells):
        if exercise_id(cell):
            lines += _exercise_lines(cells, number)
    return "\n".join(lines).rstrip() + "\n"


def _timing(plan: Plan, cells: list[dict], slug: str) -> list[str]:
    """The timing table: each part's sections, cells and minutes, in full and in 50."""
    lines = ["## Timing", "", f"About {plan.minutes} minutes, in these parts:", ""]
    lines += ["| sections | cells | what | minutes | in 50 minutes |", "|---|---|---|--:|--:|"]
    for part in plan.parts:
        start, end = _part_cells(cells, part.sections, slug)
        short = str(part.fifty) if part.fifty else "cut"
        lines.append(f"| {part.sections} | {start + 1}-{end} | {part.what} | {part.minutes} "
                     f"| {short} |")  # fmt: skip
    fifty = sum(part.fifty for part in plan.parts)
    lines += [f"| all | 1-{len(cells)} | | {plan.minutes} | {fifty} |", ""]
    lines += [f"**A 50-minute period** ({fifty} minutes): {plan.fifty}", ""]
    return lines


def _headings(cell: dict) -> list[tuple[int, str]]:
    """The level and text of each heading of a markdown cell."""
    if cell["cell_type"] != "markdown":
        return []
    matches = map(HEADING.match, cell_source(cell).splitlines())
    return [(len(match.group(1)), match.group(2)) for match in matches if match]


def _find(
    cells: list[dict], wanted: Callable[[str], bool], name: str, slug: str
) -> tuple[int, int]:
    """The first section whose heading is *wanted*: its first cell, and the cell after it."""
    for number, cell in enumerate(cells):
        for level, text in _headings(cell):
            if wanted(text):
                ends = (later for later in range(number + 1, len(cells))
                        if any(found <= level for found, _ in _headings(cells[later])))  # fmt: skip
                return number, next(ends, len(cells))
    raise PuzzleError(f"lesson {slug} has no section {name} (its plan names it)")


def _part_cells(cells: list[dict], sections: str, slug: str) -> tuple[int, int]:
    """The cells of a plan's part: sections "4", "1-4" (by their numbers) or "Exercises"."""
    first, _, last = sections.partition("-")

    def numbered(number: str) -> Callable[[str], bool]:
        if number == "Exercises":
            return lambda text: text == "Exercises" or text.endswith(". Exercises")
        return lambda text: text.startswith(f"{number}. ")

    start, end = _find(cells, numbered(first), f"{first}.", slug)
    if last:
        end = _find(cells, numbered(last), f"{last}.", slug)[1]
    return start, end


def _cells(cells: list[dict], start: int, end: int) -> str:
    """Cells *start* to *end* (indices, end excluded) as the status bar numbers them."""
    code = [str(k + 1) for k in range(start, end) if cells[k]["cell_type"] == "code"]
    shown = f"{start + 1}-{end} of {len(cells)}" if end - start > 1 else f"{start + 1}"
    return f"{shown}" + (f"; code {', '.join(code)}" if code else "")


def _exercise_lines(cells: list[dict], number: int) -> list[str]:
    cell, name = cells[number], exercise_id(cells[number])
    section = next((text for earlier in reversed(cells[: number + 1])
                    for _, text in reversed(_headings(earlier))), "")  # fmt: skip
    answer = re.search(r"\banswer_\d+_\d+\b", cell_source(cell))
    where = f"{section}: answer cell {number + 1} of {len(cells)}"
    where += f", `{answer.group()}`" if answer else ""
    mistakes = SOLUTIONS[name].mistakes if name in SOLUTIONS else ()
    return [f"**{name}** ({where})", "", *[f"- {mistake}" for mistake in mistakes], ""]


def write_teachers_edition(out_dir: Path, *, force: bool = False) -> tuple[list[Path], list[str]]:
    """Write the teacher's edition into *out_dir*; return the files, and the notebooks skipped.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    if out_dir.exists() and not out_dir.is_dir():
        raise PuzzleError(f"{out_dir} is a file: give a folder for the teacher's edition")
    files, skipped = {}, []
    for name, data in read_lessons().items():
        if name.suffix != ".ipynb":
            files[name] = data  # a file the lessons read
            continue
        if lesson_slug(name.name) not in PLANS:
            skipped.append(f"{name}: skipped, no plan is written for it (not a puzzlelab lesson?)")
            continue
        lesson = json.loads(data)
        notebook = worked_lesson(lesson, name.name)
        files[name] = (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode()
        files["plans" / name.with_suffix(".md")] = plan_page(lesson, name.name).encode()
    if not force:
        already_there(out_dir, files, "nothing written; give --force to replace them")
    return write_inside(out_dir, files, "the teacher's edition"), skipped
