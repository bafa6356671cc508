"""The tables over HTTP: the JSON API (list, make, read, sit/stand/next/close, the invitation
link, a finished board's hand record and its files) and the pages (a table, an invitation,
the forms of the home page that make a table).

The live table itself is its actor (``actor.TableActor``); these handlers check who asks and
what they send, then submit one command to it (or read its summary).
"""

from __future__ import annotations

import asyncio
import re
import secrets
from dataclasses import replace
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..bridge import Seat
from ..store import UserRecord
from ..web import i18n
from . import fields
from .access import finished_board, shown_results
from .accounts import guest, user_json
from .actor import TableActor
from .context import (
    api_guard,
    as_asked,
    current_user,
    invited,
    may_view,
    occupant,
    page_context,
    srv,
)
from .lobby import form_or_lobby, posted_form, visible_tables
from .protocol import ProtocolError, parse_seat
from .record_page import hand_record_page
from .records import BoardNotReady
from .robots import RobotPool
from .scoring import TABLE_SCORINGS, label_key
from .table import Close, Command, CommandError, NextBoard, SeatAnswerCmd, Sit, Stand
from .table_state import SEAT_POLICIES

MAX_OPEN_TABLES_PER_USER = 10
BOARD_SET_RE = re.compile(r"^[\w-]{1,40}$")
TABLE_FIELDS = (
    "name",
    "scoring",
    "robot_level",
    "private",
    "seat",
    "board_set",
    "spectators_see_all",
    "seat_policy",
    "robot_meanings",
)
"""The fields a new table's request may have."""


def table_settings(data: dict[str, Any], owner: str, robots: RobotPool) -> dict[str, Any]:
    """The settings of a new table, each checked; HTTPException 400 saying what is wrong."""
    name = fields.text({"name": data.get("name") or owner}, "name", None, 1, fields.TABLE_NAME_MOST)
    scoring = data.get("scoring", "MP")
    if scoring not in TABLE_SCORINGS:
        raise HTTPException(400, "'scoring' must be MP or IMP")
    level = fields.robot_level(
        data["robot_level"] if "robot_level" in data else robots.default_level(),
        robots.levels(),
    )
    private = fields.flag(data, "private", False)
    board_set = data.get("board_set") or None
    if board_set is not None and (
        not isinstance(board_set, str) or not BOARD_SET_RE.match(board_set.strip())
    ):
        raise HTTPException(
            400, "'board_set' must be 1 to 40 letters, digits, '_' or '-' (or empty)"
        )
    see_all = fields.flag(data, "spectators_see_all", False)
    policy = data.get("seat_policy", "open")
    if policy not in SEAT_POLICIES:
        raise HTTPException(400, "'seat_policy' must be open, invitation or consent")
    return {
        "name": name,
        "scoring": scoring,
        "robot_level": level,
        "private": private,
        "board_set": board_set.strip() if board_set else None,
        "spectators_see_all": see_all,
        "seat_policy": policy,
        "robot_meanings": fields.flag(data, "robot_meanings", False),
    }


async def create_table(request: Request, data: dict[str, Any]) -> TableActor:
    user = await current_user(request)
    if user is None:
        raise HTTPException(401, "log in (or play as a guest) first")
    fields.unknown_fields(data, TABLE_FIELDS)
    tables = srv(request).tables
    settings = table_settings(data, user.name, tables.robots)
    owned = sum(1 for a in tables.all() if a.record.owner_id == user.id and not a.state.closed)
    if owned >= MAX_OPEN_TABLES_PER_USER:
        raise HTTPException(429, f"you have {owned} open tables: close one before making another")
    seat: Seat | None = None
    if data.get("seat") not in (None, ""):
        try:
            seat = parse_seat(data.get("seat"))
        except ProtocolError as e:
            raise HTTPException(400, str(e)) from None
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
        await submit(actor, user, Sit(seat))
    return actor


async def submit(actor: TableActor, user: UserRecord | None, command: Command) -> int:
    """``command`` run at the table for ``user``: the table's event number after it; 409
    saying why the table refused it."""
    try:
        return await actor.submit(occupant(user), command)
    except CommandError as e:
        raise HTTPException(409, str(e)) from None


