"""The half of ``puzzlelab grade`` that runs inside a student's kernel: one exercise's check.

Before the student's cells, the grader (:mod:`puzzlelab.classroom.grading`) opens a channel in
the kernel (:func:`open_channel`) and learns its key. After them, it loads puzzlelab
afresh in the same kernel (so a check the notebook replaced is back to what the package
says) and asks the channel for each exercise's check, with a *nonce* of its own. The
channel runs the lesson's own check call (taken from the installed lesson, not from the
student's cells) on the student's answers and hands the result back as a display of type
:data:`MIME`, signed with the key: text the notebook printed, a display it made up, or a
result it altered on the way carries no valid signature and counts for nothing.

>>> answers = {"answer_0_1": (..., ...)}
>>> checks = {"check_halving_twelve": "puzzlelab.exercises.jugs"}
>>> outcome = check_outcome(answers, "check_halving_twelve(*answer_0_1)", checks)
>>> outcome["passed"], outcome["message"], outcome["error"]
(False, 'Not yet: replace both ... with whole numbers.', '')
>>> check_outcome({}, "check_halving_twelve(*answer_0_1)", checks)["error"]
"NameError: name 'answer_0_1' is not defined"

An answer that compares equal to everything is graded as the plain value it holds
(:func:`~puzzlelab.exercises.answers.plain`, here and in every self-check):

>>> class Always(int):
...     def __eq__(self, other):
...         return True
...     __hash__ = int.__hash__
>>> checks = {"check_table_entries": "puzzlelab.exercises.patterns"}
>>> check_outcome({"answer_6_1": Always(5)}, "check_table_entries(answer_6_1)", checks)
{'passed': False, 'message': 'Not yet: count the cells left for each tile in turn.', 'error': ''}

The same checks as the lessons' self-checks: this module only calls them.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import re
from typing import Any

from ..errors import one_line
from ..exercises.answers import plain

#: The display type a check's result travels in, from the kernel to the grader.
MIME = "application/vnd.puzzlelab.grade+json"

#: The audit event that asks the grader's channel for a check (see :func:`open_channel`).
EVENT = "puzzlelab.grade"

#: An answer's name in a check call: ``answer_6_1`` is lesson 6, exercise 1.
ANSWER = re.compile(r"\banswer_\d+_\d+\b")


def check_outcome(
    answers: dict[str, Any], call: str, checks: dict[str, str]
) -> dict[str, bool | str]:
    """Run the check *call* on *answers*; return ``{"passed", "message", "error"}``.

    Parameters
    ----------
    answers : dict
        The student's names (their notebook's globals): the answers the call reads.
    call : str
        The lesson's check call, such as ``"check_measurable(*answer_0_3)"``.
    checks : dict
        ``{check name: module}``: each check the call names is taken from its module,
        whatever the student's notebook bound to that name.

    Returns
    -------
    dict
        *passed* is true only when the check returned ``True``; *message* is what the
        check printed; *error* says why the check could not run (``""`` if it ran).

    Raises
    ------
    ImportError, AttributeError
        If *checks* names a module or a check that puzzlelab does not have: a mistake of
        the grader's list, not of the student's answers.

    Examples
    --------
    >>> checks = {"check_table_entries": "puzzlelab.exercises.patterns"}
    >>> check_outcome({"answer_6_1": 16**6}, "check_table_entries(answer_6_1)", checks)
    {'passed': False, 'message': 'Not yet: two tiles can never share a cell: ...', 'error': ''}

    A check the notebook bound to the same name is not the one that runs:

    >>> notebook = {"answer_6_1": 16**6, "check_table_entries": lambda answer: True}
    >>> check_outcome(notebook, "check_table_entries(answer_6_1)", checks)["passed"]
    False

    An answer cell that never ran leaves its name undefined: the check cannot run.

    >>> check_outcome({}, "check_table_entries(answer_6_1)", checks)
    {'passed': False, 'message': '', 'error': "NameError: name 'answer_6_1' is not defined"}
    """
    scope = dict(answers)
    for name in set(ANSWER.findall(call)) & set(scope):
        scope[name] = plain(scope[name])
    scope.update(
        {name: getattr(importlib.import_module(module), name) for name, module in checks.items()}
    )
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            returned = eval(compile(call, "<check>", "eval"), scope)  # the lesson's own call
    except Exception as error:  # an answer that is missing or breaks the check: say which
        return {"passed": False, "message": printed.getvalue().strip(), "error": one_line(error)}
    return {"passed": returned is True, "message": printed.getvalue().strip(), "error": ""}


def open_channel() -> None:
    """Open the grader's channel, before any of the student's cells runs; print its key.

    The channel is an audit hook, which Python cannot remove: on the event :data:`EVENT`
    with ``(answers, call, checks, nonce)`` it runs :func:`check_outcome` and publishes
    the result as :data:`MIME`, signed with the key (HMAC-SHA256) together with the call,
    checks and nonce it answers, and the names of the parts of the display machinery the
    notebook replaced since. The key, the signing and the publishing function are kept in
    the hook's closure, taken before the student's code could replace them: a notebook
    that wraps ``display`` or the publisher can stop a result, not forge one.

    Raises
    ------
    AttributeError
        Outside an IPython kernel (see :func:`channel_parts`), before any hook is added.

    Notes
    -----
    The hook stays for the life of the process (Python cannot remove an audit hook), and
    it needs a running kernel's publisher: it is for the grader's kernel alone, so there is
    no example here; ``tests/test_grade.py`` grades real submissions through it, forged
    results among them.
    """
    import builtins
    import hashlib
    import hmac
    import json
    import secrets
    import sys

    key, sign, sha256, dumps = secrets.token_bytes(32), hmac.new, hashlib.sha256, json.dumps
    modules, parts, sorted_ = sys.modules, channel_parts, builtins.sorted
    name, event, mime = __name__, EVENT, MIME
    originals = parts()
    publish = originals["display_pub"].publish

    def hook(asked: str, args: tuple[Any, ...]) -> None:
        if asked != event:
            return
        answers, call, checks, nonce = args
        outcome = modules[name].check_outcome(answers, call, checks)  # puzzlelab afresh
        now = parts()
        replaced = sorted_(name for name in originals if now.get(name) is not originals[name])
        result = {**outcome, "call": call, "checks": checks, "nonce": nonce, "replaced": replaced}
        payload = dumps(result, sort_keys=True)
        publish(
            {mime: {"payload": payload, "mac": sign(key, payload.encode(), sha256).hexdigest()}}
        )

    sys.addaudithook(hook)
    print(key.hex())


def channel_parts() -> dict[str, Any]:
    """Return the objects a result's display goes through, by name (see :func:`open_channel`).

    The channel takes them when it opens and again with each result: the names whose
    object changed in between are the parts the notebook replaced, which the grader
    reports instead of trusting the result.

    Returns
    -------
    dict of str to object
        IPython's two ``display`` functions, the kernel's display publisher, its
        ``publish`` method, its session and the session's ``send`` (``None`` without a
        session), and ``sys.audit``.

    Raises
    ------
    AttributeError
        Outside an IPython shell, where ``get_ipython()`` is ``None``.

    Notes
    -----
    It reads the running kernel's shell, which a doctest does not have, so there is
    no example here; ``tests/test_grade.py`` grades notebooks that replace these parts.
    """
    import sys

    from IPython import get_ipython

    shell = get_ipython()
    display_pub = shell.display_pub
    return {
        "IPython.display.display": sys.modules["IPython.display"].display,
        "IPython.core.display_functions.display": sys.modules[
            "IPython.core.display_functions"
        ].display,
        "display_pub": display_pub,
        "display_pub.publish": type(display_pub).publish,
        "display_pub.session": getattr(display_pub, "session", None),
        "session.send": getattr(type(getattr(display_pub, "session", None)), "send", None),
        "sys.audit": sys.audit,
    }
