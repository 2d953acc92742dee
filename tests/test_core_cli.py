"""The command line, the package's import weight, and the two environment files."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab import SlidingPuzzle

tomllib = pytest.importorskip("tomllib", reason="tomllib needs Python 3.11+")

ROOT = Path(__file__).resolve().parents[1]
HARDEST_START = "8 6 7 / 2 5 4 / 3 0 1"  # one of the 8-puzzle's two 31-move boards


def puzzlelab(*args):
    return subprocess.run(
        [sys.executable, "-m", "puzzlelab", *args], cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def test_solve_json_has_the_fields_and_a_legal_path():
    run = puzzlelab("solve", HARDEST_START, "--algorithm", "bidirectional", "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    for field in ("cost", "actions", "path", "expanded", "generated", "seconds"):
        assert field in answer
    assert answer["cost"] == 31 and answer["generated"] < 20_000
    puzzle = SlidingPuzzle(HARDEST_START)
    states = [tuple(s) for s in answer["path"]]
    assert states[0] == puzzle.start and states[-1] == puzzle.goal
    for before, action, after in zip(states, answer["actions"], states[1:]):
        assert puzzle.result(before, action) == after


@pytest.mark.parametrize(
    "options",
    [["-a", "astar", "--heuristic", "misplaced"], ["-a", "astar", "--heuristic", "linear-conflict"],
     ["-a", "idastar"], ["-a", "astar", "--weight", "2"], ["-a", "greedy"]],
)  # fmt: skip
def test_solve_text_output_names_moves_and_counts(options):
    run = puzzlelab("solve", "1 2 3 / 4 0 6 / 7 5 8", *options)
    assert run.returncode == 0, run.stderr
    assert "solved in 2 moves" in run.stdout and "tiles slid:  5 8" in run.stdout


def test_goal_option_and_the_classroom_notebooks_board():
    run = puzzlelab("solve", "3 1 5 / 0 7 4 / 6 8 2", "--goal", "0 1 2 / 3 4 5 / 6 7 8", "--json")
    assert json.loads(run.stdout)["cost"] == 13


def test_no_solution_exits_1_with_the_reason():
    unsolvable = puzzlelab("solve", "1 2 3 / 4 5 6 / 8 7 0")
    assert unsolvable.returncode == 1 and "unsolvable" in unsolvable.stdout
    limited = puzzlelab("solve", HARDEST_START, "-a", "bfs", "--max-nodes", "10")
    assert limited.returncode == 1 and "limit" in limited.stdout
    as_json = json.loads(puzzlelab("solve", "1 2 3 / 4 5 6 / 8 7 0", "--json").stdout)
    assert as_json["status"] == "unsolvable"


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "1 2 3 / 4 5 6 / 7 8"],
        ["solve", "1 2 3 / 4 5 6 / 7 8 x"],
        ["solve", HARDEST_START, "-a", "sideways"],
        ["solve", HARDEST_START, "--max-nodes", "0"],
        ["solve", HARDEST_START, "--max-seconds", "-1"],
        ["solve", HARDEST_START, "-a", "bfs", "--weight", "2"],
        ["solve", HARDEST_START, "--goal", "1 2 / 3 0"],
        ["solve", HARDEST_START, "--shape", "3y3"],
        ["fly"],
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args):
    run = puzzlelab(*args)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "Traceback" not in run.stderr + run.stdout


def loaded_by(code: str, picked: str) -> list[str]:
    """The modules a fresh Python has loaded after running *code*, those that *picked* (a
    condition on the module's name ``m``) keeps."""
    script = f"import sys\n{code}\nprint(sorted(m for m in sys.modules if {picked}))"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return ast.literal_eval(run.stdout)


def test_import_and_command_line_stay_light():
    heavy = "('matplotlib', 'ipywidgets', 'anywidget', 'IPython', 'networkx', 'jupyter_client', 'notebook')"
    code = "import puzzlelab, puzzlelab.cli, puzzlelab.search, puzzlelab.analysis.distances"
    assert loaded_by(code, f"m.split('.')[0] in {heavy}") == []


def test_the_command_line_starts_without_the_classroom_or_numpy():
    """``puzzlelab --help`` and ``solve`` start quickly: the grader's modules load when it runs."""
    picked = (
        "m.split('.')[0] == 'numpy' or m.startswith(('puzzlelab.classroom', 'puzzlelab.exercises'))"
    )
    assert loaded_by("import puzzlelab.cli\npuzzlelab.cli.build_parser()", picked) == []


def test_the_search_engine_loads_no_numpy_and_no_puzzle_tables():
    """The engine knows no puzzle: importing it loads neither numpy nor matplotlib."""
    picked = "m.split('.')[0] in ('numpy', 'matplotlib') or m.startswith('puzzlelab.solvers')"
    assert loaded_by("import puzzlelab.search", picked) == []


# ---------------------------------------------------------------- environment files


def name_of(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement.strip(), maxsplit=1)[0].lower()


def environment_yml():
    """Read environment.yml's simple layout: dependencies, with a nested pip: list."""
    conda, pip, channels, section = [], [], [], None
    for line in (ROOT / "environment.yml").read_text().splitlines():
        stripped = line.split("#")[0].rstrip()
        if not stripped.strip():
            continue
        if not line.startswith(" "):
            section = stripped.rstrip(":")
            continue
        item = stripped.strip()
        if item == "- pip:":
            section = "pip"
        elif item.startswith("- ") and section == "channels":
            channels.append(item[2:])
        elif item.startswith("- ") and section == "pip":
            pip.append(item[2:])
        elif item.startswith("- ") and section == "dependencies":
            conda.append(item[2:])
    return conda, pip, channels


def test_environment_yml_and_pyproject_list_the_same_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {name_of(r) for r in project["dependencies"]}
    lab = {name_of(r) for r in project["optional-dependencies"]["lab"]}
    conda, pip, channels = environment_yml()
    listed = {name_of(r) for r in conda + pip if not r.startswith("-e")}
    assert channels == ["conda-forge"]
    assert "-e ." in pip
    assert runtime | lab <= listed, f"missing from environment.yml: {(runtime | lab) - listed}"
    assert listed - {"python", "pip"} <= runtime | lab, "environment.yml lists extra packages"
    # Binder gets the oldest Python puzzlelab supports, the one CI runs
    (python,) = [r for r in conda if name_of(r) == "python"]
    assert project["requires-python"] == ">=" + python.removeprefix("python=")


def test_ci_and_readme_use_the_two_commands():
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lab:", makefile, re.M) and re.search(r"^test:", makefile, re.M)


def test_a_reader_that_stops_early_gets_no_traceback():
    # `python -m puzzlelab ... | head -1`: the pipe is closed before puzzlelab writes.
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlelab", "solve", HARDEST_START, "-a", "bfs"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 1
    assert errors == b""
