"""A plan for each lesson, by lesson slug, read from the lesson's notes: ``notes/*.md``.

A section of the lesson is named by its heading, never by a cell number; an exercise's code
is fenced as ``ipython``, which ``ruff format`` leaves alone.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from .cells import lesson_slug

__all__ = ["PLANS", "Part", "Plan", "Question"]

#: A line that starts a list item, however indented: its mark and its text.
ITEM = re.compile(r" *(- |\d+\. )(.*)")

#: A piece of Markdown: its kind ("#", "##", "code", "row", "-", "1." or "text") and its text.
Block = tuple[str, str]


@dataclass(frozen=True)
class Part:
    """A timed part of a lesson: its sections, what happens, its minutes, and in 50 (0: cut).

    >>> Part("1-4", "The puzzle as states and actions.", 10, 8).fifty
    8
    """

    sections: str
    what: str
    minutes: int
    fifty: int


@dataclass(frozen=True)
class Question:
    """A question to ask the class, the answer to draw out, and likely wrong answers.

    >>> Question("Why?", "Because.", ("Because not: it is.",)).wrong[0]
    'Because not: it is.'
    """

    ask: str
    answer: str
    wrong: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """One lesson's plan: *project* holds each section to show, by heading, and what to say.

    There is no example here; ``tests/test_teacher.py`` checks every plan.
    """

    goals: tuple[str, ...]
    minutes: int
    parts: tuple[Part, ...]
    fifty: str
    project: tuple[tuple[str, str], ...]
    questions: tuple[Question, ...]


def blocks(markdown: str) -> list[Block]:
    """Return the blocks of *markdown*, each item and paragraph on one line.

    >>> blocks("## Goals\\n\\n- one\\n  line\\n\\n```python\\n# no heading\\n```\\n| a | b |")
    [('##', 'Goals'), ('-', 'one line'), ('code', '# no heading'), ('row', '| a | b |')]
    """
    found: list[Block] = []
    lines = iter(markdown.splitlines())
    joins = False  # whether the line before is a paragraph's or an item's, which this one continues
    for line in lines:
        item = ITEM.fullmatch(line)
        if line.startswith("```"):
            found.append(("code", "\n".join(itertools.takewhile(lambda end: end != "```", lines))))
        elif line.startswith("#"):
            mark, _, heading = line.partition(" ")
            found.append((mark, heading))
        elif line.startswith("|"):
            found.append(("row", line))
        elif item:
            found.append(("-" if item.group(1) == "- " else "1.", item.group(2)))
        elif line.strip() and joins:
            kind, text = found[-1]
            found[-1] = (kind, f"{text} {line.strip()}")
        elif line.strip():
            found.append(("text", line))
        joins = bool(line.strip()) and found[-1][0] in ("-", "1.", "text")
    return found


@cache
def lesson_notes() -> dict[str, dict[str, list[Block]]]:
    """Return every lesson's notes, by lesson slug: each section's blocks, by its heading."""
    notes: dict[str, dict[str, list[Block]]] = {}
    for path in sorted(files(__package__).joinpath("notes").iterdir(), key=lambda path: path.name):
        if not path.name.endswith(".md"):
            continue
        sections, section = notes.setdefault(lesson_slug(path.name), {}), []
        for kind, text in blocks(path.read_text(encoding="utf-8")):
            if kind == "##":
                section = sections.setdefault(text, [])
            elif kind != "#":
                section.append((kind, text))
    return notes


def read_plan(sections: dict[str, list[Block]]) -> Plan:
    """Return the plan written in a lesson's notes (:func:`lesson_notes`)."""
    parts = tuple(Part(numbers, what, int(minutes), int(fifty))
                  for numbers, what, minutes, fifty in _rows(sections["Timing"]))  # fmt: skip
    return Plan(
        goals=tuple(text for _, text in sections["Goals"]),
        minutes=sum(part.minutes for part in parts),
        parts=parts,
        fifty=" ".join(text for _, text in sections["A 50-minute period"]),
        project=tuple((heading, show) for heading, show in _rows(sections["Cells to project"])),
        questions=_questions(sections["Questions to ask the class"]),
    )


def _rows(table: list[Block]) -> list[list[str]]:
    """The cells of each row of *table*, its header and the line below it left out."""
    rows = [text.strip("|").split("|") for kind, text in table if kind == "row"][2:]
    return [[cell.strip() for cell in row] for row in rows]


def _questions(items: list[Block]) -> tuple[Question, ...]:
    """The numbered questions, each followed by its answer and its likely wrong ones."""
    asked: list[tuple[str, list[str]]] = []
    for kind, text in items:
        if kind == "1.":
            asked.append((text.strip("*"), []))
        else:
            asked[-1][1].append(text.split(":* ", 1)[1])
    return tuple(Question(ask, answer, tuple(wrong)) for ask, (answer, *wrong) in asked)


#: Every lesson's plan, by lesson slug.
PLANS: dict[str, Plan] = {slug: read_plan(notes) for slug, notes in lesson_notes().items()}
