"""``puzzlelab grade`` keeps what it has and makes a gradebook of it.

Files that are not notebooks are refused in a row, the grades file is written after every
notebook (a kill leaves the finished ones), ``--resume`` goes on from it, the grader's memory
stays bounded whatever a kernel displays, and the summary, roster and exports say the same
as the rows. Most tests need no kernel (a notebook that cannot be read never starts one);
those that run kernels are marked slow and kept small.
"""

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from test_grade import HALVING, MEASURABLE, RIGHT, SLUG, TAP, submission

from puzzlelab.classroom import gradebook, grading, watch
from puzzlelab.classroom.grades import Grade, read_grades
from puzzlelab.classroom.submissions import find_submissions
from puzzlelab.cli import main

LESSON_0 = f"00_{SLUG}.ipynb"
BROKEN = "{not json"  # a notebook that cannot be read: its rows come without a kernel


@pytest.fixture(autouse=True)
def no_package_watch(tmp_path_factory, monkeypatch):
    """Watch an empty stand-in for puzzlelab's files: others may edit the real ones meanwhile."""
    monkeypatch.setattr(grading, "puzzlelab_folders", lambda: [tmp_path_factory.mktemp("pkg")])


def rows_of(path: Path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- files that are not notebooks


def test_a_pipe_named_like_a_notebook_is_refused_in_its_row_and_never_opened(tmp_path):
    folder = tmp_path / "class"
    write(folder / f"ann_{LESSON_0}", BROKEN)
    os.mkfifo(folder / f"bob_{LESSON_0}")  # opening it to read would wait for a writer forever
    out = tmp_path / "grades.csv"
    started = time.monotonic()
    assert main(["grade", str(folder), "--out", str(out)]) == 0
    assert time.monotonic() - started < 30
    bob = [row for row in rows_of(out) if row["student"] == "bob"]
    assert len(bob) == 1 and bob[0]["outcome"] == "error"
    assert bob[0]["error"].startswith("refused: ") and "(a pipe)" in bob[0]["error"]
    assert len(bob[0]["error"].splitlines()) == 1


def test_a_file_name_that_is_no_utf8_is_graded_under_a_readable_name(tmp_path):
    """A zip made on another system may name a file in bytes that are no UTF-8."""
    folder = tmp_path / "class"
    write(folder / f"ann_{LESSON_0}", BROKEN)
    write(folder / os.fsdecode(b"b\xf6b_" + LESSON_0.encode()), BROKEN)
    out = tmp_path / "grades.csv"
    assert (
        main(["grade", str(folder), "--out", str(out), "--summary", str(tmp_path / "s.csv")]) == 0
    )
    assert {row["student"] for row in rows_of(out)} == {"ann", "b\ufffdb"}


def test_a_link_out_of_the_folder_is_refused_and_its_target_never_read(tmp_path):
    secret = write(tmp_path / "secret" / "answers.ipynb", "TOP SECRET first line")
    folder = tmp_path / "class"
    write(folder / f"ann_{LESSON_0}", BROKEN)
    (folder / f"eve_{LESSON_0}").symlink_to(secret)
    out = tmp_path / "grades.csv"
    assert main(["grade", str(folder), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "TOP SECRET" not in text
    eve = [row for row in rows_of(out) if row["student"] == "eve"]
    assert len(eve) == 1 and "is a link that leads out of" in eve[0]["error"]
    assert {row["notebook"] for row in rows_of(out)} == {f"ann_{LESSON_0}", f"eve_{LESSON_0}"}


def test_a_link_to_a_classmates_notebook_takes_nothing_from_them(tmp_path):
    folder = tmp_path / "class"
    ann = write(folder / "ann" / LESSON_0, BROKEN)
    (folder / "aaron").mkdir()
    (folder / "aaron" / LESSON_0).symlink_to(ann)  # sorts before ann's own
    found = {each.shown: each for each in find_submissions([str(folder)])}
    assert found[f"ann/{LESSON_0}"].refused == ""
    said = found[f"aaron/{LESSON_0}"].refused
    assert (
        said == f"refused: aaron/{LESSON_0} is a link to ann/{LESSON_0}, which is graded as itself"
    )


def test_an_out_file_inside_the_submissions_is_refused_before_anything_runs(tmp_path, capsys):
    folder = tmp_path / "class"
    notebook = write(folder / f"ann_{LESSON_0}", BROKEN)
    for out in (folder / "grades.csv", notebook):
        assert main(["grade", str(folder), "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert "lies inside the submissions" in err and len(err.strip().splitlines()) == 1
    assert notebook.read_text(encoding="utf-8") == BROKEN
    assert not (folder / "grades.csv").exists()


def test_a_notebook_named_twice_is_graded_once(tmp_path, capsys):
    folder = tmp_path / "class"
    notebook = write(folder / f"ann_{LESSON_0}", BROKEN)
    assert main(["grade", str(folder), str(folder), str(notebook), "--json"]) == 0
    grades = json.loads(capsys.readouterr().out)["grades"]
    assert len(grades) == 3 and {g["exercise"] for g in grades} == {HALVING, TAP, MEASURABLE}


# ---------------------------------------------------------------- keeping what it has


def test_resume_keeps_the_rows_there_and_grades_only_the_rest(tmp_path, capsys):
    folder = tmp_path / "class"
    write(folder / f"ann_{LESSON_0}", BROKEN)
    write(folder / f"bob_{LESSON_0}", BROKEN)
    out = tmp_path / "grades.csv"
    kept = Grade("ann", f"ann_{LESSON_0}", SLUG, HALVING, "passed", True, "Correct!")
    out.write_text(gradebook.GradesFile(None, False, [kept], []).text(True), encoding="utf-8")
    assert main(["grade", str(folder), "--out", str(out), "--resume"]) == 0
    rows = rows_of(out)
    assert rows[0] == {**rows[0], "student": "ann", "outcome": "passed", "passed": "true"}
    assert [row["student"] for row in rows] == ["ann", "bob", "bob", "bob"]  # ann not again
    assert "[1/1] bob_" in capsys.readouterr().err
    assert main(["grade", str(folder), "--resume"]) == 2  # --resume needs --out
    assert "give --out too" in capsys.readouterr().err


def test_the_grades_file_is_written_after_each_notebook(tmp_path, monkeypatch):
    folder = tmp_path / "class"
    for name in ("ann", "bob", "cid"):
        write(folder / f"{name}_{LESSON_0}", BROKEN)
    out = tmp_path / "grades.json"
    seen = []
    real = gradebook.GradesFile.add

    def add_then_look(book, order, rows):
        real(book, order, rows)
        seen.append(json.loads(out.read_text(encoding="utf-8")))

    monkeypatch.setattr(gradebook.GradesFile, "add", add_then_look)
    assert main(["grade", str(folder), "--out", str(out), "--json", "--jobs", "2"]) == 0
    assert [len(data["grades"]) for data in seen] == [3, 6, 9]
    assert all(data["status"] == "interrupted" for data in seen)  # the run was not over yet
    final = json.loads(out.read_text(encoding="utf-8"))
    assert final["status"] == "solved"
    assert [g["student"] for g in final["grades"]] == ["ann"] * 3 + ["bob"] * 3 + ["cid"] * 3


def test_after_a_notebook_only_the_files_whose_stat_changed_are_read(tmp_path, monkeypatch):
    for number in range(5):
        write(tmp_path / "class" / f"s{number}_{LESSON_0}", f"notebook {number}")
    files = watch.Watcher([tmp_path / "class"])
    read = []
    monkeypatch.setattr(watch, "read_regular", lambda path: read.append(path) or b"changed")
    assert files.changes() == ([], []) and read == []
    changed = write(tmp_path / "class" / f"s3_{LESSON_0}", "rewritten")
    assert files.changes() == ([changed], []) and set(read) == {changed}  # and after put back
    monkeypatch.undo()
    assert changed.read_text(encoding="utf-8") == "notebook 3"  # put back


# The grader in a process of its own, as a teacher runs it, but watching an empty stand-in for
# puzzlelab's files: others may edit the real ones while the tests run.
GRADER = """\
import sys
from puzzlelab.classroom import grading
from puzzlelab.cli import main
grading.puzzlelab_folders = lambda: []
sys.exit(main(["grade", *sys.argv[1:]]))
"""


def grader(tmp_path: Path, *options: str) -> subprocess.Popen:
    """``puzzlelab grade class --out grades.csv`` in *tmp_path*, its progress on a pipe."""
    command = [sys.executable, "-c", GRADER, "class", "--out", "grades.csv", *options]
    return subprocess.Popen(command, cwd=tmp_path, stderr=subprocess.PIPE, text=True)


def slow_class(tmp_path: Path) -> None:
    """A quick notebook, then one whose first answer sleeps a minute."""
    write(tmp_path / "class" / f"ann_{LESSON_0}", submission({**RIGHT, TAP: None}))
    sleeper = submission({HALVING: "import time\ntime.sleep(60)", TAP: None, MEASURABLE: None})
    write(tmp_path / "class" / f"bob_{LESSON_0}", sleeper)


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGINT], ids=["kill", "ctrl-c"])
def test_a_grader_stopped_midway_keeps_the_finished_grades(tmp_path, stop):
    slow_class(tmp_path)
    running = grader(tmp_path, "--jobs", "1", "--cell-timeout", "90")
    try:
        first = running.stderr.readline()
        assert first.startswith("[1/2] ann_"), first
        running.send_signal(stop)
        said = running.stderr.read()
        code = running.wait(timeout=60)
    finally:
        running.kill()
    rows = rows_of(tmp_path / "grades.csv")
    assert [row["student"] for row in rows] == ["ann"] * 3
    assert [row["outcome"] for row in rows] == ["passed", "missing", "passed"]
    if stop == signal.SIGINT:
        assert code == 1
        assert "interrupted after 1 of 2 notebooks; the grades of 1 are in grades.csv" in said
        assert "before any result" not in said


@pytest.mark.slow
def test_the_graders_memory_stays_bounded_whatever_a_kernel_displays(tmp_path):
    flood = """\
import base64, os, time
from IPython.display import display

picture = base64.b64encode(os.urandom(4 * 2**20)).decode()
end = time.monotonic() + 5
while time.monotonic() < end:
    display({"image/png": picture}, raw=True)
    os.write(1, b"x" * 2**20)
    print("y" * 2**20)"""
    write(tmp_path / "class" / f"zed_{LESSON_0}", submission({**RIGHT, HALVING: flood}))
    running = grader(tmp_path, "--cell-timeout", "30")
    peak = 0
    while running.poll() is None:
        try:  # the peak so far, in kB, while the process lives
            status = Path(f"/proc/{running.pid}/status").read_text()
            peak = max(peak, int(status.split("VmHWM:")[1].split()[0]) // 1024)
        except (OSError, IndexError):
            pass
        time.sleep(0.05)
    assert running.returncode == 0, running.stderr.read()
    assert peak < 400, f"the grader grew to {peak} MB"
    zed = {row["exercise"]: row for row in rows_of(tmp_path / "grades.csv")}
    for exercise in (TAP, MEASURABLE):  # checked, and held for the teacher: zed imports os
        assert zed[exercise]["message"].startswith("Correct!"), zed[exercise]
        assert zed[exercise]["flag"] == "reaches the grader"


# ---------------------------------------------------------------- the gradebook


def class_rows() -> list[Grade]:
    """Two students of lesson 0 (folders as Moodle names them) and one of lesson 8."""
    moodle = "Ann Lee_101_assignsubmission_file_"
    rows = [Grade("Ann Lee_101_assignsubmission_file_", f"{moodle}/{LESSON_0}", SLUG, name,
                  outcome, outcome == "passed")
            for name, outcome in [(HALVING, "passed"), (TAP, "failed"), (MEASURABLE, "passed")]]  # fmt: skip
    rows += [Grade("bob", f"bob_{LESSON_0}", SLUG, name, "missing") for name in (HALVING, TAP)]
    rows += [Grade("bob", f"bob_{LESSON_0}", SLUG, MEASURABLE, "passed", True)]
    rows += [Grade("bob", "bob_08_mastermind.ipynb", "mastermind", "mastermind:codes-left",
                   "passed", True, flag="wrong lesson")]  # fmt: skip
    return rows


ROSTER = """\
submission,student_id,email,login
Ann Lee,S1,ann@school.org,
bob,S2,bob@school.org,blee
cid,S3,cid@school.org,
"""


def test_the_roster_names_students_by_folder_prefix_or_name(tmp_path):
    roster = gradebook.read_roster(write(tmp_path / "roster.csv", ROSTER))
    rows = gradebook.with_roster(class_rows(), roster)
    assert {(row.student_id, row.email) for row in rows} == {
        ("S1", "ann@school.org"), ("S2", "bob@school.org")}  # fmt: skip
    bad = write(tmp_path / "bad.csv", "name,mail\nann,a@b\n")
    with pytest.raises(Exception, match="needs a header row with the columns submission"):
        gradebook.read_roster(bad)


def test_the_summary_has_a_row_per_student_a_column_per_exercise_and_a_total(tmp_path):
    roster = gradebook.read_roster(write(tmp_path / "roster.csv", ROSTER))
    table = list(csv.DictReader(io.StringIO(gradebook.summary_csv(class_rows(), roster))))
    assert list(table[0]) == ["student", "student_id", "email", HALVING, TAP, MEASURABLE,
                              "mastermind:codes-left", "total", "out_of", "flags"]  # fmt: skip
    ann, bob, cid = table
    assert (ann[HALVING], ann[TAP], ann["mastermind:codes-left"], ann["total"]) == (
        "1",
        "0",
        "",
        "2",
    )
    assert (bob["student_id"], bob["total"], bob["out_of"], bob["flags"]) == ("S2", "2", "4",
                                                                           "wrong lesson")  # fmt: skip
    assert (cid["student"], cid["total"], cid["flags"]) == ("cid", "0", "no submission")


def test_the_exports_have_the_columns_moodle_and_canvas_import(tmp_path):
    roster = gradebook.read_roster(write(tmp_path / "roster.csv", ROSTER))
    moodle, _ = gradebook.export_csv(class_rows(), roster, "moodle")
    table = list(csv.DictReader(io.StringIO(moodle)))
    assert list(table[0]) == ["ID number", "Email address", SLUG, "mastermind"]
    assert [(r["ID number"], r[SLUG], r["mastermind"]) for r in table] == [
        ("S1", "2", ""), ("S2", "1", "1"), ("S3", "", "")]  # fmt: skip
    canvas, _ = gradebook.export_csv(class_rows(), roster, "canvas")
    table = list(csv.DictReader(io.StringIO(canvas)))
    assert list(table[0])[:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    assert [r["SIS Login ID"] for r in table] == ["ann@school.org", "blee", "cid@school.org"]
    _, left_out = gradebook.export_csv(class_rows(), [], "moodle")
    assert left_out == 2  # no roster: nobody can be named to Moodle


def test_summary_roster_and_export_from_the_command_line(tmp_path, capsys):
    folder = tmp_path / "class"
    write(folder / f"bob_{LESSON_0}", BROKEN)
    write(folder / f"dan_{LESSON_0}", BROKEN)  # not on the roster
    roster = write(tmp_path / "roster.csv", ROSTER)
    out, summary, export = (tmp_path / name for name in ("g.csv", "s.csv", "canvas.csv"))
    assert main(["grade", str(folder), "--out", str(out), "--roster", str(roster),
                 "--summary", str(summary), "--export", "canvas", str(export)]) == 0  # fmt: skip
    assert {(r["student"], r["student_id"], r["email"]) for r in rows_of(out)} == {
        ("bob", "S2", "bob@school.org"), ("dan", "", "")}  # fmt: skip
    assert [r["student"] for r in rows_of(summary)] == ["bob", "dan", "Ann Lee", "cid"]
    assert [r["SIS User ID"] for r in rows_of(export)] == ["S2", "S1", "S3"]
    assert "1 students left out" in capsys.readouterr().err
    assert main(["grade", str(folder), "--export", "blackboard", str(export),
                 "--roster", str(roster)]) == 2  # fmt: skip
    assert main(["grade", str(folder), "--export", "moodle", str(export)]) == 2  # no roster


def test_a_notebook_with_no_answer_cells_is_flagged(tmp_path, capsys):
    empty = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    write(tmp_path / f"ann_{LESSON_0}", nbformat.writes(empty))
    assert main(["grade", str(tmp_path), "--json"]) == 0
    grades = json.loads(capsys.readouterr().out)["grades"]
    assert [(g["outcome"], g["flag"]) for g in grades] == [("missing", "no answer cells")] * 3


@pytest.mark.slow
def test_a_notebook_of_another_lesson_than_its_name_is_flagged(tmp_path, capsys):
    lesson_8 = Path(__file__).parent.parent / "notebooks" / "08_mastermind.ipynb"
    notebook = nbformat.read(lesson_8, as_version=4)
    notebook.cells = [cell for cell in notebook.cells if cell.metadata.get("puzzlelab")]
    write(tmp_path / f"ann_{LESSON_0}", nbformat.writes(notebook))
    assert main(["grade", str(tmp_path), "--json", "--cell-timeout", "20"]) == 0
    grades = json.loads(capsys.readouterr().out)["grades"]
    assert {g["lesson"] for g in grades} == {"mastermind"}
    assert {g["flag"] for g in grades} == {"wrong lesson"}


def test_a_grades_file_that_is_not_grades_cannot_be_resumed(tmp_path):
    out = write(tmp_path / "grades.json", "[1, 2]")
    with pytest.raises(Exception, match="cannot be read as grades"):
        read_grades(out, as_json=True)


def test_a_name_that_a_spreadsheet_would_run_is_written_inert(tmp_path, capsys):
    folder = tmp_path / "class"
    name = '=HYPERLINK("evil.example","click")'
    write(folder / name / LESSON_0, BROKEN)
    out, summary = tmp_path / "grades.csv", tmp_path / "summary.csv"
    assert main(["grade", str(folder), "--out", str(out), "--summary", str(summary)]) == 0
    assert {row["student"] for row in rows_of(out)} == {"'" + name}
    assert [row["student"] for row in rows_of(summary)] == ["'" + name]
    assert [g.student for g in read_grades(out, as_json=False)] == [name] * 3  # read back as is
    assert main(["grade", str(folder), "--out", str(out), "--resume"]) == 0
    assert "0 of 3 exercises passed" in capsys.readouterr().err  # nothing graded again


# a display nested deeper than the grader's JSON reader goes
DEEP_DISPLAY = """\
import sys
from IPython.display import display

sys.setrecursionlimit(100_000)
deep = []
for _ in range(20_000):
    deep = [deep]
display({"application/json": {"deep": deep}, "text/plain": "deep"}, raw=True)"""


@pytest.mark.slow
def test_a_display_too_deep_to_read_costs_the_notebook_nothing(tmp_path):
    folder = tmp_path / "class"
    write(
        folder / "ann" / LESSON_0, submission({HALVING: RIGHT[HALVING]}, after_imports=DEEP_DISPLAY)
    )
    out = tmp_path / "grades.csv"
    assert main(["grade", str(folder), "--out", str(out)]) == 0
    rows = {row["exercise"]: row for row in rows_of(out)}
    assert rows[HALVING]["outcome"] == "passed", rows
    assert {row["student"] for row in rows.values()} == {"ann"}
