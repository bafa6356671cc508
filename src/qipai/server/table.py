"""The pure logic of a table: commands and what they cause. No I/O, no clock, no asyncio.

``decide(state, user, command)`` checks a command against the table and the rules and returns the
log entries it causes (or raises ``CommandError`` saying what was wrong); ``fold(state, entry)``
(``table_log``: the entry types, their schema, one handler each) applies one to the table's
state (``table_state``); ``settle`` stamps a decision's entries with the time and folds them in,
adding what follows by itself (a finished board's result, an event's table's next board). The
live actor and the replay after a restart both build a table with ``fold`` alone, so a replayed
table is exactly the table that was live. Bridge actions go through ``qipai.bridge.apply`` in both.

>>> t = TableState(id=1, seed="doc", robots=True)
>>> evs = decide(t, Occupant(7, "ann"), Sit(Seat.SOUTH))
>>> [str(kind) for kind, _ in evs]
['seated', 'board_started']
>>> for e in evs:
...     t = fold(t, e)
>>> t.seq, t.seat_of(7), t.board.turn
(2, Seat.SOUTH, Seat.NORTH)

Times are data: the actor stamps each event it writes with ``t`` (milliseconds since the epoch)
before folding it, so the seats' thinking clocks are rebuilt from the log like everything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bridge import (
    BoardState,
    Call,
    Card,
    MakeCall,
    Phase,
    PlayCard,
    QipaiError,
    RespondToClaim,
    Seat,
    apply,
    new_board,
)
from ..bridge import Claim as ClaimAction
from ..bridge.game import Action
from .table_log import (
    CALL,
    CARD,
    PLAY_ENTRIES,
    EntryType,
    action_of,
    fold,
    undo_round,
)
from .table_state import (
    Clocks,
    Entry,
    Occupant,
    SeatRequest,
    TableState,
    UndoRequest,
    Viewer,
    viewer_of,
)


class CommandError(Exception):
    """A command the table refuses; the message says why, for the one who sent it."""


# --- commands -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sit:
    seat: Seat
    invited: bool = False
    """Whether the one who sits came by the table's invitation link (the route that takes the
    command says, from their session): at an ``invitation`` table only they and the owner sit."""


@dataclass(frozen=True, slots=True)
class SeatAnswerCmd:
    """The owner of a ``consent`` table lets the one asking for ``seat`` sit there, or not."""

    seat: Seat
    accept: bool


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
    statement: str = ""


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
    """The server's own command, first at an event's table: the round's boards (number and
    deal, in the order played) and who sits where (None: a robot plays the seat). Robots play
    there even with no person at the table, and each board follows the last by itself."""

    boards: tuple[tuple[int, str], ...]
    seats: tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None]
    event_table: tuple[int, int, int]
    """Where the table belongs: event id, round, table number."""


@dataclass(frozen=True, slots=True)
class Finish:
    """The server's own command: the table is over (its event's round has ended)."""

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
    | SeatAnswerCmd
    | RobotTakeover
    | PlayerReturned
    | SetUp
    | Finish
    | Hold
    | Release
)
SERVER_COMMANDS = (RobotTakeover, PlayerReturned, SetUp, Finish, Hold, Release)
"""Commands only the server gives (no client message parses to one)."""


def action_event(state: TableState, action: MakeCall | PlayCard, *, robot: bool = False) -> Entry:
    """The event for a call or card by ``action.seat`` (a robot's choice, or a person's)."""
    assert action.seat is not None
    if isinstance(action, MakeCall):
        payload: dict[str, Any] = {
            "seat": action.seat.letter,
            "call": str(action.call),
            "alert": action.alert,
            "explanation": action.explanation,
            "robot": robot,
        }
        if robot and partner_told(state, action.seat):
            payload["partner_told"] = True
        return (EntryType.CALL, payload)
    board = state.board
    assert board is not None and board.turn is not None
    return (
        EntryType.CARD,
        {
            "seat": board.turn.letter,  # the hand the card comes from (dummy's, for declarer)
            "by": action.seat.letter,
            "card": str(action.card),
            "robot": robot,
        },
    )


def partner_told(state: TableState, seat: Seat) -> bool:
    """Whether the partner of the robot at ``seat`` is told what its calls mean: only at a club
    table with ``robot_meanings`` on (at an event's table the Laws keep partner's explanations
    from partner, Laws 20F and 75), and only for a robot filling an empty seat, never one
    playing for a person who is away (whose calls are that person's partnership's)."""
    return (
        state.robot_meanings
        and not state.assigned
        and state.robots
        and state.seats[seat] is None
        and seat not in state.robot_seats
    )


def decide(state: TableState, user: Occupant | None, command: Command) -> list[Entry]:
    """The events ``command`` by ``user`` causes; CommandError, with the reason, if refused."""
    if state.closed:
        raise CommandError("this table is closed")
    if isinstance(command, RobotTakeover | PlayerReturned):
        return _presence(state, command)
    if isinstance(command, SetUp):
        return set_up(state, command)
    if isinstance(command, Finish):
        return [(EntryType.CLOSED, {"reason": command.reason})]
    if isinstance(command, Hold):
        return [] if state.paused is not None else [(EntryType.PAUSED, {"reason": command.reason})]
    if isinstance(command, Release):
        return [] if state.paused is None else [(EntryType.RESUMED, {})]
    if user is None:
        raise CommandError("log in (or play as a guest) first")
    if isinstance(command, Chat):
        return [(EntryType.CHAT, _chat(state, user, command.text))]
    if isinstance(command, Sit | Stand) and state.assigned:
        raise CommandError("seats at an event's table are assigned: no one sits or stands")
    if isinstance(command, Sit):
        return sit_by_policy(state, user, command)
    if isinstance(command, SeatAnswerCmd):
        return answer_seat(state, user, command)
    if isinstance(command, Close):
        if user.user_id != state.owner_id:
            raise CommandError("only the table's owner may close it")
        return [(EntryType.CLOSED, {})]
    seat = state.seat_of(user.user_id)
    if seat is None:
        raise CommandError("you are not sitting at this table")
    if isinstance(command, Stand):
        return [
            (EntryType.STOOD, {"seat": seat.letter, "user_id": user.user_id, "name": user.name})
        ]
    if state.paused is not None:
        why = f": {state.paused}" if state.paused else ""
        raise CommandError(f"play is paused by the director{why}")
    if isinstance(command, NextBoard):
        if state.assigned:
            raise CommandError("an event's table goes on to its next board by itself")
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


def set_up(state: TableState, command: SetUp) -> list[Entry]:
    """A new event's table: its boards, its players seated, and the first board dealt."""
    if state.seq != 0:
        raise CommandError("only a new table can be set up for an event")
    if not command.boards:
        raise CommandError("an event's table needs at least one board")
    event_id, round_no, table_no = command.event_table
    where = {"event": event_id, "round": round_no, "table": table_no}
    events: list[Entry] = [
        (EntryType.SET_UP, {"boards": [list(b) for b in command.boards], "tournament": where})
    ]
    after = fold(state, events[0])
    for seat, occ in zip(Seat, command.seats, strict=True):
        if occ is not None:
            event: Entry = (
                EntryType.SEATED,
                {"seat": seat.letter, "user_id": occ.user_id, "name": occ.name},
            )
            events.append(event)
            after = fold(after, event)
    events.append(board_started(after))
    return events


