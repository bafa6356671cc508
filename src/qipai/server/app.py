"""The ASGI app: pages, a JSON API and the table websockets, over one store.

``create_app(db_url)`` opens the database and applies the migrations at once; starting the app
(its lifespan) rebuilds every unfinished table from its event log and starts its actor.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import os
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..bridge import Seat
from ..jsontext import dumps
from ..store import Store, StoreError, UserRecord
from ..store.names import name_key
from ..web import STATIC, TEMPLATES, i18n
from ..web.errors import zh as error_zh
from .access import finished_board, shown_results, watch_refusal
from .actor import LOGGED_OUT, Hangup, Subscriber, TableActor
from .auth import (
    AuthError,
    Passwords,
    RateLimiter,
    TokenBucket,
    check_name,
    check_password,
    new_token,
)
from .context import (
    LANG_COOKIE,
    Server,
    api_guard,
    check_csrf,
    client_ip,
    csrf_token,
    current_user,
    lang_of,
    limited,
    may_view,
    occupant,
    page_context,
    read_form,
    safe_next,
    srv,
)
from .edge import RefuseNulPaths, server_error
from .events_api import event_routes
from .events_pages import event_page_routes
from .openapi import openapi_json
from .protocol import ProtocolError, parse_message, parse_seat
from .record_page import hand_record_page
from .records import BoardNotReady
from .robots import RobotPool
from .table import Close, Command, CommandError, NextBoard, Sit, Stand
from .tables import Tables
from .tournaments import Tournaments

log = logging.getLogger("qipai.server")

MAX_CONNECTIONS_PER_TABLE = 200
MAX_OPEN_TABLES_PER_USER = 10
HELLO_COST = 5.0
"""Tokens of a connection's message budget a hello costs beyond its message's one: its answer
is a whole state (the table, the view, chat and results), not one line."""
REPLAY_EVENTS_PER_TOKEN = 10
"""Replayed events a hello pays one more token for. Without it a watcher saying hello with
``since`` 0 again and again had 500 events sent for each message (issue #13); with the default
budget (a burst of 30) a replay of more than 240 events becomes a full state instead."""
DEFAULT_GRACE = 30.0
"""Seconds a seated person may be gone before a robot plays their seat (``QIPAI_GRACE``)."""
BOARD_SET_RE = re.compile(r"^[\w-]{1,40}$")
LEVEL_RE = re.compile(r"^[0-9]{1,3}$")
SESSION_COOKIE = "qipai_session"


GC_THRESHOLD = (50_000, 20, 10)
"""The garbage collector's thresholds while serving. What a table makes for one action (a state,
views, messages) dies within milliseconds, but at Python's default (a young collection every 700
new objects) much of it was caught alive and moved on to the oldest generation, whose full
collections then paused 1,000 busy tables for 0.2-0.3 s every few seconds (measured with
``QIPAI_BENCH_DEBUG=1 python bench/server/table_bench.py --tables 1000``); with these, none in a
30 s run."""


def create_app(
    db_url: str,
    *,
    secret_key: str | None = None,
    robot_delay: float = 0.0,
    password_hasher: PasswordHasher | None = None,
    login_limit: tuple[int, float] = (5, 300.0),
    login_ip_limit: tuple[int, float] = (30, 300.0),
    signup_limit: tuple[int, float] = (30, 3600.0),
    ws_rate: tuple[float, float] = (10.0, 30.0),
    https_only: bool = False,
    clock: Callable[[], float] = time.monotonic,
    table_seeds: Callable[[], str] | None = None,
    board_set_secret: str | None = None,
    disconnect_grace: float | None = None,
    watch_every: float | None = None,
    table_clock: Callable[[], float] = time.time,
    analyse_boards: bool = True,
    event_poll_every: float = 1.0,
    gc_threshold: tuple[int, int, int] | None = GC_THRESHOLD,
    retire_after: float | None = None,
) -> Starlette:
    """The whole server for the database at ``db_url`` (SQLite file or PostgreSQL URL).

    ``secret_key`` signs session cookies; without one, a key kept in the database is used, so
    sessions survive restarts. The limits are (attempts, seconds). ``table_seeds`` makes each
    new table's deal seed (random by default; tests fix it); ``board_set_secret`` is mixed
    into every board set's (default: one kept in the database; "" deals a set from its name
    alone, for tests). ``disconnect_grace`` is how many
    seconds a seated person may be gone before a robot plays for them (default the
    ``QIPAI_GRACE`` environment variable, else 30); ``watch_every`` how often that is checked.
    ``table_clock`` (seconds since the epoch) stamps the tables' events: the thinking clocks and
    the away times come from it. ``analyse_boards`` analyses each board with DDS as it ends
    (otherwise only when its hand record is first asked for). ``gc_threshold`` is given to
    ``gc.set_threshold`` once the server has started (None: Python's as it is). A closed table
    leaves memory ``retire_after`` seconds later (default ``tables.RETIRE_AFTER``; its records
    stay in the store)."""
    grace = disconnect_grace
    if grace is None:
        grace = float(os.environ.get("QIPAI_GRACE", DEFAULT_GRACE))
    store = Store.open(db_url)
    key = secret_key or store.setting("session_secret", lambda: secrets.token_urlsafe(48))
    templates = Jinja2Templates(directory=str(TEMPLATES))
    templates.env.globals["t"] = i18n.t
    templates.env.globals["error_text"] = i18n.error_text
    server = Server(
        store=store,
        tables=Tables(
            store,
            RobotPool(),
            robot_delay=robot_delay,
            seeds=table_seeds,
            set_secret=board_set_secret,
            grace=grace,
            watch_every=watch_every,
            clock=table_clock,
            analyse_boards=analyse_boards,
            retire_after=retire_after,
        ),
        passwords=Passwords(password_hasher),
        login_failures_by_name=RateLimiter(*login_limit, clock=clock),
        login_failures_by_ip=RateLimiter(*login_ip_limit, clock=clock),
        signups_by_ip=RateLimiter(*signup_limit, clock=clock),
        templates=templates,
        ws_rate=ws_rate[0],
        ws_burst=ws_rate[1],
    )

    server.tournaments = Tournaments(
        store, server.tables, clock=table_clock, poll_every=event_poll_every
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        count = await server.tables.load_all()
        log.info("%d open table(s) rebuilt from their event logs", count)
        server.tables.watch()
        assert server.tournaments is not None
        events = await server.tournaments.load_all()
        log.info("%d event(s) not over read back", events)
        server.tournaments.start()
        # What is loaded now (modules, the tables rebuilt) lives as long as the server: keep it
        # out of the garbage collector's full collections, which walk every tracked object.
        gc.freeze()
        if gc_threshold is not None:
            gc.set_threshold(*gc_threshold)
        try:
            yield
        finally:
            await server.tournaments.stop()
            await server.tables.stop_all()
            store.close()

    routes = [
        Route("/", lobby_page),
        Route("/tables/{table_id:int}", table_page),
        Route("/join/{token}", join),
        Route("/lang/{code}", set_language),
        Route("/register", form_register, methods=["POST"]),
        Route("/login", form_login, methods=["POST"]),
        Route("/guest", form_guest, methods=["POST"]),
        Route("/logout", form_logout, methods=["POST"]),
        Route("/tables", form_create_table, methods=["POST"]),
        Route("/play", form_play_now, methods=["POST"]),
        Route("/favicon.ico", favicon),
        Route("/openapi.json", openapi_json),
        Route("/api/me", api_me),
        Route("/api/register", api_register, methods=["POST"]),
        Route("/api/login", api_login, methods=["POST"]),
        Route("/api/guest", api_guest, methods=["POST"]),
        Route("/api/logout", api_logout, methods=["POST"]),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables", api_create_table, methods=["POST"]),
        Route("/api/tables/{table_id:int}", api_table),
        Route("/api/tables/{table_id:int}/boards/{board_no:int}", api_board),
        Route("/api/tables/{table_id:int}/invite", api_new_invite, methods=["POST"]),
        Route("/tables/{table_id:int}/invite", form_new_invite, methods=["POST"]),
        Route("/tables/{table_id:int}/boards/{board_no:int}.{fmt}", board_file),
        Route("/tables/{table_id:int}/boards/{board_no:int}", hand_record_page),
        Route("/api/tables/{table_id:int}/{action}", api_table_action, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id:int}", table_socket),
        *event_routes(),
        *event_page_routes(),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            HTTPException: http_error,  # type: ignore[dict-item]
            Exception: server_error,
        },
    )
    app.state.server = server
    from starlette.middleware.sessions import SessionMiddleware

    app.add_middleware(
        SessionMiddleware,
        secret_key=key,
        session_cookie=SESSION_COOKIE,
        same_site="lax",
        https_only=https_only,
    )
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RefuseNulPaths)
    return app


class SecurityHeaders:
    """Headers every page and API answer carries."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                h = MutableHeaders(scope=message)
                h.setdefault("X-Content-Type-Options", "nosniff")
                h.setdefault("X-Frame-Options", "DENY")
                h.setdefault("Referrer-Policy", "same-origin")
                h.setdefault(
                    "Content-Security-Policy",
                    "default-src 'self'; img-src 'self' data:; object-src 'none';"
                    " frame-ancestors 'none'; base-uri 'none'",
                )
            await send(message)

        await self.app(scope, receive, with_headers)


def _error_body(message: str) -> dict[str, str]:
    """A JSON API error: ``error`` in English (what programs read) and, where there is one,
    ``error_zh``, what a Chinese page shows."""
    body = {"error": message}
    chinese = error_zh(message)
    if chinese is not None:
        body["error_zh"] = chinese
    return body


async def http_error(request: Request, exc: HTTPException) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            _error_body(exc.detail), status_code=exc.status_code, headers=exc.headers
        )
    lang = lang_of(request)
    return srv(request).templates.TemplateResponse(
        request,
        "error.html",
        {
            "lang": lang,
            "html_lang": i18n.HTML_LANG[lang],
            "status": exc.status_code,
            "message": exc.detail,
            "user": None,
            "csrf": csrf_token(request),
        },
        status_code=exc.status_code,
        headers=exc.headers,
    )


