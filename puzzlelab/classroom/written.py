"""Where an answer comes from, as the notebook's text says: judged in the grader, never run.

Answers are told in :mod:`~..exercises.own_work`'s words; the kernel may add to a finding,
never take it away. Only what the text makes certain counts (not a name bound in a branch).

>>> written = Written(["from puzzlelab.puzzles import SlidingPuzzle",
...                    "eight = SlidingPuzzle('1 2 3 / 4 5 6 / 7 8 0')",
...                    "def h(state):\\n    return eight.manhattan(state)",
...                    "answer_4_1 = h"])
>>> written.borrowed(written.named("answer_4_1"), [(1, 2, 3, 4, 5, 6, 7, 8, 0)])
"calls puzzlelab's SlidingPuzzle.manhattan"
>>> written.borrowed(written.named("eight"))
"is puzzlelab's own SlidingPuzzle"
"""

from __future__ import annotations

import ast
import functools
import importlib
import math
import re
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..exercises.lesson_code import fingerprint, inner_codes, lesson_functions, shown_class
from ..exercises.own_work import borrowed, is_puzzlelab_code, lesson_code, origin_of
from .reading import as_python, magic_code
from .scopes import (
    DEFINITIONS,
    bound_names,
    is_constant_getattr,
    is_main_guard,
    local_aliases,
    local_names,
    may_be_a_function,
    names_read,
    references,
    root_name,
    stored_names,
    with_root,
)

__all__ = ["Written"]

#: The modules the grader may import to see what an answer is (no widgets, no pictures).
ROOMS = ("puzzlelab.search", "puzzlelab.puzzles", "puzzlelab.solvers", "puzzlelab.analysis",
         "puzzlelab.simpleai_problems", "puzzlelab.exercises", "functools")  # fmt: skip

DEPTH = 4  # how many of the notebook's functions deep an answer's calls are followed
STEPS = 12  # how many steps (a name, an attribute, an item, a call) an expression is followed
WHEN_IT_RUNS = math.inf  # a name in a function's code is looked up after every cell

#: Decorators that leave a function as it is, for what it is made of: a cache.
TRANSPARENT = re.compile(r"(functools\.)?(cache|lru_cache)(\(.*\))?")

#: Built-in functions that bind names no text shows: with one, no name is known.
OPAQUE = frozenset("globals locals vars exec eval setattr delattr __import__".split())


class Binding(NamedTuple):
    """A name's binding: its order among the notebook's, and the node it takes (None: unknown)."""

    order: int
    node: ast.AST | None


@dataclass(frozen=True)
class Made:
    """An object a puzzlelab class made (``SlidingPuzzle('...')``), known by its class only."""

    klass: type


@dataclass(frozen=True, eq=False)
class Instance:
    """An object a class written in the notebook made."""

    node: ast.ClassDef


#: ``allowed(module, name)``: what an exercise lets an answer use.
Allowed = Callable[[str, str], bool] | None

#: ``(module, qualified name)`` of a puzzlelab function or class.
Origin = tuple[str, str]


