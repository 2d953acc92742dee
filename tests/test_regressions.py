"""One test per bug fixed, so it stays fixed."""

from puzzlelab import SlidingPuzzle
from puzzlelab.search import dfs


def test_dfs_graph_search_expands_each_state_at_most_once():
    # It used to re-queue states reached again by a shorter path, which with a
    # LIFO frontier re-expanded whole subtrees (millions of nodes on a 2-move board).
    result = dfs(SlidingPuzzle("1 2 3 / 4 0 6 / 7 5 8"), max_nodes=200_000)
    assert result.solved
    assert result.stats.expanded < 181_440
    assert len(set(result.path)) == len(result.path)


def test_with_start_reads_a_flat_start_in_the_goal_shape():
    puzzle = SlidingPuzzle(shape=(2, 3))
    assert puzzle.with_start((1, 2, 3, 4, 0, 5)).start == (1, 2, 3, 4, 0, 5)


def test_idastar_stops_at_the_node_limit_exactly():
    # It used to look at the limit only every 1024 expansions.
    from puzzlelab.search import idastar

    result = idastar(SlidingPuzzle("8 6 7 / 2 5 4 / 3 0 1"), "misplaced", max_nodes=50)
    assert result.status == "limit" and result.stats.expanded == 50
