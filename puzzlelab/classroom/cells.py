"""What a lesson notebook's cells say: their source, the exercise each answers, the lesson's name.

A notebook here is plain data, the dict ``json.load`` (or nbformat) reads from an ``.ipynb``
file. An *answer cell* is a code cell whose metadata names its exercise,
``{"puzzlelab": {"exercise": "<lesson>:<exercise>"}}``: the id that ``puzzlelab grade`` and
the teacher's edition both go by, so a grade survives edits to the lesson's text. A
student's copy may hold any metadata at all, so nothing here trusts its shape.

Examples
--------
>>> answer = {"cell_type": "code", "source": ["answer_8_2 = 4\\n", "check_codes_left(answer_8_2)"],
...           "metadata": {"puzzlelab": {"exercise": "mastermind:codes-left"}}}
>>> lesson_slug("08_mastermind.ipynb"), exercise_id(answer)
('mastermind', 'mastermind:codes-left')
>>> cell_source(answer)
'answer_8_2 = 4\\ncheck_codes_left(answer_8_2)'
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ..errors import PuzzleError
from .lessons import lesson_files, lessons_folder

#: The key of puzzlelab's own entries in a cell's or a notebook's metadata.
KEY = "puzzlelab"


def lesson_slug(name: str) -> str:
    """Return the lesson a notebook file is about: its name without the number and ``.ipynb``.

    Parameters
    ----------
    name : str
        A notebook's file name, or its path.

    Returns
    -------
    str
        The lesson's slug, as exercise ids, the teacher's plans and ``puzzlelab grade``
        name the lesson.

    Examples
    --------
    >>> lesson_slug("00_first_search_problem_water_jugs.ipynb")
    'first_search_problem_water_jugs'
    >>> lesson_slug("class/alice/06_pattern_databases.ipynb")
    'pattern_databases'
    """
    return re.sub(r"^\d+_", "", PurePosixPath(name.replace("\\", "/")).stem)


def cell_source(cell: Mapping[str, Any]) -> str:
    """Return a cell's source as one string (a notebook file may store it as a list of lines).

    Parameters
    ----------
    cell : dict
        A notebook cell as its JSON reads.

    Returns
    -------
    str
        The cell's source; ``""`` if it has none.

    Examples
    --------
    >>> cell_source({"source": ["answer_6_1 = ...\\n", "check_table_entries(answer_6_1);"]})
    'answer_6_1 = ...\\ncheck_table_entries(answer_6_1);'
    >>> cell_source({"source": "bfs(puzzle)"}), cell_source({})
    ('bfs(puzzle)', '')
    """
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def exercise_id(cell: Mapping[str, Any]) -> str | None:
    """Return the exercise id an answer cell names, or ``None`` for any other cell.

    Parameters
    ----------
    cell : dict
        A notebook cell as its JSON reads.

    Returns
    -------
    str or None
        The id in a code cell's metadata, ``"<lesson>:<exercise>"``; ``None`` for a cell
        that is no code cell, or whose metadata names no exercise as text.

    Examples
    --------
    >>> answer = {"cell_type": "code", "source": "",
    ...           "metadata": {"puzzlelab": {"exercise": "mastermind:codes-left"}}}
    >>> exercise_id(answer), exercise_id({"cell_type": "markdown", "source": "# 1. The game"})
    ('mastermind:codes-left', None)
    >>> exercise_id({"cell_type": "code", "metadata": {"puzzlelab": ["not", "a", "dict"]}}) is None
    True
    """
    metadata = cell.get("metadata")
    tag = metadata.get(KEY) if isinstance(metadata, Mapping) else None
    name = tag.get("exercise") if isinstance(tag, Mapping) else None
    return name if cell.get("cell_type") == "code" and isinstance(name, str) else None


def exercise_ids(notebook: Mapping[str, Any]) -> list[str]:
    """Return the exercise ids of *notebook*'s answer cells, in the order of the lesson.

    Parameters
    ----------
    notebook : dict
        A lesson as ``json.load`` reads it.

    Returns
    -------
    list of str
        One id per answer cell (:func:`exercise_id`).

    Examples
    --------
    >>> def answer(name):
    ...     metadata = {"puzzlelab": {"exercise": name}}
    ...     return {"cell_type": "code", "source": "", "metadata": metadata}
    >>> title = {"cell_type": "markdown", "source": "# Lesson 8", "metadata": {}}
    >>> exercise_ids({"cells": [title, answer("mastermind:bulls-and-cows"),
    ...                         answer("mastermind:codes-left")]})
    ['mastermind:bulls-and-cows', 'mastermind:codes-left']
    """
    return [name for name in map(exercise_id, notebook["cells"]) if name]


@dataclass(frozen=True)
class Exercise:
    """An exercise of a lesson: its id, the check call that grades it and where its checks live.

    Attributes
    ----------
    id : str
        The exercise id, ``"<lesson>:<exercise>"``, as its answer cell's metadata names it.
    call : str
        The check call that grades it, as the lesson writes it.
    checks : dict of str to str
        Each check the call names, and the module it is imported from.

    Examples
    --------
    >>> exercises = trusted_lessons()["first_search_problem_water_jugs"]
    >>> exercise = exercises["first_search_problem_water_jugs:measurable"]
    >>> exercise.call
    'check_measurable(*answer_0_3)'
    >>> exercise.checks
    {'check_measurable': 'puzzlelab.exercises'}
    """

    id: str
    call: str
    checks: dict[str, str] = field(hash=False)


def lesson_exercises(notebook: dict) -> dict[str, Exercise]:
    """Return a lesson's exercises, by id, in the order of the lesson.

    Parameters
    ----------
    notebook : dict
        A lesson as read from its JSON. An exercise's call is the last ``check_...(...)``
        expression of its answer cell.

    Returns
    -------
    dict of str to Exercise
        Every exercise the lesson's answer cells name.

    Raises
    ------
    PuzzleError
        If an exercise's cell calls no check, or a check it calls is not imported from
        ``puzzlelab.exercises`` anywhere in the lesson.

    Examples
    --------
    >>> imports = {"cell_type": "code", "metadata": {},
    ...            "source": "from puzzlelab.exercises.jugs import check_measurable"}
    >>> answer = {"cell_type": "code", "metadata": {"puzzlelab": {"exercise": "jugs:measurable"}},
    ...           "source": "answer_0_3 = (6, 9, 4)\\ncheck_measurable(*answer_0_3)"}
    >>> exercises = lesson_exercises({"cells": [imports, answer]})
    >>> list(exercises), exercises["jugs:measurable"].call
    (['jugs:measurable'], 'check_measurable(*answer_0_3)')
    >>> lesson_exercises({"cells": [answer]})
    Traceback (most recent call last):
    ...
    puzzlelab.errors.PuzzleError: exercise jugs:measurable: its check is not imported from puzzlelab
    """
    cells = [cell for cell in notebook["cells"] if cell.get("cell_type") == "code"]
    trees = [ast.parse(cell_source(cell)) for cell in cells]
    imported = {
        alias.asname or alias.name: node.module
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("puzzlelab.exer")
        for alias in node.names
    }
    exercises = {}
    for cell, tree in zip(cells, trees):
        name = exercise_id(cell)
        if name is None:
            continue
        calls = [
            node.value
            for node in tree.body
            if isinstance(node, ast.Expr) and _is_check_call(node.value)
        ]
        if not calls:
            raise PuzzleError(f"exercise {name} calls no check_...() in its cell")
        called = {node.id for node in ast.walk(calls[-1]) if isinstance(node, ast.Name)}
        wanted = [check for check in called if check.startswith("check_")]
        if any(check not in imported for check in wanted):
            raise PuzzleError(f"exercise {name}: its check is not imported from puzzlelab")
        checks = {check: imported[check] for check in wanted}
        exercises[name] = Exercise(name, ast.unparse(calls[-1]), checks)
    return exercises


def _is_check_call(node: ast.expr) -> bool:
    """Whether *node* calls a function named ``check_...``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id.startswith("check_")
    )


def trusted_lessons() -> dict[str, dict[str, Exercise]]:
    """Return every installed lesson's exercises, by lesson slug.

    These are what ``puzzlelab grade`` trusts: the exercises and check calls of the lessons
    in :func:`~puzzlelab.classroom.lessons.lessons_folder`, never those of a student's copy.

    Returns
    -------
    dict of str to dict of str to Exercise
        For each lesson, in the order of the lessons, :func:`lesson_exercises`.

    Raises
    ------
    PuzzleError
        If this installation has no lessons, or a lesson's exercise calls no check.

    Examples
    --------
    >>> lessons = trusted_lessons()
    >>> list(lessons)[:2]
    ['first_search_problem_water_jugs', 'state_spaces_and_bfs']
    >>> list(lessons["mastermind"])
    ['mastermind:bulls-and-cows', 'mastermind:codes-left', 'mastermind:strategy']
    """
    folder = lessons_folder()
    lessons = {}
    for name in lesson_files(folder):
        if name.suffix == ".ipynb" and len(name.parts) == 1:
            notebook = json.loads(folder.joinpath(name.name).read_text(encoding="utf-8"))
            lessons[lesson_slug(name.name)] = lesson_exercises(notebook)
    return lessons
