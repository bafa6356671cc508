"""The ASGI app: the composition root. It creates the services (the store, the live tables, the
events, the limits), mounts each module's routes, adds the middleware and runs the lifespan;
it holds no handler, and no module imports it.

``create_app(db_url)`` opens the database and applies the migrations at once; starting the app
(its lifespan) rebuilds every unfinished table from its event log and starts its actor.

Where the handlers live: ``accounts`` (log in, register, guest, log out, the language),
``lobby`` (the home page and its forms' answers), ``table_routes`` (the tables' API and
pages), ``table_socket`` (the table websocket), ``events_api`` and ``events_pages`` (the
events), ``record_page`` (a board's hand record page), ``openapi``. What they share is in
``context`` (who asks, bodies, CSRF), ``fields`` (the field validators) and ``errors`` (the
shape of an error).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator, Callable

from argon2 import PasswordHasher
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..store import Store
from ..web import STATIC, TEMPLATES, i18n
from .accounts import account_routes
from .auth import Passwords, RateLimiter
from .board_actor import BoardTables
from .board_routes import board_routes
from .board_socket import board_socket_routes
from .context import Server
from .edge import RefuseNulPaths, server_error
from .errors import http_error
from .event_runner import EventRunner
from .events_api import event_routes
from .events_pages import event_page_routes
from .lobby import favicon, lobby_page
from .openapi import openapi_json
from .robots import RobotPool
from .table_routes import table_routes
from .table_socket import socket_routes
from .tables import RETIRE_AFTER, Tables
from .team_events import TeamEvents
from .teams_api import team_routes
from .teams_pages import team_page_routes

log = logging.getLogger("qipai.server")

DEFAULT_GRACE = 30.0
"""Seconds a seated person may be gone before a robot plays their seat (``QIPAI_GRACE``)."""
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
        boards=BoardTables(
            store,
            robot_delay=robot_delay,
            clock=table_clock,
            retire_after=RETIRE_AFTER if retire_after is None else retire_after,
        ),
    )

    server.events = EventRunner(
        store, server.tables, clock=table_clock, poll_every=event_poll_every
    )
    server.team_events = TeamEvents(store, server.tables, clock=table_clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        count = await server.tables.load_all()
        log.info("%d open table(s) rebuilt from their event logs", count)
        assert server.boards is not None
        boards = await server.boards.load_all()
        log.info("%d open board-game table(s) rebuilt from their logs", boards)
        server.tables.watch()
        assert server.events is not None
        events = await server.events.load_all()
        log.info("%d event(s) not over read back", events)
        assert server.team_events is not None
        teams = await server.team_events.load_all()
        log.info("%d team event(s) not over read back", teams)
        server.events.start()
        # What is loaded now (modules, the tables rebuilt) lives as long as the server: keep it
        # out of the garbage collector's full collections, which walk every tracked object.
        gc.freeze()
        if gc_threshold is not None:
            gc.set_threshold(*gc_threshold)
        try:
            yield
        finally:
            await server.events.stop()
            await server.tables.stop_all()
            await server.boards.stop_all()
            store.close()

    routes = [
        Route("/", lobby_page),
        Route("/favicon.ico", favicon),
        Route("/openapi.json", openapi_json),
        *account_routes(),
        *table_routes(),
        *socket_routes(),
        *board_routes(),
        *board_socket_routes(),
        *event_routes(),
        *event_page_routes(),
        *team_routes(),
        *team_page_routes(),
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