class Written:
    """What a notebook's code cells bind at their top level, each name to its bindings in order.

    >>> written = Written(["from puzzlelab.search import dfs", "answer = dfs"])
    >>> written.borrowed(written.named("answer"))
    "is puzzlelab's own dfs"
    """

    def __init__(self, sources: Iterable[str]) -> None:
        self.bound: dict[str, list[Binding]] = {}
        self.codes: dict[ast.AST, types.CodeType] = {}  # each definition's compiled code
        self.bindings = 0  # how many the notebook made so far
        self.rebound: set[str] = set()  # names a function binds again when it runs (global)
        self.patched: set[tuple[str, str]] = set()  # (name, attribute) a statement sets
        self.opaque = False  # whether a cell binds names the text does not show (globals())
        self.writes: dict[str, list[ast.expr]] = {}  # what is put into a name's table later
        for number, source in enumerate(sources, start=1):
            tree = as_python(source)
            try:
                code = compile(tree, f"<cell {number}>", "exec") if tree else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                continue
            if tree is not None and code is not None:
                self._note_codes(tree, code)
                for statement in tree.body:
                    self._bind(statement)
                self._note_changes(tree)

    def _note_codes(self, tree: ast.Module, code: types.CodeType) -> None:
        """Match each definition of *tree* with its compiled code, where it is clear."""
        places: dict[tuple[str, int], list[types.CodeType]] = {}
        for inner in inner_codes(code):
            places.setdefault((inner.co_name, inner.co_firstlineno), []).append(inner)
        for node in ast.walk(tree):
            if isinstance(node, DEFINITIONS):
                first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
                name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
                if len(places.get((name, first), [])) == 1:
                    self.codes[node] = places[name, first][0]

    def _note_changes(self, tree: ast.Module) -> None:
        """Note the names a function binds again when it runs, and the attributes set."""
        for node in ast.walk(tree):
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                self.rebound.update(node.names)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                if isinstance(node.value, ast.Name):
                    self.patched.add((node.value.id, node.attr))
            elif isinstance(node, ast.Name) and node.id in OPAQUE:
                self.opaque = True
            for name, value in _written_into(node):
                self.writes.setdefault(name, []).append(value)

    def _bind(self, statement: ast.stmt) -> None:
        """Note what *statement*, run at a cell's top level, binds."""
        for node in ast.walk(statement):  # what a magic runs binds what nobody knows
            code = magic_code(node)
            inner = as_python(code) if code else None
            for name in bound_names(inner.body) if inner is not None else ():
                self._set(name, None)
        if isinstance(statement, ast.If) and is_main_guard(statement.test):
            for inner_statement in statement.body:
                self._bind(inner_statement)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            transparent = all(
                TRANSPARENT.fullmatch(ast.unparse(d)) for d in statement.decorator_list
            )
            self._set(statement.name, statement if transparent else None)
        elif isinstance(statement, ast.ImportFrom) and statement.names[0].name == "*":
            module = _module(statement.module or "") if not statement.level else None
            for name in getattr(module, "__all__", ()):
                self._set(name, ast.ImportFrom(statement.module, [ast.alias(name)], 0))
        elif isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                self._set((alias.asname or alias.name).split(".")[0], statement)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            for name in bound_names([statement.value]):  # a walrus in the value
                self._set(name, None)
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for name in bound_names([target]):
                    self._set(name, statement.value if isinstance(target, ast.Name) else None)
        elif not isinstance(statement, ast.AnnAssign):  # ``h: int`` alone binds nothing
            for name in bound_names([statement]):
                self._set(name, None)

    def _set(self, name: str, node: ast.AST | None) -> None:
        self.bound.setdefault(name, []).append(Binding(self.bindings, node))
        self.bindings += 1

    def _binding(self, name: str, before: float) -> Binding | None:
        """*name*'s last binding before number *before*; None if none or rebound when run."""
        if self.opaque or name in self.rebound:
            return None
        earlier = [each for each in self.bound.get(name, []) if each.order < before]
        return earlier[-1] if earlier else None

    def _order_of(self, node: ast.AST) -> float:
        """The binding number of the definition *node* (``inf`` if none)."""
        orders = [each.order for bindings in self.bound.values() for each in bindings
                  if each.node is node]  # fmt: skip
        return orders[0] if orders else WHEN_IT_RUNS

    def named(self, name: str) -> object:
        """What *name* is after every cell: a definition's node, an object of puzzlelab's,
        :class:`Made`, :class:`Instance`, or None when the text does not say."""
        return self._value(ast.Name(name), STEPS, WHEN_IT_RUNS)

    def made_by(self, seen: object) -> object:
        """What calling *seen* (what :meth:`named` found) makes, if it is a class."""
        if isinstance(seen, ast.ClassDef):
            return Instance(seen)
        return Made(seen) if isinstance(seen, type) and origin_of(seen) else None

    def member(self, seen: object, name: str, steps: int = STEPS) -> object:
        """What ``seen.name`` is: for a notebook's class, its own last binding, else its bases'."""
        node = seen.node if isinstance(seen, Instance) else seen
        if not isinstance(node, ast.ClassDef):
            return _attribute(seen, name)
        if (node.name, name) in self.patched or steps <= 0:
            return None
        made = self._order_of(node)
        found: object = None
        for statement in node.body:
            if name in bound_names([statement]):
                value = statement.value if isinstance(statement, ast.Assign) else None
                plain = isinstance(statement, ast.FunctionDef) and not statement.decorator_list
                known = statement if statement in self.codes else None
                found = known if plain else self._value(value, steps - 1, made)
                if found is None:
                    return None
        for base in [] if found is not None else node.bases:
            found = self.member(self._value(base, steps - 1, made), name, steps - 1)
            if found is not None:
                break
        return found

    def _value(self, node: ast.AST | None, steps: int, before: float) -> object:
        """What *node* evaluates to, names read as bound before *before*; None if unknown."""
        if node is None or steps <= 0:
            return None
        if isinstance(node, DEFINITIONS):
            return node if node in self.codes else None
        if isinstance(node, ast.Name):
            binding = self._binding(node.id, before)
            if binding is not None and isinstance(binding.node, (ast.Import, ast.ImportFrom)):
                return _imported(binding.node, node.id)
            return binding and self._value(binding.node, steps - 1, binding.order)
        if isinstance(node, ast.NamedExpr):
            return self._value(node.value, steps - 1, before)
        if isinstance(node, ast.Attribute):
            return self.member(self._value(node.value, steps - 1, before), node.attr)
        if isinstance(node, (ast.Tuple, ast.List)):
            return tuple(self._value(item, steps - 1, before) for item in node.elts)
        if isinstance(node, ast.Dict) and all(isinstance(key, ast.Constant) for key in node.keys):
            values = [self._value(value, steps - 1, before) for value in node.values]
            return {key.value: value for key, value in zip(node.keys, values)}  # type: ignore[union-attr]
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            return _item(self._value(node.value, steps - 1, before), node.slice.value)
        if is_constant_getattr(node) and not self.bound.get("getattr"):
            owner = self._value(node.args[0], steps - 1, before)
            return self.member(owner, node.args[1].value)  # type: ignore[attr-defined]
        if isinstance(node, ast.Call):
            called = self._value(node.func, steps - 1, before)
            if called is functools.partial and node.args:  # partial(f, ...) is f, for what it is
                return self._value(node.args[0], steps - 1, before)
            return self.made_by(called)
        return None

    def judge(self, seen: object, what: str, *args: Any, **named: Any) -> Any:
        """The grader's answer to :mod:`~..exercises.own_work`'s question *what* about *seen*;
        None for a question left to the kernel (``table_of``)."""
        if what not in ("borrowed", "lesson_code", "names_used"):
            return None
        return getattr(self, what)(seen, *args, **named)

    def borrowed(self, seen: object, probes: Iterable[object] = (), allowed: Allowed = None) -> str:
        """:func:`~..exercises.own_work.borrowed` from the text; calls followed given *probes*."""
        if isinstance(seen, Made):
            return _verdict("is puzzlelab's own", origin_of(seen.klass), allowed)
        if not isinstance(seen, (ast.AST, Instance)):
            plain = seen is None or isinstance(seen, (tuple, dict))
            return "" if plain else borrowed(seen, (), allowed)
        shown = self.lesson_code(seen)
        if shown:
            return shown
        node = seen.node if isinstance(seen, Instance) else seen
        bases = self._puzzlelab_bases(node, STEPS) if isinstance(node, ast.ClassDef) else ()
        verdicts = [_verdict("inherits from puzzlelab's", origin, allowed) for origin in bases]
        if isinstance(seen, ast.AST) and list(probes):  # the check calls it: follow its calls
            found = list(self._calls(seen, DEPTH, set()))  # calls first, then what it hands on
            for origin, called in sorted(found, key=lambda each: not each[1]):
                words = "calls puzzlelab's" if called else "uses puzzlelab's"
                verdicts.append(_verdict(words, origin, allowed))
            words = "reads a table made with puzzlelab's"
            verdicts += (_verdict(words, each, allowed) for each in self._tables(seen))
        return next((verdict for verdict in verdicts if verdict), "")

    def lesson_code(self, seen: object, calls: bool = False) -> str:
        """:func:`~..exercises.own_work.lesson_code` from the text."""
        if seen is None or isinstance(seen, (Made, Instance, tuple, dict)):
            return ""
        if not isinstance(seen, ast.AST):
            return lesson_code(seen, calls)
        shown = self._shown(seen)
        if shown:
            return f"is the lesson's own `{shown[0]}` (lesson {shown[1]})"
        reads = calls and not isinstance(seen, ast.ClassDef)  # what a class reads: not followed
        for found in self._functions_read(seen, 3, set()) if reads else ():
            shown = self._shown(found)
            if shown:
                return f"calls the lesson's `{shown[0]}` (lesson {shown[1]})"
        return ""

    def names_used(self, seen: object) -> set[str]:
        """The global and attribute names *seen*'s code uses (a class: none)."""
        if isinstance(seen, ast.AST) and not isinstance(seen, ast.ClassDef):
            return names_read(self.codes.get(seen))
        return set()

    def _shown(self, node: ast.AST) -> tuple[str, int] | None:
        """The lesson's ``(name, number)`` whose code *node*'s is (a class: all its methods)."""
        if not isinstance(node, ast.ClassDef):
            code = self.codes.get(node)
            return lesson_functions().get(fingerprint(code)) if code is not None else None
        if any(name == node.name for name, _ in self.patched):
            return None  # a method set from outside: what the class holds is not known
        codes = []
        for name in sorted(bound_names(node.body)):
            method = self.member(node, name)
            if method is None and may_be_a_function(node, name):
                return None  # a method whose code is not known
            if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                codes.append(self.codes[method])
        return shown_class(node.name, codes)

    def _functions_read(self, node: ast.AST, levels: int, seen: set[ast.AST]) -> Iterator[ast.AST]:
        """The notebook's definitions *node*'s code reads, *levels* deep."""
        for name in sorted(names_read(self.codes.get(node))):
            found = self._value(ast.Name(name), STEPS, WHEN_IT_RUNS)
            if isinstance(found, DEFINITIONS) and found not in seen:
                seen.add(found)
                yield found
                if levels > 1:
                    yield from self._functions_read(found, levels - 1, seen)

    def _tables(self, node: ast.AST) -> Iterator[Origin]:
        """The puzzlelab code that made the tables *node* (or a function it reads) reads."""
        for function in [node, *self._functions_read(node, 3, {node})]:
            if isinstance(function, ast.ClassDef):
                continue
            read = {item.id for item in ast.walk(function) if isinstance(item, ast.Name)
                    and isinstance(item.ctx, ast.Load)}  # fmt: skip
            for name in sorted(read - local_names(function)):
                yield from self._made_with(name, WHEN_IT_RUNS, 3)

    def _made_with(self, name: str, before: float, depth: int) -> Iterator[Origin]:
        """The puzzlelab code that made or filled what *name* held before *before*, *depth* deep."""
        binding = self._binding(name, before)
        if depth <= 0:
            return
        sources = [(each, WHEN_IT_RUNS) for each in self.writes.get(name, [])]
        if binding and isinstance(binding.node, ast.expr):
            sources.insert(0, (binding.node, binding.order))
        for expression, order in sources:
            inner = stored_names(expression)  # a comprehension's own names
            for item in ast.walk(expression):
                if isinstance(item, ast.Call):
                    origin = _call_origin(self._value(item.func, STEPS, order))
                    if origin is not None and _makes_tables(origin):
                        yield origin
                elif isinstance(item, ast.Name) and isinstance(item.ctx, ast.Load):
                    if item.id not in inner and item.id != name:
                        yield from self._made_with(item.id, order, depth - 1)

    def _puzzlelab_bases(self, node: ast.ClassDef, steps: int) -> Iterator[Origin]:
        """The puzzlelab classes *node* is built on."""
        for base in node.bases:
            found = self._value(base, steps - 1, self._order_of(node))
            origin = origin_of(found) if isinstance(found, type) else None
            if origin is not None:
                yield origin
            elif isinstance(found, ast.ClassDef) and steps > 0:
                yield from self._puzzlelab_bases(found, steps - 1)

    def _calls(
        self, node: ast.AST, depth: int, visited: set[ast.AST]
    ) -> Iterator[tuple[Origin, bool]]:
        """The puzzlelab functions *node* calls or hands on anywhere (a branch the check never
        takes included), *depth* down, each with whether it is called (else handed on)."""
        if depth <= 0 or node in visited:
            return
        visited.add(node)
        if isinstance(node, ast.ClassDef):  # a class called: its __init__ runs
            init = self.member(node, "__init__")
            if isinstance(init, ast.AST):
                yield from self._calls(init, depth, visited)
            return
        defaults, aliases = self._defaults(node), local_aliases(node)
        local = local_names(node) | stored_names(node)
        for name, is_called in references(node):
            root = root_name(name)
            if root in defaults and isinstance(name, ast.Name):
                found = defaults[root]  # a default value the answer uses
            elif root in aliases and root_name(aliases[root]) not in local:  # f = eight.manhattan
                found = self._value(with_root(name, aliases[root]), STEPS, WHEN_IT_RUNS)
            elif root in local:
                continue
            else:
                found = self._value(name, STEPS, WHEN_IT_RUNS)
            if isinstance(found, DEFINITIONS) and is_called:
                yield from self._calls(found, depth - 1, visited)
            elif found is not None and not isinstance(found, (Made, Instance, ast.AST)):
                origin = _call_origin(found) if is_called or not isinstance(found, type) else None
                yield from [(origin, is_called)] if origin is not None else []

    def _defaults(self, node: ast.AST) -> dict[str, object]:
        """What *node*'s arguments with defaults (never bound again) hold when not given."""
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return {}
        args, made = node.args, self._order_of(node)
        positional = args.posonlyargs + args.args  # the last of them take the defaults
        pairs = [
            *zip(positional[::-1], args.defaults[::-1]),
            *zip(args.kwonlyargs, args.kw_defaults),
        ]
        again = bound_names(node.body if isinstance(node.body, list) else [node.body])
        return {
            arg.arg: self._value(value, STEPS, made)
            for arg, value in pairs
            if value is not None and arg.arg not in again
        }


