"""The director's rulings (Law 12 and after), the same for every format: each recorded in the
log (who, when, what, why), the standings recomputed, refused to anyone but a director and
without a reason, and the state unchanged when refused."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from event_helpers import MIN, NOW, START, made, play_round, settings

from qipai.bridge import Side
from qipai.events import (
    Artificial,
    EventState,
    Status,
    advance,
    create_event,
    from_json,
    raise_hand,
    standings,
    to_json,
)
from qipai.events.director import (
    adjust,
    appoint,
    assign,
    correct,
    penalize,
    robot_pair,
    substitute,
    withdraw_pair,
)
from qipai.events.errors import (
    AlreadyRegistered,
    NotDirector,
    RulingError,
    UnknownPair,
    UnknownTable,
)
from qipai.events.scoring import score_event

LATER = START + timedelta(hours=1)


def event(pairs: int = 4, **kw: object) -> EventState:
    state = create_event(settings(**kw), seed="td", now=NOW, director="td")
    for i in range(1, pairs + 1):
        state = raise_hand(state, f"p{i}a", f"p{i}b", NOW + i * MIN)
        state = raise_hand(state, f"p{i}b", f"p{i}a", NOW + i * MIN)
    state = advance(state, START)
    return play_round(state, START + MIN)  # round 1 done; round 2 seated


def totals(state: EventState) -> dict[int, float]:
    return {r.pair: r.total for r in standings(state).rows}


def test_an_artificial_score_per_side_at_imps() -> None:
    state = event(scoring="imp")
    before = totals(state)
    after = adjust(state, 1, 1, 1, ns=Artificial.PLUS, ew=Artificial.MINUS, by="td",
                   reason="the board was fouled", now=LATER)  # fmt: skip
    assert after.rulings[-1].by == "td" and after.rulings[-1].reason == "the board was fouled"
    assert after.rulings[-1].what == "round 1, table 1, board 1: average-plus NS / average-minus EW"
    assert "td ruled" in after.notes[-1].text
    points = {(p.table, p.side): p.points for p in score_event(state) if p.board == 1}
    assert {p.points for p in score_event(after) if p.board == 1 and p.table == 2} == {0.0}
    # board 1 at table 1 now scores +3/-3 outside the datum, and table 2's board 1, alone in
    # the comparison, scores 0
    for table, sign in ((1, 3.0), (2, 0.0)):
        ns, ew = after.rounds[0].tables[table - 1].pairs
        assert totals(after)[ns] == round(before[ns] - points[(table, Side.NS)] + sign, 2)
        assert totals(after)[ew] == round(before[ew] - points[(table, Side.EW)] - sign, 2)
    assert from_json(to_json(after)) == after


def test_an_assigned_score_and_a_correction_are_compared_as_results() -> None:
    state = event(scoring="mp", pairs=6)
    t1 = state.rounds[0].tables[0]
    assert t1.record(1) is not None and t1.record(1).ns_score == 90  # type: ignore[union-attr]
    after = assign(state, 1, 1, 1, made("4S", "N", 12), by="td", reason="Law 23", now=LATER)
    assert after.adjustment(1, 1, 1) is not None
    assert after.adjustment(1, 1, 1).ns_score == 480  # type: ignore[union-attr]
    assert after.rounds[0].tables[0].record(1) == t1.record(1)  # the table's record stays
    ns = t1.ns
    assert totals(after)[ns] > totals(state)[ns]
    fixed = correct(after, 1, 1, 1, made("1NT", "N", 6), by="td", reason="misscored", now=LATER)
    assert fixed.adjustment(1, 1, 1).kind.value == "corrected"  # type: ignore[union-attr]
    assert totals(fixed)[ns] < totals(after)[ns]
    assert len(fixed.rulings) == 2


def test_a_procedural_penalty_comes_off_the_total() -> None:
    state = event(scoring="ximp")
    after = penalize(state, 2, 3, by="td", reason="slow play", now=LATER)
    assert totals(after)[2] == pytest.approx(totals(state)[2] - 3)
    with pytest.raises(RulingError, match="more than 0"):
        penalize(state, 2, 0, by="td", reason="slow play", now=LATER)
    with pytest.raises(UnknownPair):
        penalize(state, 9, 1, by="td", reason="slow play", now=LATER)


def test_substitutes_and_robot_pairs_between_rounds() -> None:
    state = event(break_length=timedelta(minutes=5))  # round 1 over; round 2 in 5 minutes
    at = START + 2 * MIN
    assert state.current_round is None and state.status is Status.RUNNING
    swapped = substitute(state, 1, "p1a", "zed", by="td", reason="ill", now=at)
    assert swapped.pair(1).players == ("zed", "p1b")  # type: ignore[union-attr]
    assert swapped.pair_of("zed").number == 1  # type: ignore[union-attr]
    with pytest.raises(AlreadyRegistered):
        substitute(swapped, 2, "p2a", "p1b", by="td", reason="x", now=at)
    robots = robot_pair(swapped, 3, by="td", reason="left early", now=at)
    assert robots.pair(3).robots  # type: ignore[union-attr]
    assert [r.what for r in robots.rulings] == [
        "pair 1: zed substitutes for p1a",
        "pair 3 (p3a & p3b): robots play for it",
    ]
    playing = advance(robots, START + 6 * MIN)
    assert playing.current_round is not None
    with pytest.raises(RulingError, match="between rounds"):
        substitute(playing, 2, "p2a", "zoe", by="td", reason="ill", now=START + 7 * MIN)
    final = advance(play_round(playing, START + 7 * MIN), START + 12 * MIN)
    final = play_round(final, START + 13 * MIN)
    assert final.status is Status.FINISHED
    assert next(r for r in standings(final).rows if r.pair == 3).masterpoints == 0


def test_only_a_director_rules_and_every_ruling_has_a_reason() -> None:
    state = event()
    with pytest.raises(NotDirector, match="p1a does not direct"):
        adjust(state, 1, 1, 1, ns=Artificial.AVERAGE, ew=Artificial.AVERAGE, by="p1a",
               reason="x", now=LATER)  # fmt: skip
    with pytest.raises(RulingError, match="needs a reason"):
        withdraw_pair(state, 1, by="td", reason=" ", now=LATER)
    with pytest.raises(UnknownTable):
        adjust(state, 5, 1, 1, ns=Artificial.AVERAGE, ew=Artificial.AVERAGE, by="td",
               reason="x", now=LATER)  # fmt: skip
    with pytest.raises(RulingError, match="not finished yet"):
        rnd = state.current_round
        assert rnd is not None
        adjust(state, rnd.number, 1, rnd.boards[0], ns=Artificial.AVERAGE,
               ew=Artificial.AVERAGE, by="td", reason="x", now=rnd.starts_at)  # fmt: skip
    soon = START + 2 * MIN  # round 2 in play
    named = appoint(state, "deputy", by="td", now=soon)
    assert named.directors == ("td", "deputy")
    gone = withdraw_pair(named, 4, by="deputy", reason="left", now=soon)
    assert gone.pair(4).withdrawn_after == 2  # type: ignore[union-attr]
    assert gone.rulings[-1].by == "deputy"
    with pytest.raises(NotDirector):
        appoint(state, "x", by="p2a", now=soon)


def test_appointing_in_an_event_stored_before_directors_keeps_the_appointer() -> None:
    state = replace(event(), directors=())  # as a version-1 state loads
    named = appoint(state, "deputy", by="td", now=START + 2 * MIN)
    assert named.directors == ("td", "deputy")
    assert penalize(named, 1, 1, by="td", reason="late", now=START + 2 * MIN).penalties


def finished(**kw: object) -> EventState:
    """A 4-pair Swiss of three rounds played to its finish (the last round closes at
    START + 3 minutes)."""
    state = event(**kw)
    for i in (2, 3):
        state = play_round(advance(state, START + i * MIN), START + i * MIN)
    assert state.status is Status.FINISHED
    return state


def test_rulings_after_the_finish_within_the_correction_period() -> None:
    state = finished(scoring="imp", correction_period=timedelta(minutes=30))
    end = state.finished_at
    assert end is not None and state.corrections_until == end + timedelta(minutes=30)
    before = totals(state)
    within = end + timedelta(minutes=29)
    after = adjust(state, 3, 1, 5, ns=Artificial.PLUS, ew=Artificial.MINUS, by="td",
                   reason="misboarded", now=within)  # fmt: skip
    assert after.status is Status.FINISHED and totals(after) != before
    assert after.rulings[-1].at == within and after.rulings[-1].reason == "misboarded"
    penalized = penalize(after, 2, 1.5, by="td", reason="slow play", now=within)
    assert totals(penalized)[2] == round(totals(after)[2] - 1.5, 2)
    assert from_json(to_json(penalized)) == penalized


def test_rulings_after_the_correction_period_are_refused_citing_law_79c() -> None:
    from qipai.events.errors import CorrectionPeriodOver
    from qipai.web.errors import zh

    state = finished(scoring="mp", correction_period=timedelta(minutes=10))
    end = state.finished_at
    assert end is not None
    late = end + timedelta(minutes=10, seconds=1)
    with pytest.raises(CorrectionPeriodOver, match=r"\(Law 79C\)$") as refused:
        correct(state, 1, 1, 1, made("3NT", "S", 9), by="td", reason="late", now=late)
    until = (end + timedelta(minutes=10)).isoformat(timespec="minutes")
    assert zh(str(refused.value)) == (
        f"“Test Swiss”的更正期已于{until}结束，"
        "成绩已是最终成绩（《桥牌规则》第79条C款）"
    )
    with pytest.raises(CorrectionPeriodOver):
        penalize(state, 1, 1, by="td", reason="late", now=late)
    none = finished(correction_period=timedelta(0))  # no corrections at all after the finish
    assert none.finished_at is not None
    with pytest.raises(CorrectionPeriodOver):
        adjust(none, 1, 1, 1, ns=Artificial.PLUS, ew=Artificial.PLUS, by="td", reason="x",
               now=none.finished_at + timedelta(seconds=1))  # fmt: skip


def test_a_state_stored_without_a_correction_period_has_the_laws_thirty_minutes() -> None:
    import json

    state = finished()
    data = json.loads(to_json(state))
    del data["settings"]["correction_period"]
    assert from_json(json.dumps(data)).settings.correction_period == timedelta(minutes=30)
