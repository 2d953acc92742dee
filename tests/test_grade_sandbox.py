"""The sandbox a submitted notebook's kernel runs in (``bwrap``): what it can and cannot reach."""

import json
import subprocess
import sys
import textwrap
import time

import pytest

from puzzlelab.classroom import sandbox
from puzzlelab.classroom.sandbox import UNCONFINED, readable_folders, sandboxed

needs_bwrap = pytest.mark.skipif(
    sandbox.bubblewrap() is None, reason="no bwrap here: .ci/run installs Debian's bubblewrap"
)

#: What a hostile notebook tries, each attempt's outcome printed as JSON.
ATTEMPTS = textwrap.dedent(
    """
    import json, os, socket, sys, time
    seen = {}
    def attempt(name, action):
        try:
            seen[name] = repr(action())
        except Exception as error:
            seen[name] = type(error).__name__
    attempt("read a classmate", lambda: open(sys.argv[1]).read())
    attempt("list the submissions", lambda: os.listdir(sys.argv[2]))
    attempt("read the grades", lambda: open(sys.argv[3]).read())
    attempt("write beside the package", lambda: open(sys.argv[4], "w").write("x"))
    attempt("write in its own folder", lambda: open("mine.txt", "w").write("ok"))
    attempt("reach the network", lambda: socket.create_connection(("1.1.1.1", 80), timeout=2))
    attempt("processes it sees", lambda: len([p for p in os.listdir("/proc") if p.isdigit()]))
    attempt("import puzzlelab", lambda: __import__("puzzlelab").__name__)
    def fill(path):  # /tmp and a hidden folder live in memory: bounded there
        with open(path, "wb") as out:
            for _ in range(400):
                out.write(bytes(2**20))
    attempt("fill /tmp with 400 MB", lambda: fill("/tmp/fill"))
    attempt("fill a hidden folder", lambda: fill(sys.argv[2] + "/fill"))
    if os.fork() == 0:  # a sleeper that outlives the kernel, in a session of its own
        os.setsid()
        if os.fork() == 0:
            time.sleep(2)
            open("late.txt", "w").write("still here")
        os._exit(0)
    print(json.dumps(seen))
    """
)


@needs_bwrap
def test_a_sandboxed_kernel_reaches_only_its_own_folder_and_leaves_nothing_running(tmp_path):
    submissions, work, out = tmp_path / "submissions", tmp_path / "work", tmp_path / "out"
    for folder in (submissions, work, out):
        folder.mkdir()
    classmate = submissions / "bob" / "02_write_your_own_search.ipynb"
    classmate.parent.mkdir()
    classmate.write_text("bob's answers")
    grades = out / "grades.csv"
    grades.write_text("alice,passed")
    beside = readable_folders()[0] / "planted.txt"
    argv = [
        sys.executable,
        "-c",
        ATTEMPTS,
        str(classmate),
        str(submissions),
        str(grades),
        str(beside),
    ]
    command = sandboxed(argv, work, readable_folders(), hidden=[submissions, out])
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["read a classmate"] == "FileNotFoundError"
    assert seen["list the submissions"] == "[]"
    assert seen["read the grades"] == "FileNotFoundError"  # its folder is an empty one there
    assert seen["write beside the package"] == "OSError"  # a read-only file system
    assert seen["write in its own folder"] == "2"
    assert seen["reach the network"] == "OSError"
    assert int(seen["processes it sees"]) <= 3  # itself, bwrap's init, its own children
    assert seen["import puzzlelab"] == "'puzzlelab'"
    if sandbox._sizes_tmpfs():  # bubblewrap 0.5 and later
        assert seen["fill /tmp with 400 MB"] == seen["fill a hidden folder"] == "OSError"
    time.sleep(3)
    assert not (work / "late.txt").exists(), "a process outlived the sandbox"
    assert (work / "mine.txt").read_text() == "ok"
    assert classmate.read_text() == "bob's answers" and not beside.exists()


def test_without_bwrap_the_command_runs_as_it_is_and_the_warning_says_what_is_open(
    monkeypatch, tmp_path
):
    monkeypatch.setattr(sandbox, "bubblewrap", lambda: None)
    assert sandboxed(["python3", "-V"], tmp_path, readable_folders()) == ["python3", "-V"]
    for open_door in ("other submissions", "network", "leave processes behind"):
        assert open_door in UNCONFINED


def test_the_folder_the_grader_started_in_is_not_readable(tmp_path, monkeypatch):
    """``python -m puzzlelab grade`` puts the folder it started in on the path: that folder may
    hold the roster and the answer key, so the kernel does not see it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(tmp_path), "", *sys.path])
    folders = readable_folders()
    assert not any(tmp_path == folder or tmp_path.is_relative_to(folder) for folder in folders)


def test_the_folders_a_kernel_reads_hold_python_and_puzzlelab():
    import puzzlelab

    folders = readable_folders()
    assert any(sys.base_prefix == str(folder) for folder in folders)
    assert any(str(folder) in puzzlelab.__file__ for folder in folders)


def test_the_grader_says_once_what_is_not_isolated_when_it_cannot_sandbox(monkeypatch, tmp_path):
    import nbformat

    from puzzlelab.classroom import grading
    from puzzlelab.classroom.grades import Limits

    (tmp_path / "zoe_scratch.ipynb").write_text(nbformat.writes(nbformat.v4.new_notebook()))
    said = []
    monkeypatch.setattr(grading, "sandbox_works", lambda: False)
    grading.grade_all([str(tmp_path)], Limits(), progress=said.append)
    assert said[0] == UNCONFINED and said.count(UNCONFINED) == 1
    said.clear()
    monkeypatch.setattr(grading, "sandbox_works", lambda: True)
    grading.grade_all([str(tmp_path)], Limits(), progress=said.append)
    assert UNCONFINED not in said


# a notebook that writes one file past the bound, then fills its folder with small ones
FILLING = """\
import os

try:
    with open("one_big_file", "wb") as out:
        out.write(bytes(300 * 2**20))
except OSError as error:
    print("one file:", error.strerror)
os.remove("one_big_file")
for number in range(60):
    with open(f"fill_{number}", "wb") as out:
        out.write(bytes(20 * 2**20))
"""


@pytest.mark.slow
def test_a_notebook_that_fills_its_folder_is_ended_and_says_so(tmp_path):
    from test_hostile_verdicts import LESSON_0, graded, submission

    started = time.monotonic()
    rows = graded(tmp_path, LESSON_0, submission(LESSON_0, {}, FILLING))
    assert time.monotonic() - started < 90
    assert rows and all(row["outcome"] == "error" for row in rows.values()), rows
    assert all("wrote over 256 MB into its own folder" in row["error"] for row in rows.values())
