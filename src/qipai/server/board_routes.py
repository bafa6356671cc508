"""The board tables over HTTP: ``POST /api/boards`` makes one (its game, settings, robots and
clock), ``GET /api/boards/{id}`` reads it (as its reader may see it), ``GET /boards/{id}`` is
its page (``board.html``, ``static/board.js``)."""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..games.robots import MOVE_MS
from ..games.terms import TERMS
from . import fields
from .board_actor import BOARD, BoardTableActor, may_watch
from .board_table import GAMES, BoardCommandError, SetUpBoard, SitBoard
from .context import (
    api_guard,
    check_csrf,
    current_user,
    occupant,
    page_context,
    read_form,
    srv,
)
from .table import CommandError

BOARD_FIELDS = (
    "name",
    "game",
    "size",
    "komi",
    "robots",
    "minutes",
    "increment",
    "periods",
    "period",
    "seat",
    "private",
)
"""The fields a new board table's request may have."""
MOST_MINUTES = 180
MAX_OPEN_BOARDS_PER_USER = 10
"""Board tables in play one account may have opened (as for bridge tables)."""


def board_setup(data: dict[str, Any]) -> SetUpBoard:
    """The game, settings, robots and clock of a new board table; 400 saying what is wrong."""
    name = data.get("game")
    if name not in GAMES:
        raise HTTPException(400, f"'game' must be one of: {', '.join(GAMES)}")
    settings: tuple[tuple[str, Any], ...] = ()
    if name == "go":
        size = data.get("size", 19)
        komi = data.get("komi", 7.5)
        if size not in (9, 13, 19):
            raise HTTPException(400, "'size' must be 9, 13 or 19")
        if not isinstance(komi, int | float) or isinstance(komi, bool) or not 0 <= komi <= 20:
            raise HTTPException(400, "'komi' must be a number of points from 0 to 20")
        settings = (("komi", float(komi)), ("size", size))
    robots = data.get("robots", [None, None])
    if (
        not isinstance(robots, list)
        or len(robots) != 2
        or any(r not in (None, 0, 1) or isinstance(r, bool) for r in robots)
    ):
        raise HTTPException(400, "'robots' must be two entries, each null (a person) or 0 or 1")
    minutes = data.get("minutes")
    increment = data.get("increment", 0)
    if minutes is not None and (
        not isinstance(minutes, int | float)
        or isinstance(minutes, bool)
        or not 0 < minutes <= MOST_MINUTES
    ):
        raise HTTPException(400, f"'minutes' must be null (no clock) or 0 to {MOST_MINUTES}")
    if not isinstance(increment, int) or isinstance(increment, bool) or not 0 <= increment <= 60:
        raise HTTPException(400, "'increment' must be whole seconds from 0 to 60")
    if minutes is not None and any(r is not None for r in robots):
        slowest = max(MOVE_MS) / 1000
        if minutes * 60 < slowest * 20:
            raise HTTPException(400, "'minutes' is too short for the robots' move time")
    periods = data.get("periods", 0)
    period = data.get("period", 30)
    if not isinstance(periods, int) or isinstance(periods, bool) or not 0 <= periods <= 10:
        raise HTTPException(400, "'periods' (byo-yomi) must be a whole number from 0 to 10")
    if not isinstance(period, int) or isinstance(period, bool) or not 1 <= period <= 120:
        raise HTTPException(400, "'period' (byo-yomi) must be whole seconds from 1 to 120")
    if periods and minutes is None:
        raise HTTPException(400, "byo-yomi needs a clock: give 'minutes' too")
    return SetUpBoard(
        name,
        settings,
        (robots[0], robots[1]),
        None if minutes is None else int(minutes * 60_000),
        increment * 1000,
        periods,
        period * 1000 if periods else 0,
    )


