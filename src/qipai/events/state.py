"""The values an event is made of: pairs, rounds, tables, board records and the event state.

Everything is immutable; the functions in :mod:`~qipai.events.registration` and
:mod:`~qipai.events.lifecycle` return new states. Timers are stored as timestamps
(``next_round_at``, each round's ``ends_at``), so a state read back from the store after a
restart carries on exactly where it was: the server's poller only calls ``advance(state, now)``.

Board numbers run through the event, so each number names one deal and fixes dealer and
vulnerability (Law 2). Each table of a round has its own boards (``Table.boards``): in a Swiss
event every table plays the round's boards (round 2 of 3-board rounds plays boards 4-6), dealt
from the event's seed, the round and the board number; in a movement (``EventState.plan``) the
tables of a round play different boards and a board travels from round to round, dealt from
the seed and its number alone. A board is scored across every result it has in the event.

The director's rulings are values too: an :class:`Adjustment` of a table's board (artificial,
assigned, or a correction of the result), a :class:`Penalty`, and a :class:`Ruling` line of the
log for each (who, when, what, why). The table's own record stays as it came in, so the
traveller shows both.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum

from ..bridge.board import vulnerability_of
from ..bridge.calls import Contract
from ..bridge.cards import Card, Seat
from ..bridge.deal import Deal
from ..bridge.game import BoardState, Phase
from ..bridge.scoring import score_ns
from .errors import BadResult
from .movements import Sitting
from .settings import EventSettings

__all__ = [
    "PHANTOM",
    "Adjustment",
    "Artificial",
    "BoardRecord",
    "EventState",
    "HandRaise",
    "Note",
    "Pair",
    "Penalty",
    "Plan",
    "Played",
    "Round",
    "Ruling",
    "Status",
    "Table",
    "deal_for",
    "is_robot_player",
    "played_from",
    "robot_player",
]

PHANTOM = 0
"""The pair number of the phantom, the pair missing from an odd field: robots play it (a robot
table) or its opponents sit out (the bye). Registered pairs, robot pairs the director enters
among them, number from 1."""

ROBOT_PREFIX = "robot "


def robot_player(pair: int, which: str) -> str:
    """The name of a robot entrant's player (``robot 3 a``): not a name any account can take."""
    return f"{ROBOT_PREFIX}{pair} {which}"


def is_robot_player(name: str) -> bool:
    """Whether ``name`` is a robot entrant's (a director fills a field with robot pairs).

    >>> is_robot_player(robot_player(3, "a")), is_robot_player("robotnik")
    (True, False)
    """
    return name.startswith(ROBOT_PREFIX)


class Status(StrEnum):
    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class HandRaise:
    """``player`` has asked ``partner`` to register together (raised a hand at ``at``)."""

    player: str
    partner: str
    at: datetime


@dataclass(frozen=True)
class Pair:
    """A registered pair. ``number`` is its place in the registration order (from 1);
    ``players`` are the one who asked first and the one who confirmed. A pair that withdrew
    played up to round ``withdrawn_after`` and is not seated after it."""

    number: int
    players: tuple[str, str]
    registered_at: datetime
    withdrawn_after: int | None = None
    withdrawn_at: datetime | None = None

    @property
    def name(self) -> str:
        """``alice & bob``."""
        return " & ".join(self.players)

    @property
    def robots(self) -> bool:
        """A robot pair the director entered: it ranks, but wins no masterpoints."""
        return all(is_robot_player(p) for p in self.players)

    def plays_in(self, round_number: int) -> bool:
        return self.withdrawn_after is None or round_number <= self.withdrawn_after


@dataclass(frozen=True)
class Played:
    """A board's result as a table reports it: the contract (None when passed out), the
    declarer and declarer's tricks, and the opening lead when known."""

    contract: Contract | None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: Card | None = None

    def ns_score(self, board: int) -> int:
        """NS's score on board ``board`` (its vulnerability, Law 77); 0 when passed out."""
        if self.contract is None:
            if self.declarer is not None or self.tricks is not None:
                raise BadResult("a passed-out board has no declarer and no tricks")
            return 0
        if self.declarer is None:
            raise BadResult(f"the contract is {self.contract} but no declarer is named")
        tricks = self.tricks
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise BadResult(f"declarer takes 0 to 13 tricks, not {tricks!r}")
        return score_ns(self.contract, self.declarer, tricks, vulnerability_of(board))


def played_from(board: BoardState) -> Played:
    """The result of a board played to the end through the rules core."""
    if board.phase is not Phase.DONE:
        raise BadResult(f"board {board.number} is not finished")
    lead = board.played[0] if board.played else None
    return Played(board.contract, board.declarer, board.declarer_tricks, lead)


