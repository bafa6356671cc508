"""``qipai serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--grace SECONDS]
[--header-timeout SECONDS] [--forwarded-allow-ips IPS] [--secure-cookies]``: the bridge club
server.

One ASGI app (Starlette, run by uvicorn) serving the pages, the JSON API and the table
websockets. ``--db`` takes a SQLite file (default ``qipai.db`` in the working directory) or a
database URL such as ``postgresql://user:pass@host/db``; migrations are applied at start, and
every unfinished table is rebuilt from its event log. A database that cannot be read, migrated
or written (corrupt, read-only, missing) stops the start with one line saying which and why.
``--grace`` is how long a seated person may be disconnected before a robot plays their seat
(else ``QIPAI_GRACE``, else 30 seconds).

Behind a reverse proxy: ``--forwarded-allow-ips`` lists the proxies whose ``X-Forwarded-For``
gives the client's address (for the rate limits); by default none is trusted, not even
loopback. ``--secure-cookies`` marks the session cookie ``Secure`` (HTTPS deployments).
``--header-timeout`` closes a connection whose request headers take longer (10 s; uvicorn has
no such limit of its own: ``qipai.server.slow_headers``).
"""

from __future__ import annotations

import argparse
import logging
import os

from ..bridge.errors import ParseError
from . import SUMMARIES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help=SUMMARIES["serve"])
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", default="8000", help="port to listen on (8000)")
    p.add_argument("--db", default=None, help="SQLite file (default ./qipai.db) or a database URL")
    p.add_argument(
        "--robot-delay",
        default="0.6",
        help="seconds a robot waits before each call or card, so people can follow (0.6)",
    )
    p.add_argument(
        "--grace",
        default=None,
        metavar="SECONDS",
        help="seconds a seated person may be disconnected before a robot plays their seat"
        " (default: the QIPAI_GRACE environment variable, else 30)",
    )
    p.add_argument(
        "--header-timeout",
        default=str(HEADER_TIMEOUT),
        metavar="SECONDS",
        help="close a connection whose request line and headers take longer than this"
        f" ({HEADER_TIMEOUT:g})",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="IPS",
        help="comma-separated addresses (or networks) of reverse proxies whose X-Forwarded-For"
        " and X-Forwarded-Proto are believed; '*' for any (default: none)",
    )
    p.add_argument(
        "--secure-cookies",
        action="store_true",
        help="send the session cookie only over HTTPS (set it when serving HTTPS)",
    )
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        port = int(args.port)
        delay = float(args.robot_delay)
    except ValueError:
        raise ParseError("--port must be a whole number and --robot-delay a number") from None
    if not 0 <= port <= 65535:
        raise ParseError(f"--port must be from 0 to 65535, not {port}")
    if not 0 <= delay <= 10:
        raise ParseError(f"--robot-delay must be from 0 to 10 seconds, not {delay}")
    grace = grace_seconds(args.grace, "--grace")
    if grace is None:
        grace = grace_seconds(os.environ.get("QIPAI_GRACE") or None, "QIPAI_GRACE")
    header_timeout = seconds(args.header_timeout, "--header-timeout", 0.1, 3600)
    proxies = [ip.strip() for ip in args.forwarded_allow_ips.split(",") if ip.strip()]

    import uvicorn

    from ..server.app import create_app
    from ..server.slow_headers import with_header_timeout
    from ..store.db import database_url

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("alembic").setLevel(logging.WARNING)  # not two lines at every start
    app = create_app(
        database_url(args.db),
        robot_delay=delay,
        disconnect_grace=grace,
        https_only=args.secure_cookies,
    )
    uvicorn.run(
        app,
        host=args.host,
        port=port,
        log_level=args.log_level,
        http=with_header_timeout(header_timeout),
        h11_max_incomplete_event_size=16 * 1024,  # a request line and headers: 16 KiB
        timeout_keep_alive=5,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        ws_max_size=64 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )
    return 0


MAX_GRACE = 24 * 3600.0
HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request line and headers (``--header-timeout``)."""


def grace_seconds(text: str | None, what: str) -> float | None:
    """The grace time given as ``what`` (``--grace`` or ``QIPAI_GRACE``), checked: seconds from
    0 to a day, or None when not given (the app's default, 30 s, then applies).

    >>> grace_seconds("45", "--grace"), grace_seconds(None, "--grace")
    (45.0, None)
    """
    if text is None:
        return None
    return seconds(text, what, 0, MAX_GRACE)


def seconds(text: str, what: str, lo: float, hi: float) -> float:
    """``text`` (the value of ``what``) as seconds from ``lo`` to ``hi``; ParseError else.

    >>> seconds("2.5", "--header-timeout", 0.1, 60)
    2.5
    """
    try:
        value = float(text)
    except ValueError:
        raise ParseError(f"{what} must be a number of seconds, not {text!r}") from None
    if not lo <= value <= hi:  # also refuses nan and inf
        raise ParseError(f"{what} must be from {lo:g} to {hi:g} seconds, not {text}")
    return value
