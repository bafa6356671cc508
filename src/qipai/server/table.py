"""A table's state and the pure logic of its event log: no I/O, no clock, no asyncio.

``decide(state, user, command)`` checks a command against the table and the rules and returns the
events it causes (or raises ``CommandError`` saying what was wrong); ``fold(state, event)`` applies
one event; ``settle`` stamps a decision's events with the time and folds them in, adding what
follows by itself (a finished board's result, a tournament table's next board). The live actor and
the replay after a restart both build a table with ``fold`` alone, so a replayed table is exactly
the table that was live. Bridge actions go through ``qipai.bridge.apply`` in both.

>>> t = TableState(id=1, seed="doc", robots=True)
>>> evs = decide(t, Occupant(7, "ann"), Sit(Seat.SOUTH))
>>> [kind for kind, _ in evs]
['seated', 'board_started']
>>> for e in evs:
...     t = fold(t, e)
>>> t.seq, t.seat_of(7), t.board.turn
(2, Seat.SOUTH, Seat.NORTH)

Times are data: the actor stamps each event it writes with ``t`` (milliseconds since the epoch)
before folding it, so the seats' thinking clocks are rebuilt from the log like everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..bridge import (
    BoardState,
    Call,
    Card,
    Deal,
    MakeCall,
    Phase,
    PlayCard,
    QipaiError,
    RespondToClaim,
    Seat,
    Side,
    apply,
    new_board,
    parse_call,
)
from ..bridge import Claim as ClaimAction
from ..bridge.game import Action, agree_claim

Event = tuple[str, dict[str, Any]]
"""An event as written to the log: its type and its payload (JSON values only)."""


BRIDGE_EVENTS = frozenset({"call", "card", "claim", "claim_response"})
"""The events that are rules-core actions (through ``qipai.bridge.apply``)."""
PLAY_EVENTS = BRIDGE_EVENTS | {"claim_ruled"}
"""The events after which a board may be over (``after_action`` follows them)."""


class CommandError(Exception):
    """A command the table refuses; the message says why, for the one who sent it."""


# --- who sits -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Occupant:
    """A user as the table knows them."""

    user_id: int
    name: str


# --- commands -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sit:
    seat: Seat


@dataclass(frozen=True, slots=True)
class Stand:
    pass


@dataclass(frozen=True, slots=True)
class CallCmd:
    call: Call
    alert: bool = False
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class CardCmd:
    card: Card


@dataclass(frozen=True, slots=True)
class ClaimCmd:
    tricks: int


@dataclass(frozen=True, slots=True)
class ClaimResponseCmd:
    accept: bool


@dataclass(frozen=True, slots=True)
class Chat:
    text: str


@dataclass(frozen=True, slots=True)
class NextBoard:
    pass


@dataclass(frozen=True, slots=True)
class Close:
    pass


@dataclass(frozen=True, slots=True)
class UndoCmd:
    """Ask the opponents to take back your last call or card (a mis-click)."""


@dataclass(frozen=True, slots=True)
class UndoAnswerCmd:
    accept: bool


@dataclass(frozen=True, slots=True)
class RobotTakeover:
    """The server's own command: a robot plays ``seat`` while its person is away."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class PlayerReturned:
    """The server's own command: the person of ``seat`` is back and plays again."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class SetUp:
    """The server's own command, first at a tournament table: the round's boards (number and
    deal, in the order played) and who sits where (None: a robot plays the seat). Robots play
    there even with no person at the table, and each board follows the last by itself."""

    boards: tuple[tuple[int, str], ...]
    seats: tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None]
    tournament: tuple[int, int, int]
    """Where the table belongs: event id, round, table number."""


@dataclass(frozen=True, slots=True)
class Finish:
    """The server's own command: the table is over (its tournament round has ended)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Hold:
    """The server's own command: play stops (the director has paused the table's event); chat
    goes on, and the thinking clocks stop."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class Release:
    """The server's own command: play goes on after a ``Hold``."""


Command = (
    Sit
    | Stand
    | CallCmd
    | CardCmd
    | ClaimCmd
    | ClaimResponseCmd
    | Chat
    | NextBoard
    | Close
    | UndoCmd
    | UndoAnswerCmd
    | RobotTakeover
    | PlayerReturned
    | SetUp
    | Finish
    | Hold
    | Release
)
SERVER_COMMANDS = (RobotTakeover, PlayerReturned, SetUp, Finish, Hold, Release)
"""Commands only the server gives (no client message parses to one)."""

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


