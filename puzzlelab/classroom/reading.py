"""What the grader reads in a notebook's own text, before any of it runs.

The kernel runs the student's code and could say anything about it, so the grader does not
take the kernel's word for how an answer was made. It reads the cells itself, with :mod:`ast`
(nothing is run), and looks for code that can reach past the exercises into the machinery
that judges them: modules that see other threads, frames or the interpreter's insides, names
built at run time (``exec``, ``getattr(x, name)``), the insides of objects (``__class__``,
``f_globals``), writing into a module, puzzlelab's private modules, shell commands. A lesson
needs none of these, so an answer that uses them is not counted until a teacher reads it.
Cells left as the lesson wrote them are not read.
"""

from __future__ import annotations

import ast
import functools
import importlib
import json
import pkgutil
from collections.abc import Iterable

from .cells import cell_source
from .lessons import lesson_files, lessons_folder

#: Modules a lesson's cells may import; their submodules too.
MODULES = frozenset(
    "abc array bisect cmath collections copy dataclasses datetime decimal enum fractions "
    "functools heapq inspect itertools json math numbers operator pprint queue random re "
    "statistics string sys textwrap time timeit typing IPython.display ipywidgets matplotlib "
    "networkx numpy simpleai tqdm".split()
)

#: puzzlelab's front doors: the modules a lesson imports from (their public names only).
FRONT_DOORS = frozenset(
    "puzzlelab puzzlelab.search puzzlelab.puzzles puzzlelab.exercises puzzlelab.widgets "
    "puzzlelab.drawing puzzlelab.analysis puzzlelab.solvers puzzlelab.simpleai_problems".split()
)

#: Front doors whose modules a lesson may import too (``from puzzlelab.puzzles import pegs``):
#: they hold rules and solvers, none of the machinery that checks an answer.
OPEN_FOLDERS = ("puzzlelab.puzzles", "puzzlelab.solvers", "puzzlelab.search", "puzzlelab.drawing")

#: Built-in functions that run code or find names built at run time.
BUILTINS = frozenset(
    "exec eval compile __import__ globals locals vars setattr delattr breakpoint open "
    "get_ipython __builtins__".split()
)

#: Attributes that lead into objects, frames, modules and the interpreter.
INSIDES = frozenset(
    "__class__ __dict__ __globals__ __code__ __closure__ __subclasses__ __builtins__ __mro__ "
    "__bases__ __base__ __defaults__ __kwdefaults__ __func__ __self__ __wrapped__ "
    "__getattribute__ __setattr__ __delattr__ __reduce__ __reduce_ex__ __loader__ __spec__ "
    "__traceback__ __module__ f_back f_globals f_locals f_builtins f_code tb_frame tb_next "
    "gi_frame cr_frame ag_frame modules settrace setprofile _getframe meta_path path_hooks "
    "addaudithook _current_frames currentframe stack trace getouterframes getinnerframes "
    "getmembers getattr_static".split()
)

#: Methods a student's class may not define: they change how the grader sees its objects.
HOOKS = frozenset(
    "__getattr__ __getattribute__ __setattr__ __instancecheck__ __subclasscheck__ "
    "__init_subclass__ __class_getitem__ __del__ __reduce__ __reduce_ex__ __set_name__ "
    "__class__ __dict__".split()
)

#: IPython's line and cell magics a lesson may use (any other may run a shell or a file).
MAGICS = frozenset("time timeit matplotlib capture".split())


def reaches_grader(sources: Iterable[str]) -> str:
    """Return where the first of *sources* (a notebook's cells, in order, ``""`` for a text
    cell) reaches past the exercises, as ``"cell N line L does what"``; ``""`` if none does.

    A cell that is exactly one of the lessons' own cells is not judged (its imports are still
    noted). The cells are parsed, never run.

    >>> reaches_grader(["from puzzlelab.search import bfs\\nanswer = bfs"])
    ''
    >>> reaches_grader(["import threading"])
    'cell 1 imports threading'
    >>> reaches_grader(["import math", "x = getattr(math, 'p' + 'i')"])
    'cell 2 line 1 names an attribute by a string it builds (getattr)'
    >>> reaches_grader(["import puzzlelab", "p = puzzlelab.exercises", "p.report = print"])
    'cell 3 line 1 changes a module (p.report)'
    """
    lessons = _lesson_cells()
    modules: dict[str, str] = {}  # a name bound to a module, or to what it holds: its path
    for number, source in enumerate(sources, start=1):
        tree, found = _parse(source)
        if tree is not None:
            _note_modules(tree, modules)
        if source.strip() in lessons:
            continue
        for node in ast.walk(tree) if tree is not None else ():
            found = found or _read_node(node, modules)
        if found:
            return f"cell {number} {found}"
    return ""


