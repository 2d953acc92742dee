"""The teacher's edition (``puzzlelab teacher DIR``): every exercise worked, a plan per lesson;
and the slides (``puzzlelab slides DIR``).

Every exercise of every lesson has a worked solution and every lesson a plan; a plan names
cells as JupyterLab's status bar and the grader count them, times its parts to add up, marks a
path for a 50-minute period and answers its questions; the command writes them all and never
overwrites without --force; the students' notebooks hold none of the solutions; run on a fresh
kernel, the teacher's edition passes every exercise (slow); and a lesson's slides have a slide
per section and load nothing from the network (``tests/browser/test_slides.py`` steps them).
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
from puzzlelab.classroom.edition import write_teachers_edition
from puzzlelab.classroom.grades import Limits
from puzzlelab.classroom.grading import grade_all
from puzzlelab.classroom.slides import slide_cells
from puzzlelab.cli import main

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))

#: A cell that hands an answer to a check: ``check_...(answer_L_N)`` or ``(*answer_L_N)``.
CHECKS_AN_ANSWER = re.compile(r"^check_\w+\(\*?answer_\d+_\d+\b", re.MULTILINE)


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def headings(lesson: dict) -> int:
    """How many heading lines (#, ## or ###) the lesson's markdown cells hold."""
    text = "\n".join(
        cell_source(cell) for cell in lesson["cells"] if cell["cell_type"] == "markdown"
    )
    return len(re.findall(r"^#{1,3} ", text, re.MULTILINE))


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
def test_every_lesson_has_a_plan_that_names_its_cells_as_jupyterlab_counts_them(path):
    lesson = read(path)
    cells, total = lesson["cells"], len(lesson["cells"])
    assert lesson_slug(path.name) in PLANS
    page = plan_page(lesson, path.name)  # raises if a projected heading is not in the lesson
    title = next(line for line in cell_source(cells[0]).splitlines() if line[:2] == "# ")
    assert page.startswith(f"# Plan: {title[2:]}\n")
    for section in ("## Goals", "## Timing", "## Cells to project", "## Questions to ask"):
        assert f"\n{section}" in page, section
    # "Cell 23/52" in JupyterLab's status bar: every cell counted, from 1
    for heading, _ in PLANS[lesson_slug(path.name)].project:
        number = next(k for k, cell in enumerate(cells, 1)
                      if f"# {heading}\n" in cell_source(cell) + "\n")  # fmt: skip
        row = next(line for line in page.splitlines() if line.startswith(f"| {heading} |"))
        assert row.startswith(f"| {heading} | {number}-") and f" of {total}; code " in row, row
    for number, cell in enumerate(cells, 1):
        if exercise_ids({"cells": [cell]}):
            name = exercise_ids({"cells": [cell]})[0]
            assert f"**{name}** (" in page
            assert f": answer cell {number} of {total}, `answer_" in page, name
    assert "`" + cells[1]["id"] + "`" not in page  # no cell ids, which JupyterLab never shows


@pytest.mark.parametrize("slug", sorted(PLANS))
def test_every_plan_times_its_sections_and_marks_a_50_minute_path(slug):
    plan = PLANS[slug]
    path = next(path for path in LESSONS if lesson_slug(path.name) == slug)
    assert sum(part.minutes for part in plan.parts) == plan.minutes
    assert sum(part.fifty for part in plan.parts) <= 50, "the 50-minute path is too long"
    assert all(part.minutes > 0 and part.fifty >= 0 for part in plan.parts)
    assert plan.fifty.strip()
    if plan.minutes > 50:
        assert any(part.fifty < part.minutes for part in plan.parts), "nothing cut or shortened"
    # every numbered section, and the exercises, is in exactly one part, in the lesson's order
    page = plan_page(read(path), path.name)  # raises if a part names no section
    rows = re.findall(r"^\| ([\w-]+) \| (\d+)-(\d+) \|", page, re.MULTILINE)
    spans = [(int(first), int(last)) for label, first, last in rows if label != "all"]
    assert len(spans) == len(plan.parts)
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:])), spans
    headings = [(k, text) for k, cell in enumerate(read(path)["cells"], 1)
                for text in re.findall(r"^## (.*)$", cell_source(cell), re.MULTILINE)]  # fmt: skip
    for number, text in headings:
        if re.match(r"\d+\. |Exercises$", text):
            assert sum(first <= number <= last for first, last in spans) == 1, text
    assert f"| all | 1-{len(read(path)['cells'])} | | {plan.minutes} |" in page


