"""The plans of lessons 0 to 4: the jugs, the 8-puzzle, your own search, both ends, heuristics."""

from __future__ import annotations

from .plan import Part, Plan, ask

#: The plans of lessons 0 to 4, by lesson slug.
PLANS_0_4: dict[str, Plan] = {}

PLANS_0_4["first_search_problem_water_jugs"] = Plan(
    goals=(
        "Describe a puzzle as states, actions and a goal test.",
        "Write a small search problem for simpleai and solve it with breadth-first search.",
        "Read a state graph, and say why breadth-first search finds the fewest actions and "
        "depth-first search need not.",
        "Explain why some targets can never be reached (the greatest common divisor).",
    ),
    minutes=50,
    parts=(
        Part("1-4", "The puzzle, its states, actions and goal test.", 8, 8),
        Part("5-7", "The problem written by hand; breadth-first search, two ways.", 8, 8),
        Part("8-10", "The solution played, the state graph, depth-first search.", 9, 9),
        Part("11-12", "The tap, and a target no search can reach.", 5, 5),
        Part("13", "Exercises in pairs.", 20, 20),
    ),
    fifty="The plan fits a 50-minute period as it is.",
    project=(
        ("2. States", "Write a few states on the board before showing the cell."),
        ("5. The search problem written by hand", "Read the three methods aloud."),
        ("8. The solution, one pour at a time", "Step the player; let the class call the pours."),
        ("9. The whole state graph", "The path through the graph: every state appears once."),
        ("10. Breadth-first against depth-first search", "Same graph, longer path."),
        ("12. A target no search can reach", "The search says why, before anyone searches."),
    ),
    questions=(
        ask(
            "What do we need to write down to describe the situation at any moment?",
            "The litres in each jug, as a tuple such as (8, 0, 0). How we got there does not "
            "matter to what can happen next.",
            "The pours made so far: that is the path, not the state; two ways to the same "
            "amounts lead to the same state.",
            "Which jug was poured last: the rules never ask it.",
        ),
        ask(
            "How many states could there be at most, and why are most never reached?",
            "9 × 6 × 4 = 216 combinations; 24 of them hold 8 litres, and only 16 are reached, "
            "because every pour stops with a jug empty or full (the edge of the parallelogram).",
            "216, all reachable: most lose or add water.",
            "The 24 that hold 8 litres: a state with no jug empty or full is never reached.",
        ),
        ask(
            "Why does breadth-first search find the fewest pours?",
            "It takes the oldest state first, so it expands states in rings of growing "
            "distance: when it takes the goal out, every state fewer pours away was already "
            "looked at.",
            "Because it tries every path: graph search never queues a state twice.",
            "Because the actions are listed in a lucky order: the order changes only which "
            "goal of the last ring comes first, not its distance.",
        ),
        ask(
            "Depth-first search found a solution too: why is it longer?",
            "It takes the newest state and dives down one line of pours, turning back only at "
            "a dead end; nothing makes the first goal it meets a near one (8 pours, not 7).",
            "It has a bug: it is right, it only promises a solution, not a short one.",
            "Another order of the actions would always make it shortest: no order promises it.",
        ),
        ask(
            "With a 6 and a 9 litre jug, can you ever measure 4 litres? Why not?",
            "No: every fill, empty and pour moves a multiple of 3 litres (the greatest common "
            "divisor of 6 and 9), so every amount stays 0, 3, 6 or 9.",
            "Yes, with enough pours: the search is exhausted, and the divisor says why.",
            "No, because 4 is smaller than both jugs: 3 is smaller too, and it can be measured.",
        ),
    ),
)

