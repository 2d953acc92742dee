"""Two build steps that pyproject.toml cannot say: the lessons ship inside the wheel, and the
package index gets a README whose links work there.

- ``notebooks/`` stays the one place where lessons are edited. Building a wheel copies every
  file in it (lessons and anything they read; hidden files and checkpoints left out) into
  ``puzzlelab/lessons/``, where ``puzzlelab lessons DIR`` finds them after ``pip install``.
- README.md links to lessons and files by relative paths, which work in a clone and on the
  repository's web pages but not on a package index: the long description given to the
  index points them at the repository (``[project.urls] Source`` in pyproject.toml).
"""

import re
import shutil
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LESSONS = HERE / "notebooks"
SKIPPED = {".ipynb_checkpoints", "__pycache__"}


def lesson_files() -> list[Path]:
    """Every file of the lessons folder, relative to it, hidden ones left out.

    The same rule as ``puzzlelab.classroom.lessons.lesson_files``, which a clone uses.
    """
    files = (path.relative_to(LESSONS) for path in LESSONS.rglob("*") if path.is_file())
    return sorted(
        name for name in files if not any(p.startswith(".") or p in SKIPPED for p in name.parts)
    )


class BuildWithLessons(build_py):
    """build_py, then the lessons copied into ``puzzlelab/lessons/`` of the build."""

    def run(self):
        super().run()
        if self.editable_mode:  # an editable install reads notebooks/ where it is
            return
        target = Path(self.build_lib) / "puzzlelab" / "lessons"
        names = lesson_files()
        if not any(name.suffix == ".ipynb" for name in names):
            raise SystemExit(f"no lessons in {LESSONS}: a wheel without them is no use to a class")
        for name in names:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(LESSONS / name, target / name)


def index_readme() -> str:
    """README.md with every relative link made absolute, pointing into the repository.

    The repository is ``[project.urls] Source`` of ``pyproject.toml``.
    """
    with open(HERE / "pyproject.toml", "rb") as project:
        source = tomllib.load(project)["project"]["urls"]["Source"]
    files = source.rstrip("/") + "/blob/main/"
    text = (HERE / "README.md").read_text(encoding="utf-8")
    return re.sub(r"\]\((?![a-z][a-z0-9+.-]*:|#)([^)\s]+)\)", rf"]({files}\1)", text)


setup(
    cmdclass={"build_py": BuildWithLessons},
    long_description=index_readme(),
    long_description_content_type="text/markdown",
)
