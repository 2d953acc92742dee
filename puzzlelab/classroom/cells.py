"""What a lesson notebook's cells say: their source, the exercise each answers, the lesson's name.

An *answer cell*'s metadata names its exercise, ``{"puzzlelab": {"exercise": "<lesson>:<id>"}}``;
nothing here trusts a student's metadata's shape.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ..errors import PuzzleError
from .lessons import lesson_notebooks

#: The key of puzzlelab's own entries in a cell's or a notebook's metadata.
KEY = "puzzlelab"


def lesson_slug(name: str) -> str:
    """Return the lesson a notebook file is about: its name without number and ``.ipynb``.

    There is no example here; ``tests/test_exercise_ids.py`` runs it.
    """
    return re.sub(r"^\d+_", "", PurePosixPath(name.replace("\\", "/")).stem)


def cell_source(cell: Mapping[str, Any]) -> str:
    """Return a cell's source as one string.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def exercise_id(cell: Mapping[str, Any]) -> str | None:
    """Return the exercise id an answer cell names, or ``None`` for any other cell.

    There is no example here; ``tests/test_exercise_ids.py`` runs it.
    """
    metadata = cell.get("metadata")
    tag = metadata.get(KEY) if isinstance(metadata, Mapping) else None
    name = tag.get("exercise") if isinstance(tag, Mapping) else None
    return name if cell.get("cell_type") == "code" and isinstance(name, str) else None


def exercise_ids(notebook: Mapping[str, Any]) -> list[str]:
    """Return the exercise ids of *notebook*'s answer cells, in the order of the lesson.

    There is no example here; ``tests/test_teacher.py`` runs it.
    """
    return [name for name in map(exercise_id, notebook["cells"]) if name]


@dataclass(frozen=True)
class Exercise:
    """An exercise: its id, check call, each check's module, the lesson's code of other names.

    There is no example here; ``tests/test_grade.py`` runs it.
    """

    id: str
    call: str
    checks: dict[str, str] = field(hash=False)
    given: dict[str, str] = field(default_factory=dict, hash=False)


def lesson_exercises(notebook: dict) -> dict[str, Exercise]:
    """Return a lesson's exercises, by id; each one's call is its cell's last ``check_...(...)``.

    There is no example here; ``tests/test_exercise_ids.py`` runs it.
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
    sources = {
        alias.asname or alias.name: f"from {node.module} import {ast.unparse(alias)}"
        for tree in trees
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("puzzlelab")
        for alias in node.names
    }
    made = {
        target.id: ast.unparse(node)
        for tree in trees
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    exercises = {}
    for cell, tree in zip(cells, trees):
        name = exercise_id(cell)
        if name is None:
            continue
        calls = [
            node.value
            for node in tree.body
            if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", "").startswith("check_")
        ]
        if not calls:
            raise PuzzleError(f"exercise {name} calls no check_...() in its cell")
        called = {node.id for node in ast.walk(calls[-1]) if isinstance(node, ast.Name)}
        wanted = [check for check in called if check.startswith("check_")]
        if any(check not in imported for check in wanted):
            raise PuzzleError(f"exercise {name}: its check is not imported from puzzlelab")
        checks = {check: imported[check] for check in wanted}
        given = {
            each: _given(made[each], sources)
            for each in called - set(wanted)
            if not each.startswith("answer_") and each in made
        }
        exercises[name] = Exercise(name, ast.unparse(calls[-1]), checks, given)
    return exercises


def _given(assignment: str, sources: dict[str, str]) -> str:
    """*assignment*, after the lesson's imports from puzzlelab of the names it uses."""
    used = {node.id for node in ast.walk(ast.parse(assignment)) if isinstance(node, ast.Name)}
    return "\n".join([*(sources[name] for name in sorted(used) if name in sources), assignment])


def trusted_lessons() -> dict[str, dict[str, Exercise]]:
    """Return every installed lesson's exercises, by slug: grading trusts these, not a copy.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    return {lesson_slug(name): lesson_exercises(book) for name, book in lesson_notebooks().items()}
