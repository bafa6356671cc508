"""The team formats' invariants, as properties: a round robin meets every pair once, Swiss teams
never twice with byes as the rule says, a knockout's winners advance to a final of two, a
ladder's successful challenge moves the places the rule moves and nothing else; and standings'
tie-breaks."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.bridge import Contract, Seat
from qipai.events import Played
from qipai.events.teams import (
    ChallengeOpen,
    ChallengeOutOfRange,
    LadderSettings,
    MatchError,
    Outcome,
    Room,
    TeamEventSettings,
    TeamFormat,
    TeamSettingsError,
    adjust,
    challenge,
    create,
    expire,
    new_ladder,
    new_match,
    robot_team,
    standings,
    team_standings,
)
from qipai.events.teams.event import TeamEvent, record_board, rule
from qipai.events.teams.formats import bracket, round_robin, round_robin_rounds
from qipai.events.teams.ladder import move, new_season
from qipai.events.teams.ladder import record_board as ladder_board

T0 = datetime(2025, 6, 1, tzinfo=UTC)
WIN = Played(Contract.parse("3NT"), Seat.NORTH, 10)  # NS +430 on board 1
LOSE = Played(Contract.parse("3NT"), Seat.NORTH, 8)  # NS -50


@given(st.integers(2, 16))
def test_round_robin_every_pair_meets_exactly_once(n: int) -> None:
    schedule = round_robin(list(range(1, n + 1)))
    assert len(schedule) == round_robin_rounds(n)
    met = Counter(frozenset(m) for rnd in schedule for m in rnd)
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    for rnd in schedule:  # no team twice in a round; an odd field has one bye a round
        seated = [t for m in rnd for t in m]
        assert len(seated) == len(set(seated)) == n - n % 2
    homes = Counter(h for rnd in schedule for h, _ in rnd)
    aways = Counter(a for rnd in schedule for _, a in rnd)
    assert all(abs(homes[t] - aways[t]) <= 2 for t in range(1, n + 1))


def _play(event: TeamEvent, draw: st.DrawFn) -> TeamEvent:
    """Play the event to its end, each board's result drawn: a swing either way or a push."""
    while (rnd := event.current_round) is not None:
        for i in range(1, len(rnd.matches) + 1):
            while not (m := event.round(rnd.number).matches[i - 1]).is_complete:
                board = next(b for b in m.all_boards if not b.done).board
                o, c = draw(st.sampled_from([(WIN, LOSE), (LOSE, WIN), (WIN, WIN)]))
                event = record_board(event, rnd.number, i, board, Room.OPEN, o)
                event = record_board(event, rnd.number, i, board, Room.CLOSED, c)
    return event


def _teams(n: int) -> list:  # type: ignore[type-arg]
    return [robot_team(i) for i in range(1, n + 1)]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 11), st.data())
def test_swiss_teams_never_rematch_and_byes_follow_the_rule(n: int, data: st.DataObject) -> None:
    most = n - 1 if n % 2 == 0 else n
    rounds = data.draw(st.integers(1, min(most, 6)))
    s = TeamEventSettings("S", TeamFormat.SWISS, boards=1, rounds=rounds, bye_vp=12)
    event = _play(create(s, _teams(n), "p"), data.draw)
    met = Counter(frozenset((m.home, m.away)) for m in event.matches)
    assert set(met.values()) <= {1}
    byes = [t for r in event.rounds for t in r.byes]
    assert len(byes) == len(set(byes))  # one bye a team at most
    if n % 2:
        assert event.rounds[0].byes == (n,)  # the highest number in round 1
        assert all(len(r.byes) == 1 for r in event.rounds)
    else:
        assert not byes
    if len(event.rounds) < rounds:  # ended early: only when no rematch-free pairing was left
        assert event.notes == (
            f"round {len(event.rounds) + 1}: no pairing without a rematch is left: the end",
        )
    rows = {r.team: r for r in standings(event)}
    assert sum(r.vp for r in rows.values()) == pytest.approx(
        20 * len(event.matches) + 12 * len(byes)
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.data())
def test_a_knockout_advances_winners_to_a_final_of_two(n: int, data: st.DataObject) -> None:
    seeding = data.draw(st.permutations(list(range(1, n + 1))))
    s = TeamEventSettings("K", TeamFormat.KNOCKOUT, boards=1, segments=2, tiebreak_boards=1)
    event = _play(create(s, _teams(n), "k", seeding=seeding), data.draw)
    assert event.over
    final = event.rounds[-1]
    assert final.stage == "final" and len(final.matches) == 1
    previous: set[int] | None = None
    for rnd in event.rounds:
        playing = {t for m in rnd.matches for t in (m.home, m.away)} | set(rnd.byes)
        if previous is not None:
            assert playing == previous  # exactly the winners (and byes) of the stage before
        previous = {ko_winner(event, m) for m in rnd.matches} | set(rnd.byes)
    assert len(previous or ()) == 1
    ranks = standings(event)
    assert ranks[0].rank == 1 and ranks[0].team == ko_winner(event, final.matches[0])
    assert ranks[1].rank == 2


