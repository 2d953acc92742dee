"""The package's size and shape: the figures the issue "One house" set as targets.

Run: ``.venv/bin/python benchmarks/shape.py [REVISION]``. Without a revision it
measures the working tree; with one (``8c22bc2``, say) it measures that commit too,
taken from git into a temporary folder, and prints both side by side.

The figures:

- the package's lines, and its modules over :data:`LARGEST` lines; beside them the lines of
  prose the package ships as text (the teacher's notes, in Markdown), which count for as much;
- the A* a lesson calls (lesson 4: ``astar(puzzle, heuristic="manhattan")`` on an
  8-puzzle board): the package's files whose code runs during the call, and their
  lines of code (docstrings, comments and blank lines not counted);
- the puzzlelab modules the lessons import from;
- the import cycles: groups of modules that import each other, directly or in a ring,
  imports under ``TYPE_CHECKING`` and inside functions included.
"""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LARGEST = 600  # no module over this many lines

#: What lesson 4 runs: its A* with Manhattan distance on the board of its first figures.
LESSON_ASTAR = (
    "from puzzlelab.puzzles import SlidingPuzzle\n"
    "from puzzlelab.search import astar\n"
    "puzzle = SlidingPuzzle('8 6 7 / 2 5 4 / 3 0 1')\n"
)
LESSON_CALL = "astar(puzzle, heuristic='manhattan', max_nodes=2_000)"


def module_name(path: Path, root: Path) -> str:
    """``puzzlelab/search/engine.py`` -> ``puzzlelab.search.engine`` (a package: its folder)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, root: Path) -> set[str]:
    """The puzzlelab modules *path* imports, wherever the import stands in the file."""
    name = module_name(path, root)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    return {module for module in found if module.startswith("puzzlelab")}


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package in *root*, and the modules of the package it imports."""
    files = sorted((root / "puzzlelab").rglob("*.py"))
    modules = {module_name(path, root) for path in files}
    return {
        module_name(path, root): (imports_of(path, root) & modules) - {module_name(path, root)}
        for path in files
    }


def import_cycles(root: Path) -> list[list[str]]:
    """Groups of modules that reach each other through imports (each group sorted)."""
    import networkx as nx

    graph = nx.DiGraph()
    for module, targets in import_graph(root).items():
        graph.add_node(module)
        graph.add_edges_from((module, target) for target in targets)
    groups = [sorted(group) for group in nx.strongly_connected_components(graph)]
    return sorted(group for group in groups if len(group) > 1)


def code_lines(path: Path) -> int:
    """Lines of *path* that hold code: not blank, not a comment, not a docstring."""
    text = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings |= set(range(body[0].lineno, body[0].end_lineno + 1))
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.ENDMARKER):  # fmt: skip
            lines |= set(range(token.start[0], token.end[0] + 1))
    return len(lines - docstrings)


def lesson_astar_files(root: Path) -> list[str]:
    """The package's files whose code runs while lesson 4's A* runs (imports done before)."""
    probe = (
        "import json, sys\n" + LESSON_ASTAR + "seen = set()\n"
        "def watch(frame, event, arg):\n"
        "    seen.add(frame.f_code.co_filename)\n"
        "sys.setprofile(watch)\n"
        f"{LESSON_CALL}\n"
        "sys.setprofile(None)\n"
        "print(json.dumps(sorted(seen)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=root, env={"PYTHONPATH": str(root)}, check=True)  # fmt: skip
    package = (root / "puzzlelab").resolve()
    files = [Path(name).resolve() for name in json.loads(done.stdout)]
    return sorted(str(path.relative_to(root.resolve())) for path in files
                  if package in path.parents)  # fmt: skip


def lesson_modules(root: Path) -> set[str]:
    """The puzzlelab modules the lessons' code cells import from."""
    found = set()
    for notebook in sorted((root / "notebooks").glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            try:
                tree = ast.parse("".join(cell["source"]))
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("puzzlelab"):
                    found.add(node.module)
                elif isinstance(node, ast.Import):
                    found |= {a.name for a in node.names if a.name.startswith("puzzlelab")}
    return found


def shape(root: Path) -> dict[str, object]:
    """Every figure, for the tree at *root*."""
    sizes = {
        str(path.relative_to(root)): len(path.read_text(encoding="utf-8").splitlines())
        for path in (root / "puzzlelab").rglob("*.py")
    }
    astar_files = lesson_astar_files(root)
    prose = [path for path in (root / "puzzlelab").rglob("*") if path.suffix in (".md", ".txt")]
    return {
        "lines": sum(sizes.values()),
        "prose lines": sum(len(path.read_text(encoding="utf-8").splitlines()) for path in prose),
        "modules": len(sizes),
        "over": sorted(((n, f) for f, n in sizes.items() if n > LARGEST), reverse=True),
        "largest": max(sizes.values()),
        "astar files": len(astar_files),
        "astar code lines": sum(code_lines(root / name) for name in astar_files),
        "lesson modules": len(lesson_modules(root)),
        "cycles": import_cycles(root),
    }


def checkout(revision: str, folder: Path) -> Path:
    """The package and lessons of *revision*, taken from git into *folder*."""
    archive = subprocess.run(["git", "archive", revision, "puzzlelab", "notebooks"],
                             cwd=ROOT, capture_output=True, check=True).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def main() -> None:
    columns = {"now": shape(ROOT)}
    if len(sys.argv) > 1:
        with tempfile.TemporaryDirectory() as folder:
            columns[sys.argv[1]] = shape(checkout(sys.argv[1], Path(folder)))
    names = list(columns)
    print("| figure | target | " + " | ".join(names) + " |")
    print("|---|---|" + "---:|" * len(names))
    rows = [
        ("package lines", "<= 22,000", lambda s: f"{s['lines']:,} in {s['modules']} modules"),
        ("beside them, prose (the teacher's notes)", "", lambda s: f"{s['prose lines']:,}"),
        (f"modules over {LARGEST} lines", "0",
         lambda s: f"{len(s['over'])} (largest {s['largest']:,})"),
        ("files lesson 4's A* runs code in", "<= 7", lambda s: str(s["astar files"])),
        ("their lines of code", "<= 900", lambda s: f"{s['astar code lines']:,}"),
        ("modules the lessons import from", "<= 8", lambda s: str(s["lesson modules"])),
        ("import cycles", "0", lambda s: str(len(s["cycles"]))),
    ]  # fmt: skip
    for label, target, show in rows:
        print(f"| {label} | {target} | " + " | ".join(show(columns[n]) for n in names) + " |")
    now = columns["now"]
    if now["over"]:
        print("\nover " + str(LARGEST) + ": " + ", ".join(f"{f} ({n})" for n, f in now["over"]))
    for group in now["cycles"]:
        print("cycle: " + " <-> ".join(group))


if __name__ == "__main__":
    main()
