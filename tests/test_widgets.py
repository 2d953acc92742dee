"""Widgets: they show the right frame and state, answer clicks, count honestly, leave a picture."""

import re

import matplotlib

matplotlib.use("Agg")

import base64  # noqa: E402

import pytest  # noqa: E402

from puzzlelab import SlidingPuzzle  # noqa: E402
from puzzlelab.drawing import board_svg  # noqa: E402
from puzzlelab.errors import ProblemError  # noqa: E402
from puzzlelab.search import astar, bfs, bidirectional, greedy  # noqa: E402
from puzzlelab.widgets import (  # noqa: E402
    Compare,
    HeuristicLab,
    PlayBoard,
    SolutionPlayer,
    StaticFallback,
    compare,
)
from puzzlelab.widgets.base import picture_html  # noqa: E402
from puzzlelab.widgets.player import FramePlayer  # noqa: E402
from puzzlelab.widgets.stepper import Stepper  # noqa: E402

HARDEST_START = "8 6 7 / 2 5 4 / 3 0 1"  # one of the 8-puzzle's two 31-move boards
EIGHT = SlidingPuzzle(shape=(3, 3))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SVG = b'<svg width="10pt" height="10pt"></svg>'


def assert_static_fallback(widget):
    """The display bundle has the live view, an SVG picture in HTML and a plain-text line."""
    assert isinstance(widget, StaticFallback)
    bundle = widget._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    (data,) = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", bundle["text/html"])
    assert type(widget).__name__ in bundle["text/plain"]
    return base64.b64decode(data)


