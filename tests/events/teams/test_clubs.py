"""Clubs (帮派): one club a player, joining by request and acceptance, officers, a club's team
from its members; refusals leave the clubs as they were."""

from __future__ import annotations

import pytest

from qipai.events.teams.clubs import (
    Clubs,
    accept,
    appoint,
    club_team,
    decline,
    found,
    leave,
    request,
)
from qipai.events.teams.errors import (
    ClubError,
    InAnotherClub,
    NotClubOfficer,
    NotOnTeam,
    TeamSize,
)


def _dragons() -> Clubs:
    c = found(Clubs(), "Dragons", "lin")
    for p in ("wu", "zhao", "qian", "sun"):
        c = accept(request(c, "Dragons", p), "Dragons", "lin", p)
    return c


def test_joining_is_by_request_and_acceptance() -> None:
    c = found(found(Clubs(), "Dragons", "lin"), "Tigers", "hu")
    c = request(request(c, "Dragons", "wu"), "Tigers", "wu")
    with pytest.raises(ClubError, match="already asked"):
        request(c, "Dragons", "wu")
    with pytest.raises(NotClubOfficer):
        accept(c, "Dragons", "wu", "wu")
    joined = accept(c, "Tigers", "hu", "wu")
    assert joined.club_of("wu") is not None and joined.club("Tigers").members == ("hu", "wu")
    assert joined.club("Dragons").requests == ()  # the other request lapsed
    with pytest.raises(InAnotherClub, match="wu already belongs to Tigers"):
        request(joined, "Dragons", "wu")
    assert c.club_of("wu") is None  # the value given is unchanged
    assert decline(c, "Dragons", "lin", "wu").club("Dragons").requests == ()
    with pytest.raises(ClubError, match="no club called Lions"):
        request(c, "Lions", "wu")
    with pytest.raises(ClubError, match="already a club called dragons"):
        found(c, "dragons", "zed")


def test_officers_and_leaving() -> None:
    c = _dragons()
    with pytest.raises(NotClubOfficer):
        appoint(c, "Dragons", "wu", "zhao")
    c = appoint(c, "Dragons", "lin", "wu")
    c = accept(request(c, "Dragons", "li"), "Dragons", "wu", "li")  # an officer accepts
    assert "li" in c.club("Dragons").members
    with pytest.raises(ClubError, match="leaves last"):
        leave(c, "Dragons", "lin")
    c = leave(c, "Dragons", "wu")
    assert c.club("Dragons").officers == () and c.club_of("wu") is None
    with pytest.raises(NotOnTeam):
        leave(c, "Dragons", "wu")


def test_a_club_fields_a_team_of_its_members() -> None:
    c = _dragons()
    t = club_team(c, "Dragons", "lin", 1, "lin", ["lin", "wu", "zhao", "qian"])
    assert t.name == "Dragons" and t.people == ("lin", "wu", "zhao", "qian")
    with pytest.raises(NotOnTeam, match="zed is not a member of Dragons"):
        club_team(c, "Dragons", "lin", 1, "lin", ["lin", "wu", "zhao", "zed"])
    with pytest.raises(NotClubOfficer):
        club_team(c, "Dragons", "wu", 1, "wu", ["lin", "wu", "zhao", "qian"])
    with pytest.raises(TeamSize):
        club_team(c, "Dragons", "lin", 1, "lin", ["lin", "wu", "zhao"])
    assert club_team(c, "Dragons", "lin", 1, "lin", ["lin", "wu", "zhao"], robots=1).robots == 1
