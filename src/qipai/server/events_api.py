"""The events' JSON API and exports: create an event (a director), register as a pair, follow
it live, and read its results (standings, every board's comparison, PBN/CSV/JSON files).

Every request is checked here and turned into one pure transition of ``qipai.events`` run by
:class:`~qipai.server.event_runner.EventRunner`; the events' own errors (``EventError``) come back
as 409 with their message, bad input as 400 saying which field.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from ..bridge import Contract, Seat, dealer_of, vulnerability_of
from ..bridge.errors import ParseError
from ..events import (
    ByeScore,
    EventError,
    EventSettings,
    EventState,
    Played,
    Scoring,
    Status,
    cancel,
    decline,
    event_json,
    lower_hand,
    pause,
    raise_hand,
    resume,
    standings,
    to_csv,
    to_pbn,
    unregister,
    withdraw,
)
from ..events import director as rulings
from ..events.export import score_card, travellers
from ..events.scoring import score_event
from ..events.settings import (
    CORRECTION_PERIOD,
    FORMATS,
    MAX_COMPLETION,
    MAX_CORRECTION_PERIOD,
    MIN_COMPLETION,
    ROBOT_LEVELS,
    Format,
    round_warnings,
)
from ..events.state import Artificial, is_robot_player, robot_player
from ..events.usebio import to_usebio
from ..store import UserRecord
from .access import event_refusal, event_shown, is_director
from .context import api_guard, current_user, limited, srv
from .event_runner import Change, EventRunner, LiveEvent
from .fields import EVENT_NAME_MOST
from .fields import flag as _flag
from .fields import number as _number
from .fields import whole as _whole

RESULT_FILES = ("pbn", "csv", "json", "xml")
"""The results files: PBN, CSV, JSON and USEBIO 1.2 XML."""
MAX_ROUNDS = 30
MAX_BOARDS_PER_ROUND = 12
MAX_ROBOT_PAIRS = 64
"""Robot pairs one request adds at most, and an event holds at most."""
MAX_OPEN_EVENTS_PER_DIRECTOR = 5
"""Events one account may direct that are not over (finished or cancelled)."""
SETTINGS_FIELDS = {
    "name",
    "start",
    "rounds",
    "boards_per_round",
    "round_minutes",
    "break_minutes",
    "scoring",
    "completion_percent",
    "robot_level",
    "robot_fill",
    "bye_score",
    "format",
    "movement",
    "arrow_switch",
    "correction_minutes",
}


def event_runner(conn: HTTPConnection) -> EventRunner:
    t: EventRunner | None = srv(conn).events
    if t is None:
        raise HTTPException(503, "events are not running on this server")
    return t


# -- settings -----------------------------------------------------------------------------------


def event_settings(data: dict[str, Any]) -> EventSettings:
    """The settings of a new event from a form or JSON, each field checked (400 saying which);
    the events' own checks (``SettingsError``) then say what is impossible."""
    extra = set(data) - SETTINGS_FIELDS - {"csrf"}
    if extra:
        raise HTTPException(400, f"unknown field(s): {', '.join(sorted(extra))}")
    name = data.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= EVENT_NAME_MOST:
        raise HTTPException(400, f"'name' must be 1 to {EVENT_NAME_MOST} characters")
    start_text = data.get("start")
    if not isinstance(start_text, str):
        raise HTTPException(400, "'start' must be a date and time (ISO 8601, with its offset)")
    try:
        start = datetime.fromisoformat(start_text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise HTTPException(400, f"'start' is not an ISO 8601 time: {start_text!r}") from None
    if start.utcoffset() is None:
        raise HTTPException(400, "'start' needs its UTC offset (e.g. 2026-12-01T19:30+08:00)")
    scoring = data.get("scoring", Scoring.XIMP.value)
    if not isinstance(scoring, str) or scoring not in {s.value for s in Scoring}:
        raise HTTPException(400, "'scoring' must be ximp, imp or mp")
    bye = data.get("bye_score", ByeScore.AVERAGE.value)
    if not isinstance(bye, str) or bye not in {b.value for b in ByeScore}:
        raise HTTPException(400, "'bye_score' must be average, average-plus or own-average")
    fmt = data.get("format", Format.SWISS.value)
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise HTTPException(400, "'format' must be swiss, mitchell or howell")
    movement = data.get("movement") or None
    if movement is not None and (not isinstance(movement, str) or len(movement) > 40):
        raise HTTPException(400, "'movement' must name a movement")
    return EventSettings(
        format=Format(fmt),
        movement=movement,
        arrow_switch=_rounds(data.get("arrow_switch", ())),
        name=name.strip(),
        start=start,
        rounds=_whole(data, "rounds", None, 1, MAX_ROUNDS),
        boards_per_round=_whole(data, "boards_per_round", None, 1, MAX_BOARDS_PER_ROUND),
        round_length=timedelta(minutes=_number(data, "round_minutes", None, 0.1, 240)),
        break_length=timedelta(minutes=_number(data, "break_minutes", 0, 0, 120)),
        scoring=Scoring(scoring),
        completion_percent=_whole(data, "completion_percent", 70, MIN_COMPLETION, MAX_COMPLETION),
        robot_level=_whole(data, "robot_level", 0, min(ROBOT_LEVELS), max(ROBOT_LEVELS)),
        robot_fill=_flag(data, "robot_fill", True),
        bye_score=ByeScore(bye),
        correction_period=timedelta(
            minutes=_number(
                data,
                "correction_minutes",
                CORRECTION_PERIOD.total_seconds() / 60,
                0,
                MAX_CORRECTION_PERIOD.total_seconds() / 60,
            )
        ),
    )


def _rounds(value: object) -> tuple[int, ...]:
    """Round numbers from a list, or text like ``2,4``."""
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list | tuple) or len(value) > MAX_ROUNDS:
        raise HTTPException(400, "'arrow_switch' must list round numbers, like 2,4")
    out = []
    for v in value:
        if isinstance(v, str) and v.isdigit():
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_ROUNDS:
            raise HTTPException(400, "'arrow_switch' must list round numbers, like 2,4")
        out.append(v)
    return tuple(out)


