"""The plans of lessons 5 to 9: IDA*, pattern databases, queens, Mastermind, peg solitaire."""

from __future__ import annotations

from .plan import Part, Plan, ask

#: The plans of lessons 5 to 9, by lesson slug.
PLANS_5_9: dict[str, Plan] = {}

PLANS_5_9["fifteen_puzzle_and_idastar"] = Plan(
    goals=(
        "Count the 15-puzzle's boards and explain why breadth-first search runs out of memory.",
        "Explain IDA*: depth-first search with a rising bound on f, remembering one path.",
        "Read IDA*'s iterations, and estimate the work of a deep search.",
    ),
    minutes=50,
    parts=(
        Part("1", "How many boards, and the bytes of one.", 5, 5),
        Part("2", "Breadth-first search under a node limit.", 5, 5),
        Part("3", "A* against IDA*: memory and work.", 12, 12),
        Part("4", "One IDA* run, iteration by iteration.", 8, 8),
        Part("5", "The contest article's board; weighted A*.", 8, 8),
        Part("6", 'What "80 moves" means.', 5, 5),
        Part("Exercises", "Exercises 1 and 2 in class, 3 at home.", 7, 7),
    ),
    fifty="The plan fits a 50-minute period as it is.",
    project=(
        ("1. How many boards?", "Petabytes: the numbers, read aloud."),
        ("3. A\\* remembers everything; IDA\\* remembers one path", "Memory side by side."),
        ("4. One IDA\\* run, iteration by iteration", "Each bound and its boards."),
        ('6. What "80 moves" means', "The estimate of the work, bound by bound."),
    ),
    questions=(
        ask(
            "How much memory would one bit per board of the 15-puzzle take?",
            "16!/2, about 1.05 × 10^13 boards, so about 1.3 × 10^12 bytes: over a terabyte at "
            "one bit a board; at the bytes of one Python tuple a board, petabytes.",
            "A few gigabytes: that is the 8-puzzle's scale times a thousand, not times 10^8.",
            "16! bits: only half of the boards can be reached.",
        ),
        ask(
            "IDA* repeats work at every iteration: why is that cheap?",
            "Each iteration costs several times the one before (near seven on the contest "
            "board), so all the earlier ones together are a fraction of the last.",
            "It remembers the earlier iterations: it keeps nothing but the path.",
            "It is not cheap, it doubles the work: with growth g an iteration, the repeats "
            "cost about 1/(g − 1) of the last one.",
        ),
        ask(
            "What is the next bound after an iteration that fails?",
            "The smallest f that went over the bound. With Manhattan distance on a sliding "
            "puzzle, f changes by 0 or 2 along a path, so it is always the bound plus 2.",
            "The bound plus 1: f keeps the start's parity.",
            "Twice the bound: the bound grows by the smallest f cut off, no more.",
        ),
        ask(
            "How would a better heuristic change the number of iterations?",
            "The first bound is h of the start: a larger h that still never overestimates "
            "starts nearer the solution's length (37 with Manhattan distance, 39 with linear "
            "conflict, for 55 moves), so fewer iterations, each cutting more branches.",
            "More iterations, since each bound is higher: higher bounds start nearer the end.",
            "Only the time changes, not the iterations: the first bound is h itself.",
        ),
    ),
)

