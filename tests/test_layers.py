"""The layering of the package, checked by import-linter against the contracts in pyproject.toml."""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))


def lint_imports(folder: Path) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "PYTHONPATH": str(folder),
    }  # the package in *folder*, not the installed one
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache"],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_every_import_contract_is_kept():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "4 kept, 0 broken" in done.stdout


def test_the_contracts_catch_a_puzzle_that_imports_the_engine(tmp_path):
    """A contract that cannot break proves nothing: break one in a copy and watch it fail."""
    shutil.copytree(ROOT / "puzzlelab", tmp_path / "puzzlelab")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    model = tmp_path / "puzzlelab" / "puzzles" / "sliding.py"
    model.write_text(model.read_text() + "\nfrom ..search import bfs  # noqa: E402, F401\n")
    done = lint_imports(tmp_path)
    assert done.returncode != 0
    assert "puzzlelab.puzzles.sliding -> puzzlelab.search" in done.stdout


def test_no_import_cycles():
    """No modules that import each other, directly or in a ring: benchmarks/shape.py's figure."""
    spec = importlib.util.spec_from_file_location("shape", ROOT / "benchmarks" / "shape.py")
    assert spec is not None and spec.loader is not None
    shape = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shape)
    assert shape.import_cycles(ROOT) == []
