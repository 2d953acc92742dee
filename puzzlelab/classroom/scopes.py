"""What a piece of Python says of its names, read with :mod:`ast` and never run: what it
binds, what is local to a function, and what a function reads and calls (for :mod:`~.written`).

>>> function = ast.parse("def f(x):\\n    y = g(x)\\n    return y").body[0]
>>> sorted(local_names(function)), [ast.unparse(name) for name, _ in references(function)]
(['x', 'y'], ['g', 'x', 'y'])
"""

from __future__ import annotations

import ast
import types
from collections.abc import Iterable
from typing import TypeGuard

from ..exercises.lesson_code import inner_codes

#: A definition written in a notebook.
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)

#: What has a scope of its own: the names bound inside are not the enclosing scope's.
SCOPES = (*DEFINITIONS, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def bound_names(nodes: Iterable[ast.AST]) -> set[str]:
    """Every name *nodes* bind in their own scope (not in functions or comprehensions inside).

    >>> sorted(bound_names(ast.parse("import a.b as c\\nfor x in y:\\n    def f(z): w = 1").body))
    ['c', 'f', 'x']
    """
    found: set[str] = set()
    todo = list(nodes)
    while todo:
        node = todo.pop()
        if not isinstance(node, (ast.Global, ast.Nonlocal)):
            found.update(_names_of(node))
        if not isinstance(node, SCOPES):
            todo.extend(ast.iter_child_nodes(node))
    return found


def local_names(node: ast.AST) -> set[str]:
    """The names local to the function (or lambda) *node*: arguments and names bound, not global.

    >>> sorted(local_names(ast.parse("def f(a, *b):\\n    global c\\n    c = d = 1").body[0]))
    ['a', 'b', 'd']
    """
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return set()
    arguments = node.args
    names = {arg.arg for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
    names |= {arg.arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None}
    body = node.body if isinstance(node.body, list) else [node.body]
    declared = {name for part in body for item in ast.walk(part) if isinstance(item, ast.Global)
                for name in item.names}  # fmt: skip
    return (names | bound_names(body)) - declared


def local_aliases(node: ast.AST) -> dict[str, ast.expr]:
    """The local names of *node* bound once only, by a plain top-level assignment, and values.

    >>> code = "def f(x):\\n    g = len\\n    y = 1\\n    y += 1\\n    return g(x)"
    >>> {name: ast.unparse(value) for name, value in local_aliases(ast.parse(code).body[0]).items()}
    {'g': 'len'}
    """
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    bindings: dict[str, int] = {}  # how often each name is bound in it, in any way, at any depth
    for item in ast.walk(node):
        for name in _names_of(item):
            bindings[name] = bindings.get(name, 0) + 1
    return {
        statement.targets[0].id: statement.value
        for statement in node.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and bindings[statement.targets[0].id] == 1
    }


def stored_names(node: ast.AST) -> set[str]:
    """Every name stored anywhere in *node*, in any scope inside it.

    >>> sorted(stored_names(ast.parse("def f():\\n    return [y for y in z]").body[0]))
    ['y']
    """
    return {
        item.id
        for item in ast.walk(node)
        if isinstance(item, ast.Name) and not isinstance(item.ctx, ast.Load)
    }


def _names_of(node: ast.AST) -> list[str]:
    """The names *node* itself binds (an assigned name, a definition, an argument, ...)."""
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [(node.asname or node.name).split(".")[0]]
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
        return [node.name]
    if isinstance(node, ast.MatchMapping) and node.rest:
        return [node.rest]
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names) * 2  # never a plain local
    return []


def with_root(node: ast.expr, root: ast.expr) -> ast.expr:
    """*node* (``f`` or ``f.a.b``) with the name it starts from replaced by *root*.

    >>> ast.unparse(with_root(ast.parse("f.a", mode="eval").body, ast.Name("eight")))
    'eight.a'
    """
    if isinstance(node, ast.Attribute):
        return ast.Attribute(with_root(node.value, root), node.attr, ast.Load())
    return root


def is_constant_getattr(node: ast.AST) -> TypeGuard[ast.Call]:
    """Whether *node* is ``getattr(owner, "name")`` with the name written out.

    >>> is_constant_getattr(ast.parse("getattr(x, 'y')", mode="eval").body)
    True
    """
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) == 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    )


def references(node: ast.AST) -> list[tuple[ast.expr, bool]]:
    """The names and attributes *node*'s body reads anywhere, each with whether it is called.

    >>> code = "def f(x):\\n    if x:\\n        return g(x.y)"
    >>> [(ast.unparse(name), called) for name, called in references(ast.parse(code).body[0])]
    [('x', False), ('g', True), ('x', False), ('x.y', False)]
    """
    body = node.body if isinstance(getattr(node, "body", None), list) else [node.body]  # type: ignore[attr-defined]
    inside = [item for part in body for item in ast.walk(part)]
    called = {id(item.func) for item in inside if isinstance(item, ast.Call)}
    read = [item for item in inside if isinstance(item, (ast.Name, ast.Attribute))
            and isinstance(item.ctx, ast.Load)]  # fmt: skip
    read.sort(key=lambda item: (item.end_lineno or 0, item.end_col_offset or 0))
    return [(item, id(item) in called) for item in read]


def may_be_a_function(node: ast.ClassDef, name: str) -> bool:
    """Whether what *node*'s body binds *name* to last may be a function (is no literal).

    >>> klass = ast.parse("class K:\\n    goal = (1, 2)\\n    rule = len").body[0]
    >>> may_be_a_function(klass, "goal"), may_be_a_function(klass, "rule")
    (False, True)
    """
    values = [statement.value for statement in node.body if isinstance(statement, ast.Assign)
              and name in bound_names([statement])]  # fmt: skip
    literal = (ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.JoinedStr)
    return not values or not isinstance(values[-1], literal)


def names_read(code: types.CodeType | None) -> set[str]:
    """The global and attribute names *code* (and the code inside it) uses.

    >>> sorted(names_read(compile("def f(x):\\n    return g(x.y)", "<a>", "exec")))
    ['f', 'g', 'y']
    """
    if code is None:
        return set()
    return {name for inner in inner_codes(code) for name in inner.co_names}


def is_main_guard(test: ast.expr) -> bool:
    """Whether *test* is ``__name__ == "__main__"``.

    >>> is_main_guard(ast.parse("__name__ == '__main__'", mode="eval").body)
    True
    """
    return ast.unparse(test).replace("'", '"') == '__name__ == "__main__"'


def root_name(node: ast.expr) -> str:
    """The name a chain of attributes starts from, or ``""``.

    >>> root_name(ast.parse("a.b.c", mode="eval").body)
    'a'
    """
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""