PLANS_5_9["pattern_databases"] = Plan(
    goals=(
        "Explain a heuristic as the exact distance of a relaxed puzzle.",
        "Build a pattern database: solve a smaller puzzle of a few tiles once, from the goal.",
        "Say when two databases may be added (each counts its own tiles' moves) and when "
        "only their maximum is safe.",
        "Weigh the memory of a table against the boards IDA* saves.",
    ),
    minutes=60,
    parts=(
        Part("1", "Heuristics as easier puzzles.", 7, 6),
        Part("2", "A pattern, its search and its table.", 8, 7),
        Part("3", "Two databases: may we add them?", 13, 11),
        Part("4", "The same tables fast, a byte an entry.", 4, 0),
        Part("5", "The 15-puzzle's databases.", 4, 3),
        Part("6", "Boards saved against memory.", 5, 4),
        Part("7", "The contest article's board, proved optimal.", 4, 4),
        Part("8", "Korf's hundred.", 3, 0),
        Part("Exercises", "Exercises 1 and 3 (exercise 2 at home: it builds tables).", 12, 12),
    ),
    fifty="Cut sections 4 and 8 (the numpy tables and Korf's hundred: one sentence each) and "
    "shorten sections 1 to 6. Run section 5's cell before class, so that the "
    "tables are in the cache.",
    project=(
        ("1. A heuristic is the answer to an easier puzzle", "Manhattan as a relaxed puzzle."),
        ("2. Keep a few tiles, forget the others", "A board as a pattern sees it."),
        ("3. Two databases: may we add them?", "The two reports side by side."),
        ("6. How many boards does IDA\\* save?", "Boards against memory."),
        (
            "7. The contest article's board, proved optimal",
            "Lesson 5's 11 minutes, now in seconds.",
        ),
    ),
    questions=(
        ask(
            "Which rule of the puzzle does Manhattan distance forget?",
            "That a tile cannot slide through other tiles. Let it, and each tile needs "
            "exactly its rows plus columns to home.",
            "That a tile moves one cell at a time: misplaced tiles forgets that one (a tile "
            "jumps anywhere).",
        ),
        ask(
            "If a pattern has 5 tiles, how many entries does its table need?",
            "One for each placement of the 5 tiles: 16 · 15 · 14 · 13 · 12 = 524,160 on the "
            "15-puzzle when the table keeps the least cost over the blank's cells, 11 times "
            "as many with the blank's cell.",
            "16^5: two tiles never share a cell.",
            "5! = 120: that counts orders of the tiles, not their cells.",
        ),
        ask(
            "Why may we add two tables that count only their own tiles' moves, but not two "
            "that count every move?",
            "Counting every move, a slide of tile 5 is counted by the 5-8 table and again by "
            "the 1-4 table, as the blank's move: the sum overestimates (36 on average against "
            "22). Counting own moves, each move is in at most one table of disjoint patterns.",
            "Two lower bounds always add up to a lower bound: the section's report says no.",
            "Because the patterns share tiles: 1-4 and 5-8 share none; they share moves.",
        ),
        ask(
            "Which tiles should share a pattern?",
            "Tiles that get in each other's way, such as neighbours in the goal: a pattern "
            "counts the detours of its own tiles around each other. Threes cut along the "
            "numbers did worse than pairs because they split such tiles.",
            "As many as memory allows, in any groups: which tiles matters as much as how many.",
            "Tiles far apart, to cover the board: tiles apart never block each other.",
        ),
    ),
)

