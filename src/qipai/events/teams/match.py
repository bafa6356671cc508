"""A team match: two teams, two rooms, the same boards.

In the open room the home team sits NS, in the closed room EW (the seed's and CCBA's
convention), so on each board the home team scores ``imps(open NS score - closed NS score)``
(:func:`qipai.duplicate.board_imps`). A match is played in segments (8, 12 or 16 boards, or any
length the director or the challenge chooses); boards are numbered through the match, so a
board's number fixes its dealer and vulnerability (Law 2). Before each segment a captain may
name who plays it (:func:`name_lineup`): substitutions happen between segments only.

The running score is the IMPs each team has won (plus a carry-over, for a knockout that
carries one from its qualifier), and the result the winner's and the loser's victory points
on the WBF 2013 continuous scale for the match's length (:func:`qipai.duplicate.vp`): they
sum to 20. The director may instead rule a forfeit or an adjusted result (:func:`forfeit`,
:func:`adjust`), always with a reason; then the ruling's VPs count.

Every function returns a new match and leaves the one it was given as it was.

>>> from qipai.bridge import Contract, Seat
>>> from qipai.events import Played
>>> m = new_match(1, 2, (2,))
>>> m = record(m, 1, Room.OPEN, Played(Contract.parse("4S"), Seat.NORTH, 10))    # +420 NS
>>> m = record(m, 1, Room.CLOSED, Played(Contract.parse("2S"), Seat.NORTH, 10))  # +170 NS
>>> m.board(1).imps, m.imps, m.is_complete
(6, (6, 0), False)
>>> m = record(m, 2, Room.OPEN, Played(None))  # passed out in the open room
>>> m = record(m, 2, Room.CLOSED, Played(Contract.parse("3NT"), Seat.EAST, 9))  # -400 NS
>>> m.board(2).imps, m.imps, m.vp, m.winner
(9, (15, 0), (18.37, 1.63), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from ...duplicate import Room, board_imps, vp_for
from ..state import Played
from .errors import MatchError, TeamSettingsError
from .roster import Lineup, Team, lineup

__all__ = [
    "FORFEIT_VP",
    "Match",
    "MatchBoard",
    "Room",
    "Ruling",
    "RulingKind",
    "adjust",
    "counted",
    "extend",
    "forfeit",
    "name_lineup",
    "new_match",
    "record",
]

FORFEIT_VP = 12.0
"""The VPs a forfeit gives the side that did not forfeit (the forfeiting side scores 0), as
in the WBF's conditions of contest; an event's settings may choose another figure."""


Counted = Literal["boards", "segments", "tie-break", "reach"]


def counted(value: int, what: Counted) -> int:
    """``value`` when it is a whole number of at least 1, else the error saying what it
    counts (boards a segment, segments a match, tie-break boards, a ladder's reach)."""
    if not isinstance(value, bool) and isinstance(value, int) and value >= 1:
        return value
    if what == "boards":
        raise TeamSettingsError(
            f"boards a segment must be a whole number of at least 1, not {value!r}"
        )
    if what == "segments":
        raise TeamSettingsError(
            f"segments a match must be a whole number of at least 1, not {value!r}"
        )
    if what == "tie-break":
        raise TeamSettingsError(
            f"tie-break boards must be a whole number of at least 1, not {value!r}"
        )
    raise TeamSettingsError(f"a ladder's reach must be a whole number of at least 1, not {value!r}")


@dataclass(frozen=True)
class MatchBoard:
    """One board of a match: its result in each room, None until played there (a passed-out
    board is a :class:`Played` whose contract is None)."""

    board: int
    open: Played | None = None
    closed: Played | None = None

    @property
    def done(self) -> bool:
        return self.open is not None and self.closed is not None

    def played_in(self, room: Room) -> Played | None:
        return self.open if room is Room.OPEN else self.closed

    def ns_score(self, room: Room) -> int | None:
        """NS's score in ``room``; None until that room has played the board."""
        played = self.played_in(room)
        return None if played is None else played.ns_score(self.board)

    @property
    def imps(self) -> int | None:
        """The home team's IMPs on this board, once both rooms have played it."""
        o, c = self.ns_score(Room.OPEN), self.ns_score(Room.CLOSED)
        return None if o is None or c is None else board_imps(o, c)


class RulingKind(StrEnum):
    FORFEIT = "forfeit"
    ADJUSTED = "adjusted"


@dataclass(frozen=True)
class Ruling:
    """The director's result of a whole match: a forfeit by ``forfeited_by`` or an adjusted
    result, with each side's VPs (home, away) and the reason."""

    kind: RulingKind
    vp: tuple[float, float]
    reason: str
    forfeited_by: int | None = None


@dataclass(frozen=True)
class Match:
    """A match of ``home`` against ``away`` (team numbers) over ``segments`` (boards in each
    segment). ``carry_over`` is IMPs the home team starts with (negative: the away team's).
    Build one with :func:`new_match`."""

    home: int
    away: int
    segments: tuple[int, ...]
    boards_played: tuple[MatchBoard, ...] = ()
    carry_over: float = 0.0
    lineups: tuple[tuple[int, int, Lineup], ...] = ()
    """(segment, team, line-up) for each line-up a captain named."""
    ruling: Ruling | None = None

    @property
    def boards(self) -> int:
        """How many boards the match has."""
        return sum(self.segments)

    def segment_of(self, board: int) -> int:
        """The segment (from 1) that board ``board`` belongs to."""
        last = 0
        for i, n in enumerate(self.segments, 1):
            last += n
            if board <= last:
                return i
        raise MatchError(f"board {board} is not one of this match's boards (1 to {self.boards})")

    def board(self, number: int) -> MatchBoard:
        """Board ``number`` as it stands (not yet played: no result in either room)."""
        for b in self.boards_played:
            if b.board == number:
                return b
        if not 1 <= number <= self.boards:
            raise MatchError(
                f"board {number} is not one of this match's boards (1 to {self.boards})"
            )
        return MatchBoard(number)

    @property
    def all_boards(self) -> tuple[MatchBoard, ...]:
        return tuple(self.board(n) for n in range(1, self.boards + 1))

    @property
    def board_imps(self) -> tuple[int, ...]:
        """The home team's IMPs on each board both rooms have played, in board order."""
        return tuple(i for b in self.all_boards if (i := b.imps) is not None)

    @property
    def imps(self) -> tuple[float, float]:
        """IMPs won by the home and by the away team so far, carry-over included."""
        home = sum(i for i in self.board_imps if i > 0) + max(self.carry_over, 0.0)
        away = -sum(i for i in self.board_imps if i < 0) + max(-self.carry_over, 0.0)
        return _num(home), _num(away)

    @property
    def margin(self) -> float:
        """The home team's margin in IMPs (negative when the away team leads)."""
        home, away = self.imps
        return _num(home - away)

    @property
    def is_complete(self) -> bool:
        """Every board played in both rooms, or the director ruled the result."""
        return self.ruling is not None or all(b.done for b in self.all_boards)

    @property
    def vp(self) -> tuple[float, float]:
        """The home and away teams' VPs: the ruling's, else the WBF 2013 scale's for the
        margin over the match's boards (they sum to 20)."""
        if self.ruling is not None:
            return self.ruling.vp
        home = vp_for(self.margin, self.boards)
        return home, round(20 - home, 2)

    @property
    def winner(self) -> int | None:
        """The team that won (more VPs; in play, more IMPs), None for a tie."""
        if self.ruling is not None:
            h, a = self.ruling.vp
            return None if h == a else (self.home if h > a else self.away)
        if self.margin == 0:
            return None
        return self.home if self.margin > 0 else self.away

    @property
    def loser(self) -> int | None:
        w = self.winner
        return None if w is None else (self.away if w == self.home else self.home)

    def lineup_of(self, team: int, segment: int) -> Lineup | None:
        """The line-up ``team`` named for ``segment`` (or the latest before it), if any."""
        named = [(s, lu) for s, t, lu in self.lineups if t == team and s <= segment]
        return max(named, key=lambda x: x[0])[1] if named else None

    def side_of(self, team: int) -> int:
        """0 for the home team, 1 for the away team."""
        if team == self.home:
            return 0
        if team == self.away:
            return 1
        raise MatchError(f"team {team} does not play this match")


def _num(x: float) -> float:
    """A whole float as an int, so totals print as ``31`` rather than ``31.0``."""
    return int(x) if float(x).is_integer() else round(x, 2)


def new_match(home: int, away: int, segments: Sequence[int], *, carry_over: float = 0.0) -> Match:
    """A match of ``home`` against ``away`` over ``segments`` (boards in each segment)."""
    if home == away:
        raise MatchError(f"team {home} does not play this match")
    if not segments:
        raise TeamSettingsError("a match has at least one segment")
    segs = tuple(counted(n, "boards") for n in segments)
    return Match(home, away, segs, carry_over=float(carry_over))


def _open(match: Match) -> None:
    if match.ruling is not None:
        raise MatchError(f"the match is over: {match.ruling.kind.value} ({match.ruling.reason})")


def record(match: Match, board: int, room: Room, played: Played) -> Match:
    """``match`` with board ``board``'s result in ``room`` (``Played(None)``: passed out)."""
    _open(match)
    current = match.board(board)
    if current.played_in(room) is not None:
        raise MatchError(f"board {board} already has a result in the {room.value} room")
    played.ns_score(board)  # a result that is not a bridge result is refused here
    new = replace(current, open=played) if room is Room.OPEN else replace(current, closed=played)
    rest = tuple(b for b in match.boards_played if b.board != board)
    return replace(match, boards_played=tuple(sorted((*rest, new), key=lambda b: b.board)))


def name_lineup(
    match: Match,
    team: Team,
    segment: int,
    by: str,
    open_pair: Sequence[str],
    closed_pair: Sequence[str],
) -> Match:
    """``match`` with ``team``'s line-up for ``segment``, named by its captain ``by``; refused
    once a board of that segment has a result (substitutions are between segments)."""
    _open(match)
    match.side_of(team.number)
    if not 1 <= segment <= len(match.segments):
        raise MatchError(
            f"segment {segment} is not one of this match's segments (1 to {len(match.segments)})"
        )
    started = any(
        (b.open is not None or b.closed is not None) and match.segment_of(b.board) == segment
        for b in match.boards_played
    )
    if started:
        raise MatchError(
            f"segment {segment} has started: players are replaced between segments only"
        )
    named = lineup(team, by, open_pair, closed_pair)
    kept = tuple(x for x in match.lineups if (x[0], x[1]) != (segment, team.number))
    return replace(match, lineups=(*kept, (segment, team.number, named)))


def _reason(reason: str) -> str:
    text = reason.strip()
    if not text:
        raise MatchError("an adjusted result or a forfeit needs a reason")
    return text


def forfeit(match: Match, team: int, reason: str, *, vp: float = FORFEIT_VP) -> Match:
    """``match`` forfeited by ``team``: it scores 0 VPs, its opponent ``vp``."""
    _open(match)
    why = _reason(reason)
    side = match.side_of(team)
    _check_vp(vp, 0.0)
    result = (0.0, vp) if side == 0 else (vp, 0.0)
    return replace(match, ruling=Ruling(RulingKind.FORFEIT, result, why, forfeited_by=team))


def adjust(match: Match, home_vp: float, away_vp: float, reason: str) -> Match:
    """``match`` with the director's adjusted result: each side's VPs, with the reason. It may
    be ruled before the boards are all played (the rest are not played) or after."""
    why = _reason(reason)
    _check_vp(home_vp, away_vp)
    return replace(match, ruling=Ruling(RulingKind.ADJUSTED, (float(home_vp), float(away_vp)), why))


def _check_vp(home: float, away: float) -> None:
    ok = all(
        isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 20
        for v in (home, away)
    )
    if not ok or home + away > 20:
        raise MatchError(
            f"a team's VPs are 0 to 20 and the two together at most 20, not {home} and {away}"
        )


def extend(match: Match, boards: int) -> Match:
    """``match`` with one more segment of ``boards`` boards (a knockout's tie-break)."""
    _open(match)
    return replace(match, segments=(*match.segments, counted(boards, "boards")))
