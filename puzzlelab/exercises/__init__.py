"""Self-checking exercises for the lessons: a check says whether the student's answer is
right and, if not, what is wrong, never the answer. Checks return ``True`` or ``False`` and
never raise.

>>> from puzzlelab.exercises import check_positions_24
>>> check_positions_24(...)
Not yet: replace ... with a whole number: math.factorial may help.
False
"""

from .bidirectional import (
    BRANCHING,
    CENTRE_GOAL,
    SOLUTION_DEPTH,
    check_longest_from_centre,
    check_meeting_in_the_middle,
    check_two_by_four,
)
from .heuristics import (
    MANHATTAN_BOARD,
    check_better_heuristic,
    check_manhattan,
    check_worse_on_both,
)
from .idastar import (
    IDASTAR_BOARD,
    IDASTAR_BUDGET,
    check_idastar_heuristic,
    check_positions_24,
    check_years_estimate,
)
from .jugs import (
    GCD_JUGS,
    TAP_CAPACITIES,
    TAP_TARGET,
    TWELVE,
    check_halving_twelve,
    check_measurable,
    check_tap_problem,
)
from .maps import CORNERS_MAZE, PREDICT_GRID, check_corners, corner_cells
from .maps_heuristic import check_corners_heuristic
from .mastermind import (
    PEG_GUESS,
    PEG_SECRET,
    TWO_ANSWERS,
    check_answer,
    check_codes_left,
    check_strategy,
)
from .patterns import (
    LARGEST_PATTERN,
    OWN_MOVES,
    ROWS,
    check_combination,
    check_partition,
    check_table_entries,
    halves_tables,
    pattern_view,
    relaxed_distances,
    relaxed_heuristic,
)
from .pegs import (
    SHARE_PUZZLE,
    TWELVE_MOVE_SOLUTION,
    check_english_corners,
    check_last_iteration_share,
    check_solvable_holes,
    position_after,
)
from .predict import check_predictions, score_predictions
from .properties import check_properties
from .queens import check_safe, check_small_family, check_work
from .search import check_search
from .state_spaces import BOARDS, check_positions_at_depth, check_solvable_boards, check_two_by_two

__all__ = [
    "BOARDS",
    "BRANCHING",
    "CORNERS_MAZE",
    "CENTRE_GOAL",
    "GCD_JUGS",
    "IDASTAR_BOARD",
    "IDASTAR_BUDGET",
    "LARGEST_PATTERN",
    "MANHATTAN_BOARD",
    "OWN_MOVES",
    "PEG_GUESS",
    "PEG_SECRET",
    "PREDICT_GRID",
    "ROWS",
    "SHARE_PUZZLE",
    "SOLUTION_DEPTH",
    "TAP_CAPACITIES",
    "TAP_TARGET",
    "TWELVE",
    "TWELVE_MOVE_SOLUTION",
    "TWO_ANSWERS",
    "check_answer",
    "check_better_heuristic",
    "check_codes_left",
    "check_combination",
    "check_corners",
    "check_corners_heuristic",
    "check_english_corners",
    "check_halving_twelve",
    "check_idastar_heuristic",
    "check_last_iteration_share",
    "check_longest_from_centre",
    "check_manhattan",
    "check_measurable",
    "check_meeting_in_the_middle",
    "check_partition",
    "check_positions_24",
    "check_positions_at_depth",
    "check_predictions",
    "check_properties",
    "check_safe",
    "check_search",
    "check_small_family",
    "check_solvable_boards",
    "check_solvable_holes",
    "check_strategy",
    "check_table_entries",
    "check_tap_problem",
    "check_two_by_four",
    "check_two_by_two",
    "check_work",
    "corner_cells",
    "check_worse_on_both",
    "check_years_estimate",
    "halves_tables",
    "pattern_view",
    "position_after",
    "relaxed_distances",
    "relaxed_heuristic",
    "score_predictions",
]