def _presence(state: TableState, command: RobotTakeover | PlayerReturned) -> list[Entry]:
    """A robot takes over the seat of a person who is away, or hands it back; nothing when the
    seat has changed meanwhile."""
    seat = command.seat
    occ = state.seats[seat]
    if occ is None:
        return []
    body = {"seat": seat.letter, "name": occ.name}
    if isinstance(command, RobotTakeover):
        return [] if seat in state.robot_seats else [(EntryType.ROBOT_TAKEOVER, body)]
    return [(EntryType.PLAYER_RETURNED, body)] if seat in state.robot_seats else []


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
    # From the end: robots' actions may follow the seat's own; any other person's may not.
    # (The board's entries are scanned for every view: plain-string comparisons, see CALL.)
    actions = state.actions
    letter = seat.letter
    for i in range(len(actions) - 1, -1, -1):
        kind, p = actions[i]
        if p.get("robot"):
            continue
        if (kind == CARD and p.get("by") == letter) or (kind == CALL and p.get("seat") == letter):
            return i
        if any(_own_play(entry, letter) for entry in actions[:i]):
            raise CommandError("someone else has acted since your last call or card")
        break
    raise CommandError("you have made no call or card on this board to take back")


def _own_play(entry: Entry, letter: str) -> bool:
    """Whether ``entry`` is a call or card that the person at ``letter``'s seat made."""
    kind, p = entry
    if p.get("robot"):
        return False
    return (kind == CARD and p.get("by") == letter) or (kind == CALL and p.get("seat") == letter)