# -- views --------------------------------------------------------------------------------------


def summary(live: LiveEvent) -> dict[str, Any]:
    """One line of the events list."""
    s = live.state
    rnd = s.rounds[-1].number if s.rounds else 0
    return {
        "id": live.id,
        "name": s.settings.name,
        "status": s.status.value,
        "paused": s.paused_at is not None,
        "start": s.settings.start.isoformat(),
        "rounds": s.settings.rounds,
        "boards_per_round": s.settings.boards_per_round,
        "scoring": s.settings.scoring.value,
        "format": s.settings.format.value,
        "pairs": len(s.pairs),
        "round": rnd,
    }


def event_view(
    live: LiveEvent, user: UserRecord | None, now: datetime | None = None
) -> dict[str, Any]:
    """The event as its page shows it: settings, pairs, pending requests, every round's tables
    (with their live table ids) and results, the standings with each pair's board scores, and
    for the user their pair, their table now and their opponents. A result of the round in play
    is shown only to those who may see its board (:mod:`qipai.server.access`); for everyone
    else a board is finished or not. ``now``: the server's time, which says whether the
    director may still rule (``rulings_open``: the event runs, or has finished and its
    correction period, ``corrections_until``, Law 79C, is not over)."""
    s = live.state
    result = standings(s)
    shown = event_shown(live, user)
    out = {**summary(live), **event_json(s, result, shown)}  # "rounds": the list of rounds here
    st = s.settings
    out["settings"] = {
        "start": st.start.isoformat(),
        "rounds": st.rounds,
        "boards_per_round": st.boards_per_round,
        "round_minutes": st.round_length.total_seconds() / 60,
        "break_minutes": st.break_length.total_seconds() / 60,
        "scoring": st.scoring.value,
        "completion_percent": st.completion_percent,
        "robot_level": st.robot_level,
        "robot_fill": st.robot_fill,
        "bye_score": st.bye_score.value,
        "format": st.format.value,
        "movement": st.movement,
        "arrow_switch": list(st.arrow_switch),
        "correction_minutes": st.correction_period.total_seconds() / 60,
    }
    out["corrections_until"] = _iso(s.corrections_until)
    until = s.corrections_until
    # the director may still rule on the results: while it runs, and in the correction period
    out["rulings_open"] = s.status is Status.RUNNING or (
        until is not None and now is not None and now <= until
    )
    out["pairs_registered"] = [
        {
            "pair": p.number,
            "players": list(p.players),
            "robots": all(is_robot_player(x) for x in p.players),
            "registered_at": p.registered_at.isoformat(),
            "withdrawn_after": p.withdrawn_after,
        }
        for p in s.pairs
    ]
    out["hands"] = [
        {"player": h.player, "partner": h.partner, "at": h.at.isoformat()} for h in s.hands
    ]
    points: dict[int, list[dict[str, Any]]] = {}
    for bp in score_event(s):  # the closed rounds, every board across the event
        points.setdefault(bp.pair, []).append(
            {"round": bp.round, "board": bp.board, "points": round(bp.points, 2)}
        )
    for row in out["standings"]:
        row["boards"] = sorted(points.get(row["pair"], []), key=lambda b: b["board"])
    director = is_director(live, user)
    for rnd_json in out["rounds"]:
        for t in rnd_json["tables"]:
            t["table_id"] = live.tables.get((rnd_json["round"], t["table"]))
    out["next_due"] = _iso(_next(s))
    out["paused_at"] = _iso(s.paused_at)
    out["warnings"] = list(s.warnings)
    if s.status is Status.REGISTRATION:  # what the field registered so far would mean
        out["warnings"] += round_warnings(st, len(s.pairs))
    out["notes"] = [{"at": n.at.isoformat(), "text": n.text} for n in s.notes]
    out["director"] = director
    out["me"] = _me(live, user)
    if out["me"] is not None and out["me"]["pair"] is not None:
        out["me"]["card"] = _card(s, out["me"]["pair"], shown)
    out["files"] = {fmt: f"/events/{live.id}/results.{fmt}" for fmt in RESULT_FILES}
    return out