# --- the state ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableState:
    """A table as its event log has made it."""

    id: int
    seed: str
    robots: bool
    """Whether robots fill empty seats."""
    owner_id: int | None = None
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
    actions: tuple[Event, ...] = ()
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
    """A tournament table's boards (number, deal) in the order played; empty at a club table,
    which deals board after board from its seed."""
    tournament: dict[str, Any] | None = None
    """At a tournament table: its event, round and table number. Its seats are assigned (no
    one sits or stands), robots play even with no person present, and boards follow on."""
    paused: str | None = None
    """Why play is held (the director's reason; "" for none given), or None while it goes
    on."""
    undone: frozenset[tuple[Side, str, int]] = frozenset()
    """The undos granted on the current board: the asking side, and the trick (``"card"``) or
    round of the auction (``"call"``) of the action taken back. Robots grant one of each."""

    def seat_of(self, user_id: int | None) -> Seat | None:
        if user_id is None:
            return None
        for seat in Seat:
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
        """Whether this is a tournament table (seats assigned, robots play on their own)."""
        return self.tournament is not None

    @property
    def boards_left(self) -> int | None:
        """How many of a tournament table's boards are still to start (None at a club table)."""
        return len(self.boards) - self.board_no if self.boards else None

    def deal_for(self, board_no: int) -> Deal:
        """The deal of a table's ``board_no``-th board: a tournament table's is set up with
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


# --- the events -----------------------------------------------------------------------------


def fold(state: TableState, event: Event) -> TableState:
    """The table after one event. Bridge events go through ``apply``; an event that does not fit
    raises (a corrupt log is never silently skipped)."""
    kind, p = event
    t = p.get("t")
    if kind in BRIDGE_EVENTS:  # most events: one copy, not four
        return _fold_bridge(state, event, t)
    s = replace(state, seq=state.seq + 1)
    if kind == "seated":
        seat = Seat.parse(p["seat"])
        seats = list(s.seats)
        seats[seat] = Occupant(int(p["user_id"]), str(p["name"]))
        held = s.held
        if s.in_progress and all(u != p["user_id"] for u, _ in held):
            held = (*held, (int(p["user_id"]), seat))
        return replace(s, seats=_four(seats), held=held, robot_seats=s.robot_seats - {seat})
    if kind == "stood":
        seat = Seat.parse(p["seat"])
        seats = list(s.seats)
        seats[seat] = None
        return replace(s, seats=_four(seats), robot_seats=s.robot_seats - {seat})
    if kind == "board_started":
        board = new_board(int(p["number"]), Deal.parse(p["deal"]))
        held = tuple((o.user_id, seat) for seat, o in zip(Seat, s.seats, strict=True) if o)
        return replace(
            s,
            board_no=int(p["board_no"]),
            board=board,
            held=held,
            explanations_zh=(),
            actions=(),
            undo=None,
            undone=frozenset(),
            clocks=(0, 0, 0, 0),
            turn_since=t if isinstance(t, int) else None,
        )
    if kind == "undo_requested":
        seat = Seat.parse(p["seat"])
        return replace(s, undo=UndoRequest(seat, int(p["keep"])))
    if kind == "undo_answer":
        if s.undo is None:
            raise ValueError(f"event {s.seq} answers an undo no one asked for")
        if not p["accept"]:
            return replace(s, undo=None, turn_since=t if isinstance(t, int) else s.turn_since)
        accepted = s.undo.accepted | {Seat.parse(p["seat"])}
        return replace(s, undo=replace(s.undo, accepted=accepted))
    if kind == "undo":
        keep = int(p["keep"])
        granted = (Seat.parse(p["seat"]).side, *undo_round(s, keep))
        return replace(
            _rebuild(s, keep),
            undo=None,
            undone=s.undone | {granted},
            turn_since=t if isinstance(t, int) else s.turn_since,
        )
    if kind == "claim_ruled":
        if s.board is None or s.board.claim is None:
            raise ValueError(f"event {s.seq} rules on a claim no one made")
        return replace(s, board=agree_claim(s.board, int(p["tricks"])))
    if kind == "robot_takeover":
        return replace(s, robot_seats=s.robot_seats | {Seat.parse(p["seat"])})
    if kind == "player_returned":
        return replace(s, robot_seats=s.robot_seats - {Seat.parse(p["seat"])})
    if kind == "closed":
        return replace(s, closed=True)
    if kind == "paused":  # the seat in turn is charged up to now; no one's clock runs
        return replace(_charge(s, t), paused=str(p.get("reason", "")), turn_since=None)
    if kind == "resumed":
        return replace(s, paused=None, turn_since=t if isinstance(t, int) else None)
    if kind == "set_up":
        boards = tuple((int(n), str(d)) for n, d in p["boards"])
        return replace(s, boards=boards, tournament=dict(p["tournament"]))
    if kind in ("chat", "board_done", "created"):
        return s
    raise ValueError(f"event {s.seq} has an unknown type {kind!r}")


def _fold_bridge(state: TableState, event: Event, t: object) -> TableState:
    """A call, card, claim or answer to a claim: through ``apply``, and the actor charged the
    time since the turn began (when the log has both times)."""
    kind, p = event
    seq = state.seq + 1
    if state.board is None:
        raise ValueError(f"event {seq} ({kind}) comes before any board")
    changes: dict[str, Any] = {
        "seq": seq,
        "board": apply(state.board, action_of(kind, p)),
        "actions": (*state.actions, event),
    }
    if kind == "call":
        changes["explanations_zh"] = (*state.explanations_zh, str(p.get("explanation_zh", "")))
    if isinstance(t, int):
        changes["turn_since"] = t
        if state.turn_since is not None:
            seat = Seat.parse(p["by"] if kind == "card" else p["seat"])
            changes["clocks"], changes["totals"] = _spent(state, seat, t - state.turn_since)
    return replace(state, **changes)


def _spent(state: TableState, seat: Seat, ms: int) -> tuple[Clocks, Clocks]:
    """The board's and the table's clocks with ``ms`` more thinking time for ``seat``."""
    extra = max(0, ms)

    def add(c: Clocks) -> Clocks:
        return (
            c[0] + extra * (seat == 0),
            c[1] + extra * (seat == 1),
            c[2] + extra * (seat == 2),
            c[3] + extra * (seat == 3),
        )

    return add(state.clocks), add(state.totals)


def _charge(state: TableState, t: object) -> TableState:
    """The seat to act charged its thinking time up to ``t`` (where the log has both times)."""
    seat = state.acting
    if not isinstance(t, int) or state.turn_since is None or seat is None or not state.in_progress:
        return state
    clocks, totals = _spent(state, seat, t - state.turn_since)
    return replace(state, clocks=clocks, totals=totals)


def _rebuild(s: TableState, keep: int) -> TableState:
    """The board replayed from its deal with only its first ``keep`` bridge events."""
    board = s.board
    if board is None or not 0 <= keep <= len(s.actions):
        raise ValueError(f"event {s.seq} undoes to action {keep}, which the board has not got")
    kept = s.actions[:keep]
    fresh = new_board(board.number, board.deal)
    for kind, p in kept:
        fresh = apply(fresh, action_of(kind, p))
    zh = tuple(str(p.get("explanation_zh", "")) for kind, p in kept if kind == "call")
    return replace(s, board=fresh, actions=kept, explanations_zh=zh)


def action_of(kind: str, p: dict[str, Any]) -> Action:
    """The rules-core action a logged bridge event stands for."""
    if kind == "call":
        return MakeCall(
            parse_call(p["call"]),
            seat=Seat.parse(p["seat"]),
            alert=bool(p.get("alert", False)),
            explanation=str(p.get("explanation", "")),
        )
    if kind == "card":
        return PlayCard(Card.parse(p["card"]), seat=Seat.parse(p["by"]))
    if kind == "claim":
        return ClaimAction(int(p["tricks"]), seat=Seat.parse(p["seat"]))
    if kind == "claim_response":
        return RespondToClaim(Seat.parse(p["seat"]), bool(p["accept"]))
    raise ValueError(f"{kind!r} is not a bridge action")


def _four(
    seats: list[Occupant | None],
) -> tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None]:
    return (seats[0], seats[1], seats[2], seats[3])


def action_event(state: TableState, action: MakeCall | PlayCard, *, robot: bool = False) -> Event:
    """The event for a call or card by ``action.seat`` (a robot's choice, or a person's)."""
    assert action.seat is not None
    if isinstance(action, MakeCall):
        return (
            "call",
            {
                "seat": action.seat.letter,
                "call": str(action.call),
                "alert": action.alert,
                "explanation": action.explanation,
                "robot": robot,
            },
        )
    board = state.board
    assert board is not None and board.turn is not None
    return (
        "card",
        {
            "seat": board.turn.letter,  # the hand the card comes from (dummy's, for declarer)
            "by": action.seat.letter,
            "card": str(action.card),
            "robot": robot,
        },
    )


def decide(state: TableState, user: Occupant | None, command: Command) -> list[Event]:
    """The events ``command`` by ``user`` causes; CommandError, with the reason, if refused."""
    if state.closed:
        raise CommandError("this table is closed")
    if isinstance(command, RobotTakeover | PlayerReturned):
        return _presence(state, command)
    if isinstance(command, SetUp):
        return set_up(state, command)
    if isinstance(command, Finish):
        return [("closed", {"reason": command.reason})]
    if isinstance(command, Hold):
        return [] if state.paused is not None else [("paused", {"reason": command.reason})]
    if isinstance(command, Release):
        return [] if state.paused is None else [("resumed", {})]
    if user is None:
        raise CommandError("log in (or play as a guest) first")
    if isinstance(command, Chat):
        return [("chat", _chat(state, user, command.text))]
    if isinstance(command, Sit | Stand) and state.assigned:
        raise CommandError("seats at a tournament table are assigned: no one sits or stands")
    if isinstance(command, Sit):
        return _sit(state, user, command.seat)
    if isinstance(command, Close):
        if user.user_id != state.owner_id:
            raise CommandError("only the table's owner may close it")
        return [("closed", {})]
    seat = state.seat_of(user.user_id)
    if seat is None:
        raise CommandError("you are not sitting at this table")
    if isinstance(command, Stand):
        return [("stood", {"seat": seat.letter, "user_id": user.user_id, "name": user.name})]
    if state.paused is not None:
        why = f": {state.paused}" if state.paused else ""
        raise CommandError(f"play is paused by the director{why}")
    if isinstance(command, NextBoard):
        if state.assigned:
            raise CommandError("a tournament table goes on to its next board by itself")
        if state.in_progress:
            raise CommandError("the board is still being played")
        if not state.full:
            raise CommandError("every seat must be taken before the next board")
        return [board_started(state)]
    if isinstance(command, UndoCmd):
        return request_undo(state, seat)
    if isinstance(command, UndoAnswerCmd):
        return answer_undo(state, seat, command.accept)
    return _bridge(state, seat, command)


def set_up(state: TableState, command: SetUp) -> list[Event]:
    """A new tournament table: its boards, its players seated, and the first board dealt."""
    if state.seq != 0:
        raise CommandError("only a new table can be set up for a tournament")
    if not command.boards:
        raise CommandError("a tournament table needs at least one board")
    event_id, round_no, table_no = command.tournament
    where = {"event": event_id, "round": round_no, "table": table_no}
    events: list[Event] = [
        ("set_up", {"boards": [list(b) for b in command.boards], "tournament": where})
    ]
    after = fold(state, events[0])
    for seat, occ in zip(Seat, command.seats, strict=True):
        if occ is not None:
            event: Event = (
                "seated",
                {"seat": seat.letter, "user_id": occ.user_id, "name": occ.name},
            )
            events.append(event)
            after = fold(after, event)
    events.append(board_started(after))
    return events


def _presence(state: TableState, command: RobotTakeover | PlayerReturned) -> list[Event]:
    """A robot takes over the seat of a person who is away, or hands it back; nothing when the
    seat has changed meanwhile."""
    seat = command.seat
    occ = state.seats[seat]
    if occ is None:
        return []
    body = {"seat": seat.letter, "name": occ.name}
    if isinstance(command, RobotTakeover):
        return [] if seat in state.robot_seats else [("robot_takeover", body)]
    return [("player_returned", body)] if seat in state.robot_seats else []


# --- undo ---------------------------------------------------------------------------------------


def undo_target(state: TableState, seat: Seat) -> int:
    """The number of the board's actions that stay if ``seat`` takes back its last call or card:
    the index of that action. Only robots may have acted since (a person's later action is
    theirs to keep). CommandError saying why when there is nothing to take back."""
    board = state.board
    if board is None or board.phase is Phase.DONE:
        raise CommandError("no board is being played")
    if board.claim is not None:
        raise CommandError("a claim is pending: answer it first")
    if state.undo is not None:
        raise CommandError("an undo is already waiting for an answer")
    mine = [
        i
        for i, (kind, p) in enumerate(state.actions)
        if kind in ("call", "card")
        and (p.get("by") if kind == "card" else p.get("seat")) == seat.letter
        and not p.get("robot")
    ]
    if not mine:
        raise CommandError("you have made no call or card on this board to take back")
    if any(not p.get("robot") for _, p in state.actions[mine[-1] + 1 :]):
        raise CommandError("someone else has acted since your last call or card")
    return mine[-1]


def request_undo(state: TableState, seat: Seat) -> list[Event]:
    """``seat`` asks to take back its last action: the request, each robot opponent's consent
    at once, and the undo itself when no person needs asking. Refused at a tournament table,
    and refused at once where a robot opponent would decline (``robots_decline_undo``)."""
    if state.assigned:
        # Laws 25 and 45C: at a tournament a call made or a card played stands; the director,
        # not the opponents, rules on a mis-click, and robots cannot be asked to waive it.
        raise CommandError("undo is not allowed at tournament tables (Laws 25 and 45C)")
    keep = undo_target(state, seat)
    if any(state.is_robot(opponent) for opponent in (seat.lho, seat.rho)):
        refusal = robots_decline_undo(state, seat, keep)
        if refusal is not None:
            raise refusal
    kind, p = state.actions[keep]
    what = p["call"] if kind == "call" else p["card"]
    events: list[Event] = [("undo_requested", {"seat": seat.letter, "keep": keep, "what": what})]
    after = fold(state, events[0])
    for opponent in (seat.lho, seat.rho):
        if after.is_robot(opponent):
            answer = robot_undo_answer(after, opponent)
            for e in answer:
                after = fold(after, e)
            events.extend(answer)
    return events


def undo_round(state: TableState, keep: int) -> tuple[str, int]:
    """Where the board's action number ``keep`` falls: ``("call", round of the auction)`` or
    ``("card", trick)``, both counted from 0."""
    kind = state.actions[keep][0]
    before = sum(1 for k, _ in state.actions[:keep] if k == kind)
    return kind, before // 4


def robots_decline_undo(state: TableState, asker: Seat, keep: int) -> CommandError | None:
    """Why a robot opponent declines to let ``asker`` take back the actions from ``keep`` on,
    or None when it agrees. A robot agrees to what a fair opponent would: the asker's own last
    action, before anyone else has acted (no robot's call or card is ever taken back, so no
    hidden card is shown and then withdrawn), not the opening lead (dummy has been faced), once
    a trick (or round of the auction) per side."""
    if keep != len(state.actions) - 1:
        return CommandError(
            "robots agree to undo only your last call or card, before anyone else acts"
        )
    kind, n = undo_round(state, keep)
    if kind == "card" and not any(k == "card" for k, _ in state.actions[:keep]):
        # Law 41D: dummy is faced once the opening lead is; taking the lead back would hide
        # dummy again from a player who has seen it.
        return CommandError("robots do not take back the opening lead: dummy is faced (Law 41D)")
    if (asker.side, kind, n) in state.undone:
        if kind == "call":
            return CommandError("robots agree to one undo per round of the auction for each side")
        return CommandError("robots agree to one undo per trick for each side")
    return None


def answer_undo(state: TableState, seat: Seat, accept: bool) -> list[Event]:
    request = state.undo
    if request is None:
        raise CommandError("there is no undo to answer")
    if seat not in request.waiting_for:
        raise CommandError("only the opponents of the player who asked answer an undo")
    if seat in request.accepted:
        raise CommandError("you have already agreed to this undo")
    return _answer(state, seat, accept)


def robot_undo_answer(state: TableState, seat: Seat) -> list[Event]:
    """A robot opponent's answer to the pending undo (a robot that took over a seat meets a
    request a person was asked): yes only where ``robots_decline_undo`` finds nothing."""
    request = state.undo
    assert request is not None
    agrees = robots_decline_undo(state, request.seat, request.keep) is None
    return _answer(state, seat, agrees, robot=True)


def _answer(state: TableState, seat: Seat, accept: bool, *, robot: bool = False) -> list[Event]:
    request = state.undo
    assert request is not None
    event: Event = ("undo_answer", {"seat": seat.letter, "accept": accept, "robot": robot})
    if not accept:
        return [event]
    if set(request.waiting_for) <= request.accepted | {seat}:
        return [event, ("undo", {"seat": request.seat.letter, "keep": request.keep})]
    return [event]


def _chat(state: TableState, user: Occupant, text: str) -> dict[str, Any]:
    seat = state.seat_of(user.user_id)
    return {
        "user_id": user.user_id,
        "name": user.name,
        "seat": seat.letter if seat is not None else None,
        "text": text,
    }


def _sit(state: TableState, user: Occupant, seat: Seat) -> list[Event]:
    now = state.seat_of(user.user_id)
    if now is not None:
        raise CommandError(f"you already sit at {now.name.title()}; stand up first")
    if state.seats[seat] is not None:
        raise CommandError(f"{seat.name.title()} is taken")
    if state.in_progress:
        for uid, held in state.held:
            if uid == user.user_id and held != seat:
                raise CommandError(
                    f"you played {held.name.title()} on this board: you may sit only there"
                    " until the board ends"
                )
    events: list[Event] = [
        ("seated", {"seat": seat.letter, "user_id": user.user_id, "name": user.name})
    ]
    after = fold(state, events[0])
    if after.board is None and after.full:
        events.append(board_started(after))
    return events


def board_started(state: TableState) -> Event:
    """The event that deals the table's next board (its deal logged, for replay)."""
    board_no = state.board_no + 1
    deal = state.deal_for(board_no)
    b = new_board(state.number_of(board_no), deal)
    return (
        "board_started",
        {
            "board_no": board_no,
            "number": b.number,
            "deal": deal.pbn(),
            "dealer": b.dealer.letter,
            "vulnerability": str(b.vulnerability),
            "players": {
                seat.letter: (occ.name if occ is not None else None)
                for seat, occ in zip(Seat, state.seats, strict=True)
            },
        },
    )


