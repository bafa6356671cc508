"""The team events' JSON API: create one (a director), enter a team (its captain, with its
members), name a line-up (the captain), start it and seat a match's two rooms at live tables
(the director), and follow it (rosters, matches board by board, standings).

Each request is checked here and becomes one pure transition of ``qipai.events.teams`` run by
:class:`~qipai.server.team_events.TeamEvents` (one path per action); the engine's refusals
(``EventError``: a team of three, a player on two teams, a captain naming a non-member...) come
back as 409 with their message, bad fields as 400 naming the field, each with its Chinese
(``error_zh``), and nothing changed. What a view shows of a board follows the one access rule,
``qipai.events.disclosure.may_see_team_board``.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..events import EventError, Played
from ..events.disclosure import shown_team_boards
from ..events.teams import Room, TeamEvent, TeamEventSettings, TeamFormat
from ..events.teams import standings as team_standings
from ..events.teams.entry import enter, start, withdraw_team
from ..events.teams.event import name_lineup, rule
from ..events.teams.export import standings_json
from ..events.teams.match import Match
from ..events.teams.roster import MAX_MEMBERS, default_lineup
from ..store import UserRecord
from .context import api_guard, current_user, limited, srv
from .fields import EVENT_NAME_MOST, number, text, unknown_fields, whole
from .team_events import LiveTeamEvent, TeamEvents, segment_in_play

MAX_TEAM_BOARDS = 16
MAX_SEGMENTS = 8
MAX_TEAM_ROUNDS = 30
TEAM_NAME_MOST = 40
NEW_FIELDS = {
    "name",
    "format",
    "boards",
    "segments",
    "rounds",
    "bye_vp",
    "forfeit_vp",
    "carry_over",
    "tiebreak_boards",
}


def team_events(conn: HTTPConnection) -> TeamEvents:
    t: TeamEvents | None = srv(conn).team_events
    if t is None:
        raise HTTPException(503, "events are not running on this server")
    return t


# -- views --------------------------------------------------------------------------------------


def is_team_director(live: LiveTeamEvent, user: UserRecord | None) -> bool:
    return user is not None and user.id == live.director_id


def _played(p: Played | None, board: int) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "contract": None if p.contract is None else str(p.contract),
        "declarer": None if p.declarer is None else p.declarer.letter,
        "tricks": p.tricks,
        "ns_score": p.ns_score(board),
    }


def match_view(
    live: LiveTeamEvent, round_no: int, number: int, m: Match, shown: frozenset[int]
) -> dict[str, Any]:
    """A match as ``shown`` lets a viewer see it: each board's progress in each room (public),
    and the rooms' results and IMPs of the boards shown; the totals over those boards, the VPs
    once every board is shown (or the director ruled)."""
    boards = []
    for b in m.all_boards:
        row: dict[str, Any] = {
            "board": b.board,
            "played": {"open": b.open is not None, "closed": b.closed is not None},
        }
        if b.board in shown:
            row.update(
                open=_played(b.open, b.board), closed=_played(b.closed, b.board), imps=b.imps
            )
        boards.append(row)
    seen = [b.imps for b in m.all_boards if b.board in shown and b.imps is not None]
    home = sum(i for i in seen if i > 0) + max(m.carry_over, 0.0)
    away = -sum(i for i in seen if i < 0) + max(-m.carry_over, 0.0)
    whole_shown = m.ruling is not None or all(b.board in shown for b in m.all_boards)
    complete = m.is_complete and whole_shown
    segment = segment_in_play(m)
    tables = {
        room.value: live.rooms.get((round_no, number, segment, room))
        for room in Room
        if segment is not None
    }
    return {
        "match": number,
        "home": m.home,
        "away": m.away,
        "segments": list(m.segments),
        "carry_over": m.carry_over,
        "boards": boards,
        "imps": [home, away],
        "complete": complete,
        "vp": list(m.vp) if complete else None,
        "winner": m.winner if complete else None,
        "ruling": None
        if m.ruling is None
        else {"kind": m.ruling.kind.value, "vp": list(m.ruling.vp), "reason": m.ruling.reason},
        "segment_in_play": segment,
        "tables": tables,
        "lineups": [
            {"segment": s, "team": t, "open": list(lu.open), "closed": list(lu.closed)}
            for s, t, lu in m.lineups
            if (round_no, number, s, Room.OPEN) in live.rooms
        ],
    }


def shown_standings(event: TeamEvent) -> list[dict[str, Any]]:
    """The standings over the rounds complete (a round in play counts once it is over)."""
    if not event.rounds:
        return []  # not started: no draw, no seeding
    done = tuple(r for r in event.rounds if r.is_complete)
    return standings_json(team_standings(replace(event, rounds=done)))


def my_table(live: LiveTeamEvent, name: str | None) -> dict[str, Any] | None:
    """Where ``name`` plays now: the room and live table of their team's match in the segment
    in play, by the captain's line-up (else the first four members); None when not seated."""
    rnd = live.state.current_round
    team = next((t for t in live.state.teams if name is not None and t.has(name)), None)
    if rnd is None or team is None:
        return None
    for i, m in enumerate(rnd.matches, 1):
        segment = segment_in_play(m)
        if team.number not in (m.home, m.away) or segment is None:
            continue
        lineup = m.lineup_of(team.number, segment) or default_lineup(team)
        for room, pair in ((Room.OPEN, lineup.open), (Room.CLOSED, lineup.closed)):
            table = live.rooms.get((rnd.number, i, segment, room))
            if name in pair and table is not None:
                return {"room": room.value, "table_id": table, "match": i}
    return None


