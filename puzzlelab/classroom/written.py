"""Where an answer comes from, as the notebook's text says: judged in the grader, never run.

The grader compiles the cells of a notebook (it never runs them here) and follows an answer's
name to what last binds it: a function or a class written in the notebook, or something of
puzzlelab's, imported or made from what was imported. From that it says, in its own process,
whether the answer is puzzlelab's own work or the lesson's own code, the same words the
self-check's :mod:`~..exercises.own_work` says. The kernel is still asked what no text shows
(what a function calls once it runs, the tables it reads): it may add to the grader's finding,
never take it away.

>>> written = Written(["from puzzlelab.puzzles import SlidingPuzzle",
...                    "eight = SlidingPuzzle('1 2 3 / 4 5 6 / 7 8 0')",
...                    "def h(state):\\n    return eight.manhattan(state)",
...                    "answer_4_1 = h"])
>>> written.judge(written.named("answer_4_1"), "borrowed", [(1, 2, 3, 4, 5, 6, 7, 8, 0)])
"calls puzzlelab's SlidingPuzzle.manhattan"
>>> written.judge(written.named("eight"), "borrowed")
"is puzzlelab's own SlidingPuzzle"
"""

from __future__ import annotations

import ast
import importlib
import math
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..exercises.lesson_code import FEWEST_OPERATIONS, _codes, fingerprint, lesson_functions
from ..exercises.own_work import borrowed, is_puzzlelab_code, lesson_code
from .reading import parse_cell

#: The rooms whose objects the grader may import to see what an answer is: no widgets, no
#: pictures (the grader loads neither).
ROOMS = ("puzzlelab.search", "puzzlelab.puzzles", "puzzlelab.solvers", "puzzlelab.analysis",
         "puzzlelab.simpleai_problems", "puzzlelab.exercises")  # fmt: skip

#: How many of the notebook's functions deep the grader follows an answer's calls.
DEPTH = 4

#: How many steps (a name, an attribute, an item, a call) the grader follows an expression.
STEPS = 12