PLANS_5_9["backtracking_and_queens"] = Plan(
    goals=(
        "Count the arrangements that generate and test tries.",
        "Explain backtracking: check each queen as it is placed, retreat when stuck.",
        "Use symmetry to group solutions into families.",
        "Compare systematic search with min-conflicts for large boards.",
    ),
    minutes=60,
    parts=(
        Part("1-3", "The puzzle, the arrangements, generate and test.", 10, 8),
        Part("4", "Backtracking, with the replay.", 15, 12),
        Part("5", "The backtracking article's table.", 5, 3),
        Part("6", "All 92 solutions and the 12 families.", 10, 8),
        Part("7", "The puzzle as a constraint problem.", 5, 0),
        Part("8", "Min-conflicts.", 5, 5),
        Part("Exercises", "Exercises.", 10, 10),
    ),
    fifty="Cut section 7 (lesson 8 comes back to constraint problems) and shorten sections 1 to 6.",
    project=(
        ("3. Generate and test", "How many candidates for 8 queens."),
        ("4. Backtracking: check each queen as you place it", "The replay: watch it retreat."),
        ("6. All 92 solutions, and the 12 that are really different", "The twelve families."),
        ("8. Min-conflicts: hundreds and thousands of queens", "Repair instead of search."),
    ),
    questions=(
        ask(
            "How many ways are there to put one queen in each row and each column?",
            "8! = 40,320: each is a permutation of the columns 0 to 7.",
            "8^8 = 16,777,216: one queen a row, but columns may repeat there.",
            "64 · 63 · ... · 57: that ignores rows and columns altogether.",
        ),
        ask(
            "When can backtracking stop exploring a partial board?",
            "As soon as the next row has no square the queens above leave free (the whole row "
            "shaded): it retreats, and every way to finish that board is thrown away unbuilt.",
            "When the full board fails the test: that is generate and test.",
            "When two queens attack each other: it never places an attacked queen.",
        ),
        ask(
            "Two solutions are mirror images: are they really different?",
            "As boards yes, as solutions no: the square's 8 symmetries map solutions to "
            "solutions, and the 92 fall into 12 families, eleven of 8 and one of 4.",
            "Yes, there are 92 different solutions: they are 12 up to symmetry.",
            "No, so there are 92 / 8 families: that is 11.5; one family is smaller.",
        ),
        ask(
            "Why can min-conflicts handle a thousand queens in a few dozen steps?",
            "It repairs a full board instead of building one: the greedy start leaves only a "
            "handful of attacking pairs, and with counts per column and diagonal a step costs "
            "n additions.",
            "It searches the same tree faster: it keeps no tree and never looks back.",
            "It always succeeds: it can get stuck (and restarts), and on 3 queens it cannot "
            "prove there is no solution.",
        ),
    ),
)

PLANS_5_9["mastermind"] = Plan(
    goals=(
        "Compute the answer (bulls and cows) to a question, with and without repeated colours.",
        "Keep only the codes consistent with every answer so far.",
        "Compare strategies by their average and worst number of questions over all secrets.",
        "Choose a question by how it splits the possible codes (minimax, entropy).",
    ),
    minutes=60,
    parts=(
        Part("1", "The game, played in pairs.", 10, 8),
        Part("2-3", "Consistent codes and the consistent strategy.", 12, 10),
        Part("4", "All 5,040 secrets at once: the decision tree.", 6, 5),
        Part("5", "Better questions: minimax, expected size, entropy.", 10, 9),
        Part("6", "Classic Mastermind.", 5, 3),
        Part("7", "The consistent strategy as a constraint problem.", 2, 0),
        Part("8", "Play against the computer.", 3, 0),
        Part("Exercises", "Exercises.", 12, 12),
    ),
    fifty="Cut sections 7 and 8 (the students play at home) and shorten the rest.",
    project=(
        ("1. The game", "A game on the board; let the class answer."),
        ("2. Which codes are still possible?", "How the candidates shrink."),
        ("4. All 5,040 secrets at once", "Questions per secret."),
        ("5. Can we ask better questions?", "Four strategies side by side."),
    ),
    questions=(
        ask(
            "After 0 bulls and 2 cows for 0 1 2 3, which codes are still possible?",
            "Those holding exactly two of 0, 1, 2, 3, neither at its place in 0 1 2 3, and two "
            "digits from 4 to 9: 1,260 codes, a quarter of the 5,040 (6 2 8 1 is one).",
            "The codes that hold 1 and 2: any two of the four digits may be the ones.",
            "Every code with none of 0 1 2 3 at its place: exactly two of them must be in it "
            "(1 0 3 4 would get 3 cows).",
        ),
        ask(
            "Is it always best to ask a code that could be the secret?",
            "No. A consistent code might win at once, but a code that cannot be the secret "
            "may split the candidates into smaller groups; the rules of section 5 may ask any "
            "code and beat the consistent strategy's 5.56 questions and its 9 at most.",
            "Yes, an impossible code wastes a question: its answer still splits the candidates.",
        ),
        ask(
            "Which is better: a question that splits the codes evenly, or one that might win now?",
            "Usually the even split: it leaves little to do whatever the answer, while winning "
            "now has a chance of one in the number of candidates. The rules take a consistent "
            "code only on a tie, and so get both when they can.",
            "The one that might win: its chance is small while many codes are left.",
        ),
        ask(
            "Why is the worst case a different question from the average?",
            "Minimax makes the largest group small, against the worst answer; expected size "
            "and entropy make the usual group small. Entropy has the lowest average here "
            "(about 5.24) but one secret needs 8; minimax and expected size need at most 7.",
            "The best average always has the best worst case: in classic Mastermind expected "
            "size averages 4.395 but needs 6 for three secrets; minimax needs at most 5.",
        ),
    ),
)

