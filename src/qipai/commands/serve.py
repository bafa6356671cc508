"""``qipai serve [--host 127.0.0.1] [--port 8000] [--db PATH]``: the bridge club server.

One ASGI app (Starlette, run by uvicorn) serving the pages, the JSON API and the table
websockets. ``--db`` takes a SQLite file (default ``qipai.db`` in the working directory) or a
database URL such as ``postgresql://user:pass@host/db``; migrations are applied at start, and
every unfinished table is rebuilt from its event log.
"""

from __future__ import annotations

import argparse
import logging

from ..bridge.errors import ParseError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="run the bridge club server (pages, API, websockets)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", default="8000", help="port to listen on (8000)")
    p.add_argument("--db", default=None, help="SQLite file (default ./qipai.db) or a database URL")
    p.add_argument(
        "--robot-delay",
        default="0.6",
        help="seconds a robot waits before each call or card, so people can follow (0.6)",
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

    import uvicorn

    from ..server.app import create_app
    from ..store.db import database_url

    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    app = create_app(database_url(args.db), robot_delay=delay)
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
