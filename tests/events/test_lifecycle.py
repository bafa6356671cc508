"""The event as a state machine over ``now`` and results: seating, the clock, cut boards, Swiss
rounds, byes and robots, withdrawals, and the director's pause, resume and cancel."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from event_helpers import MIN, NOW, START, made, play_round, registered

from qipai.bridge import Contract, Seat
from qipai.events import (
    PHANTOM,
    ByeScore,
    EventState,
    Played,
    Scoring,
    Status,
    advance,
    cancel,
    deal_for,
    from_json,
    next_due,
    pause,
    pause_reason,
    record_result,
    resume,
    standings,
    to_json,
    withdraw,
)
from qipai.events.errors import (
    AlreadyPaused,
    AlreadyWithdrawn,
    BadResult,
    BoardNotInRound,
    EventNotRunning,
    EventOver,
    EventPaused,
    NotPaused,
    ResultAlreadyRecorded,
    RoundClosed,
    SettingsError,
    UnknownPair,
    UnknownTable,
)

ROUND = timedelta(minutes=16)


def test_nothing_happens_before_the_start() -> None:
    e = registered(4)
    assert advance(e, START - MIN) == e


def test_round_one_is_seated_at_the_start_by_registration_order() -> None:
    e = advance(registered(6), START + 3 * MIN)  # a late poll seats at the stored time
    assert e.status is Status.RUNNING
    rnd = e.current_round
    assert rnd is not None
    assert [(t.number, t.ns, t.ew) for t in rnd.tables] == [(1, 1, 2), (2, 3, 4), (3, 5, 6)]
    assert rnd.boards == (1, 2)
    assert (rnd.starts_at, rnd.ends_at) == (START, START + ROUND)


def test_every_table_plays_the_event_deals() -> None:
    e = advance(registered(4, seed="abc"), START)
    assert e.deal(1) == deal_for("abc", 1, 1)
    assert e.deal(3) == deal_for("abc", 2, 3)
    assert len({str(e.deal(b)) for b in range(1, 7)}) == 6
    assert advance(registered(4, seed="abd"), START).deal(1) != e.deal(1)


def test_round_closes_when_every_table_is_done_and_the_next_is_seated() -> None:
    e = advance(registered(4, break_length=timedelta(minutes=2)), START)
    e = play_round(e, START + 10 * MIN)
    assert e.rounds[0].closed_at == START + 10 * MIN
    assert e.current_round is None and e.next_round_at == START + 12 * MIN
    e = advance(e, START + 12 * MIN)
    rnd = e.current_round
    assert rnd is not None and rnd.number == 2 and rnd.boards == (3, 4)
    assert rnd.ends_at == START + 12 * MIN + ROUND


def test_the_clock_cuts_unfinished_boards() -> None:
    e = advance(registered(4), START)
    e = record_result(e, 1, 1, 1, made("4S", "N", 10), START + 7 * MIN)
    e = record_result(e, 1, 2, 2, made("3NT", "S", 8), START + 9 * MIN)
    assert advance(e, START + ROUND - timedelta(seconds=1)).current_round is not None
    e = advance(e, START + ROUND)
    r1 = e.rounds[0]
    assert r1.closed_at == START + ROUND
    cut = [(t.number, rec.board) for t in r1.tables for rec in t.records if not rec.played]
    assert cut == [(1, 2), (2, 1)]
    assert e.current_round is not None and e.current_round.number == 2  # no break: seated now
    with pytest.raises(RoundClosed, match="cannot be made up"):
        record_result(e, 1, 1, 2, made("4S", "N", 10), START + ROUND)
    assert "2 board(s) not played" in e.notes[-1].text or any(
        "2 board(s) not played" in n.text for n in e.notes
    )


def test_polling_often_or_once_gives_the_same_state() -> None:
    e = advance(registered(5), START)
    e = record_result(e, 1, 1, 1, made("4S", "N", 10), START + 5 * MIN)
    once = advance(e, START + 3 * ROUND + MIN)
    often = e
    t = START + 5 * MIN
    while t <= START + 3 * ROUND + MIN:
        often = advance(often, t)
        t += timedelta(seconds=37)
    often = advance(often, START + 3 * ROUND + MIN)
    assert once == often
    assert once.status is Status.FINISHED


def test_later_rounds_are_swiss() -> None:
    e = advance(registered(8), START)
    # NS wins at tables 1 and 2, EW at 3 and 4
    results = {
        1: made("3NT", "N", 10),
        2: made("3NT", "N", 9),
        3: made("3NT", "N", 7),
        4: made("3NT", "N", 6),
    }
    e = play_round(e, START + 10 * MIN, results)
    order = [r.pair for r in standings(e).rows]
    assert order == [8, 1, 3, 6, 5, 4, 2, 7]  # EW won at tables 3 and 4 (3NT went down)
    rnd = e.current_round
    assert rnd is not None
    # No two neighbours in the order met in round 1 (1v2, 3v4, 5v6, 7v8): they meet now
    assert [t.pairs for t in rnd.tables] == [(8, 1), (6, 3), (4, 5), (2, 7)]


def test_directions_are_balanced() -> None:
    e = advance(registered(8, rounds=4), START)
    for r in range(1, 5):
        e = play_round(e, START + r * 10 * MIN)
    assert e.status is Status.FINISHED
    ns = {p: 0 for p in range(1, 9)}
    for rnd in e.rounds:
        for t in rnd.tables:
            ns[t.ns] += 1
    assert set(ns.values()) == {2}


def test_odd_field_meets_robots() -> None:
    e = advance(registered(5), START)
    rnd = e.current_round
    assert rnd is not None
    assert [(t.number, t.ns, t.ew) for t in rnd.tables] == [(1, 1, 2), (2, 3, 4), (3, 5, 0)]
    assert rnd.byes == ()
    e = play_round(e, START + 10 * MIN)
    rnd = e.current_round
    assert rnd is not None
    robot = [t for t in rnd.tables if PHANTOM in t.pairs]
    assert len(robot) == 1 and robot[0].number == 3 and 5 not in robot[0].pairs
    assert all(r.pair != PHANTOM for r in standings(e).rows)


@pytest.mark.parametrize(
    ("bye", "scoring", "expected"),
    [
        (ByeScore.AVERAGE, Scoring.XIMP, 0.0),
        (ByeScore.AVERAGE_PLUS, Scoring.XIMP, 6.0),  # 3 IMPs a board, 2 boards
        (ByeScore.AVERAGE, Scoring.MP, 50.0),
        (ByeScore.AVERAGE_PLUS, Scoring.MP, 60.0),
    ],
)
def test_bye_scores(bye: ByeScore, scoring: Scoring, expected: float) -> None:
    e = advance(registered(3, robot_fill=False, bye_score=bye, scoring=scoring), START)
    rnd = e.current_round
    assert rnd is not None and rnd.byes == (3,) and len(rnd.tables) == 1
    e = play_round(e, START + 10 * MIN)
    row = next(r for r in standings(e).rows if r.pair == 3)
    assert (row.total, row.bye_boards, row.boards_played, row.boards_completed) == (
        expected,
        2,
        0,
        2,
    )
    assert e.current_round is not None and 3 not in e.current_round.byes  # byes rotate


def test_own_average_bye() -> None:
    def event(bye: str) -> dict[int, float]:
        e = advance(registered(5, robot_fill=False, bye_score=bye), START)
        assert e.rounds[0].byes == (5,)
        e = play_round(e, START + 10 * MIN, {1: made("3NT", "N", 10)})
        e = play_round(e, START + 20 * MIN, {1: made("3NT", "N", 7), 2: made("2S", "E", 9)})
        return {r.pair: r.total for r in standings(e).rows}

    own, average = event("own-average"), event("average")
    # pair 5 played 2 boards and had 2 bye boards: its own average counts twice
    assert average[5] != 0
    assert own[5] == pytest.approx(2 * average[5])


def test_withdrawal_takes_effect_after_the_round() -> None:
    e = advance(registered(6), START)
    e = withdraw(e, 4, START + 2 * MIN)
    assert e.pair(4).withdrawn_after == 1  # type: ignore[union-attr]
    e = play_round(e, START + 10 * MIN)
    rnd = e.current_round
    assert rnd is not None
    assert all(4 not in t.pairs for t in rnd.tables)
    assert any(PHANTOM in t.pairs for t in rnd.tables)  # five left: robots fill
    row = next(r for r in standings(e).rows if r.pair == 4)
    assert row.boards_played == 2 and row.withdrawn_after == 1
    with pytest.raises(AlreadyWithdrawn, match="pair 4 \\(p4a & p4b\\) withdrew after round 1"):
        withdraw(e, 4, START + 12 * MIN)
    with pytest.raises(UnknownPair, match="there is no pair 9"):
        withdraw(e, 9, START + 12 * MIN)
    with pytest.raises(EventNotRunning):
        withdraw(registered(4), 1, NOW)


def test_result_errors() -> None:
    e = advance(registered(4), START)
    at = START + 5 * MIN
    with pytest.raises(UnknownTable, match="round 1 has no table 3"):
        record_result(e, 1, 3, 1, made("4S", "N", 10), at)
    with pytest.raises(UnknownTable, match="round 2 has not been seated"):
        record_result(e, 2, 1, 3, made("4S", "N", 10), at)
    with pytest.raises(BoardNotInRound, match="round 1 plays boards 1-2, not 3"):
        record_result(e, 1, 1, 3, made("4S", "N", 10), at)
    with pytest.raises(BadResult, match="0 to 13 tricks, not 14"):
        record_result(e, 1, 1, 1, made("4S", "N", 14), at)
    with pytest.raises(BadResult, match="no declarer"):
        record_result(e, 1, 1, 1, Played(Contract.parse("4S")), at)
    with pytest.raises(BadResult, match="before round 1 started"):
        record_result(e, 1, 1, 1, made("4S", "N", 10), START - MIN)
    e = record_result(e, 1, 1, 1, Played(None), at)  # passed out
    rec = e.rounds[0].tables[0].records[0]
    assert rec.passed_out and rec.ns_score == 0
    with pytest.raises(ResultAlreadyRecorded, match="board 1 at table 1 of round 1"):
        record_result(e, 1, 1, 1, made("4S", "N", 10), at)
    with pytest.raises(EventNotRunning, match="has not started"):
        record_result(registered(4), 1, 1, 1, made("4S", "N", 10), NOW)


def test_scores_follow_the_board_vulnerability() -> None:
    e = advance(registered(4, rounds=2), START)
    e = record_result(e, 1, 1, 2, made("4S", "E", 10), START + MIN)  # board 2: NS vul only
    e = record_result(e, 1, 2, 2, Played(Contract.parse("4S"), Seat.NORTH, 10), START + MIN)
    scores = [t.record(2).ns_score for t in e.rounds[0].tables]  # type: ignore[union-attr]
    assert scores == [-420, 620]


def test_pause_stops_the_clock_and_resume_moves_it_on() -> None:
    e = advance(registered(4), START)
    e = record_result(e, 1, 1, 1, made("4S", "N", 10), START + 2 * MIN)
    assert pause_reason(e) is None
    e = pause(e, START + 5 * MIN, "server maintenance")
    assert e.paused_at == START + 5 * MIN
    assert pause_reason(e) == "server maintenance"  # what its tables show
    assert advance(e, START + 3 * ROUND) == e  # nothing is due while paused
    with pytest.raises(EventPaused):
        record_result(e, 1, 1, 2, made("4S", "N", 10), START + 6 * MIN)
    with pytest.raises(AlreadyPaused):
        pause(e, START + 6 * MIN)
    with pytest.raises(SettingsError, match="before the pause"):
        resume(e, START)
    e = resume(e, START + 35 * MIN)
    rnd = e.current_round
    assert rnd is not None and rnd.number == 1
    assert rnd.ends_at == START + ROUND + 30 * MIN  # 16 minutes + the 30-minute pause
    assert [n.text for n in e.notes[-2:]] == [
        "paused by the director: server maintenance",
        "resumed by the director after 0:30:00",
    ]
    assert pause_reason(e) is None
    assert pause_reason(pause(e, START + 36 * MIN)) == ""  # paused with no reason given
    e = record_result(e, 1, 1, 2, made("4S", "N", 10), START + 40 * MIN)
    with pytest.raises(NotPaused):
        resume(e, START + 41 * MIN)


def test_pause_before_the_start_delays_it() -> None:
    e = pause(registered(4), START - 10 * MIN)
    e = resume(e, START + 5 * MIN)  # paused 15 minutes
    assert e.status is Status.REGISTRATION and e.next_round_at == START + 15 * MIN
    e = advance(e, START + 15 * MIN)
    assert e.current_round is not None and e.current_round.starts_at == START + 15 * MIN


def test_cancel_keeps_every_result() -> None:
    e = advance(registered(4), START)
    e = play_round(e, START + 10 * MIN)
    e = record_result(e, 2, 1, 3, made("4S", "N", 10), START + 12 * MIN)
    e = cancel(e, START + 14 * MIN, "storm")
    assert e.status is Status.CANCELLED and e.next_round_at is None
    r2 = e.rounds[1]
    assert r2.closed_at == START + 14 * MIN
    assert r2.tables[0].record(3).played  # type: ignore[union-attr]
    assert [rec.played for t in r2.tables for rec in t.records] == [True, False, False, False]
    result = standings(e)
    assert result.final and result.boards == 4 and result.required == 3
    assert all(r.masterpoints == 0 for r in result.rows)
    assert e.notes[-1].text == "cancelled by the director: storm"
    with pytest.raises(EventOver):
        cancel(e, START + 15 * MIN)
    with pytest.raises(EventOver):
        record_result(e, 2, 1, 4, made("4S", "N", 10), START + 15 * MIN)
    with pytest.raises(EventOver):
        pause(e, START + 15 * MIN)
    assert advance(e, START + 10 * ROUND) == e


def test_cancel_while_paused_or_before_the_start() -> None:
    e = pause(advance(registered(4), START), START + MIN)
    e = cancel(e, START + 20 * MIN)
    assert e.status is Status.CANCELLED and e.paused_at is None
    assert e.rounds[0].closed_at == START + 20 * MIN
    e = cancel(registered(4), NOW)
    assert e.status is Status.CANCELLED and e.rounds == ()
    assert standings(e).rows[0].rank is None  # no boards: nobody is ranked


def test_finishes_after_the_last_round() -> None:
    e = advance(registered(4), START)
    for r in range(3):
        e = play_round(e, START + r * 10 * MIN + 5 * MIN)
    assert e.status is Status.FINISHED and e.next_round_at is None
    assert e.notes[-1].text == "event finished"
    assert advance(e, START + 10 * ROUND) == e


def test_too_many_rounds_warns_and_rematches() -> None:
    e = advance(registered(4, rounds=4), START)
    assert any("4 rounds with 4 pairs" in w for w in e.warnings)
    for r in range(4):
        e = play_round(e, START + r * 10 * MIN + 5 * MIN)
    assert any(n.text == "round 4: 2 rematch(es) unavoidable" for n in e.notes)
    met = [frozenset(t.pairs) for rnd in e.rounds[:3] for t in rnd.tables]
    assert len(set(met)) == 6  # the first three rounds are a round robin


def test_a_restart_mid_round_continues_the_same() -> None:
    e = advance(registered(5), START)
    e = record_result(e, 1, 1, 1, made("4S", "N", 10), START + 3 * MIN)
    stored = to_json(e)

    def finish(state: EventState) -> EventState:
        state = record_result(state, 1, 2, 1, made("4S", "N", 9), START + 6 * MIN)
        state = withdraw(state, 2, START + 7 * MIN)
        return advance(state, START + 5 * ROUND)

    assert finish(from_json(stored)) == finish(e)


def test_now_must_be_aware() -> None:
    with pytest.raises(SettingsError, match="timezone-aware"):
        advance(registered(2), START.replace(tzinfo=None))


def test_a_round_with_no_tables_closes_at_once() -> None:
    e = advance(registered(2, robot_fill=False), START)
    e = withdraw(e, 1, START + MIN)
    e = play_round(e, START + 5 * MIN)
    rnd = e.rounds[1]
    assert rnd.tables == () and rnd.byes == (2,) and rnd.closed_at == rnd.starts_at
    assert e.status is Status.FINISHED
    assert replace(e) == e


def test_next_due_tells_the_poller_when_to_wake() -> None:
    e = registered(4)
    assert next_due(e) == START
    e = advance(e, START)
    assert next_due(e) == START + ROUND
    e = pause(e, START + MIN)
    assert next_due(e) is None
    e = resume(e, START + 3 * MIN)
    assert next_due(e) == START + ROUND + 2 * MIN
    assert next_due(cancel(e, START + 4 * MIN)) is None