def _bridge(state: TableState, seat: Seat, command: Command) -> list[Event]:
    board = state.board
    if board is None or board.phase is Phase.DONE:
        raise CommandError("no board is being played")
    if state.undo is not None:
        raise CommandError("an undo is waiting for the opponents' answer")
    event: Event
    if isinstance(command, CallCmd):
        action = MakeCall(command.call, seat, command.alert, command.explanation)
        _check(board, action)
        event = action_event(state, action)
    elif isinstance(command, CardCmd):
        play = PlayCard(command.card, seat)
        _check(board, play)
        event = action_event(state, play)
    elif isinstance(command, ClaimCmd):
        _check(board, ClaimAction(command.tricks, seat))
        event = ("claim", {"seat": seat.letter, "tricks": command.tricks})
    elif isinstance(command, ClaimResponseCmd):
        _check(board, RespondToClaim(seat, command.accept))
        event = ("claim_response", {"seat": seat.letter, "accept": command.accept})
    else:
        raise CommandError(f"unknown command {type(command).__name__}")
    return [event]  # what follows (the result, the next board) comes in ``settle``


def _check(board: BoardState, action: Action) -> None:
    try:
        apply(board, action)
    except QipaiError as e:
        raise CommandError(str(e)) from None


def settle(
    state: TableState, events: list[Event], t: int | None = None
) -> list[tuple[Event, TableState]]:
    """``events`` stamped with the time ``t`` (milliseconds) and folded in one at a time, then
    what follows a call or card automatically (``after_action``): each event with the table
    after it. The actor writes exactly these events, so each is folded once."""
    out: list[tuple[Event, TableState]] = []
    pending = list(events)
    while pending:
        kind, p = pending.pop(0)
        event: Event = (kind, p if t is None else {**p, "t": t})
        state = fold(state, event)
        out.append((event, state))
        if kind in PLAY_EVENTS and not pending:
            pending = after_action(state)
    return out


