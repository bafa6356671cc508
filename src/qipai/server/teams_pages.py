"""The team events' pages (zh-CN and en, the events' templates and styles): the list, an
event's page (rosters, rounds and matches with their live rooms, standings, and a knockout's
bracket drawn as SVG) and a match's scorecard (board by board: both rooms' contracts, results
and NS scores, the IMPs, the running total and the VPs).

Built from the JSON API's own view (:func:`~qipai.server.teams_api.team_event_view`), so a
page shows exactly what the access rule lets its reader see: a board's results once both
rooms have finished it (``qipai.events.disclosure.may_see_team_board``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from .. import jsontext
from ..events.disclosure import shown_team_boards
from ..events.teams.event import board_deal
from ..events.teams.export import match_csv, match_json, match_pbn
from ..events.teams.formats import bracket, stage_name
from ..store import UserRecord
from ..web import display, i18n
from ..web.display import contract_of, seat_of
from .context import current_user, lang_of, page_context, srv
from .teams_api import team_event_view, team_events, team_live

BOX_W = 190
BOX_H = 48
GAP_X = 48
GAP_Y = 18
TOP = 24
"""Room above the boxes for the stages' names."""


async def _render(
    request: Request, template: str, user: UserRecord | None, **values: Any
) -> Response:
    ctx = page_context(request, user)
    ctx.update(values)
    response: Response = srv(request).templates.TemplateResponse(request, template, ctx)
    return response


def result_bits(played: dict[str, Any] | None, lang: str) -> list[tuple[str, str]]:
    """One room's result of a board as every page says it (``4♥ 南 超一``)."""
    if played is None:
        return []
    return display.result_bits(
        contract_of(played["contract"]), seat_of(played["declarer"]), played["tricks"], lang
    )


def _score(played: dict[str, Any] | None) -> str:
    return "" if played is None else display.score_text(played["ns_score"]) or "0"


def scorecard(match: dict[str, Any], lang: str) -> dict[str, Any]:
    """A match's rows, board by board, with the running total (home's IMPs minus away's,
    from the carry-over) over the boards shown."""
    running = match["carry_over"]
    rows = []
    for b in match["boards"]:
        row: dict[str, Any] = {"board": b["board"], "shown": "imps" in b, "played": b["played"]}
        if "imps" in b:  # shown (the director sees a room's result before the other's)
            imps = b["imps"]
            if imps is not None:
                running += imps
            row.update(
                open=result_bits(b["open"], lang),
                closed=result_bits(b["closed"], lang),
                open_score=_score(b["open"]),
                closed_score=_score(b["closed"]),
                home=imps if imps is not None and imps > 0 else "",
                away=-imps if imps is not None and imps < 0 else "",
                running=display.score_text(running) or "0" if imps is not None else "",
            )
        rows.append(row)
    return {"rows": rows}


@dataclass(frozen=True)
class Box:
    x: int
    y: float
    lines: tuple[tuple[str, str, bool], ...]
    """(team name, IMPs, won) for each of the two lines."""
    href: str | None = None


