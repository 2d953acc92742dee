"""The functions the lessons show, known by their bytecode, the names of locals aside:
renaming or re-indenting one does not make it the student's own.
"""

from __future__ import annotations

import ast
import dis
import functools
import inspect
import json
import types
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from ..errors import PuzzleError

#: Nothing here is offered to the lessons: they import the checks from puzzlelab.exercises.
__all__: list[str] = []

LOCALS = {"LOAD_FAST", "STORE_FAST", "DELETE_FAST", "LOAD_DEREF", "STORE_DEREF",
          "LOAD_CLOSURE", "MAKE_CELL", "LOAD_FAST_CHECK", "LOAD_FAST_AND_CLEAR"}  # fmt: skip

#: The fewest operations a lesson's function has for the checks to know it: shorter ones
#: (``return None``, a skeleton's ``...``) are what anyone would write.
FEWEST_OPERATIONS = 12

JUMPS = set(dis.hasjrel) | set(dis.hasjabs)
SILENT = {"RESUME", "NOP", "CACHE", "EXTENDED_ARG", "COPY_FREE_VARS"}


def lessons_folder() -> Traversable:
    """Return the folder of lessons, in a wheel or a clone."""
    shipped = resources.files("puzzlelab") / "lessons"
    if shipped.is_dir():
        return shipped
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    if checkout.is_dir():
        return checkout
    raise PuzzleError(
        "this installation of puzzlelab has no lessons: install it from a wheel or a clone"
    )


def fingerprint(code: types.CodeType) -> tuple[object, ...]:
    """What *code* does, as plain data, locals unnamed.

    >>> first = compile("def f(x):\\n    return x + 1", "<a>", "exec").co_consts[0]
    >>> second = compile("def g(y):  # y, not x\\n    return y + 1", "<b>", "exec").co_consts[0]
    >>> fingerprint(first) == fingerprint(second)
    True
    """
    parts: list[object] = []
    for operation in dis.get_instructions(code):
        if operation.opname in SILENT:
            continue
        if operation.opname in LOCALS or operation.opcode in JUMPS:
            parts.append(operation.opname)  # a local's name, a jump's offset: not what it does
        elif isinstance(operation.argval, types.CodeType):
            parts.append(fingerprint(operation.argval))
        else:  # how ``a.b()`` compiles depends on the compiler's path: one name for both
            name = "LOAD_ATTR" if operation.opname == "LOAD_METHOD" else operation.opname
            parts.append((name, repr(operation.argval)))
    return tuple(parts)


#: A function the lessons show: its name and the lesson's number.
Shown = tuple[str, int]


@functools.cache
def lesson_functions() -> dict[tuple[object, ...], Shown]:
    """``{fingerprint: (name, lesson number)}`` of every function the lessons define outside
    their exercise cells.
    """
    found: dict[tuple[object, ...], Shown] = {}
    folder = lessons_folder()
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if not entry.name.endswith(".ipynb") or not entry.name[:2].isdigit():
            continue
        for cell in json.loads(entry.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code" and "puzzlelab" not in cell.get("metadata", {}):
                source = "".join(cell["source"])
                for name, code in _functions_in(source):
                    shape = fingerprint(code)
                    if len(shape) >= FEWEST_OPERATIONS:
                        found.setdefault(shape, (name, int(entry.name[:2])))
    return found


def _functions_in(source: str) -> list[tuple[str, types.CodeType]]:
    try:
        tree = ast.parse(source)
        module = compile(tree, "<lesson>", "exec", dont_inherit=True)
    except SyntaxError:  # IPython's magics: not Python
        return []
    return [
        (code.co_name, code)
        for code in inner_codes(module)
        if code.co_flags & inspect.CO_OPTIMIZED and code.co_name != "<lambda>"
    ]


def inner_codes(code: types.CodeType) -> Iterator[types.CodeType]:
    """*code* and the code of every function, lambda and comprehension written inside it.

    >>> module = compile("def f():\\n    g = lambda: 1", "<a>", "exec")
    >>> [inner.co_name for inner in inner_codes(module)]
    ['<module>', 'f', '<lambda>']
    """
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from inner_codes(constant)


def shown_class(name: str, methods: list[types.CodeType]) -> Shown | None:
    """``(name, lesson number)`` if every method long enough to tell is a lesson's, else None."""
    known = lesson_functions()
    long = [method for method in methods if len(fingerprint(method)) >= FEWEST_OPERATIONS]
    shown = [known.get(fingerprint(method)) for method in long]
    if long and all(shown):
        return name, shown[0][1]  # type: ignore[index]
    return None
