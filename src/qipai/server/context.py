"""What every handler shares and asks first: the :class:`Server` (the store, the live tables,
the limits), who is asking (their account, language, CSRF token), whether they may view a table,
and the request's body read within its limits. Every module of handlers imports these from
here; only ``app.py`` builds the app (nothing imports it back)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qsl

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.templating import Jinja2Templates

from ..store import Store, UserRecord
from ..web import i18n
from .actor import TableActor
from .auth import Passwords, RateLimiter, new_token, same_token
from .board_actor import BoardTables
from .edge import check_form, parse_json
from .event_runner import EventRunner
from .table import Command, Occupant, Sit
from .tables import Tables
from .team_events import TeamEvents

MAX_BODY = 16 * 1024
"""The most bytes a request body may have."""
LANG_COOKIE = "lang"
EVENTS_PER_USER = (10, 3600.0)
"""New events one account may create (events, seconds): one user made 100 in 0.8 s (issue #13)."""
ROBOT_CALLS_PER_USER = (30, 3600.0)
"""Requests to add robot pairs one account may make (requests, seconds); each adds at most
``events_api.MAX_ROBOT_PAIRS`` pairs, and an event holds at most that many robot pairs."""


@dataclass
class Server:
    """What the handlers share: the store, the live tables, the password hasher, the limits."""

    store: Store
    tables: Tables
    passwords: Passwords
    login_failures_by_name: RateLimiter
    login_failures_by_ip: RateLimiter
    signups_by_ip: RateLimiter
    templates: Jinja2Templates
    ws_rate: float = 10.0
    ws_burst: float = 30.0
    users: dict[int, UserRecord] = field(default_factory=dict)
    events: EventRunner | None = None
    boards: BoardTables | None = None
    """The live board-game tables (chess, xiangqi, renju, go)."""
    team_events: TeamEvents | None = None
    events_by_user: RateLimiter = field(default_factory=lambda: RateLimiter(*EVENTS_PER_USER))
    robot_calls_by_user: RateLimiter = field(
        default_factory=lambda: RateLimiter(*ROBOT_CALLS_PER_USER)
    )


def srv(conn: HTTPConnection) -> Server:
    server: Server = conn.app.state.server
    return server


def lang_of(conn: HTTPConnection) -> str:
    """The language chosen at ``/lang/{code}`` (a cookie); else zh-CN unless the browser's
    ``Accept-Language`` prefers English (``i18n.preferred``)."""
    chosen = conn.cookies.get(LANG_COOKIE)
    if chosen in i18n.LANGS:
        return chosen
    return i18n.preferred(conn.headers.get("accept-language"))


def csrf_token(conn: HTTPConnection) -> str:
    token = conn.session.get("csrf")
    if not isinstance(token, str):
        token = new_token()
        conn.session["csrf"] = token
    return token


async def current_user(conn: HTTPConnection) -> UserRecord | None:
    uid = conn.session.get("uid")
    if not isinstance(uid, int):
        return None
    server = srv(conn)
    user = server.users.get(uid)
    if user is None:
        user = await asyncio.to_thread(server.store.user, uid)
        if user is None:
            conn.session.pop("uid", None)
            return None
        server.users[uid] = user
    if conn.session.get("epoch", 0) != user.session_epoch:  # logged out since: revoked
        conn.session.clear()
        return None
    return user


def occupant(user: UserRecord | None) -> Occupant | None:
    return None if user is None else Occupant(user.id, user.name)


def client_ip(conn: HTTPConnection) -> str:
    """The peer's address (the rate limits' key). uvicorn puts X-Forwarded-For's there only
    from the proxies ``qipai serve --forwarded-allow-ips`` names: by default from none."""
    return conn.client.host if conn.client else "?"


def may_view(conn: HTTPConnection, actor: TableActor, user: UserRecord | None) -> bool:
    """Public tables are open to all; a private one to its owner, its players and whoever came
    by its invitation link."""
    if not actor.record.private:
        return True
    if user is not None and (
        user.id == actor.record.owner_id or actor.state.seat_of(user.id) is not None
    ):
        return True
    return invited(conn, actor)


def invited(conn: HTTPConnection, actor: TableActor) -> bool:
    """Whether this visitor came by the table's invitation link (it is in their session)."""
    invites = conn.session.get("invites")
    return isinstance(invites, list) and actor.id in invites


def as_asked(conn: HTTPConnection, actor: TableActor, command: Command) -> Command:
    """``command`` as the table is to judge it: a ``Sit`` says whether its sender came by the
    invitation link (an ``invitation`` table seats only them and the owner). Every route
    that can seat someone (the websocket, the JSON API, the pages) passes its command here."""
    if isinstance(command, Sit) and invited(conn, actor):
        return replace(command, invited=True)
    return command


def safe_next(value: object, default: str = "/") -> str:
    """A redirect target on this site only."""
    if isinstance(value, str) and value.startswith("/") and not value.startswith(("//", "/\\")):
        return value
    return default


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise HTTPException(413, f"request body too large: at most {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, f"request body too large: at most {limit} bytes")
    return bytes(body)


async def read_json(request: Request) -> dict[str, Any]:
    body = await read_body(request)
    if not body:
        return {}
    data = parse_json(body)
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return data


async def read_form(request: Request) -> dict[str, str]:
    body = await read_body(request)
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, "the form could not be read") from None
    return check_form(pairs)


def check_csrf(request: Request, token: object) -> None:
    if not same_token(token, request.session.get("csrf")):
        raise HTTPException(403, "the form or request is missing its CSRF token: reload the page")


async def api_guard(request: Request) -> dict[str, Any]:
    """A JSON POST: its CSRF header checked, its body read."""
    check_csrf(request, request.headers.get("x-csrf-token"))
    return await read_json(request)


def limited(limiter: RateLimiter, key: str, what: str) -> None:
    wait = limiter.retry_after(key)
    if wait > 0:
        raise HTTPException(
            429,
            f"too many {what}: try again in {int(wait) + 1} s",
            headers={"Retry-After": str(int(wait) + 1)},
        )


def page_context(request: Request, user: UserRecord | None) -> dict[str, Any]:
    lang = lang_of(request)
    return {
        "lang": lang,
        "html_lang": i18n.HTML_LANG[lang],
        "user": user,
        "csrf": csrf_token(request),
        "path": request.url.path,
    }
