"""The events' pages (瑞士移位自动双人赛) and results site, in zh-CN and en:

* ``/events``: the results home: events open for registration, in progress, recently over;
* ``/events/new``: the director's form (``POST /events/new`` creates, or shows what to fix);
* ``/events/{id}``: the registration room, then the live standings and each player's table,
  then the final results with every board's score; its forms post to
  ``/events/{id}/{action}`` (the JSON API's actions, with the form's CSRF field);
* ``/events/{id}/boards/{n}``: one board at every table of its round, with the deal, DD
  table and par, each result linking to that table's hand record;
* ``/events/{id}/cards/{n}``: pair n's score card (计分卡), board by board;
* ``/events/{id}/hands``: the hand records of every board, across the rounds;
* ``/players/{name}``: a player's masterpoints (大师分) and awards.

Every page is rendered here from the JSON API's own views (``events_api.event_view`` and
``board_view``), so the pages and the API say the same. The event page's script
(``static/events.js``) polls ``GET /api/events/{id}`` every few seconds and, when the event has
changed, fetches the page again and swaps in its live part (``#event-live``): one renderer,
no reload. Display text is built here as ``(text, css class)`` pieces, as on the hand record
page (``record_page``):

>>> points_text(3.5, "ximp"), points_text(-12.0, "imp"), points_text(0.0, "ximp")
('+3.5', '-12', '0')
>>> points_text(62.5, "mp"), points_text(None, "mp"), points_text(-0.004, "imp")
('62.5%', '', '0')
>>> time_text("2026-12-01T19:30:00+08:00"), time_text("2026-12-01T11:30:05+00:00")
('2026-12-01 19:30 UTC+08:00', '2026-12-01 11:30 UTC')
>>> local_start("2026-12-01T19:30", "480").isoformat()
'2026-12-01T19:30:00+08:00'
>>> local_start("2026-07-01T08:00:30", "-240").isoformat()
'2026-07-01T08:00:30-04:00'
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..events.settings import (
    CORRECTION_PERIOD,
    MAX_COMPLETION,
    MAX_CORRECTION_PERIOD,
    MIN_COMPLETION,
    ROBOT_LEVELS,
)
from ..events.state import is_robot_player
from ..store import UserRecord
from ..web import display, i18n
from ..web.display import contract_of
from ..web.event_notes import note_text
from .context import check_csrf, current_user, lang_of, page_context, read_form, srv
from .event_runner import LiveEvent
from .events_api import (
    ACTIONS,
    MAX_BOARDS_PER_ROUND,
    MAX_ROBOT_PAIRS,
    MAX_ROUNDS,
    board_view,
    card_view,
    create_event,
    event_action,
    event_runner,
    event_view,
    hands_view,
    profile,
    summary,
)
from .fields import EVENT_NAME_MOST, checked
from .record_page import (
    DD_STRAINS,
    card_bits,
    dd_rows,
    hands,
    par_context,
    result_bits,
    result_text,
    seat_name,
    strain_bits,
    vul_text,
)

POLL_MS = 3000
"""How often the event page's script asks the JSON API whether the event has changed."""
RECENT_OVER = 20
"""How many finished (or cancelled) events the results home lists."""
STATUS_KEYS = {
    "registration": "ev_status_registration",
    "running": "ev_status_running",
    "finished": "ev_status_finished",
    "cancelled": "ev_status_cancelled",
}
SCORINGS = ("ximp", "imp", "mp")
"""An event's scoring methods, as its settings spell them (``display.scoring_name`` names them)."""
BYE_KEYS = {
    "average": "ev_bye_average",
    "average-plus": "ev_bye_average_plus",
    "own-average": "ev_bye_own_average",
}
DEFAULTS = {
    "name": "",
    "rounds": "6",
    "boards_per_round": "3",
    "round_minutes": "24",
    "break_minutes": "2",
    "scoring": "ximp",
    "completion_percent": "70",
    "robot_fill": "on",
    "bye_score": "average",
    "tz_offset": "480",
    "format": "swiss",
    "correction_minutes": f"{CORRECTION_PERIOD.total_seconds() / 60:g}",
}
"""The form's first values: six rounds of three boards, eight minutes a board, cross-IMPs.
The start's offset is China's until the page's script puts the browser's own there."""
NUMBERS: dict[str, tuple[float, float, bool]] = {
    "rounds": (1, MAX_ROUNDS, True),
    "boards_per_round": (1, MAX_BOARDS_PER_ROUND, True),
    "round_minutes": (0.1, 240, False),
    "break_minutes": (0, 120, False),
    "completion_percent": (MIN_COMPLETION, MAX_COMPLETION, True),
    "correction_minutes": (0, MAX_CORRECTION_PERIOD.total_seconds() / 60, False),
}
"""The form's numbers: (least, most, whole); the same bounds as the JSON API's."""
OPTIONAL_NUMBERS = frozenset({"correction_minutes"})
"""Numbers the form may leave empty, taking their first value."""
FORM_FIELDS = ("name", "start", *NUMBERS, "scoring", "robot_level", "robot_fill", "bye_score")
FORMAT_KEYS = {
    "swiss": "ev_format_swiss",
    "mitchell": "ev_format_mitchell",
    "howell": "ev_format_howell",
}
RULING_FIELDS = (
    *("round", "table", "board", "kind", "ns", "ew", "contract", "declarer", "tricks"),
    *("pair", "points", "player", "substitute", "name"),
)
"""The fields of the director's rulings a page's forms send (see events_api.RULINGS)."""


