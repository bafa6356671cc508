"""The table log: its entry types, the schema of each, and ``fold``, one handler per type.

A table's log (``table_events`` in the store) is the source of truth: the live actor and the
replay after a restart both build a table by folding its entries, in order, from
``initial_state``. Each entry is ``(type, payload)``; the store adds ``v`` (the payload's
version, ``store.models.EVENT_VERSION``) and the actor ``t`` (milliseconds since the epoch,
when it was written) to every payload. Seats are letters (``N E S W``), calls and cards their
text forms (``1NT``, ``SA``), deals PBN (``N:...``).

==================  ===========================================================================
type                payload (``?``: may be absent)
==================  ===========================================================================
``seated``          ``seat``, ``user_id``, ``name``: a person sits down
``stood``           ``seat``, ``user_id``, ``name``: they stand up
``board_started``   ``board_no`` (the table's count), ``number`` (dealer, vulnerability),
                    ``deal``, ``dealer``, ``vulnerability``, ``players`` (name or null by seat)
``call``            ``seat``, ``call``, ``alert``, ``explanation``, ``robot``,
                    ``explanation_zh?`` (a robot's system card in Chinese), ``partner_told?``
                    (a robot's call whose meaning its partner is shown: ``robot_meanings``)
``card``            ``seat`` (the hand it comes from: dummy's when declarer plays it), ``by``
                    (who played it), ``card``, ``robot``
``claim``           ``seat``, ``tricks`` (of the tricks left, for declarer's side)
``claim_response``  ``seat``, ``accept``, ``robot?``
``claim_ruled``     ``seat`` (the robot defender), ``declarer``, ``claimed``, ``tricks``
                    (given to declarer's side: Law 70), ``robot``
``undo_requested``  ``seat``, ``keep`` (the board's actions that stay), ``what`` (call or card)
``undo_answer``     ``seat``, ``accept``, ``robot``
``undo``            ``seat`` (who asked), ``keep``: the actions from ``keep`` on are taken back
``robot_takeover``  ``seat``, ``name``: a robot plays for a person away past the grace time
``player_returned`` ``seat``, ``name``: they are back
``chat``            ``user_id``, ``name``, ``seat`` (or null: a watcher), ``text``
``board_done``      ``board_no``, ``number``, ``contract`` (``4SX``; null: passed out),
                    ``declarer``, ``tricks`` (declarer's), ``score_ns``, ``deal``
``set_up``          ``boards`` (``[number, deal]`` in the order played), ``tournament``
                    (``event``, ``round``, ``table``): an event's table's first entry
``paused``          ``reason``: the director holds play
``resumed``         (nothing): play goes on
``closed``          ``reason?``: the table is over
``created``         (legacy: folded as nothing)
==================  ===========================================================================

``SCHEMA`` holds the same, for programs (``check_entry``); docs/PROTOCOL.md shows it too.
An entry that does not fit the table it is folded into raises (a corrupt log is never
silently skipped).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import StrEnum
from typing import Any

from ..bridge import (
    Card,
    Deal,
    MakeCall,
    PlayCard,
    RespondToClaim,
    Seat,
    apply,
    new_board,
    parse_call,
)
from ..bridge import Claim as ClaimAction
from ..bridge.game import Action, agree_claim
from .table_state import Clocks, Entry, Occupant, SeatRequest, TableState, UndoRequest


class EntryType(StrEnum):
    """The types of a table log's entries (the ``type`` column of ``table_events``)."""

    SEATED = "seated"
    STOOD = "stood"
    SEAT_REQUESTED = "seat_requested"
    SEAT_ANSWER = "seat_answer"
    BOARD_STARTED = "board_started"
    CALL = "call"
    CARD = "card"
    CLAIM = "claim"
    CLAIM_RESPONSE = "claim_response"
    CLAIM_RULED = "claim_ruled"
    UNDO_REQUESTED = "undo_requested"
    UNDO_ANSWER = "undo_answer"
    UNDO = "undo"
    ROBOT_TAKEOVER = "robot_takeover"
    PLAYER_RETURNED = "player_returned"
    CHAT = "chat"
    BOARD_DONE = "board_done"
    SET_UP = "set_up"
    PAUSED = "paused"
    RESUMED = "resumed"
    CLOSED = "closed"
    CREATED = "created"


