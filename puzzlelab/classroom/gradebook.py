"""The gradebook: the grades file, a roster, a per-student summary, Moodle and Canvas exports."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import PuzzleError, one_line
from .grades import Grade, grades_csv, table_csv, write_atomically
from .submissions import read_regular

#: The columns a roster must have.
ROSTER_COLUMNS = ("submission", "student_id", "email")

#: The columns that say who a student is, in each format ``--export`` writes.
EXPORT_COLUMNS = {
    "moodle": ["ID number", "Email address"],
    "canvas": ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"],
}


@dataclass(frozen=True)
class Student:
    """A student on the roster: the submission name, id, email and login (for Canvas).

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """

    submission: str
    student_id: str
    email: str
    login: str = ""


def read_roster(path: Path) -> list[Student]:
    """Return the students a roster file lists; PuzzleError if it cannot be read.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    try:
        text = read_regular(path).decode("utf-8-sig")
        rows = list(csv.DictReader(io.StringIO(text)))
    except (OSError, UnicodeError, csv.Error) as error:
        raise PuzzleError(f"--roster {path} cannot be read: {one_line(error)}") from None
    header = {name.strip().lower(): name for name in (rows[0] if rows else {})}
    missing = [name for name in ROSTER_COLUMNS if name not in header]
    if not rows or missing:
        raise PuzzleError(
            f"--roster {path} needs a header row with the columns {', '.join(ROSTER_COLUMNS)} "
            f"(and optionally login), and a row per student; "
            + (f"it has no {', '.join(missing)}" if rows else "it is empty")
        )
    columns = [header.get(name, "") for name in (*ROSTER_COLUMNS, "login")]
    return [Student(*((row.get(column) or "").strip() for column in columns)) for row in rows]


def on_roster(row: Grade, roster: list[Student]) -> Student | None:
    """The student a grade is from, on *roster*: the longest submission name that is the
    student's, the notebook's folder or file name, or begins one of them followed by ``_``.

    >>> roster = [Student("Alice Smith", "1234", "alice@school.org")]
    >>> row = Grade("Alice Smith_77_assignsubmission_file_", "Alice Smith_77_a/l.ipynb", "", "")
    >>> on_roster(row, roster).email
    'alice@school.org'
    """
    folder, stem = row.notebook.split("/")[0], Path(row.notebook).stem
    names = [f"{name}_" for name in (row.student, folder, stem)]  # "a_1_b" begins with "a_"
    matches = [
        s for s in roster if s.submission and any(n.startswith(f"{s.submission}_") for n in names)
    ]
    return max(matches, key=lambda student: len(student.submission), default=None)


def with_roster(grades: list[Grade], roster: list[Student]) -> list[Grade]:
    """Fill *grades*' ``student_id`` and ``email`` from *roster*; return them.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    for row in grades:
        student = on_roster(row, roster)
        if student:
            row.student_id, row.email = student.student_id, student.email
    return grades


class GradesFile:
    """The grades of a run, written whole to *path* after every notebook; *kept* come first.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """

    def __init__(
        self, path: Path | None, as_json: bool, kept: list[Grade], roster: list[Student]
    ) -> None:
        self.path, self.as_json, self.roster = path, as_json, roster
        self.kept = with_roster(kept, roster)
        self.decided: dict[int, list[Grade]] = {}
        self.reason = ""  # why the run stopped early, if it did

    def add(self, order: int, rows: list[Grade]) -> None:
        """Add the rows of the notebook *order*, and write the file."""
        self.decided[order] = with_roster(rows, self.roster)
        if self.path:
            self.write(finished=False)

    def grades(self) -> list[Grade]:
        """Every grade: the kept ones, then this run's in the submissions' order."""
        return self.kept + [row for order in sorted(self.decided) for row in self.decided[order]]

    def text(self, finished: bool) -> str:
        """The file's text: CSV, or JSON whose status says whether the run *finished*."""
        grades = self.grades()
        if not self.as_json:
            return grades_csv(grades)
        passed = f"{sum(row.passed for row in grades)} of {len(grades)} exercises passed"
        reason = self.reason or f"{len(self.decided)} notebooks graded so far, the run goes on"
        data = {"status": "interrupted", "reason": f"{reason}: {passed}"}
        if finished:
            data = {"status": "solved", "reason": f"every notebook graded: {passed}"}
        return json.dumps(data | {"grades": [asdict(grade) for grade in grades]}, indent=1) + "\n"

    def write(self, finished: bool) -> None:
        """Write the file whole (a kill leaves the last whole version)."""
        assert self.path is not None
        write_atomically(self.path, self.text(finished))


