"""``puzzlelab grade``: a class's notebooks, built from lesson 0, graded from the command line.

The class holds a right notebook, a wrong one, broken ones (invalid JSON, a cell that
raises, a loop, a loop that ignores interrupts, a notebook that ends its kernel, a memory
hog), a hostile one and one that is no lesson. One run of the command grades them all:
every row must say what happened, and the submissions must be byte for byte as they were.
"""

import csv
import hashlib
import io
import json
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import nbformat
import pytest

from puzzlelab.classroom import cells as lesson_cells
from puzzlelab.classroom import grades as grade_rows
from puzzlelab.classroom import grading, submissions
from puzzlelab.classroom import kernel as grading_kernel
from puzzlelab.classroom.sandbox import sandbox_works
from puzzlelab.cli import build_parser, grade, main

LESSON = Path(__file__).parent.parent / "notebooks" / "00_first_search_problem_water_jugs.ipynb"
SLUG = "first_search_problem_water_jugs"
HALVING, TAP, MEASURABLE = (
    f"{SLUG}:{name}" for name in ("halving-twelve", "tap-problem", "measurable")
)

# ---------------------------------------------------------------- the students' answer cells

RIGHT = {
    HALVING: """\
fewest_pours = bfs(WaterJugs(**TWELVE)).cost
reachable_states = state_graph(WaterJugs(**TWELVE)).number_of_nodes()
answer_0_1 = (fewest_pours, reachable_states)
check_halving_twelve(*answer_0_1);""",
    TAP: """\
class TapJugs(SearchProblem):
    sizes = (3, 5)

    def actions(self, state):
        return [("pour", 0, 1), ("pour", 1, 0), ("fill", 0), ("fill", 1), ("empty", 0), ("empty", 1)]

    def result(self, state, action):
        after = list(state)
        if action[0] == "pour":
            i, j = action[1:]
            moved = min(state[i], self.sizes[j] - state[j])
            after[i], after[j] = state[i] - moved, state[j] + moved
        else:
            after[action[1]] = self.sizes[action[1]] if action[0] == "fill" else 0
        return tuple(after)

    def is_goal(self, state):
        return TAP_TARGET in state


answer_0_2 = TapJugs(initial_state=(0, 0))
check_tap_problem(answer_0_2);""",
    MEASURABLE: """\
import math

measurable = {a for a in range(1, 10) if bfs(WaterJugs(GCD_JUGS, target=a, tap=True)).solved}
all_multiples_of = math.gcd(*GCD_JUGS)
answer_0_3 = (measurable, all_multiples_of)
check_measurable(*answer_0_3);""",
}

WRONG = {
    HALVING: "answer_0_1 = (bfs(WaterJugs(**TWELVE)).cost + 2, 12 * 9 * 4)\ncheck_halving_twelve(*answer_0_1);",
    TAP: RIGHT[TAP].replace(', ("empty", 0), ("empty", 1)', ""),
    MEASURABLE: RIGHT[MEASURABLE].replace(
        "answer_0_3 = (measurable,", "answer_0_3 = (measurable - {9},"
    ),
}

HOSTILE = {
    # prints "Correct!", redefines the check and patches puzzlelab's own, for a wrong answer
    HALVING: """\
import puzzlelab.exercises
import puzzlelab.exercises.jugs


def check_halving_twelve(*answer):
    print("Correct! Well done.")
    return True


puzzlelab.exercises.jugs.check_halving_twelve = check_halving_twelve
puzzlelab.exercises.answers.report = lambda ok, praise, hint: print("Correct!") or True
answer_0_1 = (1, 2)
check_halving_twelve(*answer_0_1);""",
    # hands in puzzlelab's own problem
    TAP: """\
from puzzlelab.simpleai_problems import WaterJugsProblem

answer_0_2 = WaterJugsProblem(TAP_CAPACITIES, target=TAP_TARGET, tap=True)
check_tap_problem(answer_0_2);""",
    # a made-up result, a puzzlelab of its own in the way, and every notebook it finds wiped
    MEASURABLE: """\
import glob
import os
from IPython.display import display

MIME = "application/vnd.puzzlelab.grade+json"
display({MIME: {"passed": True, "message": "Correct!", "error": "", "nonce": "0" * 32}}, raw=True)
os.makedirs("puzzlelab/classroom", exist_ok=True)
for name in ("puzzlelab/__init__.py", "puzzlelab/classroom/__init__.py"):
    open(name, "w").close()
with open("puzzlelab/classroom/checking.py", "w") as fake:
    fake.write(
        "from IPython.display import display\\n"
        "def run_check(answers, call, checks, nonce):\\n"
        f"    display({{{MIME!r}: {{'passed': True, 'message': 'Correct!', 'error': '', 'nonce': nonce}}}}, raw=True)\\n"
    )
for notebook in glob.glob("*.ipynb"):
    open(notebook, "w").write("wiped")
answer_0_3 = (..., ...)
check_measurable(*answer_0_3);""",
}