E = EntryType
COMMON = frozenset({"v", "t"})
"""What the store and the actor add to every payload."""
SCHEMA: Mapping[EntryType, tuple[frozenset[str], frozenset[str]]] = {
    kind: (frozenset(required.split()), frozenset(optional.split()))
    for kind, required, optional in (
        (E.SEATED, "seat user_id name", ""),
        (E.STOOD, "seat user_id name", ""),
        (E.SEAT_REQUESTED, "seat user_id name", ""),
        (E.SEAT_ANSWER, "seat user_id name accept", ""),
        (E.BOARD_STARTED, "board_no number deal dealer vulnerability players", ""),
        (E.CALL, "seat call alert explanation robot", "explanation_zh partner_told"),
        (E.CARD, "seat by card robot", ""),
        (E.CLAIM, "seat tricks", "statement"),
        (E.CLAIM_RESPONSE, "seat accept", "robot"),
        (E.CLAIM_RULED, "seat declarer claimed tricks robot", ""),
        (E.UNDO_REQUESTED, "seat keep what", ""),
        (E.UNDO_ANSWER, "seat accept robot", ""),
        (E.UNDO, "seat keep", ""),
        (E.ROBOT_TAKEOVER, "seat name", ""),
        (E.PLAYER_RETURNED, "seat name", ""),
        (E.CHAT, "user_id name seat text", ""),
        (E.BOARD_DONE, "board_no number contract declarer tricks score_ns deal", ""),
        (E.SET_UP, "boards tournament", ""),
        (E.PAUSED, "reason", ""),
        (E.RESUMED, "", ""),
        (E.CLOSED, "", "reason"),
        (E.CREATED, "", "by at"),
    )
}
"""Each entry type's payload fields: (required, optional), beside ``v`` and ``t``."""

CALL: str = E.CALL.value
CARD: str = E.CARD.value
"""The two entries a board's actions are mostly made of, as plain strings, for the loops that
scan a board's entries for every view: in Python 3.11 looking a member up on an enum class and
comparing a ``str`` with a ``StrEnum`` member each cost several times a plain comparison."""

BRIDGE_ENTRIES = frozenset({E.CALL, E.CARD, E.CLAIM, E.CLAIM_RESPONSE})
"""The entries that are rules-core actions (through ``qipai.bridge.apply``)."""
PLAY_ENTRIES = BRIDGE_ENTRIES | {E.CLAIM_RULED}
"""The entries after which a board may be over (``table.after_action`` follows them)."""


def check_entry(entry: Entry) -> None:
    """ValueError saying what is wrong when ``entry`` does not fit ``SCHEMA``."""
    kind, payload = entry
    try:
        required, optional = SCHEMA[EntryType(kind)]
    except ValueError:
        raise ValueError(f"{kind!r} is not a table log entry type") from None
    missing = required - set(payload)
    extra = set(payload) - required - optional - COMMON
    if missing or extra:
        raise ValueError(
            f"a {kind} entry lacks {sorted(missing)} or has unknown {sorted(extra)}: {payload}"
        )


# --- fold: one handler per entry type -----------------------------------------------------------

Fold = Callable[[TableState, Entry], TableState]
"""A handler: the table before the entry, and the entry; the table after it (``seq`` counted)."""


def fold(state: TableState, entry: Entry) -> TableState:
    """The table after one entry. Bridge entries go through ``apply``; an entry that does not
    fit raises (a corrupt log is never silently skipped)."""
    handler = FOLDS.get(entry[0])
    if handler is None:
        raise ValueError(f"event {state.seq + 1} has an unknown type {entry[0]!r}")
    return handler(state, entry)


def _ms(t: object, otherwise: int | None) -> int | None:
    return t if isinstance(t, int) else otherwise


def _seated(s: TableState, entry: Entry) -> TableState:
    p = entry[1]
    seat = Seat.parse(p["seat"])
    seats = list(s.seats)
    seats[seat] = Occupant(int(p["user_id"]), str(p["name"]))
    held = s.held
    if s.in_progress and all(u != p["user_id"] for u, _ in held):
        held = (*held, (int(p["user_id"]), seat))
    requests = tuple(
        r for r in s.seat_requests if r.seat != seat and r.user.user_id != p["user_id"]
    )
    return replace(
        s,
        seq=s.seq + 1,
        seats=_four(seats),
        held=held,
        robot_seats=s.robot_seats - {seat},
        seat_requests=requests,
    )


def _seat_requested(s: TableState, entry: Entry) -> TableState:
    """A request for a seat; the asker's earlier one (for another seat) lapses."""
    p = entry[1]
    asker = Occupant(int(p["user_id"]), str(p["name"]))
    seat = Seat.parse(p["seat"])
    others = tuple(r for r in s.seat_requests if r.user.user_id != asker.user_id and r.seat != seat)
    return replace(s, seq=s.seq + 1, seat_requests=(*others, SeatRequest(seat, asker)))


