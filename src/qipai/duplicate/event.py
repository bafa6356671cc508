"""A whole event from its table results: every board scored by one method, then the ranking.

Each :class:`TableResult` is what one table reported: the board, the pairs (and for teams, the
teams), and either the contract, declarer and tricks or a bare NS score. :func:`score_event`
groups the results by board (the board number and, when known, the deal, so that two deals
that share a number are never compared), scores every board by a :class:`Method` and ranks the
pairs, or for teams the matches and the teams. A result that cannot be scored (no contract,
an impossible trick count, an unknown team, a room with no partner) becomes a
:class:`Problem` naming its board and table; the rest of the event is still scored.

A small pairs event: on board 1 three tables play, on board 2 only two, so board 2 is
Neuberg-scaled to the three results of the most-played board.

>>> from qipai.bridge import Contract, Seat
>>> def r(board, ns, ew, contract, by, tricks):
...     return TableResult(board, ns, ew, Contract.parse(contract), Seat.parse(by), tricks)
>>> event = score_event([
...     r(1, "A", "X", "4S", "N", 10), r(1, "B", "Y", "4S", "N", 11), r(1, "C", "Z", "2S", "N", 10),
...     r(2, "A", "Y", "3NT", "S", 9), r(2, "B", "Z", "3NT", "S", 8),
... ], "mp")
>>> [(s.result.ns_pair, s.ns_score, s.ns_points) for s in event.boards[0].results]
[('A', 420, 2.0), ('B', 450, 4.0), ('C', 170, 0.0)]
>>> [(s.result.ns_pair, s.ns_score, s.ns_points) for s in event.boards[1].results]
[('A', 600, 3.5), ('B', -100, 0.5)]
>>> [(p.rank, p.pair, p.percent) for p in event.pairs][:3]  # A: (50 + 87.5) / 2
[(1, 'Z', 93.75), (2, 'A', 68.75), (3, 'B', 56.25)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..bridge.board import Vulnerability, vulnerability_of
from ..bridge.calls import Contract
from ..bridge.cards import Seat, Side
from ..bridge.deal import Deal
from ..bridge.scoring import score_ns
from .butler import Trim, butler, butler_datum
from .errors import ScoringError
from .imps import imps
from .matchpoints import Scale, matchpoint_top, score_board
from .teams import TeamMatch, team_match
from .ximp import cross_imps

__all__ = [
    "BoardResult",
    "EventResult",
    "MatchResult",
    "Method",
    "PairStanding",
    "Problem",
    "Room",
    "ScoredResult",
    "TableResult",
    "TeamStanding",
    "score_event",
    "table_score",
]


class Method(StrEnum):
    """How the boards of an event are scored.

    * ``mp``: matchpoints, Neuberg-scaled on boards with fewer results than the most-played
      board; pairs ranked by their average board percentage.
    * ``imp`` and ``butler``: IMPs against the board's Butler datum (the trimmed mean, see
      :func:`~qipai.duplicate.butler`); the two names score alike. Pairs ranked by total IMPs.
    * ``ximp``: cross-IMPs, each result against every other, per comparison; pairs ranked by
      total.
    * ``teams``: each board's two rooms of a match paired by their teams; matches in IMPs and
      VPs (WBF 2013, for the boards the match played); teams ranked by total VPs.
    """

    MP = "mp"
    IMP = "imp"
    BUTLER = "butler"
    XIMP = "ximp"
    TEAMS = "teams"


class Room(StrEnum):
    """A team match's room: the home team sits NS in the open room and EW in the closed room."""

    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class TableResult:
    """One table's result on one board, as reported: nothing is checked until it is scored.

    The NS score comes from ``contract``, ``declarer`` and ``tricks`` (declarer's tricks) at
    ``vulnerability`` (by default the board number's, Law 2), or is 0 when ``passed_out``;
    failing those, from ``ns_score``. When both are given they must agree.

    ``ns_pair`` and ``ew_pair`` identify the pairs for the ranking. For teams, the NS team is
    ``home_team`` and the EW team ``visit_team``, swapped in the closed room (``room``).
    ``table`` names the table (a table number or a room) and ``where`` where the result was
    read (like ``line 57``); both only label problems. ``deal`` tells apart two boards that
    share a number.
    """

    board: int | None
    ns_pair: str | None = None
    ew_pair: str | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    passed_out: bool = False
    vulnerability: Vulnerability | None = None
    ns_score: int | None = None
    home_team: str | None = None
    visit_team: str | None = None
    room: Room | None = None
    table: str | None = None
    where: str | None = None
    deal: Deal | None = None

    @property
    def teams(self) -> tuple[str, str] | None:
        """(NS team, EW team), or None when the teams are not both known.

        >>> TableResult(1, home_team="A", visit_team="B", room=Room.CLOSED).teams
        ('B', 'A')
        """
        if not self.home_team or not self.visit_team:
            return None
        if self.room is Room.CLOSED:
            return (self.visit_team, self.home_team)
        return (self.home_team, self.visit_team)

    @property
    def label(self) -> str:
        """Board and table, for messages: ``board 11, table 4 (line 57)``."""
        text = "no board number" if self.board is None else f"board {self.board}"
        if self.table:
            text += f", {self.table}"
        if self.where:
            text += f" ({self.where})"
        return text


