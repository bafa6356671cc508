"""The ladder (梯级挑战赛): a ranked list of teams (or clubs) where any side may challenge one up
to ``reach`` places above it; a challenger that wins takes the challenged side's place, and
every side between them moves down one. Nothing else moves.

* A side has one open challenge at a time, made or received (:class:`ChallengeOpen`); a
  challenge further up than ``reach`` places, or downwards, is refused
  (:class:`ChallengeOutOfRange`).
* The challenge is a match (:mod:`~qipai.events.teams.match`) of the settings' length, the
  challenger at home. The challenged side must play it by the deadline: a match not complete
  when :func:`expire` is called after the deadline is forfeited by the challenged side, and
  the challenger takes its place.
* A tie leaves the ladder as it was: the challenger must win.
* Seasons: :func:`new_season` starts the next season from the last season's order or from an
  order given afresh; every challenge keeps its season, so the history is whole.

Pure: each function takes ``at``/``now`` and returns a new :class:`Ladder`.

>>> from datetime import datetime, timezone
>>> t = datetime(2025, 5, 1, tzinfo=timezone.utc)
>>> lad = new_ladder(LadderSettings(reach=2, boards=1), [1, 2, 3, 4, 5], "doc")
>>> lad = challenge(lad, 5, 3, t)
>>> challenge(lad, 4, 3, t)
Traceback (most recent call last):
...
qipai.events.teams.errors.ChallengeOpen: team 3 already has an open challenge (challenge 1)
>>> lad = expire(lad, t + lad.settings.deadline * 2)  # 3 never played: a forfeit
>>> lad.order, lad.challenges[0].outcome
((1, 2, 5, 3, 4), <Outcome.FORFEIT: 'forfeit'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from ..state import Played
from .errors import ChallengeError, ChallengeOpen, ChallengeOutOfRange, TeamSettingsError
from .match import FORFEIT_VP, Match, Room, counted, forfeit, new_match, record

__all__ = [
    "Challenge",
    "Ladder",
    "LadderSettings",
    "Outcome",
    "challenge",
    "expire",
    "move",
    "new_ladder",
    "new_season",
    "record_board",
]


@dataclass(frozen=True)
class LadderSettings:
    """How far up a side may challenge, how long the challenged side has to play, and the
    challenge match's length (``segments`` of ``boards``)."""

    reach: int = 3
    deadline: timedelta = timedelta(days=7)
    boards: int = 8
    segments: int = 1
    forfeit_vp: float = FORFEIT_VP

    def __post_init__(self) -> None:
        counted(self.reach, "reach")
        counted(self.boards, "boards")
        counted(self.segments, "segments")
        if self.deadline <= timedelta(0):
            raise TeamSettingsError(
                f"a challenge's deadline is a time after it is made, not {self.deadline}"
            )


class Outcome(StrEnum):
    WON = "won"
    """The challenger won and took the place."""
    DEFENDED = "defended"
    """The challenged side won or tied and kept its place."""
    FORFEIT = "forfeit"
    """The challenged side did not play by the deadline: the challenger took the place."""


@dataclass(frozen=True)
class Challenge:
    """One challenge: who challenged whom from which places, when, by when, its match and
    (once settled) its outcome."""

    number: int
    season: int
    challenger: int
    challenged: int
    places: tuple[int, int]
    """The challenger's and the challenged side's places when it was made."""
    made_at: datetime
    deadline: datetime
    match: Match
    outcome: Outcome | None = None
    settled_at: datetime | None = None

    @property
    def is_open(self) -> bool:
        return self.outcome is None


@dataclass(frozen=True)
class Ladder:
    """The ladder: its order (best first), the season, every challenge, past seasons' final
    orders."""

    settings: LadderSettings
    order: tuple[int, ...]
    seed: str
    season: int = 1
    challenges: tuple[Challenge, ...] = ()
    past: tuple[tuple[int, ...], ...] = ()

    def place(self, team: int) -> int:
        """``team``'s place (1 is the top)."""
        if team not in self.order:
            raise ChallengeError(f"team {team} is not on the ladder")
        return self.order.index(team) + 1

    def open_challenge(self, team: int) -> Challenge | None:
        for c in self.challenges:
            if c.is_open and team in (c.challenger, c.challenged):
                return c
        return None

    def history(self, team: int) -> tuple[Challenge, ...]:
        """Every challenge ``team`` made or received, oldest first."""
        return tuple(c for c in self.challenges if team in (c.challenger, c.challenged))

    def get(self, number: int) -> Challenge:
        for c in self.challenges:
            if c.number == number and c.is_open:
                return c
        raise ChallengeError(f"no open challenge {number}")