@dataclass(frozen=True)
class BoardRecord:
    """One board at one table: played (with its result and NS score) or, when the round's
    clock ran out first, not played (``played`` False: cut, no make-up)."""

    board: int
    at: datetime
    played: bool
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None
    lead: Card | None = None

    @property
    def passed_out(self) -> bool:
        return self.played and self.contract is None


class Artificial(StrEnum):
    """An artificial adjusted score for one side (Law 12C2): average, average-plus or
    average-minus: 50/60/40 % of the top at matchpoints, 0/+3/-3 IMPs."""

    AVERAGE = "average"
    PLUS = "average-plus"
    MINUS = "average-minus"

    @property
    def percent(self) -> float:
        return {"average": 50.0, "average-plus": 60.0, "average-minus": 40.0}[self.value]

    @property
    def imps(self) -> float:
        return {"average": 0.0, "average-plus": 3.0, "average-minus": -3.0}[self.value]


class AdjustmentKind(StrEnum):
    ARTIFICIAL = "artificial"
    ASSIGNED = "assigned"
    CORRECTED = "corrected"


@dataclass(frozen=True)
class Adjustment:
    """The director's score for board ``board`` at table ``table`` of round ``round``: an
    artificial score for each side (``ns``, ``ew``), or an assigned score (a contract and
    result, Law 12C1) or a corrected result (Law 79C) in ``contract``/``declarer``/``tricks``
    with its ``ns_score``. The latest adjustment of a board at a table is the one that counts."""

    round: int
    table: int
    board: int
    kind: AdjustmentKind
    ns: Artificial | None = None
    ew: Artificial | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.round, self.table, self.board)

    def describe(self) -> str:
        """``average-plus NS / average-minus EW``, ``assigned 4S by N, 9 tricks (-50)``."""
        if self.kind is AdjustmentKind.ARTIFICIAL:
            return f"{self.ns} NS / {self.ew} EW"
        if self.contract is None:
            return f"{self.kind} passed out"
        assert self.declarer is not None
        return (
            f"{self.kind} {self.contract} by {self.declarer.letter}, {self.tricks} tricks "
            f"({self.ns_score:+d})"
        )


@dataclass(frozen=True)
class Penalty:
    """A procedural penalty (Law 90) on pair ``pair``: ``points`` off its total, in IMPs or,
    at matchpoints, in percent of a board's top (taken off the sum of its board percentages)."""

    pair: int
    points: float
    at: datetime


@dataclass(frozen=True)
class Ruling:
    """A line of the director's log: who did what, when, and why."""

    at: datetime
    by: str
    what: str
    reason: str


@dataclass(frozen=True)
class Plan:
    """The movement an event plays, fixed for its field at the start: the movement's name and
    every sitting in the event's pair numbers (``PHANTOM`` for the phantom of an odd field,
    played by robots; a sitting against no one is a sit-out and is left out). ``two_winners``:
    NS and EW pairs are ranked apart."""

    name: str
    sittings: tuple[Sitting, ...]
    two_winners: bool
    description: str = ""

    @property
    def rounds(self) -> int:
        return max((s.round for s in self.sittings), default=0)

    def round_sittings(self, round_number: int) -> tuple[Sitting, ...]:
        return tuple(s for s in self.sittings if s.round == round_number)

    def direction(self, pair: int) -> str | None:
        """``NS`` or ``EW`` in a two-winner movement, else None."""
        if not self.two_winners:
            return None
        return "NS" if any(s.ns == pair for s in self.sittings) else "EW"


@dataclass(frozen=True)
class Table:
    """A table of a round: NS and EW pair numbers (``PHANTOM``: robots play the phantom), the
    boards it plays (the round's boards when not given) and the records of its boards in the
    order they came in."""

    number: int
    ns: int
    ew: int
    records: tuple[BoardRecord, ...] = ()
    boards: tuple[int, ...] = ()

    @property
    def is_complete(self) -> bool:
        return all(self.record(b) is not None for b in self.boards)

    def record(self, board: int) -> BoardRecord | None:
        for r in self.records:
            if r.board == board:
                return r
        return None

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)


@dataclass(frozen=True)
class Round:
    """A seated round: its boards, tables and byes, when it started and when its clock runs
    out; ``closed_at`` once it is over (every table finished, or the clock ran out)."""

    number: int
    boards: tuple[int, ...]
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    starts_at: datetime
    ends_at: datetime
    closed_at: datetime | None = None

    def __post_init__(self) -> None:
        # a table given no boards plays the round's (every Swiss table does)
        if any(not t.boards for t in self.tables):
            tables = tuple(t if t.boards else replace(t, boards=self.boards) for t in self.tables)
            object.__setattr__(self, "tables", tables)

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    @property
    def is_complete(self) -> bool:
        """Every table has a record for every one of its boards."""
        return all(t.is_complete for t in self.tables)

    def table(self, number: int) -> Table | None:
        for t in self.tables:
            if t.number == number:
                return t
        return None

    def table_of(self, pair: int) -> Table | None:
        for t in self.tables:
            if pair in t.pairs:
                return t
        return None