PLANS_0_4["state_spaces_and_bfs"] = Plan(
    goals=(
        "Write the 8-puzzle as a state space: states, actions, start and goal.",
        "Explain why only half of the arrangements can reach the goal (parity of inversions).",
        "Run breadth-first search and read its counts of expanded and generated boards.",
        "Tell tree search from graph search, and explain why simpleai slows down on hard boards.",
    ),
    minutes=60,
    parts=(
        Part("1", "The 8-puzzle as a state space.", 7, 6),
        Part("2", "Parity: two islands of 181,440 boards.", 12, 10),
        Part("3-4", "The problem by hand; breadth-first search and its counts.", 12, 10),
        Part("5", "The search tree and the replay.", 6, 5),
        Part("6", "Tree search against graph search.", 5, 4),
        Part("7", "Why simpleai's graph search slows down.", 5, 0),
        Part("8", "Exercises.", 13, 13),
    ),
    fifty="Cut section 7 (say in one sentence that simpleai scans its fringe for every new "
    "board), and shorten sections 1 to 6 by a minute or two each.",
    project=(
        ("1. The 8-puzzle as a state space", "Start and goal side by side; ask for the moves."),
        (
            "2. How many boards? Only half of them can be reached",
            "The two islands of the state space.",
        ),
        ("4. Breadth-first search", "The player, and the rings of expanded boards."),
        ("5. The search tree", "The first levels; the replay step by step."),
        ("6. Tree search against graph search", "The same search with and without memory."),
    ),
    questions=(
        ask(
            "How many arrangements of the tiles are there? Can every one be solved?",
            "9! = 362,880; exactly half, 181,440, can reach the goal. The other half reach the "
            "board with 7 and 8 swapped, and no board is in both.",
            "All of them, given enough moves: the swapped board never can.",
            "8! = 40,320, since the blank is not a tile: where the blank stands matters too.",
        ),
        ask(
            "What does a slide do to the order of the tiles read row by row?",
            "A slide left or right changes nothing; up or down moves one tile past two others, "
            "so the inversions change by −2, 0 or +2: their parity never changes.",
            "A vertical slide changes the inversions by one: it flips two pairs.",
            "Every slide swaps two neighbouring tiles: the blank is skipped in the reading.",
        ),
        ask(
            "Breadth-first search expanded every board up to depth d: why is the solution it "
            "returns the shortest?",
            "It expands in rings: every board at depth k before any at k + 1. When it takes "
            "the goal out at depth d, no board at a smaller depth was the goal.",
            "Because it expands few boards: it expanded 2,115 for 13 moves.",
            "Because its actions come in the right order: another order gave 2,268 expanded "
            "and the same 13 moves.",
        ),
        ask(
            "What does graph search remember that tree search does not, and what does it cost?",
            "Every board it has reached: a board reached again is a duplicate, and its subtree "
            "is not searched again. The price is memory for every board (and, in simpleai, a "
            "scan of the fringe for each new board).",
            "Tree search finds longer paths: breadth-first, both find a shortest one.",
            "Graph search remembers the path: both do; the difference is the set of boards seen.",
        ),
    ),
)

PLANS_0_4["write_your_own_search"] = Plan(
    goals=(
        "Read the loop that every search of puzzlelab shares: frontier, reached states, goal test.",
        "Write breadth-first search by hand and check it against puzzlelab's with check_search.",
        "Write depth-first search, uniform-cost search and A* from an empty function.",
        "Explain why the fewest actions need not be the cheapest path.",
    ),
    minutes=60,
    parts=(
        Part("1", "The loop inside the searches, read aloud.", 7, 5),
        Part("2", "Breadth-first search by hand.", 8, 7),
        Part("3", "check_search and the divergence view.", 10, 8),
        Part("4", "Priority queues and the hasty search.", 8, 7),
        Part("5", "The fewest actions, or the cheapest way.", 5, 3),
        Part("6", "Depth-limited search and iterative deepening.", 4, 0),
        Part("7", "Exercises: depth-first search, uniform cost, A*.", 18, 18),
    ),
    fifty="Cut section 6 (iterative deepening returns in lessons 5 and 9) and shorten "
    "sections 1 to 5.",
    project=(
        ("1. The loop inside the searches", "Read the loop aloud, one line a student."),
        ("2. Breadth-first search by hand", "The deque and the set."),
        ("3. Is it *really* breadth-first search?", "The check's message on the broken copy."),
        ("4. Priority queues, and a search written in a hurry", "Why the hasty search fails."),
        ("5. The fewest actions, or the cheapest way?", "Jugs that charge by the litre."),
    ),
    questions=(
        ask(
            "Which end of the frontier does breadth-first search take from? And depth-first?",
            "Breadth-first takes the oldest entry (a deque's popleft, first in first out); "
            "depth-first the newest (pop, last in first out). The rest of the loop is the same.",
            "Depth-first takes the deepest node: it takes the newest, which is usually deep.",
            "Breadth-first takes the node nearest the goal: that is greedy search.",
        ),
        ask(
            "When is a state 'reached': when it is generated or when it is expanded? Does it "
            "matter?",
            "When it is generated. Yes: noted only when expanded, a state can enter the "
            "frontier twice and be expanded twice; the answer may still be right, but "
            "check_search shows the step where it stops being breadth-first search.",
            "When expanded, and it does not matter since the answer is the same: the lesson's "
            "almost_breadth_first finds seven pours and is still wrong.",
        ),
        ask(
            "What changes from uniform-cost search to A*? What stays?",
            "Only the priority: g for uniform cost, g + h for A*. The heap, the cheapest g "
            "per reached state, pushing again when cheaper, skipping stale entries and "
            "testing the goal when a node is taken out all stay.",
            "A* orders by h alone: that is greedy search.",
            "A* needs no record of the cheapest g: it does, as uniform-cost search does.",
        ),
        ask(
            "Why may uniform-cost search not stop at the first goal it generates?",
            "With costs that differ, a cheaper path to the goal may still wait in the "
            "frontier; only the node taken out has the lowest g left. The hasty search "
            "fails exactly there.",
            "The first goal found is always the cheapest: only when every action costs the same.",
            "Because the goal might be generated twice: the reason is cost, not duplicates.",
        ),
    ),
)