# --- display text -----------------------------------------------------------------------------


def points_text(points: float | None, scoring: str) -> str:
    """A pair's points on a board or in all: IMPs signed, matchpoints as a percentage."""
    if points is None:
        return ""
    value = round(points, 2)
    if value == 0:
        value = 0.0  # no "-0"
    if scoring == "mp":
        return f"{value:g}%"
    return display.score_text(value) if value else "0"


def time_text(iso: str | None) -> str:
    """A stored time as the page first shows it, in the offset it was given with (the page's
    script then shows it in the browser's own time)."""
    if not iso:
        return ""
    t = datetime.fromisoformat(iso)
    offset = t.strftime("%z")
    zone = "UTC" if offset in ("", "+0000") else f"UTC{offset[:3]}:{offset[3:]}"
    return f"{t:%Y-%m-%d %H:%M} {zone}"


def local_start(local: str, offset_minutes: str) -> datetime:
    """A ``datetime-local`` value and the browser's UTC offset in minutes (east positive) as
    one aware time; ValueError when either is not one."""
    offset = int(offset_minutes)
    if not -14 * 60 <= offset <= 14 * 60:
        raise ValueError(f"no UTC offset is {offset} minutes")
    t = datetime.fromisoformat(local.strip())
    if t.tzinfo is not None:
        return t
    return t.replace(tzinfo=timezone(timedelta(minutes=offset)))


ROBOT_FILL = "robots"
"""What the JSON API calls each player of the robot pair that fills an odd field (pair 0);
no account can take the name (the ``robot`` prefix is reserved)."""


def is_robot(name: str) -> bool:
    return is_robot_player(name) or name == ROBOT_FILL


def player_link(name: str, lang: str) -> dict[str, Any]:
    """A player as shown: a name linking to the profile, or 机器人/Robot."""
    if is_robot(name):
        return {"name": i18n.t("robot", lang), "href": None, "robot": True}
    return {"name": name, "href": "/players/" + quote(name, safe=""), "robot": False}


def pair_text(number: int, players: list[str] | None, lang: str) -> dict[str, Any]:
    """A pair: its number and players; a robot pair (or the robot pair 0 that fills an odd
    field) as one word."""
    players = players or []
    robots = not players or all(is_robot(p) for p in players)
    return {
        "number": number,
        "robots": robots,
        "players": [] if robots else [player_link(p, lang) for p in players],
        "label": i18n.t("ev_robot_pair", lang) if robots else " & ".join(players),
    }


def status_text(ev: dict[str, Any], lang: str) -> str:
    text = i18n.t(STATUS_KEYS.get(ev["status"], "ev_status_running"), lang)
    if ev.get("paused"):
        text += " · " + i18n.t("ev_paused", lang)
    return text


