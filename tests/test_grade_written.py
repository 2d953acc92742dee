"""The grader's own reading of where an answer comes from (``classroom/written.py``): from the
notebook's text, compiled in the grader and never run, so a kernel that lies cannot hide it."""

import json

import pytest
from test_hostile_verdicts import graded, submission

from puzzlelab.classroom.written import Made, Written
from puzzlelab.exercises.lesson_code import lessons_folder
from puzzlelab.exercises.own_work import borrowed, lesson_code

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
MINE = "def mine(state):\n    return sum(1 for t in state if t)"
PUZZLE = [
    "from puzzlelab.puzzles import SlidingPuzzle",
    "eight = SlidingPuzzle('8 6 7 / 2 5 4 / 3 0 1')",
]


def judged(cells, name, what="borrowed", *args, **named):
    written = Written(cells)
    return written.judge(written.named(name), what, *args, **named)


def lesson_cell(file_name, starts):
    """The source of the first code cell of lesson *file_name* that starts with *starts*."""
    notebook = json.loads(lessons_folder().joinpath(file_name).read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"]]
    return next(source for source in sources if source.startswith(starts))


BORROWING = {
    "a method of a puzzle the notebook made": (
        PUZZLE + ["def h(state):\n    return eight.manhattan(state)", "answer = h"],
        "calls puzzlelab's SlidingPuzzle.manhattan",
    ),
    "a helper of the notebook's that borrows, two calls down": (
        PUZZLE
        + [
            "def inner(state):\n    return eight.manhattan(state) + 0",
            "def outer(state):\n    total = inner(state)\n    return total",
            "answer = lambda state: outer(state)",
        ],
        "calls puzzlelab's SlidingPuzzle.manhattan",
    ),
    "a puzzle made inside the answer": (
        [
            "from puzzlelab.puzzles import SlidingPuzzle as S",
            "answer = lambda state: S('1 2 3 / 4 5 6 / 7 8 0').manhattan(state)",
        ],
        "calls puzzlelab's SlidingPuzzle.__init__",
    ),
    "puzzlelab's function under a name of its own": (
        ["from puzzlelab.search import dfs as my_search", "answer = my_search"],
        "is puzzlelab's own dfs",
    ),
    "a module imported whole": (
        ["import puzzlelab.search as s", "answer = s.bfs"],
        "is puzzlelab's own bfs",
    ),
    "a strategy taken from puzzlelab's table": (
        [
            "from puzzlelab.solvers.mastermind_strategies import STRATEGIES",
            "answer = STRATEGIES['minimax']",
        ],
        "is puzzlelab's own minimax",
    ),
    "an object a puzzlelab class made": (
        [
            "from puzzlelab.simpleai_problems import WaterJugsProblem",
            "answer = WaterJugsProblem((3, 5), target=4, tap=True)",
        ],
        "is puzzlelab's own WaterJugsProblem",
    ),
    "a class built on puzzlelab's": (
        [
            "from puzzlelab.simpleai_problems import WaterJugsProblem",
            "class Mine(WaterJugsProblem):\n    pass",
            "answer = Mine",
        ],
        "inherits from puzzlelab's WaterJugsProblem",
    ),
    "an object of a class of the notebook's built on puzzlelab's": (
        [
            "from puzzlelab.simpleai_problems import WaterJugsProblem",
            "class Mine(WaterJugsProblem):\n    pass",
            "answer = Mine((3, 5), target=4, tap=True)",
        ],
        "inherits from puzzlelab's WaterJugsProblem",
    ),
    "puzzlelab's method wrapped in partial": (
        PUZZLE + ["from functools import partial", "answer = partial(eight.manhattan)"],
        "is puzzlelab's own SlidingPuzzle.manhattan",
    ),
    "a cached heuristic that borrows": (
        PUZZLE
        + [
            "import functools",
            "@functools.cache\ndef answer(state):\n    return eight.manhattan(state)",
        ],
        "calls puzzlelab's SlidingPuzzle.manhattan",
    ),
    "puzzlelab's method kept in a tuple": (
        PUZZLE + ["methods = (eight.manhattan, len)", "answer = methods[0]"],
        "is puzzlelab's own SlidingPuzzle.manhattan",
    ),
    "puzzlelab's method as a default value it calls": (
        PUZZLE + ["def answer(state, rule=eight.manhattan):\n    return rule(state)"],
        "calls puzzlelab's SlidingPuzzle.manhattan",
    ),
    "puzzlelab's method under a local name": (
        PUZZLE + ["def answer(state):\n    rule = eight.manhattan\n    return rule(state)"],
        "calls puzzlelab's SlidingPuzzle.manhattan",
    ),
    "getattr with the name written out": (
        PUZZLE + ["answer = getattr(eight, 'manhattan')"],
        "is puzzlelab's own SlidingPuzzle.manhattan",
    ),
    "a star import": (["from puzzlelab.search import *", "answer = dfs"], "is puzzlelab's own dfs"),
    "the lesson's own search, renamed": (
        [
            "from collections import deque",
            lesson_cell("02_write_your_own_search.ipynb", "def breadth_first"),
            "answer = breadth_first",
        ],
        "is the lesson's own `breadth_first` (lesson 2)",
    ),
}


@pytest.mark.parametrize("case", BORROWING, ids=list(BORROWING))
def test_each_way_to_borrow_that_the_text_shows_is_named(case):
    cells, verdict = BORROWING[case]
    assert judged(cells, "answer", "borrowed", [GOAL]) == verdict


def test_an_answer_that_hides_from_the_self_checks_trace_is_still_read():
    """It answers 0 while a trace watches (the self-check's probe), and borrows otherwise."""
    cells = PUZZLE + [
        "import sys",
        "def answer(state):\n    if sys.gettrace() is not None:\n        return 0\n"
        "    rule = eight.manhattan\n    return rule(state)",
    ]
    assert borrowed(in_kernel(cells, "answer"), [GOAL]) == ""  # the trace is fooled
    assert (
        judged(cells, "answer", "borrowed", [GOAL]) == "calls puzzlelab's SlidingPuzzle.manhattan"
    )


TABLES = {
    "puzzlelab's heuristic over every board": (
        [
            *PUZZLE,
            "import itertools",
            "boards = list(itertools.permutations(range(9)))",
            "table = {board: eight.manhattan(board) for board in boards}",
            "def answer(state):\n    return table[tuple(state)]",
        ],
        "reads a table made with puzzlelab's SlidingPuzzle.manhattan",
    ),
    "exact distances, negated": (
        [
            *PUZZLE,
            "from puzzlelab.analysis import distance_table",
            "negated = {b: -d for b, d in distance_table(eight).items()}",
            "def answer(state):\n    return -negated[tuple(state)]",
        ],
        "reads a table made with puzzlelab's distance_table",
    ),
    "exact distances as text, through a helper": (
        [
            *PUZZLE,
            "from puzzlelab.analysis import distance_table",
            "exact = distance_table(eight)",
            "as_text = {b: str(d) for b, d in exact.items()}",
            "def look_up(state):\n    return int(as_text[tuple(state)])",
            "def answer(state):\n    return look_up(state)",
        ],
        "reads a table made with puzzlelab's distance_table",
    ),
    "puzzlelab's heuristic put in, board by board": (
        [
            *PUZZLE,
            "import itertools",
            "table = {}\nfor board in itertools.permutations(range(9)):\n"
            "    table[board] = eight.manhattan(board)",
            "copied = {}\ncopied.update(table)",
            "def answer(state):\n    return copied[tuple(state)]",
        ],
        "reads a table made with puzzlelab's SlidingPuzzle.manhattan",
    ),
    "its own heuristic over every board": (
        [
            *PUZZLE,
            MINE,
            "from puzzlelab.puzzles import parse_board",
            "goal = parse_board('1 2 3 / 4 5 6 / 7 8 0')",
            "table = {board: mine(board) for board in [goal]}",
            "def answer(state):\n    return table.get(state, 0) + len(goal)",
        ],
        "",
    ),
}


@pytest.mark.parametrize("case", TABLES, ids=list(TABLES))
def test_a_table_is_judged_by_what_made_it(case):
    """What the self-check cannot see (a table holds numbers, not where they came from), the
    text shows."""
    cells, verdict = TABLES[case]
    assert judged(cells, "answer", "borrowed", [GOAL]) == verdict


def test_a_function_is_followed_only_when_the_check_calls_it():
    cells = PUZZLE + ["def h(state):\n    return eight.manhattan(state)"]
    assert judged(cells, "h", "borrowed", []) == ""
    assert judged(cells, "h", "borrowed", [GOAL]) != ""


def test_what_an_exercise_allows_is_not_named():
    cells = PUZZLE + ["def h(state):\n    return eight.manhattan(state)"]
    allowed = judged(cells, "h", "borrowed", [GOAL], lambda module, name: "manhattan" in name)
    assert allowed == ""


SEARCH = ["from puzzlelab.search import bfs"]

# honest code the text might take for borrowing: the self-check finds nothing borrowed in any
HONEST = {
    "its own arithmetic": ["def h(state):\n    return sum(1 for tile in state if tile)"],
    "a local that hides the notebook's puzzle": PUZZLE
    + ["def h(state):\n    eight = list(state)\n    return eight.count(0)"],
    "an argument that hides it": PUZZLE + ["def h(state, eight=(0,)):\n    return eight.index(0)"],
    "an import inside the function that hides it": SEARCH
    + ["def h(state):\n    from statistics import median as bfs\n    return bfs(state)"],
    "a match capture that hides it": SEARCH
    + ["def h(state):\n    match len:\n        case bfs:\n            return bfs(state)"],
    "a caught error that hides it": SEARCH
    + [
        "def h(state):\n    try:\n        return len(state)\n    except TypeError as bfs:\n"
        "        return bfs(state)"
    ],
    "a name bound last in a loop": PUZZLE
    + ["h = eight.manhattan", "for _ in [1]:\n    def h(s):\n        return 0"],
    "a name bound last in a match": PUZZLE
    + ["h = eight.manhattan", "match 1:\n    case _:\n        def h(state):\n            return 0"],
    "a walrus in an assignment": PUZZLE + ["h = eight.manhattan", "x = (h := lambda state: 0)"],
    "a walrus in a test": PUZZLE + ["h = eight.manhattan", "if (h := lambda state: 0):\n    pass"],
    "a branch not taken": PUZZLE
    + [MINE, "LIBRARY = False\nif not LIBRARY:\n    h = mine\nelse:\n    h = eight.manhattan"],
    "a handler that does not run": PUZZLE
    + [MINE, "try:\n    h = mine\nexcept NameError:\n    h = eight.manhattan"],
    "%timeit binds nothing": PUZZLE + ["h = lambda state: 0", "%timeit h = eight.manhattan"],
    "%time and a later line": PUZZLE + ["%time h = eight.manhattan\nh = lambda state: 0"],
    "a name a function binds again when it runs": PUZZLE
    + ["def choose():\n    global h\n    h = lambda state: 0", "h = eight.manhattan", "choose()"],
    "a name bound through globals()": PUZZLE + ["h = eight.manhattan", "globals()['h'] = len"],
    "a default value made once": PUZZLE
    + ["def h(state, goal=eight.manhattan(eight.goal)):\n    return goal"],
    "a class whose later method is called": PUZZLE
    + [
        "class h:\n    def __init__(self, state):\n        self.state = state\n"
        "    def later(self):\n        return eight.manhattan(self.state)"
    ],
    "a cell that is not Python": PUZZLE + ["def h(state) return 0"],
    "nothing bound at all": PUZZLE,
}


# what the self-check's probes do not see, and the text does: a puzzlelab call in a branch they
# never take (an answer may take it only when nobody watches), or a function handed on
STRICTER = {
    "a call in a branch the probes do not reach": [
        "from puzzlelab.puzzles import parse_board",
        "def h(state):\n    if isinstance(state, str):\n        state = parse_board(state)\n"
        "    return sum(1 for i, t in enumerate(state) if t and t != i + 1)",
    ],
    "a function inside that is never called": PUZZLE
    + ["def h(state):\n    def debug(s):\n        return eight.manhattan(s)\n    return 0"],
    "a branch taken only when no trace watches": PUZZLE
    + [
        "import time",
        "def watched():\n    return time.perf_counter() > 0",
        "def h(state):\n    return 0 if watched() else eight.manhattan(state)",
    ],
    "puzzlelab's function handed on": PUZZLE
    + ["def h(state):\n    return max(map(eight.manhattan, [state])) if state is None else 0"],
    "a local bound twice": PUZZLE
    + ["def h(state):\n    f = eight.manhattan\n    f = len\n    return f(state)"],
}


@pytest.mark.parametrize("case", STRICTER, ids=list(STRICTER))
def test_the_text_finds_puzzlelab_anywhere_in_the_answer_where_the_probes_may_not(case):
    answer = in_kernel(STRICTER[case], "h")
    assert borrowed(answer, [GOAL]) == ""
    assert judged(STRICTER[case], "h", "borrowed", [GOAL]).startswith(("calls", "uses"))


def in_kernel(cells, name):
    """*name* once *cells* ran in a namespace of their own, as a kernel runs them (``%time``
    runs its code, ``%timeit`` keeps nothing)."""
    from IPython.core.inputtransformer2 import TransformerManager

    namespace = {"__name__": "__main__"}

    class Shell:
        def run_line_magic(self, magic, code):
            if magic == "time":
                exec(code, namespace)

        run_cell_magic = lambda self, magic, line, code: None  # noqa: E731

    namespace["get_ipython"] = Shell
    for cell in cells:
        try:
            exec(TransformerManager().transform_cell(cell), namespace)
        except SyntaxError:
            continue
    return namespace.get(name)


@pytest.mark.parametrize("case", HONEST, ids=list(HONEST))
def test_what_the_self_check_finds_honest_the_text_never_finds_borrowed(case):
    answer = in_kernel(HONEST[case], "h")
    assert borrowed(answer, [GOAL]) == lesson_code(answer, calls=True) == ""
    assert judged(HONEST[case], "h", "borrowed", [GOAL]) == ""
    assert judged(HONEST[case], "h", "lesson_code", True) == ""


@pytest.mark.parametrize("case", BORROWING, ids=list(BORROWING))
def test_the_text_and_the_self_check_find_the_same_borrowing(case):
    cells, verdict = BORROWING[case]
    assert borrowed(in_kernel(cells, "answer"), [GOAL]) == verdict


def test_the_last_binding_counts_and_timing_magics_are_read():
    cells = PUZZLE + ["h = eight.manhattan", "%time h = lambda state: 0"]
    assert judged(cells, "h", "borrowed", [GOAL]) == ""
    assert (
        judged(cells[:-1], "h", "borrowed", [GOAL]) == "is puzzlelab's own SlidingPuzzle.manhattan"
    )


def test_a_name_is_read_as_it_was_bound_then_and_a_function_reads_it_when_it_runs():
    cells = PUZZLE + [
        "def mine(state):\n    return 0",
        "best = mine",
        "answer = best",  # mine, though best is bound again below
        "best = eight.manhattan",
        "def later(state):\n    return best(state)",  # best as it is when later runs
    ]
    assert judged(cells, "answer", "borrowed", [GOAL]) == ""
    assert judged(cells, "later", "borrowed", [GOAL]) == "calls puzzlelab's SlidingPuzzle.manhattan"


def test_a_default_value_is_made_once_not_when_the_answer_is_called():
    cells = PUZZLE + ["def h(state, goal=eight.manhattan(eight.goal)):\n    return goal"]
    assert judged(cells, "h", "borrowed", [GOAL]) == ""


def test_names_used_come_from_the_compiled_text():
    cells = ["def count(board):\n    return len(corners(board)) + board.size"]
    assert judged(cells, "count", "names_used") == {"len", "corners", "size"}


def test_a_class_methods_are_found_and_widgets_are_never_loaded():
    written = Written(
        [
            "from puzzlelab.widgets import Stepper",
            "from puzzlelab.puzzles import SlidingPuzzle",
            "class Mine:\n    def actions(self, state):\n        return SlidingPuzzle.manhattan(state)",
        ]
    )
    method = written.member(written.named("Mine"), "actions")
    assert written.judge(method, "borrowed", [GOAL]) == "calls puzzlelab's SlidingPuzzle.manhattan"
    assert written.named("Stepper") is None
    assert isinstance(Written(PUZZLE).named("eight"), Made)


@pytest.mark.slow
def test_a_kernel_that_lies_about_a_borrowed_heuristic_does_not_make_it_pass(tmp_path):
    """The kernel's own inspections are patched to find nothing: the grader reads the text."""
    lesson = "04_heuristic_search.ipynb"
    lie = (
        "import puzzlelab.exercises.own_work as own\n"
        "own.borrowed = own.lesson_code = lambda *args, **named: ''"
    )
    answer = (
        "def my_manhattan(state):\n    return puzzle.manhattan(state)\n\n\n"
        "answer_4_1 = my_manhattan\ncheck_manhattan(answer_4_1);"
    )
    rows = graded(tmp_path, lesson, submission(lesson, {"heuristic_search:manhattan": answer}, lie))
    row = rows["heuristic_search:manhattan"]
    assert row["outcome"] == "failed", row
    assert "calls puzzlelab's SlidingPuzzle.manhattan" in row["message"], row