def _check_order(order: Sequence[int]) -> tuple[int, ...]:
    out = tuple(order)
    if len(out) < 2 or len(set(out)) != len(out):
        raise TeamSettingsError(
            f"a seasons ladder starts from a list of its teams, each once: "
            f"{', '.join(map(str, out))}"
        )
    return out


def new_ladder(settings: LadderSettings, order: Sequence[int], seed: str) -> Ladder:
    """A ladder of ``order`` (team numbers, best first) in its first season."""
    return Ladder(settings, _check_order(order), seed)


def challenge(ladder: Ladder, challenger: int, challenged: int, at: datetime) -> Ladder:
    """``ladder`` with ``challenger``'s challenge of ``challenged`` made at ``at``."""
    if challenger == challenged:
        raise ChallengeOutOfRange("a side cannot challenge itself")
    mine, theirs = ladder.place(challenger), ladder.place(challenged)
    reach = ladder.settings.reach
    if not mine - reach <= theirs < mine:
        raise ChallengeOutOfRange(
            f"team {challenger} may challenge up to {reach} places above it "
            f"(places {max(1, mine - reach)} to {mine - 1}), not place {theirs}"
        )
    for team in (challenger, challenged):
        c = ladder.open_challenge(team)
        if c is not None:
            raise ChallengeOpen(f"team {team} already has an open challenge (challenge {c.number})")
    s = ladder.settings
    made = Challenge(
        len(ladder.challenges) + 1,
        ladder.season,
        challenger,
        challenged,
        (mine, theirs),
        at,
        at + s.deadline,
        new_match(challenger, challenged, (s.boards,) * s.segments),
    )
    return replace(ladder, challenges=(*ladder.challenges, made))


def move(order: Sequence[int], winner: int, loser: int) -> tuple[int, ...]:
    """The order after ``winner`` (below) beat ``loser`` (above): the winner takes the loser's
    place, those from the loser's place down to the winner's old place move down one.

    >>> move([1, 2, 3, 4, 5], 5, 2)
    (1, 5, 2, 3, 4)
    """
    rest = [t for t in order if t != winner]
    rest.insert(rest.index(loser), winner)
    return tuple(rest)


def _settle(ladder: Ladder, c: Challenge, outcome: Outcome, at: datetime, m: Match) -> Ladder:
    order = ladder.order
    if outcome is not Outcome.DEFENDED:
        order = move(order, c.challenger, c.challenged)
    done = replace(c, match=m, outcome=outcome, settled_at=at)
    return replace(
        ladder,
        order=order,
        challenges=tuple(done if x is c else x for x in ladder.challenges),
    )


def record_board(
    ladder: Ladder, number: int, board: int, room: Room, played: Played, at: datetime
) -> Ladder:
    """One room's result of one board of challenge ``number``'s match, at ``at``; the last one
    settles the challenge."""
    c = ladder.get(number)
    if at > c.deadline:
        raise ChallengeError(f"the deadline of challenge {number} has passed: it is a forfeit")
    m = record(c.match, board, room, played)
    if not m.is_complete:
        changed = replace(c, match=m)
        return replace(
            ladder, challenges=tuple(changed if x is c else x for x in ladder.challenges)
        )
    outcome = Outcome.WON if m.winner == c.challenger else Outcome.DEFENDED
    return _settle(ladder, c, outcome, at, m)


def expire(ladder: Ladder, now: datetime) -> Ladder:
    """``ladder`` with every open challenge past its deadline forfeited by the challenged side."""
    for c in ladder.challenges:
        if c.is_open and now > c.deadline:
            m = forfeit(
                c.match,
                c.challenged,
                f"not played by the deadline {c.deadline.isoformat()}",
                vp=ladder.settings.forfeit_vp,
            )
            ladder = _settle(ladder, c, Outcome.FORFEIT, c.deadline, m)
    return ladder


def new_season(ladder: Ladder, order: Sequence[int] | None = None) -> Ladder:
    """The next season: from the last season's final order, or from ``order`` afresh. Open
    challenges of the season that ends are refused first: settle or expire them."""
    for c in ladder.challenges:
        if c.is_open:
            raise ChallengeOpen(
                f"team {c.challenger} already has an open challenge (challenge {c.number})"
            )
    start = ladder.order if order is None else _check_order(order)
    return replace(ladder, order=start, season=ladder.season + 1, past=(*ladder.past, ladder.order))
