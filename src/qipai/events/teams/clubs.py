"""Clubs (帮派): a name, a leader, officers and members. A player belongs to one club at most;
joining is by request and acceptance (by the leader or an officer); the leader appoints
officers; a club fields a team, from its members, for a club-ladder match.

:class:`Clubs` is every club of the site, so that the one-club rule is checked against all of
them; each function returns a new value and leaves the one it was given as it was.

>>> c = found(Clubs(), "Dragons", "lin")
>>> c = request(c, "dragons", "wu")  # names are found whatever their case
>>> c = accept(c, "Dragons", "lin", "wu")
>>> c.club("Dragons").members, c.club_of("wu").name
(('lin', 'wu'), 'Dragons')
>>> found(c, "Tigers", "wu")
Traceback (most recent call last):
...
qipai.events.teams.errors.InAnotherClub: wu already belongs to Dragons
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .errors import ClubError, InAnotherClub, NotClubOfficer, NotOnTeam
from .roster import Team, team

__all__ = [
    "Club",
    "Clubs",
    "accept",
    "appoint",
    "club_team",
    "decline",
    "found",
    "leave",
    "request",
]


@dataclass(frozen=True)
class Club:
    """A club: its leader and officers are members too; ``requests`` are the players who asked
    to join, oldest first."""

    name: str
    leader: str
    officers: tuple[str, ...] = ()
    members: tuple[str, ...] = ()
    requests: tuple[str, ...] = ()

    def runs(self, player: str) -> bool:
        """Whether ``player`` may accept members and field teams: the leader or an officer."""
        return player == self.leader or player in self.officers


@dataclass(frozen=True)
class Clubs:
    """Every club."""

    clubs: tuple[Club, ...] = ()

    def club(self, name: str) -> Club:
        key = name.strip().casefold()
        for c in self.clubs:
            if c.name.casefold() == key:
                return c
        raise ClubError(f"there is no club called {name}")

    def club_of(self, player: str) -> Club | None:
        for c in self.clubs:
            if player in c.members:
                return c
        return None

    def _with(self, old: Club, new: Club | None) -> Clubs:
        """These clubs with ``old`` replaced by ``new`` (None: closed)."""
        out = [c for c in self.clubs if c is not old]
        if new is not None:
            out.insert(self.clubs.index(old), new)
        return replace(self, clubs=tuple(out))


def _free(clubs: Clubs, player: str) -> None:
    mine = clubs.club_of(player)
    if mine is not None:
        raise InAnotherClub(f"{player} already belongs to {mine.name}")


def found(clubs: Clubs, name: str, leader: str) -> Clubs:
    """A new club named ``name`` led by ``leader`` (in no club yet)."""
    label = name.strip()
    if not label:
        raise ClubError("a club needs a name")
    if any(c.name.casefold() == label.casefold() for c in clubs.clubs):
        raise ClubError(f"there is already a club called {label}")
    _free(clubs, leader)
    return replace(clubs, clubs=(*clubs.clubs, Club(label, leader, members=(leader,))))


def request(clubs: Clubs, name: str, player: str) -> Clubs:
    """``player`` asks to join the club ``name``."""
    club = clubs.club(name)
    _free(clubs, player)
    if player in club.requests:
        raise ClubError(f"{player} has already asked to join {club.name}")
    return clubs._with(club, replace(club, requests=(*club.requests, player)))


def _run_by(club: Club, by: str) -> None:
    if not club.runs(by):
        raise NotClubOfficer(f"only the leader or an officer of {club.name} may do this, not {by}")


def accept(clubs: Clubs, name: str, by: str, player: str) -> Clubs:
    """The leader or an officer ``by`` accepts ``player``'s request; the player's requests to
    other clubs lapse."""
    club = clubs.club(name)
    _run_by(club, by)
    if player not in club.requests:
        raise ClubError(f"{player} has not asked to join {club.name}")
    _free(clubs, player)
    joined = replace(
        club,
        members=(*club.members, player),
        requests=tuple(p for p in club.requests if p != player),
    )
    out = clubs._with(club, joined)
    return replace(
        out,
        clubs=tuple(
            replace(c, requests=tuple(p for p in c.requests if p != player)) for c in out.clubs
        ),
    )


def decline(clubs: Clubs, name: str, by: str, player: str) -> Clubs:
    """The leader or an officer ``by`` declines ``player``'s request."""
    club = clubs.club(name)
    _run_by(club, by)
    if player not in club.requests:
        raise ClubError(f"{player} has not asked to join {club.name}")
    return clubs._with(club, replace(club, requests=tuple(p for p in club.requests if p != player)))


def appoint(clubs: Clubs, name: str, by: str, player: str, *, officer: bool = True) -> Clubs:
    """The leader ``by`` makes member ``player`` an officer (or, ``officer=False``, no longer
    one)."""
    club = clubs.club(name)
    if by != club.leader:
        raise NotClubOfficer(f"only the leader of {club.name} appoints officers, not {by}")
    if player not in club.members or player == club.leader:
        raise NotOnTeam(f"{player} is not a member of {club.name}")
    officers = tuple(p for p in club.officers if p != player) + ((player,) if officer else ())
    return clubs._with(club, replace(club, officers=officers))


def leave(clubs: Clubs, name: str, player: str) -> Clubs:
    """``player`` leaves the club; the leader leaves last, and the club closes with them."""
    club = clubs.club(name)
    if player not in club.members:
        raise NotOnTeam(f"{player} is not a member of {club.name}")
    if player == club.leader:
        if len(club.members) > 1:
            raise ClubError(f"the leader of {club.name} leaves last")
        return clubs._with(club, None)
    return clubs._with(
        club,
        replace(
            club,
            members=tuple(p for p in club.members if p != player),
            officers=tuple(p for p in club.officers if p != player),
        ),
    )


def club_team(
    clubs: Clubs,
    name: str,
    by: str,
    number: int,
    captain: str,
    players: Sequence[str],
    *,
    robots: int = 0,
) -> Team:
    """The team the club ``name`` fields (named by its leader or an officer ``by``): members
    only, under the club's name, checked as any team (:func:`~.roster.team`)."""
    club = clubs.club(name)
    _run_by(club, by)
    for p in players:
        if p not in club.members:
            raise NotOnTeam(f"{p} is not a member of {club.name}")
    return team(number, club.name, captain, players, robots=robots)
