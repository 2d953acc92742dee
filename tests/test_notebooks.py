"""The lessons are stored clean: valid nbformat v4, no outputs, no execution counts.

Running them top to bottom (normally and as on a slower machine) is done by
``test_lessons_run.py``; these tests only look at the stored files.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_lessons():
    assert NOTEBOOKS, "no notebooks found in notebooks/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_valid_nbformat_v4(path):
    notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    assert notebook.nbformat == 4
    nbformat.validate(notebook)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_stored_without_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {number} of {path.name} has outputs"
            assert cell.execution_count is None, f"cell {number} of {path.name} has a count"
    assert "widgets" not in notebook.metadata, f"{path.name} stores widget state"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_nbstripout_would_change_nothing(path):
    tool = Path(sys.executable).with_name("nbstripout")
    if not tool.exists():
        pytest.fail(f"nbstripout is not installed next to {sys.executable}")
    done = subprocess.run([str(tool), "--verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, f"run nbstripout on {path.name}: {done.stdout}{done.stderr}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_starts_with_a_title_and_a_question(path):
    notebook = nbformat.read(path, as_version=4)
    first = notebook.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# "), path.name
    assert "?" in first.source, f"{path.name} should open with its question"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_uses_public_names_only(path):
    notebook = nbformat.read(path, as_version=4)
    private = re.compile(r"\bpuzzlelab(\.\w+)*\._\w+|from puzzlelab[\w.]* import .*\b_\w+")
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            assert not private.search(cell.source), f"cell {number} of {path.name}: private name"


#: The package's front doors: the only puzzlelab modules a lesson imports from.
FRONT_DOORS = {
    f"puzzlelab.{room}"
    for room in (
        "puzzles",
        "search",
        "solvers",
        "analysis",
        "simpleai_problems",
        "drawing",
        "widgets",
        "exercises",
    )
}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_imports_puzzlelab_through_its_front_doors_only(path):
    notebook = nbformat.read(path, as_version=4)
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                if module.split(".")[0] == "puzzlelab":
                    assert module in FRONT_DOORS, f"cell {number} of {path.name}: {module}"


#: Drawing functions that return a figure of their own (not drawn on pyplot's): a notebook
#: shows it only as the cell's value, so a trailing ";" hides it.
RETURNS_A_FIGURE = ("draw_path", "draw_solution")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_no_figure_is_hidden_by_a_semicolon(path):
    """Lesson 0's strip of pours promised a picture and showed nothing: `draw_path(...);`."""
    notebook = nbformat.read(path, as_version=4)
    for number, cell in enumerate(notebook.cells):
        last = cell.source.strip().splitlines()[-1:] if cell.cell_type == "code" else []
        for line in last:
            hides = line.endswith(";") and line.lstrip().startswith(RETURNS_A_FIGURE)
            assert not hides, f"cell {number} of {path.name} hides its figure: {line}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_formulas_need_no_mathjax(path):
    """A lesson page works offline, where MathJax (loaded from the network) is not there: TeX
    between dollars would stay raw, so formulas are written in text and HTML."""
    notebook = nbformat.read(path, as_version=4)
    tex = re.compile(r"\$[^$\n]+\$|\\\(|\\\[")
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            found = tex.search(cell.source)
            assert not found, f"cell {number} of {path.name} has TeX: {found.group(0)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_pictures_are_sharp_from_the_first_cell(path):
    notebook = nbformat.read(path, as_version=4)
    first = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert re.search(r"^lesson_style\(", first.source, re.M), f"{path.name}: call lesson_style()"