class Written:
    """What a notebook's code cells bind at their top level, each name to its bindings in the
    order they run: a name in a function's code is its last, a name in a top-level statement
    the one before that statement.

    A name bound in a way the grader does not follow (a loop's variable, a tuple unpacked) is
    bound to nothing known, and is judged by the kernel alone.

    >>> written = Written(["from puzzlelab.search import dfs", "answer = dfs"])
    >>> written.judge(written.named("answer"), "borrowed")
    "is puzzlelab's own dfs"
    """

    def __init__(self, sources: Iterable[str]) -> None:
        self.bound: dict[str, list[Binding]] = {}
        self.codes: dict[ast.AST, types.CodeType] = {}  # each definition's compiled code
        self.bindings = 0  # how many the notebook made so far
        for number, source in enumerate(sources, start=1):
            tree = parse_cell(source)
            if tree is None:
                continue
            try:
                code = compile(tree, f"<cell {number}>", "exec")
            except (SyntaxError, ValueError):
                continue
            self._note(tree, code)

    def _note(self, tree: ast.Module, code: types.CodeType) -> None:
        places: dict[tuple[str, int], list[types.CodeType]] = {}
        for inner in _codes(code):
            places.setdefault((inner.co_name, inner.co_firstlineno), []).append(inner)
        for node in ast.walk(tree):  # each definition's compiled code, when it is clear which
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
                name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
                if len(places.get((name, first), [])) == 1:
                    self.codes[node] = places[name, first][0]
        for statement in _top_level(tree.body):
            self._bind(statement)
        for node in ast.walk(tree):  # a function may bind a name of the notebook's when it runs
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                for name in node.names:
                    self._set(name, None)

    def _bind(self, statement: ast.stmt) -> None:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._set(statement.name, None if statement.decorator_list else statement)
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                self._set((alias.asname or alias.name).split(".")[0], statement)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for name in _stored(target):
                    self._set(name, statement.value if isinstance(target, ast.Name) else None)
        else:
            for name in _stored(statement):
                self._set(name, None)

    def _set(self, name: str, node: ast.AST | None) -> None:
        self.bound.setdefault(name, []).append(Binding(self.bindings, node))
        self.bindings += 1

    def _binding(self, name: str, before: float) -> Binding | None:
        """*name*'s last binding before the binding number *before* (``inf``: its last)."""
        earlier = [each for each in self.bound.get(name, []) if each.order < before]
        return earlier[-1] if earlier else None

    # ------------------------------------------------------------ what a name or a node is

    def named(self, name: str) -> object:
        """What *name* was last bound to: a function, lambda or class written in the notebook
        (its node), an object of puzzlelab's, :class:`Made` for an object a puzzlelab class
        made, or None when the text does not say."""
        return self._value(ast.Name(name), STEPS, math.inf)

    def member(self, seen: object, name: str) -> object:
        """What ``seen.name`` is, for what :meth:`named` found (a class's own method)."""
        if isinstance(seen, ast.ClassDef):
            methods = [item for item in seen.body if isinstance(item, ast.FunctionDef)]
            return next((item for item in methods if item.name == name and item in self.codes),
                        None)  # fmt: skip
        return _attribute(seen, name)

    def _value(self, node: ast.AST | None, depth: int, before: float) -> object:
        """What *node* evaluates to, its names read as they were bound before binding number
        *before*; None if the text does not say."""
        if node is None or depth <= 0:
            return None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return node if node in self.codes else None
        if isinstance(node, ast.Name):
            binding = self._binding(node.id, before)
            if binding is None or isinstance(binding.node, (ast.Import, ast.ImportFrom)):
                return binding and _imported(binding.node, node.id)  # type: ignore[arg-type]
            return self._value(binding.node, depth - 1, binding.order)
        if isinstance(node, ast.Attribute):
            return self.member(self._value(node.value, depth - 1, before), node.attr)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            return _item(self._value(node.value, depth - 1, before), node.slice.value)
        if isinstance(node, ast.Call):
            made = self._value(node.func, depth - 1, before)
            return Made(made) if isinstance(made, type) and _is_puzzlelab(made) else None
        return None

    # ------------------------------------------------------------ the judgements

    def judge(self, seen: object, what: str, *args: Any, **named: Any) -> Any:
        """The grader's own answer to :mod:`~..exercises.own_work`'s *what* (``borrowed``,
        ``lesson_code`` or ``names_used``) about *seen* (what :meth:`named` found): ``""``
        or an empty set when the text shows nothing; None for a question it leaves to the
        kernel."""
        if what == "borrowed":  # own_work asks ("borrowed", probes, allowed)
            probes, allowed = args[0] if args else (), args[1] if len(args) > 1 else None
            return self._borrowed(seen, bool(probes), allowed)
        if what == "lesson_code":
            return self._lesson_code(seen, bool(named.get("calls", args[0] if args else False)))
        if what == "names_used":
            code = self.codes.get(seen) if isinstance(seen, ast.AST) else None
            if code is None or isinstance(seen, ast.ClassDef):
                return set()
            return {name for inner in _codes(code) for name in inner.co_names}
        return None

    def _borrowed(self, seen: object, called: bool, allowed: Allowed) -> str:
        """What own_work's :func:`~..exercises.own_work.borrowed` says, from the text: the
        calls are followed only if the answer is *called* (as the check calls it)."""
        if isinstance(seen, Made):
            return _verdict("is puzzlelab's own", _class_origin(seen.klass), allowed)
        if not isinstance(seen, ast.AST):
            return borrowed(seen, (), allowed) if seen is not None else ""
        shown = self._lesson_code(seen, calls=False)
        if shown:
            return shown
        if isinstance(seen, ast.ClassDef):
            for base in seen.bases:  # as they were when the class was made
                found = self._value(base, STEPS, self._order_of(seen))
                if isinstance(found, type) and _is_puzzlelab(found):
                    verdict = _verdict("inherits from puzzlelab's", _class_origin(found), allowed)
                    if verdict:
                        return verdict
        for origin in self._calls(seen, DEPTH, set()) if called else ():
            verdict = _verdict("calls puzzlelab's", origin, allowed)
            if verdict:
                return verdict
        return ""

    def _calls(self, seen: ast.AST, depth: int, visited: set[ast.AST]) -> Iterator[Origin]:
        """The puzzlelab functions the code of *seen* calls, in the order they end, and those
        that the notebook's functions it calls call, *depth* levels down."""
        if depth <= 0 or seen in visited:
            return
        visited.add(seen)
        local = _locals(seen)
        body = seen.body if isinstance(seen.body, list) else [seen.body]  # type: ignore[attr-defined]
        calls = [node for part in body for node in ast.walk(part) if isinstance(node, ast.Call)]
        for call in sorted(calls, key=lambda node: (node.end_lineno, node.end_col_offset)):
            if _root(call.func) in local:
                continue
            called = self._value(call.func, STEPS, math.inf)  # looked up when it runs
            if isinstance(called, ast.AST):
                yield from self._calls(called, depth - 1, visited)
            elif called is not None:
                origin = _call_origin(called)
                if origin is not None:
                    yield origin

    def _lesson_code(self, seen: object, calls: bool) -> str:
        if seen is None or isinstance(seen, Made):
            return ""
        if not isinstance(seen, ast.AST):
            return lesson_code(seen, calls)
        shown = self._shown(seen)
        if shown:
            return f"is the lesson's own `{shown[0]}` (lesson {shown[1]})"
        if calls:
            for name in _names_read(self.codes[seen]):
                found = self._value(ast.Name(name), STEPS, math.inf)
                shown = self._shown(found) if isinstance(found, ast.AST) else None
                if shown:
                    return f"calls the lesson's `{shown[0]}` (lesson {shown[1]})"
        return ""

    def _order_of(self, node: ast.AST) -> float:
        """The binding number of the definition *node* (``inf`` if it binds no name)."""
        orders = [each.order for bindings in self.bound.values() for each in bindings
                  if each.node is node]  # fmt: skip
        return orders[0] if orders else math.inf

    def _shown(self, node: ast.AST) -> tuple[str, int] | None:
        """The lesson's ``(name, number)`` whose code *node*'s is (a class: all its methods)."""
        code, known = self.codes[node], lesson_functions()
        if not isinstance(node, ast.ClassDef):
            return known.get(fingerprint(code))
        methods = [inner for inner in code.co_consts if isinstance(inner, types.CodeType)]
        long = [method for method in methods if len(fingerprint(method)) >= FEWEST_OPERATIONS]
        shown = [known.get(fingerprint(method)) for method in long]
        if long and all(shown):
            return node.name, shown[0][1]  # type: ignore[index]
        return None