def ko_winner(event: TeamEvent, m):  # type: ignore[no-untyped-def]
    from qipai.events.teams.event import knockout_winner

    return knockout_winner(event, m)


def test_a_tied_knockout_match_plays_its_tie_break_then_the_higher_seed_goes_through() -> None:
    s = TeamEventSettings("K", TeamFormat.KNOCKOUT, boards=1, tiebreak_boards=1)
    event = create(s, _teams(2), "t", seeding=[2, 1])
    event = record_board(event, 1, 1, 1, Room.OPEN, WIN)
    event = record_board(event, 1, 1, 1, Room.CLOSED, WIN)  # a push: tied
    m = event.round(1).matches[0]
    assert m.segments == (1, 1) and not m.is_complete and not event.over
    event = record_board(event, 1, 1, 2, Room.OPEN, Played(None))
    event = record_board(event, 1, 1, 2, Room.CLOSED, Played(None))  # still tied
    assert event.over
    assert standings(event)[0].team == 2  # the higher seed


def test_carry_over_from_the_qualifier_head_to_head() -> None:
    q = new_match(2, 1, (1,))
    from qipai.events.teams.match import record

    q = record(record(q, 1, Room.OPEN, WIN), 1, Room.CLOSED, LOSE)  # 2 beat 1 by 10
    s = TeamEventSettings("K", TeamFormat.KNOCKOUT, boards=1, carry_over=0.5)
    event = create(s, _teams(2), "c", seeding=[1, 2], qualifier=[q])
    m = event.round(1).matches[0]
    assert (m.home, m.away, m.carry_over, m.imps) == (1, 2, -5.0, (0, 5))


def test_round_robin_event_and_bad_settings() -> None:
    s = TeamEventSettings("R", TeamFormat.ROUND_ROBIN, boards=1)
    with pytest.raises(TeamSettingsError, match="it has 3"):
        create(TeamEventSettings("R", TeamFormat.ROUND_ROBIN, boards=1, rounds=4), _teams(4), "x")
    with pytest.raises(TeamSettingsError, match="even field"):
        create(TeamEventSettings("T", TeamFormat.TEAMS, boards=1), _teams(3), "x")
    with pytest.raises(TeamSettingsError, match="at most 5 without a rematch"):
        create(TeamEventSettings("S", TeamFormat.SWISS, boards=1, rounds=6), _teams(5), "x")
    with pytest.raises(TeamSettingsError, match="bye's VPs"):
        TeamEventSettings("R", TeamFormat.ROUND_ROBIN, boards=1, bye_vp=21)
    event = create(s, _teams(3), "x")
    assert [r.byes for r in event.rounds] == [(1,)]
    forfeited = rule(event, 1, 1, "no show", forfeited_by=3)
    assert forfeited.round(1).matches[0].vp in ((12.0, 0.0), (0.0, 12.0))
    assert forfeited.current_round is not None and forfeited.current_round.number == 2
    assert event.current_round is not None and event.current_round.number == 1  # unchanged
    with pytest.raises(MatchError, match="round 1 is not being played"):
        rule(forfeited, 1, 1, "late", vp=(10, 10))  # round 2 is drawn from round 1
    with pytest.raises(MatchError, match="no match 2"):
        rule(event, 1, 2, "late", vp=(10, 10))


def test_standings_break_ties_by_head_to_head_then_imp_quotient() -> None:
    from qipai.events.teams.match import record

    def played(home: int, away: int, o: Played, c: Played) -> object:
        return record(record(new_match(home, away, (1,)), 1, Room.OPEN, o), 1, Room.CLOSED, c)

    # 1 and 2 level on VPs: 2 beat 1, so 2 is above although 1's quotient is better
    m12 = adjust(new_match(1, 2, (1,)), 8, 12, "ruled")
    m13 = played(1, 3, WIN, LOSE)  # 1 wins 10 IMPs: v VPs
    v = m13.vp[0]  # type: ignore[attr-defined]
    m24 = adjust(new_match(2, 4, (1,)), v - 4, 24 - v, "ruled")
    rows = team_standings([1, 2, 3, 4], [m12, m13, m24])  # type: ignore[list-item]
    by = {r.team: r for r in rows}
    assert by[1].vp == by[2].vp
    assert [r.team for r in rows][:2] == [2, 1]
    # level on VPs and with no match between them: the IMP quotient decides
    a = adjust(played(2, 4, LOSE, WIN), 12, 8, "ruled")  # type: ignore[arg-type]
    b = adjust(played(1, 3, WIN, LOSE), 12, 8, "ruled")  # type: ignore[arg-type]
    rows = team_standings([2, 1, 3, 4], [a, b])
    assert [(r.rank, r.team, r.vp) for r in rows][:2] == [(1, 1, 12.0), (2, 2, 12.0)]
    assert (rows[0].quotient, rows[1].quotient) == (float("inf"), 0.0)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.integers(1, 4), st.data())
