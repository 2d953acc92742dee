"""One vocabulary: every command's --json says its status and reason in the same six words, and
what users read names the articles puzzlelab was built from in words they understand."""

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzlelab.results import STATUSES

OLD_WORDS = ("done", "impossible", "unsolved", "finished", "complete", "method", "moves", "nodes")

CASES = [
    (["solve", "1 2 3 / 4 5 6 / 0 7 8"], "solved"),
    (["solve", "1 2 3 / 4 5 6 / 8 7 0"], "unsolvable"),
    (["solve", "8 6 7 / 2 5 4 / 3 0 1", "-a", "bfs", "--max-nodes", "50"], "limit"),
]


def keys(data):
    """Every key of a JSON object, nested objects and lists of objects included."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from keys(value)


@pytest.mark.parametrize("argv, status", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_every_json_output_has_a_status_word_and_a_reason(argv, status):
    done = subprocess.run(
        [sys.executable, "-m", "puzzlelab", *argv, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == (0 if status == "solved" else 1), done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == status and answer["status"] in STATUSES
    assert isinstance(answer["reason"], str) and answer["reason"]
    assert not set(keys(answer)) & set(OLD_WORDS), sorted(set(keys(answer)) & set(OLD_WORDS))
    statuses = {value for key, value in _pairs(answer) if key == "status"}
    assert statuses <= set(STATUSES)


def _pairs(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, value
            yield from _pairs(value)
    elif isinstance(data, list):
        for value in data:
            yield from _pairs(value)


# ---------------------------------------------------------------- the articles' names

ROOT = Path(__file__).parent.parent

#: The makers' own labels for the source articles ("seed 004", "the seed's average"): never
#: in what users read, where an article is "the peg solitaire article" or its figure itself.
PRIVATE_LABEL = re.compile(r"\bseed \d{3}\b|\bseed 00|\bseeds?['’]", re.IGNORECASE)


def user_texts():
    """Yield ``(where, text)`` for the lessons' cells, README.md, the docs and every .py file users read."""
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for number, cell in enumerate(nbformat.read(path, as_version=4).cells):
            yield f"{path.name}, cell {number}", cell.source
    for name in ("README.md", "CHANGELOG.md", "CONTRIBUTING.md"):
        yield name, (ROOT / name).read_text("utf-8")
    for path in sorted((ROOT / "docs").rglob("*.md")):
        if not {"_build", "lessons"} & set(path.relative_to(ROOT / "docs").parts):
            yield str(path.relative_to(ROOT)), path.read_text("utf-8")
    yield "docs/conf.py", (ROOT / "docs" / "conf.py").read_text("utf-8")
    for folder in ("puzzlelab", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield str(path.relative_to(ROOT)), path.read_text("utf-8")


def test_there_are_user_texts():
    places = [where for where, _ in user_texts()]
    assert "README.md" in places and any(".ipynb" in where for where in places)
    assert "docs/guide/teachers.md" in places and "docs/lessons.md" in places
    assert "puzzlelab/puzzles/pegs.py" in places and "puzzlelab/cli/sliding.py" in places


def test_no_private_label_for_a_source_article_in_what_users_read():
    found = [
        f"{where}, line {number}: {line.strip()}"
        for where, text in user_texts()
        for number, line in enumerate(text.splitlines(), start=1)
        if PRIVATE_LABEL.search(line)
    ]
    assert not found, "\n".join(found)