def _parse(source: str) -> tuple[ast.Module | None, str]:
    """*source* parsed (None if it is not Python), and the shell command or magic it runs."""
    lines = []
    for number, line in enumerate(source.splitlines(), start=1):
        word = line.strip()
        if word.startswith("!"):
            return None, f"line {number} runs a shell command"
        if word.startswith("%"):
            if word.lstrip("%").split(" ")[0] not in MAGICS:
                return None, f"line {number} uses the magic {word.split(' ')[0]}"
            line = ""  # a timing magic: the rest of the cell is Python
        lines.append(line)
    try:
        return ast.parse("\n".join(lines)), ""
    except SyntaxError:
        return None, ""  # the cell cannot run: it reaches nothing


def _note_modules(tree: ast.Module, modules: dict[str, str]) -> None:
    """Note in *modules* the names *tree* binds to a module or to something of one."""
    for _ in range(2):  # an alias of an alias
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    name = alias.asname or alias.name.split(".")[0]
                    modules[name] = alias.name if alias.asname else name
            elif isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Assign) and _path(node.value, modules):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        modules[target.id] = _path(node.value, modules)


def _path(node: ast.expr, modules: dict[str, str]) -> str:
    """The dotted path of ``a.b.c`` when ``a`` is bound to a module or something of one."""
    attributes = []
    while isinstance(node, ast.Attribute):
        attributes.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in modules:
        return ""
    return ".".join([modules[node.id], *reversed(attributes)])


def _read_node(node: ast.AST, modules: dict[str, str]) -> str:
    """What *node* does that reaches past the exercises, or ``""``."""
    where = f"line {getattr(node, 'lineno', 0)}"
    if isinstance(node, ast.Import):
        for alias in node.names:
            if not _may_import(alias.name):
                return f"imports {alias.name}"
    elif isinstance(node, ast.ImportFrom):
        if node.level or not _may_import(node.module or ""):
            return f"imports from {'.' * node.level}{node.module or ''}"
        for alias in node.names:
            if not _public(node.module or "", alias.name):
                return f"imports {alias.name} from {node.module}, which lessons do not use"
    elif isinstance(node, ast.Name) and node.id in BUILTINS:
        return f"{where} uses {node.id}"
    elif isinstance(node, ast.Attribute):
        if node.attr in INSIDES:
            return f"{where} reaches into {node.attr}"
        path = _path(node, modules)
        if path and isinstance(node.ctx, (ast.Store, ast.Del)):
            return f"{where} changes a module ({ast.unparse(node)})"
        private = _private_module(path)
        if private:
            return f"{where} reaches puzzlelab's {private}, which lessons do not use"
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in HOOKS:
        return f"{where} defines {node.name}"
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in ("getattr", "hasattr") and not (
            len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
        ):
            return f"{where} names an attribute by a string it builds ({node.func.id})"
    return ""


def _may_import(module: str) -> bool:
    """Whether a lesson's cell may import *module*."""
    if module.startswith("puzzlelab"):
        return module in FRONT_DOORS or module.startswith(tuple(f + "." for f in OPEN_FOLDERS))
    return any(module == name or module.startswith(name + ".") for name in MODULES)


def _public(module: str, name: str) -> bool:
    """Whether *name* is one a lesson may import from *module* (a front door's public names)."""
    if not module.startswith("puzzlelab"):
        return True
    if name.startswith("_"):
        return False
    if module in OPEN_FOLDERS or module not in FRONT_DOORS:
        return True
    found = importlib.import_module(module)  # the grader's own copy, never the student's
    return name in getattr(found, "__all__", ())


def _private_module(path: str) -> str:
    """The first of puzzlelab's modules along *path* that a lesson may not import, or ``""``."""
    parts = path.split(".")
    for end in range(2, len(parts) + 1):
        module = ".".join(parts[:end])
        if module in _package_modules() and not _may_import(module):
            return module
    return ""


@functools.cache
def _package_modules() -> frozenset[str]:
    """Every module of puzzlelab (the grader's own), by its dotted name."""
    package = importlib.import_module("puzzlelab")
    found = pkgutil.walk_packages(package.__path__, "puzzlelab.")
    return frozenset(module.name for module in found)


@functools.cache
def _lesson_cells() -> frozenset[str]:
    """The code cells of every installed lesson, stripped: a cell left as it was is not read."""
    folder = lessons_folder()
    cells = set()
    for name in lesson_files(folder):
        if name.suffix == ".ipynb" and len(name.parts) == 1:
            notebook = json.loads(folder.joinpath(name.name).read_text(encoding="utf-8"))
            cells |= {
                cell_source(cell).strip()
                for cell in notebook.get("cells", [])
                if cell.get("cell_type") == "code"
            }
    return frozenset(cells)