async def end_sessions(request: Request) -> None:
    """Log out: this session and every other one of the account (a copied cookie included)
    stop working (their epoch is behind the account's)."""
    user = await current_user(request)
    request.session.clear()
    if user is not None:
        server = srv(request)
        epoch = await asyncio.to_thread(server.store.end_sessions, user.id)
        server.users[user.id] = replace(user, session_epoch=epoch)
        for actor in server.tables.all():  # and its open tables' connections close
            actor.hang_up_on(user.id, LOGGED_OUT)


# --- accounts ---------------------------------------------------------------------------------


async def register(request: Request, name: object, password: object) -> UserRecord:
    server = srv(request)
    ip = client_ip(request)
    limited(server.signups_by_ip, ip, "new accounts from your address")
    try:
        name_ok, password_ok = check_name(name), check_password(password)
    except AuthError as e:
        raise HTTPException(400, str(e)) from None
    hashed = await asyncio.to_thread(server.passwords.hash, password_ok)
    try:
        user = await asyncio.to_thread(server.store.create_user, name_ok, hashed, guest=False)
    except StoreError as e:
        raise HTTPException(409, str(e)) from None
    server.signups_by_ip.hit(ip)
    _log_in(request, user)
    return user


async def login(request: Request, name: object, password: object) -> UserRecord:
    server = srv(request)
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > 1024:
        raise HTTPException(400, "give a name and a password")
    name = name.strip()[:64]
    by_name, ip_key = "name:" + name_key(name), "ip:" + client_ip(request)
    limited(server.login_failures_by_name, by_name, "failed logins for this name")
    limited(server.login_failures_by_ip, ip_key, "failed logins from your address")
    user = await asyncio.to_thread(server.store.user_by_name, name)
    ok = await asyncio.to_thread(
        server.passwords.verify, user.password_hash if user else None, password
    )
    if user is None or not ok:
        server.login_failures_by_name.hit(by_name)
        server.login_failures_by_ip.hit(ip_key)
        raise HTTPException(401, "wrong name or password")
    server.login_failures_by_name.reset(by_name)
    _log_in(request, user)
    return user


