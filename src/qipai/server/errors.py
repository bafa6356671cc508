"""The shape of an error, once for HTTP and the websocket: the English message (what programs
read) and, where there is one, its Chinese (what a Chinese page shows) beside it.

HTTP answers ``{"error": ..., "error_zh": ...}`` (an ``/api/`` path) or the error page; the
websocket sends ``{"type": "error", "message": ..., "zh": ..., "id": ..., "request": ...}``.
The keys differ for history's sake (the protocol stays as it is); the rule is one.
"""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..web import i18n
from ..web.errors import zh as error_zh
from .context import csrf_token, lang_of, srv


def error_body(message: str) -> dict[str, str]:
    """A JSON API error: ``error`` in English and, where there is one, ``error_zh``."""
    body = {"error": message}
    chinese = error_zh(message)
    if chinese is not None:
        body["error_zh"] = chinese
    return body


def socket_error(
    message: str, msg_id: int | str | None = None, kind: str | None = None
) -> dict[str, Any]:
    """A websocket error: ``message`` in English, ``zh`` where there is one, the ``id`` of the
    message it answers and its ``request`` kind where known."""
    out: dict[str, Any] = {"type": "error", "message": message}
    chinese = error_zh(message)
    if chinese is not None:
        out["zh"] = chinese
    if msg_id is not None:
        out["id"] = msg_id
    if kind is not None:
        out["request"] = kind
    return out


async def http_error(request: Request, exc: HTTPException) -> Response:
    """Every HTTPException: JSON under ``/api/``, else the error page in the visitor's
    language."""
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            error_body(exc.detail), status_code=exc.status_code, headers=exc.headers
        )
    lang = lang_of(request)
    response: Response = srv(request).templates.TemplateResponse(
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
    return response
