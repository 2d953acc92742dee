"""What the grader reads in a notebook's own text, with :mod:`ast`, before any of it runs: code
that can reach past the exercises into the machinery that judges them."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable
from pathlib import Path

from .cells import cell_source
from .lessons import lesson_notebooks

#: The grader's own puzzlelab folder, read (never imported from) for its modules' names.
PACKAGE = Path(__file__).resolve().parents[1]

#: Modules a lesson's cells may import; their submodules too.
MODULES = frozenset(
    "__future__ abc array bisect cmath collections copy dataclasses datetime decimal enum "
    "fractions functools heapq inspect itertools json math numbers operator pprint queue "
    "random re statistics string sys textwrap time timeit typing IPython.display ipywidgets "
    "matplotlib networkx numpy simpleai tqdm".split()
)

#: puzzlelab's front doors: the modules a lesson imports from (their public names only).
FRONT_DOORS = frozenset(
    "puzzlelab puzzlelab.search puzzlelab.puzzles puzzlelab.exercises puzzlelab.widgets "
    "puzzlelab.drawing puzzlelab.analysis puzzlelab.solvers puzzlelab.simpleai_problems".split()
)

#: Front doors whose modules a lesson may import too: none holds what checks an answer.
OPEN_FOLDERS = ("puzzlelab.puzzles", "puzzlelab.solvers", "puzzlelab.search", "puzzlelab.drawing")
INSIDE_OPEN = tuple(f"{folder}." for folder in OPEN_FOLDERS)

#: Built-in functions that run code or find names built at run time.
BUILTINS = frozenset(
    "exec eval compile __import__ globals locals vars setattr delattr breakpoint open "
    "__builtins__".split()
)

#: Attributes that lead into objects, frames, modules and the interpreter.
INSIDES = frozenset(
    "__class__ __dict__ __globals__ __code__ __closure__ __subclasses__ __builtins__ __mro__ "
    "__bases__ __base__ __defaults__ __kwdefaults__ __func__ __self__ __wrapped__ "
    "__getattribute__ __setattr__ __delattr__ __reduce__ __reduce_ex__ __loader__ __spec__ "
    "__traceback__ __module__ f_back f_globals f_locals f_builtins f_code tb_frame tb_next "
    "gi_frame cr_frame ag_frame modules settrace setprofile _getframe meta_path path_hooks "
    "addaudithook _current_frames currentframe stack trace getouterframes getinnerframes "
    "getmembers getattr_static getmodule getclosurevars ctypes ctypeslib gettrace "
    "getprofile".split()
)

#: Modules no lesson imports, flagged when reached through one it does (``inspect.os``).
HELD_MODULES = frozenset(
    "os posix nt threading _thread subprocess socket shutil signal gc importlib builtins io "
    "pathlib multiprocessing concurrent tempfile glob pickle marshal mmap select asyncio urllib "
    "http weakref atexit runpy code codeop pty fcntl resource faulthandler linecache pkgutil "
    "site sysconfig zipimport".split()
)

#: What reads or writes files outside ``open``: numpy's and matplotlib's readers and writers.
FILE_FUNCTIONS = frozenset(
    "fromfile tofile load save savez savez_compressed savetxt loadtxt genfromtxt memmap "
    "fromregex DataSource imread open_memmap".split()
)

#: Methods a student's class may not define: they change how the grader sees its objects.
HOOKS = frozenset(
    "__getattr__ __getattribute__ __setattr__ __instancecheck__ __subclasscheck__ "
    "__init_subclass__ __class_getitem__ __del__ __reduce__ __reduce_ex__ __set_name__ "
    "__class__ __dict__".split()
)

#: IPython's magics a lesson may use (any other may run a shell or a file).
MAGICS = frozenset("time timeit matplotlib capture pinfo pinfo2".split())


def reaches_grader(sources: Iterable[str]) -> str:
    """Return where the first of *sources* (the cells, ``""`` for a text cell) reaches past the
    exercises, as ``"cell N line L does what"``; ``""`` if none does. A lesson's cell is not judged.

    >>> reaches_grader(["from puzzlelab.search import bfs\\nanswer = bfs"])
    ''
    >>> reaches_grader(["import threading"])
    'cell 1 imports threading'
    >>> reaches_grader(["import math", "x = getattr(math, 'p' + 'i')"])
    'cell 2 line 1 names an attribute by a string it builds (getattr)'
    >>> reaches_grader(["from puzzlelab.puzzles import pegs", "p = pegs", "p.moves = print"])
    'cell 3 line 1 changes a module (p.moves)'
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