def _card(s: EventState, pair: int, shown: frozenset[int]) -> list[dict[str, Any]]:
    """The pair's personal score card (计分卡): the boards it may see now, as it played them."""
    return [
        {
            "round": c.round,
            "board": c.board,
            "table": c.table,
            "direction": c.direction,
            "opponents": c.opponents,
            "contract": None
            if not c.line.played and c.line.adjustment is None
            else "Pass"
            if c.line.passed_out
            else None
            if c.line.contract is None
            else str(c.line.contract),
            "declarer": None if c.line.declarer is None else c.line.declarer.letter,
            "lead": None if c.line.lead is None else str(c.line.lead),
            "tricks": c.line.tricks,
            "score": c.score,
            "points": None if c.points is None else round(c.points, 2),
            "adjusted": None if c.line.adjustment is None else c.line.adjustment.describe(),
        }
        for c in score_card(s, pair, shown)
    ]


def card_view(live: LiveEvent, pair: int, user: UserRecord | None) -> dict[str, Any]:
    """Pair ``pair``'s personal score card (计分卡), board by board: round, table, direction,
    opponents, contract, declarer, lead, tricks, score and points, for the boards the asker may
    see now (:mod:`qipai.server.access`; ``hidden`` counts the others the pair has been seated
    for), with its place in the standings of the closed rounds (public, as on the event
    page). 404 for a pair the event does not have."""
    s = live.state
    found = s.pair(pair)
    if found is None:
        raise HTTPException(404, f"there is no pair {pair}")
    shown = event_shown(live, user)
    seated = {b for r in s.rounds for t in r.tables if pair in t.pairs for b in t.boards}
    row = next((r for r in standings(s).rows if r.pair == pair), None)
    return {
        "event": live.id,
        "name": s.settings.name,
        "scoring": s.settings.scoring.value,
        "pair": pair,
        "players": list(found.players),
        "direction": None if s.plan is None else s.plan.direction(pair),
        "rank": None if row is None else row.rank,
        "total": None if row is None else row.total,
        "lines": _card(s, pair, shown),
        "hidden": len(seated - shown),
    }