def page_words(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (``page.*`` of the games' terms, fields left to fill in
    by the script), with the games' and sides' names."""
    i = 0 if lang == "zh-CN" else 1
    return {
        k: v[i]
        for k, v in TERMS.items()
        if k.startswith(("page.", "game.", "side.", "reason.", "result."))
    }


def words_of(lang: str) -> dict[str, str]:
    """The page's words, ``page.`` dropped from their keys."""
    return {k.removeprefix("page."): v for k, v in page_words(lang).items()}


async def board_seen(request: HTTPConnection, user_id: int | None) -> dict[str, Any]:
    """The board table the path names as ``user_id`` may see it (``table``, ``view``, ``you``):
    live, or a finished one read from the store; 404 when there is none, 403 when private."""
    boards = srv(request).boards
    assert boards is not None
    table_id = int(request.path_params["table_id"])
    actor = boards.get(table_id)
    if actor is not None:
        record, state, now = actor.record, actor.state, actor.now_ms()
    else:
        found = await boards.finished(table_id)
        if found is None:
            raise HTTPException(404, "no such board table")
        (record, state), now = found, int(boards.clock() * 1000)
    if not may_watch(record, state, user_id):
        raise HTTPException(403, "a private board table: for its owner and players")
    seen = BOARD.viewer(state, user_id, False)
    return {
        "table": BOARD.summary(record, state, (), now),
        "view": BOARD.view(state, seen),
        "you": {"seat": seen.seat, "user_id": user_id},
    }


async def create_board(request: Request, data: dict[str, Any]) -> BoardTableActor:
    """A new board table from ``data`` (the API's body or the form's), its maker seated
    where asked; HTTPException saying what is wrong."""
    user = await current_user(request)
    if user is None:
        raise HTTPException(401, "log in (or play as a guest) first")
    fields.unknown_fields(data, BOARD_FIELDS)
    setup = board_setup(data)
    name = fields.text(
        {"name": data.get("name") or user.name}, "name", None, 1, fields.TABLE_NAME_MOST
    )
    seat = data.get("seat")
    if seat is not None and (seat not in (0, 1) or isinstance(seat, bool)):
        raise HTTPException(400, "'seat' must be null, 0 or 1")
    boards = srv(request).boards
    assert boards is not None
    open_ones = sum(1 for a in boards.all() if a.record.owner_id == user.id and not a.state.over)
    if open_ones >= MAX_OPEN_BOARDS_PER_USER:
        raise HTTPException(429, f"you have {open_ones} board tables in play: finish one first")
    actor = await boards.create(
        owner_id=user.id, name=name, setup=setup, private=fields.flag(data, "private", False)
    )
    if seat is not None:
        try:
            await actor.submit(occupant(user), SitBoard(seat))
        except CommandError as e:
            raise HTTPException(409, str(e)) from None
    return actor


async def api_create_board(request: Request) -> Response:
    actor = await create_board(request, await api_guard(request))
    return JSONResponse({"table": actor.summary()}, status_code=201)


async def form_create_board(request: Request) -> Response:
    """``POST /boards``: the boards page's form; to the new table's page."""
    f = await read_form(request)
    check_csrf(request, f.get("csrf"))
    robot = f.get("robot", "")
    minutes = f.get("minutes", "").strip()
    try:
        data: dict[str, Any] = {
            "game": f.get("game", ""),
            "seat": int(f.get("seat", "0")),
            "robots": [None, None if robot == "" else int(robot)],
            "minutes": float(minutes) if minutes else None,
            "increment": int(f.get("increment", "0") or 0),
            "periods": int(f.get("periods", "0") or 0),
            "period": int(f.get("period", "30") or 30),
        }
        if data["seat"] == 1:
            data["robots"].reverse()
        if data["game"] == "go":
            data["size"] = int(f.get("size", "19"))
    except ValueError:
        raise HTTPException(400, "the form's numbers could not be read") from None
    actor = await create_board(request, data)
    return RedirectResponse(f"/boards/{actor.id}", status_code=303)


async def boards_page(request: Request) -> Response:
    """``GET /boards``: the board tables one may watch, and the form to open one."""
    user = await current_user(request)
    ctx = page_context(request, user)
    lang = "en" if ctx["lang"] == "en" else "zh-CN"
    boards = srv(request).boards
    uid = None if user is None else user.id
    listed = [a.summary() for a in (boards.all() if boards else []) if a.may_watch(uid)]
    ctx.update(words=words_of(lang), boards=listed, games=GAMES)
    response: Response = srv(request).templates.TemplateResponse(request, "boards.html", ctx)
    return response


async def api_board(request: Request) -> Response:
    user = await current_user(request)
    seen = await board_seen(request, None if user is None else user.id)
    return JSONResponse({"table": seen["table"], "view": seen["view"]})


async def board_page(request: Request) -> Response:
    user = await current_user(request)
    seen = await board_seen(request, None if user is None else user.id)
    ctx = page_context(request, user)
    lang = "en" if ctx["lang"] == "en" else "zh-CN"
    words = words_of(lang)
    config = {
        "table_id": seen["table"]["id"],
        "lang": lang,
        "user_id": None if user is None else user.id,
        "words": words,
        "initial": seen,
    }
    ctx.update(table=seen["table"], config=config, words=words)
    response: Response = srv(request).templates.TemplateResponse(request, "board.html", ctx)
    return response


def board_routes() -> list[BaseRoute]:
    return [
        Route("/api/boards", api_create_board, methods=["POST"]),
        Route("/api/boards/{table_id:int}", api_board),
        Route("/boards", boards_page),
        Route("/boards", form_create_board, methods=["POST"]),
        Route("/boards/{table_id:int}", board_page),
    ]


__all__ = ["BoardCommandError", "board_routes", "board_setup"]