def after_action(state: TableState) -> list[Event]:
    """What follows automatically once an action is folded in: the result, when the board ends."""
    board = state.board
    if board is None or board.phase is not Phase.DONE:
        return []
    done: list[Event] = [
        (
            "board_done",
            {
                "board_no": state.board_no,
                "number": board.number,
                "contract": str(board.contract) if board.contract is not None else None,
                "declarer": board.declarer.letter if board.declarer is not None else None,
                "tricks": board.declarer_tricks,
                "score_ns": board.score_ns,
                "deal": board.deal.pbn(),
            },
        )
    ]
    if state.assigned and state.boards_left:  # a tournament table deals its next board itself
        done.append(board_started(fold(state, done[0])))
    return done


def public_event(event: Event, viewer: Seat | None) -> dict[str, Any]:
    """An event as one viewer may see it: never a hidden card, and a call's alert and
    explanation only for the opponents of the caller (and the caller), as in views."""
    kind, p = event
    out: dict[str, Any] = {"type": kind}
    if kind == "board_started":
        out.update({k: v for k, v in p.items() if k != "deal"})
    elif kind == "set_up":  # the round's deals are secret until each is played
        out.update(boards=[n for n, _ in p["boards"]], tournament=p["tournament"])
    elif kind == "call":
        caller = Seat.parse(p["seat"])
        out.update(seat=p["seat"], call=p["call"], robot=p.get("robot", False))
        if viewer is None or viewer == caller or viewer.side != caller.side:
            out.update(alert=p.get("alert", False), explanation=p.get("explanation", ""))
            if p.get("explanation_zh"):
                out["explanation_zh"] = p["explanation_zh"]
    else:
        out.update({k: v for k, v in p.items() if k not in ("v", "user_id")})
    out.pop("v", None)
    return out