async def guest(request: Request) -> UserRecord:
    server = srv(request)
    ip = client_ip(request)
    limited(server.signups_by_ip, ip, "new accounts from your address")
    for _ in range(5):
        try:
            user = await asyncio.to_thread(
                server.store.create_user, f"guest-{secrets.token_hex(3)}", None, guest=True
            )
        except StoreError:
            continue
        server.signups_by_ip.hit(ip)
        _log_in(request, user)
        return user
    raise HTTPException(503, "could not make a guest account: try again")


def _log_in(request: Request, user: UserRecord) -> None:
    invites = request.session.get("invites")
    request.session.clear()
    request.session["uid"] = user.id
    request.session["epoch"] = user.session_epoch
    request.session["csrf"] = new_token()  # a fresh token with each new login
    if isinstance(invites, list):
        request.session["invites"] = invites
    srv(request).users[user.id] = user


def _user_json(user: UserRecord | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.id, "name": user.name, "guest": user.is_guest}


async def api_me(request: Request) -> Response:
    user = await current_user(request)
    return JSONResponse({"user": _user_json(user), "csrf": csrf_token(request)})


async def api_register(request: Request) -> Response:
    data = await api_guard(request)
    user = await register(request, data.get("name"), data.get("password"))
    return JSONResponse({"user": _user_json(user), "csrf": request.session["csrf"]}, 201)


