"""Standings and masterpoints: the threshold, tie-breaks, and awards for fields of 8, 19, 20
and 40 completing pairs."""

from __future__ import annotations

import pytest
from event_helpers import MIN, START, made, play_round, recompute, registered

from qipai.events import (
    Status,
    advance,
    masterpoint_awards,
    masterpoints_for,
    record_result,
    standings,
    withdraw,
)

EXPECTED = {
    8: [3, 2, 2, 2] + [0] * 4,
    19: [3, 2, 2, 2, 1, 1, 1, 1, 1] + [0] * 10,
    20: [3, 2, 2, 2, 1, 1, 1, 1, 1, 1] + [0] * 10,
    40: [3, 2, 2, 2, 1, 1, 1, 1, 1, 1] + [0] * 30,
}


@pytest.mark.parametrize("completing", sorted(EXPECTED))
def test_award_table(completing: int) -> None:
    assert list(masterpoint_awards(completing)) == EXPECTED[completing]


def test_small_fields() -> None:
    assert masterpoint_awards(2) == (3, 0)
    assert masterpoint_awards(3) == (3, 0, 0)
    assert masterpoint_awards(4) == (3, 2, 0, 0)
    assert masterpoint_awards(10) == (3, 2, 2, 2, 1, 0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="place 0"):
        masterpoints_for(0, 5)


@pytest.mark.parametrize("completing", sorted(EXPECTED))
def test_awards_in_an_event(completing: int) -> None:
    """``completing`` pairs finish; two more withdraw after round 1 of 2 and fall below the
    70% threshold, so they neither rank nor change the award table."""
    pairs = completing + 2
    e = advance(registered(pairs, rounds=2, boards_per_round=1), START)
    e = withdraw(e, 1, START + MIN)
    e = withdraw(e, pairs, START + MIN)
    rnd = e.current_round
    assert rnd is not None
    for table in rnd.tables:  # a different result at every table
        tricks = 6 + table.number % 8
        e = record_result(e, 1, table.number, 1, made("2S", "N", tricks), START + 5 * MIN)
    e = play_round(e, START + 10 * MIN)
    assert e.status is Status.FINISHED
    result = standings(e)
    ranked = result.ranked
    assert len(ranked) == completing
    assert [r.rank for r in ranked] == list(range(1, completing + 1))
    assert [r.masterpoints for r in ranked] == EXPECTED[completing]
    unranked = [r for r in result.rows if r.rank is None]
    assert {r.pair for r in unranked} == {1, pairs}
    assert all(r.masterpoints == 0 and r.withdrawn_after == 1 for r in unranked)
    by_player = result.masterpoints_by_player()
    for r in ranked:
        for player in r.players:
            assert by_player.get(player, 0) == r.masterpoints  # both players of the pair
    assert sum(by_player.values()) == 2 * sum(EXPECTED[completing])
    assert [(r.pair, r.total, r.boards_completed) for r in ranked] == recompute(e)


def test_ties_go_to_more_boards_then_earlier_registration() -> None:
    e = advance(registered(4, rounds=1, boards_per_round=3, completion_percent=60), START)
    # Every table makes the same on every board: all totals 0 (XIMP)
    e = record_result(e, 1, 1, 1, made("1NT", "N", 7), START + MIN)
    e = record_result(e, 1, 2, 1, made("1NT", "N", 7), START + MIN)
    e = record_result(e, 1, 2, 2, made("1NT", "N", 7), START + MIN)
    e = record_result(e, 1, 1, 3, made("1NT", "N", 7), START + MIN)
    e = record_result(e, 1, 2, 3, made("1NT", "N", 7), START + MIN)
    e = advance(e, START + 20 * MIN)  # table 1 did not reach board 2
    rows = standings(e).rows
    assert [(r.pair, r.total, r.boards_completed) for r in rows] == [
        (3, 0.0, 3),
        (4, 0.0, 3),
        (1, 0.0, 2),
        (2, 0.0, 2),
    ]
    assert [r.rank for r in rows] == [1, 2, 3, 4]  # 2 of 3 boards reaches 60%


def test_provisional_standings_while_running() -> None:
    e = advance(registered(4), START)
    assert standings(e).boards == 0 and all(r.rank is None for r in standings(e).rows)
    e = play_round(e, START + 5 * MIN)
    result = standings(e)
    assert result.status is Status.RUNNING and not result.final
    assert result.boards == 2 and result.required == 2
    assert all(r.masterpoints == 0 for r in result.rows)


def test_robot_pairs_rank_but_take_no_masterpoints_or_places() -> None:
    """Eight pairs, the first four robots the director entered: whatever places the robots
    take, the four pairs of people share the awards of a field of four (3, 2, 0, 0) by their
    order among themselves, and no robot row shows a masterpoint."""
    from dataclasses import replace

    from qipai.events.state import robot_player

    e = registered(8, rounds=1, boards_per_round=1)
    robots = {1, 2, 3, 4}
    e = replace(
        e,
        pairs=tuple(
            replace(p, players=(robot_player(p.number, "a"), robot_player(p.number, "b")))
            if p.number in robots
            else p
            for p in e.pairs
        ),
    )
    e = play_round(advance(e, START), START + 10 * MIN)
    assert e.status is Status.FINISHED
    result = standings(e)
    assert len(result.ranked) == 8
    people = [r for r in result.ranked if r.pair not in robots]
    assert [r.masterpoints for r in people] == [3, 2, 0, 0]
    assert all(r.masterpoints == 0 for r in result.ranked if r.pair in robots)
    assert result.ranked[0].pair in robots  # a robot pair won, and still the people score
    assert set(result.masterpoints_by_player()) <= {p for r in people for p in r.players}