@dataclass(frozen=True)
class Note:
    """A line of the event's log: director actions and automatic decisions."""

    at: datetime
    text: str


@dataclass(frozen=True)
class EventState:
    """The whole event at one moment. ``next_round_at`` is when the next round is seated (the
    start time before round 1); ``paused_at`` is set while the director has paused the event."""

    settings: EventSettings
    seed: str
    created_at: datetime
    status: Status = Status.REGISTRATION
    pairs: tuple[Pair, ...] = ()
    hands: tuple[HandRaise, ...] = ()
    next_pair_number: int = 1
    rounds: tuple[Round, ...] = ()
    next_round_at: datetime | None = None
    paused_at: datetime | None = None
    warnings: tuple[str, ...] = ()
    notes: tuple[Note, ...] = field(default=())
    plan: Plan | None = None
    adjustments: tuple[Adjustment, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    directors: tuple[str, ...] = ()
    """The event's directors by name (its creator first, then those they named); empty for an
    event stored before directors were recorded, whose server says who directs it."""

    @property
    def current_round(self) -> Round | None:
        """The round in play, or None between rounds and outside the event."""
        if self.rounds and self.rounds[-1].is_open:
            return self.rounds[-1]
        return None

    @property
    def is_over(self) -> bool:
        return self.status in (Status.FINISHED, Status.CANCELLED)

    @property
    def finished_at(self) -> datetime | None:
        """When the event finished (its last round closed); None unless it has."""
        if self.status is not Status.FINISHED or not self.rounds:
            return None
        return self.rounds[-1].closed_at

    @property
    def corrections_until(self) -> datetime | None:
        """The end of the correction period (Law 79C) of a finished event: until then the
        director may still rule on its results. None unless the event has finished."""
        at = self.finished_at
        return None if at is None else at + self.settings.correction_period

    def pair(self, number: int) -> Pair | None:
        for p in self.pairs:
            if p.number == number:
                return p
        return None

    def pair_of(self, player: str) -> Pair | None:
        for p in self.pairs:
            if player in p.players:
                return p
        return None

    def deal(self, board: int) -> Deal:
        """The deal of board ``board`` of this event (see :func:`deal_for`); in a movement a
        board is one deal wherever it travels."""
        if self.plan is not None:
            return Deal.from_seed(f"qipai-pairs:{self.seed}:board {board}")
        return deal_for(self.seed, self.round_of_board(board), board)

    def round_of_board(self, board: int) -> int:
        """The round that plays board ``board`` in a Swiss event (each board has one round)."""
        if board < 1:
            raise ValueError(f"board numbers start at 1, not {board}")
        return (board - 1) // self.settings.boards_per_round + 1

    def rounds_of_board(self, board: int) -> tuple[int, ...]:
        """Every round, seated or planned, in which some table plays board ``board``."""
        seated = {r.number for r in self.rounds if board in r.boards}
        if self.plan is not None:
            seated |= {s.round for s in self.plan.sittings if board in s.boards}
        return tuple(sorted(seated))

    @property
    def all_boards(self) -> tuple[int, ...]:
        """Every board the event plays (so far, for a Swiss event)."""
        if self.plan is not None:
            return tuple(sorted({b for s in self.plan.sittings for b in s.boards}))
        return tuple(b for r in self.rounds for b in r.boards)

    def adjustment(self, round_number: int, table: int, board: int) -> Adjustment | None:
        """The director's adjustment in force for a board at a table, if any."""
        found = None
        for a in self.adjustments:
            if a.key == (round_number, table, board):
                found = a
        return found

    def is_director(self, name: str | None) -> bool:
        return name is not None and name in self.directors

    def boards_of(self, round_number: int) -> tuple[int, ...]:
        per = self.settings.boards_per_round
        first = (round_number - 1) * per + 1
        return tuple(range(first, first + per))


def deal_for(seed: str, round_number: int, board: int) -> Deal:
    """The deal every table plays as board ``board`` of round ``round_number``.

    >>> deal_for("s1", 1, 2) == deal_for("s1", 1, 2) != deal_for("s1", 1, 3)
    True
    """
    return Deal.from_seed(f"qipai-swiss:{seed}:round {round_number}:board {board}")