@pytest.mark.parametrize("slug", sorted(PLANS))
def test_every_question_has_a_model_answer_and_likely_wrong_answers(slug):
    plan = PLANS[slug]
    path = next(path for path in LESSONS if lesson_slug(path.name) == slug)
    page = plan_page(read(path), path.name)
    assert len(plan.questions) >= 4
    for k, question in enumerate(plan.questions, 1):
        assert question.ask.endswith("?") and len(question.answer) > 40
        assert 1 <= len(question.wrong) <= 2, question.ask
        assert all(": " in wrong for wrong in question.wrong), "a wrong answer says why"
        assert f"{k}. **{question.ask}**\n   - *Answer:* {question.answer}\n" in page
        for wrong in question.wrong:
            assert f"   - *Likely wrong:* {wrong}\n" in page


def test_the_plan_names_a_cell_as_the_grader_does(tmp_path):
    """The plan's "answer cell 45 of 52" is the cell a grader's message calls "cell 45 of 52"."""
    lesson = NOTEBOOKS / "00_first_search_problem_water_jugs.ipynb"
    notebook = nbformat.read(lesson, as_version=4)
    number = next(k for k, cell in enumerate(notebook.cells, 1) if "answer_0_1 =" in cell.source)
    notebook.cells[number - 1].source = "fewest_pours = 1 / 0"
    broken = tmp_path / lesson.name
    nbformat.write(notebook, broken)
    where = f"cell {number} of {len(notebook.cells)}"
    messages = " ".join(f"{row.message} {row.error}" for row in grade_all([str(broken)], Limits()))
    assert f"{where} raised ZeroDivisionError" in messages
    assert f"answer cell {number} of {len(notebook.cells)}, `answer_0_1`" in plan_page(
        read(lesson), lesson.name
    )


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


# ---------------------------------------------------------------- the slides


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_the_slides_start_a_slide_at_every_heading_and_leave_the_lesson_alone(path):
    lesson = read(path)
    slides = slide_cells(lesson)
    kinds = [cell["metadata"]["slideshow"]["slide_type"] for cell in slides["cells"]]
    assert kinds.count("slide") == headings(lesson) and kinds[0] == "slide"
    assert kinds.count("skip") == 1  # the imports, before the first section
    for cell in slides["cells"]:  # a heading is always a slide's first line
        if cell["cell_type"] == "markdown":
            assert not re.search(r"\n#{1,3} ", cell_source(cell)), cell_source(cell)[:80]
    flat = lambda cells: "".join(map(cell_source, cells)).replace("\n", "")  # noqa: E731
    assert flat(slides["cells"]) == flat(lesson["cells"]), "cut, and nothing lost"
    assert lesson == read(path), "the lesson was changed"
    assert all("slideshow" not in cell["metadata"] for cell in lesson["cells"])


def test_the_slides_command_writes_a_lesson_run_with_reveal_beside_it(tmp_path, capsys):
    out = tmp_path / "slides"
    assert main(["slides", str(out), "00"]) == 0
    printed = capsys.readouterr().out
    assert "1 slide shows written" in printed
    html = (out / "00_first_search_problem_water_jugs.slides.html").read_text()
    assert html.count("<section") == 2 * headings(read(LESSONS[0]))  # a slide, and its subslide
    assert not re.search(r"""(src=|<link[^>]*href=)["']?(https?:)?//""", html), "from the network"
    assert html.count('class="puzzlelab-stepper"') >= 2  # the players, as pages with no kernel
    assert "application/vnd.jupyter.widget-view+json" not in html
    assert 'src="reveal.js/dist/reveal.js"' in html and (out / "reveal.js/dist/reveal.js").exists()
    assert main(["slides", str(out), "00"]) == 2
    assert "already there" in capsys.readouterr().err
    assert main(["slides", str(out), "99"]) == 2
    assert "no lesson's file name starts with 99" in capsys.readouterr().err


# ---------------------------------------------------------------- the command


def test_the_command_writes_every_lesson_worked_and_every_plan(tmp_path, capsys):
    out = tmp_path / "teacher"
    assert main(["teacher", str(out)]) == 0
    assert "11 worked lessons and 11 plans written" in capsys.readouterr().out
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
    assert "11 worked lessons and 11 plans written" in printed[1]
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
    lesson = NOTEBOOKS / "00_first_search_problem_water_jugs.ipynb"
    notebook = nbformat.read(lesson, as_version=4)
    for cell in answer_cells(notebook):
        cell.source = re.sub(r"fewest_pours = \.\.\.", "fewest_pours = 1", cell.source)
        cell.source = re.sub(r"reachable_states = \.\.\.", "reachable_states = 468", cell.source)
    wrong = tmp_path / lesson.name
    nbformat.write(notebook, wrong)
    failed = not_passed(wrong)
    assert any(
        line.startswith("first_search_problem_water_jugs:halving-twelve: failed: Not yet")
        for line in failed
    )


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_the_teachers_edition_passes_every_exercise(path, edition):
    """Each worked lesson, graded by ``puzzlelab grade``: every exercise passed."""
    assert not_passed(edition / path.name) == []