def _imported(statement: ast.Import | ast.ImportFrom, name: str) -> object:
    """What *statement* binds *name* to, if from a module the grader may load."""
    for alias in statement.names:
        if (alias.asname or alias.name).split(".")[0] != name:
            continue
        if isinstance(statement, ast.Import):
            return _module(alias.name if alias.asname else name)
        if statement.level:
            return None
        module = statement.module or ""
        return _attribute(_module(module), alias.name) or _module(f"{module}.{alias.name}")
    return None


def _module(name: str) -> types.ModuleType | None:
    """The module *name*, if the grader may load it."""
    if "._" in name or (name != "puzzlelab" and not name.startswith(ROOMS)):
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _attribute(base: object, name: str) -> object:
    """``base.name`` for a module the grader may load or an object of puzzlelab's, else None."""
    if isinstance(base, Made):
        base = base.klass
    if base is None or isinstance(base, (ast.AST, Instance)) or name.startswith("__"):
        return None
    if isinstance(base, types.ModuleType):
        found = getattr(base, name, None)
        return found if not isinstance(found, types.ModuleType) else _module(found.__name__)
    if not origin_of(base if isinstance(base, type) else type(base)):
        return None
    try:
        return getattr(base, name, None)
    except Exception:  # a property of the class itself: nothing to follow
        return None