def manhattan_with_blank(state):
    """The classic mistake: Manhattan distance with the blank counted as a tile."""
    homes = [EIGHT.goal.index(tile) for tile in state]
    return sum(abs(c // 3 - h // 3) + abs(c % 3 - h % 3) for c, h in enumerate(homes))


# ---------------------------------------------------------------- SolutionPlayer


def test_player_step_shows_that_frame_its_caption_and_state():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    result = bfs(puzzle)
    player = SolutionPlayer(puzzle, result, heuristic="manhattan")
    assert len(player.frames) == len(player.pictures) == 3
    for k in (2, 0, 1):
        player.step(k)
        assert player.value == k
        assert player.state() == result.path[k]
        assert picture_html(player.pictures[k], player.captions[k]) in player.frame_html()
    assert player.caption() == "step 1 of 2: slide 7"
    assert "the blank moves right" in player.frame_html(1)
    assert player.pictures[1] == board_svg(
        puzzle, result.path[1], size=2.2, heuristic="manhattan", highlight=[7],
        title="step 1 of 2: slide 7",
    )  # fmt: skip
    assert player.step(0).caption() == "start (2 moves to go)"


def test_player_sends_every_frame_to_the_browser_which_steps_through_them():
    puzzle = EIGHT.with_start(EIGHT.scramble(6, seed=1))
    player = SolutionPlayer(puzzle, bfs(puzzle))
    # One anywidget: the frames are synced to the page once, and its script steps them.
    assert isinstance(player, Stepper) and "renderStepper" in player._esm
    synced = player.trait_names(sync=True)
    assert {"pieces", "frames", "template", "value"} <= set(synced)
    assert len(player.frames) == len(player.steps) and all(len(f) == 2 for f in player.frames)
    # Each picture is a vector picture, shown at its own size.
    assert all(picture.startswith(b"<?xml") and b"<svg" in picture for picture in player.pictures)


def test_player_steps_stop_at_the_ends():
    puzzle = SlidingPuzzle(HARDEST_START)
    player = SolutionPlayer(puzzle, bidirectional(puzzle))
    assert player.step(-3).value == 0
    player.value = 10_000  # what the page sends is clipped too
    assert player.value == 31 and player.state() == puzzle.goal


def test_player_takes_a_plain_list_of_states_and_caps_long_paths():
    puzzle = SlidingPuzzle(HARDEST_START)
    path = astar(puzzle).path
    player = SolutionPlayer(puzzle, path, max_frames=8)
    assert len(player.frames) == 8
    assert player.steps[0] == 0 and player.steps[-1] == 31
    assert player.step(7).state() == puzzle.goal
    assert player.step(7).caption().startswith("step 31 of 31")
    with pytest.raises(ValueError, match="no path"):
        SolutionPlayer(puzzle, bfs(puzzle, max_nodes=3))


def test_player_offers_pages_without_widgets_a_stepper_showing_the_frame_shown():
    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    player = SolutionPlayer(puzzle, bfs(puzzle)).step(1)
    bundle = player._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and "SolutionPlayer" in bundle["text/plain"]
    page = bundle["text/html"]
    assert player.frame_html(1) in page  # what a page without JavaScript shows
    assert page.count("<script>") == 1 and "renderStepper(" in page


# ---------------------------------------------------------------- PlayBoard


def test_clicking_a_cell_next_to_the_blank_slides_its_tile(table):
    board = PlayBoard(SlidingPuzzle(HARDEST_START))  # blank at cell 7, below 5
    board.click_cell(4)
    assert board.state == (8, 6, 7, 2, 0, 4, 3, 5, 1) and board.moves == 1
    assert board.status.value == "Slid 5."
    # The blank's label is a no-break space, never "": an empty label is not redrawn.
    assert [b.description for b in board.cells][4] == "\u00a0"
    assert [b.description for b in board.cells][7] == "5"
    assert f"<b>{table[board.state]}</b> moves to the goal" in board.info.value


def test_an_illegal_click_changes_nothing_and_says_why():
    board = PlayBoard(SlidingPuzzle(HARDEST_START))
    board.click_cell(0)  # tile 8, far from the blank
    assert board.state == board.puzzle.start and board.moves == 0
    assert board.status.value == "Tile 8 is not next to the blank; tiles that can slide: 1, 3, 5."
    board.click_cell(7)
    assert "blank" in board.status.value and board.moves == 0


def test_hints_are_optimal_moves_all_the_way_to_the_goal(table):
    puzzle = EIGHT.with_start(EIGHT.random_state(seed=11))
    board = PlayBoard(puzzle)
    for _ in range(table[puzzle.start]):
        before = table[board.state]
        tile = board.hint()
        assert board.cells[board.state.index(tile)].style.button_color == "#e74c3c"
        board.click(tile)
        assert table[board.state] == before - 1
    assert board.state == puzzle.goal
    assert board.status.value.startswith("Solved in") and "fewest possible." in board.status.value
    assert board.hint() is None and board.status.value == "Already solved."


def test_shuffle_is_seeded_and_solvable_and_reset_goes_back():
    first = PlayBoard(EIGHT, seed=5).shuffle()
    second = PlayBoard(EIGHT, seed=5).shuffle()
    assert first.state == second.state != EIGHT.goal
    assert EIGHT.is_solvable(first.state) and first.moves == 0
    first.reset()
    assert first.state == EIGHT.start and first.moves == 0


def test_fifteen_puzzle_says_bound_and_hints_by_search():
    puzzle = SlidingPuzzle("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 0 14 15")
    board = PlayBoard(puzzle, seed=1)
    assert board.distance() == (2, False)
    assert "linear-conflict bound" in board.info.value
    assert board.hint() == 14
    board.click(14).click(15)
    assert board.status.value == "Solved in 2 moves!"
    board.shuffle()
    assert puzzle.is_solvable(board.state) and "30 random moves" in board.status.value


def test_a_hint_that_runs_out_of_time_says_so():
    fifteen = SlidingPuzzle(shape=(4, 4))
    board = PlayBoard(fifteen.with_start(fifteen.random_state(seed=2)), hint_seconds=0.01)
    assert board.hint() is None
    assert board.status.value.startswith("No hint:") and "second" in board.status.value


def test_play_board_static_picture():
    board = PlayBoard(SlidingPuzzle(HARDEST_START))
    board.hint()
    assert_static_fallback(board)


# ---------------------------------------------------------------- Compare


def test_compare_rows_are_the_searches_own_counts():
    puzzle = EIGHT.with_start(EIGHT.scramble(12, seed=3))
    specs = ["bfs", "bidirectional", ("astar", "manhattan"), ("greedy", "misplaced")]
    comparison = compare(puzzle, specs)
    assert isinstance(comparison, Compare) and isinstance(comparison.rows, list)
    direct = {
        "bfs": bfs(puzzle),
        "bidirectional": bidirectional(puzzle),
        "astar manhattan": astar(puzzle, "manhattan"),
        "greedy misplaced": greedy(puzzle, "misplaced"),
    }
    assert [row["algorithm"] for row in comparison.rows] == list(direct)
    for row in comparison.rows:
        result = direct[row["algorithm"]]
        assert row["status"] == result.status and row["cost"] == result.cost
        assert row["expanded"] == result.stats.expanded
        assert row["generated"] == result.stats.generated
        assert row["max_frontier"] == result.stats.max_frontier
    assert_static_fallback(comparison)


def test_the_scheme_8_puzzle_articles_story_in_one_call():
    comparison = compare(SlidingPuzzle(HARDEST_START), ["bfs", "bidirectional"])
    rows = {row["algorithm"]: row for row in comparison.rows}
    assert rows["bfs"]["generated"] == 181_440
    assert 10_000 < rows["bidirectional"]["generated"] < 20_000
    assert rows["bfs"]["cost"] == rows["bidirectional"]["cost"] == 31
    assert "181,440" in comparison.table_html()


def test_comparison_headers_keep_apart():
    """A widget's HTML has no table styling: unpadded, the header words ran together."""
    html = compare(SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8"), ["bfs", "astar"]).table_html()
    cells = re.findall(r"<t[hd]( style='[^']*')?>", html)
    assert cells and all("padding" in style for style in cells)


def test_compare_labels_informed_searches_by_heuristic_and_weight():
    puzzle = EIGHT.with_start(EIGHT.scramble(10, seed=8))
    weighted = ("astar", "manhattan", {"weight": 2})
    specs = ["bfs", ("astar", "misplaced"), ("astar", puzzle.linear_conflict), weighted]
    comparison = compare(puzzle, specs)
    labels = [row["algorithm"] for row in comparison.rows]
    assert labels == ["bfs", "astar misplaced", "astar linear_conflict", "astar manhattan w=2"]
    assert comparison.rows[-1]["expanded"] == astar(puzzle, "manhattan", weight=2).stats.expanded


def test_compare_batch_shows_limit_rows_honestly():
    batch = [EIGHT.with_start(EIGHT.random_state(seed)) for seed in range(3)]
    comparison = compare(batch, ["bfs", ("astar", "manhattan")], max_nodes=40, progress=False)
    bfs_rows = [row for row in comparison.rows if row["algorithm"] == "bfs"]
    assert [row["status"] for row in bfs_rows] == ["limit"] * 3
    assert all(row["cost"] is None and row["expanded"] == 40 for row in bfs_rows)
    assert comparison.totals()["bfs"]["expanded"] == 120
    assert comparison.totals()["bfs"]["stopped"] == 3
    html = comparison.table_html()
    assert "&ge; 40" in html and "&mdash;" in html and "hit max_nodes" in html


def test_compare_refuses_unknown_algorithms_clearly():
    with pytest.raises(ValueError, match="unknown algorithm 'bsf'; choose from bfs"):
        compare(EIGHT, ["bsf"])


# ---------------------------------------------------------------- HeuristicLab


def test_lab_flags_manhattan_with_the_blank_as_inadmissible(table):
    lab = HeuristicLab(EIGHT, manhattan_with_blank, boards=2, progress=False)
    assert not lab.report.admissible
    state, h, distance = lab.report.overestimates[0]
    assert h == manhattan_with_blank(state) and distance == table[state] and h > distance
    assert set(lab.expanded) == {
        "manhattan_with_blank",
        "misplaced",
        "manhattan",
        "linear-conflict",
    }
    assert lab.expanded["manhattan"] == sum(
        astar(EIGHT.with_start(EIGHT.random_state(seed)), "manhattan").stats.expanded
        for seed in range(2)
    )
    assert "no</b>" in lab.children[0].value
    assert_static_fallback(lab)
    page = lab._repr_mimebundle_()["text/html"]  # what a page with no kernel shows
    assert page.index("admissible (never more") < page.index("<img")


def test_lab_passes_an_admissible_heuristic_and_takes_names():
    lab = HeuristicLab(EIGHT, "manhattan", boards=1, progress=False)
    assert lab.report.admissible and lab.report.consistent
    assert lab.extra_moves == {"manhattan": 0, "misplaced": 0, "linear-conflict": 0}


def test_lab_refuses_boards_too_big_to_check_exactly():
    with pytest.raises(ValueError, match="too many states to check every one"):
        HeuristicLab(SlidingPuzzle(shape=(4, 4)), "manhattan")


@pytest.mark.parametrize(
    ("frames", "labels", "captions"),
    [([], [], []), ([SVG], ["a", "b"], ["a"]), ([SVG, SVG], ["a", "b"], ["a"])],
)
def test_frame_player_needs_one_label_and_caption_per_frame(frames, labels, captions):
    with pytest.raises(ValueError, match="one label and one caption for each"):
        FramePlayer(frames, labels, captions)


# ---------------------------------------------------------------- a projector setting


def test_large_makes_widgets_and_figures_half_as_big_again():
    from puzzlelab.drawing import lesson_style, offscreen_figure
    from puzzlelab.drawing.figures import shown_svg
    from puzzlelab.widgets import ComputerGuesses
    from puzzlelab.widgets.base import natural_width

    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    figure = offscreen_figure((4, 2))
    normal = [SolutionPlayer(puzzle, bfs(puzzle)), ComputerGuesses(), shown_svg(figure)]
    lesson_style(large=True)
    try:
        large = [SolutionPlayer(puzzle, bfs(puzzle)), ComputerGuesses(), shown_svg(figure)]
        assert not normal[0].large and large[0].large  # the page scales text and boards by 1.5
        assert SolutionPlayer(puzzle, bfs(puzzle), large=False).large is False  # unless asked
        width = natural_width(large[1].picture.value)
        assert normal[1].picture.layout.width == f"{width}px"
        assert large[1].picture.layout.width == f"{round(width * 1.5)}px"
        grown = natural_width(large[2].encode()) / natural_width(normal[2].encode())
        assert abs(grown - 1.5) < 0.01
    finally:
        lesson_style()
    assert not SolutionPlayer(puzzle, bfs(puzzle)).large


def test_a_hint_says_it_is_working_and_switches_the_buttons_off_meanwhile():
    board = PlayBoard(SlidingPuzzle(HARDEST_START))
    seen = []
    board.status.observe(
        lambda change: seen.append((change["new"], board.hint_button.disabled)), names="value"
    )
    tile = board.hint()
    assert seen[0] == ("Working out a hint...", True)  # sent before the search starts
    assert seen[-1] == (f"Hint: slide {tile}.", False)
    assert not any(cell.disabled for cell in board.cells)


# ---------------------------------------------------------------- pages without a kernel


def stepping_player():
    puzzle = SlidingPuzzle("1 2 3 / 4 5 6 / 0 7 8")
    return SolutionPlayer(puzzle, bfs(puzzle))


def pictures_in(html: str) -> set[bytes]:
    """The SVG bytes of every picture in *html*, on the page or in the data of its script."""
    found = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    return {base64.b64decode(data) for data in found}


def ids_in(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_a_player_offers_every_frame_as_html_beside_the_widget():
    player = stepping_player().step(1)
    bundle = player._repr_mimebundle_()
    assert WIDGET_VIEW in bundle
    assert bundle["text/plain"].startswith("SolutionPlayer")
    html = bundle["text/html"]
    assert pictures_in(html) == set(player.pictures)
    for caption in player.captions:
        assert caption in html
    assert html.count("<script>") == 1 and "getElementById" in html


def test_without_javascript_the_stepper_shows_only_the_frame_shown_now():
    player = stepping_player().step(2)
    html = player._repr_mimebundle_()["text/html"]
    page, script = html.split("<script>")
    assert player.frame_html(2) in page
    assert pictures_in(page) == {player.pictures[2]}
    # The controls are made by the script: without it there are none.
    assert "<button" not in page and "<input" not in page


def test_two_players_or_two_displays_never_share_an_element_id():
    first, second = stepping_player(), stepping_player()
    pages = [first._repr_mimebundle_()["text/html"], second._repr_mimebundle_()["text/html"]]
    pages.append(first._repr_mimebundle_()["text/html"])  # the same player shown twice
    ids = [ids_in(html) for html in pages]
    assert all(ids)
    assert not ids[0] & ids[1] and not ids[0] & ids[2] and not ids[1] & ids[2]
    for html, own in zip(pages, ids):
        (ident,) = own
        assert f'getElementById("{ident}")' in html  # each script finds its own stepper


def test_every_stepper_says_previous_and_next_and_numbers_a_frame_once():
    from puzzlelab.search import Trace
    from puzzlelab.widgets import BacktrackingReplay, SearchReplay

    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    trace = Trace()
    astar(puzzle, "manhattan", trace=trace)
    player, replay = SolutionPlayer(puzzle, bfs(puzzle)), SearchReplay(trace, puzzle)
    queens = BacktrackingReplay(4, first_only=True)
    for stepper in (player, replay, queens):
        assert (stepper.words["back"], stepper.words["forward"]) == ("◀ previous", "next ▶")
    # the readout and the caption give a frame the same number
    assert player.readouts[2] == "step 2 of 2" and player.step(2).caption().startswith(
        "step 2 of 2"
    )
    assert queens.readouts[3] == "step 3 of 12" and queens.step(3).caption().startswith("step 3 of")
    assert replay.words["description"] == "event" and not replay.readouts
    replay.step(3)
    assert not re.search(r"\bevent \d", replay.frame_html())  # the readout alone numbers events


def test_large_reaches_the_kernel_widgets_text_and_pictures():
    from puzzlelab.widgets import ComputerGuesses, YouGuess
    from puzzlelab.widgets.base import natural_width

    puzzle = SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8")
    lab = HeuristicLab(SlidingPuzzle(shape=(2, 3)), "manhattan", boards=1, progress=False,
                       large=True)  # fmt: skip
    made = [lab, compare(puzzle, ["bfs"], large=True), PlayBoard(puzzle, large=True),
            ComputerGuesses(large=True), YouGuess(seed=1, large=True)]  # fmt: skip
    for widget in made:
        assert {"puzzlelab-widget", "puzzlelab-large"} <= set(widget._dom_classes)
        assert "--jp-widgets-font-size: 21px" in widget.children[-1].value  # the CSS it reads
    assert lab.children[1].layout.width == f"{round(natural_width(lab.picture) * 1.5)}px"
    plain = PlayBoard(puzzle)
    assert "puzzlelab-widget" in plain._dom_classes and "puzzlelab-large" not in plain._dom_classes


def test_lesson_style_raises_figures_text_and_fits_figures_to_their_column(monkeypatch):
    import collections
    import types

    import IPython

    from puzzlelab.drawing import lesson_style

    class Formatter(dict):
        def for_type(self, kind, function):
            self[kind] = function

    # a stand-in for a notebook's shell: a real one would stay behind for the other tests
    formatters = collections.defaultdict(Formatter)
    shell = types.SimpleNamespace(display_formatter=types.SimpleNamespace(formatters=formatters))
    shown = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    monkeypatch.setattr("IPython.display.display", lambda data, raw: shown.append(data))
    with matplotlib.rc_context():
        lesson_style()
        assert matplotlib.rcParams["font.size"] * 4 / 3 >= 14  # points to CSS pixels
    assert "max-width: 100%" in shown[0]["text/html"] and shown[0]["text/plain"] == ""


@pytest.mark.parametrize(
    "algorithms, message",
    [
        ("astar", r"give compare a list of algorithms, such as \['astar'\]"),
        ([bfs], "name the search, 'bfs', not the function itself"),
        ([("astar", "manhattan", 2)], "is not an algorithm spec"),
        ([("astar", "manhattan", {"max_nodes": 5})], "the limits are compare's own max_nodes"),
    ],
)
def test_compare_refuses_a_list_of_algorithms_it_cannot_read_in_one_line(algorithms, message):
    with pytest.raises(ProblemError, match=message):
        compare(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8"), algorithms)