def bracket_svg(ev: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """A knockout's bracket as SVG boxes and connectors: a column a stage, each match a box
    fed by the two before it (round 1 in the bracket's order, byes shown as such; stages not
    drawn yet as boxes to be decided)."""
    if ev["settings"]["format"] != "knockout" or not ev["teams"]:
        return None
    names = {t["number"]: t["name"] for t in ev["teams"]}
    seeding = ev.get("seeding") or [t["number"] for t in ev["teams"]]
    slots = bracket(seeding)
    tbd = i18n.t("tm_tbd", lang)
    columns: list[list[Box]] = []
    rounds = ev["rounds"]
    size = len(slots)
    k = 0
    while size >= 1:
        x = k * (BOX_W + GAP_X)
        col: list[Box] = []
        rnd = rounds[k] if k < len(rounds) else None
        matches = iter(rnd["matches"]) if rnd is not None else iter(())
        for j in range(size):
            y: float
            lines: tuple[tuple[str, str, bool], ...]
            if k == 0:
                y = TOP + j * (BOX_H + GAP_Y)
            else:
                above = columns[k - 1]
                y = (above[2 * j].y + above[2 * j + 1].y) / 2
            if k == 0 and slots[j][1] is None:
                lines = ((names[slots[j][0]], "", True), (i18n.t("tm_bye", lang), "", False))
                col.append(Box(x, y, lines))
                continue
            m = next(matches, None) if rnd is not None else None
            if m is None:
                col.append(Box(x, y, ((tbd, "", False), (tbd, "", False))))
                continue
            won = m["winner"]
            lines = tuple(
                (names.get(team, str(team)), display.score_text(imps) or "0", bool(won == team))
                for team, imps in ((m["home"], m["imps"][0]), (m["away"], m["imps"][1]))
            )
            href = f"/team-events/{ev['id']}/matches/{rnd['number']}/{m['match']}" if rnd else None
            col.append(Box(x, y, (lines[0], lines[1]), href))
        columns.append(col)
        size //= 2
        k += 1
    links = []
    for k in range(1, len(columns)):
        for j, child in enumerate(columns[k]):
            for feeder in columns[k - 1][2 * j : 2 * j + 2]:
                x1, y1 = feeder.x + BOX_W, feeder.y + BOX_H / 2
                x2, y2 = child.x, child.y + BOX_H / 2
                mid = (x1 + x2) / 2
                links.append(f"M{x1},{y1} H{mid} V{y2} H{x2}")
    stages = [
        (k * (BOX_W + GAP_X), stage_text(stage_name(2 * len(col)), lang))
        for k, col in enumerate(columns)
    ]
    width = len(columns) * (BOX_W + GAP_X) - GAP_X
    height = TOP + len(slots) * (BOX_H + GAP_Y) - GAP_Y + 4
    return {
        "boxes": [b for col in columns for b in col],
        "links": links,
        "width": width,
        "height": height,
        "w": BOX_W,
        "h": BOX_H,
        "stages": stages,
    }


# --- handlers ---------------------------------------------------------------------------------


async def team_events_page(request: Request) -> Response:
    """``GET /team-events``: every team event, newest first."""
    user = await current_user(request)
    items = [team_event_view(x, user) for x in await team_events(request).listing()]
    return await _render(request, "team_events.html", user, items=items)


def stage_text(stage: str | None, lang: str) -> str:
    """A knockout stage's name (the engine's: ``final``, ``round of 16``...) in ``lang``."""
    if not stage:
        return ""
    if stage.startswith("round of "):
        return i18n.t("tm_stage_round", lang, n=stage.removeprefix("round of "))
    return i18n.t(f"tm_stage_{stage}", lang)


def _say(ev: dict[str, Any], lang: str) -> None:
    """The view's figures and names as the pages write them: stages in ``lang``, IMPs as
    scores (``12``, ``3.5``)."""
    for r in ev["rounds"]:
        r["stage_text"] = stage_text(r["stage"], lang)
        for m in r["matches"]:
            m["imps_text"] = [display.score_text(x) or "0" for x in m["imps"]]
    ev["any_round_over"] = any(r["complete"] for r in ev["rounds"])


async def _viewed(
    request: Request,
) -> tuple[UserRecord | None, str, dict[str, Any], dict[int, str]]:
    """Who asks, in which language, the event's view for them and its teams' names."""
    live = await team_live(request)
    user = await current_user(request)
    ev = team_event_view(live, user)
    lang = lang_of(request)
    _say(ev, lang)
    return user, lang, ev, {t["number"]: t["name"] for t in ev["teams"]}


async def team_event_page(request: Request) -> Response:
    """``GET /team-events/{id}``: rosters, matches, standings, the bracket."""
    user, lang, ev, names = await _viewed(request)
    return await _render(
        request,
        "team_event.html",
        user,
        ev=ev,
        names=names,
        svg=bracket_svg(ev, lang),
    )


async def team_match_page(request: Request) -> Response:
    """``GET /team-events/{id}/matches/{round}/{match}``: the scorecard."""
    user, lang, ev, names = await _viewed(request)
    round_no = int(request.path_params["round"])
    match_no = int(request.path_params["match"])
    rnd = next((r for r in ev["rounds"] if r["number"] == round_no), None)
    if rnd is None or not 1 <= match_no <= len(rnd["matches"]):
        raise HTTPException(404, f"round {round_no} has no match {match_no}")
    m = rnd["matches"][match_no - 1]
    return await _render(
        request,
        "team_match.html",
        user,
        ev=ev,
        rnd=rnd,
        m=m,
        names=names,
        card=scorecard(m, lang),
    )


MATCH_FILES = {
    "pbn": "application/x-pbn",
    "csv": "text/csv; charset=utf-8",
    "json": "application/json",
}


async def team_match_file(request: Request) -> Response:
    """``GET /team-events/{id}/matches/{round}/{match}.{fmt}``: the match's PBN (both rooms),
    CSV (a row a board) or JSON, once the reader may see every board of it."""
    fmt = request.path_params["fmt"]
    if fmt not in MATCH_FILES:
        raise HTTPException(404, f"no such file: .{fmt} (pbn, csv or json)")
    live = await team_live(request)
    user = await current_user(request)
    state = live.state
    round_no = int(request.path_params["round"])
    match_no = int(request.path_params["match"])
    rnd = next((r for r in state.rounds if r.number == round_no), None)
    if rnd is None or not 1 <= match_no <= len(rnd.matches):
        raise HTTPException(404, f"round {round_no} has no match {match_no}")
    m = rnd.matches[match_no - 1]
    name = None if user is None else user.name
    director = user is not None and user.id == live.director_id
    shown = shown_team_boards(state, round_no, name, director=director)
    if not m.is_complete or any(b.board not in shown for b in m.all_boards):
        raise HTTPException(
            409, "a match's files are ready once it is over and each of its boards may be seen"
        )
    names = {t.number: t.name for t in state.teams}
    if fmt == "pbn":
        body = match_pbn(
            state.settings.name, m, lambda b: board_deal(state.seed, round_no, b), names
        )
    elif fmt == "csv":
        body = match_csv(m)
    else:
        body = jsontext.dumps(match_json(m, round_no))
    filename = f"team-event-{live.id}-r{round_no}-m{match_no}.{fmt}"
    return Response(
        body,
        media_type=MATCH_FILES[fmt],
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def team_page_routes() -> list[BaseRoute]:
    return [
        Route("/team-events", team_events_page, methods=["GET"]),
        Route("/team-events/{event_id:int}", team_event_page, methods=["GET"]),
        Route(
            "/team-events/{event_id:int}/matches/{round:int}/{match:int}",
            team_match_page,
            methods=["GET"],
        ),
        Route(
            "/team-events/{event_id:int}/matches/{round:int}/{match:int}.{fmt}",
            team_match_file,
            methods=["GET"],
        ),
    ]