def test_a_ladder_moves_only_what_the_rule_moves(n: int, reach: int, data: st.DataObject) -> None:
    lad = new_ladder(LadderSettings(reach=reach, boards=1), list(range(1, n + 1)), "l")
    for k in range(data.draw(st.integers(1, 8))):
        at = T0 + timedelta(days=k)
        before = lad.order
        low = data.draw(st.integers(2, n))
        challenger = before[low - 1]
        target_place = data.draw(st.integers(1, n))
        target = before[target_place - 1]
        if not low - reach <= target_place < low:
            with pytest.raises(ChallengeOutOfRange):
                challenge(lad, challenger, target, at)
            assert lad.order == before
            continue
        lad = challenge(lad, challenger, target, at)
        number = lad.challenges[-1].number
        how = data.draw(st.sampled_from(["win", "lose", "tie", "forfeit"]))
        if how == "forfeit":
            lad = expire(lad, at + lad.settings.deadline + timedelta(seconds=1))
        else:
            o, c = {"win": (WIN, LOSE), "lose": (LOSE, WIN), "tie": (WIN, WIN)}[how]
            lad = ladder_board(lad, number, 1, Room.OPEN, o, at)
            lad = ladder_board(lad, number, 1, Room.CLOSED, c, at)
        done = lad.challenges[-1]
        if how in ("win", "forfeit"):
            assert done.outcome in (Outcome.WON, Outcome.FORFEIT)
            i, j = low - 1, target_place - 1
            assert lad.order[j] == challenger
            assert lad.order[j + 1 : i + 1] == before[j:i]  # those between moved down one
            assert lad.order[:j] == before[:j] and lad.order[i + 1 :] == before[i + 1 :]
        else:
            assert done.outcome is Outcome.DEFENDED and lad.order == before
        assert sorted(lad.order) == list(range(1, n + 1))


def test_one_open_challenge_a_side_and_seasons() -> None:
    lad = new_ladder(LadderSettings(reach=2, boards=1), [1, 2, 3, 4], "s")
    lad = challenge(lad, 3, 2, T0)
    for by, of in ((3, 1), (4, 2), (2, 1)):
        with pytest.raises(ChallengeOpen):
            challenge(lad, by, of, T0)
    with pytest.raises(ChallengeOpen):
        new_season(lad)
    lad = ladder_board(lad, 1, 1, Room.OPEN, WIN, T0)
    lad = ladder_board(lad, 1, 1, Room.CLOSED, LOSE, T0)
    assert lad.order == (1, 3, 2, 4)
    assert move([1, 2, 3, 4], 4, 2) == (1, 4, 2, 3)
    two = new_season(lad)
    assert (two.season, two.order, two.past) == (2, (1, 3, 2, 4), ((1, 3, 2, 4),))
    fresh = new_season(lad, [4, 3, 2, 1])
    assert fresh.order == (4, 3, 2, 1) and len(fresh.challenges) == 1
    assert [c.number for c in fresh.history(3)] == [1]
    with pytest.raises(TeamSettingsError):
        new_season(lad, [1, 1, 2, 3])


def test_bracket_seeds_one_and_two_apart() -> None:
    assert bracket(list(range(1, 9))) == ((1, 8), (4, 5), (2, 7), (3, 6))
    with pytest.raises(TeamSettingsError, match="once"):
        bracket([1, 2, 2])


def test_a_qualifier_feeds_a_knockout() -> None:
    from qipai.events.teams.event import seeding_from
    from qipai.events.teams.simulate import TeamSimulation

    qualifier = TeamSimulation("round-robin", teams=6, boards=2, seed="q").run()
    rows = standings(qualifier)
    seeds = seeding_from(rows, 4)
    assert seeds == tuple(r.team for r in rows[:4])
    s = TeamEventSettings("KO", TeamFormat.KNOCKOUT, boards=2, carry_over=0.5)
    teams = [t for t in qualifier.teams if t.number in seeds]
    ko = create(s, teams, "q-ko", seeding=seeds, qualifier=qualifier.matches)
    semis = ko.rounds[0]
    assert semis.stage == "semi-final"
    assert [(m.home, m.away) for m in semis.matches] == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    for m in semis.matches:
        (met,) = [q for q in qualifier.matches if {q.home, q.away} == {m.home, m.away}]
        margin = met.margin if met.home == m.home else -met.margin
        assert m.carry_over == round(margin * 0.5, 1)
