"""A team event as a pure state machine: one VP round of matches (``teams``), a round robin,
Swiss teams or a knockout, on the draws of :mod:`~qipai.events.teams.formats`.

:func:`create` checks the field (:func:`~qipai.events.teams.roster.check_field`) and the
settings and draws round 1; :func:`name_lineup` takes a captain's line-up for a segment,
:func:`record_board` one room's result of one board of one match, and :func:`rule` the
director's forfeit or adjusted result of a match, each for the round in play. When the last
match of a round is complete the next round is drawn, from the results so far; after the last
round the event is over. Every function returns a new :class:`TeamEvent` and leaves the one it
was given as it was; bad input raises an :class:`~qipai.events.errors.EventError` naming what
is wrong.

Every match of a round plays the same boards (:func:`board_deal`: dealt from the event's seed,
the round and the board number), as in the pair engine's Swiss rounds.

A knockout's match tied after its boards plays a tie-break segment of ``tiebreak_boards``; if
it is still tied the higher seed advances (docs/TEAMS.md). Carry-over: with ``carry_over`` f
above 0, a knockout match between two teams that met in the qualifier starts with f times the
qualifier match's margin for its winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from ...bridge.deal import Deal
from ..state import Played
from .errors import MatchError, TeamSettingsError
from .formats import (
    bracket,
    knockout_stage,
    round_robin,
    round_robin_rounds,
    stage_name,
    swiss_round,
)
from .match import FORFEIT_VP, Match, Room, adjust, counted, extend, forfeit, new_match, record
from .match import name_lineup as lineup_in
from .roster import Team, check_field
from .standings import TeamRow, team_standings

__all__ = [
    "TeamEvent",
    "TeamEventSettings",
    "TeamFormat",
    "TeamRound",
    "board_deal",
    "create",
    "knockout_winner",
    "name_lineup",
    "record_board",
    "rule",
    "seeding_from",
    "standings",
]


class TeamFormat(StrEnum):
    TEAMS = "teams"
    """One round of VP matches: 1 v 2, 3 v 4, ..."""
    ROUND_ROBIN = "round-robin"
    SWISS = "swiss-teams"
    KNOCKOUT = "knockout"


@dataclass(frozen=True)
class TeamEventSettings:
    """A team event's settings, checked when built."""

    name: str
    format: TeamFormat
    boards: int
    """Boards a segment."""
    segments: int = 1
    rounds: int | None = None
    """Swiss teams: required; round robin: None for all of them; else not used."""
    bye_vp: float = 12.0
    forfeit_vp: float = FORFEIT_VP
    carry_over: float = 0.0
    """Knockout: the fraction of the qualifier head-to-head margin carried (0: none)."""
    tiebreak_boards: int = 4

    def __post_init__(self) -> None:
        counted(self.boards, "boards")
        counted(self.segments, "segments")
        counted(self.tiebreak_boards, "tie-break")
        if not _between(self.bye_vp, 20):
            raise TeamSettingsError(f"the bye's VPs must be between 0 and 20, not {self.bye_vp!r}")
        if not _between(self.forfeit_vp, 20):
            raise TeamSettingsError(
                f"a forfeit's VPs must be between 0 and 20, not {self.forfeit_vp!r}"
            )
        if not _between(self.carry_over, 1):
            raise TeamSettingsError(
                f"the carry-over fraction must be between 0 and 1, not {self.carry_over!r}"
            )
        if self.rounds is not None and (
            isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or self.rounds < 1
        ):
            raise TeamSettingsError(
                f"rounds must be a whole number of at least 1, not {self.rounds!r}"
            )


def _between(value: float, top: float) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float) and 0 <= value <= top


@dataclass(frozen=True)
class TeamRound:
    """A round's matches and byes; a knockout's stage name."""

    number: int
    matches: tuple[Match, ...]
    byes: tuple[int, ...] = ()
    stage: str | None = None

    @property
    def is_complete(self) -> bool:
        return all(m.is_complete for m in self.matches)