def _seat_answer(s: TableState, entry: Entry) -> TableState:
    seat = Seat.parse(entry[1]["seat"])
    if all(r.seat != seat for r in s.seat_requests):
        raise ValueError(f"event {s.seq + 1} answers a request to sit no one made")
    return replace(
        s, seq=s.seq + 1, seat_requests=tuple(r for r in s.seat_requests if r.seat != seat)
    )


def _stood(s: TableState, entry: Entry) -> TableState:
    seat = Seat.parse(entry[1]["seat"])
    seats = list(s.seats)
    seats[seat] = None
    return replace(s, seq=s.seq + 1, seats=_four(seats), robot_seats=s.robot_seats - {seat})


def _board_started(s: TableState, entry: Entry) -> TableState:
    p = entry[1]
    board = new_board(int(p["number"]), Deal.parse(p["deal"]))
    held = tuple((o.user_id, seat) for seat, o in zip(Seat, s.seats, strict=True) if o)
    return replace(
        s,
        seq=s.seq + 1,
        board_no=int(p["board_no"]),
        board=board,
        held=held,
        explanations_zh=(),
        actions=(),
        undo=None,
        undone=frozenset(),
        clocks=(0, 0, 0, 0),
        turn_since=_ms(p.get("t"), None),
    )


def _bridge_action(state: TableState, entry: Entry) -> TableState:
    """A call, card, claim or answer to a claim: through ``apply``, and the actor charged the
    time since the turn began (when the log has both times)."""
    kind, p = entry
    seq = state.seq + 1
    if state.board is None:
        raise ValueError(f"event {seq} ({kind}) comes before any board")
    changes: dict[str, Any] = {
        "seq": seq,
        "board": apply(state.board, action_of(kind, p)),
        "actions": (*state.actions, entry),
    }
    if kind == CALL:
        changes["explanations_zh"] = (*state.explanations_zh, str(p.get("explanation_zh", "")))
    t = p.get("t")
    if isinstance(t, int):
        changes["turn_since"] = t
        if state.turn_since is not None:
            seat = Seat.parse(p["by"] if kind == CARD else p["seat"])
            changes["clocks"], changes["totals"] = _spent(state, seat, t - state.turn_since)
    return replace(state, **changes)


def _claim_ruled(s: TableState, entry: Entry) -> TableState:
    if s.board is None or s.board.claim is None:
        raise ValueError(f"event {s.seq + 1} rules on a claim no one made")
    return replace(s, seq=s.seq + 1, board=agree_claim(s.board, int(entry[1]["tricks"])))


def _undo_requested(s: TableState, entry: Entry) -> TableState:
    p = entry[1]
    return replace(s, seq=s.seq + 1, undo=UndoRequest(Seat.parse(p["seat"]), int(p["keep"])))


def _undo_answer(s: TableState, entry: Entry) -> TableState:
    p = entry[1]
    if s.undo is None:
        raise ValueError(f"event {s.seq + 1} answers an undo no one asked for")
    if not p["accept"]:
        return replace(s, seq=s.seq + 1, undo=None, turn_since=_ms(p.get("t"), s.turn_since))
    accepted = s.undo.accepted | {Seat.parse(p["seat"])}
    return replace(s, seq=s.seq + 1, undo=replace(s.undo, accepted=accepted))


def _undo(s: TableState, entry: Entry) -> TableState:
    p = entry[1]
    keep = int(p["keep"])
    granted = (Seat.parse(p["seat"]).side, *undo_round(s, keep))
    return replace(
        _rebuild(s, keep),
        seq=s.seq + 1,
        undo=None,
        undone=s.undone | {granted},
        turn_since=_ms(p.get("t"), s.turn_since),
    )


def _robot_takeover(s: TableState, entry: Entry) -> TableState:
    seat = Seat.parse(entry[1]["seat"])
    return replace(s, seq=s.seq + 1, robot_seats=s.robot_seats | {seat})


def _player_returned(s: TableState, entry: Entry) -> TableState:
    seat = Seat.parse(entry[1]["seat"])
    return replace(s, seq=s.seq + 1, robot_seats=s.robot_seats - {seat})


def _set_up(s: TableState, entry: Entry) -> TableState:
    p = entry[1]
    boards = tuple((int(n), str(d)) for n, d in p["boards"])
    return replace(s, seq=s.seq + 1, boards=boards, event_table=dict(p["tournament"]))


def _paused(s: TableState, entry: Entry) -> TableState:
    """The seat in turn is charged up to now; no one's clock runs."""
    p = entry[1]
    charged = _charge(s, p.get("t"))
    return replace(charged, seq=s.seq + 1, paused=str(p.get("reason", "")), turn_since=None)


def _resumed(s: TableState, entry: Entry) -> TableState:
    return replace(s, seq=s.seq + 1, paused=None, turn_since=_ms(entry[1].get("t"), None))