def submission(answers: dict, *, whole: bool = False, after_imports: str = "") -> str:
    """Lesson 0 as a student hands it in: *answers* in place of the exercise cells.

    Unless *whole*, the lesson's code cells that are neither its imports nor an exercise
    are left out (the grading is the same; the notebook runs in a third of the time). An
    exercise missing from *answers* is kept as the lesson has it, ``None`` deletes it.
    """
    notebook = nbformat.read(LESSON, as_version=4)
    cells = []
    for index, cell in enumerate(notebook.cells):
        exercise = lesson_cells.exercise_id(cell)
        if exercise in answers:
            if answers[exercise] is None:
                continue
            cell.source = answers[exercise]
        elif cell.cell_type == "code" and index > 1 and not exercise and not whole:
            continue
        cells.append(cell)
        if index == 1 and after_imports:
            cells.append(nbformat.v4.new_code_cell(after_imports))
    notebook.cells = cells
    return nbformat.writes(notebook)


def the_class(folder: Path) -> dict[str, str]:
    """Write the class's submissions into *folder*; return {path below it: its text}."""
    both = {TAP: RIGHT[TAP], MEASURABLE: RIGHT[MEASURABLE]}
    files = {
        "alice/00_first_search_problem_water_jugs.ipynb": submission(RIGHT, whole=True),
        "bob_00_first_search_problem_water_jugs.ipynb": submission(WRONG),
        "carol-first_search_problem_water_jugs.ipynb": submission(RIGHT)[:900],
        "dave_00_first_search_problem_water_jugs.ipynb": submission(
            {
                HALVING: "answer_0_1 = (1 / 0, 2)\ncheck_halving_twelve(*answer_0_1);",
                TAP: None,
                MEASURABLE: RIGHT[MEASURABLE],
            }  # fmt: skip
        ),
        "erin/first_search_problem_water_jugs.ipynb": submission(
            {HALVING: "while True:\n    pass", **both}
        ),
        "frank_00_first_search_problem_water_jugs.ipynb": submission(
            {HALVING: STUBBORN_LOOP, **both}
        ),
        "grace_00_first_search_problem_water_jugs.ipynb": submission(
            RIGHT, after_imports="import os\nos._exit(3)"
        ),
        "heidi_00_first_search_problem_water_jugs.ipynb": submission(
            {HALVING: "hog = bytearray(3 * 2**30)\n" + RIGHT[HALVING], **both}
        ),
        "mallory_00_first_search_problem_water_jugs.ipynb": submission(HOSTILE),
        "ivan/notes.ipynb": nbformat.writes(nbformat.v4.new_notebook()),
        "judy_00_first_search_problem_water_jugs.ipynb": submission(
            {**RIGHT, TAP: unchecked(RIGHT[TAP].replace(ACTIONS, LOOPING_ACTIONS))}
        ),
        "kate_00_first_search_problem_water_jugs.ipynb": submission(
            {**RIGHT, TAP: unchecked(RIGHT[TAP].replace(ACTIONS, EXITING_ACTIONS))}
        ),
    }
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return files


def unchecked(answer: str) -> str:
    """An answer cell without its check call: only the grader's check runs the student's code."""
    return answer.rsplit("\ncheck_", 1)[0]