def request_undo(state: TableState, seat: Seat) -> list[Entry]:
    """``seat`` asks to take back its last action: the request, each robot opponent's consent
    at once, and the undo itself when no person needs asking. Refused at an event's table,
    and refused at once where a robot opponent would decline (``robots_decline_undo``)."""
    if state.assigned:
        # Laws 25 and 45C: at an event a call made or a card played stands; the director,
        # not the opponents, rules on a mis-click, and robots cannot be asked to waive it.
        raise CommandError("undo is not allowed at an event's tables (Laws 25 and 45C)")
    keep = undo_target(state, seat)
    if any(state.is_robot(opponent) for opponent in (seat.lho, seat.rho)):
        refusal = robots_decline_undo(state, seat, keep)
        if refusal is not None:
            raise refusal
    kind, p = state.actions[keep]
    what = p["call"] if kind == EntryType.CALL else p["card"]
    events: list[Entry] = [
        (EntryType.UNDO_REQUESTED, {"seat": seat.letter, "keep": keep, "what": what})
    ]
    after = fold(state, events[0])
    for opponent in (seat.lho, seat.rho):
        if after.is_robot(opponent):
            answer = robot_undo_answer(after, opponent)
            for e in answer:
                after = fold(after, e)
            events.extend(answer)
    return events


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
    if kind == CARD and not any(k == CARD for k, _ in state.actions[:keep]):
        # Law 41D: dummy is faced once the opening lead is; taking the lead back would hide
        # dummy again from a player who has seen it.
        return CommandError("robots do not take back the opening lead: dummy is faced (Law 41D)")
    if (asker.side, kind, n) in state.undone:
        if kind == EntryType.CALL:
            return CommandError("robots agree to one undo per round of the auction for each side")
        return CommandError("robots agree to one undo per trick for each side")
    return None


def undo_declined(state: TableState, seat: Seat) -> CommandError | None:
    """Why robot opponents would decline ``seat``'s undo now, where ``seat`` has something to
    take back (the once-a-trick rule, the opening lead, a later action), so the table can say
    so instead of offering the request; None where they would agree or no robot is asked."""
    if state.assigned or state.paused is not None or not any(
        state.is_robot(opponent) for opponent in (seat.lho, seat.rho)
    ):
        return None
    try:
        keep = undo_target(state, seat)
    except CommandError:
        return None  # nothing to take back (or a claim or an undo pending): no case to explain
    return robots_decline_undo(state, seat, keep)


def answer_undo(state: TableState, seat: Seat, accept: bool) -> list[Entry]:
    request = state.undo
    if request is None:
        raise CommandError("there is no undo to answer")
    if seat not in request.waiting_for:
        raise CommandError("only the opponents of the player who asked answer an undo")
    if seat in request.accepted:
        raise CommandError("you have already agreed to this undo")
    return _answer(state, seat, accept)


def robot_undo_answer(state: TableState, seat: Seat) -> list[Entry]:
    """A robot opponent's answer to the pending undo (a robot that took over a seat meets a
    request a person was asked): yes only where ``robots_decline_undo`` finds nothing."""
    request = state.undo
    assert request is not None
    agrees = robots_decline_undo(state, request.seat, request.keep) is None
    return _answer(state, seat, agrees, robot=True)


def _answer(state: TableState, seat: Seat, accept: bool, *, robot: bool = False) -> list[Entry]:
    request = state.undo
    assert request is not None
    event: Entry = (EntryType.UNDO_ANSWER, {"seat": seat.letter, "accept": accept, "robot": robot})
    if not accept:
        return [event]
    if set(request.waiting_for) <= request.accepted | {seat}:
        return [event, (EntryType.UNDO, {"seat": request.seat.letter, "keep": request.keep})]
    return [event]


def _chat(state: TableState, user: Occupant, text: str) -> dict[str, Any]:
    seat = state.seat_of(user.user_id)
    return {
        "user_id": user.user_id,
        "name": user.name,
        "seat": seat.letter if seat is not None else None,
        "text": text,
    }


def sit_by_policy(state: TableState, user: Occupant, command: Sit) -> list[Entry]:
    """``user`` sits down as the table's seat policy allows: the owner always; anyone at an
    ``open`` table; at an ``invitation`` table only who came by the invitation link; at a
    ``consent`` table the others ask, and sit once the owner agrees (``answer_seat``)."""
    policy = state.seat_policy
    if user.user_id == state.owner_id or policy == "open":
        return _sit(state, user, command.seat)
    if policy == "invitation":
        if not command.invited:
            raise CommandError(
                "seats at this table are by invitation: open the owner's invitation link to sit"
            )
        return _sit(state, user, command.seat)
    _sit(state, user, command.seat)  # what would refuse the seat refuses the request, too
    for request in state.seat_requests:
        if request.seat == command.seat and request.user.user_id != user.user_id:
            raise CommandError(
                f"someone is already asking for {command.seat.name.title()}:"
                " wait for the owner's answer"
            )
    body = {"seat": command.seat.letter, "user_id": user.user_id, "name": user.name}
    return [(EntryType.SEAT_REQUESTED, body)]


def seat_request(state: TableState, seat: Seat) -> SeatRequest | None:
    """The request waiting for ``seat``, if any."""
    return next((r for r in state.seat_requests if r.seat == seat), None)