def settings_lines(settings: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """The event's settings as (label, value) lines."""
    t = i18n.t
    minutes = f"{settings['round_minutes']:g}"
    lines = [
        (t("ev_format", lang), t(FORMAT_KEYS[settings.get("format", "swiss")], lang)),
        (
            t("ev_rounds", lang),
            t(
                "ev_rounds_value",
                lang,
                rounds=settings["rounds"],
                boards=settings["boards_per_round"],
            ),
        ),
        (t("ev_round_minutes", lang), minutes),
        (t("ev_break_minutes", lang), f"{settings['break_minutes']:g}"),
        (t("scoring", lang), display.scoring_name(settings["scoring"], lang)),
        (t("ev_completion_percent", lang), f"{settings['completion_percent']}%"),
        (
            t("ev_correction_period", lang),
            t("ev_minutes_value", lang, n=f"{settings.get('correction_minutes', 30):g}"),
        ),
        (t("robot_level", lang), f"{t('level', lang)} {settings['robot_level']}"),
        (
            t("ev_odd_field", lang),
            t("ev_robot_fill", lang)
            if settings["robot_fill"]
            else t("ev_bye", lang) + " · " + t(BYE_KEYS[settings["bye_score"]], lang),
        ),
    ]
    return lines


def board_result(board: dict[str, Any], lang: str) -> dict[str, Any]:
    """One table's result of a board: contract (with declarer and tricks) and the NS score."""
    if not board.get("played"):
        return {"played": False, "text": i18n.t("ev_not_played", lang)}
    return {
        "played": True,
        "result_bits": result_bits(
            board.get("contract"), board.get("declarer"), board.get("tricks"), lang
        ),
        "score": display.score_text(board.get("ns_score")) or "0",
    }


# --- the event page's parts -------------------------------------------------------------------


def event_context(ev: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the event page shows, from the JSON API's view of the event."""
    scoring = ev["scoring"]
    registered = {p["pair"]: p for p in ev["pairs_registered"]}

    def pair(number: int) -> dict[str, Any]:
        found = registered.get(number)
        return pair_text(number, None if found is None else found["players"], lang)

    me = ev.get("me") or {}
    my_pair = me.get("pair")
    board_columns = sorted({b["board"] for row in ev["standings"] for b in row["boards"]})
    standings = []
    for row in ev["standings"]:
        by_board = {b["board"]: b["points"] for b in row["boards"]}
        standings.append(
            {
                "rank": row["rank"],
                "pair": pair(row["pair"]),
                "total": points_text(row["total"], scoring),
                "completed": row["boards_completed"],
                "masterpoints": row["masterpoints"],
                "withdrawn_after": row["withdrawn_after"],
                "direction": row.get("direction"),
                "mine": row["pair"] == my_pair,
                "cells": [
                    {
                        "board": b,
                        "text": points_text(by_board.get(b), scoring),
                        "href": f"/events/{ev['id']}/boards/{b}" if b in by_board else None,
                    }
                    for b in board_columns
                ],
            }
        )
    rounds = []
    for rnd in ev["rounds"]:
        is_open = rnd["closed_at"] is None
        tables = []
        for tb in rnd["tables"]:
            boards = [
                {
                    "board": b["board"],
                    "href": None if is_open else f"/events/{ev['id']}/boards/{b['board']}",
                    **board_result(b, lang),
                }
                for b in tb["boards"]
            ]
            tables.append(
                {
                    "number": tb["table"],
                    "table_id": tb.get("table_id"),
                    "ns": pair(tb["ns"]),
                    "ew": pair(tb["ew"]),
                    "mine": my_pair is not None and my_pair in (tb["ns"], tb["ew"]),
                    # while the round is played, only how far each table is: its results
                    # would tell the other tables about boards they are still to play
                    "done": sum(1 for b in tb["boards"] if b["played"]),
                    "boards": [] if is_open else boards,
                }
            )
        rounds.append(
            {
                "number": rnd["round"],
                "open": is_open,
                "starts_at": rnd["starts_at"],
                "byes": [pair(n) for n in rnd["byes"]],
                "tables": tables,
                "board_count": ev["settings"]["boards_per_round"],
            }
        )
    my_table = me.get("table")
    if my_table and not my_table.get("bye"):
        my_table = {
            **my_table,
            "opponents_links": [player_link(p, lang) for p in my_table["opponents"]],
            "direction_name": i18n.t(my_table["direction"], lang),
        }
    current = next((r for r in reversed(rounds) if r["open"]), None)
    return {
        "ev": ev,
        "status_text": status_text(ev, lang),
        "scoring_text": display.scoring_name(scoring, lang),
        "settings_lines": settings_lines(ev["settings"], lang),
        "pairs": [
            {
                **pair_text(p["pair"], p["players"], lang),
                "withdrawn_after": p["withdrawn_after"],
                "mine": p["pair"] == my_pair,
            }
            for p in ev["pairs_registered"]
        ],
        "hands_list": [
            {"player": player_link(h["player"], lang), "partner": player_link(h["partner"], lang)}
            for h in ev["hands"]
        ],
        "me": me,
        "my_table": my_table,
        "board_columns": board_columns,
        "standings_rows": standings,
        "rounds_view": rounds,
        "current_round": current,
        "is_over": ev["status"] in ("finished", "cancelled"),
        "points_unit": "%" if scoring == "mp" else "IMP",
        "times": {
            "start": time_text(ev["start"]),
            "next_due": time_text(ev.get("next_due")),
            "corrections_until": time_text(ev.get("corrections_until")),
        },
        "notes_view": [
            {"at": n["at"], "at_text": time_text(n["at"]), "text": note_text(n["text"], lang)}
            for n in ev["notes"]
        ],
        "warnings_view": [note_text(w, lang) for w in ev["warnings"]],
        "config": {
            "id": ev["id"],
            "status": ev["status"],
            "poll_ms": POLL_MS,
            "time_left": i18n.t("ev_time_left", lang, t="{t}"),
        },
    }


def board_context(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the board page shows, from the JSON API's board view."""
    record = {
        "hands": view["hands"],
        "declarer": None,
        "players": {},
        "vulnerability": view["vulnerability"],
        "dealer": view["dealer"],
        "dd": view["dd"],
    }
    par_ = view.get("par")
    scoring = view["scoring"]
    results = []
    for r in view["results"]:
        contract = r["contract"]
        contract = None if contract in (None, "Pass") else contract
        played = bool(r["played"])
        results.append(
            {
                "table": r["table"],
                "round": r.get("round"),
                "adjusted": r.get("adjusted"),
                "ns": pair_text(r["ns"]["pair"], r["ns"]["players"], lang),
                "ew": pair_text(r["ew"]["pair"], r["ew"]["players"], lang),
                "played": played,
                "contract_bits": display.contract_bits(contract_of(contract), lang)
                if played
                else [(i18n.t("ev_not_played", lang), "")],
                "declarer": seat_name(r["declarer"], lang) if contract else "",
                "lead_bits": card_bits(r["lead"]) if r.get("lead") else [],
                "result": result_text(contract, r["tricks"], lang),
                "tricks": "" if not contract or r["tricks"] is None else r["tricks"],
                "score": (display.score_text(r["ns_score"]) or "0") if played else "",
                "ns_points": points_text(r["ns_points"], scoring),
                "ew_points": points_text(r["ew_points"], scoring),
                "href": f"/tables/{r['table_id']}/boards/{r['board_no']}"
                if played and r.get("table_id")
                else None,
            }
        )
    return {
        "bv": view,
        "hands": hands(record, lang),
        "dd": dd_rows(record, lang),
        "dd_heads": [strain_bits(st, lang) for st in DD_STRAINS],
        **par_context(par_, lang),
        "dealer_name": seat_name(view["dealer"], lang),
        "vul_text": vul_text(view["vulnerability"], lang),
        "results_view": results,
        "scoring_text": display.scoring_name(scoring, lang),
        "points_unit": "%" if scoring == "mp" else "IMP",
    }


# --- the director's form ----------------------------------------------------------------------


def check_form(
    form: dict[str, str], lang: str, now: datetime
) -> tuple[dict[str, Any], dict[str, str]]:
    """The new event's settings from the form, as the JSON API takes them, and what is wrong
    with them by field, in ``lang`` (the API then checks everything once more)."""
    t = i18n.t
    errors: dict[str, str] = {}
    data: dict[str, Any] = {}
    name = form.get("name", "").strip()
    if not 1 <= len(name) <= EVENT_NAME_MOST:
        errors["name"] = t("ev_err_name", lang)
    data["name"] = name
    start_iso = form.get("start", "").strip()
    local = form.get("start_local", "").strip()
    if start_iso:
        data["start"] = start_iso
    elif not local:
        errors["start"] = t("ev_err_start", lang)
    else:
        try:
            start = local_start(local, form.get("tz_offset") or DEFAULTS["tz_offset"])
        except ValueError:
            errors["start"] = t("ev_err_start", lang)
        else:
            if start <= now:
                errors["start"] = t("ev_err_start_past", lang)
            data["start"] = start.isoformat()
    for key, (lo, hi, whole) in NUMBERS.items():
        text = form.get(key, "").strip()
        if not text and key in OPTIONAL_NUMBERS:  # left empty: the default (the Law's 30)
            text = DEFAULTS[key]
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not lo <= value <= hi or (whole and value != int(value)):
            kind = t("ev_whole_number" if whole else "ev_number", lang)
            errors[key] = t(
                "ev_err_range",
                lang,
                field=t("ev_" + key, lang),
                lo=f"{lo:g}",
                hi=f"{hi:g}",
                kind=kind,
            )
        else:
            data[key] = int(value) if whole else value
    data["scoring"] = form.get("scoring", "ximp")
    if data["scoring"] not in SCORINGS:
        errors["scoring"] = t("ev_err_choice", lang, field=t("scoring", lang))
    try:
        data["robot_level"] = int(form.get("robot_level", ""))
    except ValueError:
        data["robot_level"] = None
    if data["robot_level"] not in ROBOT_LEVELS:
        errors["robot_level"] = t("ev_err_choice", lang, field=t("robot_level", lang))
    data["robot_fill"] = checked(form.get("robot_fill"))
    data["bye_score"] = form.get("bye_score", "average")
    if data["bye_score"] not in BYE_KEYS:
        errors["bye_score"] = t("ev_err_choice", lang, field=t("ev_bye_score", lang))
    return data, errors


def default_start(offset_minutes: int, now: datetime) -> str:
    """The form's first start: on the half hour at least an hour from now, as a
    ``datetime-local`` value in the given offset.

    >>> default_start(480, datetime(2026, 3, 1, 11, 10, tzinfo=timezone.utc))
    '2026-03-01T20:30'
    """
    local = now.astimezone(timezone(timedelta(minutes=offset_minutes))) + timedelta(hours=1)
    local = local.replace(second=0, microsecond=0)
    local += timedelta(minutes=(30 - local.minute % 30) % 30)
    return f"{local:%Y-%m-%dT%H:%M}"


# --- handlers ---------------------------------------------------------------------------------


async def _render(
    request: Request, template: str, user: UserRecord | None, status: int = 200, **values: Any
) -> Response:
    ctx = page_context(request, user)
    ctx.update(values)
    response: Response = srv(request).templates.TemplateResponse(
        request, template, ctx, status_code=status
    )
    return response


async def _event(request: Request) -> LiveEvent:
    live = await event_runner(request).read(int(request.path_params["event_id"]))
    if live is None:
        raise HTTPException(404, i18n.t("ev_no_such_event", lang_of(request)))
    return live


async def events_home(request: Request) -> Response:
    """``GET /events``: open for registration (soonest first), in progress, recently over."""
    user = await current_user(request)
    lang = lang_of(request)
    t = event_runner(request)
    records = await asyncio.to_thread(t.store.event_store.listing, None, 200)
    groups: dict[str, list[dict[str, Any]]] = {"upcoming": [], "running": [], "over": []}
    for r in records:
        live = t.get(r.id)
        if live is None:
            if r.status in ("finished", "cancelled") and len(groups["over"]) >= RECENT_OVER:
                continue
            live = await t.read(r.id)
        if live is None:
            continue
        s = summary(live)
        s["status_text"] = status_text(s, lang)
        s["scoring_text"] = display.scoring_name(s["scoring"], lang)
        s["start_text"] = time_text(s["start"])
        key = {"registration": "upcoming", "running": "running"}.get(s["status"], "over")
        groups[key].append(s)
    groups["upcoming"].reverse()  # the listing is newest start first: soonest first here
    return await _render(
        request,
        "events.html",
        user,
        groups=groups,
        may_create=user is not None and not user.is_guest,
    )


async def event_new_page(request: Request) -> Response:
    """``GET /events/new``: the director's form."""
    user = await _director(request)
    lang = lang_of(request)
    now = event_runner(request).now()
    default_level = srv(request).tables.robots.default_level()
    values = {
        **DEFAULTS,
        "start_local": default_start(int(DEFAULTS["tz_offset"]), now),
        "robot_level": str(default_level if default_level in ROBOT_LEVELS else 0),
    }
    return await _render(
        request, "event_new.html", user, **_form_values(values, {}, lang, fresh=True)
    )


async def _director(request: Request) -> UserRecord:
    user: UserRecord | None = await current_user(request)
    if user is None or user.is_guest:
        raise HTTPException(401, i18n.t("ev_login_to_create", lang_of(request)))
    return user


def offset_name(offset_minutes: str) -> str:
    """``"480"`` -> ``UTC+08:00``, ``"-210"`` -> ``UTC-03:30``; the China offset for nonsense.

    >>> offset_name("480"), offset_name("-210"), offset_name("0"), offset_name("x")
    ('UTC+08:00', 'UTC-03:30', 'UTC+00:00', 'UTC+08:00')
    """
    try:
        minutes = int(offset_minutes)
    except ValueError:
        minutes = int(DEFAULTS["tz_offset"])
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{rest:02d}"


def _form_values(
    values: dict[str, str], errors: dict[str, str], lang: str, *, fresh: bool = False
) -> dict[str, Any]:
    return {
        "form": values,
        "tz_name": offset_name(values.get("tz_offset") or DEFAULTS["tz_offset"]),
        "errors": errors,
        "fresh": fresh,
        "robot_levels": ROBOT_LEVELS,
        "scorings": [(k, display.scoring_name(k, lang)) for k in SCORINGS],
        "byes": [(k, i18n.t(v, lang)) for k, v in BYE_KEYS.items()],
        "formats": [(k, i18n.t(v, lang)) for k, v in FORMAT_KEYS.items()],
        "limits": {k: {"min": f"{lo:g}", "max": f"{hi:g}"} for k, (lo, hi, _) in NUMBERS.items()},
    }


async def event_create(request: Request) -> Response:
    """``POST /events/new``: create the event and go to its page, or show the form again with
    what to fix next to each field."""
    form = await read_form(request)
    check_csrf(request, form.get("csrf"))
    user = await _director(request)
    lang = lang_of(request)
    data, errors = check_form(form, lang, event_runner(request).now())
    if not errors:
        try:
            chosen = {k: data[k] for k in FORM_FIELDS}
            if form.get("format") in FORMAT_KEYS:
                chosen["format"] = form["format"]
            live = await create_event(request, chosen)
        except HTTPException as e:
            errors["form"] = i18n.t("ev_err_create", lang, message=e.detail)
        else:
            return RedirectResponse(f"/events/{live.id}", status_code=303)
    values = {k: v for k, v in form.items() if k != "csrf"}
    if "robot_fill" not in values:
        values["robot_fill"] = ""
    return await _render(
        request, "event_new.html", user, status=400, **_form_values(values, errors, lang)
    )


async def event_page(request: Request, error: str | None = None, status: int = 200) -> Response:
    """``GET /events/{id}``: the registration room, the event live, or its results."""
    live = await _event(request)
    user = await current_user(request)
    lang = lang_of(request)
    ev = event_view(live, user, event_runner(request).now())
    ctx = event_context(ev, lang)
    return await _render(
        request,
        "event.html",
        user,
        status=status,
        error=error,
        may_enter=user is not None and not user.is_guest,
        max_robot_pairs=MAX_ROBOT_PAIRS,
        **ctx,
    )


async def event_form_action(request: Request) -> Response:
    """``POST /events/{id}/{action}``: one of the JSON API's actions from the page's forms;
    back to the page, or the page again saying why not."""
    form = await read_form(request)
    check_csrf(request, form.get("csrf"))
    action = request.path_params["action"]
    if action not in ACTIONS:
        raise HTTPException(404, f"no event action {action!r}")
    live = await _event(request)
    user = await current_user(request)
    data: dict[str, Any] = {
        k: form[k] for k in ("partner", "asker", "count", "reason", *RULING_FIELDS) if k in form
    }
    try:
        await event_action(request, live, user, action, data)
    except HTTPException as e:
        lang = lang_of(request)
        return await event_page(
            request,
            error=i18n.t("ev_action_failed", lang, message=i18n.error_text(e.detail, lang)),
            status=e.status_code,
        )
    return RedirectResponse(f"/events/{live.id}", status_code=303)


async def event_board_page(request: Request) -> Response:
    """``GET /events/{id}/boards/{n}``: the board at every table of its round."""
    live = await _event(request)
    lang = lang_of(request)
    board = int(request.path_params["board"])
    user = await current_user(request)
    try:
        view = await board_view(request, live, board, user)
    except HTTPException as e:
        key = {409: "ev_board_in_play", 403: "ev_board_to_play"}.get(e.status_code)
        text = i18n.t(key or "ev_no_such_board", lang, n=board)
        raise HTTPException(e.status_code, text) from None
    total = live.state.settings.total_boards
    played = sum(len(r.boards) for r in live.state.rounds if not r.is_open)
    return await _render(
        request,
        "event_board.html",
        user,
        event_id=live.id,
        prev_board=board - 1 if board > 1 else None,
        next_board=board + 1 if board < min(total, played) else None,
        **board_context(view, lang),
    )


def card_context(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the score card page shows, from the JSON API's card view."""
    scoring = view["scoring"]
    lines = []
    for c in view["lines"]:
        contract = c["contract"]
        real = None if contract in (None, "Pass") else contract
        played = contract is not None
        lines.append(
            {
                "round": c["round"],
                "board": c["board"],
                "table": c["table"],
                "direction": i18n.t(c["direction"], lang),
                "opponents": c["opponents"],
                "played": played,
                "contract_bits": display.contract_bits(contract_of(real), lang)
                if played
                else [(i18n.t("ev_not_played", lang), "")],
                "declarer": seat_name(c["declarer"], lang) if real and c["declarer"] else "",
                "lead_bits": card_bits(c["lead"]) if c.get("lead") else [],
                "result": result_text(real, c["tricks"], lang) if played else "",
                "score": (display.score_text(c["score"]) or "0") if c["score"] is not None else "",
                "points": points_text(c["points"], scoring),
                "adjusted": c["adjusted"],
                "href": f"/events/{view['event']}/boards/{c['board']}",
            }
        )
    return {
        "cv": view,
        "pair_view": pair_text(view["pair"], view["players"], lang),
        "card_lines": lines,
        "total_text": points_text(view["total"], scoring),
        "points_unit": "%" if scoring == "mp" else "IMP",
    }


def hands_context(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the hand records page shows: each board's diagram."""
    boards = []
    for b in view["boards"]:
        record = {
            "hands": b["hands"],
            "declarer": None,
            "players": {},
            "vulnerability": b["vulnerability"],
            "dealer": b["dealer"],
        }
        boards.append(
            {
                **b,
                "diagram": hands(record, lang),
                "dealer_name": seat_name(b["dealer"], lang),
                "vul_text": vul_text(b["vulnerability"], lang),
                "href": f"/events/{view['event']}/boards/{b['board']}",
            }
        )
    return {"hv": view, "hand_boards": boards}


async def event_card_page(request: Request) -> Response:
    """``GET /events/{id}/cards/{pair}``: a pair's score card, the boards the asker may see."""
    live = await _event(request)
    lang = lang_of(request)
    user = await current_user(request)
    pair = int(request.path_params["pair"])
    try:
        view = card_view(live, pair, user)
    except HTTPException:
        raise HTTPException(404, i18n.t("ev_no_such_pair", lang, n=pair)) from None
    return await _render(request, "event_card.html", user, **card_context(view, lang))


async def event_hands_page(request: Request) -> Response:
    """``GET /events/{id}/hands``: every board of the event the asker may see, across its
    rounds."""
    live = await _event(request)
    user = await current_user(request)
    view = hands_view(live, user)
    return await _render(
        request, "event_hands.html", user, **hands_context(view, lang_of(request))
    )


async def player_page(request: Request) -> Response:
    """``GET /players/{name}``: a player's masterpoints, the events that awarded them and every
    event they entered, with their place and score."""
    lang = lang_of(request)
    name = request.path_params["name"]
    found = await profile(request, name)
    if found is None:
        raise HTTPException(404, i18n.t("ev_no_such_player", lang, name=name))
    for a in found["awards"]:
        a["at_text"] = time_text(a["at"])
    for e in found["events"]:
        e["start_text"] = time_text(e["start"])
        e["status_text"] = i18n.t(f"ev_status_{e['status']}", lang)
        e["total_text"] = points_text(e["total"], e["scoring"])
    user = await current_user(request)
    return await _render(request, "player.html", user, profile=found)


def event_page_routes() -> list[BaseRoute]:
    return [
        Route("/events", events_home),
        Route("/events/new", event_new_page, methods=["GET"]),
        Route("/events/new", event_create, methods=["POST"]),
        Route("/events/{event_id:int}", event_page),
        Route("/events/{event_id:int}/boards/{board:int}", event_board_page),
        Route("/events/{event_id:int}/cards/{pair:int}", event_card_page),
        Route("/events/{event_id:int}/hands", event_hands_page, methods=["GET"]),
        Route("/events/{event_id:int}/{action}", event_form_action, methods=["POST"]),
        Route("/players/{name}", player_page),
    ]


__all__ = ["event_page_routes"]
