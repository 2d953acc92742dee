"""puzzlelab as a course installs it: the wheel, built offline, in a fresh environment.

The sdist and the wheel are built with setuptools' own build hooks (what ``python -m build``
calls, without its isolated environment, so no network is needed) from a copy of the sources,
so nothing in the clone changes. The wheel goes into a new virtual environment that borrows
the dependencies of the running one (a ``.pth`` line) but not its puzzlelab, and from there
``puzzlelab --version`` and ``puzzlelab lessons`` run as a student would run them.
"""

import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import puzzlelab
from puzzlelab.classroom.lessons import lesson_files

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "puzzlelab"]
SOURCES += ["notebooks"]  # MANIFEST.in must carry it into the sdist, or the wheel has no lessons
SOURCES += ["share"]  # and the lessons' Voila template, which voila.json names
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.egg-info", ".ipynb_checkpoints")


def project_source() -> str:
    """The repository's address: ``[project.urls] Source``, read as setup.py reads it."""
    return re.search(r'^Source = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)[1]


def run(*command, cwd, check=True):
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    if check:
        assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done


def build(hook: str, source: Path, out: Path) -> Path:
    """Call setuptools' PEP 517 *hook* in *source*; return the file it writes into *out*."""
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(out)!r}))"
    name = run(sys.executable, "-c", code, cwd=source).stdout.split()[-1]
    return out / name


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from the sdist, which is built from a copy of the sources."""
    import setuptools

    major = int(setuptools.__version__.split(".")[0])
    assert major >= 77, "the build needs setuptools>=77: pip install -e '.[test]' brings it"
    work = tmp_path_factory.mktemp("build")
    (work / "source").mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, work / "source" / name, ignore=NOT_SOURCES)
        else:
            shutil.copy(ROOT / name, work / "source" / name)
    sdist = build("build_sdist", work / "source", work / "dist")
    with tarfile.open(sdist) as archive:
        archive.extractall(work / "unpacked", filter="data")
    (unpacked,) = (work / "unpacked").iterdir()
    return build("build_wheel", unpacked, work / "dist")


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed; return its bin folder."""
    venv = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / "python"
    purelib = run(
        python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=venv
    )
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib.stdout.strip(), "borrowed.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index"]
    run(*pip, wheel, cwd=venv)
    return bin_dir


def test_the_wheel_carries_the_lessons_the_types_and_the_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    lessons = {f"puzzlelab/lessons/{name}" for name in lesson_files(NOTEBOOKS)}
    assert len(lessons) >= len(list(NOTEBOOKS.glob("*.ipynb"))) > 0
    assert lessons <= names, f"missing from the wheel: {sorted(lessons - names)}"
    shipped = {name for name in names if name.startswith("puzzlelab/lessons/")}
    assert shipped == lessons, f"not lessons: {sorted(shipped - lessons)}"
    assert {
        "puzzlelab/py.typed",
        "puzzlelab/data/korf100.csv",
        "puzzlelab/widgets/stepper.js",
        "puzzlelab/classroom/notes/00_first_search_problem_water_jugs.md",
    } <= names
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "puzzlelab").rglob("*.py")}
    assert modules <= names, f"modules missing from the wheel: {sorted(modules - names)}"


def test_the_wheel_says_its_version_and_its_readme_links_are_absolute(wheel):
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    headers, description = text.split("\n\n", 1)
    assert f"\nVersion: {puzzlelab.__version__}\n" in headers
    assert "Classifier: Typing :: Typed" in headers and "Project-URL: Source, https://" in headers
    assert description.startswith("# puzzlelab")
    targets = re.findall(r"\]\(([^)\s]+)\)", description)
    assert any("notebooks/00_" in target for target in targets)
    relative = [t for t in targets if not re.match(r"(https?://|mailto:|#)", t)]
    assert relative == [], "links that break on a package index"