def answer_seat(state: TableState, user: Occupant, command: SeatAnswerCmd) -> list[Entry]:
    """The owner's answer to a request to sit: refused, or the asker seated (if the seat can
    still be theirs: otherwise the reason, and nothing changes)."""
    if user.user_id != state.owner_id:
        raise CommandError("only the table's owner answers a request to sit")
    request = seat_request(state, command.seat)
    if request is None:
        raise CommandError(f"no one is asking to sit at {command.seat.name.title()}")
    asker = request.user
    answer: Entry = (
        EntryType.SEAT_ANSWER,
        {
            "seat": command.seat.letter,
            "user_id": asker.user_id,
            "name": asker.name,
            "accept": command.accept,
        },
    )
    if not command.accept:
        return [answer]
    return [answer, *_sit(fold(state, answer), asker, command.seat)]


def _sit(state: TableState, user: Occupant, seat: Seat) -> list[Entry]:
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
    events: list[Entry] = [
        (EntryType.SEATED, {"seat": seat.letter, "user_id": user.user_id, "name": user.name})
    ]
    after = fold(state, events[0])
    if after.board is None and after.full:
        events.append(board_started(after))
    return events


def board_started(state: TableState) -> Entry:
    """The event that deals the table's next board (its deal logged, for replay)."""
    board_no = state.board_no + 1
    deal = state.deal_for(board_no)
    b = new_board(state.number_of(board_no), deal)
    return (
        EntryType.BOARD_STARTED,
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


def _bridge(state: TableState, seat: Seat, command: Command) -> list[Entry]:
    board = state.board
    if board is None or board.phase is Phase.DONE:
        raise CommandError("no board is being played")
    if state.undo is not None:
        raise CommandError("an undo is waiting for the opponents' answer")
    event: Entry
    if isinstance(command, CallCmd):
        action = MakeCall(command.call, seat, command.alert, command.explanation)
        _check(board, action)
        event = action_event(state, action)
    elif isinstance(command, CardCmd):
        play = PlayCard(command.card, seat)
        _check(board, play)
        event = action_event(state, play)
    elif isinstance(command, ClaimCmd):
        _check(board, ClaimAction(command.tricks, seat, command.statement))
        event = (EntryType.CLAIM, {"seat": seat.letter, "tricks": command.tricks})
        if command.statement:
            event[1]["statement"] = command.statement
    elif isinstance(command, ClaimResponseCmd):
        _check(board, RespondToClaim(seat, command.accept))
        event = (EntryType.CLAIM_RESPONSE, {"seat": seat.letter, "accept": command.accept})
    else:
        raise CommandError(f"unknown command {type(command).__name__}")
    return [event]  # what follows (the result, the next board) comes in ``settle``


def _check(board: BoardState, action: Action) -> None:
    try:
        apply(board, action)
    except QipaiError as e:
        raise CommandError(str(e)) from None


def settle(
    state: TableState, events: list[Entry], t: int | None = None
) -> list[tuple[Entry, TableState]]:
    """``events`` stamped with the time ``t`` (milliseconds) and folded in one at a time, then
    what follows a call or card automatically (``after_action``): each event with the table
    after it. The actor writes exactly these events, so each is folded once."""
    out: list[tuple[Entry, TableState]] = []
    pending = list(events)
    while pending:
        kind, p = pending.pop(0)
        event: Entry = (kind, p if t is None else {**p, "t": t})
        state = fold(state, event)
        out.append((event, state))
        if kind in PLAY_ENTRIES and not pending:
            pending = after_action(state)
    return out


def after_action(state: TableState) -> list[Entry]:
    """What follows automatically once an action is folded in: the result, when the board ends."""
    board = state.board
    if board is None or board.phase is not Phase.DONE:
        return []
    done: list[Entry] = [
        (
            EntryType.BOARD_DONE,
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
    if state.assigned and state.boards_left:  # an event's table deals its next board itself
        done.append(board_started(fold(state, done[0])))
    return done


def robot_claim_answer(state: TableState, seat: Seat, dd: int | None) -> list[Entry]:
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
        return [(EntryType.CLAIM_RESPONSE, {"seat": seat.letter, "accept": True, "robot": True})]
    if dd is None:
        return [(EntryType.CLAIM_RESPONSE, {"seat": seat.letter, "accept": False, "robot": True})]
    ruling = {
        "seat": seat.letter,
        "declarer": board.declarer.letter,
        "claimed": claimed,
        "tricks": min(claimed, dd),
        "robot": True,
    }
    return [(EntryType.CLAIM_RULED, ruling)]


def robot_to_act(state: TableState) -> Seat | None:
    """The robot seat that must act now, if any. Robots play only while a person sits at the
    table (at an event's table, always); a robot declarer also plays dummy; robot defenders
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


__all__ = [
    "Clocks",
    "Entry",
    "EntryType",
    "Occupant",
    "TableState",
    "UndoRequest",
    "Viewer",
    "action_of",
    "fold",
    "undo_round",
    "viewer_of",
]
