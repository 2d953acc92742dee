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

import re
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

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