def test_version_and_lessons_from_a_fresh_environment(installed, tmp_path):
    where = run(
        installed / "python", "-c", "import puzzlelab; print(puzzlelab.__file__)", cwd=tmp_path
    )
    assert Path(where.stdout.strip()).is_relative_to(installed.parent), "not the wheel's puzzlelab"
    template = installed.parent / "share/jupyter/voila/templates/puzzlelab/index.html.j2"
    assert template.is_file(), "voila.json names a template the wheel did not install"
    version = run(installed / "puzzlelab", "--version", cwd=tmp_path)
    assert version.stdout.strip() == f"puzzlelab {puzzlelab.__version__}"

    fetched = run(installed / "puzzlelab", "lessons", "my lessons", cwd=tmp_path)
    student = tmp_path / "my lessons"
    expected = lesson_files(NOTEBOOKS)
    assert sorted(p.relative_to(student) for p in student.rglob("*") if p.is_file()) == expected
    for name in expected:
        assert (student / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    assert f"{sum(n.suffix == '.ipynb' for n in expected)} lessons" in fetched.stdout

    # The student works on the first lesson and loses another; asking again keeps the work.
    first, lost = student / expected[0], student / expected[-1]
    first.write_text("my answers")
    lost.unlink()
    again = run(installed / "puzzlelab", "lessons", "my lessons", cwd=tmp_path, check=False)
    assert again.returncode == 2 and again.stdout == ""
    assert len(again.stderr.splitlines()) == 1 and "--force" in again.stderr
    assert first.read_text() == "my answers" and not lost.exists()
    run(installed / "puzzlelab", "lessons", "my lessons", "--only-missing", cwd=tmp_path)
    assert first.read_text() == "my answers"
    assert lost.read_bytes() == (NOTEBOOKS / lost.name).read_bytes()
    run(installed / "puzzlelab", "lessons", "my lessons", "--force", cwd=tmp_path)
    assert first.read_bytes() == (NOTEBOOKS / first.name).read_bytes()


def test_the_teachers_edition_from_a_fresh_environment(installed, tmp_path):
    """The wheel's puzzlelab writes every lesson worked, and a plan for each."""
    run(installed / "puzzlelab", "teacher", "key", cwd=tmp_path)
    lessons = sorted(name.name for name in NOTEBOOKS.glob("*.ipynb"))
    assert sorted(path.name for path in (tmp_path / "key").glob("*.ipynb")) == lessons
    assert len(list((tmp_path / "key" / "plans").glob("*.md"))) == len(lessons)
    for name in lessons:
        assert (tmp_path / "key" / name).read_bytes() != (NOTEBOOKS / name).read_bytes()


def test_every_module_the_lessons_import_is_in_the_wheel(installed, tmp_path):
    """What the lessons import resolves in the fresh environment, to the wheel's puzzlelab."""
    lessons = [NOTEBOOKS / name for name in lesson_files(NOTEBOOKS) if name.suffix == ".ipynb"]
    text = "\n".join(path.read_text() for path in lessons)
    modules = sorted(set(re.findall(r"(?:from|import) (puzzlelab[\w.]*)", text)))
    assert "puzzlelab.widgets" in modules
    code = f"import importlib\nfor name in {modules!r}:\n    print(importlib.import_module(name).__file__)"
    files = run(installed / "python", "-c", code, cwd=tmp_path).stdout.split()
    assert len(files) == len(modules)
    assert all(Path(f).is_relative_to(installed.parent) for f in files)


@pytest.mark.slow
def test_the_first_lesson_runs_from_the_fetched_copy_on_the_fresh_environment(installed, tmp_path):
    """A student's first lesson, fetched and run top to bottom by the wheel's puzzlelab."""
    run(installed / "puzzlelab", "lessons", "class", cwd=tmp_path)
    first = min((tmp_path / "class").glob("*.ipynb"))
    code = (
        "import sys, nbformat, nbclient\n"
        "lesson = nbformat.read(sys.argv[1], 4)\n"
        "lesson.cells.append(nbformat.v4.new_code_cell('import puzzlelab; print(puzzlelab.__file__)'))\n"
        "nbclient.NotebookClient(lesson, timeout=120, resources={'metadata': {'path': '.'}}).execute()\n"
        "print(lesson.cells[-1].outputs[0].text)"
    )
    ran = run(installed / "python", "-c", code, first.name, cwd=first.parent)
    assert Path(ran.stdout.split()[-1]).is_relative_to(installed.parent), "not the wheel's kernel"


def test_binder_pip_and_nbgitpuller_links_point_at_the_project_and_its_lessons():
    """The launch and hand-out links agree with pyproject.toml and the folders.

    They are in the README and in the documentation's pages for students and teachers.
    """
    pages = ["README.md", "docs/guide/install.md", "docs/guide/teachers.md"]
    source = project_source()
    readme = "\n".join((ROOT / page).read_text() for page in pages)
    binder = re.findall(
        r"https://mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/HEAD\?urlpath=([^)\s]+)", readme
    )
    assert binder, "no Binder launch link"
    for repository, urlpath in binder:
        assert f"https://github.com/{repository}" == source
        assert (ROOT / urlpath.removeprefix("lab/tree/")).is_dir()
    pulls = re.findall(r"https://HUB/hub/user-redirect/git-pull\?\S+", readme)
    assert pulls, "no nbgitpuller link"
    for link in pulls:
        query = {key: value for key, (value,) in parse_qs(urlsplit(link).query).items()}
        assert query["repo"] == source and query["branch"] == "main"
        clone, folder = query["urlpath"].removeprefix("lab/tree/").split("/", 1)
        assert clone == source.rsplit("/", 1)[1] and (ROOT / folder).is_dir()
    for address in re.findall(r"git\+(https://\S+?)[\"`]", readme):
        assert address == source


def test_environment_yml_pins_a_python_the_package_supports():
    pins = re.findall(r"^  - python=(3\.\d+)\b", (ROOT / "environment.yml").read_text(), re.M)
    assert len(pins) == 1, "repo2docker reads one exact python=3.X line"
    classifiers = (ROOT / "pyproject.toml").read_text()
    assert f'"Programming Language :: Python :: {pins[0]}"' in classifiers


def test_pre_commit_runs_ruff_and_nbstripout():
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    hooks = {hook["id"]: repo for repo in config["repos"] for hook in repo["hooks"]}
    assert {"ruff-check", "ruff-format", "nbstripout"} <= set(hooks)
    assert all(repo["rev"] for repo in hooks.values())


def package_modules() -> list[str]:
    """Every module of puzzlelab but ``__main__`` (importing that would run the command line)."""
    import pkgutil

    import puzzlelab

    found = pkgutil.walk_packages(puzzlelab.__path__, prefix="puzzlelab.")
    return ["puzzlelab"] + sorted(m.name for m in found if not m.name.endswith("__main__"))


def public_functions(module) -> list:
    """The functions, and the methods of the classes, that *module* offers its users.

    Those are the names of ``__all__`` where there is one, else the names without a leading
    underscore that the module defines itself; a class offers ``__init__`` (its own or one a
    dataclass wrote) and its methods and properties without a leading underscore.
    """
    import inspect

    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
        names = [n for n in names if getattr(vars(module)[n], "__module__", "") == module.__name__]
    found = []
    for obj in (getattr(module, name) for name in names):
        if inspect.isfunction(obj):
            found.append(obj)
        elif inspect.isclass(obj):
            members = [m for n, m in vars(obj).items() if n == "__init__" or n[0] != "_"]
            for member in members:
                for attribute in ("__func__", "fget", "func"):  # static, property, cached
                    member = getattr(member, attribute, member)
                if inspect.isfunction(member):
                    found.append(member)
    return found


def test_the_public_api_is_typed():
    """py.typed promises types: every public function and method of every module annotates
    what it takes and gives. (That each annotation names something real, and holds, is mypy's
    part: ``make lint`` runs it; some names are imported for the checker only.)"""
    import importlib
    import inspect

    functions = {
        f for name in package_modules() for f in public_functions(importlib.import_module(name))
    }
    assert len(functions) > 400
    untyped = []
    for function in (f for f in functions if f.__module__.startswith("puzzlelab")):
        hints = inspect.get_annotations(function)
        parameters = set(inspect.signature(function).parameters) - {"self", "cls"}
        gives = set() if function.__name__ == "__init__" else {"return"}  # as mypy allows
        if not parameters | gives <= set(hints):
            untyped.append(f"{function.__module__}.{function.__qualname__}")
    assert untyped == [], "these lack a type"


def public_names(module) -> list:
    """The functions and classes *module* offers: ``__all__``, else its own public names."""
    import inspect

    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
        names = [n for n in names if getattr(vars(module)[n], "__module__", "") == module.__name__]
    found = (getattr(module, name) for name in names)
    return [obj for obj in found if inspect.isfunction(obj) or inspect.isclass(obj)]


#: How a docstring says why it has no example, and which tests run the function instead.
NO_EXAMPLE = re.compile(r"no\s+example\s+here;\s+``(tests/test_\w+\.py)``")


def test_every_public_function_and_class_shows_an_example():
    """Like networkx's: each docstring has an example that runs (the doctests run them), or
    says in its Notes why it cannot (a whole notebook on a kernel) and which tests run it."""
    import importlib

    offered = {
        obj
        for name in package_modules()
        if not any(part.startswith("_") for part in name.split("."))
        for obj in public_names(importlib.import_module(name))
        if obj.__module__.startswith("puzzlelab")
    }
    assert len(offered) > 350
    without = []
    for obj in offered:
        doc = obj.__doc__ or ""
        excused = NO_EXAMPLE.search(doc)
        if ">>>" not in doc and not (excused and (ROOT / excused[1]).exists()):
            without.append(f"{obj.__module__}.{obj.__qualname__}")
    assert sorted(without) == [], "these show no example"


#: The API pages, each of one module (``index.md`` only links them).
API_PAGES = [page for page in sorted((ROOT / "docs" / "api").glob("*.md")) if page.stem != "index"]


@pytest.mark.parametrize("page", API_PAGES, ids=lambda page: page.stem)
def test_an_api_page_lists_every_function_and_class_its_module_offers(page):
    """The summary table at the top of each API page, as networkx's, names every public
    function and class of its module (the constants are in the reference below it)."""
    import importlib

    text = page.read_text(encoding="utf-8")
    current = re.search(r"currentmodule:: (\S+)", text)
    assert current is not None, f"{page.name} names no module"
    module = importlib.import_module(current[1])
    listed = set(re.findall(r"^   (\w+)$", text, re.M))
    offered = {name for name in module.__all__ if not name.isupper()}
    assert sorted(offered - listed) == [], f"{page.name} leaves these out of its table"
