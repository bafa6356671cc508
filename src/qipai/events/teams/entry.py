"""A team event before it starts: the settings and the teams entered so far, as a
:class:`~qipai.events.teams.event.TeamEvent` with no round drawn (stored in the same JSON
form), and its start, which draws round 1 (:func:`~qipai.events.teams.event.create`).

>>> from qipai.events.teams import TeamEventSettings, TeamFormat
>>> e = registration(TeamEventSettings("Cup", TeamFormat.TEAMS, boards=4), "seed")
>>> e = enter(e, "Blue", "ann", ["ann", "bo", "cy"], robots=1)
>>> e = enter(e, "Red", "di", ["di", "ed", "fa", "gu"])
>>> enter(e, "Green", "ann", ["ann", "hu", "ik", "jo"])
Traceback (most recent call last):
...
qipai.events.teams.errors.PlayerOnTwoTeams: ann already plays for Blue in this event
>>> [(m.home, m.away) for m in start(e).rounds[0].matches]
[(1, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .errors import FieldError
from .event import TeamEvent, TeamEventSettings, create
from .roster import check_field, team

__all__ = ["enter", "registration", "start", "withdraw_team"]


def registration(settings: TeamEventSettings, seed: str) -> TeamEvent:
    """A team event open for entries."""
    return TeamEvent(settings, (), seed)


def _open(event: TeamEvent) -> None:
    if event.rounds or event.over:
        raise FieldError("the event has started: teams enter before it does")


def enter(
    event: TeamEvent, name: str, captain: str, players: Sequence[str], *, robots: int = 0
) -> TeamEvent:
    """``event`` with a new team (the next number), checked as a team and in the field: four
    to six members, the captain one of them, no player on two teams."""
    _open(event)
    number = max(event.numbers, default=0) + 1
    new = team(number, name, captain, players, robots=robots)
    return replace(event, teams=check_field((*event.teams, new)))


def withdraw_team(event: TeamEvent, number: int, by: str) -> TeamEvent:
    """``event`` without team ``number``, withdrawn by its captain ``by`` before the start."""
    _open(event)
    gone = next((t for t in event.teams if t.number == number), None)
    if gone is None:
        raise FieldError(f"team {number} is not entered in this event")
    if by != gone.captain:
        raise FieldError(f"only the captain of {gone.name} ({gone.captain}) withdraws it")
    return replace(event, teams=tuple(t for t in event.teams if t.number != number))


def start(event: TeamEvent) -> TeamEvent:
    """The event with round 1 drawn from the teams entered."""
    _open(event)
    return create(event.settings, event.teams, event.seed)