def _closed(s: TableState, entry: Entry) -> TableState:
    return replace(s, seq=s.seq + 1, closed=True)


def _counted(s: TableState, entry: Entry) -> TableState:
    """Chat, a board's result (which the board's state already holds) and the legacy
    ``created`` change nothing but the count."""
    return replace(s, seq=s.seq + 1)


FOLDS: Mapping[str, Fold] = {
    E.SEATED: _seated,
    E.STOOD: _stood,
    E.SEAT_REQUESTED: _seat_requested,
    E.SEAT_ANSWER: _seat_answer,
    E.BOARD_STARTED: _board_started,
    E.CALL: _bridge_action,
    E.CARD: _bridge_action,
    E.CLAIM: _bridge_action,
    E.CLAIM_RESPONSE: _bridge_action,
    E.CLAIM_RULED: _claim_ruled,
    E.UNDO_REQUESTED: _undo_requested,
    E.UNDO_ANSWER: _undo_answer,
    E.UNDO: _undo,
    E.ROBOT_TAKEOVER: _robot_takeover,
    E.PLAYER_RETURNED: _player_returned,
    E.CHAT: _counted,
    E.BOARD_DONE: _counted,
    E.SET_UP: _set_up,
    E.PAUSED: _paused,
    E.RESUMED: _resumed,
    E.CLOSED: _closed,
    E.CREATED: _counted,
}
"""The handler of each entry type (a test checks every type has one)."""


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
    """The board replayed from its deal with only its first ``keep`` bridge entries."""
    board = s.board
    if board is None or not 0 <= keep <= len(s.actions):
        raise ValueError(f"event {s.seq + 1} undoes to action {keep}, which the board has not got")
    kept = s.actions[:keep]
    fresh = new_board(board.number, board.deal)
    for kind, p in kept:
        fresh = apply(fresh, action_of(kind, p))
    zh = tuple(str(p.get("explanation_zh", "")) for kind, p in kept if kind == CALL)
    return replace(s, board=fresh, actions=kept, explanations_zh=zh)


def undo_round(state: TableState, keep: int) -> tuple[str, int]:
    """Where the board's action number ``keep`` falls: ``("call", round of the auction)`` or
    ``("card", trick)``, both counted from 0."""
    kind = state.actions[keep][0]
    before = sum(1 for k, _ in state.actions[:keep] if k == kind)
    return kind, before // 4


def action_of(kind: str, p: dict[str, Any]) -> Action:
    """The rules-core action a logged bridge entry stands for."""
    if kind == CALL:
        return MakeCall(
            parse_call(p["call"]),
            seat=Seat.parse(p["seat"]),
            alert=bool(p.get("alert", False)),
            explanation=str(p.get("explanation", "")),
        )
    if kind == CARD:
        return PlayCard(Card.parse(p["card"]), seat=Seat.parse(p["by"]))
    if kind == E.CLAIM:
        return ClaimAction(
            int(p["tricks"]), seat=Seat.parse(p["seat"]), statement=str(p.get("statement", ""))
        )
    if kind == E.CLAIM_RESPONSE:
        return RespondToClaim(Seat.parse(p["seat"]), bool(p["accept"]))
    raise ValueError(f"{kind!r} is not a bridge action")


def _four(
    seats: list[Occupant | None],
) -> tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None]:
    return (seats[0], seats[1], seats[2], seats[3])


def public_entry(entry: Entry, viewer: Seat | None) -> dict[str, Any]:
    """An entry as one viewer may see it (the ``event`` of a websocket message): never a
    hidden card, and a call's alert and explanation only for the opponents of the caller (and
    the caller), as in views."""
    kind, p = entry
    out: dict[str, Any] = {"type": kind}
    if kind == E.BOARD_STARTED:
        out.update({k: v for k, v in p.items() if k != "deal"})
    elif kind == E.SET_UP:  # the round's deals are secret until each is played
        # stored as ``tournament``, sent as ``event_table`` (protocol 3)
        out.update(boards=[n for n, _ in p["boards"]], event_table=p["tournament"])
    elif kind == CALL:
        caller = Seat.parse(p["seat"])
        out.update(seat=p["seat"], call=p["call"], robot=p.get("robot", False))
        told = bool(p.get("partner_told")) and viewer == caller.partner
        if viewer is None or viewer == caller or viewer.side != caller.side or told:
            out.update(alert=p.get("alert", False), explanation=p.get("explanation", ""))
            if p.get("explanation_zh"):
                out["explanation_zh"] = p["explanation_zh"]
    else:
        out.update({k: v for k, v in p.items() if k not in ("v", "user_id")})
    out.pop("v", None)
    return out