def hands_view(live: LiveEvent, user: UserRecord | None) -> dict[str, Any]:
    """The hand records of every board of the event dealt so far, across its rounds: each
    board's dealer, vulnerability, deal and the rounds that play it, for the boards the asker
    may see now (``hidden`` counts the others)."""
    s = live.state
    shown = event_shown(live, user)
    seated = sorted({b for r in s.rounds for b in r.boards})
    boards = []
    for board in seated:
        if board not in shown:
            continue
        deal = s.deal(board)
        boards.append(
            {
                "board": board,
                "dealer": dealer_of(board).letter,
                "vulnerability": str(vulnerability_of(board)),
                "deal": deal.pbn(),
                "hands": {seat.letter: [str(c) for c in deal[seat]] for seat in Seat},
                "rounds": [r.number for r in s.rounds if board in r.boards],
            }
        )
    return {
        "event": live.id,
        "name": s.settings.name,
        "boards": boards,
        "hidden": len(seated) - len(boards),
    }


def _next(s: EventState) -> datetime | None:
    from ..events import next_due

    return next_due(s)


def _iso(t: datetime | None) -> str | None:
    return None if t is None else t.isoformat()


def _me(live: LiveEvent, user: UserRecord | None) -> dict[str, Any] | None:
    if user is None:
        return None
    s = live.state
    pair = s.pair_of(user.name)
    asked = [h.partner for h in s.hands if h.player == user.name]
    asking = [h.player for h in s.hands if h.partner == user.name]
    me: dict[str, Any] = {
        "name": user.name,
        "pair": None if pair is None else pair.number,
        "partner": None if pair is None else next(p for p in pair.players if p != user.name),
        "asked": asked,
        "asked_by": asking,
        "table": None,
    }
    rnd = s.current_round
    if pair is not None and rnd is not None:
        table = rnd.table_of(pair.number)
        if table is not None:
            ns = table.ns == pair.number
            other = table.ew if ns else table.ns
            opponents = s.pair(other)
            me["table"] = {
                "round": rnd.number,
                "table": table.number,
                "table_id": live.tables.get((rnd.number, table.number)),
                "direction": "NS" if ns else "EW",
                "opponents": list(opponents.players) if opponents else ["robots", "robots"],
                "ends_at": rnd.ends_at.isoformat(),
            }
        elif pair.number in rnd.byes:
            me["table"] = {"round": rnd.number, "bye": True}
    return me


async def board_view(
    request: Request, live: LiveEvent, board: int, user: UserRecord | None
) -> dict[str, Any]:
    """Board ``board`` across the event: the deal, DD table and par, and every table's result
    (contract, declarer, lead, tricks, score, each pair's points) with its hand record's id.
    Only for one who may see it now (:mod:`qipai.server.access`); while its round is played,
    the tables still playing it show nothing and no one's points are scored yet."""
    s = live.state
    if board < 1 or not any(board in r.boards for r in s.rounds):
        raise HTTPException(404, f"board {board} has not been played in this event")
    refusal = event_refusal(live, user, board)
    if refusal is not None:
        raise refusal
    tables = event_runner(request).tables
    deal = s.deal(board)
    (traveller,) = travellers(s, frozenset({board}))  # every round and table that played it
    rnd = s.rounds[traveller.lines[0].round - 1]
    results = []
    for line in traveller.lines:
        record = line.record
        table_id = live.tables.get((line.round, line.table))
        at = s.rounds[line.round - 1].table(line.table)
        board_no = 1 if at is None else at.boards.index(board) + 1
        lead = None if line.lead is None else str(line.lead)
        if lead is None and line.played and record and record.contract is not None and table_id:
            try:
                _, played = await tables.records.played(table_id, board_no)
                lead = str(played.board.played[0]) if played.board.played else None
            except Exception:  # the record is the event's; the lead is a nicety
                lead = None
        results.append(
            {
                "round": line.round,
                "table": line.table,
                "ns": _pair_json(s, line.ns),
                "ew": _pair_json(s, line.ew),
                "played": line.played,
                "contract": None
                if record is None or not record.played
                else "Pass"
                if record.contract is None
                else str(record.contract),
                "declarer": None
                if record is None or record.declarer is None
                else record.declarer.letter,
                "lead": lead,
                "tricks": None if record is None else record.tricks,
                "ns_score": None if record is None else record.ns_score,
                "ns_points": line.ns_points,
                "ew_points": line.ew_points,
                "adjusted": None if line.adjustment is None else line.adjustment.describe(),
                "table_id": table_id,
                "board_no": board_no,
            }
        )
    analyst = tables.analyst
    dd = await analyst.dd_table(deal.pbn())
    par_ = await analyst.par(dd, dealer_of(board), vulnerability_of(board)) if dd else None
    return {
        "event": live.id,
        "name": s.settings.name,
        "scoring": s.settings.scoring.value,
        "board": board,
        "round": rnd.number,
        "dealer": dealer_of(board).letter,
        "vulnerability": str(vulnerability_of(board)),
        "deal": deal.pbn(),
        "hands": {seat.letter: [str(c) for c in deal[seat]] for seat in Seat},
        "dd": None if dd is None else dd.to_dict(),
        "par": None if par_ is None else {"score": par_.score, "text": par_.par_contract()},
        "results": results,
    }