@dataclass(frozen=True)
class TeamEvent:
    """A team event's whole state."""

    settings: TeamEventSettings
    teams: tuple[Team, ...]
    seed: str
    rounds: tuple[TeamRound, ...] = ()
    seeding: tuple[int, ...] = ()
    """Knockout: the teams best first."""
    qualifier: tuple[Match, ...] = ()
    """Knockout: the qualifier's matches, for carry-over."""
    notes: tuple[str, ...] = ()
    over: bool = False
    eliminated: tuple[tuple[int, int], ...] = field(default=())
    """Knockout: (team, the round it lost in)."""

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(t.number for t in self.teams)

    @property
    def current_round(self) -> TeamRound | None:
        if self.over or not self.rounds:
            return None
        return self.rounds[-1]

    @property
    def matches(self) -> tuple[Match, ...]:
        return tuple(m for r in self.rounds for m in r.matches)

    def round(self, number: int) -> TeamRound:
        for r in self.rounds:
            if r.number == number:
                return r
        raise MatchError(f"round {number} is not being played")


def board_deal(seed: str, round_number: int, board: int) -> Deal:
    """The deal of board ``board`` in every match of round ``round_number``.

    >>> board_deal("s", 1, 2) == board_deal("s", 1, 2) != board_deal("s", 2, 2)
    True
    """
    return Deal.from_seed(f"qipai-teams:{seed}:round {round_number}:board {board}")


def create(
    settings: TeamEventSettings,
    teams: Sequence[Team],
    seed: str,
    *,
    seeding: Sequence[int] | None = None,
    qualifier: Sequence[Match] = (),
) -> TeamEvent:
    """The event, checked, with round 1 drawn. ``seeding`` (knockout) lists the team numbers
    best first: from a list, or from a qualifier's ranking (:func:`seeding_from`); by default
    the teams' order."""
    field_ = check_field(teams)
    n = len(field_)
    fmt = settings.format
    if fmt is TeamFormat.TEAMS and (n < 2 or n % 2):
        raise TeamSettingsError(f"{n} teams cannot play a round of matches: an even field can")
    if n < 2:
        raise TeamSettingsError(f"an event of teams needs at least 2 teams, not {n}")
    if fmt is TeamFormat.ROUND_ROBIN:
        most = round_robin_rounds(n)
        if settings.rounds is not None and settings.rounds > most:
            raise TeamSettingsError(
                f"{settings.rounds} rounds of a round robin of {n} teams: it has {most}"
            )
    if fmt is TeamFormat.SWISS:
        most = n - 1 if n % 2 == 0 else n
        rounds = settings.rounds or 0
        if not 1 <= rounds <= most:
            raise TeamSettingsError(
                f"{rounds} rounds of Swiss teams with {n} teams: at most {most} without a rematch"
            )
    numbers = tuple(t.number for t in field_)
    order = tuple(seeding) if seeding is not None else numbers
    if fmt is TeamFormat.KNOCKOUT and sorted(order) != sorted(numbers):
        raise TeamSettingsError(f"a knockout seeds each team once: {', '.join(map(str, order))}")
    event = TeamEvent(settings, field_, seed, seeding=order, qualifier=tuple(qualifier))
    return _next_round(event)


def seeding_from(rows: Sequence[TeamRow], count: int | None = None) -> tuple[int, ...]:
    """A knockout's seeding from a qualifier's standings: the first ``count`` teams."""
    return tuple(r.team for r in rows[: count or len(rows)])


def _segments(settings: TeamEventSettings) -> tuple[int, ...]:
    return (settings.boards,) * settings.segments


def _next_round(event: TeamEvent) -> TeamEvent:
    """``event`` with its next round drawn, or over when there is none."""
    number = len(event.rounds) + 1
    s = event.settings
    drawn = _draw(event, number)
    if drawn is None:
        notes = event.notes
        if s.format is TeamFormat.SWISS and number <= (s.rounds or 0):
            notes = (*notes, f"round {number}: no pairing without a rematch is left: the end")
        return replace(event, over=True, notes=notes)
    pairs, byes, stage, note = drawn
    matches = tuple(new_match(h, a, _segments(s), carry_over=_carry(event, h, a)) for h, a in pairs)
    notes = (*event.notes, note) if note else event.notes
    return replace(
        event, rounds=(*event.rounds, TeamRound(number, matches, byes, stage)), notes=notes
    )