PLANS_5_9["peg_solitaire"] = Plan(
    goals=(
        "Explain iterative deepening: depth-first search with a limit of 1, 2, 3, ... moves.",
        "Measure how little the repeated top of the tree costs.",
        "Use a lower bound (the pegs in corners) and an invariant (peg groups) to prune.",
        "Say why some boards can never be solved, before any search.",
    ),
    minutes=60,
    parts=(
        Part("1", "The board, the jumps, moves that are chains.", 8, 7),
        Part("2", "How big the tree is.", 5, 4),
        Part("3", "Iterative deepening.", 10, 8),
        Part("4", "Three programs: peg groups and the corner bound.", 15, 12),
        Part("5", "The 12-move solution, played.", 5, 4),
        Part("6", "Bigger boards; the French board's colours.", 5, 3),
        Part("Exercises", "Exercises.", 12, 12),
    ),
    fifty="Shorten sections 1 to 6 by a minute or two (section 4 by three) and keep the "
    "exercises whole.",
    project=(
        ("1. The board and the rules", "A jump and a chain of jumps."),
        ("3. Iterative deepening", "The trees for limits 1, 2 and 3."),
        ("4. Three programs on one small instance", "Positions visited, three programs."),
        ("5. The complement problem from hole 7: 12 moves", "The solution played."),
        ("The French board: no complement game at all", "The three colours."),
    ),
    questions=(
        ask(
            "Why can breadth-first search not keep the whole tree of this puzzle in memory?",
            "Each extra move multiplies the positions by about eight and the solution needs "
            "12 moves: the deep levels hold many millions of positions (plain iterative "
            "deepening visited 91 million in two minutes and had not finished limit 11). "
            "Depth-first search keeps one path, 19 jumps at most.",
            "Because a position is big: it is one whole number, a few bytes; the count is the "
            "trouble.",
        ),
        ask(
            "Iterative deepening repeats the top of the tree: how much does that cost?",
            "Less than one might fear: each level is several times bigger than all the levels "
            "above it, so the earlier iterations together cost about what the last one does, "
            "which stops at the solution part way (exercise 1 measures the share).",
            "Nothing worth counting: the last iteration stops at the solution, so the earlier "
            "ones together do about as much again.",
            "It doubles with every limit: the tree grows about eightfold a move.",
        ),
        ask(
            "Why can a peg in a corner never be jumped over, and what does that tell a search?",
            "No jump passes over a corner hole, so a corner peg leaves only by jumping itself, "
            "a move of its own: m moves made and c pegs in corners need at least m + c moves, "
            "and a branch over the limit is cut (the idea of IDA*).",
            "A corner peg can never move: it can jump out; it cannot be jumped over.",
        ),
        ask(
            "How can a colouring prove that a board has no solution?",
            "Colour the holes so every jump touches one of each colour ((row + column) mod 3): "
            "a jump flips the parity of every colour's count, so whether two colours agree in "
            "parity never changes. Start and goal disagree on the French board, whatever the "
            "hole: no game joins them.",
            "By searching every game and finding none: the invariant proves it with no search.",
            "By the number of pegs: each jump removes one, whatever the colours.",
        ),
    ),
)