async def api_login(request: Request) -> Response:
    data = await api_guard(request)
    user = await login(request, data.get("name"), data.get("password"))
    return JSONResponse({"user": _user_json(user), "csrf": request.session["csrf"]})


async def api_guest(request: Request) -> Response:
    await api_guard(request)
    user = await guest(request)
    return JSONResponse({"user": _user_json(user), "csrf": request.session["csrf"]}, 201)


async def api_logout(request: Request) -> Response:
    await api_guard(request)
    await end_sessions(request)
    return JSONResponse({"user": None, "csrf": csrf_token(request)})


# --- forms (the pages post these; each answers with a redirect) -------------------------------


async def _form(request: Request) -> dict[str, str]:
    form = await read_form(request)
    check_csrf(request, form.get("csrf"))
    return form


async def _form_or_page(
    request: Request, action: Callable[[dict[str, str]], Awaitable[str]]
) -> Response:
    form = await _form(request)
    try:
        target = await action(form)
    except HTTPException as e:
        if e.status_code in (403, 413):
            raise
        return await lobby_page(request, error=str(e.detail), status=e.status_code)
    return RedirectResponse(target, status_code=303)


async def form_register(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        await register(request, f.get("name"), f.get("password"))
        return safe_next(f.get("next"))

    return await _form_or_page(request, act)


async def form_login(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        await login(request, f.get("name"), f.get("password"))
        return safe_next(f.get("next"))

    return await _form_or_page(request, act)


async def form_guest(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        await guest(request)
        return safe_next(f.get("next"))

    return await _form_or_page(request, act)


async def form_logout(request: Request) -> Response:
    await _form(request)
    await end_sessions(request)
    return RedirectResponse("/", status_code=303)


def favicon(request: Request) -> Response:
    """Browsers ask for /favicon.ico whatever the page names: the icon is an SVG."""
    return RedirectResponse("/static/favicon.svg", status_code=301)


async def form_play_now(request: Request) -> Response:
    """``POST /play``: a robot table at once, the visitor South (as a guest, if they have no
    account yet): what a first visit offers."""

    async def act(f: dict[str, str]) -> str:
        if await current_user(request) is None:
            await guest(request)
        actor = await create_table(request, {"scoring": "IMP", "seat": "S"})
        return f"/tables/{actor.id}"

    return await _form_or_page(request, act)


async def form_create_table(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        data: dict[str, Any] = {
            "name": f.get("name", ""),
            "scoring": f.get("scoring", "MP"),
            "robot_level": f.get("robot_level", ""),
            "private": f.get("private") in ("on", "1", "true"),
            "seat": f.get("seat", "S"),
            "board_set": f.get("board_set", "").strip() or None,
            "spectators_see_all": f.get("spectators_see_all") in ("on", "1", "true"),
        }
        actor = await create_table(request, data)
        return f"/tables/{actor.id}"

    return await _form_or_page(request, act)


def set_language(request: Request) -> Response:
    code = i18n.normalize(request.path_params["code"])
    response = RedirectResponse(safe_next(request.query_params.get("next")), status_code=303)
    response.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="lax")
    return response


# --- tables -----------------------------------------------------------------------------------


def table_settings(data: dict[str, Any], owner: str, robots: RobotPool) -> dict[str, Any]:
    """The settings of a new table, each checked; HTTPException 400 saying what is wrong."""
    name = data.get("name") or f"{owner}"
    if not isinstance(name, str) or len(name.strip()) > 60 or not name.strip():
        raise HTTPException(400, "'name' must be 1 to 60 characters")
    scoring = data.get("scoring", "MP")
    if scoring not in ("MP", "IMP"):
        raise HTTPException(400, "'scoring' must be MP or IMP")
    levels = robots.levels()
    level = data["robot_level"] if "robot_level" in data else robots.default_level()
    if isinstance(level, str):  # from a form; "²".isdigit() too, hence the ASCII pattern
        level = None if level in ("", "none") else int(level) if LEVEL_RE.match(level) else level
    if level is not None and (
        isinstance(level, bool) or not isinstance(level, int) or level not in levels
    ):
        offered = ", ".join(map(str, levels)) or "none are installed"
        raise HTTPException(
            400, f"'robot_level' must be null (no robots) or a robot level ({offered})"
        )
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise HTTPException(400, "'private' must be true or false")
    board_set = data.get("board_set") or None
    if board_set is not None and (
        not isinstance(board_set, str) or not BOARD_SET_RE.match(board_set.strip())
    ):
        raise HTTPException(
            400, "'board_set' must be 1 to 40 letters, digits, '_' or '-' (or empty)"
        )
    see_all = data.get("spectators_see_all", False)
    if not isinstance(see_all, bool):
        raise HTTPException(400, "'spectators_see_all' must be true or false")
    return {
        "name": name.strip(),
        "scoring": scoring,
        "robot_level": level,
        "private": private,
        "board_set": board_set.strip() if board_set else None,
        "spectators_see_all": see_all,
    }


async def create_table(request: Request, data: dict[str, Any]) -> TableActor:
    user = await current_user(request)
    if user is None:
        raise HTTPException(401, "log in (or play as a guest) first")
    extra = set(data) - {
        "name",
        "scoring",
        "robot_level",
        "private",
        "seat",
        "board_set",
        "spectators_see_all",
    }
    if extra:
        raise HTTPException(400, f"unknown field(s): {', '.join(sorted(extra))}")
    settings = table_settings(data, user.name, srv(request).tables.robots)
    owned = sum(
        1 for a in srv(request).tables.all() if a.record.owner_id == user.id and not a.state.closed
    )
    if owned >= MAX_OPEN_TABLES_PER_USER:
        raise HTTPException(429, f"you have {owned} open tables: close one before making another")
    seat: Seat | None = None
    if data.get("seat") not in (None, ""):
        try:
            seat = parse_seat(data.get("seat"))
        except ProtocolError as e:
            raise HTTPException(400, str(e)) from None
    tables = srv(request).tables
    if seat is not None and settings["board_set"]:
        other = tables.watching_same_boards(
            user.id, None, tables.board_set_seed(settings["board_set"])
        )
        if other is not None:
            raise HTTPException(
                409, f"you are watching table #{other.id}, which plays the same boards"
            )
    actor = await tables.create(owner_id=user.id, settings=settings)
    if seat is not None:
        await _submit(actor, user, Sit(seat))
    return actor


async def _submit(actor: TableActor, user: UserRecord | None, command: Command) -> int:
    try:
        return await actor.submit(occupant(user), command)
    except CommandError as e:
        raise HTTPException(409, str(e)) from None


def check_sit(tables: Tables, actor: TableActor, user: UserRecord | None, command: Command) -> None:
    """CommandError when ``user`` would sit here while watching another table of the same
    board set (they would see the boards they are about to play)."""
    if user is None or not isinstance(command, Sit):
        return
    other = tables.watching_same_boards(user.id, actor)
    if other is not None:
        raise CommandError(
            f"you are watching table #{other.id}, which plays the same boards: leave it first"
        )


def _actor(request: HTTPConnection) -> TableActor:
    actor = srv(request).tables.get(int(request.path_params["table_id"]))
    if actor is None:
        raise HTTPException(404, "no such table (or it is closed)")
    return actor


def _visible_tables(conn: HTTPConnection, user: UserRecord | None) -> list[dict[str, Any]]:
    return [
        a.summary()
        for a in srv(conn).tables.all()
        if not a.state.closed and may_view(conn, a, user)
    ]


async def api_tables(request: Request) -> Response:
    user = await current_user(request)
    return JSONResponse({"tables": _visible_tables(request, user)})


def _invite(request: HTTPConnection, actor: TableActor, user: UserRecord | None) -> str | None:
    if user is None or user.id != actor.record.owner_id:
        return None
    return str(request.url_for("join", token=actor.record.invite_token))


async def new_invite(request: Request) -> TableActor:
    """The owner revokes a table's invitation link: the table gets a new token, so the old
    link finds nothing (404). Who came by it before keeps what they have (the seat, the
    table in their session)."""
    actor = _actor(request)
    user = await current_user(request)
    if user is None or user.id != actor.record.owner_id:
        raise HTTPException(403, "only the table's owner may change its invitation link")
    token = secrets.token_urlsafe(16)
    await asyncio.to_thread(srv(request).store.set_invite_token, actor.id, token)
    actor.record = replace(actor.record, invite_token=token)
    return actor


async def api_new_invite(request: Request) -> Response:
    await api_guard(request)
    actor = await new_invite(request)
    user = await current_user(request)
    return JSONResponse({"table": actor.summary(), "invite": _invite(request, actor, user)})


async def form_new_invite(request: Request) -> Response:
    await _form(request)
    actor = await new_invite(request)
    return RedirectResponse(f"/tables/{actor.id}", status_code=303)


async def api_create_table(request: Request) -> Response:
    data = await api_guard(request)
    actor = await create_table(request, data)
    user = await current_user(request)
    return JSONResponse(
        {"table": actor.summary(), "invite": _invite(request, actor, user)}, status_code=201
    )


async def api_table(request: Request) -> Response:
    actor = _actor(request)
    user = await current_user(request)
    if not may_view(request, actor, user):
        raise HTTPException(403, "a private table: open it with its invitation link")
    boards = [b for b in await asyncio.to_thread(srv(request).store.boards, actor.id) if b["done"]]
    shown = await shown_results(request, user, actor, [(b["number"], b["deal"]) for b in boards])
    results = [  # a board still to be played elsewhere by this asker: only that it is done
        {k: v for k, v in b.items() if k != "done"}
        if b["number"] in shown
        else {"board_no": b["board_no"], "number": b["number"]}
        for b in boards
    ]
    return JSONResponse(
        {
            "table": actor.summary(),
            "results": results,
            "invite": _invite(request, actor, user),
        }
    )


async def api_table_action(request: Request) -> Response:
    data = await api_guard(request)
    actor = _actor(request)
    user = await current_user(request)
    if not may_view(request, actor, user):
        raise HTTPException(403, "a private table: open it with its invitation link")
    action = request.path_params["action"]
    command: Command
    allowed: set[str] = set()
    if action == "sit":
        allowed = {"seat"}
        try:
            command = Sit(parse_seat(data.get("seat")))
        except ProtocolError as e:
            raise HTTPException(400, str(e)) from None
    elif action == "stand":
        command = Stand()
    elif action == "next":
        command = NextBoard()
    elif action == "close":
        command = Close()
    else:
        raise HTTPException(404, f"no table action {action!r}: use sit, stand, next or close")
    extra = set(data) - allowed
    if extra:
        raise HTTPException(400, f"unknown field(s): {', '.join(sorted(extra))}")
    try:
        check_sit(srv(request).tables, actor, user, command)
    except CommandError as e:
        raise HTTPException(409, str(e)) from None
    seq = await _submit(actor, user, command)
    if isinstance(command, Close):
        srv(request).tables.retire(actor.id)  # its records are read from the store from then on
    return JSONResponse({"seq": seq, "table": actor.summary()})


async def api_board(request: Request) -> Response:
    """A finished board's hand record: deal, auction, play with each card's DD cost, result,
    DD table, par and the results of the same board at every table, scored MP or IMP."""
    table, board_no = await finished_board(request)
    try:
        record = await srv(request).tables.records.record(table.id, board_no)
    except BoardNotReady as e:
        raise HTTPException(409, str(e)) from None
    record["files"] = {fmt: f"/tables/{table.id}/boards/{board_no}.{fmt}" for fmt in ("pbn", "lin")}
    return JSONResponse(record)


async def board_file(request: Request) -> Response:
    """A finished board as a PBN or LIN file."""
    fmt = request.path_params["fmt"]
    if fmt not in ("pbn", "lin"):
        raise HTTPException(404, "hand records come as .pbn or .lin")
    table, board_no = await finished_board(request)
    try:
        text = await srv(request).tables.records.export(table.id, board_no, fmt)
    except BoardNotReady as e:
        raise HTTPException(409, str(e)) from None
    name = f"qipai-table{table.id}-board{board_no}.{fmt}"
    return PlainTextResponse(
        text,
        media_type="application/x-pbn" if fmt == "pbn" else "application/x-lin",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


async def join(request: Request) -> Response:
    token = request.path_params["token"]
    record = (
        await asyncio.to_thread(srv(request).store.table_by_invite, token)
        if len(token) <= 64
        else None
    )
    if record is None or srv(request).tables.get(record.id) is None:
        raise HTTPException(404, "this invitation link is not valid (or its table is closed)")
    invites = request.session.get("invites")
    invites = [i for i in invites if isinstance(i, int)] if isinstance(invites, list) else []
    if record.id not in invites:
        invites = [*invites[-49:], record.id]
    request.session["invites"] = invites
    return RedirectResponse(f"/tables/{record.id}", status_code=303)


# --- pages ------------------------------------------------------------------------------------


async def lobby_page(request: Request, error: str | None = None, status: int = 200) -> Response:
    user = await current_user(request)
    ctx = page_context(request, user)
    ctx.update(
        tables=_visible_tables(request, user),
        error=error,
        strings=i18n.strings(ctx["lang"]),
        robot_levels=srv(request).tables.robots.levels(),
        default_level=srv(request).tables.robots.default_level(),
        seats=list(Seat),
    )
    return srv(request).templates.TemplateResponse(request, "lobby.html", ctx, status_code=status)


async def table_page(request: Request) -> Response:
    actor = _actor(request)
    user = await current_user(request)
    if not may_view(request, actor, user):
        raise HTTPException(403, "a private table: open it with its invitation link")
    ctx = page_context(request, user)
    lang = ctx["lang"]
    config = {
        "table_id": actor.id,
        "lang": lang,
        "csrf": ctx["csrf"],
        "user": _user_json(user),
        "robots": bool(srv(request).tables.robots.levels()),
        "strings": i18n.strings(lang),
    }
    summary = actor.summary()
    ctx.update(table=summary, invite=_invite(request, actor, user), config=config)
    ctx["scoring_label"] = _scoring_label(request, summary)
    return srv(request).templates.TemplateResponse(request, "table.html", ctx)


def _scoring_label(request: Request, summary: dict[str, Any]) -> str:
    """The i18n key of the scoring a table's tag names: its event's own (cross-IMPs say XIMP),
    else MP or IMP."""
    tour = summary.get("tournament")
    tournaments = srv(request).tournaments
    key = "mp" if summary["scoring"] == "MP" else "imp"
    if tour and tournaments is not None:
        live = tournaments.get(tour["event"])
        if live is not None:
            key = "ev_scoring_" + live.state.settings.scoring.value
    return key


# --- the table websocket ----------------------------------------------------------------------


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
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
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
                check_sit(server.tables, actor, user, msg.command)
                await actor.submit(sub.user, msg.command)
            except CommandError as e:
                sub.push(_error(str(e), msg.id, msg.kind))
    except WebSocketDisconnect:
        pass
    finally:
        actor.detach(sub)
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


def _error(
    message: str, msg_id: int | str | None = None, kind: str | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "message": message}
    chinese = error_zh(message)
    if chinese is not None:
        out["zh"] = chinese
    if msg_id is not None:
        out["id"] = msg_id
    if kind is not None:
        out["request"] = kind
    return out


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