def _draw(
    event: TeamEvent, number: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], str | None, str | None] | None:
    s = event.settings
    numbers = event.numbers
    if s.format is TeamFormat.TEAMS:
        if number > 1:
            return None
        return tuple(zip(numbers[::2], numbers[1::2], strict=True)), (), None, None
    if s.format is TeamFormat.ROUND_ROBIN:
        schedule = round_robin(numbers)
        if number > (s.rounds or len(schedule)):
            return None
        pairs = schedule[number - 1]
        seated = {t for p in pairs for t in p}
        return pairs, tuple(t for t in numbers if t not in seated), None, None
    if s.format is TeamFormat.SWISS:
        if number > (s.rounds or 0):
            return None
        order = [r.team for r in standings(event)] if number > 1 else list(numbers)
        history = [(m.home, m.away) for m in event.matches]
        had_bye = [t for r in event.rounds for t in r.byes]
        homes: dict[int, int] = {}
        for m in event.matches:
            homes[m.home] = homes.get(m.home, 0) + 1
        drawn = swiss_round(order, history, had_bye, homes, first=number == 1)
        if drawn is None:
            return None
        return drawn[0], drawn[1], None, None
    return _knockout_draw(event, number)


def _knockout_draw(
    event: TeamEvent, number: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], str | None, str | None] | None:
    seed_of = {t: i for i, t in enumerate(event.seeding, 1)}
    if number == 1:
        first = bracket(event.seeding)
        pairs = tuple((a, b) for a, b in first if b is not None)
        byes = tuple(a for a, b in first if b is None)
        return pairs, byes, stage_name(2 * len(first)), None
    advancing = _advancing(event)
    if len(advancing) < 2:
        return None
    return knockout_stage(advancing, seed_of), (), stage_name(len(advancing)), None


def _advancing(event: TeamEvent) -> list[int]:
    """The teams through to the next stage, in bracket order."""
    last = event.rounds[-1]
    if last.number == 1:
        first = bracket(event.seeding)
        out = []
        matches = iter(last.matches)
        for a, b in first:
            out.append(a if b is None else knockout_winner(event, next(matches)))
        return out
    return [knockout_winner(event, m) for m in last.matches]


def knockout_winner(event: TeamEvent, match: Match) -> int:
    """Who goes through: the match's winner; tied after the tie-break, the higher seed."""
    won = match.winner
    if won is not None:
        return won
    seed_of = {t: i for i, t in enumerate(event.seeding, 1)}
    return min((match.home, match.away), key=lambda t: seed_of.get(t, len(seed_of) + t))


def _carry(event: TeamEvent, home: int, away: int) -> float:
    """Home's carry-over into a knockout match (negative: away's)."""
    if event.settings.format is not TeamFormat.KNOCKOUT or not event.settings.carry_over:
        return 0.0
    margin = 0.0
    for m in event.qualifier:
        if {m.home, m.away} == {home, away} and m.is_complete and m.ruling is None:
            margin += m.margin if m.home == home else -m.margin
    return round(margin * event.settings.carry_over, 1)


def _settle(event: TeamEvent, match: Match) -> Match:
    """A complete knockout match tied on IMPs gets its tie-break segment (once)."""
    s = event.settings
    if (
        s.format is TeamFormat.KNOCKOUT
        and match.is_complete
        and match.ruling is None
        and match.margin == 0
        and len(match.segments) == s.segments
    ):
        return extend(match, s.tiebreak_boards)
    return match


