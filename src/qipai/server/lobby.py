"""The home page (the lobby: the open tables, the forms to log in and to make a table) and the
way every form of it answers: a redirect when it worked, the lobby again saying what was wrong
when it did not."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import RedirectResponse, Response

from ..bridge import Seat
from ..store import UserRecord
from ..web import i18n
from .context import check_csrf, current_user, may_view, page_context, read_form, srv


def visible_tables(conn: HTTPConnection, user: UserRecord | None) -> list[dict[str, Any]]:
    """The open tables ``user`` may see, as the lobby lists them."""
    return [
        a.summary()
        for a in srv(conn).tables.all()
        if not a.state.closed and may_view(conn, a, user)
    ]


async def lobby_page(request: Request, error: str | None = None, status: int = 200) -> Response:
    user = await current_user(request)
    ctx = page_context(request, user)
    robots = srv(request).tables.robots
    ctx.update(
        tables=visible_tables(request, user),
        error=error,
        strings=i18n.strings(ctx["lang"]),
        robot_levels=robots.levels(),
        default_level=robots.default_level(),
        seats=list(Seat),
    )
    response: Response = srv(request).templates.TemplateResponse(
        request, "lobby.html", ctx, status_code=status
    )
    return response


async def posted_form(request: Request) -> dict[str, str]:
    """A form posted by one of our pages: read within its limits, its CSRF token checked."""
    form = await read_form(request)
    check_csrf(request, form.get("csrf"))
    return form


async def form_or_lobby(
    request: Request, action: Callable[[dict[str, str]], Awaitable[str]]
) -> Response:
    """Run a form's ``action`` (which returns where to go next); a refusal shows the lobby with
    its message, except a missing CSRF token and a body too large, which stay errors."""
    form = await posted_form(request)
    try:
        target = await action(form)
    except HTTPException as e:
        if e.status_code in (403, 413):
            raise
        return await lobby_page(request, error=str(e.detail), status=e.status_code)
    return RedirectResponse(target, status_code=303)


def favicon(request: Request) -> Response:
    """Browsers ask for /favicon.ico whatever the page names: the icon is an SVG."""
    return RedirectResponse("/static/favicon.svg", status_code=301)
