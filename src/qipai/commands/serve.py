"""``qipai serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--grace SECONDS]``: the bridge
club server.

One ASGI app (Starlette, run by uvicorn) serving the pages, the JSON API and the table
websockets. ``--db`` takes a SQLite file (default ``qipai.db`` in the working directory) or a
database URL such as ``postgresql://user:pass@host/db``; migrations are applied at start, and
every unfinished table is rebuilt from its event log. ``--grace`` is how long a seated person
may be disconnected before a robot plays their seat (else ``QIPAI_GRACE``, else 30 seconds).
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

    import uvicorn

    from ..server.app import create_app
    from ..store.db import database_url

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    app = create_app(database_url(args.db), robot_delay=delay, disconnect_grace=grace)
    uvicorn.run(
        app,
        host=args.host,
        port=port,
        log_level=args.log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )
    return 0


MAX_GRACE = 24 * 3600.0


def grace_seconds(text: str | None, what: str) -> float | None:
    """The grace time given as ``what`` (``--grace`` or ``QIPAI_GRACE``), checked: seconds from
    0 to a day, or None when not given (the app's default, 30 s, then applies).

    >>> grace_seconds("45", "--grace"), grace_seconds(None, "--grace")
    (45.0, None)
    """
    if text is None:
        return None
    try:
        grace = float(text)
    except ValueError:
        raise ParseError(f"{what} must be a number of seconds, not {text!r}") from None
    if not 0 <= grace <= MAX_GRACE:  # also refuses nan and inf
        raise ParseError(f"{what} must be from 0 to {MAX_GRACE:.0f} seconds, not {text}")
    return grace
