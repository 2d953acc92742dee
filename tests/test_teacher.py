"""The teacher's edition (``puzzlelab teacher DIR``): every exercise worked, a plan per lesson.

Every exercise of every lesson has a worked solution and every lesson a plan; the command
writes them all and never overwrites without --force; the students' notebooks hold none of
the solutions; and, run on a fresh kernel, the teacher's edition passes every exercise (slow).
"""

import json
import re
from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom import (
    PLANS,
    SOLUTIONS,
    exercise_ids,
    is_teachers_edition,
    lesson_slug,
    plan_page,
    worked_lesson,
)
from puzzlelab.classroom.cells import cell_source
from puzzlelab.classroom.grades import Limits
from puzzlelab.classroom.grading import grade_all
from puzzlelab.cli import main
from puzzlelab.cli.teacher import write_teachers_edition

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))

#: A cell that hands an answer to a check: ``check_...(answer_L_N)`` or ``(*answer_L_N)``.
CHECKS_AN_ANSWER = re.compile(r"^check_\w+\(\*?answer_\d+_\d+\b", re.MULTILINE)


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def edition(tmp_path_factory) -> Path:
    """The teacher's edition, written once for the tests of this module."""
    out = tmp_path_factory.mktemp("edition") / "teacher"
    write_teachers_edition(out)
    return out


# ---------------------------------------------------------------- complete


def test_every_exercise_has_a_solution_and_every_solution_an_exercise():
    ids = [name for path in LESSONS for name in exercise_ids(read(path))]
    assert len(ids) == len(set(ids)), "two answer cells share an exercise id"
    assert sorted(set(ids) - set(SOLUTIONS)) == [], "exercises without a worked solution"
    assert sorted(set(SOLUTIONS) - set(ids)) == [], "solutions of exercises no lesson has"
    for path in LESSONS:
        slug = lesson_slug(path.name)
        assert all(name.startswith(f"{slug}:") for name in exercise_ids(read(path))), path.name


def test_every_answer_cell_carries_its_exercise_id():
    """A check cell without an id would be left unworked in the teacher's edition."""
    for path in LESSONS:
        for cell in read(path)["cells"]:
            if cell["cell_type"] == "code" and CHECKS_AN_ANSWER.search(cell_source(cell)):
                assert exercise_ids({"cells": [cell]}), f"{path.name}, cell {cell['id']}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_every_lesson_has_a_plan_that_names_its_sections_and_exercises(path):
    lesson = read(path)
    assert lesson_slug(path.name) in PLANS
    page = plan_page(lesson, path.name)  # raises if a projected heading is not in the lesson
    title = next(line for line in cell_source(lesson["cells"][0]).splitlines() if line[:2] == "# ")
    assert page.startswith(f"# Plan: {title[2:]}\n")
    for section in ("## Goals", "## Duration", "## Cells to project", "## Questions to ask"):
        assert f"\n{section}" in page, section
    for name in exercise_ids(lesson):
        assert f"**{name}** (answer cell `" in page
    ids = {cell["id"] for cell in lesson["cells"]}
    projected = re.findall(r"^\| (`[^|]+`) \|", page, re.MULTILINE)
    assert projected, "no cells to project"
    for row in projected:
        assert set(re.findall(r"`([^`]+)`", row)) <= ids, row


def test_a_plan_that_projects_a_missing_section_says_which():
    lesson = read(NOTEBOOKS / "06_pattern_databases.ipynb")
    for cell in lesson["cells"]:
        cell["source"] = cell_source(cell).replace("## 3. Two databases", "## 3. Two tables")
    with pytest.raises(Exception, match="has no section '3. Two databases: may we add them"):
        plan_page(lesson, "06_pattern_databases.ipynb")


def test_an_exercise_without_a_solution_is_refused_in_one_line():
    lesson = read(NOTEBOOKS / "06_pattern_databases.ipynb")
    answer = next(cell for cell in lesson["cells"] if exercise_ids({"cells": [cell]}))
    answer["metadata"]["puzzlelab"]["exercise"] = "pattern_databases:no-such-exercise"
    with pytest.raises(Exception, match="^exercise pattern_databases:no-such-exercise has no"):
        worked_lesson(lesson, "06_pattern_databases.ipynb")


# ---------------------------------------------------------------- the command


def test_the_command_writes_every_lesson_worked_and_every_plan(tmp_path, capsys):
    out = tmp_path / "teacher"
    assert main(["teacher", str(out)]) == 0
    assert "10 worked lessons and 10 plans written" in capsys.readouterr().out
    for path in LESSONS:
        worked = nbformat.read(out / path.name, as_version=4)
        nbformat.validate(worked)
        assert is_teachers_edition(worked)
        assert (out / "plans" / f"{path.stem}.md").read_text().startswith("# Plan: Lesson ")
        student = {cell["id"]: cell for cell in read(path)["cells"]}
        names = exercise_ids(worked)
        assert names == exercise_ids(read(path))
        for cell in worked.cells:
            if cell.get("metadata", {}).get("puzzlelab", {}).get("exercise"):
                name = cell.metadata.puzzlelab.exercise
                assert cell.source == SOLUTIONS[name].answer
                assert cell.source != cell_source(student[cell.id])
        notes = [cell for cell in worked.cells if cell.source.startswith("**Worked solution.**")]
        assert len(notes) == len(names)
    skeleton = SOLUTIONS["state_spaces_and_bfs:two-by-two"].skeleton_worked
    assert skeleton in [cell_source(cell) for cell in read(out / LESSONS[1].name)["cells"]]