def _students(grades: list[Grade], roster: list[Student]) -> list[tuple[Student, list[Grade]]]:
    """Each student (by id or email, else name) with their grades; those without come last."""
    found: dict[str, tuple[Student, list[Grade]]] = {}
    for row in with_roster(grades, roster):
        key = row.student_id or row.email or row.student
        if key not in found:
            listed = on_roster(row, roster)
            login = listed.login if listed else ""
            found[key] = (Student(row.student, row.student_id, row.email, login), [])
        found[key][1].append(row)
    for student in roster:
        key = student.student_id or student.email
        if key and key not in found:
            found[key] = (student, [])
    return list(found.values())


def _exercise_columns(grades: list[Grade]) -> list[str]:
    """The exercises graded, in the order first met: the summary's columns and its header."""
    return list(dict.fromkeys(row.exercise for row in grades if row.exercise))


def summary_rows(grades: list[Grade], roster: list[Student]) -> list[dict[str, str]]:
    """One row per student: name, id, email, a score per exercise, total, out of, flags.

    >>> rows = [Grade("ann", "ann.ipynb", "l", "l:a", "passed", True),
    ...         Grade("ann", "ann.ipynb", "l", "l:b", "failed")]
    >>> summary_rows(rows, [])[0]
    {'student': 'ann', 'student_id': '', 'email': '', 'l:a': '1', 'l:b': '0', 'total': '1', \
'out_of': '2', 'flags': ''}
    """
    columns = _exercise_columns(grades)
    table = []
    for student, rows in _students(grades, roster):
        scores = dict.fromkeys(columns, "")
        for row in rows:
            if row.exercise:
                scores[row.exercise] = "1" if row.passed or scores[row.exercise] == "1" else "0"
        flags = sorted({row.flag for row in rows if row.flag}) if rows else ["no submission"]
        table.append(
            {
                "student": student.submission,
                "student_id": student.student_id,
                "email": student.email,
                **scores,
                "total": str(sum(score == "1" for score in scores.values())),
                "out_of": str(len(columns)),
                "flags": "; ".join(flags),
            }
        )
    return table


def summary_csv(grades: list[Grade], roster: list[Student]) -> str:
    """The summary (:func:`summary_rows`) as CSV text.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    columns = _exercise_columns(grades)
    header = ["student", "student_id", "email", *columns, "total", "out_of", "flags"]
    return table_csv(summary_rows(grades, roster), header)


def export_csv(grades: list[Grade], roster: list[Student], system: str) -> tuple[str, int]:
    """The grades as Moodle or Canvas imports them, and how many lacked an id or email.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    lessons = list(dict.fromkeys(row.lesson for row in grades if row.lesson))
    table, left_out = [], 0
    for student, rows in _students(grades, roster):
        if not (student.student_id or student.email):
            left_out += 1
            continue
        scores = {lesson: _lesson_score(rows, lesson) for lesson in lessons}
        who = [student.student_id, student.email]
        if system == "canvas":
            who = [student.submission, "", student.student_id, student.login or student.email, ""]
        table.append(dict(zip(EXPORT_COLUMNS[system], who)) | scores)
    return table_csv(table, EXPORT_COLUMNS[system] + lessons), left_out


def _lesson_score(rows: list[Grade], lesson: str) -> str:
    """The exercises of *lesson* passed in *rows*, or ``""`` if none is of that lesson."""
    ours = [row for row in rows if row.lesson == lesson and row.exercise]
    passed = {row.exercise for row in ours if row.passed}
    return str(len(passed)) if ours else ""


def write_file(path: Path, text: str, option: str) -> None:
    """Write *text* to *path* whole; PuzzleError naming *option* if it cannot be.

    There is no example here; ``tests/test_gradebook.py`` runs it.
    """
    try:
        write_atomically(path, text)
    except OSError as error:
        raise PuzzleError(f"{option} {path}: cannot write there ({one_line(error)})") from None