def _pair_json(s: EventState, number: int) -> dict[str, Any]:
    pair = s.pair(number)
    if pair is None:
        return {"pair": number, "players": ["robots", "robots"]}
    return {"pair": number, "players": list(pair.players)}


# -- handlers -----------------------------------------------------------------------------------


async def _live(request: HTTPConnection) -> LiveEvent:
    live = await event_runner(request).read(int(request.path_params["event_id"]))
    if live is None:
        raise HTTPException(404, "no such event")
    return live


async def api_events(request: Request) -> Response:
    t = event_runner(request)
    records = await asyncio.to_thread(t.store.event_store.listing, None, 100)
    out = []
    for r in records:
        live = t.get(r.id)
        if live is None:
            live = await t.read(r.id)
        if live is not None:
            out.append(summary(live))
    return JSONResponse({"events": out})


async def api_create_event(request: Request) -> Response:
    data = await api_guard(request)
    live = await create_event(request, data)
    user = await current_user(request)
    return JSONResponse(event_view(live, user, event_runner(request).now()), status_code=201)


async def create_event(request: Request, data: dict[str, Any]) -> LiveEvent:
    user = await current_user(request)
    if user is None or user.is_guest:
        raise HTTPException(401, "log in with an account to direct an event")
    settings = event_settings(data)
    t = event_runner(request)
    directing = t.directed_by(user.id)
    if directing >= MAX_OPEN_EVENTS_PER_DIRECTOR:
        raise HTTPException(
            409,
            f"you direct {directing} events not yet over: at most {MAX_OPEN_EVENTS_PER_DIRECTOR}",
        )
    limiter = srv(request).events_by_user
    limited(limiter, str(user.id), "new events")
    try:
        live = await t.create(settings, director_id=user.id, director=user.name)
    except EventError as e:
        raise HTTPException(400, str(e)) from None
    limiter.hit(str(user.id))
    return live


async def api_event(request: Request) -> Response:
    live = await _live(request)
    user = await current_user(request)
    return JSONResponse(event_view(live, user, event_runner(request).now()))


ACTIONS = {
    "register",
    "lower",
    "decline",
    "unregister",
    "withdraw",
    "robots",
    "pause",
    "resume",
    "cancel",
    *("adjust", "penalty", "substitute", "robots_for", "withdraw_pair", "appoint"),
}
DIRECTOR_ACTIONS = {"robots", "pause", "resume", "cancel"}
RULINGS = {"adjust", "penalty", "substitute", "robots_for", "withdraw_pair", "appoint"}
"""The director's rulings (qipai.events.director): the event's creator or a director they
named."""


async def api_event_action(request: Request) -> Response:
    data = await api_guard(request)
    action = request.path_params["action"]
    if action not in ACTIONS:
        raise HTTPException(404, f"no event action {action!r}: one of {', '.join(sorted(ACTIONS))}")
    user = await current_user(request)
    live = await _live(request)
    await event_action(request, live, user, action, data)
    return JSONResponse(event_view(live, user, event_runner(request).now()))


