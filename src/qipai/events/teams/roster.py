"""Teams and their line-ups: who is on a team, who captains it, who plays which room.

A team is a name, a captain and four to six members. A member is an account, or a robot
filling a seat the team leaves empty (marked: :attr:`Member.robot`, and named so that no account
can take the name). The captain is one of the members and names, for each segment of a match,
the two pairs that play: one in the open room, one in the closed room (:class:`Lineup`).

A player plays for one team of an event at most (:func:`check_field`).

>>> blue = team(1, "Blue", "ann", ["ann", "bo", "cy"], robots=1)
>>> [m.name for m in blue.members], blue.robots
(['ann', 'bo', 'cy', 'robot team 1 seat 4'], 1)
>>> team(2, "Red", "dee", ["dee", "ed", "flo"])
Traceback (most recent call last):
...
qipai.events.teams.errors.TeamSize: a team has 4 to 6 members, not 3 (Red)
>>> lineup(blue, "ann", ("ann", "bo"), ("cy", "robot team 1 seat 4")).closed
('cy', 'robot team 1 seat 4')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..state import is_robot_player
from .errors import (
    BadLineup,
    FieldError,
    NotCaptain,
    NotOnTeam,
    PlayerOnTwoTeams,
    RosterError,
    TeamSize,
)

__all__ = [
    "MAX_MEMBERS",
    "MIN_MEMBERS",
    "Lineup",
    "Member",
    "Team",
    "check_field",
    "default_lineup",
    "lineup",
    "robot_member",
    "robot_team",
    "team",
]

MIN_MEMBERS = 4
MAX_MEMBERS = 6

_ROBOT = "robot team "


def robot_member(team_number: int, seat: int) -> str:
    """The name of the robot filling seat ``seat`` of team ``team_number``: a robot entrant's
    name (``qipai.events.state.is_robot_player``), which no account can take."""
    return f"{_ROBOT}{team_number} seat {seat}"


@dataclass(frozen=True)
class Member:
    """A member of a team: an account's name, or a robot filling an empty seat."""

    name: str
    robot: bool = False


@dataclass(frozen=True)
class Team:
    """A team of an event: its number (from 1, its place in the entry list), name, captain and
    members. Build one with :func:`team`, which checks it."""

    number: int
    name: str
    captain: str
    members: tuple[Member, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.members)

    @property
    def people(self) -> tuple[str, ...]:
        """The members who are accounts, not robots."""
        return tuple(m.name for m in self.members if not m.robot)

    @property
    def robots(self) -> int:
        return sum(m.robot for m in self.members)

    def has(self, name: str) -> bool:
        return name in self.names


def team(number: int, name: str, captain: str, players: Sequence[str], *, robots: int = 0) -> Team:
    """A checked team: ``players`` (accounts) and ``robots`` seats filled by robots make four
    to six members; the captain is one of them (a robot captains a team of robots only)."""
    label = name.strip()
    if not label:
        raise TeamSize("a team needs a name")
    count = len(players) + robots
    if not MIN_MEMBERS <= count <= MAX_MEMBERS or robots < 0:
        raise TeamSize(f"a team has {MIN_MEMBERS} to {MAX_MEMBERS} members, not {count} ({label})")
    seen: set[str] = set()
    for p in players:
        if is_robot_player(p):
            raise RosterError(f"{p} is a robot's name: robots fill the seats left empty")
        if p in seen:
            raise TeamSize(f"{p} is twice on the team {label}")
        seen.add(p)
    members = (
        *(Member(p) for p in players),
        *(Member(robot_member(number, len(players) + i), True) for i in range(1, robots + 1)),
    )
    t = Team(number, label, captain, members)
    if not t.has(captain) or (captain not in t.people and t.people):
        raise NotOnTeam(f"the captain {captain} is not a member of {label}")
    return t


def robot_team(number: int, name: str | None = None) -> Team:
    """A team of four robots (the simulator's), captained by its first robot."""
    return team(number, name or f"Robots {number}", robot_member(number, 1), [], robots=4)


@dataclass(frozen=True)
class Lineup:
    """Who plays a segment for a team: the pair in the open room and the pair in the closed
    room, each as (the one sitting N or E, the one sitting S or W)."""

    open: tuple[str, str]
    closed: tuple[str, str]


def lineup(t: Team, by: str, open_pair: Sequence[str], closed_pair: Sequence[str]) -> Lineup:
    """The line-up the captain ``by`` names for team ``t``: four different members."""
    if by != t.captain:
        raise NotCaptain(f"only the captain of {t.name} ({t.captain}) names who plays, not {by}")
    players = [*open_pair, *closed_pair]
    if len(open_pair) != 2 or len(closed_pair) != 2 or len(set(players)) != 4:
        raise BadLineup(f"a line-up seats four different members, not {', '.join(players)}")
    for p in players:
        if not t.has(p):
            raise NotOnTeam(f"{p} is not a member of {t.name}")
    return Lineup((open_pair[0], open_pair[1]), (closed_pair[0], closed_pair[1]))


def default_lineup(t: Team) -> Lineup:
    """The first four members, in order: the line-up of a team whose captain named none."""
    a, b, c, d = t.names[:4]
    return Lineup((a, b), (c, d))


def check_field(teams: Iterable[Team]) -> tuple[Team, ...]:
    """The teams of one event, checked: distinct numbers and names, and no player on two
    teams (robots are each team's own)."""
    field = tuple(teams)
    numbers: set[int] = set()
    names: dict[str, Team] = {}
    players: dict[str, Team] = {}
    for t in field:
        if t.number in numbers:
            raise FieldError(f"team {t.number} is twice in the field")
        numbers.add(t.number)
        key = t.name.casefold()
        if key in names:
            raise FieldError(f"two teams of this event are called {t.name}")
        names[key] = t
        for p in t.people:
            other = players.get(p)
            if other is not None:
                raise PlayerOnTwoTeams(f"{p} already plays for {other.name} in this event")
            players[p] = t
    return field