@dataclass(frozen=True)
class Problem:
    """A result left out of the scoring (or scored with a caveat), and why."""

    board: int | None
    table: str | None
    reason: str
    result: TableResult

    def __str__(self) -> str:
        return f"{self.result.label}: {self.reason}"


@dataclass(frozen=True)
class ScoredResult:
    """One result on its board: its NS score and what each side earned by the method.

    ``ns_points``/``ew_points`` are matchpoints (method ``mp``, on the board's top) or IMPs;
    ``ns_percent``/``ew_percent`` are the matchpoint percentages (None for IMP methods).
    """

    result: TableResult
    ns_score: int
    ns_points: float
    ew_points: float
    ns_percent: float | None = None
    ew_percent: float | None = None
    teams: tuple[str, str] | None = None
    """(NS team, EW team) as the scoring seated them (teams), which ``rooms_in_order`` may
    tell where the result itself does not."""
    room: Room | None = None
    """The room the scoring took the result to be from (teams)."""


@dataclass(frozen=True)
class BoardResult:
    """A board's scored results; ``top`` for matchpoints, ``datum`` for Butler."""

    number: int
    deal: Deal | None
    results: tuple[ScoredResult, ...]
    top: float | None = None
    datum: int | None = None


@dataclass(frozen=True)
class PairStanding:
    """A pair's place: total matchpoints or IMPs over its boards, and for ``mp`` the average
    of its board percentages. ``sides`` are the directions it sat (Mitchell pairs sit one)."""

    rank: int
    pair: str
    boards: int
    total: float
    percent: float | None
    sides: tuple[Side, ...]


@dataclass(frozen=True)
class MatchResult:
    """A team match: ``home`` sat NS where the first of its results was found."""

    home: str
    away: str
    boards: tuple[int, ...]
    match: TeamMatch

    @property
    def board_imps(self) -> tuple[int, ...]:
        """The home team's IMPs on each board, in the order of ``boards``."""
        return self.match.board_imps

    @property
    def home_imps(self) -> int:
        return self.match.home_imps

    @property
    def away_imps(self) -> int:
        return self.match.away_imps

    @property
    def home_vp(self) -> float:
        return self.match.home_vp

    @property
    def away_vp(self) -> float:
        return self.match.away_vp


@dataclass(frozen=True)
class TeamStanding:
    """A team's place by total VPs (then IMP margin): its matches, IMPs won and lost, VPs."""

    rank: int
    team: str
    matches: int
    imps_for: int
    imps_against: int
    vp: float


@dataclass(frozen=True)
class EventResult:
    """Everything :func:`score_event` found. ``field`` is the number of results on the
    most-played board (the Neuberg field for ``mp``); ``pairs`` is empty for teams, ``matches``
    and ``teams`` are empty for the pair methods."""

    method: Method
    boards: tuple[BoardResult, ...]
    pairs: tuple[PairStanding, ...]
    matches: tuple[MatchResult, ...]
    teams: tuple[TeamStanding, ...]
    problems: tuple[Problem, ...]
    field: int

    @property
    def scored(self) -> int:
        """How many results were scored."""
        return sum(len(b.results) for b in self.boards)


# -- one table's score -------------------------------------------------------------------------


