"""Team events, ladders and clubs read back from their JSON form as they were, mid-way and
finished; a form that cannot be read names what is wrong."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from qipai.events import Played
from qipai.events.errors import EventFormatError
from qipai.events.teams.clubs import Clubs, accept, appoint, found, request
from qipai.events.teams.errors import NotCaptain
from qipai.events.teams.event import (
    TeamEventSettings,
    TeamFormat,
    create,
    name_lineup,
    record_board,
    rule,
)
from qipai.events.teams.ladder import LadderSettings, challenge, new_ladder
from qipai.events.teams.match import Room
from qipai.events.teams.roster import robot_team, team
from qipai.events.teams.serial import dump, from_json, load, to_json
from qipai.events.teams.simulate import FORMATS, TeamSimulation


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_finished_event_reads_back(fmt: str) -> None:
    done = TeamSimulation(fmt, teams=5 if fmt != "teams" else 4, boards=1, seed="s").run()
    assert from_json(to_json(done)) == done


def test_an_event_mid_round_with_lineups_and_a_ruling_reads_back() -> None:
    blue = team(1, "Blue", "ann", ["ann", "bo", "cy", "di"], robots=1)
    teams = [blue, robot_team(2), robot_team(3), robot_team(4)]
    e = create(TeamEventSettings("R", TeamFormat.ROUND_ROBIN, boards=2, segments=2), teams, "m")
    matches = e.rounds[0].matches
    k = next(i for i, m in enumerate(matches, 1) if 1 in (m.home, m.away))
    with pytest.raises(NotCaptain):
        name_lineup(e, 1, k, 1, 1, "bo", ("ann", "bo"), ("cy", "di"))
    e = name_lineup(e, 1, k, 1, 1, "ann", ("ann", "bo"), ("cy", "robot team 1 seat 5"))
    e = record_board(e, 1, k, 1, Room.OPEN, Played(None))
    other = 3 - k
    e = rule(e, 1, other, "no show", forfeited_by=matches[other - 1].home)
    lu = e.round(1).matches[k - 1].lineup_of(1, 2)  # segment 1's line-up holds for segment 2
    assert lu is not None and lu.closed == ("cy", "robot team 1 seat 5")
    assert from_json(to_json(e)) == e


def test_a_ladder_and_clubs_read_back() -> None:
    t = datetime(2025, 5, 1, tzinfo=UTC)
    lad = challenge(new_ladder(LadderSettings(reach=2, boards=1), [1, 2, 3], "l"), 3, 2, t)
    assert from_json(to_json(lad)) == lad
    c = found(Clubs(), "Dragons", "lin")
    c = appoint(accept(request(c, "Dragons", "wu"), "Dragons", "lin", "wu"), "Dragons", "lin", "wu")
    c = request(c, "Dragons", "zhao")
    assert from_json(to_json(c)) == c


def test_a_bad_form_names_the_field() -> None:
    data = dump(TeamSimulation("teams", teams=2, boards=1, seed="b").run())
    data["rounds"][0]["matches"][0]["boards"][0]["open"]["declarer"] = "Q"
    with pytest.raises(EventFormatError, match=r"rounds\[0\]\.matches\[0\]\.boards\[0\]\.open"):
        load(data)
    with pytest.raises(EventFormatError, match="kind"):
        load({"kind": "cup", "version": 1})
    with pytest.raises(EventFormatError, match="JSON"):
        from_json("{")