PLANS_0_4["bidirectional_and_longest"] = Plan(
    goals=(
        "Explain bidirectional search and estimate what it saves (b^(d/2) against b^d).",
        "Run breadth-first search outward from the goal to find every board's distance.",
        "Find the hardest boards of a puzzle, and explain the shape of the histogram of distances.",
    ),
    minutes=45,
    parts=(
        Part("1", "Plain breadth-first search on a 31-move board.", 8, 8),
        Part("2", "Search from both ends: the arithmetic.", 8, 8),
        Part("3", "The two frontiers meeting.", 9, 9),
        Part("4", "Breadth-first search from the goal; the longest positions.", 10, 10),
        Part("5", "Exercises.", 10, 15),
    ),
    fifty="The plan takes 45 minutes; in a 50-minute period give the exercises 15.",
    project=(
        ("2. Search from both ends", "The arithmetic of two half searches."),
        ("3. The two frontiers meeting", "The frontiers growing towards each other."),
        (
            "4. The longest positions: breadth-first search from the goal",
            "The histogram and the two hardest boards.",
        ),
    ),
    questions=(
        ask(
            "If each side searches half the depth, how many boards does each generate?",
            "About b^(d/2) each, so about 2·b^(d/2) in all instead of b^d. With 3 successors "
            "and 5 moves: 363 boards from one end, at most 51 from both; on the 31-move "
            "board about 16,000 instead of 181,440.",
            "Half of b^d each, the same in all: the biggest rings, far from both ends, are "
            "never generated.",
        ),
        ask(
            "What must we know about the goal to search backwards from it?",
            "The goal must be one known board, and we must know the moves that lead into a "
            "board: here every move can be undone, so they are the moves out of it.",
            "Nothing, any search can run backwards: a goal given only as a test (any jug "
            "holding 4 litres) has no one board to start from.",
            "Its distance from the start: that is what the search finds.",
        ),
        ask(
            "Why are odd and even distances not equally common near the top of the histogram?",
            "Every move takes the blank to the other colour of a chessboard colouring. With "
            "the goal's blank in a corner, boards an odd distance away have the blank on an "
            "edge: 4 of the 9 cells, so the odd rings hold only 4/9 of the boards.",
            "Chance: the count is exact, over all 181,440 boards.",
            "Odd boards cannot be solved: every board in the table reaches the goal; parity of "
            "inversions is another matter.",
        ),
        ask(
            "Would the hardest board change if the blank's home were the middle?",
            "Yes: the distances are to another goal. With the blank in the middle the longest "
            "distance is 30 moves, not 31, and 148 boards need it (exercise 2).",
            "No, the hardest boards are hard for any goal: distance depends on the goal.",
            "31 again, because the puzzle is the same: the goal's blank starts with four "
            "moves instead of two.",
        ),
    ),
)