def table_score(result: TableResult) -> int:
    """The NS score of one table's result, Law 77; a :class:`ScoringError` says why not.

    >>> from qipai.bridge import Contract, Seat
    >>> table_score(TableResult(3, contract=Contract.parse("4HX"), declarer=Seat.EAST, tricks=8))
    500
    >>> table_score(TableResult(3, contract=Contract.parse("4H"), declarer=Seat.EAST, tricks=14))
    Traceback (most recent call last):
    ...
    qipai.duplicate.errors.ScoringError: declarer cannot take 14 tricks (4H by E)
    """
    computed = _contract_score(result)
    recorded = result.ns_score
    if computed is None:
        if recorded is None:
            raise ScoringError("no contract and no score")
        if isinstance(recorded, bool) or not isinstance(recorded, int):
            raise ScoringError(f"the score must be a whole number, not {recorded!r}")
        return recorded
    if recorded is not None and recorded != computed:
        raise ScoringError(
            f"the recorded score, NS {recorded}, is not the contract's: NS {computed} "
            f"({_contract_text(result)}, {result.tricks} tricks)"
        )
    return computed


def _contract_score(result: TableResult) -> int | None:
    """NS's score from the contract, or None when the result has no contract and is not
    passed out."""
    if result.passed_out:
        if result.contract is not None:
            raise ScoringError(f"passed out, yet the contract is {result.contract}")
        return 0
    contract = result.contract
    if contract is None:
        return None
    declarer = result.declarer
    if declarer is None:
        raise ScoringError(f"the contract is {contract} but no declarer is recorded")
    tricks = result.tricks
    if tricks is None:
        raise ScoringError(f"no result (tricks) for {_contract_text(result)}")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(f"declarer cannot take {tricks!r} tricks ({_contract_text(result)})")
    vulnerability = result.vulnerability
    if vulnerability is None:
        if result.board is None:
            raise ScoringError("no vulnerability and no board number to tell it")
        vulnerability = vulnerability_of(result.board)
    return score_ns(contract, declarer, tricks, vulnerability)


def _contract_text(result: TableResult) -> str:
    by = f" by {result.declarer}" if result.declarer is not None else ""
    return f"{result.contract}{by}"


# -- the event -----------------------------------------------------------------------------------

_Key = tuple[int, Deal | None]


@dataclass(frozen=True)
class _Scored:
    result: TableResult
    ns_score: int


def score_event(
    results: Iterable[TableResult],
    method: Method | str,
    *,
    trim: Trim = "seed",
    scale: Scale = Scale.TWO_ONE,
    rooms_in_order: bool = False,
) -> EventResult:
    """Score every board of an event by ``method`` and rank the pairs (or teams).

    ``trim`` is the Butler datum's trim (``imp``/``butler``), ``scale`` the matchpoint scale
    (``mp``). Boards come out in board-number order, results in the order given. Ranks are
    shared by equal scores (1, 2, 2, 4); pairs rank by percentage (``mp``) or total IMPs, teams
    by total VPs and then IMP margin. Raises :class:`ScoringError` only for an unknown method.

    ``rooms_in_order`` (teams): where a board has exactly two results with the same home and
    visiting teams and neither names its room, take the first as the open room and the second
    as the closed room, the order files such as rpbridge.net's keep. Without it such results
    are reported, since which room is which cannot be told.
    """
    try:
        how = Method(method)
    except ValueError:
        names = ", ".join(repr(m.value) for m in Method)
        raise ScoringError(f"the scoring method is one of {names}, not {method!r}") from None
    problems: list[Problem] = []
    boards = _group(results, problems)
    field = max((len(board) for board in boards.values()), default=0)
    if how is Method.TEAMS:
        scored, matches, teams = _score_teams(boards, problems, rooms_in_order)
        pairs: tuple[PairStanding, ...] = ()
    else:
        scored = tuple(
            _score_pairs_board(key, board, how, field, trim, scale) for key, board in boards.items()
        )
        pairs = _rank_pairs(scored, how, problems)
        matches, teams = (), ()
    problems.sort(key=lambda p: p.board or 0)  # stable: table order within a board
    return EventResult(how, scored, pairs, matches, teams, tuple(problems), field)


def _problem(result: TableResult, reason: str) -> Problem:
    return Problem(result.board, result.table, reason, result)


