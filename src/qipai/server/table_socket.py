"""The table websocket, ``/ws/tables/{id}``: one client at one table (docs/PROTOCOL.md).

A connection is refused by accepting it and closing it with a documented code (4404, 4403,
4429). Once open, each message is charged to the connection's :class:`~.auth.TokenBucket`
(a ``hello`` by what it makes the server send), checked at the edge (``protocol.py``) and
submitted to the table's actor; what the actor publishes goes out through the connection's
outbox (``actor.Subscriber``), in order, by one sender task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import Any
from urllib.parse import urlsplit

from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..jsontext import dumps
from .access import watch_refusal
from .actor import Hangup, Subscriber, TableActor
from .auth import TokenBucket
from .context import as_asked, current_user, may_view, occupant, srv
from .errors import socket_error as _error
from .protocol import ProtocolError, parse_message
from .table import CommandError

log = logging.getLogger("qipai.server")

MAX_CONNECTIONS_PER_TABLE = 200
HELLO_COST = 5.0
"""Tokens of a connection's message budget a hello costs beyond its message's one: its answer
is a whole state (the table, the view, chat and results), not one line."""
REPLAY_EVENTS_PER_TOKEN = 10
"""Replayed events a hello pays one more token for. Without it a watcher saying hello with
``since`` 0 again and again had 500 events sent for each message (issue #13); with the default
budget (a burst of 30) a replay of more than 240 events becomes a full state instead."""


def _origin_ok(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    if not origin:
        return True  # not a browser; cookies are what authenticate
    return urlsplit(origin).netloc.lower() == ws.headers.get("host", "").lower()


async def table_socket(ws: WebSocket) -> None:
    """One client at one table: see docs/PROTOCOL.md."""
    server = srv(ws)
    actor = server.tables.get(int(ws.path_params["table_id"]))
    if actor is None:
        await _refuse(ws, 4404, "no such table (or it is closed)")
        return
    if not _origin_ok(ws):
        await _refuse(ws, 4403, "cross-site connection refused")
        return
    user = await current_user(ws)
    if not may_view(ws, actor, user):
        await _refuse(ws, 4403, "a private table: use its invitation link")
        return
    if actor.connections >= MAX_CONNECTIONS_PER_TABLE:
        await _refuse(ws, 4429, "too many connections to this table")
        return
    if user is not None and actor.state.seat_of(user.id) is None:
        other = server.tables.playing_same_boards(user.id, actor)
        if other is not None:
            await _refuse(
                ws,
                4403,
                f"you play the same boards at table #{other.id}: you may not watch this one",
            )
            return
    if user is None or actor.state.seat_of(user.id) is None:
        refused = await watch_refusal(ws, user, actor)
        if refused is not None:
            await _refuse(ws, 4403, refused.detail)
            return
    await ws.accept()
    sub = Subscriber(occupant(user))
    sender = asyncio.create_task(_send_loop(ws, sub))
    bucket = TokenBucket(server.ws_rate, server.ws_burst)
    said_hello = False
    try:
        while not sender.done():
            raw = await next_frame(ws)
            if raw is None:
                break
            if not bucket.take():
                sub.push(_slow_down())
                continue
            try:
                msg = parse_message(raw)
            except ProtocolError as e:
                sub.push(_error(str(e), e.id))
                continue
            if msg.kind == "hello":
                paid, since = _charge_hello(bucket, actor, msg.since)
                if not paid:
                    sub.push(_slow_down(msg.id, msg.kind))
                    continue
                actor.detach(sub)
                actor.attach(sub, since)
                said_hello = True
                continue
            if msg.kind == "ping":
                sub.push({"type": "pong", "id": msg.id})
                continue
            if not said_hello:
                sub.push(_error("send hello first", msg.id))
                continue
            assert msg.command is not None
            try:
                server.tables.check_sit(actor, sub.user_id, msg.command)
                await actor.submit(sub.user, as_asked(ws, actor, msg.command))
            except CommandError as e:
                sub.push(_error(str(e), msg.id, msg.kind))
    except WebSocketDisconnect:
        pass
    finally:
        actor.detach(sub)
        await end_connection(ws, sender)


async def next_frame(ws: WebSocket) -> str | bytes | None:
    """The next frame from the client, its text (or bytes); None once the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    raw: str | bytes | None = message.get("text")
    return raw if raw is not None else (message.get("bytes") or b"")


async def end_connection(ws: WebSocket, sender: asyncio.Task[None]) -> None:
    """Stop a connection's sender and close the socket if it is still open."""
    sender.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await sender
    if ws.application_state is WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.close()


async def _refuse(ws: WebSocket, code: int, reason: str) -> None:
    """Close a connection before it starts, with a documented code. It is accepted first: a
    close before the accept reaches the client as an HTTP 403, without the code or reason."""
    await ws.accept()
    await ws.close(code=code, reason=reason)


def _charge_hello(
    bucket: TokenBucket, actor: TableActor, since: int | None
) -> tuple[bool, int | None]:
    """Charge a hello to the connection's budget, beyond its message's one token: HELLO_COST
    for the state it is answered with, and a token per REPLAY_EVENTS_PER_TOKEN events replayed.
    A replay the budget cannot pay for is replaced by the state alone (``since`` None: one
    message). Returns (paid, the ``since`` to attach with)."""
    cost = HELLO_COST + math.ceil(actor.replay_size(since) / REPLAY_EVENTS_PER_TOKEN)
    if bucket.take(cost):
        return True, since
    if cost > HELLO_COST and bucket.take(HELLO_COST):
        return True, None
    return False, None


def _slow_down(msg_id: int | str | None = None, kind: str | None = None) -> dict[str, Any]:
    """The answer to a message beyond the connection's budget."""
    return _error("too many messages: slow down (this one was dropped)", msg_id, kind)


async def _send_loop(ws: WebSocket, sub: Subscriber) -> None:
    """Send the connection's outbox in order. A send to a closed socket raises in Starlette
    1.x: that ends the loop, as a disconnect."""
    try:
        while True:
            message = await sub.outbox.get()
            if isinstance(message, Hangup):
                await ws.close(code=message.code, reason=message.reason)
                return
            await ws.send_text(_encode(message))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


def _encode(message: dict[str, Any]) -> str:
    """The message as JSON text. Strings are checked at the edge, so this should never fail;
    if it does, the client gets an error in its place, not a closed socket."""
    try:
        return dumps(message)
    except (TypeError, ValueError):
        log.exception("a websocket message could not be encoded: %.200r", message)
        return dumps(_error("the server could not send an answer", message.get("id")))


def socket_routes() -> list[BaseRoute]:
    return [WebSocketRoute("/ws/tables/{table_id:int}", table_socket)]
