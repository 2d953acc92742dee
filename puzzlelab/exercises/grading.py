"""The half of ``puzzlelab grade`` that runs inside a student's kernel: one exercise's check.

The grader (:mod:`puzzlelab.cli.grade`) runs a submitted notebook, then loads puzzlelab
afresh in the same kernel (so a check the notebook replaced is back to what the package
says) and sends one :func:`run_check` per exercise. Each call runs the lesson's own check
call (taken from the installed lesson, not from the student's cells) on the student's
answers, and hands the result back as a display of type :data:`MIME` with the grader's
*nonce*: text the notebook printed, or a display it made up earlier, carries no nonce
and counts for nothing.

>>> answers = {"answer_0_1": (..., ...)}
>>> checks = {"check_halving_twelve": "puzzlelab.exercises.jugs"}
>>> outcome = check_outcome(answers, "check_halving_twelve(*answer_0_1)", checks)
>>> outcome["passed"], outcome["message"], outcome["error"]
(False, 'Not yet: replace both ... with whole numbers.', '')
>>> check_outcome({}, "check_halving_twelve(*answer_0_1)", checks)["error"]
"NameError: name 'answer_0_1' is not defined"

The same checks as the lessons' self-checks: this module only calls them.
"""

from __future__ import annotations

import contextlib
import importlib
import io

from ..errors import one_line

#: The display type a check's result travels in, from the kernel to the grader.
MIME = "application/vnd.puzzlelab.grade+json"


def check_outcome(answers: dict, call: str, checks: dict[str, str]) -> dict:
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
    """
    scope = dict(answers)
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


def run_check(answers: dict, call: str, checks: dict[str, str], nonce: str) -> None:
    """Run :func:`check_outcome` and display its result, with *nonce*, as :data:`MIME`."""
    from IPython.display import display  # only ever called in a kernel

    outcome = check_outcome(answers, call, checks)
    display({MIME: {**outcome, "nonce": nonce}}, raw=True)