def _change(event: TeamEvent, round_number: int, match_number: int, new: Match) -> TeamEvent:
    rnd = event.round(round_number)
    settled = _settle(event, new)
    matches = tuple(settled if i == match_number else m for i, m in enumerate(rnd.matches, 1))
    rounds = tuple(replace(r, matches=matches) if r is rnd else r for r in event.rounds)
    changed = replace(event, rounds=rounds)
    if rnd is event.rounds[-1] and all(m.is_complete for m in matches):
        if event.settings.format is TeamFormat.KNOCKOUT:
            lost = [m.away if knockout_winner(changed, m) == m.home else m.home for m in matches]
            changed = replace(
                changed,
                eliminated=(*changed.eliminated, *((t, round_number) for t in lost)),
            )
        return _next_round(changed)
    return changed


def _match(event: TeamEvent, round_number: int, match_number: int) -> Match:
    if event.over:
        raise MatchError("the event is over")
    rnd = event.round(round_number)
    if rnd is not event.rounds[-1]:  # the next round is drawn from this one's results
        raise MatchError(f"round {round_number} is not being played")
    if not 1 <= match_number <= len(rnd.matches):
        raise MatchError(f"round {round_number} has no match {match_number}")
    return rnd.matches[match_number - 1]


def record_board(
    event: TeamEvent, round_number: int, match_number: int, board: int, room: Room, played: Played
) -> TeamEvent:
    """``event`` with one room's result of one board of match ``match_number`` (from 1) of
    round ``round_number``."""
    m = _match(event, round_number, match_number)
    return _change(event, round_number, match_number, record(m, board, room, played))


def name_lineup(
    event: TeamEvent,
    round_number: int,
    match_number: int,
    team: int,
    segment: int,
    by: str,
    open_pair: Sequence[str],
    closed_pair: Sequence[str],
) -> TeamEvent:
    """``event`` with the line-up team ``team``'s captain ``by`` names for ``segment`` of a
    match of the round in play (:func:`~qipai.events.teams.match.name_lineup`)."""
    m = _match(event, round_number, match_number)
    entrant = next((t for t in event.teams if t.number == team), None)
    if entrant is None:
        raise MatchError(f"team {team} does not play this match")
    named = lineup_in(m, entrant, segment, by, open_pair, closed_pair)
    return _change(event, round_number, match_number, named)


def rule(
    event: TeamEvent,
    round_number: int,
    match_number: int,
    reason: str,
    *,
    forfeited_by: int | None = None,
    vp: tuple[float, float] | None = None,
) -> TeamEvent:
    """The director's ruling on a match: a forfeit by ``forfeited_by`` (the settings'
    forfeit VPs to the other side), or an adjusted result of ``vp`` (home, away)."""
    m = _match(event, round_number, match_number)
    if forfeited_by is not None:
        new = forfeit(m, forfeited_by, reason, vp=event.settings.forfeit_vp)
    elif vp is not None:
        new = adjust(m, vp[0], vp[1], reason)
    else:
        raise MatchError("an adjusted result or a forfeit needs a reason")
    return _change(event, round_number, match_number, new)


def standings(event: TeamEvent) -> tuple[TeamRow, ...]:
    """The standings (VPs, head-to-head, IMP quotient), byes scoring the bye's VPs. A
    knockout ranks by the stage reached: the winner, the runner-up, then the losers of each
    stage level (the IMP columns as in any event)."""
    byes: dict[int, float] = {}
    if event.settings.format is not TeamFormat.KNOCKOUT:
        for r in event.rounds:
            for t in r.byes:
                byes[t] = byes.get(t, 0.0) + event.settings.bye_vp
    rows = team_standings(event.numbers, event.matches, byes)
    if event.settings.format is not TeamFormat.KNOCKOUT:
        return rows
    out_in = dict(event.eliminated)
    last = len(event.rounds) + 1

    def reached(t: int) -> int:
        return out_in.get(t, last)

    by_team = {r.team: r for r in rows}
    ordered = sorted(event.numbers, key=lambda t: (-reached(t), event.seeding.index(t)))
    out: list[TeamRow] = []
    for i, t in enumerate(ordered):
        rank = i + 1 if i == 0 or reached(t) != reached(ordered[i - 1]) else out[-1].rank
        out.append(replace(by_team[t], rank=rank))
    return tuple(out)