def test_a_notebook_with_no_plan_is_skipped_in_one_line_and_the_rest_written(
    tmp_path, capsys, monkeypatch
):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for path in LESSONS:
        (lessons / path.name).write_bytes(path.read_bytes())
    translated = lessons / "04_recherche_heuristique.ipynb"  # a teacher's translation
    translated.write_bytes(LESSONS[4].read_bytes())
    monkeypatch.setattr("puzzlelab.classroom.lessons.lessons_folder", lambda: lessons)
    out = tmp_path / "teacher"
    assert main(["teacher", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == (
        "04_recherche_heuristique.ipynb: skipped, no plan is written for it (not a puzzlelab "
        "lesson?)"
    )
    assert "10 worked lessons and 10 plans written" in printed[1]
    assert not (out / translated.name).exists()
    assert all((out / path.name).exists() for path in LESSONS)


def test_the_command_refuses_to_overwrite_without_force(tmp_path, capsys):
    out = tmp_path / "teacher"
    assert main(["teacher", str(out)]) == 0
    plan = out / "plans" / "06_pattern_databases.md"
    plan.write_text("my own notes")
    capsys.readouterr()
    assert main(["teacher", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "already there" in error and "--force" in error
    assert plan.read_text() == "my own notes"
    assert main(["teacher", str(out), "--force"]) == 0
    assert plan.read_text().startswith("# Plan: Lesson 6")


def test_the_command_refuses_a_file_for_a_folder(tmp_path, capsys):
    out = tmp_path / "teacher"
    out.write_text("")
    assert main(["teacher", str(out)]) == 2
    assert "is a file" in capsys.readouterr().err


# ---------------------------------------------------------------- the students' notebooks


def own_lines(solution, student_sources: list[str]) -> list[str]:
    """The lines a worked solution adds: its code lines no student cell of the lesson has."""
    there = {line.strip() for source in student_sources for line in source.splitlines()}
    worked = solution.answer + "\n" + solution.skeleton_worked
    return [line.strip() for line in worked.splitlines() if line.strip() not in there]


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_the_students_notebooks_hold_no_solution(path, edition):
    lesson = read(path)
    assert not is_teachers_edition(lesson)
    text = "\n".join(cell_source(cell) for cell in lesson["cells"])
    assert "Worked solution" not in text
    for cell in lesson["cells"]:
        assert set(cell.get("metadata", {}).get("puzzlelab", {})) <= {"exercise"}, cell["id"]
        if exercise_ids({"cells": [cell]}):
            assert "..." in cell_source(cell), f"answer cell {cell['id']} is not a placeholder"
    worked = read(edition / path.name)
    worked_lines = {
        line.strip() for cell in worked["cells"] for line in cell_source(cell).splitlines()
    }
    for name in exercise_ids(lesson):
        solution = SOLUTIONS[name]
        assert solution.explanation not in text
        added = own_lines(solution, [cell_source(cell) for cell in lesson["cells"]])
        found = [line for line in added if line in text]
        assert len(found) < len(added) / 2, f"{name}: the lesson holds {found}"
        assert added and set(added) <= worked_lines  # the teacher's edition has them


# ---------------------------------------------------------------- it passes every exercise


def answer_cells(notebook) -> list:
    """Every cell of *notebook* that hands an answer to a check, by id or by its call."""
    return [
        cell
        for cell in notebook.cells
        if cell.cell_type == "code"
        and (exercise_ids({"cells": [cell]}) or CHECKS_AN_ANSWER.search(cell.source))
    ]


def not_passed(notebook_path: Path) -> list[str]:
    """Grade *notebook_path* with ``puzzlelab grade`` (a fresh kernel, the trusted checks);
    return each exercise that did not pass, with what its check or the run said."""
    grades = grade_all([str(notebook_path)], Limits())
    assert grades, f"no exercise graded in {notebook_path.name}"
    return [f"{row.exercise}: {row.outcome}: {row.message} {row.error}".strip()
            for row in grades if row.outcome != "passed"]  # fmt: skip


def test_a_wrong_answer_is_caught(tmp_path):
    """Grading can fail: a lesson with a wrong answer does not pass."""
    lesson = NOTEBOOKS / "06_pattern_databases.ipynb"
    notebook = nbformat.read(lesson, as_version=4)
    for cell in answer_cells(notebook):
        cell.source = re.sub(r"answer_6_1 = \.\.\.", "answer_6_1 = 16**6", cell.source)
    wrong = tmp_path / lesson.name
    nbformat.write(notebook, wrong)
    failed = not_passed(wrong)
    assert any(
        line.startswith("pattern_databases:table-entries: failed: Not yet") for line in failed
    )


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_the_teachers_edition_passes_every_exercise(path, edition):
    """Each worked lesson, graded by ``puzzlelab grade``: every exercise passed."""
    assert not_passed(edition / path.name) == []