ACTIONS = "    def actions(self, state):\n"

LOOPING_ACTIONS = """\
    def actions(self, state):
        while True:
            pass
"""

EXITING_ACTIONS = """\
    def actions(self, state):
        import os

        os._exit(4)
"""

STUBBORN_LOOP = """\
import time

while True:
    try:
        time.sleep(0.05)
    except KeyboardInterrupt:
        pass"""


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file under *folder* (hidden ones too), with a hash of its bytes."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Grade the class once, from the command line: (rows by student and exercise, files)."""
    folder = tmp_path_factory.mktemp("class")
    files = the_class(folder)
    before = fingerprint(folder)
    out = folder.parent / "grades.csv"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grading_kernel, "RECOVERY_SECONDS", 3)  # frank's loop: give up on it sooner
        stand_in = tmp_path_factory.mktemp("package")  # others may edit puzzlelab meanwhile
        patch.setattr(grading, "puzzlelab_folders", lambda: [stand_in])
        code = main(["grade", str(folder), "--out", str(out), "--cell-timeout", "4",
                     "--memory-limit", "2048"])  # fmt: skip
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    return {(row["student"], row["exercise"]): row for row in rows}, rows, before, folder, files


def row(graded, student, exercise):
    return graded[0][student, exercise]


# ---------------------------------------------------------------- the rows


@pytest.mark.slow  # the class runs once for every test below: about a minute
def test_one_row_per_student_and_exercise(graded):
    _, rows, *_ = graded
    students = [r["student"] for r in rows]
    expected = "alice bob carol dave erin frank grace heidi ivan judy kate mallory".split()
    assert sorted(set(students)) == expected
    assert all(students.count(name) == 3 for name in expected if name != "ivan")
    assert list(rows[0]) == ["student", "notebook", "lesson", "exercise", "outcome", "passed",
                             "message", "error", "flag", "student_id", "email"]  # fmt: skip
    assert [r["notebook"] for r in rows] == sorted(r["notebook"] for r in rows)  # in order
    for each in rows:
        assert each["outcome"] in grade_rows.OUTCOMES
        assert (each["outcome"] == "passed") == (each["passed"] == "true")


@pytest.mark.slow
def test_the_right_notebook_passes_every_exercise_with_the_checks_praise(graded):
    for exercise in (HALVING, TAP, MEASURABLE):
        alice = row(graded, "alice", exercise)
        assert alice["outcome"] == "passed" and alice["message"].startswith("Correct!")
        assert alice["error"] == "" and alice["lesson"] == SLUG
        assert alice["notebook"] == "alice/00_first_search_problem_water_jugs.ipynb"


@pytest.mark.slow
def test_wrong_answers_fail_with_the_checks_hints(graded):
    assert "pours: not the fewest" in row(graded, "bob", HALVING)["message"]
    assert "miss" in row(graded, "bob", TAP)["message"]
    assert (
        "missing" in row(graded, "bob", MEASURABLE)["message"]
        or "Not yet" in row(graded, "bob", MEASURABLE)["message"]
    )
    for exercise in (HALVING, TAP, MEASURABLE):
        bob = row(graded, "bob", exercise)
        assert bob["outcome"] == "failed" and bob["message"].startswith("Not yet")
        assert bob["error"] == ""


@pytest.mark.slow
def test_invalid_json_is_a_row_per_exercise_of_the_lesson_its_name_gives(graded):
    for exercise in (HALVING, TAP, MEASURABLE):
        carol = row(graded, "carol", exercise)
        assert carol["outcome"] == "error" and carol["lesson"] == SLUG
        assert carol["error"].startswith("not a notebook that can be read")


@pytest.mark.slow
def test_a_cell_that_raises_and_a_deleted_exercise_leave_the_others_graded(graded):
    raised = row(graded, "dave", HALVING)
    assert raised["outcome"] == "error"
    assert "raised ZeroDivisionError: division by zero" in raised["error"]
    assert "NameError: name 'answer_0_1' is not defined" in raised["error"]
    missing = row(graded, "dave", TAP)
    assert missing["outcome"] == "missing" and missing["error"].startswith("missing")
    assert row(graded, "dave", MEASURABLE)["outcome"] == "passed"