class Binding(NamedTuple):
    """A name's binding: its number in the order the notebook runs them, and the node whose
    value it takes (a definition, an import, an expression; None if not known)."""

    order: int
    node: ast.AST | None


@dataclass(frozen=True)
class Made:
    """An object a puzzlelab class makes (``SlidingPuzzle('...')``), known by its class only.

    There is no example here; ``tests/test_grade_written.py`` runs it.
    """

    klass: type


#: ``allowed(module, name)``: what an exercise lets an answer use.
Allowed = Callable[[str, str], bool] | None

#: ``(module, qualified name)`` of a puzzlelab function or class.
Origin = tuple[str, str]


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements a cell runs at its top level, those in its ``if``, ``try`` and ``with``
    blocks included (a loop's body is not: what it binds last is not known)."""
    for statement in body:
        if isinstance(statement, ast.If):
            yield from _top_level(statement.body + statement.orelse)
        elif isinstance(statement, ast.Try):
            handled = [inner for handler in statement.handlers for inner in handler.body]
            yield from _top_level(statement.body + handled + statement.orelse + statement.finalbody)
        elif isinstance(statement, ast.With):
            for item in statement.items:  # ``with ... as name``: bound to what is not known
                if item.optional_vars is not None:
                    yield ast.Assign([item.optional_vars], ast.Constant(None))
            yield from _top_level(statement.body)
        else:
            yield statement


def _stored(node: ast.AST) -> list[str]:
    """The names *node* stores into, anywhere in it but inside a function or a class."""
    found, todo = [], [node]
    while todo:
        item = todo.pop()
        if isinstance(item, ast.Name) and isinstance(item.ctx, ast.Store):
            found.append(item.id)
        elif not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                   ast.Lambda)) or item is node:  # fmt: skip
            todo.extend(ast.iter_child_nodes(item))
    return found