def actor_of(request: HTTPConnection) -> TableActor:
    """The live table the path names; 404 when there is none."""
    actor = srv(request).tables.get(int(request.path_params["table_id"]))
    if actor is None:
        raise HTTPException(404, "no such table (or it is closed)")
    return actor


def viewed_table(request: HTTPConnection, user: UserRecord | None) -> TableActor:
    """The live table the path names, which ``user`` may view (403 at a private table)."""
    actor = actor_of(request)
    if not may_view(request, actor, user):
        raise HTTPException(403, "a private table: open it with its invitation link")
    return actor


def invite_link(request: HTTPConnection, actor: TableActor, user: UserRecord | None) -> str | None:
    """The table's invitation link, for its owner only."""
    if user is None or user.id != actor.record.owner_id:
        return None
    return str(request.url_for("join", token=actor.record.invite_token))


async def new_invite(request: Request) -> TableActor:
    """The owner revokes a table's invitation link: the table gets a new token, so the old
    link finds nothing (404). Who came by it before keeps what they have (the seat, the
    table in their session)."""
    actor = actor_of(request)
    user = await current_user(request)
    if user is None or user.id != actor.record.owner_id:
        raise HTTPException(403, "only the table's owner may change its invitation link")
    token = secrets.token_urlsafe(16)
    await asyncio.to_thread(srv(request).store.set_invite_token, actor.id, token)
    actor.record = replace(actor.record, invite_token=token)
    return actor


# --- the JSON API -----------------------------------------------------------------------------


async def api_tables(request: Request) -> Response:
    user = await current_user(request)
    return JSONResponse({"tables": visible_tables(request, user)})


async def api_new_invite(request: Request) -> Response:
    await api_guard(request)
    actor = await new_invite(request)
    user = await current_user(request)
    return JSONResponse({"table": actor.summary(), "invite": invite_link(request, actor, user)})


async def api_create_table(request: Request) -> Response:
    data = await api_guard(request)
    actor = await create_table(request, data)
    user = await current_user(request)
    return JSONResponse(
        {"table": actor.summary(), "invite": invite_link(request, actor, user)}, status_code=201
    )


async def api_table(request: Request) -> Response:
    user = await current_user(request)
    actor = viewed_table(request, user)
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
            "invite": invite_link(request, actor, user),
        }
    )


def table_command(action: str, data: dict[str, Any]) -> Command:
    """The command ``POST /api/tables/{id}/{action}`` stands for, its body checked."""
    command: Command
    allowed: set[str] = set()
    if action == "sit":
        allowed = {"seat"}
        try:
            command = Sit(parse_seat(data.get("seat")))
        except ProtocolError as e:
            raise HTTPException(400, str(e)) from None
    elif action == "seat_answer":
        allowed = {"seat", "accept"}
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise HTTPException(400, "'accept' must be true or false")
        try:
            command = SeatAnswerCmd(parse_seat(data.get("seat")), accept)
        except ProtocolError as e:
            raise HTTPException(400, str(e)) from None
    elif action == "stand":
        command = Stand()
    elif action == "next":
        command = NextBoard()
    elif action == "close":
        command = Close()
    else:
        raise HTTPException(
            404, f"no table action {action!r}: use sit, seat_answer, stand, next or close"
        )
    fields.unknown_fields(data, allowed)
    return command


async def api_table_action(request: Request) -> Response:
    data = await api_guard(request)
    user = await current_user(request)
    actor = viewed_table(request, user)
    command = table_command(request.path_params["action"], data)
    seq = await table_action(request, actor, user, command)
    body: dict[str, Any] = {"seq": seq, "table": actor.summary()}
    if isinstance(command, Sit) and user is not None and actor.state.seat_of(user.id) is None:
        body["requested"] = True  # a consent table: the owner is asked (docs/PROTOCOL.md)
        return JSONResponse(body, status_code=202)
    return JSONResponse(body)


async def table_action(
    request: Request, actor: TableActor, user: UserRecord | None, command: Command
) -> int:
    """Sit, stand, next or close, from the API or a page's form: 409 saying why not."""
    tables = srv(request).tables
    try:
        tables.check_sit(actor, user.id if user is not None else None, command)
    except CommandError as e:
        raise HTTPException(409, str(e)) from None
    seq = await submit(actor, user, as_asked(request, actor, command))
    if isinstance(command, Close):
        tables.retire(actor.id)  # its records are read from the store from then on
    return seq