def _group(results: Iterable[TableResult], problems: list[Problem]) -> dict[_Key, list[_Scored]]:
    """The scorable results by board, boards in number order; the others become problems."""
    boards: dict[_Key, list[_Scored]] = {}
    for result in results:
        board = result.board
        if board is None:
            problems.append(_problem(result, "not scored: no board number"))
            continue
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            problems.append(
                _problem(result, f"not scored: board numbers start at 1, not {board!r}")
            )
            continue
        try:
            ns_score = table_score(result)
        except ScoringError as e:
            problems.append(_problem(result, f"not scored: {e}"))
            continue
        boards.setdefault((board, result.deal), []).append(_Scored(result, ns_score))
    return dict(sorted(boards.items(), key=lambda item: item[0][0]))


# -- pairs: matchpoints, Butler, cross-IMPs ------------------------------------------------------


def _score_pairs_board(
    key: _Key, board: Sequence[_Scored], how: Method, field: int, trim: Trim, scale: Scale
) -> BoardResult:
    number, deal = key
    scores = [s.ns_score for s in board]
    if how is Method.MP:
        entries = score_board(scores, field, scale)
        return BoardResult(
            number,
            deal,
            tuple(
                ScoredResult(s.result, s.ns_score, e.ns_mp, e.ew_mp, e.ns_percent, e.ew_percent)
                for s, e in zip(board, entries, strict=True)
            ),
            top=float(matchpoint_top(field, scale)),
        )
    if how is Method.XIMP:
        ns_imps = cross_imps(scores)
        datum = None
    else:
        ns_imps = butler(scores, trim)
        datum = butler_datum(scores, trim)
    return BoardResult(
        number,
        deal,
        tuple(
            ScoredResult(s.result, s.ns_score, ns, 0.0 - ns)
            for s, ns in zip(board, ns_imps, strict=True)
        ),
        datum=datum,
    )


@dataclass
class _Tally:
    boards: int = 0
    total: float = 0.0
    percent_sum: float = 0.0
    ns: bool = False
    ew: bool = False


def _rank_pairs(
    boards: Sequence[BoardResult], how: Method, problems: list[Problem]
) -> tuple[PairStanding, ...]:
    tallies: dict[str, _Tally] = {}
    for board in boards:
        seen: set[str] = set()
        for s in board.results:
            r = s.result
            if not r.ns_pair or not r.ew_pair:
                missing = "NS" if not r.ns_pair else "EW"
                problems.append(_problem(r, f"scored, but no {missing} pair is named to credit"))
            if r.ns_pair and r.ns_pair == r.ew_pair:
                problems.append(_problem(r, f"{r.ns_pair} sits both NS and EW"))
            for pair, points, percent, side in (
                (r.ns_pair, s.ns_points, s.ns_percent, Side.NS),
                (r.ew_pair, s.ew_points, s.ew_percent, Side.EW),
            ):
                if not pair:
                    continue
                if pair in seen:
                    problems.append(_problem(r, f"{pair} plays board {board.number} twice"))
                seen.add(pair)
                tally = tallies.setdefault(pair, _Tally())
                tally.boards += 1
                tally.total += points
                tally.percent_sum += percent or 0.0
                tally.ns |= side is Side.NS
                tally.ew |= side is Side.EW
    standings = []
    for pair, t in tallies.items():
        percent = t.percent_sum / t.boards if how is Method.MP else None
        sides = tuple(side for side, sat in ((Side.NS, t.ns), (Side.EW, t.ew)) if sat)
        standings.append((pair, t.boards, t.total, percent, sides))

    def merit(entry: tuple[str, int, float, float | None, tuple[Side, ...]]) -> float:
        value = entry[3] if entry[3] is not None else entry[2]
        return round(value, 9)  # equal scores reached by different sums still tie

    ranked = _ranks([merit(e) for e in standings])
    order = sorted(range(len(standings)), key=lambda i: (ranked[i], standings[i][0]))
    return tuple(PairStanding(ranked[i], *standings[i]) for i in order)


def _ranks(merits: Sequence[float | tuple[float, ...]]) -> list[int]:
    """Competition ranks, highest merit first: 1 plus the number of strictly better entries.

    >>> _ranks([50.0, 60.0, 50.0, 40.0])
    [2, 1, 2, 4]
    """
    ordered = sorted(merits, reverse=True)
    first: dict[float | tuple[float, ...], int] = {}
    for place, merit in enumerate(ordered, 1):
        first.setdefault(merit, place)
    return [first[m] for m in merits]


# -- teams -----------------------------------------------------------------------------------


@dataclass
class _Match:
    home: str
    away: str
    boards: list[int]
    open_room: list[int]  # NS scores where the home team sat NS
    closed_room: list[int]


