"""A live table as JSON, for the lobby, the table page and every websocket message: its
summary (settings, who sits where, the clocks, a pending undo), who "you" are, and the view a
viewer is given (``serialize.view_json``, the one View -> JSON serializer)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from ..bridge import SEATS, Seat, spectator_view, view
from ..store import TableRecord
from ..web.errors import zh as error_zh
from .serialize import view_json
from .table import undo_declined
from .table_log import CALL
from .table_state import Occupant, TableState, Viewer


def summary_json(
    record: TableRecord, state: TableState, away: Collection[Seat], now_ms: int
) -> dict[str, Any]:
    """The table for the lobby and the table page: settings, who sits where, the clocks."""
    st = state
    seats: dict[str, Any] = {}
    for seat in SEATS:
        occ = st.seats[seat]
        if occ is not None:
            seats[seat.letter] = {
                "name": occ.name,
                "robot": seat in st.robot_seats,
                "away": seat in away,
            }
        elif st.robots:
            seats[seat.letter] = {"name": None, "robot": True}
        else:
            seats[seat.letter] = None
    acting = st.acting
    return {
        "id": record.id,
        "name": record.name,
        "scoring": record.scoring,
        "robot_level": record.robot_level,
        "private": record.private,
        "board_set": record.board_set,
        "spectators_see_all": record.spectators_see_all,
        "seat_policy": st.seat_policy,
        "robot_meanings": st.robot_meanings,
        "seat_requests": {r.seat.letter: r.user.name for r in st.seat_requests},
        "seats": seats,
        "board_no": st.board_no,
        "board_number": st.board.number if st.board is not None else None,
        "event_table": st.event_table,
        "boards_left": st.boards_left,
        "in_progress": st.in_progress,
        "closed": st.closed,
        "paused": st.paused,
        "seq": st.seq,
        "undo": undo_json(st),
        "clocks": {
            "board": {s.letter: st.clocks[s] for s in SEATS},
            "total": {s.letter: st.totals[s] for s in SEATS},
            "since": st.turn_since if st.in_progress else None,
            "acting": acting.letter if acting is not None else None,
            "now": now_ms,
        },
    }


def undo_json(st: TableState) -> dict[str, Any] | None:
    """A pending undo: who asks, to take back what, and who has agreed."""
    if st.undo is None:
        return None
    kind, p = st.actions[st.undo.keep]
    return {
        "seat": st.undo.seat.letter,
        "what": p["call"] if kind == CALL else p["card"],
        "waiting_for": [s.letter for s in st.undo.waiting_for if s not in st.undo.accepted],
    }


def you_json(user: Occupant | None, owner_id: int | None, seen: Viewer) -> dict[str, Any]:
    """Who the connection is, to the table: their seat (if they sit), name, and whether they
    own it."""
    seat = seen.seat if seen.seated else None
    user_id = None if user is None else user.user_id
    return {
        "seat": seat.letter if seat is not None else None,
        "name": user.name if user else None,
        "owner": user_id is not None and user_id == owner_id,
    }


def view_for(state: TableState, seen: Viewer) -> dict[str, Any] | None:
    """What ``seen`` is shown of the board in play (None between boards)."""
    board = state.board
    if board is None:
        return None
    if seen.seat is None:
        return view_json(spectator_view(board, all_hands=seen.all_hands), state.explanations_zh)
    shown = view(board, seen.seat, partner_explained=told_calls(state, seen.seat))
    if not seen.seated:  # a player who stood up sees their seat, but acts no more
        shown = replace(shown, legal_calls=(), legal_cards=())
    out = view_json(shown, state.explanations_zh)
    declined = undo_declined(state, seen.seat) if seen.seated else None
    out["undo_declined"] = None if declined is None else error_message(str(declined))
    return out


def error_message(message: str) -> dict[str, str]:
    """A refusal to show a player before they try: in English and, where there is one, Chinese."""
    chinese = error_zh(message)
    return {"message": message} if chinese is None else {"message": message, "zh": chinese}


def told_calls(state: TableState, seat: Seat) -> frozenset[int]:
    """The numbers (in the auction) of ``seat``'s partner's calls whose meaning ``seat`` is
    told: the robot calls logged ``partner_told`` (``table.partner_told``), and no other."""
    if not state.robot_meanings:
        return frozenset()
    calls = [p for kind, p in state.actions if kind == CALL]
    partner = seat.partner.letter
    return frozenset(
        i for i, p in enumerate(calls) if p["seat"] == partner and p.get("partner_told")
    )