async def form_close_table(request: Request) -> Response:
    """``POST /tables/{id}/close``: the owner closes the table from its page, and goes home."""

    async def act(f: dict[str, str]) -> str:
        user = await current_user(request)
        await table_action(request, viewed_table(request, user), user, Close())
        return "/"

    return await form_or_lobby(request, act)


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


# --- pages and forms --------------------------------------------------------------------------


async def join(request: Request) -> Response:
    """An invitation link: the table goes into the visitor's session, and they go to it."""
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


async def table_page(request: Request) -> Response:
    user = await current_user(request)
    actor = viewed_table(request, user)
    ctx = page_context(request, user)
    lang = ctx["lang"]
    config = {
        "table_id": actor.id,
        "lang": lang,
        "csrf": ctx["csrf"],
        "user": user_json(user),
        "robots": bool(srv(request).tables.robots.levels()),
        "invited": invited(request, actor),
        "strings": i18n.strings(lang),
    }
    summary = actor.summary()
    ctx.update(table=summary, invite=invite_link(request, actor, user), config=config)
    ctx["scoring_label"] = scoring_label(request, summary)
    response: Response = srv(request).templates.TemplateResponse(request, "table.html", ctx)
    return response


def scoring_label(request: Request, summary: dict[str, Any]) -> str:
    """The i18n key of the scoring a table's tag names: its event's own (``scoring.py``)."""
    tour = summary.get("event_table")
    events = srv(request).events
    live = events.get(tour["event"]) if tour and events is not None else None
    return label_key(summary["scoring"], None if live is None else live.state.settings.scoring)


async def form_new_invite(request: Request) -> Response:
    await posted_form(request)
    actor = await new_invite(request)
    return RedirectResponse(f"/tables/{actor.id}", status_code=303)


async def form_play_now(request: Request) -> Response:
    """``POST /play``: a robot table at once, the visitor South (as a guest, if they have no
    account yet): what a first visit offers."""

    async def act(f: dict[str, str]) -> str:
        if await current_user(request) is None:
            await guest(request)
        actor = await create_table(request, {"scoring": "IMP", "seat": "S"})
        return f"/tables/{actor.id}"

    return await form_or_lobby(request, act)


async def form_create_table(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        data: dict[str, Any] = {
            "name": f.get("name", ""),
            "scoring": f.get("scoring", "MP"),
            "robot_level": f.get("robot_level", ""),
            "private": fields.checked(f.get("private")),
            "seat": f.get("seat", "S"),
            "board_set": f.get("board_set", "").strip() or None,
            "spectators_see_all": fields.checked(f.get("spectators_see_all")),
            "seat_policy": f.get("seat_policy", "open"),
            "robot_meanings": fields.checked(f.get("robot_meanings")),
        }
        actor = await create_table(request, data)
        return f"/tables/{actor.id}"

    return await form_or_lobby(request, act)


def table_routes() -> list[BaseRoute]:
    """The tables' pages, forms and JSON API, in the order they are matched."""
    return [
        Route("/tables/{table_id:int}", table_page),
        Route("/join/{token}", join),
        Route("/tables", form_create_table, methods=["POST"]),
        Route("/play", form_play_now, methods=["POST"]),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables", api_create_table, methods=["POST"]),
        Route("/api/tables/{table_id:int}", api_table),
        Route("/api/tables/{table_id:int}/boards/{board_no:int}", api_board),
        Route("/api/tables/{table_id:int}/invite", api_new_invite, methods=["POST"]),
        Route("/tables/{table_id:int}/invite", form_new_invite, methods=["POST"]),
        Route("/tables/{table_id:int}/close", form_close_table, methods=["POST"]),
        Route("/tables/{table_id:int}/boards/{board_no:int}.{fmt}", board_file),
        Route("/tables/{table_id:int}/boards/{board_no:int}", hand_record_page),
        Route("/api/tables/{table_id:int}/{action}", api_table_action, methods=["POST"]),
    ]
