"""The access rule of an event's boards (qipai.events.disclosure): who may see a board of the
round in play, and that everyone may once it is over."""

from __future__ import annotations

from event_helpers import MIN, START, made, registered

from qipai.events import advance, cancel, record_result, withdraw
from qipai.events.disclosure import may_see_board, shown_boards


def _round_one() -> object:
    """Four pairs, two tables, two boards a round; table 1 has finished board 1."""
    e = advance(registered(4, rounds=2, boards_per_round=2), START)
    return record_result(e, 1, 1, 1, made("3NT", "N", 9), START + 5 * MIN)


def test_a_player_sees_a_board_once_their_table_has_finished_it() -> None:
    e = _round_one()
    table1 = e.current_round.tables[0]
    ns, ew = e.pair(table1.ns), e.pair(table1.ew)
    for player in (*ns.players, *ew.players):
        assert shown_boards(e, player) == {1}
    other = e.pair(e.current_round.tables[1].ns)
    assert shown_boards(e, other.players[0]) == set()  # table 2 has not finished board 1
    assert shown_boards(e, None) == set() and shown_boards(e, "stranger") == set()
    assert not may_see_board(e, 3, "stranger", director=True)  # round 2 is not dealt yet
    assert not may_see_board(e, 0, None) and not may_see_board(e, 99, None, director=True)


def test_the_director_sees_all_unless_playing_and_everyone_after_the_round() -> None:
    e = _round_one()
    assert shown_boards(e, "director", director=True) == {1, 2}
    player = e.pair(e.current_round.tables[1].ns).players[0]
    assert shown_boards(e, player, director=True) == set()  # a director who plays: a player
    # a board cut by the clock counts as finished at that table
    e = record_result(e, 1, 2, 1, made("1NT", "S", 7), START + 6 * MIN)
    assert shown_boards(e, player) == {1}
    # once the round is over, everyone sees it; the next round's boards wait again
    e = advance(e, e.current_round.ends_at)  # the clock closes round 1 and seats round 2
    assert e.rounds[0].closed_at is not None and e.current_round.number == 2
    assert shown_boards(e, None) == {1, 2}


def test_a_withdrawn_pair_waits_like_everyone_else_and_a_cancelled_event_shows_all() -> None:
    e = _round_one()
    pair = e.pair(e.current_round.tables[1].ns)
    e = withdraw(e, pair.number, START + 6 * MIN)
    assert shown_boards(e, pair.players[0]) == set()
    e = cancel(e, START + 7 * MIN, "rain")
    assert shown_boards(e, None) == {1, 2}
