"""A lesson's plan: the :class:`Plan` record, its timed :class:`Part` s and its :class:`Question` s.

A plan names the lesson's sections by their headings and numbers ("5-7" for the sections whose
headings start with 5., 6. and 7.; "Exercises" for the exercises), never by a cell: the cells
are counted from the lesson when the plan's page is written.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    """A timed part of a lesson: its *sections* ("1-4", "8", "Exercises"), what happens in it,
    its *minutes*, and its minutes in a 50-minute period (*fifty*; 0: cut).

    >>> Part("1-4", "The puzzle as states and actions.", 10, 8).fifty
    8
    """

    sections: str
    what: str
    minutes: int
    fifty: int


@dataclass(frozen=True)
class Question:
    """A question to ask the class, the answer to draw out, and the wrong answers students
    commonly give (each with why it is wrong).

    >>> Question("Why?", "Because.", ("Because not: it is.",)).wrong[0]
    'Because not: it is.'
    """

    ask: str
    answer: str
    wrong: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """One lesson's plan.

    *parts* time the lesson's sections, adding up to *minutes*; *fifty* says how the plan runs
    in a 50-minute period (each part's ``fifty`` minutes); *project* holds the sections to show
    on the projector, each as its heading (without ``#``) and what to show and say there.

    There is no example here; ``tests/test_teacher.py`` checks every plan.
    """

    goals: tuple[str, ...]
    minutes: int
    parts: tuple[Part, ...]
    fifty: str
    project: tuple[tuple[str, str], ...]
    questions: tuple[Question, ...]


def ask(question: str, answer: str, *wrong: str) -> Question:
    """A :class:`Question`, its wrong answers given one by one.

    >>> ask("Why?", "Because.", "Not so.", "Nor so.").wrong
    ('Not so.', 'Nor so.')
    """
    return Question(question, answer, wrong)
