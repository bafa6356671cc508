"""A table as its log has made it: who sits where, the board in play, the clocks, a pending
undo, an event's table's boards. A plain immutable value; ``table_log.fold`` makes the next
one from a log entry, and ``viewer_of`` says how one user sees it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bridge import SEATS, BoardState, Deal, Phase, Seat, Side

Entry = tuple[str, dict[str, Any]]
"""A log entry as written to the table's log: its type (``table_log.EntryType``) and its
payload (JSON values only; the schema of each type is in ``table_log``)."""


@dataclass(frozen=True, slots=True)
class Occupant:
    """A user as the table knows them."""

    user_id: int
    name: str


# --- commands -------------------------------------------------------------------------------


Clocks = tuple[int, int, int, int]
"""Milliseconds of thinking time by seat, N E S W."""


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A pending request by ``seat`` to take back the board's actions from number ``keep`` on
    (its own last call or card, and any robot actions after it)."""

    seat: Seat
    keep: int
    accepted: frozenset[Seat] = frozenset()

    @property
    def waiting_for(self) -> tuple[Seat, Seat]:
        """The opponents, whose consent it needs."""
        return (self.seat.lho, self.seat.rho)


SEAT_POLICIES = ("open", "invitation", "consent")
"""Who may take a seat at a club table: anyone; the owner and whoever came by the invitation
link; anyone the owner agrees to (each asks, the owner accepts or refuses)."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """Someone who asks the owner of a ``consent`` table for ``seat`` (one request a seat)."""

    seat: Seat
    user: Occupant


# --- the state ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableState:
    """A table as its event log has made it."""

    id: int
    seed: str
    robots: bool
    """Whether robots fill empty seats."""
    owner_id: int | None = None
    seat_policy: str = "open"
    """Who may sit (``SEAT_POLICIES``); seats at an event's table are assigned whatever it says."""
    robot_meanings: bool = False
    """Whether a robot that fills an empty seat tells its partner what its calls mean (each
    such call is logged with ``partner_told``); never at an event's table."""
    seq: int = 0
    seats: tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None] = (
        None,
        None,
        None,
        None,
    )
    board_no: int = 0
    board: BoardState | None = None
    explanations_zh: tuple[str, ...] = ()
    """The Chinese explanation of each call of the current board (empty where none was given);
    views show one only where they show the call's explanation."""
    held: tuple[tuple[int, Seat], ...] = ()
    """Users and the seat each held during the current board (a player may not move seats
    mid-board and so see two hands)."""
    closed: bool = False
    actions: tuple[Entry, ...] = ()
    """The current board's bridge events that stand (an undo drops the last ones): replaying
    them from the deal gives ``board``."""
    undo: UndoRequest | None = None
    robot_seats: frozenset[Seat] = frozenset()
    """Seats whose person is away and that a robot plays until they return."""
    clocks: Clocks = (0, 0, 0, 0)
    """Each seat's thinking time on the current board, in milliseconds."""
    totals: Clocks = (0, 0, 0, 0)
    """Each seat's thinking time at this table, all boards, in milliseconds."""
    turn_since: int | None = None
    """When (ms since the epoch) the seat to act now began to think, where the log says."""
    boards: tuple[tuple[int, str], ...] = ()
    """An event's table's boards (number, deal) in the order played; empty at a club table,
    which deals board after board from its seed."""
    event_table: dict[str, Any] | None = None
    """At an event's table: its event, round and table number (``event_table`` on the wire,
    ``tournament`` in the stored ``set_up`` entry). Its seats are assigned (no one sits or
    stands), robots play even with no person present, and boards follow on."""
    paused: str | None = None
    """Why play is held (the director's reason; "" for none given), or None while it goes
    on."""
    seat_requests: tuple[SeatRequest, ...] = ()
    """Who is waiting for the owner's consent to sit, and where (a ``consent`` table)."""
    undone: frozenset[tuple[Side, str, int]] = frozenset()
    """The undos granted on the current board: the asking side, and the trick (``"card"``) or
    round of the auction (``"call"``) of the action taken back. Robots grant one of each."""

    def seat_of(self, user_id: int | None) -> Seat | None:
        if user_id is None:
            return None
        for seat in SEATS:  # not ``Seat``: iterating an enum is slow, and this runs per view
            occ = self.seats[seat]
            if occ is not None and occ.user_id == user_id:
                return seat
        return None

    def is_robot(self, seat: Seat) -> bool:
        """Whether a robot plays ``seat`` now: an empty seat at a table with robots, or a seat
        whose person is away."""
        return (self.robots and self.seats[seat] is None) or seat in self.robot_seats

    @property
    def humans(self) -> int:
        return sum(1 for o in self.seats if o is not None)

    @property
    def full(self) -> bool:
        """Every seat is taken by a person or a robot."""
        return all(o is not None or self.robots for o in self.seats)

    @property
    def in_progress(self) -> bool:
        return self.board is not None and self.board.phase is not Phase.DONE

    @property
    def acting(self) -> Seat | None:
        """The seat that must act now: the seat in turn, or declarer for dummy."""
        b = self.board
        if b is None or b.claim is not None:
            return None
        return b.acting

    @property
    def assigned(self) -> bool:
        """Whether this is an event's table (seats assigned, robots play on their own)."""
        return self.event_table is not None

    @property
    def boards_left(self) -> int | None:
        """How many of an event's table's boards are still to start (None at a club table)."""
        return len(self.boards) - self.board_no if self.boards else None

    def deal_for(self, board_no: int) -> Deal:
        """The deal of a table's ``board_no``-th board: an event's table's is set up with
        the table, a club table's comes from its seed (either is logged when started)."""
        if self.boards:
            return Deal.parse(self.boards[board_no - 1][1])
        return Deal.from_seed(f"{self.seed}:{board_no}")

    def number_of(self, board_no: int) -> int:
        """The board number (dealer, vulnerability) of the table's ``board_no``-th board."""
        return self.boards[board_no - 1][0] if self.boards else board_no

    def yet_to_finish(self, number: int, deal: str) -> bool:
        """Whether board ``number`` dealt ``deal`` is still to be finished here."""
        order = (
            [i for i, (n, d) in enumerate(self.boards, 1) if n == number and d == deal]
            if self.boards
            else [number]
        )
        for board_no in order:
            if self.board_no < board_no or (self.board_no == board_no and self.in_progress):
                return self.deal_for(board_no).pbn() == deal
        return False


@dataclass(frozen=True, slots=True)
class Viewer:
    """What one user is shown of a table's board: the view of ``seat`` (None: a watcher's),
    with all four hands or not, and whether they sit there (and may act)."""

    seat: Seat | None
    all_hands: bool = False
    seated: bool = False


def viewer_of(state: TableState, user_id: int | None, *, see_all: bool) -> Viewer:
    """How ``user_id`` sees the table (``see_all``: it shows watchers all four hands). A player
    sees their seat. One who stands up mid-board keeps only their seat's view until the board
    ends (not the watchers': neither their partner's explanations nor, at a see-all table, all
    four hands), and may sit again only there (``_sit``); anyone else watches."""
    seat = state.seat_of(user_id)
    if seat is not None:
        return Viewer(seat, seated=True)
    if state.in_progress:
        for uid, held in state.held:
            if uid == user_id:
                return Viewer(held)
    return Viewer(None, all_hands=see_all)