async def event_action(
    request: Request,
    live: LiveEvent,
    user: UserRecord | None,
    action: str,
    data: dict[str, Any],
) -> None:
    """Run one of the event's actions for ``user`` (registration, withdrawal, the director's);
    HTTPException saying why when refused."""
    if user is None or user.is_guest:
        raise HTTPException(401, "log in with an account first (guests cannot enter events)")
    if action in DIRECTOR_ACTIONS and user.id != live.director_id:
        raise HTTPException(403, "only the event's director may do that")
    t = event_runner(request)
    name = user.name
    if action in RULINGS:
        if user.id != live.director_id and not live.state.is_director(name):
            raise HTTPException(403, "only the event's director may do that")
        change = _ruling(action, data, name)
        try:
            await t.change(live.id, action, _detail(data), change, name)
        except EventError as e:
            raise HTTPException(409, str(e)) from None
        except LookupError as e:
            raise HTTPException(409, f"{e}: it is over") from None
        return
    try:
        if action == "register":
            partner = await _partner(request, data.get("partner"), name)
            await t.change(
                live.id,
                "register",
                {"player": name, "partner": partner},
                lambda s, now: raise_hand(s, name, partner, now),
                name,
            )
        elif action == "lower":
            await t.change(live.id, "lower", {}, lambda s, now: lower_hand(s, name, now), name)
        elif action == "decline":
            asker = data.get("asker")
            if not isinstance(asker, str):
                raise HTTPException(400, "'asker' must name the player whose request you decline")
            await t.change(
                live.id,
                "decline",
                {"asker": asker},
                lambda s, now: decline(s, name, asker, now),
                name,
            )
        elif action == "unregister":
            await t.change(live.id, "unregister", {}, lambda s, now: unregister(s, name, now), name)
        elif action == "withdraw":
            pair = live.state.pair_of(name)
            if pair is None:
                raise HTTPException(409, "you are not in a pair of this event")
            number = pair.number
            await t.change(
                live.id,
                "withdraw",
                {"pair": number},
                lambda s, now: withdraw(s, number, now),
                name,
            )
        elif action == "robots":
            count = _whole(data, "count", 1, 1, MAX_ROBOT_PAIRS)
            _check_robot_pairs(request, live, count, user.id)
            await _add_robot_pairs(t, live, count, name)
        elif action == "pause":
            reason = _reason(data)
            await t.change(
                live.id, "pause", {"reason": reason}, lambda s, now: pause(s, now, reason), name
            )
        elif action == "resume":
            await t.change(live.id, "resume", {}, resume, name)
            await t.resumed(live.id)
        elif action == "cancel":
            reason = _reason(data)
            await t.change(
                live.id, "cancel", {"reason": reason}, lambda s, now: cancel(s, now, reason), name
            )
    except EventError as e:
        raise HTTPException(409, str(e)) from None
    except LookupError as e:
        raise HTTPException(409, f"{e}: it is over") from None


def _detail(data: dict[str, Any]) -> dict[str, Any]:
    """What the log keeps of a ruling's request: its fields, as sent."""
    return {k: v for k, v in data.items() if k != "csrf" and isinstance(v, str | int | float)}


def _ruling(action: str, data: dict[str, Any], by: str) -> Change:
    """The director's ruling ``action`` as a pure change (400 for a field that is wrong)."""
    reason = _reason(data)
    if action == "appoint":
        other = data.get("name")
        if not isinstance(other, str) or not 1 <= len(other.strip()) <= 40:
            raise HTTPException(400, "'name' must name the account to direct with you")
        return lambda s, now: rulings.appoint(s, other, by=by, now=now)
    if action in ("penalty", "substitute", "robots_for", "withdraw_pair"):
        pair = _whole(data, "pair", None, 1, 10_000)
        if action == "penalty":
            points = _number(data, "points", None, 0.01, 100)
            return lambda s, now: rulings.penalize(s, pair, points, by=by, reason=reason, now=now)
        if action == "robots_for":
            return lambda s, now: rulings.robot_pair(s, pair, by=by, reason=reason, now=now)
        if action == "withdraw_pair":
            return lambda s, now: rulings.withdraw_pair(s, pair, by=by, reason=reason, now=now)
        player, sub = data.get("player"), data.get("substitute")
        if not isinstance(player, str) or not isinstance(sub, str) or len(sub) > 40:
            raise HTTPException(400, "'player' and 'substitute' must name the two players")
        return lambda s, now: rulings.substitute(
            s, pair, player, sub, by=by, reason=reason, now=now
        )
    rnd = _whole(data, "round", None, 1, MAX_ROUNDS)
    table = _whole(data, "table", None, 1, 10_000)
    board = _whole(data, "board", None, 1, 10_000)
    kind = data.get("kind", "artificial")
    if kind == "artificial":
        ns, ew = _artificial(data, "ns"), _artificial(data, "ew")
        return lambda s, now: rulings.adjust(
            s, rnd, table, board, ns=ns, ew=ew, by=by, reason=reason, now=now
        )
    if kind not in ("assigned", "corrected"):
        raise HTTPException(400, "'kind' must be artificial, assigned or corrected")
    result = _played(data)
    rule = rulings.assign if kind == "assigned" else rulings.correct
    return lambda s, now: rule(s, rnd, table, board, result, by=by, reason=reason, now=now)