def _score_teams(
    boards: dict[_Key, list[_Scored]], problems: list[Problem], rooms_in_order: bool
) -> tuple[tuple[BoardResult, ...], tuple[MatchResult, ...], tuple[TeamStanding, ...]]:
    scored: list[BoardResult] = []
    matches: dict[frozenset[str], _Match] = {}
    for (number, deal), board in boards.items():
        rooms = _rooms(board, problems, rooms_in_order)
        results: list[ScoredResult] = []
        for (ns_team, ew_team), s in rooms.items():
            other = rooms.get((ew_team, ns_team))
            if other is None:
                problems.append(
                    _problem(
                        s.result,
                        f"not scored: no result from the other room of {ns_team} v {ew_team}"
                        f" (board {number} with {ew_team} NS and {ns_team} EW)",
                    )
                )
                continue
            ns_imps = imps(s.ns_score - other.ns_score)
            match = matches.setdefault(
                frozenset((ns_team, ew_team)), _Match(ns_team, ew_team, [], [], [])
            )
            room = s.result.room or (Room.OPEN if ns_team == s.result.home_team else Room.CLOSED)
            results.append(
                ScoredResult(
                    s.result,
                    s.ns_score,
                    float(ns_imps),
                    float(-ns_imps),
                    teams=(ns_team, ew_team),
                    room=room,
                )
            )
            if ns_team == match.home:  # each pair of rooms enters the match once
                match.boards.append(number)
                match.open_room.append(s.ns_score)
                match.closed_room.append(other.ns_score)
        if results:
            scored.append(BoardResult(number, deal, tuple(results)))
    played = tuple(
        MatchResult(m.home, m.away, tuple(m.boards), team_match(m.open_room, m.closed_room))
        for m in matches.values()
    )
    return tuple(scored), played, _rank_teams(played)


def _rooms(
    board: Sequence[_Scored], problems: list[Problem], rooms_in_order: bool
) -> dict[tuple[str, str], _Scored]:
    """A board's results by (NS team, EW team); results without two teams, or repeating a
    pairing already seen, become problems."""
    rooms: dict[tuple[str, str], _Scored] = {}
    for s, teams in zip(board, _seated_teams(board, rooms_in_order), strict=True):
        if teams is None:
            problems.append(
                _problem(s.result, "not scored: the home and visiting teams are not both named")
            )
        elif teams[0] == teams[1]:
            problems.append(_problem(s.result, f"not scored: {teams[0]} would play itself"))
        elif teams in rooms:
            problems.append(
                _problem(
                    s.result,
                    f"not scored: a second result with {teams[0]} NS and {teams[1]} EW"
                    " (a room tag may be missing)",
                )
            )
        else:
            rooms[teams] = s
    return rooms


def _seated_teams(board: Sequence[_Scored], rooms_in_order: bool) -> list[tuple[str, str] | None]:
    """Each result's (NS team, EW team); with ``rooms_in_order``, the second of two results
    with the same teams and no room is the closed room."""
    seated = [s.result.teams for s in board]
    if not rooms_in_order:
        return seated
    unlabelled: dict[tuple[str, str] | None, list[int]] = {}
    for i, s in enumerate(board):
        if s.result.room is None and seated[i] is not None:
            unlabelled.setdefault(seated[i], []).append(i)
    for teams, found in unlabelled.items():
        if teams is not None and len(found) == 2:
            seated[found[1]] = (teams[1], teams[0])
    return seated


def _rank_teams(matches: Sequence[MatchResult]) -> tuple[TeamStanding, ...]:
    tallies: dict[str, list[float]] = {}  # team -> [matches, imps for, imps against, vp]
    for m in matches:
        for team, won, lost, vp in (
            (m.home, m.home_imps, m.away_imps, m.home_vp),
            (m.away, m.away_imps, m.home_imps, m.away_vp),
        ):
            t = tallies.setdefault(team, [0, 0, 0, 0.0])
            t[0] += 1
            t[1] += won
            t[2] += lost
            t[3] += vp
    teams = [(team, int(t[0]), int(t[1]), int(t[2]), round(t[3], 2)) for team, t in tallies.items()]
    ranked = _ranks([(t[4], float(t[2] - t[3])) for t in teams])
    order = sorted(range(len(teams)), key=lambda i: (ranked[i], teams[i][0]))
    return tuple(TeamStanding(ranked[i], *teams[i]) for i in order)