def robot_claim_answer(state: TableState, seat: Seat, dd: int | None) -> list[Event]:
    """A robot defender's answer to declarer's pending claim, given ``dd``: the tricks
    declarer's side takes double dummy of those not yet complete (None: no solver could say).

    It accepts a claim that ``dd`` makes good. It disputes any other, and then, as a director
    would rule on a contested claim at once (Law 70: doubtful points go against the claimer),
    the board ends with declarer's side given the fewer of the tricks claimed and ``dd``
    (``claim_ruled``): a claim is never a free look at the robots' cards. Without ``dd`` the
    claim is only disputed (withdrawn, and play goes on)."""
    board = state.board
    assert board is not None and board.claim is not None and board.declarer is not None
    claimed = board.claim.tricks
    if dd is not None and dd >= claimed:
        return [("claim_response", {"seat": seat.letter, "accept": True, "robot": True})]
    if dd is None:
        return [("claim_response", {"seat": seat.letter, "accept": False, "robot": True})]
    ruling = {
        "seat": seat.letter,
        "declarer": board.declarer.letter,
        "claimed": claimed,
        "tricks": min(claimed, dd),
        "robot": True,
    }
    return [("claim_ruled", ruling)]


def robot_to_act(state: TableState) -> Seat | None:
    """The robot seat that must act now, if any. Robots play only while a person sits at the
    table (at a tournament table, always); a robot declarer also plays dummy; robot defenders
    answer a pending claim, robot opponents a pending undo (robots here include seats taken
    over from people away)."""
    board = state.board
    if state.closed or state.paused is not None or board is None or board.phase is Phase.DONE:
        return None
    if state.humans == 0 and not state.assigned:
        return None
    if state.undo is not None:
        for opponent in state.undo.waiting_for:
            if state.is_robot(opponent) and opponent not in state.undo.accepted:
                return opponent
        return None
    if board.claim is not None:
        assert board.declarer is not None
        for defender in (board.declarer.lho, board.declarer.rho):
            if state.is_robot(defender) and defender not in board.claim.accepted_by:
                return defender
        return None
    acting = state.acting
    return acting if acting is not None and state.is_robot(acting) else None