@pytest.mark.slow
def test_a_loop_is_interrupted_and_the_notebook_goes_on(graded):
    looped = row(graded, "erin", HALVING)
    assert looped["outcome"] == "error" and "ran out of time (4 s)" in looped["error"]
    assert row(graded, "erin", TAP)["outcome"] == "passed"
    assert row(graded, "erin", MEASURABLE)["outcome"] == "passed"


@pytest.mark.slow
def test_a_loop_deaf_to_interrupts_ends_that_notebook_only(graded):
    for exercise in (HALVING, TAP, MEASURABLE):
        frank = row(graded, "frank", exercise)
        assert frank["outcome"] == "error" and "did not stop when interrupted" in frank["error"]
    assert row(graded, "grace", HALVING)["student"] == "grace"  # the next notebook still ran


@pytest.mark.slow
def test_a_notebook_that_ends_its_kernel_says_where(graded):
    for exercise in (HALVING, TAP, MEASURABLE):
        grace = row(graded, "grace", exercise)
        assert grace["outcome"] == "error"
        assert "not checked: cell 3 of" in grace["error"] and "ended the kernel" in grace["error"]


@pytest.mark.slow
def test_a_check_that_loops_in_the_students_code_is_interrupted_and_the_others_run(graded):
    looped = row(graded, "judy", TAP)
    assert looped["outcome"] == "error"
    assert looped["error"] == "the check ran out of time (4 s) and was interrupted"
    assert row(graded, "judy", MEASURABLE)["outcome"] == "passed"


@pytest.mark.slow
def test_student_code_that_ends_its_process_fails_its_check_and_the_kernel_lives_on(graded):
    """The check runs the student's actions() in a child process: os._exit ends only that.

    Kate imports os, which the grader's reading flags: her other checks still run and say
    "Correct!", but are held for the teacher (``tests/test_grade_reading.py``)."""
    ended = row(graded, "kate", TAP)
    assert ended["outcome"] == "failed" and "ended the process it ran in" in ended["message"]
    for exercise in (HALVING, MEASURABLE):
        held = row(graded, "kate", exercise)
        assert held["message"].startswith("Correct!") and held["flag"] == "reaches the grader"
        assert held["outcome"] == "error" and "imports os" in held["error"]


@pytest.mark.slow
def test_a_memory_hog_meets_the_limit_and_the_kernel_lives_on(graded):
    hog = row(graded, "heidi", HALVING)
    assert hog["outcome"] == "error" and "MemoryError" in hog["error"] and "2048 MB" in hog["error"]
    assert row(graded, "heidi", TAP)["outcome"] == "passed"
    assert row(graded, "heidi", MEASURABLE)["outcome"] == "passed"


@pytest.mark.slow
def test_a_hostile_notebook_cannot_grade_itself(graded):
    patched = row(graded, "mallory", HALVING)  # printed "Correct!", patched the check
    assert patched["outcome"] == "failed" and "pours: not the fewest" in patched["message"]
    borrowed = row(graded, "mallory", TAP)  # puzzlelab's own problem
    assert (
        borrowed["outcome"] == "failed"
        and "puzzlelab's own WaterJugsProblem" in borrowed["message"]
    )
    faked = row(graded, "mallory", MEASURABLE)  # a made-up result and a puzzlelab of its own
    assert faked["outcome"] == "failed" and faked["message"].startswith("Not yet")


@pytest.mark.slow
def test_a_notebook_that_is_no_lesson_is_one_row_that_says_so(graded):
    ivan = [r for r in graded[1] if r["student"] == "ivan"]
    assert len(ivan) == 1 and ivan[0]["outcome"] == "error" and ivan[0]["exercise"] == ""
    assert ivan[0]["error"].startswith("not a puzzlelab lesson")


