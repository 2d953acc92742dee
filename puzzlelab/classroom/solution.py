"""The worked solutions: one for every exercise of the lessons, keyed by its exercise id.

An exercise id is ``"<lesson>:<exercise>"``, the id an answer cell carries in its metadata
(``{"puzzlelab": {"exercise": ...}}``). A :class:`Solution` holds the source that replaces
the answer cell, a short explanation for the "Worked solution" cell above it, the mistakes
students commonly make (what the check's hints answer), and, when the exercise has the student
complete an earlier cell (a class to fill in), that cell's worked source.

The solutions are written as a teacher would work them in front of the class: with the
lesson's own tools, and the reasoning in comments. None of them asks a check for its answer.

Examples
--------
>>> solution = SOLUTIONS["pattern_databases:table-entries"]
>>> "answer_6_1 =" in solution.answer, len(solution.mistakes) > 0
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent


@dataclass(frozen=True)
class Solution:
    """A worked exercise: the answer cell's new source and what a teacher says about it.

    Attributes
    ----------
    answer : str
        The source that replaces the answer cell.
    explanation : str
        Markdown: why the answer is right, for the "Worked solution" cell above it.
    mistakes : tuple of str
        What students commonly get wrong, each as the teacher would put it.
    skeleton : str
        A line of an earlier cell the student is asked to complete, or ``""``.
    skeleton_worked : str
        That cell's worked source (with *skeleton*).

    Examples
    --------
    >>> solution = SOLUTIONS["mastermind:codes-left"]
    >>> print(solution.answer)
    print(TWO_ANSWERS)
    # A code is still possible when it would have given both answers: candidates keeps
    # exactly those (section 2).
    answer_8_2 = len(game.candidates(TWO_ANSWERS))
    print(answer_8_2, "codes left")
    check_codes_left(answer_8_2);
    >>> solution.mistakes[0]
    'Counting the codes consistent with one of the two answers only.'
    >>> solution.skeleton
    ''
    """

    answer: str
    explanation: str
    mistakes: tuple[str, ...]
    skeleton: str = ""
    skeleton_worked: str = ""


def _code(text: str) -> str:
    """*text* without its common indentation and its first and last blank lines."""
    return dedent(text).strip("\n")


def _words(text: str) -> str:
    """*text* as one paragraph of markdown (its line breaks made spaces)."""
    return " ".join(dedent(text).split())


SOLUTIONS: dict[str, Solution] = {}

# ---------------------------------------------------------------- lesson 0: water jugs

SOLUTIONS["first_search_problem_water_jugs:halving-twelve"] = Solution(
    answer=_code("""
        # Breadth-first search finds the fewest pours; the state graph holds every state
        # the start can reach (the start is one of its nodes).
        twelve = WaterJugs(**TWELVE)
        fewest_pours = bfs(twelve).cost
        reachable_states = state_graph(twelve).number_of_nodes()
        print(fewest_pours, "pours;", reachable_states, "states can be reached")
        answer_0_1 = (fewest_pours, reachable_states)
        check_halving_twelve(*answer_0_1);
    """),
    explanation=_words("""
        Build the puzzle from `TWELVE`, ask `bfs` for the shortest solution, and count the
        nodes of the whole state graph of section 9. Neither number needs cleverness: the
        search does the work.
    """),
    mistakes=(
        "Taking the pours from `dfs`: a solution, but not the shortest.",
        "Counting every combination of amounts (13 x 10 x 5, or 12 x 9 x 4): pouring keeps "
        "the total, and a pour stops only when a jug is empty or full.",
        "Counting what BFS generated before it met the goal instead of every reachable state.",
    ),
)

SOLUTIONS["first_search_problem_water_jugs:tap-problem"] = Solution(
    answer=_code("""
        class TapJugs(SearchProblem):
            \"\"\"The 3 and 5 litre jugs with a tap: a state is (litres in the 3, in the 5).\"\"\"

            sizes = (3, 5)  # TAP_CAPACITIES

            def actions(self, state):
                # From every state: fill either jug from the tap, empty it, or pour it into
                # the other one. An action that changes nothing does no harm to the search.
                return [(kind, jug) for kind in ("fill", "empty", "pour") for jug in (0, 1)]

            def result(self, state, action):
                kind, jug = action
                after = list(state)
                if kind == "fill":
                    after[jug] = self.sizes[jug]
                elif kind == "empty":
                    after[jug] = 0
                else:  # pour until this jug is empty or the other one is full
                    other = 1 - jug
                    moved = min(state[jug], self.sizes[other] - state[other])
                    after[jug] -= moved
                    after[other] += moved
                return tuple(after)  # a tuple, so that the search can keep it in a set

            def is_goal(self, state):
                return TAP_TARGET in state  # any one jug holding 4 litres


        answer_0_2 = TapJugs(initial_state=(0, 0))
        check_tap_problem(answer_0_2);
    """),
    explanation=_words("""
        Start from section 5's `Jugs` and add two kinds of action. The pour is the only one
        that needs thought: it moves whichever is smaller, what the jug holds or the room
        left in the other one.
    """),
    mistakes=(
        "Returning a list from `result`: states must be tuples.",
        "A pour that ignores the room left in the other jug, so a jug overflows.",
        "`is_goal` that asks for 4 litres in one particular jug, instead of in either.",
        "Handing back puzzlelab's `WaterJugsProblem`, or methods that ask `WaterJugs`: the "
        "check refuses both.",
    ),
)

SOLUTIONS["first_search_problem_water_jugs:measurable"] = Solution(
    answer=_code("""
        import math

        # Ask breadth-first search about each amount from 1 to 9 litres: the search says
        # "solved" when some jug can end up holding it.
        measurable = {
            amount
            for amount in range(1, 10)
            if bfs(WaterJugs(GCD_JUGS, target=amount, tap=True)).status == "solved"
        }
        print("measurable:", sorted(measurable))
        # Every fill and empty moves a whole jug (6 or 9 litres), every pour the amount in a
        # jug or the room left in one: all multiples of gcd(6, 9) = 3, so nothing else appears.
        all_multiples_of = math.gcd(*GCD_JUGS)
        answer_0_3 = (measurable, all_multiples_of)
        check_measurable(*answer_0_3);
    """),
    explanation=_words("""
        One search per amount collects the set; the reason behind it is the greatest common
        divisor of the two sizes. It is worth asking the class for the argument before
        running the cell.
    """),
    mistakes=(
        "Putting in amounts that no search reaches, without looking at each result's status.",
        "Answering 1 or 6 for the common multiple instead of the greatest common divisor, 3.",
    ),
)

# ---------------------------------------------------------------- lesson 1: state spaces

SOLUTIONS["state_spaces_and_bfs:positions-at-depth"] = Solution(
    answer=_code("""
        # table maps every board that can reach the goal to its distance: count the tens.
        answer_1_1 = sum(1 for distance in table.values() if distance == 10)
        print(answer_1_1, "boards are exactly 10 moves from the goal")
        check_positions_at_depth(answer_1_1);
    """),
    explanation=_words("""
        The table of section 2 already holds every distance, found by breadth-first search
        from the goal; the answer is the size of its tenth ring.
    """),
    mistakes=(
        "Counting every board at most 10 moves away (or 1 to 10) instead of exactly 10.",
        "Estimating with powers of the branching factor (3**10): many boards are reached in "
        "several ways, and some moves lead back.",
        "Counting a neighbouring ring (9 or 11) by an off-by-one.",
    ),
)

SOLUTIONS["state_spaces_and_bfs:two-by-two"] = Solution(
    answer=_code("""
        answer_1_2 = TwoByTwo  # the class itself: the check makes its own instances
        check_two_by_two(answer_1_2);
    """),
    explanation=_words("""
        The same three methods as section 3's `EightPuzzle`, on a board of four cells
        `0 1 / 2 3`: an action names the cell whose tile slides into the blank, and only the
        two cells beside the blank (never the one across the diagonal) can slide.
    """),
    mistakes=(
        "Giving an instance, `TwoByTwo(...)`, instead of the class.",
        "Allowing the diagonal slide, or a jump from any cell: only a tile next to the blank "
        "moves.",
        "Returning a list from `result` instead of a tuple.",
        "Leaving a method with `...`, so it returns None.",
        "Comparing only part of the board in `is_goal`.",
    ),
    skeleton="class TwoByTwo(SearchProblem):",
    skeleton_worked=_code("""
        TWO_BY_TWO_GOAL = (1, 2, 3, 0)

        # The cells are 0 1 / 2 3: the cells beside each cell (no diagonals).
        BESIDE = {0: (1, 2), 1: (0, 3), 2: (0, 3), 3: (1, 2)}


        class TwoByTwo(SearchProblem):
            def actions(self, state):
                # An action is the cell whose tile slides into the blank.
                return list(BESIDE[state.index(0)])

            def result(self, state, action):
                board = list(state)
                blank = state.index(0)
                board[blank], board[action] = state[action], 0
                return tuple(board)  # states must be tuples: the search keeps them in a set

            def is_goal(self, state):
                return state == TWO_BY_TWO_GOAL
    """),
)

SOLUTIONS["state_spaces_and_bfs:solvable-boards"] = Solution(
    answer=_code("""
        # Read each board's tiles row by row, blank left out, and count the pairs in the
        # wrong order (inversions). With 3 columns a slide never changes their parity, and
        # the goal has 0, so a board can reach the goal exactly when its count is even.
        #   A  2 1 3 4 5 6 7 8   1 (2 before 1)                    odd
        #   B  1 3 2 4 5 6 8 7   2 (3-2, 8-7)                      even
        #   C  1 2 3 4 5 6 8 7   1 (8-7)                           odd
        #   D  7 2 4 5 6 8 3 1  16 (7: 6, 2: 1, 4: 2, 5: 2, 6: 2, 8: 2, 3: 1)  even
        #   E  8 6 7 2 5 4 1 3  23                                 odd
        #   F  1 2 3 4 5 6 7 8   0                                 even
        for letter, board in BOARDS.items():  # the counting, checked afterwards
            tiles = [tile for tile in usual.with_start(board).start if tile != 0]
            print(letter, inversions(tiles))
        answer_1_3 = {"B", "D", "F"}
        check_solvable_boards(answer_1_3);
    """),
    explanation=_words("""
        Section 2's argument by hand: count inversions and keep the boards with an even
        count. Board C shows why the blank does not count: moving it up or down passes two
        tiles, which changes the count by an even number.
    """),
    mistakes=(
        "Counting the blank as a tile.",
        "Reading the board column by column, or counting only neighbouring pairs.",
        "Judging by how scrambled a board looks: D is far from the goal yet solvable.",
    ),
)

# ---------------------------------------------------------------- lesson 2: your own search

SOLUTIONS["write_your_own_search:greedy"] = Solution(
    answer=_code("""
        def my_greedy(problem):
            # Greedy search orders the frontier by the estimate h alone: the path cost g,
            # the second argument of f, is ignored.
            return best_first(problem, lambda state, g: problem.heuristic(state))


        answer_2_1 = my_greedy
        check_search(answer_2_1, like="greedy");
    """),
    explanation=_words("""
        `best_first` expands the node of lowest `f(state, g)` first, so each search is a
        choice of `f`: uniform-cost search is `g`, greedy search is `h`.
    """),
    mistakes=(
        "Ordering by `g + h` (that is A*) or by `g`.",
        "Writing a new loop instead of calling `best_first` with another `f`.",
    ),
)

SOLUTIONS["write_your_own_search:astar"] = Solution(
    answer=_code("""
        def my_astar(problem):
            # A* orders the frontier by f = g + h: the cost so far plus the estimate of
            # the cost still to come.
            return best_first(problem, lambda state, g: g + problem.heuristic(state))


        answer_2_2 = my_astar
        check_search(answer_2_2, like="astar");
    """),
    explanation=_words("""
        The same one line as greedy search, with `g + h` for `f`. Ask the class why adding
        `g` keeps the path short: a node far from the start pays for its distance.
    """),
    mistakes=(
        "Ordering by `h` alone (greedy search): the check says the search took the node of "
        "lowest h.",
        "Passing a function of one argument: `best_first` calls `f(state, g)`.",
    ),
)

SOLUTIONS["write_your_own_search:uniform-cost"] = Solution(
    answer=_code("""
        def my_uniform_cost(problem):
            tie = itertools.count()
            frontier = [(0, next(tie), problem.initial_state, [])]
            reached = {problem.initial_state: 0}
            while frontier:
                g, _, state, actions = heapq.heappop(frontier)
                if g > reached[state]:
                    continue  # mend 2: a cheaper path here was pushed after this entry
                if problem.is_goal(state):
                    return actions  # mend 1: the goal is tested when taken, not generated
                for action in problem.actions(state):
                    child = problem.result(state, action)
                    child_g = g + problem.cost(state, action, child)
                    if child not in reached or child_g < reached[child]:
                        reached[child] = child_g
                        heapq.heappush(frontier, (child_g, next(tie), child, actions + [action]))
            return None


        answer_2_3 = my_uniform_cost
        check_search(answer_2_3, like="ucs");
    """),
    explanation=_words("""
        Two faults, mended where the comments say. The hasty version tests the goal when a
        child is generated: with costs that differ, a cheaper path to the goal may still be
        waiting in the frontier. And it expands stale entries: when a cheaper path to a state
        is pushed, the dearer entry stays in the heap and must be skipped when it comes out.
        It also never tests the start itself.
    """),
    mistakes=(
        "Mending only the goal test, and not skipping the dearer entry of a state reached "
        "again more cheaply.",
        "Testing `is_goal` on each child as it is generated (breadth-first search may, "
        "uniform-cost search may not).",
    ),
)

# ---------------------------------------------------------------- lesson 3: bidirectional

SOLUTIONS["bidirectional_and_longest:meeting-in-the-middle"] = Solution(
    answer=_code("""
        # Layer k of a tree with BRANCHING successors holds BRANCHING**k boards. Plain BFS
        # generates every layer down to the goal's, layer SOLUTION_DEPTH (the start left out).
        plain_boards = sum(BRANCHING**k for k in range(1, SOLUTION_DEPTH + 1))  # 3 + ... + 729
        # From both ends, each side goes half-way and they meet in the middle: two searches
        # of depth 3 (the start and the goal left out).
        half = SOLUTION_DEPTH // 2
        both_sides_boards = 2 * sum(BRANCHING**k for k in range(1, half + 1))  # 2 (3 + 9 + 27)
        print(plain_boards, both_sides_boards)
        answer_3_1 = (plain_boards, both_sides_boards)
        check_meeting_in_the_middle(*answer_3_1);
    """),
    explanation=_words("""
        Section 2's arithmetic one layer deeper. The saving is about `b^(d/2)`: two short
        searches instead of one long one.
    """),
    mistakes=(
        "Counting the start (or the goal) as generated.",
        "Giving only the last layer, 3**6, for plain BFS.",
        "One side only for bidirectional search, or both sides searching all the way.",
    ),
)

SOLUTIONS["bidirectional_and_longest:longest-from-centre"] = Solution(
    answer=_code("""
        # Breadth-first search outward from the new goal gives the distance of every board
        # that can reach it; the largest of them is the answer.
        centre_table = distance_table(SlidingPuzzle(goal=CENTRE_GOAL))
        answer_3_2 = max(centre_table.values())
        print(answer_3_2, "moves at most")
        check_longest_from_centre(answer_3_2);
    """),
    explanation=_words("""
        Section 4's method with another goal. With the blank in the middle it starts with
        four moves instead of two, so no board is as far away as with the blank in the corner.
    """),
    mistakes=(
        "Answering 31, the figure for the goal with the blank in the corner.",
        "Searching from one start board instead of outward from the goal.",
    ),
)

SOLUTIONS["bidirectional_and_longest:two-by-four"] = Solution(
    answer=_code("""
        # One breadth-first search outward from the 2 x 4 goal reaches every board that can
        # reach it: the table's size and its largest distance answer both questions.
        narrow_table = distance_table(SlidingPuzzle(shape=(2, 4)))
        reachable_boards = len(narrow_table)  # 8! / 2: parity splits the arrangements in two
        longest = max(narrow_table.values())
        print(f"{reachable_boards:,} boards, the hardest {longest} moves away")
        answer_3_3 = (reachable_boards, longest)
        check_two_by_four(*answer_3_3);
    """),
    explanation=_words("""
        Eight cells, seven tiles and the blank: 8! arrangements, of which parity lets half
        reach the goal. The narrow board needs more moves than the 3 x 3 (tiles must queue
        past each other), a good surprise for the class's first guesses.
    """),
    mistakes=(
        "8! (every arrangement) without the parity argument.",
        "7! (forgetting that the blank takes a cell).",
        "Guessing the longest distance from the 8-puzzle's 31.",
    ),
)

# ---------------------------------------------------------------- lesson 4: heuristics

SOLUTIONS["heuristic_search:manhattan"] = Solution(
    answer=_code("""
        # Goal 1 2 3 / 4 5 6 / 7 8 _. For each tile (the blank left out), rows plus columns
        # between where it stands and its home:
        #   7: 2 rows             2     2: at home       0     4: 1 row, 2 columns   3
        #   5: 1 column           1     6: at home       0     8: 1 column           1
        #   3: 2 rows, 1 column   3     1: 2 rows, 2 columns  4
        answer_4_1 = 2 + 0 + 3 + 1 + 0 + 1 + 3 + 4
        check_manhattan(answer_4_1);
    """),
    explanation=_words("""
        Tile by tile, the blank left out. Worth doing aloud on the projected board: each
        tile's distance is a count the class can check by pointing.
    """),
    mistakes=(
        "Counting the blank (16 instead of 14).",
        "Counting the tiles out of place (misplaced tiles) instead of their distances.",
        "Counting diagonal steps as 1.",
    ),
)

SOLUTIONS["heuristic_search:better-heuristic"] = Solution(
    answer=_code("""
        def better(state):
            # Manhattan distance, worked out from the board: each tile needs at least as many
            # moves as the rows plus columns between it and its home, and a move moves one
            # tile one cell, so it never overestimates. Misplaced tiles counts such a tile
            # as 1; this counts its real distance, so it knows more.
            total = 0
            for cell, tile in enumerate(state):
                if tile != 0:  # the blank is not a tile: counting it overestimates (section 6)
                    home = tile - 1  # tile t belongs in cell t - 1
                    total += abs(cell // 3 - home // 3) + abs(cell % 3 - home % 3)
            return total


        answer_4_2 = better
        check_better_heuristic(answer_4_2);
    """),
    explanation=_words("""
        Section 5's `my_heuristic` counted wrong rows; adding wrong columns, each weighed by
        how far, gives Manhattan distance. A stronger class can go on to linear conflicts:
        two tiles in their home row in reversed order cost 2 more moves.
    """),
    mistakes=(
        "Counting the blank: the check finds a board it overestimates.",
        "Calling `eight.manhattan` or reading a table of exact distances: refused, it must "
        "be worked out from the board.",
        "A heuristic that is not 0 on the goal.",
        "Counting rows only (as the start did): it never overestimates, but it knows less "
        "than misplaced tiles.",
    ),
)

SOLUTIONS["heuristic_search:worse-on-both"] = Solution(
    answer=_code("""
        def loses_twice(seed):
            \"\"\"Whether weighted A* expands more boards than A* and finds a longer path.\"\"\"
            board = eight.with_start(eight.random_state(seed))
            plain = astar(board, heuristic="manhattan")
            weighted = astar(board, heuristic="manhattan", weight=2)
            return weighted.stats.expanded > plain.stats.expanded and weighted.cost > plain.cost


        # Try seeds from 10 up (the lesson's table used 0 to 9) until one loses on both counts.
        answer_4_3 = next(seed for seed in range(10, 10_000) if loses_twice(seed))
        print("seed", answer_4_3)
        check_worse_on_both(answer_4_3);
    """),
    explanation=_words("""
        A loop over seeds, with both comparisons in one test. Weighted A* usually expands
        fewer boards for a longer path; the seed found here shows that it is not promised
        even that.
    """),
    mistakes=(
        "A seed below 10 (from the lesson's table).",
        "A seed where weighted A* loses on one count only (longer but faster, or slower but "
        "as short).",
    ),
)

SOLUTIONS["heuristic_search:properties"] = Solution(
    answer=_code("""
        from puzzlelab.exercises.properties import check_properties

        # b: successors of a state; d: depth of the shallowest goal; m: deepest path.
        answer_4_4 = {
            #                complete  optimal  time       space
            "bfs":           (True,    True,    "b^d",     "b^d"),      # ring by ring
            "dfs":           (False,   False,   "b^m",     "bm"),       # lost down an endless path
            "uniform_cost":  (True,    True,    "b^d",     "b^d"),      # like bfs when costs are 1
            "greedy":        (False,   False,   "b^m",     "b^m"),      # follows h, may loop away
            "astar":         (True,    True,    "b^d",     "b^d"),      # h never overestimates
            "iddfs":         (True,    True,    "b^d",     "bd"),       # bfs's paths, dfs's memory
            "bidirectional": (True,    True,    "b^(d/2)", "b^(d/2)"),  # two half-depth searches
        }
        check_properties(answer_4_4);
    """),
    explanation=_words("""
        The textbook's table (AIMA, figure 3.21) with greedy search and A* added. The check
        measures every cell on an endless tree and on small boards, so a wrong cell comes
        back with what the search actually did: a good one to fill in with the class, row by
        row.
    """),
    mistakes=(
        "Depth-first search marked complete: in an endless tree it may never come back.",
        "Iterative deepening given `b^d` space: it keeps one path, `bd`.",
        "Greedy search marked optimal, or given `bm` space: it keeps its whole frontier.",
        "Bidirectional search given `b^d` time.",
    ),
)

# ---------------------------------------------------------------- lesson 5: IDA*

SOLUTIONS["fifteen_puzzle_and_idastar:positions-24"] = Solution(
    answer=_code("""
        from puzzlelab.exercises.idastar import (
            IDASTAR_BOARD,
            IDASTAR_BUDGET,
            check_idastar_heuristic,
            check_positions_24,
            check_years_estimate,
        )

        # 24 tiles and the blank on 25 cells: 25! arrangements. As on the 8- and 15-puzzle,
        # parity splits them into two halves that no move connects.
        answer_5_1 = math.factorial(25) // 2
        print(f"{answer_5_1:,}")
        check_positions_24(answer_5_1);
    """),
    explanation=_words("""
        Section 1's count for the 15-puzzle, with 25 cells. Integer division keeps the
        number exact (a float would round it).
    """),
    mistakes=(
        "25! without halving for parity.",
        "24! (forgetting that the blank takes a cell).",
        "A float (`/` instead of `//`), which loses the last digits.",
    ),
)

SOLUTIONS["fifteen_puzzle_and_idastar:years-estimate"] = Solution(
    answer=_code("""
        steps = (79 - 51) // 2  # the bound rises by 2 per iteration: 14 iterations later
        nodes = 2_000_000 * 6**steps  # each iteration expands 6 times the one before
        seconds = nodes / 20_000  # boards a second
        answer_5_2 = seconds / (365.25 * 24 * 3600)
        print(f"about {answer_5_2:,.0f} years")
        check_years_estimate(answer_5_2);
    """),
    explanation=_words("""
        Three steps: count the iterations between the two bounds, grow the work by 6 per
        iteration, then turn nodes into seconds and seconds into years. Let the class guess
        first: the answer is about a quarter of a million years.
    """),
    mistakes=(
        "One iteration too many or too few (a factor of 6): the bound rises by 2, not 1.",
        "Counting 28 steps of 1 instead of 14 steps of 2.",
        "Stopping at seconds, hours or days instead of years.",
    ),
)

SOLUTIONS["fifteen_puzzle_and_idastar:idastar-heuristic"] = Solution(
    answer=_code("""
        # Manhattan distance runs out of the budget on this board. Linear conflict adds 2
        # for every pair of tiles in their home row (or column) in reversed order: one of
        # them must step aside, so it still never overestimates, and it knows more.
        answer_5_3 = "linear-conflict"
        check_idastar_heuristic(answer_5_3);
    """),
    explanation=_words("""
        Try the three names in turn and watch the iterations: a better-informed heuristic
        starts IDA* with a higher bound, so fewer iterations, each pruned harder.
    """),
    mistakes=(
        "Misplaced tiles or Manhattan distance: both run past the budget here.",
        "A heuristic made bigger by multiplying it: it overestimates, and IDA* may skip the "
        "shortest bound.",
        "Running a search inside the heuristic.",
    ),
)

# ---------------------------------------------------------------- lesson 6: pattern databases

SOLUTIONS["pattern_databases:table-entries"] = Solution(
    answer=_code("""
        from puzzlelab.exercises.patterns import (
            LARGEST_PATTERN,
            ROWS,
            check_combination,
            check_partition,
            check_table_entries,
            halves_tables,
        )

        # Place the six tiles one after another: 16 cells for the first, 15 left for the
        # second, ... 11 for the sixth. The blank is not placed: the entry keeps the least
        # cost over every cell of the blank.
        answer_6_1 = 16 * 15 * 14 * 13 * 12 * 11
        print(f"{answer_6_1:,} entries, {answer_6_1 / 2**20:.1f} MiB at a byte an entry")
        check_table_entries(answer_6_1);
    """),
    explanation=_words("""
        An ordered choice of 6 cells out of 16 (`math.perm(16, 6)`): order matters because
        the tiles differ, and no two share a cell.
    """),
    mistakes=(
        "16**6: two tiles never share a cell.",
        "`math.comb(16, 6)`: that says which cells are taken, not which tile stands where.",
        "Placing the blank too (16 x 15 x ... x 10).",
    ),
)

SOLUTIONS["pattern_databases:partition"] = Solution(
    answer=_code("""
        print("the rows:", ROWS, f"(at most {LARGEST_PATTERN} tiles a group)")
        # Tiles that block each other should share a table. The rows split every column, so
        # a tile that must pass its neighbour above or below goes uncounted; the four
        # 2 x 2 squares keep neighbours in both directions together.
        answer_6_2 = [(1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)]
        check_partition(answer_6_2);
    """),
    explanation=_words("""
        Four groups of neighbouring tiles, each a square of the goal. The check builds the
        databases and runs IDA* on the eight boards: the squares expand several times fewer
        boards than the rows, with tables of the same size.
    """),
    mistakes=(
        "A group of more than four tiles, or a tile in two groups.",
        "Tile 16 (the 15-puzzle's tiles are 1 to 15).",
        "Groups of tiles far apart (such as every other number): their conflicts go uncounted.",
    ),
)

SOLUTIONS["pattern_databases:combination"] = Solution(
    answer=_code("""
        every, own = halves_tables(eight)


        def answer_6_3(state):
            # Each of these three never overestimates: each "every move" table alone (its
            # tiles' moves are part of any solution's), and the sum of the "own move" tables.
            # The largest of several lower bounds is a lower bound too, and at least as high
            # as each. (The sum of the "every move" tables would count moves twice.)
            return max(every[0](state), every[1](state), own[0](state) + own[1](state))


        check_combination(answer_6_3);
    """),
    explanation=_words("""
        Adding is allowed only for tables that count disjoint moves; taking the largest is
        allowed for any lower bounds. This combination is never below the own-move sum, and
        on some boards one "every move" table says more.
    """),
    mistakes=(
        'Adding the two "every move" tables: a move of another tile is counted twice, so '
        "it overestimates.",
        "The own-move sum itself: right, but not higher on average.",
        "Looking the board up in a table of exact distances.",
    ),
)

# ---------------------------------------------------------------- lesson 7: queens

SOLUTIONS["backtracking_and_queens:work"] = Solution(
    answer=_code("""
        from puzzlelab.exercises.queens import check_safe, check_small_family, check_work

        # Generate and test tries one queen per row and per column: 12 columns for the first
        # row, 11 for the second, ... , 12! arrangements.
        candidates = math.factorial(12)
        # Backtracking: stats.expanded counts the queens it placed on the way to every
        # solution.
        queens_placed = backtracking(12).stats.expanded
        print(f"{candidates:,} candidates against {queens_placed:,} queens placed")
        answer_7_1 = (candidates, queens_placed)
        check_work(*answer_7_1);
    """),
    explanation=_words("""
        The first number on paper, the second by running the search. The ratio is the
        lesson's point: checking each queen as it is placed cuts off whole subtrees.
    """),
    mistakes=(
        "12**12: that lets two queens share a column.",
        "`math.comb(144, 12)`: every way to put 12 queens anywhere.",
        "Reading the solutions count, not `stats.expanded`, for the queens placed.",
    ),
)

SOLUTIONS["backtracking_and_queens:small-family"] = Solution(
    answer=_code("""
        # Eleven families of 8 make 88 solutions; the twelfth holds the other 92 - 88.
        sizes = sorted(len(family(solution)) for solution in fundamental_solutions(8))
        print("family sizes:", sizes)  # the reasoning, checked
        answer_7_2 = 92 - 8 * 11
        check_small_family(answer_7_2);
    """),
    explanation=_words("""
        Arithmetic first, then a check with the lesson's functions. Why 4: that solution
        looks the same after a half turn, so its eight images come in pairs.
    """),
    mistakes=(
        "8, the size of the other eleven families (twelve families of 8 would be 96).",
        "A size above 8: a family has at most 8 members, one per symmetry.",
    ),
)

SOLUTIONS["backtracking_and_queens:safe"] = Solution(
    answer=_code("""
        def my_safe(placement, col):
            # The new queen goes in row len(placement). The queen of row r, column c attacks
            # it along the column (c == col) or along a diagonal (the rows between equal the
            # columns between). Rows never clash: one queen per row.
            row = len(placement)
            return all(c != col and abs(c - col) != row - r for r, c in enumerate(placement))


        answer_7_3 = my_safe
        check_safe(answer_7_3);
    """),
    explanation=_words("""
        Two attacks to test, since the rows are distinct by construction: the same column,
        and the same diagonal, where the row difference equals the column difference.
    """),
    mistakes=(
        "Forgetting one of the two diagonals (testing `c - col` without `abs`).",
        "Testing rows, which never clash, and missing the columns.",
        "Calling puzzlelab's `safe`: the check refuses it.",
    ),
)

# ---------------------------------------------------------------- lesson 8: mastermind

SOLUTIONS["mastermind:bulls-and-cows"] = Solution(
    answer=_code("""
        print("guess ", PEG_GUESS, "\\nsecret", PEG_SECRET)
        # Guess 1 1 2 2, secret 2 1 1 5.
        # Bulls, position by position: only the second peg (1 and 1) matches.
        bulls = 1
        # Shared colours, each counted as often as it appears in both: colour 1 twice (two in
        # each), colour 2 once (two in the guess, one in the secret): 3. Less the bull: 2.
        cows = 3 - bulls
        answer_8_1 = (bulls, cows)
        check_answer(*answer_8_1);
    """),
    explanation=_words("""
        With repeated colours, count each colour's matches as the smaller of its counts in
        the two codes, add them up, and take away the bulls.
    """),
    mistakes=(
        "Counting a bull again as a cow.",
        "Counting a colour more often than it appears in both codes (3 or 4 cows).",
    ),
)

SOLUTIONS["mastermind:codes-left"] = Solution(
    answer=_code("""
        print(TWO_ANSWERS)
        # A code is still possible when it would have given both answers: candidates keeps
        # exactly those (section 2).
        answer_8_2 = len(game.candidates(TWO_ANSWERS))
        print(answer_8_2, "codes left")
        check_codes_left(answer_8_2);
    """),
    explanation=_words("""
        Section 2's idea with two answers instead of one. Ask first how many codes the first
        answer alone leaves (section 2 printed it) and guess how far the second cuts it.
    """),
    mistakes=("Counting the codes consistent with one of the two answers only.",),
)

SOLUTIONS["mastermind:strategy"] = Solution(
    answer=_code("""
        def my_strategy(game, candidates):
            # Ask the candidate whose worst answer leaves the fewest codes. sizes[i, k] is how
            # many candidates would give answer k if candidate i were asked.
            sizes = group_sizes(game, candidates, guesses=candidates)
            return candidates[sizes.max(axis=1).argmin()]


        answer_8_3 = my_strategy
        check_strategy(answer_8_3);
    """),
    explanation=_words("""
        Knuth's idea restricted to consistent codes: of the questions that might win at once,
        take the one whose largest group of answers is smallest.
    """),
    mistakes=(
        "Returning a code instead of its number in `game.codes`.",
        "A strategy that is no better than the first consistent code (5.56 on average).",
        "Handing back one of `STRATEGIES`: the check refuses it.",
    ),
)

# ---------------------------------------------------------------- lesson 9: peg solitaire

SOLUTIONS["peg_solitaire:last-iteration-share"] = Solution(
    answer=_code("""
        run = iterative_deepening(SHARE_PUZZLE)  # plain: no groups, no bound
        last = run.stats.iterations[-1]["expanded"]  # positions of the last iteration
        answer_9_1 = last / run.stats.expanded  # against every position of every iteration
        print(f"{answer_9_1:.3f}")
        check_last_iteration_share(answer_9_1);
    """),
    explanation=_words("""
        The stats keep one entry per iteration: divide the last one's positions by the total.
        About half: repeating the top of the tree costs about as much as the last iteration,
        because that one stops at the solution.
    """),
    mistakes=(
        "A percentage (49) instead of a fraction.",
        "Guessing one half (or a share near 1) without running the search.",
    ),
)

SOLUTIONS["peg_solitaire:english-corners"] = Solution(
    answer=_code("""
        # In section 6's numbering, a corner is a hole with no hole on both sides of it, in
        # its row or its column: the ends of the cross's four arms.
        ENGLISH_CORNERS = (1, 3, 7, 13, 21, 27, 31, 33)


        def count_corners(pegs):
            return sum((pegs >> hole) & 1 for hole in ENGLISH_CORNERS)


        answer_9_2 = count_corners
        check_english_corners(answer_9_2);
    """),
    explanation=_words("""
        Find the corners on the printed numbering (no peg can ever jump over them), then add
        one bit per corner.
    """),
    mistakes=(
        "The 21-hole triangle's corners instead of the English board's.",
        "Reading puzzlelab's own list of corners: the check refuses it.",
    ),
)

SOLUTIONS["peg_solitaire:solvable-holes"] = Solution(
    answer=_code("""
        solvable = set()
        for hole in range(1, 22):
            complement = PegSolitaire("triangle21", hole=hole)
            try:
                complement.check_solvable()  # the board's arguments refuse some holes at once
            except ValueError:
                continue
            if solve(complement, "dfs").solved:  # the others need a search
                solvable.add(hole)
        print(sorted(solvable))
        answer_9_3 = solvable
        check_solvable_holes(answer_9_3);
    """),
    explanation=_words("""
        Let the arguments of section 4 rule out what they can, and search for the rest. A
        good question for the class: which holes would you guess before running it?
    """),
    mistakes=(
        "Corner holes put in without a search: none of them has a solution.",
        "Holes missing because only a few were searched.",
    ),
)
