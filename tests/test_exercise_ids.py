"""Every exercise of every lesson carries a stable id, so a grade survives edits to the lesson.

An answer cell (a code cell that assigns ``answer_L_N``) carries
``{"puzzlelab": {"exercise": "<lesson>:<exercise>"}}`` in its metadata: the lesson is the
notebook's file name without its number, the exercise a short kebab-case name.
``puzzlelab grade`` finds each exercise's check call by this id (tests/test_grade.py).
"""

import re
from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom.cells import exercise_id, lesson_exercises, lesson_slug

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
ANSWER = re.compile(r"^(?:def\s+)?answer_(\d+)_(\d+)\b", re.MULTILINE)
CHECK_CALL = re.compile(r"^check_\w+\(.*\);?\s*$", re.MULTILINE)
EXERCISE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def code_cells(path):
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_every_answer_cell_has_an_id_of_its_lesson(path):
    number = int(path.name.split("_")[0])
    answers = [cell for cell in code_cells(path) if ANSWER.search(cell.source)]
    assert answers, f"{path.name} has no answer cell"
    for cell in answers:
        lesson, exercise = ANSWER.search(cell.source).groups()
        assert int(lesson) == number, f"{path.name}: answer_{lesson}_{exercise} is misnumbered"
        name = exercise_id(cell)
        assert name, f"{path.name}: the cell of answer_{lesson}_{exercise} has no exercise id"
        slug, _, short = name.partition(":")
        assert slug == lesson_slug(path.name), f"{path.name}: {name} names another lesson"
        assert EXERCISE.fullmatch(short), f"{path.name}: {name!r} is not lesson:kebab-case"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_every_cell_with_an_id_answers_and_calls_a_check(path):
    for cell in code_cells(path):
        if exercise_id(cell):
            assert ANSWER.search(cell.source), f"{exercise_id(cell)} assigns no answer_L_N"
            assert CHECK_CALL.search(cell.source), f"{exercise_id(cell)} calls no check"


def test_ids_are_unique_across_the_lessons():
    ids = [exercise_id(cell) for path in NOTEBOOKS for cell in code_cells(path)]
    ids = [name for name in ids if name]
    assert len(ids) == len(set(ids)), sorted(name for name in ids if ids.count(name) > 1)
    assert len(ids) >= 3 * len(NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_the_grader_finds_each_exercise_and_its_check_from_puzzlelab(path):
    exercises = lesson_exercises(nbformat.read(path, as_version=4))
    tagged = [exercise_id(cell) for cell in code_cells(path) if exercise_id(cell)]
    assert list(exercises) == tagged
    for exercise in exercises.values():
        assert exercise.call.startswith("check_") and "answer_" in exercise.call
        assert all(module.startswith("puzzlelab.exercises") for module in exercise.checks.values())


def test_a_tagged_cell_without_a_check_is_refused():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("answer_0_1 = 3")]
    notebook.cells[0].metadata["puzzlelab"] = {"exercise": "lesson:one"}
    with pytest.raises(ValueError, match="exercise lesson:one calls no check"):
        lesson_exercises(notebook)
    notebook.cells[0].source = "answer_0_1 = 3\ncheck_it(answer_0_1);"
    with pytest.raises(ValueError, match="not imported from puzzlelab"):
        lesson_exercises(notebook)