@pytest.mark.slow
def test_a_notebook_past_its_time_limit_is_stopped_and_says_where(tmp_path):
    slow = submission({HALVING: "import time\n\ntime.sleep(3)\n" + RIGHT[HALVING]})
    (lena := tmp_path / "lena_00_first_search_problem_water_jugs.ipynb").write_text(slow)
    out = tmp_path / "grades.csv"
    assert main(["grade", str(lena), "--out", str(out), "--time-limit", "2"]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [r["outcome"] for r in rows] == ["error"] * 3
    assert all("the notebook ran past 2 s at cell" in r["error"] for r in rows)


@pytest.mark.slow
def test_the_submissions_are_untouched(graded):
    _, _, before, folder, files = graded
    assert fingerprint(folder) == before  # nothing changed, nothing added (no checkpoints)
    for name, text in files.items():
        assert (folder / name).read_text(encoding="utf-8") == text


# ---------------------------------------------------------------- notebooks that fake the displays

# wraps IPython's display, and the publisher under it, to turn every result into a pass
CHANNEL_FORGER = """\
import json

import IPython.core.display_functions
import IPython.display

shell = get_ipython()
real_display, real_publish = IPython.display.display, type(shell.display_pub).publish


def passed(data):
    for value in data.values():
        if isinstance(value, dict):
            value.update({"passed": True, "error": ""} if "passed" in value else {})
            if "payload" in value:
                value["payload"] = json.dumps({**json.loads(value["payload"]), "passed": True})
    return data


def display(*shown, **options):
    return real_display(*(passed(each) if isinstance(each, dict) else each for each in shown), **options)


def publish(self, data, *args, **options):
    return real_publish(self, passed(data), *args, **options)


IPython.display.display = IPython.core.display_functions.display = display
type(shell.display_pub).publish = publish"""

# leaves IPython alone: only alters what the publisher sends, under the same names
PAYLOAD_FORGER = CHANNEL_FORGER.replace(
    "IPython.display.display = IPython.core.display_functions.display = display\n"
    "type(shell.display_pub).publish = publish",
    "shell.display_pub.session.send = lambda stream, message, *args, **options: (\n"
    "    passed(message.get('content', {}).get('data', {})) if isinstance(message, dict) else None,\n"
    "    type(shell.display_pub.session).send(shell.display_pub.session, stream, message, *args, **options),\n"
    ")[1]",
)


@pytest.mark.slow
@pytest.mark.parametrize("forger", [CHANNEL_FORGER, PAYLOAD_FORGER], ids=["display", "payload"])
def test_a_notebook_that_wraps_the_display_to_pass_cannot_pass(tmp_path, forger):
    (oscar := tmp_path / "oscar_00_first_search_problem_water_jugs.ipynb").write_text(
        submission(WRONG, after_imports=forger)
    )
    out = tmp_path / "grades.csv"
    assert main(["grade", str(oscar), "--out", str(out), "--cell-timeout", "20"]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    # the checks run in the grader, on the answers' values: the displays decide nothing
    assert len(rows) == 3 and [r["outcome"] for r in rows] == ["failed"] * 3, rows
    assert all(r["passed"] == "false" and r["message"].startswith("Not yet") for r in rows)


# ---------------------------------------------------------------- notebooks that write elsewhere

# finds the grader's arguments and folder in /proc, as a notebook can: rewrites the next
# student's notebook with right answers, plants a file, forges the grades' file
REWRITER = """\
import os
from pathlib import Path

grader = f"/proc/{os.getppid()}"
words = [word.decode() for word in Path(grader, "cmdline").read_bytes().split(b"\\0")]
where = Path(os.readlink(f"{grader}/cwd"))
folder = where / words[words.index("grade") + 1]
(folder / "zed_00_first_search_problem_water_jugs.ipynb").write_text(RIGHT_NOTEBOOK)
(folder / "planted.ipynb").write_text("{}")
(where / words[words.index("--out") + 1]).write_text("mallory,all passed")
answer_0_1 = (1, 2)"""


@pytest.mark.slow
def test_a_notebook_that_rewrites_other_submissions_is_caught_and_they_are_put_back(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    rewriter = f"RIGHT_NOTEBOOK = {submission(RIGHT)!r}\n{REWRITER}"
    (folder / "mallory_00_first_search_problem_water_jugs.ipynb").write_text(
        submission({HALVING: rewriter, TAP: None, MEASURABLE: None})
    )
    (folder / "zed_00_first_search_problem_water_jugs.ipynb").write_text(submission(WRONG))
    before = fingerprint(folder)
    command = [sys.executable, "-m", "puzzlelab", "grade", "class", "--out", "grades.csv"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO((tmp_path / "grades.csv").read_text())))
    mallory = [r for r in rows if r["student"] == "mallory"]
    if sandbox_works():  # in its sandbox it sees neither the grader nor the folder: it fails
        assert mallory[0]["outcome"] == "error" and "raised" in mallory[0]["error"]
        assert not (folder / "planted.ipynb").exists()
    else:  # unconfined, it does it, and is caught
        assert [r["outcome"] for r in mallory] == ["error"] * 3
        assert all("it changed files outside its own folder: " in r["error"] for r in mallory)
        assert "planted.ipynb" in mallory[0]["error"] and "grades.csv" in mallory[0]["error"]
    zed = [r for r in rows if r["student"] == "zed"]
    assert [r["outcome"] for r in zed] == ["failed"] * 3  # graded as handed in
    assert fingerprint(folder) == before


@pytest.mark.slow
def test_a_notebook_that_changes_puzzlelab_stops_the_run_and_keeps_the_grades(
    tmp_path, monkeypatch
):
    package = tmp_path / "installed" / "puzzlelab"  # stands for the package: never the real one
    package.mkdir(parents=True)
    (package / "checks.py").write_text("def check(answer):\n    return answer == 42\n")
    monkeypatch.setattr(grading, "puzzlelab_folders", lambda: [package])
    monkeypatch.setattr(grading_kernel, "sandbox_works", lambda: False)  # unconfined: it can
    monkeypatch.setenv("PUZZLELAB_HOME", str(package))  # what the notebook learns from its kernel
    writer = (
        "import os\nopen(os.environ['PUZZLELAB_HOME'] + '/checks.py', 'a').write('check = all')"
    )
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "mallory_00_first_search_problem_water_jugs.ipynb").write_text(
        submission(RIGHT, after_imports=writer)
    )
    (folder / "zed_00_first_search_problem_water_jugs.ipynb").write_text(submission(RIGHT))
    out = tmp_path / "grades.csv"
    assert main(["grade", str(folder), "--out", str(out), "--jobs", "1"]) == 2
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [r["student"] for r in rows] == ["mallory"] * 3  # zed was never run
    assert all(r["outcome"] == "error" for r in rows)
    assert all("it changed puzzlelab's own files: " in r["error"] for r in rows)


# ---------------------------------------------------------------- without a kernel


def test_json_output_and_rows_for_notebooks_that_never_run(tmp_path, capsys):
    (tmp_path / "zoe_00_first_search_problem_water_jugs.ipynb").write_text("{not json")
    (tmp_path / "zoe_scratch.ipynb").write_text(nbformat.writes(nbformat.v4.new_notebook()))
    assert main(["grade", str(tmp_path), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["status"] == "solved"  # as every --json output says: it did what was asked
    assert data["reason"] == "every notebook graded: 0 of 4 exercises passed"
    assert [(g["student"], g["exercise"]) for g in data["grades"]] == [
        ("zoe", HALVING), ("zoe", TAP), ("zoe", MEASURABLE), ("zoe_scratch", "")
    ]  # fmt: skip
    assert all(g["outcome"] == "error" and not g["passed"] for g in data["grades"])
    assert "[2/2] zoe_scratch.ipynb" in err


def test_a_submission_over_the_size_cap_is_not_read(tmp_path, monkeypatch):
    huge = tmp_path / "zoe_00_first_search_problem_water_jugs.ipynb"
    with huge.open("wb") as sparse:  # a hole: 21 MB on paper, no disk used
        sparse.truncate(grade_rows.LARGEST_SUBMISSION + 2**20)
    monkeypatch.setattr(Path, "read_bytes", lambda path: pytest.fail(f"{path} was read"))
    rows = grading.grade_submission(
        submissions.find_submissions([str(tmp_path)])[0],
        lesson_cells.trusted_lessons(),
        grade_rows.Limits(),
    )
    assert [(r.exercise, r.outcome) for r in rows] == [
        (name, "error") for name in (HALVING, TAP, MEASURABLE)
    ]
    assert all(
        r.error == "too large to grade: 21 MB, over the 20 MB a submission may have" for r in rows
    )


def test_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys):
    assert main(["grade", str(tmp_path / "nowhere")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["grade", str(tmp_path)]) == 2
    assert "no notebook (.ipynb) found" in capsys.readouterr().err


def test_an_out_file_that_cannot_be_written_is_refused_before_any_notebook_runs(
    tmp_path, capsys, monkeypatch
):
    (tmp_path / "zoe_00_first_search_problem_water_jugs.ipynb").write_text(submission(RIGHT))
    graded = []
    monkeypatch.setattr(grading, "grade_all", lambda *args, **options: graded.append(args) or [])
    for out in (tmp_path / "no-such-folder" / "grades.csv", tmp_path):
        assert main(["grade", str(tmp_path), "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert f"--out {out}: cannot write there" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1
    assert graded == []  # refused before grading began
    assert not (tmp_path / "no-such-folder").exists()


def test_grades_that_cannot_be_written_after_all_are_printed(tmp_path, capsys, monkeypatch):
    (zoe := tmp_path / "zoe_00_first_search_problem_water_jugs.ipynb").write_text("{not json")
    out = tmp_path / "grades.csv"
    real_grade_all = grading.grade_all

    def grade_then_lose_the_file(*args, **options):
        grades = real_grade_all(*args, **options)
        out.unlink()  # written after the notebook: a folder takes its place now
        out.mkdir()
        return grades

    monkeypatch.setattr(grading, "grade_all", grade_then_lose_the_file)
    code = main(["grade", str(zoe), "--out", str(out)])
    printed, err = capsys.readouterr()
    assert code == 2 and "the grades are printed above instead" in err
    assert printed.splitlines()[0].startswith("student,notebook,lesson,exercise")
    assert len(printed.splitlines()) == 4


def test_without_jupyter_it_says_what_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(grade, "find_spec", lambda name: None if name == "nbclient" else True)
    assert main(["grade", str(tmp_path)]) == 2
    assert (
        "with nbclient, not installed here: pip install 'puzzlelab[grade]'"
        in capsys.readouterr().err
    )


def test_the_teachers_guide_names_the_columns_outcomes_and_limits_the_command_has():
    guide = (LESSON.parents[1] / "docs" / "guide" / "teachers.md").read_text(encoding="utf-8")
    section = guide.split("\n## Grading a class", 1)[1].split("\n## ", 1)[0]
    columns = ", ".join(field.name for field in fields(grade_rows.Grade))
    assert f"`{columns}`" in section
    assert all(f"`{outcome}`" in section for outcome in grade_rows.OUTCOMES)
    args = build_parser().parse_args(["grade", "class"])
    assert f"`--memory-limit` {args.memory_limit} MB" in section
    assert f"`--cell-timeout` {args.cell_timeout} s" in section
    assert f"`--time-limit` {args.time_limit} s" in section


@pytest.mark.parametrize(
    "shown, root, student",
    [
        ("alice/lesson0.ipynb", "class", "alice"),
        ("bob_00_first_search_problem_water_jugs.ipynb", "class", "bob"),
        ("first_search_problem_water_jugs-carol.ipynb", "class", "carol"),
        ("dave.ipynb", "class", "dave"),
        ("class/erin/00_first_search_problem_water_jugs.ipynb", None, "erin"),
    ],
)
def test_students_are_named_by_their_folder_or_file(shown, root, student):
    path = Path(root or "") / shown
    found = submissions.Submission(path, shown, Path(root) if root else None)
    assert submissions.student_of(found, list(lesson_cells.trusted_lessons())) == student