def team_event_view(live: LiveTeamEvent, user: UserRecord | None) -> dict[str, Any]:
    e = live.state
    s = e.settings
    name = None if user is None else user.name
    director = is_team_director(live, user)
    mine = next((t for t in e.teams if name is not None and t.has(name)), None)
    rounds = []
    for r in e.rounds:
        shown = shown_team_boards(e, r.number, name, director=director)
        rounds.append(
            {
                "number": r.number,
                "stage": r.stage,
                "byes": list(r.byes),
                "complete": r.is_complete,
                "matches": [
                    match_view(live, r.number, i, m, shown) for i, m in enumerate(r.matches, 1)
                ],
            }
        )
    return {
        "id": live.id,
        "kind": "team-event",
        "name": s.name,
        "status": live.status,
        "settings": {
            "format": s.format.value,
            "boards": s.boards,
            "segments": s.segments,
            "rounds": s.rounds,
            "bye_vp": s.bye_vp,
            "forfeit_vp": s.forfeit_vp,
            "carry_over": s.carry_over,
            "tiebreak_boards": s.tiebreak_boards,
        },
        "teams": [
            {
                "number": t.number,
                "name": t.name,
                "captain": t.captain,
                "members": [{"name": m.name, "robot": m.robot} for m in t.members],
            }
            for t in e.teams
        ],
        "rounds": rounds,
        "seeding": list(e.seeding),
        "standings": shown_standings(e),
        "notes": list(e.notes),
        "you": {
            "director": director,
            "team": None if mine is None else mine.number,
            "captain": mine is not None and mine.captain == name,
            "table": my_table(live, name),
        },
    }


def summary(live: LiveTeamEvent) -> dict[str, Any]:
    s = live.state.settings
    return {
        "id": live.id,
        "name": s.name,
        "format": s.format.value,
        "status": live.status,
        "teams": len(live.state.teams),
        "rounds_played": len(live.state.rounds),
    }


# -- reading the requests ------------------------------------------------------------------------


