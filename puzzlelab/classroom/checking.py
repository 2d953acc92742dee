"""The half of ``puzzlelab grade`` that runs inside a student's kernel: one exercise's check.

Before the student's cells the grader opens a channel in the kernel (:func:`open_channel`)
and learns its key; after them it loads puzzlelab afresh and asks the channel for each
exercise's check. The result comes back as a display of type :data:`MIME` signed with the
key: printed text, a made-up display or an altered result counts for nothing.
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

    *answers* are the notebook's globals; *checks* maps each check the call names to its module,
    whatever the notebook bound to that name. *passed* is true only when the check returned
    ``True``; *message* is what it printed; *error* why it could not run (``""`` if it ran).

    Examples
    --------
    >>> checks = {"check_table_entries": "puzzlelab.exercises.patterns"}
    >>> notebook = {"answer_6_1": 16**6, "check_table_entries": lambda answer: True}
    >>> check_outcome(notebook, "check_table_entries(answer_6_1)", checks)
    {'passed': False, 'message': 'Not yet: two tiles can never share a cell: ...', 'error': ''}
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

    The channel is an audit hook (Python cannot remove one): on :data:`EVENT` with ``(answers,
    call, checks, nonce)`` it runs :func:`check_outcome` and publishes the result as
    :data:`MIME`, signed (HMAC-SHA256) with the call, checks, nonce and the names of the
    :func:`_channel_parts` the notebook replaced since. The key, signing and publishing are kept
    in the hook's closure, out of the student's reach: a notebook that wraps ``display`` or the
    publisher can stop a result, not forge one.

    There is no example here; ``tests/test_grade.py`` runs it.
    """
    import builtins
    import hashlib
    import hmac
    import json
    import secrets
    import sys

    key, sign, sha256, dumps = secrets.token_bytes(32), hmac.new, hashlib.sha256, json.dumps
    modules, parts, sorted_ = sys.modules, _channel_parts, builtins.sorted
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


def _channel_parts() -> dict[str, Any]:
    """Return the objects a result's display goes through, by name (see :func:`open_channel`).

    The names whose object changed since the channel opened are the parts the notebook replaced.
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