def as_python(source: str) -> ast.Module | None:
    """*source* as the Python IPython runs, or None if it is not Python.

    >>> ast.unparse(as_python("%time x = 1"))
    "get_ipython().run_line_magic('time', 'x = 1')"
    """
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return ast.parse(TransformerManager().transform_cell(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _parse(source: str) -> tuple[ast.Module | None, str]:
    """*source* as Python (or None), and the shell command or magic it runs, if any."""
    tree = as_python(source)
    if tree is None:
        return None, ""  # the cell cannot run: it reaches nothing
    allowed = set()  # the get_ipython() of the magics allowed
    for node in list(ast.walk(tree)):
        if isinstance(node, ast.Name) and node.id == "get_ipython" and id(node) not in allowed:
            return None, f"line {node.lineno} uses get_ipython"
        called = ipython_call(node)
        if called is None:
            continue
        method, words = called
        line = f"line {getattr(node, 'lineno', 0)}"
        if method in ("getoutput", "system"):
            return None, f"{line} runs a shell command"
        magic, *code = words
        if method not in ("run_line_magic", "run_cell_magic") or magic not in MAGICS:
            return None, f"{line} uses the magic %{magic}"
        inner, found = _parse(magic_code(node))
        if found or inner is None:
            return None, found
        tree.body.extend(inner.body)
        allowed.add(id(node.func.value.func))  # type: ignore[attr-defined]
    return tree, ""


def magic_code(node: ast.AST) -> str:
    """The code the magic *node* runs (``x = 1`` for ``%timeit -n1 x = 1``), or ``""``.

    >>> magic_code(as_python("%timeit -n1 x = 1").body[0].value)
    'x = 1'
    """
    called = ipython_call(node)
    if called is None or called[0] not in ("run_line_magic", "run_cell_magic"):
        return ""
    code = called[1][-1] if len(called[1]) > 1 else ""
    if called[0] == "run_line_magic":  # %timeit -n1 -r1 CODE: the options first
        code = re.sub(r"^(\s*-\w+(\s+\d+)?)*\s*", "", code)
    return code


def ipython_call(node: ast.AST) -> tuple[str, list[str]] | None:
    """The method and plain strings of a ``get_ipython()`` call, as IPython writes a magic.

    >>> ipython_call(as_python("%time x = 1").body[0].value)
    ('run_line_magic', ['time', 'x = 1'])
    """
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    owner = node.func.value
    if not (isinstance(owner, ast.Call) and getattr(owner.func, "id", "") == "get_ipython"):
        return None
    words = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
    if len(words) != len(node.args) or not all(isinstance(word, str) for word in words):
        return node.func.attr, ["?"]
    return node.func.attr, [str(word) for word in words] or ["?"]


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
            if alias.name.split(".")[0] == "puzzlelab" and not alias.name.startswith(INSIDE_OPEN):
                return (
                    f"imports the module {alias.name} itself, where lessons import names "
                    f"from it (from {alias.name} import ...)"
                )
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
        if path and node.attr in HELD_MODULES:
            return f"{where} reaches the module {node.attr} through {ast.unparse(node.value)}"
        if node.attr in FILE_FUNCTIONS and (node.attr == "tofile" or path):
            return f"{where} reads or writes a file ({ast.unparse(node)})"
        if path and isinstance(node.ctx, (ast.Store, ast.Del)):
            return f"{where} changes a module ({ast.unparse(node)})"
        private = _private_module(path)
        if private:
            return f"{where} reaches puzzlelab's {private}, which lessons do not use"
        if path and node.attr.startswith("_"):
            return f"{where} reaches a private name ({ast.unparse(node)})"
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in HOOKS:
        return f"{where} defines {node.name}"
    elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr":
        if not (len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
            return f"{where} names an attribute by a string it builds (getattr)"
    return ""


def _may_import(module: str) -> bool:
    """Whether a lesson's cell may import *module*."""
    if module.startswith("puzzlelab"):
        return module in FRONT_DOORS or module.startswith(INSIDE_OPEN)
    return any(module == name or module.startswith(name + ".") for name in MODULES)


def _public(module: str, name: str) -> bool:
    """Whether a lesson may import *name* from *module*."""
    if not module.startswith("puzzlelab"):
        return True
    if name.startswith("_"):
        return False
    if module in OPEN_FOLDERS or module not in FRONT_DOORS:
        return True
    return name in _public_names(module)


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
    """Every module of puzzlelab by its dotted name, read from its folder (none imported)."""
    names = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return frozenset(names)


@functools.cache
def _public_names(module: str) -> frozenset[str]:
    """The names a front door's ``__all__`` lists, read from its file."""
    init = PACKAGE.parent.joinpath(*module.split("."), "__init__.py")
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            getattr(target, "id", "") == "__all__" for target in node.targets
        ):
            return frozenset(ast.literal_eval(node.value))
    return frozenset()


@functools.cache
def _lesson_cells() -> frozenset[str]:
    """The code cells of every installed lesson, stripped."""
    return frozenset(
        cell_source(cell).strip()
        for notebook in lesson_notebooks().values()
        for cell in notebook.get("cells", [])
        if cell.get("cell_type") == "code"
    )
