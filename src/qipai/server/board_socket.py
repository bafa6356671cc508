"""The board table websocket, ``/ws/boards/{id}`` (docs/PROTOCOL.md, "Board tables"): one
client at one board table. Messages are checked at the edge (size, type, fields) and become
board table commands; a refusal answers its sender only, in English (``message``) and Chinese
(``zh``), citing the game's rule where a rule refuses it.

Client messages: ``hello``, ``ping``, ``board.sit`` (``seat`` 0 or 1), ``board.stand``,
``board.move`` (``move``: the game's text of a move or claim), ``board.resign``, ``board.draw``
(``answer``: ``offer``, ``accept`` or ``decline``). The server sends ``state`` (after a hello),
``event`` (each entry, with the table and the viewer's view) and ``error``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .actor import Subscriber
from .auth import TokenBucket
from .board_table import (
    BoardCommand,
    BoardCommandError,
    DrawBoard,
    MoveBoard,
    ResignBoard,
    SitBoard,
    StandBoard,
)
from .context import current_user, occupant, srv
from .errors import socket_error
from .protocol import MAX_MESSAGE_BYTES, ProtocolError, check_unicode, message_kind
from .table import CommandError
from .table_socket import _origin_ok, _send_loop, end_connection, next_frame

MAX_MOVE = 40
"""The longest move text (a go marking ``dead:aa`` or a claim is well within it)."""
FIELDS: dict[str, frozenset[str]] = {
    "hello": frozenset(),
    "ping": frozenset(),
    "board.sit": frozenset({"seat"}),
    "board.stand": frozenset(),
    "board.move": frozenset({"move"}),
    "board.resign": frozenset(),
    "board.draw": frozenset({"answer"}),
}


def parse_board_message(raw: str | bytes) -> tuple[str, BoardCommand | None, Any]:
    """(kind, command or None for hello/ping, id) from one frame, or ProtocolError."""
    if isinstance(raw, bytes):
        raise ProtocolError("send JSON text frames, not binary")
    if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too long: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    msg_id = data.get("id")
    if msg_id is not None and not (
        (isinstance(msg_id, int) and not isinstance(msg_id, bool) and 0 <= msg_id < 2**53)
        or (isinstance(msg_id, str) and len(msg_id) <= 40)
    ):
        raise ProtocolError("'id' must be a whole number or a string of at most 40 characters")
    try:
        check_unicode(data)
        kind = message_kind(data, FIELDS)
        return kind, _command(kind, data), msg_id
    except ProtocolError as e:
        raise ProtocolError(str(e), msg_id if isinstance(msg_id, int | str) else None) from None


def _command(kind: str, d: dict[str, Any]) -> BoardCommand | None:
    if kind == "board.sit":
        seat = d.get("seat")
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ProtocolError("'seat' must be 0 or 1")
        return SitBoard(seat)
    if kind == "board.move":
        move = d.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
            raise ProtocolError(f"'move' must be the text of a move (1 to {MAX_MOVE} characters)")
        return MoveBoard(move.strip())
    if kind == "board.draw":
        answer = d.get("answer")
        if answer not in ("offer", "accept", "decline"):
            raise ProtocolError("'answer' must be offer, accept or decline")
        return DrawBoard(answer)
    if kind == "board.resign":
        return ResignBoard()
    if kind == "board.stand":
        return StandBoard()
    return None


def refusal(e: CommandError, msg_id: Any, kind: str) -> dict[str, Any]:
    """The error message of a refused command (the game's Chinese where it gives one)."""
    out = socket_error(str(e), msg_id, kind)
    if isinstance(e, BoardCommandError):
        out["zh"] = e.zh
    return out


async def board_socket(ws: WebSocket) -> None:
    """One client at one board table."""
    server = srv(ws)
    boards = server.boards
    actor = None if boards is None else boards.get(int(ws.path_params["table_id"]))
    await ws.accept()
    if actor is None:
        await ws.close(code=4404, reason="no such board table")
        return
    if not _origin_ok(ws):
        await ws.close(code=4403, reason="cross-site connection refused")
        return
    user = await current_user(ws)
    if not actor.may_watch(None if user is None else user.id):
        await ws.close(code=4403, reason="a private board table: for its owner and players")
        return
    sub = Subscriber(occupant(user))
    sender = asyncio.create_task(_send_loop(ws, sub))
    bucket = TokenBucket(server.ws_rate, server.ws_burst)
    try:
        while not sender.done():
            raw = await next_frame(ws)
            if raw is None:
                break
            if not bucket.take():
                sub.push(socket_error("too many messages: slow down (this one was dropped)"))
                continue
            try:
                kind, command, msg_id = parse_board_message(raw)
            except ProtocolError as e:
                sub.push(socket_error(str(e), e.id))
                continue
            if kind == "hello":
                actor.detach(sub)
                actor.attach(sub)
            elif kind == "ping":
                sub.push({"type": "pong", "id": msg_id})
            elif command is not None:
                try:
                    await actor.submit(sub.user, command)
                except CommandError as e:
                    sub.push(refusal(e, msg_id, kind))
    except WebSocketDisconnect:
        pass
    finally:
        actor.detach(sub)
        await end_connection(ws, sender)


def board_socket_routes() -> list[BaseRoute]:
    return [WebSocketRoute("/ws/boards/{table_id:int}", board_socket)]