def _locals(node: ast.AST) -> set[str]:
    """Every name *node*'s code (or the code inside it) takes as an argument or stores: each
    may hide a name of the notebook's, so a call through it is not followed."""
    found = set()
    for item in ast.walk(node):
        if isinstance(item, ast.arg):
            found.add(item.arg)
        elif isinstance(item, ast.Name) and not isinstance(item.ctx, ast.Load):
            found.add(item.id)
        elif isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(item.name)
    return found


def _root(node: ast.expr) -> str:
    """The name a chain of attributes starts from (``a`` for ``a.b.c``), or ``""``."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _names_read(code: types.CodeType) -> list[str]:
    return sorted({name for inner in _codes(code) for name in inner.co_names})


def _imported(statement: ast.Import | ast.ImportFrom, name: str) -> object:
    """What *statement* binds *name* to, imported here if it is from a room of puzzlelab's
    the grader may load (None otherwise)."""
    for alias in statement.names:
        if (alias.asname or alias.name).split(".")[0] != name:
            continue
        if isinstance(statement, ast.Import):
            module = alias.name if alias.asname else name
            return _module(module)
        if statement.level:
            return None
        module = statement.module or ""
        return _attribute(_module(module), alias.name) or _module(f"{module}.{alias.name}")
    return None


def _module(name: str) -> types.ModuleType | None:
    if "._" in name or (name != "puzzlelab" and not name.startswith(ROOMS)):
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _attribute(base: object, name: str) -> object:
    """``base.name`` for an object of puzzlelab's (on a class, for what it made)."""
    if isinstance(base, Made):
        base = base.klass
    if base is None or isinstance(base, ast.AST) or name.startswith("__"):
        return None
    if isinstance(base, types.ModuleType):
        found = getattr(base, name, None)
        return found if not isinstance(found, types.ModuleType) else _module(found.__name__)
    if not _is_puzzlelab(base if isinstance(base, type) else type(base)):
        return None
    try:
        return getattr(base, name, None)
    except Exception:  # a property of the class itself: nothing to follow
        return None


def _item(base: object, key: object) -> object:
    """``base[key]`` for a plain container puzzlelab holds (a table of strategies)."""
    if isinstance(base, (dict, list, tuple)):
        try:
            return base[key]  # type: ignore[call-overload]
        except (LookupError, TypeError):
            return None
    return None


def _is_puzzlelab(klass: type) -> bool:
    return any(k.__module__.startswith("puzzlelab.") for k in klass.__mro__)


def _class_origin(klass: type) -> Origin:
    first = next(k for k in klass.__mro__ if k.__module__.startswith("puzzlelab."))
    return first.__module__, first.__qualname__


def _call_origin(called: object) -> Origin | None:
    """The puzzlelab code a call of *called* runs first (a class: its ``__init__``)."""
    if isinstance(called, type):
        called = getattr(called, "__init__", None) if _is_puzzlelab(called) else None
    code = getattr(called, "__code__", None)
    if not isinstance(code, types.CodeType) or not is_puzzlelab_code(code):
        return None
    return getattr(called, "__module__", "") or "puzzlelab", code.co_qualname


def _verdict(words: str, origin: Origin, allowed: Allowed) -> str:
    if allowed is not None and allowed(*origin):
        return ""
    return f"{words} {origin[1]}"
