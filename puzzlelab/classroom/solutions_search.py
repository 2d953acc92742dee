"""The worked solutions of lessons 0 to 3 (uninformed search), by exercise id."""

from __future__ import annotations

from .solution import Solution, code, words

#: The worked solutions of this group, by exercise id.
SEARCH_SOLUTIONS: dict[str, Solution] = {}

# ---------------------------------------------------------------- lesson 0: water jugs

SEARCH_SOLUTIONS["first_search_problem_water_jugs:halving-twelve"] = Solution(
    answer=code("""
        # Breadth-first search finds the fewest pours; the state graph holds every state
        # the start can reach (the start is one of its nodes).
        twelve = WaterJugs(**TWELVE)
        fewest_pours = bfs(twelve).cost
        reachable_states = state_graph(twelve).number_of_nodes()
        print(fewest_pours, "pours;", reachable_states, "states can be reached")
        answer_0_1 = (fewest_pours, reachable_states)
        check_halving_twelve(*answer_0_1);
    """),
    explanation=words("""
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

SEARCH_SOLUTIONS["first_search_problem_water_jugs:tap-problem"] = Solution(
    answer=code("""
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
    explanation=words("""
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

SEARCH_SOLUTIONS["first_search_problem_water_jugs:measurable"] = Solution(
    answer=code("""
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
    explanation=words("""
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

SEARCH_SOLUTIONS["state_spaces_and_bfs:positions-at-depth"] = Solution(
    answer=code("""
        # table maps every board that can reach the goal to its distance: count the tens.
        answer_1_1 = sum(1 for distance in table.values() if distance == 10)
        print(answer_1_1, "boards are exactly 10 moves from the goal")
        check_positions_at_depth(answer_1_1);
    """),
    explanation=words("""
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

SEARCH_SOLUTIONS["state_spaces_and_bfs:two-by-two"] = Solution(
    answer=code("""
        answer_1_2 = TwoByTwo  # the class itself: the check makes its own instances
        check_two_by_two(answer_1_2);
    """),
    explanation=words("""
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
    skeleton_worked=code("""
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

SEARCH_SOLUTIONS["state_spaces_and_bfs:solvable-boards"] = Solution(
    answer=code("""
        def solvable(board):
            # The tiles row by row, the blank left out; count the pairs in the wrong order
            # (inversions). With 3 columns a slide never changes their parity, and the goal
            # has 0, so a board can reach the goal exactly when its count is even.
            tiles = [tile for tile in board if tile != 0]
            count = 0
            for i in range(len(tiles)):
                for j in range(i + 1, len(tiles)):
                    if tiles[i] > tiles[j]:
                        count += 1
            return count % 2 == 0


        # By hand first:
        #   A  2 1 3 4 5 6 7 8   1 (2 before 1)                    odd   no
        #   B  1 3 2 4 5 6 8 7   2 (3-2, 8-7)                      even  yes
        #   C  1 2 3 4 5 6 8 7   1 (8-7)                           odd   no
        #   D  7 2 4 5 6 8 3 1  16 (7: 6, 2: 1, 4: 2, 5: 2, 6: 2, 8: 2, 3: 1)  even  yes
        #   E  8 6 7 2 5 4 1 3  23                                 odd   no
        #   F  1 2 3 4 5 6 7 8   0                                 even  yes
        for letter, board in BOARDS.items():  # the six boards above, decided by your function
            print(letter, solvable(usual.with_start(board).start))

        answer_1_3 = solvable
        check_solvable_boards(answer_1_3);
    """),
    explanation=words("""
        Section 2's argument as a function: count the inversions among the tiles and say
        yes when the count is even. Doing the six boards by hand first makes the loop easy
        to follow; board C shows why the blank does not count: moving it up or down passes
        two tiles, which changes the count by an even number. The check then tries the
        function on hundreds of boards the lesson never shows.
    """),
    mistakes=(
        "Counting the blank as a tile (the check names it: wrong whenever the blank is in "
        "the middle of a side).",
        "Reading the board column by column, or counting only neighbouring pairs.",
        "Saying yes for an odd count: the goal has 0 inversions.",
        "Calling the puzzle's `is_solvable` or `check_solvable`, or `inversions`: the check "
        "refuses them.",
    ),
)

# ---------------------------------------------------------------- lesson 2: your own search

SEARCH_SOLUTIONS["write_your_own_search:depth-first"] = Solution(
    answer=code("""
        def my_depth_first(problem):
            start = problem.initial_state
            frontier = [(start, [])]  # a list used as a stack: the newest entry at the end
            reached = {start}  # noted when generated, as in breadth_first
            while frontier:
                state, actions = frontier.pop()  # the newest
                if problem.is_goal(state):
                    return actions
                for action in problem.actions(state):
                    child = problem.result(state, action)
                    if child not in reached:
                        reached.add(child)
                        frontier.append((child, actions + [action]))
            return None


        answer_2_1 = my_depth_first
        check_search(answer_2_1, like="dfs");
    """),
    explanation=words("""
        Breadth-first search with the other end of the frontier: `pop()` takes the newest
        entry. Everything else stays: states are reached when generated, and the goal is
        tested when a node is taken out. A `deque` with `pop()` works as well as a list.
    """),
    mistakes=(
        "Writing it recursively: a recursive search expands the first successor first and "
        "marks states when it visits them, so it expands in another order than the stack "
        "version the check holds it to.",
        "Noting a state in `reached` when it is expanded: a state generated twice is pushed "
        "twice and expanded twice.",
        "Testing the goal on each child as it is generated.",
    ),
)

SEARCH_SOLUTIONS["write_your_own_search:uniform-cost"] = Solution(
    answer=code("""
        def my_uniform_cost(problem):
            start = problem.initial_state
            tie = itertools.count()  # of equal g, the older entry first
            frontier = [(0, next(tie), start, [])]
            reached = {start: 0}  # state -> the cheapest g found so far
            while frontier:
                g, _, state, actions = heapq.heappop(frontier)
                if g > reached[state]:
                    continue  # a cheaper path here was pushed after this entry
                if problem.is_goal(state):
                    return actions  # tested when taken, not when generated
                for action in problem.actions(state):
                    child = problem.result(state, action)
                    child_g = g + problem.cost(state, action, child)
                    if child not in reached or child_g < reached[child]:
                        reached[child] = child_g
                        heapq.heappush(frontier, (child_g, next(tie), child, actions + [action]))
            return None


        answer_2_2 = my_uniform_cost
        check_search(answer_2_2, like="ucs");
    """),
    explanation=words("""
        Section 4's three changes to breadth-first search: `g` in every entry, the cheapest
        `g` per reached state, and stale entries skipped when they come out. Mended from
        `hasty_uniform_cost`, it is two changes: test the goal when a node is taken out (the
        hasty one tests children as they are generated, and never the start), and skip an
        entry whose `g` is above the cheapest known for its state.
    """),
    mistakes=(
        "Mending only the goal test, and not skipping the dearer entry of a state reached "
        "again more cheaply.",
        "Testing `is_goal` on each child as it is generated (breadth-first search may, "
        "uniform-cost search may not).",
        "Heap entries without a counter: two entries of equal `g` then compare their states.",
    ),
)

SEARCH_SOLUTIONS["write_your_own_search:astar"] = Solution(
    answer=code("""
        def my_astar(problem):
            start = problem.initial_state
            tie = itertools.count()
            frontier = [(problem.heuristic(start), next(tie), start, 0, [])]
            reached = {start: 0}  # state -> the cheapest g found so far
            while frontier:
                _, _, state, g, actions = heapq.heappop(frontier)
                if g > reached[state]:
                    continue  # stale: a cheaper path here was found since
                if problem.is_goal(state):
                    return actions
                for action in problem.actions(state):
                    child = problem.result(state, action)
                    child_g = g + problem.cost(state, action, child)
                    if child not in reached or child_g < reached[child]:
                        reached[child] = child_g
                        f = child_g + problem.heuristic(child)
                        heapq.heappush(frontier, (f, next(tie), child, child_g, actions + [action]))
            return None


        answer_2_3 = my_astar
        check_search(answer_2_3, like="astar");
    """),
    explanation=words("""
        Uniform-cost search with `f = g + h` as the priority: the entry keeps `g` beside
        `f`, because the next `g` adds a step's cost to this one, not to `f`. A state reached
        again more cheaply is pushed again, even if it was expanded before: with a heuristic
        that is not consistent, A* must reopen it to find the cheapest path.
    """),
    mistakes=(
        "Ordering by `h` alone (greedy search) or by `g` alone (uniform-cost search).",
        "Keeping a closed set of expanded states and never pushing them again: with an "
        "inconsistent heuristic the answer can then cost more than the cheapest.",
        "Adding `h` twice: pushing `f + step cost + h` instead of `g + step cost + h`.",
    ),
)

# ---------------------------------------------------------------- lesson 3: bidirectional

SEARCH_SOLUTIONS["bidirectional_and_longest:meeting-in-the-middle"] = Solution(
    answer=code("""
        # Layer k of a tree with BRANCHING successors holds BRANCHING**k boards. Plain BFS
        # generates every layer down to the goal's, layer SOLUTION_DEPTH (the start left out).
        plain_boards = sum(BRANCHING**k for k in range(1, SOLUTION_DEPTH + 1))  # 3 + ... + 2187
        # From both ends, taking turns one ring each (the start's side first): they meet when
        # their depths add up to 7, the start's side 4 deep, the goal's side 3 (the start and
        # the goal left out).
        ahead, behind = (SOLUTION_DEPTH + 1) // 2, SOLUTION_DEPTH // 2
        both_sides_boards = sum(BRANCHING**k for k in range(1, ahead + 1)) + sum(
            BRANCHING**k for k in range(1, behind + 1)
        )  # (3 + 9 + 27 + 81) + (3 + 9 + 27)
        print(plain_boards, both_sides_boards)
        answer_3_1 = (plain_boards, both_sides_boards)
        check_meeting_in_the_middle(*answer_3_1);
    """),
    explanation=words("""
        Section 2's arithmetic two layers deeper, with the sides taking turns. The saving is
        about `b^(d/2)`: two short searches instead of one long one.
    """),
    mistakes=(
        "Counting the start (or the goal) as generated.",
        "Giving only the last layer, 3**6, for plain BFS.",
        "One side only for bidirectional search, or both sides searching all the way.",
        "Both sides to the same depth (2 x (3 + ... + 81)): the goal's side stops earlier.",
        "Copying 78 from the lesson's 5-move example.",
    ),
)

SEARCH_SOLUTIONS["bidirectional_and_longest:longest-from-centre"] = Solution(
    answer=code("""
        # Breadth-first search outward from the new goal gives the distance of every board
        # that can reach it; the largest of them is the answer.
        centre_table = distance_table(SlidingPuzzle(goal=CENTRE_GOAL))
        answer_3_2 = max(centre_table.values())
        print(answer_3_2, "moves at most")
        check_longest_from_centre(answer_3_2);
    """),
    explanation=words("""
        Section 4's method with another goal. With the blank in the middle it starts with
        four moves instead of two, so no board is as far away as with the blank in the corner.
    """),
    mistakes=(
        "Answering 31, the figure for the goal with the blank in the corner.",
        "Searching from one start board instead of outward from the goal.",
    ),
)

SEARCH_SOLUTIONS["bidirectional_and_longest:two-by-four"] = Solution(
    answer=code("""
        # One breadth-first search outward from the 2 x 4 goal reaches every board that can
        # reach it: the table's size and its largest distance answer both questions.
        narrow_table = distance_table(SlidingPuzzle(shape=(2, 4)))
        reachable_boards = len(narrow_table)  # 8! / 2: parity splits the arrangements in two
        longest = max(narrow_table.values())
        print(f"{reachable_boards:,} boards, the hardest {longest} moves away")
        answer_3_3 = (reachable_boards, longest)
        check_two_by_four(*answer_3_3);
    """),
    explanation=words("""
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