def _artificial(data: dict[str, Any], side: str) -> Artificial:
    value = data.get(side)
    if not isinstance(value, str) or value not in {a.value for a in Artificial}:
        raise HTTPException(400, f"'{side}' must be average, average-plus or average-minus")
    return Artificial(value)


def _played(data: dict[str, Any]) -> Played:
    """A contract and result from ``contract`` (``4SX``, ``Pass``), ``declarer``, ``tricks``."""
    text = data.get("contract")
    if not isinstance(text, str) or not text.strip():
        raise HTTPException(400, "'contract' must be a contract like 4SX, or Pass")
    if text.strip().lower() in ("pass", "p"):
        return Played(None)
    try:
        contract = Contract.parse(text.strip())
        declarer = Seat.parse(str(data.get("declarer", "")))
    except ParseError as e:
        raise HTTPException(400, f"'contract' and 'declarer': {e}") from None
    tricks = _whole(data, "tricks", None, 0, 13)
    return Played(contract, declarer, tricks)


def _reason(data: dict[str, Any]) -> str:
    reason = data.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 200:
        raise HTTPException(400, "'reason' must be text of at most 200 characters")
    return reason.strip()


async def _partner(request: Request, value: object, me: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise HTTPException(400, "'partner' must name your partner's account")
    partner = value.strip()
    found: UserRecord | None = await asyncio.to_thread(
        event_runner(request).store.user_by_name, partner
    )
    if found is not None and found.name == me:  # by its key: "ANN" is ann too
        raise HTTPException(400, "your partner must be someone else")
    if found is None or found.is_guest:
        raise HTTPException(404, f"no account is named {partner!r}")
    return found.name


def _check_robot_pairs(request: Request, live: LiveEvent, count: int, user_id: int) -> None:
    """HTTPException unless ``count`` more robot pairs fit the event (at most MAX_ROBOT_PAIRS
    in all) and the director's rate (each request counts, refused or not, once it fits)."""
    robots = sum(1 for p in live.state.pairs if all(is_robot_player(x) for x in p.players))
    if robots + count > MAX_ROBOT_PAIRS:
        raise HTTPException(
            409, f"the event has {robots} robot pairs: at most {MAX_ROBOT_PAIRS} in all"
        )
    limiter = srv(request).robot_calls_by_user
    limited(limiter, str(user_id), "requests for robot pairs")
    limiter.hit(str(user_id))


async def _add_robot_pairs(t: EventRunner, live: LiveEvent, count: int, by: str) -> None:
    """Register ``count`` robot pairs (the director fills a field with them)."""
    taken = {x for p in live.state.pairs for x in p.players}
    n = 1
    for _ in range(count):
        while robot_player(n, "a") in taken:
            n += 1
        a, b = robot_player(n, "a"), robot_player(n, "b")
        taken |= {a, b}

        def both(s: EventState, now: datetime, a: str = a, b: str = b) -> EventState:
            return raise_hand(raise_hand(s, a, b, now), b, a, now)

        await t.change(live.id, "robot_pair", {"players": [a, b]}, both, by)


async def api_event_card(request: Request) -> Response:
    live = await _live(request)
    user = await current_user(request)
    return JSONResponse(card_view(live, int(request.path_params["pair"]), user))


async def api_event_hands(request: Request) -> Response:
    live = await _live(request)
    return JSONResponse(hands_view(live, await current_user(request)))


async def api_event_board(request: Request) -> Response:
    live = await _live(request)
    user = await current_user(request)
    return JSONResponse(await board_view(request, live, int(request.path_params["board"]), user))


async def event_file(request: Request) -> Response:
    """The results as PBN (with ScoreTable/TotalScoreTable), CSV, JSON or USEBIO XML: the
    boards the asker may see now (:mod:`qipai.server.access`) and the standings of the closed
    rounds."""
    live = await _live(request)
    fmt = request.path_params["fmt"]
    s = live.state
    result = standings(s)
    shown = event_shown(live, await current_user(request))
    stem = f"qipai-event{live.id}"
    if fmt == "pbn":
        body, media = to_pbn(s, result, shown), "application/x-pbn"
    elif fmt == "csv":
        body, media = to_csv(result), "text/csv; charset=utf-8"
    elif fmt == "xml":
        body, media = to_usebio(s, result, shown), "application/xml; charset=utf-8"
    elif fmt == "json":
        return JSONResponse(
            event_json(s, result, shown),
            headers={"Content-Disposition": f'attachment; filename="{stem}.json"'},
        )
    else:
        raise HTTPException(404, "results come as .pbn, .csv, .json or .xml (USEBIO)")
    return PlainTextResponse(
        body,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{stem}.{fmt}"'},
    )


PROFILE_EVENTS = 200
"""How many of the newest events a profile looks through for the player's."""


async def profile(request: HTTPConnection, name: str) -> dict[str, Any] | None:
    """A player's profile (see :func:`player_json`), or None when no account or award has the
    name. Found by the name's key (any case or width); robots have none."""
    if len(name) > 40 or is_robot_player(name):
        return None
    t = event_runner(request)
    user = await asyncio.to_thread(t.store.user_by_name, name)
    if user is not None:  # found by its key: events and awards are under the name as written
        name = user.name
    awards = await asyncio.to_thread(t.store.event_store.awards, name)
    if user is None and not awards:
        return None
    records = await asyncio.to_thread(t.store.event_store.listing, None, PROFILE_EVENTS)
    history = []
    for record in records:
        live = t.get(record.id) or await t.read(record.id)
        if live is not None:
            line = player_line(live, name)
            if line is not None:
                history.append(line)
    return player_json(name, awards, history)


def player_line(live: LiveEvent, name: str) -> dict[str, Any] | None:
    """``name``'s line of an event they entered: the pair, partner, and (over the closed
    rounds, as the standings show everyone) rank, total, boards and masterpoints."""
    s = live.state
    pair = s.pair_of(name)
    if pair is None:
        return None
    row = next(r for r in standings(s).rows if r.pair == pair.number)
    return {
        "event": live.id,
        "event_name": s.settings.name,
        "status": s.status.value,
        "start": s.settings.start.isoformat(),
        "scoring": s.settings.scoring.value,
        "pair": pair.number,
        "partner": next(p for p in pair.players if p != name),
        "rank": row.rank,
        "pairs": len(s.pairs),
        "total": row.total,
        "boards_completed": row.boards_completed,
        "masterpoints": row.masterpoints,
    }


async def api_player(request: Request) -> Response:
    """A player's profile: masterpoints (巅峰大师分), the events that awarded them, and every
    event they entered with their result."""
    name = request.path_params["name"]
    found = await profile(request, name)
    if found is None:
        raise HTTPException(404, f"no player is named {name!r}")
    return JSONResponse(found)


def player_json(
    name: str, awards: list[Any], history: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The profile: total masterpoints, each award, and the events entered, newest first."""
    return {
        "name": name,
        "masterpoints": sum(a.points for a in awards),
        "awards": [
            {
                "event": a.event_id,
                "event_name": a.event,
                "place": a.place,
                "points": a.points,
                "at": a.awarded_at.isoformat(),
            }
            for a in awards
        ],
        "events": history or [],
    }


def event_routes() -> list[BaseRoute]:
    return [
        Route("/api/events", api_events, methods=["GET"]),
        Route("/api/events", api_create_event, methods=["POST"]),
        Route("/api/events/{event_id:int}", api_event),
        Route("/api/events/{event_id:int}/boards/{board:int}", api_event_board),
        Route("/api/events/{event_id:int}/cards/{pair:int}", api_event_card),
        Route("/api/events/{event_id:int}/hands", api_event_hands),
        Route("/api/events/{event_id:int}/{action}", api_event_action, methods=["POST"]),
        Route("/events/{event_id:int}/results.{fmt}", event_file),
        Route("/api/players/{name}", api_player),
    ]


__all__ = [
    "board_view",
    "card_view",
    "event_routes",
    "event_settings",
    "event_view",
    "hands_view",
]