PLANS_0_4["heuristic_search"] = Plan(
    goals=(
        "Define a heuristic, and say when it is admissible and when consistent.",
        "Compare greedy search and A*: what each expands, and which path each returns.",
        "Write an admissible heuristic and measure how informed it is.",
        "Explain weighted A*, dominance and the effective branching factor.",
    ),
    minutes=90,
    parts=(
        Part("1", "Three guesses of the distance.", 6, 5),
        Part("2", "Greedy search.", 4, 3),
        Part("3", "A*: moves made plus moves guessed.", 6, 5),
        Part("4", "Ten random boards; how informed each guess is.", 6, 3),
        Part("5", "Your turn: write a heuristic.", 8, 0),
        Part("6", "Counting the blank.", 10, 8),
        Part("7", "Weighted A*.", 6, 0),
        Part("8", "Inside A*: the frontier with f, g and h.", 10, 8),
        Part("9", "Consistency.", 10, 0),
        Part("10", "Dominance and the effective branching factor.", 8, 0),
        Part("Exercises", "Exercises 1 and 5 in class, 2 to 4 at home.", 16, 14),
    ),
    fifty="Best as two periods of 45 minutes, sections 1-6 and 7-10. In one period of 50: "
    "cut sections 5, 7, 9 and 10 (section 5 is exercise 2's warm-up; weighted A* returns in "
    "lesson 5), shorten section 4 to its bar chart, and do exercises 1 and 5 in class.",
    project=(
        ("1. A guess of the distance to the goal", "The three guesses on one board."),
        ("3. A\\*: moves made plus moves guessed", "A* against greedy search and BFS."),
        ("6. The classic mistake: counting the blank", "The overestimated board, step by step."),
        ("8. Inside A\\*: the frontier with f, g and h", "The replay; f never drops."),
        ("9. Consistency: when never overestimating is not enough", "h drops by more than 1."),
    ),
    questions=(
        ask(
            "Glance at a board: how would you guess how far it is from the goal?",
            "Count the misplaced tiles, or add each tile's rows plus columns to home "
            "(Manhattan distance), plus 2 for tiles in their home line in the wrong order "
            "(linear conflict): each counts moves any solution must make.",
            "Count the blank's distance too: that counts each move twice (section 6).",
            "Solve the board and count: a heuristic looks at one board and does no search.",
        ),
        ask(
            "Greedy search found a path quickly: why is it not the shortest?",
            "It ranks boards by h alone and forgets g, the moves already made: a board reached "
            "after 60 moves looks as good as one reached after 5 with the same h.",
            "Because Manhattan distance overestimates: it never does; A* with it is optimal.",
            "Because it stops too early: it stops at a goal, along a long path.",
        ),
        ask(
            "Why does counting the blank make Manhattan distance overestimate?",
            "Every move moves the blank and one tile; Manhattan distance charges the tile, so "
            "charging the blank too counts each move twice: 4 moves charged as 8.",
            "The blank has no home cell: it has one; the fault is counting a move twice.",
            "Adding more can only help: it helps until it passes the true distance.",
        ),
        ask(
            "If h never overestimates, why can A* still expand a board twice?",
            "Never overestimating is not consistency: when one move lowers h by more than it "
            "costs (9 to 3 in section 9), A* can expand a board before it found the cheapest "
            "path to it, and puzzlelab reopens it when a cheaper one turns up.",
            "It cannot: only a consistent heuristic promises one expansion per board.",
            "Because of stale entries in the heap: those are skipped, never expanded.",
        ),
        ask(
            "What does an effective branching factor of 1.3 mean?",
            "A tree as deep as the solution with 1.3 children at every node would hold as many "
            "nodes as A* generated. Near 1, A* walked almost straight to the goal; raised to "
            "the power d, a small difference is a large one in work.",
            "Each board has 1.3 successors: boards have 2 to 4 moves.",
            "A* generates 30% more boards than the solution has moves: the growth is "
            "exponential in the depth.",
        ),
    ),
)
