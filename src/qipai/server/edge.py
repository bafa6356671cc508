"""Checks at the HTTP edge, made once for every route: path ids, JSON bodies, and the answer
to a bug (a 500 without a traceback).

Importing this module makes the ``{name:int}`` path convertor match 1 to 18 digits only, so
an id beyond 64 bits names no route (404) instead of overflowing the database; it must be
imported before the routes are built (``qipai.server.app`` does).

>>> parse_json(b'{"a": [1, "x"]}')
{'a': [1, 'x']}
>>> parse_json(b'{"a": "\\\\ud800"}')
Traceback (most recent call last):
...
starlette.exceptions.HTTPException: 400: the body is not valid UTF-8 JSON
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from starlette.convertors import IntegerConvertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ..web.errors import zh

log = logging.getLogger("qipai.server")

MAX_ID_DIGITS = 18
"""Path ids (tables, boards, events) have at most this many digits: below 2**63 always."""


class IdConvertor(IntegerConvertor):
    """``{name:int}`` in a route: a whole number of 1 to 18 digits."""

    regex = f"[0-9]{{1,{MAX_ID_DIGITS}}}"


register_url_convertor("int", IdConvertor())


def parse_json(body: bytes) -> Any:
    """A request body parsed as JSON; HTTPException 400 for anything orjson refuses: bytes
    that are not UTF-8, lone surrogates (``"\\ud800"``, which no answer or store could hold),
    NaN and infinities, nesting deeper than 1024."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise HTTPException(400, "the body is not valid UTF-8 JSON") from None
    if _holds_nul(data):
        raise HTTPException(400, "the request holds a NUL character, which no text here may hold")
    return data


def _holds_nul(value: Any) -> bool:
    """Whether a parsed JSON value has a NUL character in any string (keys too): PostgreSQL
    refuses NUL in text, so a name or a reason holding one would be a 500 there."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, list):
        return any(_holds_nul(v) for v in value)
    if isinstance(value, dict):
        return any("\x00" in k or _holds_nul(v) for k, v in value.items())
    return False


def check_form(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """A form's fields, HTTPException 400 if any holds a NUL character."""
    if any("\x00" in k or "\x00" in v for k, v in pairs):
        raise HTTPException(400, "the request holds a NUL character, which no text here may hold")
    return dict(pairs)


class RefuseNulPaths:
    """404 for a path holding a NUL character (``%00``), before any route reads it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and "\x00" in scope.get("path", ""):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4404, "reason": "no such page"})
                return
            await JSONResponse({"error": "no such page"}, status_code=404)(scope, receive, send)
            return
        await self.app(scope, receive, send)


SERVER_ERROR = "something went wrong on the server: it has been logged"


async def server_error(request: Request, exc: Exception) -> Response:
    """The last resort for a bug: the traceback goes to the log, the visitor gets a 500 that
    says so, without it (JSON under /api/, else a plain page that needs no template)."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    chinese = zh(SERVER_ERROR) or SERVER_ERROR
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": SERVER_ERROR, "error_zh": chinese}, status_code=500)
    page = (
        '<!doctype html><html><head><meta charset="utf-8"><title>500</title></head>'
        f"<body><h1>500</h1><p>{chinese}</p><p>{SERVER_ERROR}</p></body></html>"
    )
    return HTMLResponse(page, status_code=500)