def team_settings(data: dict[str, Any]) -> TeamEventSettings:
    unknown_fields(data, NEW_FIELDS | {"csrf"})
    name = text(data, "name", None, 1, EVENT_NAME_MOST)
    fmt = data.get("format", TeamFormat.TEAMS.value)
    formats = [f.value for f in TeamFormat]
    if fmt not in formats:
        raise HTTPException(400, f"'format' must be one of {', '.join(formats)}")
    rounds = data.get("rounds")
    try:
        return TeamEventSettings(
            name,
            TeamFormat(fmt),
            whole(data, "boards", 8, 1, MAX_TEAM_BOARDS),
            whole(data, "segments", 1, 1, MAX_SEGMENTS),
            None if rounds is None else whole(data, "rounds", None, 1, MAX_TEAM_ROUNDS),
            number(data, "bye_vp", 12.0, 0, 20),
            number(data, "forfeit_vp", 12.0, 0, 20),
            number(data, "carry_over", 0.0, 0, 1),
            whole(data, "tiebreak_boards", 4, 1, MAX_TEAM_BOARDS),
        )
    except EventError as e:
        raise HTTPException(400, str(e)) from None


def _names(data: dict[str, Any], key: str, low: int, high: int) -> list[str]:
    value = data.get(key)
    if (
        not isinstance(value, list)
        or not low <= len(value) <= high
        or not all(isinstance(v, str) and 1 <= len(v) <= 40 for v in value)
    ):
        raise HTTPException(400, f"'{key}' must be a list of {low} to {high} player names")
    return [v.strip() for v in value]


async def _account(request: Request) -> UserRecord:
    user = await current_user(request)
    if user is None or user.is_guest:
        raise HTTPException(401, "log in with an account to play in or direct a team event")
    return user


async def team_live(request: HTTPConnection) -> LiveTeamEvent:
    """The team event of the path's ``event_id`` (404 if there is none)."""
    live = await team_events(request).read(int(request.path_params["event_id"]))
    if live is None:
        raise HTTPException(404, "no such team event")
    return live


# -- handlers ------------------------------------------------------------------------------------


async def api_team_events(request: Request) -> Response:
    return JSONResponse({"events": [summary(x) for x in await team_events(request).listing()]})


async def api_create_team_event(request: Request) -> Response:
    data = await api_guard(request)
    user = await _account(request)
    settings = team_settings(data)
    limiter = srv(request).events_by_user
    limited(limiter, str(user.id), "new events")
    live = await team_events(request).create(settings, director_id=user.id, director=user.name)
    limiter.hit(str(user.id))
    return JSONResponse(team_event_view(live, user), status_code=201)


async def api_team_event(request: Request) -> Response:
    live = await team_live(request)
    return JSONResponse(team_event_view(live, await current_user(request)))


ACTIONS = ("enter", "withdraw", "lineup", "start", "play", "rule")


async def api_team_event_action(request: Request) -> Response:
    """``POST /api/team-events/{event_id}/{action}``: each action one transition."""
    action = request.path_params["action"]
    if action not in ACTIONS:
        raise HTTPException(404, f"no such action: {action} (one of {', '.join(ACTIONS)})")
    data = await api_guard(request)
    user = await _account(request)
    live = await team_live(request)
    service = team_events(request)
    if service.get(live.id) is None:
        raise HTTPException(409, "the event is over")
    try:
        if action == "enter":
            await _enter(request, service, live, user, data)
        elif action == "withdraw":
            unknown_fields(data, {"team", "csrf"})
            number_ = whole(data, "team", None, 1, 10_000)
            await service.change(
                live.id,
                "withdrawn",
                {"team": number_},
                lambda e: withdraw_team(e, number_, user.name),
                by=user.name,
            )
        elif action == "lineup":
            await _lineup(service, live, user, data)
        else:
            if not is_team_director(live, user):
                raise HTTPException(403, "only the event's director may do that")
            if action == "start":
                unknown_fields(data, {"csrf"})
                await service.change(live.id, "started", {}, start, by=user.name)
            elif action == "rule":
                await _rule(service, live, user, data)
            else:
                unknown_fields(data, {"match", "csrf"})
                match = data.get("match")
                chosen = None if match is None else whole(data, "match", None, 1, 10_000)
                await service.play(live.id, chosen)
    except EventError as e:
        raise HTTPException(409, str(e)) from None
    return JSONResponse(team_event_view(live, user))