def _item(base: object, key: object) -> object:
    """``base[key]`` for a plain container."""
    if isinstance(base, (dict, list, tuple)):
        try:
            return base[key]  # type: ignore[call-overload]
        except (LookupError, TypeError):
            return None
    return None


def _call_origin(called: object) -> Origin | None:
    """The puzzlelab code a call of *called* runs first (a class: its ``__init__``)."""
    if isinstance(called, type):
        called = getattr(called, "__init__", None) if origin_of(called) else None
    code = getattr(called, "__code__", None)
    if not isinstance(code, types.CodeType) or not is_puzzlelab_code(code):
        return None
    return getattr(called, "__module__", "") or "puzzlelab", code.co_qualname


#: The methods that put something into a table.
FILLING = frozenset("update setdefault append extend insert add __setitem__".split())


def _written_into(node: ast.AST) -> list[tuple[str, ast.expr]]:
    """``(name, value)`` for ``name[key] = value`` and ``name.update(value)`` in *node*."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return [(root_name(target.value), node.value) for target in targets
                if isinstance(target, ast.Subscript) and root_name(target.value)]  # fmt: skip
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        owner = node.func.value
        if node.func.attr in FILLING and isinstance(owner, ast.Name):
            return [(owner.id, value) for value in [*node.args, *(k.value for k in node.keywords)]]
    return []


def _makes_tables(origin: Origin) -> bool:
    """Whether *origin* makes tables' values: puzzlelab's analysis, or a method of a class."""
    return origin[0].startswith("puzzlelab.analysis") or (
        "." in origin[1] and not origin[1].endswith("__init__")
    )


def _verdict(words: str, origin: Origin | None, allowed: Allowed) -> str:
    """``"WORDS NAME"``, or ``""`` where there is no *origin* or the exercise allows it."""
    if origin is None or allowed is not None and allowed(*origin):
        return ""
    return f"{words} {origin[1]}"