async def _enter(
    request: Request,
    service: TeamEvents,
    live: LiveTeamEvent,
    user: UserRecord,
    data: dict[str, Any],
) -> None:
    """A team entered by its captain (the one asking, who must be among its players)."""
    unknown_fields(data, {"name", "players", "robots", "csrf"})
    name = text(data, "name", None, 1, TEAM_NAME_MOST)
    players = _names(data, "players", 1, MAX_MEMBERS)
    robots = whole(data, "robots", 0, 0, MAX_MEMBERS)
    store = srv(request).store
    for p in players:
        found = await asyncio.to_thread(store.user_by_name, p)
        if found is None or found.is_guest:
            raise HTTPException(404, f"no account called {p}")
    await service.change(
        live.id,
        "entered",
        {"team": name, "players": players, "robots": robots},
        lambda e: enter(e, name, user.name, players, robots=robots),
        by=user.name,
    )


async def _lineup(
    service: TeamEvents, live: LiveTeamEvent, user: UserRecord, data: dict[str, Any]
) -> None:
    """The captain's line-up for a segment of their team's match of the round in play."""
    unknown_fields(data, {"match", "segment", "open", "closed", "csrf"})
    rnd = live.state.current_round
    if rnd is None:
        raise HTTPException(409, "no round is being played")
    mine = next((t for t in live.state.teams if t.has(user.name)), None)
    if mine is None:
        raise HTTPException(403, f"{user.name} is on no team of this event")
    match = next((i for i, m in enumerate(rnd.matches, 1) if mine.number in (m.home, m.away)), None)
    if match is None:
        raise HTTPException(409, f"{mine.name} plays no match in round {rnd.number}")
    segment = whole(data, "segment", 1, 1, MAX_SEGMENTS)
    if any(k[:3] == (rnd.number, match, segment) for k in live.rooms):
        raise HTTPException(
            409, f"segment {segment} of this match is seated: a line-up is named before it is"
        )
    open_pair = _names(data, "open", 2, 2)
    closed_pair = _names(data, "closed", 2, 2)
    detail = {"team": mine.number, "segment": segment, "open": open_pair, "closed": closed_pair}
    await service.change(
        live.id,
        "lineup",
        detail,
        lambda e: name_lineup(
            e, rnd.number, match, mine.number, segment, user.name, open_pair, closed_pair
        ),
        by=user.name,
    )


async def _rule(
    service: TeamEvents, live: LiveTeamEvent, user: UserRecord, data: dict[str, Any]
) -> None:
    """The director's forfeit (``forfeited_by``: a team) or adjusted result (``vp``: home's
    and away's) of a match of the round in play, with the reason."""
    unknown_fields(data, {"match", "reason", "forfeited_by", "vp", "csrf"})
    rnd = live.state.current_round
    if rnd is None:
        raise HTTPException(409, "no round is being played")
    match = whole(data, "match", None, 1, len(rnd.matches))
    reason = text(data, "reason", None, 1, 200)
    forfeited = data.get("forfeited_by")
    vp = data.get("vp")
    if (forfeited is None) == (vp is None):
        raise HTTPException(400, "a ruling is a forfeit ('forfeited_by') or VPs ('vp'), one")
    by = None if forfeited is None else whole(data, "forfeited_by", None, 1, 10_000)
    pair: tuple[float, float] | None = None
    if vp is not None:
        if not isinstance(vp, list) or len(vp) != 2:
            raise HTTPException(400, "'vp' must be the home and the away team's VPs")
        pair = (number({"vp": vp[0]}, "vp", None, 0, 20), number({"vp": vp[1]}, "vp", None, 0, 20))
    detail = {"match": match, "reason": reason, "forfeited_by": by, "vp": vp}
    await service.change(
        live.id,
        "ruling",
        detail,
        lambda e: rule(e, rnd.number, match, reason, forfeited_by=by, vp=pair),
        by=user.name,
    )


def team_routes() -> list[BaseRoute]:
    return [
        Route("/api/team-events", api_team_events, methods=["GET"]),
        Route("/api/team-events", api_create_team_event, methods=["POST"]),
        Route("/api/team-events/{event_id:int}", api_team_event, methods=["GET"]),
        Route("/api/team-events/{event_id:int}/{action}", api_team_event_action, methods=["POST"]),
    ]
