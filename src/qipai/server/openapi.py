"""The JSON API described as OpenAPI 3.1, served at ``GET /openapi.json``.

The document is built from the app's own route list: every ``/api/...`` route (and the hand
record files) must have an entry in ``OPERATIONS``, the table of descriptions below, and every
websocket one in ``WEBSOCKETS``. A route without one is an error for ``openapi_document(...,
strict=True)`` (the tests build it so); the served document lists it as not yet described,
rather than failing. Path parameters and their types come from the routes themselves. The
websocket's messages cannot be said in OpenAPI: its handshake is listed, with a link to
``docs/PROTOCOL.md``, where the protocol is.

>>> from starlette.routing import Route
>>> doc = openapi_document([Route("/api/me", lambda r: None)], strict=True)
>>> doc["openapi"], list(doc["paths"]), list(doc["paths"]["/api/me"])
('3.1.0', ['/api/me'], ['get'])
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.convertors import (
    Convertor,
    FloatConvertor,
    IntegerConvertor,
    PathConvertor,
    UUIDConvertor,
)
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from .. import __version__
from .edge import MAX_ID_DIGITS

log = logging.getLogger("qipai.server")

OPENAPI_VERSION = "3.1.0"
PROTOCOL_DOC = "docs/PROTOCOL.md"
"""Where the websocket protocol (and the whole API, in prose) is written: the qipai sources."""

Schema = dict[str, Any]


class UndescribedRoute(LookupError):
    """A route of the JSON API that has no entry in the table of descriptions."""


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(schema: Schema) -> Schema:
    return {"oneOf": [schema, {"type": "null"}]}


def obj(required: Sequence[str] = (), /, **props: Schema) -> Schema:
    """A JSON object with ``props``; ``required`` of them always present. Answers are open:
    fields may be added."""
    out: Schema = {"type": "object", "properties": props}
    if required:
        out["required"] = list(required)
    return out


def closed(schema: Schema) -> Schema:
    """A request body the server refuses unknown fields in."""
    return {**schema, "additionalProperties": False}


SEAT: Schema = {"type": "string", "enum": ["N", "E", "S", "W"]}
CARD: Schema = {"type": "string", "pattern": "^[SHDC][2-9TJQKA]$", "examples": ["SA", "HT"]}
CALL: Schema = {"type": "string", "pattern": "^([1-7](C|D|H|S|NT)|P|X|XX)$", "examples": ["1NT"]}
CONTRACT: Schema = {"type": "string", "pattern": "^[1-7](C|D|H|S|NT)X{0,2}$", "examples": ["4S"]}
DEAL: Schema = {"type": "string", "description": "PBN", "examples": ["N:AKQ.... ... ... ..."]}
INT: Schema = {"type": "integer"}
STR: Schema = {"type": "string"}
BOOL: Schema = {"type": "boolean"}
STRAINS = ("C", "D", "H", "S", "NT")
RESULT_FIELDS = [
    "table_id",
    "table_name",
    "board_no",
    "contract",
    "declarer",
    "tricks",
    "score_ns",
    "this",
]


def by_seat(schema: Schema) -> Schema:
    return obj("NESW", **{s: schema for s in "NESW"})


SCHEMAS: dict[str, Schema] = {
    "Error": obj(["error"], error={**STR, "description": "what was wrong, for people"}),
    "User": obj(["id", "name", "guest"], id=INT, name=STR, guest=BOOL),
    "Session": obj(
        ["user", "csrf"],
        user=nullable(ref("User")),
        csrf={**STR, "description": "send it as X-CSRF-Token with every POST"},
    ),
    "Registration": obj(
        ["name", "password"],
        name={
            **STR,
            "minLength": 2,
            "maxLength": 20,
            "description": "letters (Chinese included), digits, '_' or '-'; not starting"
            " 'guest' or 'robot'",
        },
        password={**STR, "minLength": 8, "maxLength": 128},
    ),
    "Credentials": obj(["name", "password"], name=STR, password={**STR, "maxLength": 1024}),
    "Occupant": {
        "oneOf": [
            obj(["name", "robot", "away"], name=STR, robot=BOOL, away=BOOL),
            obj(["name", "robot"], name={"type": "null"}, robot={"const": True}),
        ],
        "description": "a person (robot true while a robot plays for them, away while they"
        " have no connection), or a robot in an empty seat",
    },
    "Undo": obj(
        ["seat", "what", "waiting_for"],
        seat=SEAT,
        what={"oneOf": [CALL, CARD]},
        waiting_for={"type": "array", "items": SEAT},
    ),
    "Clocks": obj(
        ["board", "total", "since", "acting", "now"],
        board=by_seat({**INT, "description": "ms thinking on this board"}),
        total=by_seat({**INT, "description": "ms thinking at this table"}),
        since=nullable({**INT, "description": "ms since the epoch"}),
        acting=nullable(SEAT),
        now={**INT, "description": "the server's time, ms since the epoch"},
    ),
    "Table": obj(
        [
            "id",
            "name",
            "scoring",
            "robot_level",
            "private",
            "board_set",
            "spectators_see_all",
            "seats",
            "board_no",
            "in_progress",
            "closed",
            "seq",
            "undo",
            "clocks",
        ],
        id=INT,
        name=STR,
        scoring={"enum": ["MP", "IMP"]},
        method={
            "enum": ["mp", "ximp", "butler"],
            "description": "how the results are compared: the table's event's own scoring"
            " (Butler IMPs for an event scored imp), else MP or cross-IMPs",
        },
        robot_level=nullable({**INT, "description": "null: no robots"}),
        private=BOOL,
        board_set=nullable(STR),
        spectators_see_all=BOOL,
        seat_policy={
            "enum": ["open", "invitation", "consent"],
            "description": "who may sit: anyone; the owner and who came by the invitation"
            " link; whom the owner agrees to",
        },
        robot_meanings={
            **BOOL,
            "description": "a robot partner's calls are explained to its partner",
        },
        seat_requests={
            "type": "object",
            "additionalProperties": STR,
            "description": "who asks the owner for which seat (by seat letter)",
        },
        seats=by_seat(nullable(ref("Occupant"))),
        board_no={**INT, "description": "boards dealt so far"},
        in_progress=BOOL,
        closed=BOOL,
        seq={**INT, "description": "the table's last event number"},
        undo=nullable(ref("Undo")),
        clocks=ref("Clocks"),
    ),
    "BoardResult": obj(
        ["board_no", "number", "contract", "declarer", "tricks", "score_ns", "deal"],
        board_no=INT,
        number=INT,
        contract=nullable(CONTRACT),
        declarer=nullable(SEAT),
        tricks=nullable(INT),
        score_ns=nullable(INT),
        deal=DEAL,
    ),
    "NewTable": closed(
        obj(
            name={**STR, "maxLength": 60},
            scoring={"enum": ["MP", "IMP"], "default": "MP"},
            robot_level=nullable({**INT, "description": "a level the server offers; null: none"}),
            private={**BOOL, "default": False},
            seat={"enum": ["N", "E", "S", "W", ""], "description": "sit here at once"},
            board_set=nullable({**STR, "pattern": r"^[\w-]{1,40}$"}),
            spectators_see_all={**BOOL, "default": False},
            seat_policy={"enum": ["open", "invitation", "consent"], "default": "open"},
            robot_meanings={**BOOL, "default": False},
        )
    ),
    "SeatChoice": closed(
        obj(
            seat={**SEAT, "description": "for sit and seat_answer only"},
            accept={**BOOL, "description": "for seat_answer only: the owner's answer"},
        )
    ),
    "NewBoardTable": closed(
        obj(
            ["game"],
            game={"enum": ["chess", "xiangqi", "renju", "go"]},
            name={**STR, "maxLength": 60},
            size={"enum": [9, 13, 19], "default": 19, "description": "go only"},
            komi={"type": "number", "minimum": 0, "maximum": 20, "default": 7.5},
            robots={
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": nullable({"enum": [0, 1]}),
                "description": "each seat's robot level; null: a person's seat",
            },
            minutes=nullable({"type": "number", "exclusiveMinimum": 0, "maximum": 180}),
            increment={**INT, "minimum": 0, "maximum": 60, "default": 0},
            periods={**INT, "minimum": 0, "maximum": 10, "default": 0, "description": "byo-yomi"},
            period={**INT, "minimum": 1, "maximum": 120, "default": 30, "description": "seconds"},
            seat=nullable({"enum": [0, 1], "description": "sit here at once"}),
            private={**BOOL, "default": False},
        )
    ),
    "BoardTable": obj(
        ["id", "game", "seats", "seq"],
        id=INT,
        game=STR,
        seats={"type": "array", "items": nullable(obj(name=nullable(STR), robot=BOOL))},
        clock=nullable(obj(left={"type": "array", "items": INT}, since=nullable(INT))),
        result=nullable(obj(result=STR, reason=STR)),
        seq=INT,
    ),
    "BoardTableCreated": obj(["table"], table=ref("BoardTable")),
    "BoardTableDetail": obj(
        ["table", "view"],
        table=ref("BoardTable"),
        view=nullable({"type": "object", "description": "the position, moves, legal moves"}),
    ),
    "TableCreated": obj(["table", "invite"], table=ref("Table"), invite=nullable(STR)),
    "TableDetail": obj(
        ["table", "results", "invite"],
        table=ref("Table"),
        results={"type": "array", "items": ref("BoardResult")},
        invite=nullable({**STR, "description": "the invitation link, for the owner only"}),
    ),
    "TableList": obj(["tables"], tables={"type": "array", "items": ref("Table")}),
    "ActionDone": obj(["seq", "table"], seq=INT, table=ref("Table"), requested=BOOL),
    "HandRecord": obj(
        [
            "table_id",
            "board_no",
            "number",
            "dealer",
            "vulnerability",
            "deal",
            "hands",
            "players",
            "auction",
            "play",
            "tricks",
            "contract",
            "declarer",
            "tricks_taken",
            "claimed",
            "score_ns",
            "scoring",
            "method",
            "dd",
            "par",
            "results",
            "files",
        ],
        table_id=INT,
        board_no=INT,
        number=INT,
        dealer=SEAT,
        vulnerability={"enum": ["None", "NS", "EW", "All"]},
        deal=DEAL,
        hands=by_seat({"type": "array", "items": CARD}),
        players=by_seat(nullable({**STR, "description": "null: a robot"})),
        auction={
            "type": "array",
            "items": obj(
                ["seat", "call", "alert", "explanation", "explanation_zh"],
                seat=SEAT,
                call=CALL,
                alert=BOOL,
                explanation=STR,
                explanation_zh=STR,
            ),
        },
        play={
            "type": "array",
            "items": obj(
                ["seat", "card", "cost"],
                seat=SEAT,
                card=CARD,
                cost=nullable({**INT, "description": "tricks the card lost double dummy"}),
            ),
        },
        tricks={
            "type": "array",
            "items": obj(
                ["leader", "cards", "winner"],
                leader=SEAT,
                cards={"type": "array", "items": obj(["seat", "card"], seat=SEAT, card=CARD)},
                winner=nullable(SEAT),
            ),
        },
        contract=nullable(CONTRACT),
        declarer=nullable(SEAT),
        tricks_taken=nullable(INT),
        claimed=nullable(INT),
        score_ns=INT,
        scoring={"enum": ["MP", "IMP"]},
        method={
            "enum": ["mp", "ximp", "butler"],
            "description": "how the results are compared: the table's event's own scoring"
            " (Butler IMPs for an event scored imp), else MP or cross-IMPs",
        },
        dd=nullable(by_seat(obj(STRAINS, **{s: INT for s in STRAINS}))),
        par=nullable(
            obj(
                ["score", "contracts", "text"],
                score=INT,
                contracts={"type": "array", "items": STR},
                text=STR,
            )
        ),
        results={
            "type": "array",
            "items": obj(
                RESULT_FIELDS,
                table_id=INT,
                table_name=STR,
                board_no=INT,
                contract=nullable(CONTRACT),
                declarer=nullable(SEAT),
                tricks=nullable(INT),
                score_ns=INT,
                this=BOOL,
                mp={"type": "number", "description": "MP scoring"},
                pct={"type": "number", "description": "MP scoring"},
                imps={"type": "number", "description": "IMP scoring"},
            ),
        },
        files=obj(["pbn", "lin"], pbn=STR, lin=STR),
    ),
    # -- events (Swiss pairs): see docs/EVENTS.md
    "EventSummary": obj(
        [
            "id",
            "name",
            "status",
            "paused",
            "start",
            "rounds",
            "boards_per_round",
            "scoring",
            "pairs",
            "round",
        ],
        id=INT,
        name=STR,
        status=STR,
        paused=BOOL,
        start={**STR, "format": "date-time"},
        rounds={**INT, "description": "rounds planned"},
        boards_per_round=INT,
        scoring={"enum": ["ximp", "imp", "mp"]},
        pairs={**INT, "description": "pairs registered"},
        round={**INT, "description": "the round under way or last played (0: none yet)"},
    ),
    "EventList": obj(["events"], events={"type": "array", "items": ref("EventSummary")}),
    "TeamEventList": obj(
        ["events"],
        events={
            "type": "array",
            "items": obj(
                ["id", "name", "format", "status", "teams", "rounds_played"],
                id=INT,
                name=STR,
                format=STR,
                status={"type": "string", "enum": ["registration", "running", "finished"]},
                teams=INT,
                rounds_played=INT,
            ),
        },
    ),
    "TeamEvent": obj(
        ["id", "kind", "name", "status", "settings", "teams", "rounds", "standings", "you"],
        id=INT,
        kind={"type": "string", "enum": ["team-event"]},
        name=STR,
        status={"type": "string", "enum": ["registration", "running", "finished"]},
        settings={"type": "object"},
        teams={"type": "array", "description": "number, name, captain, members (name, robot)"},
        rounds={
            "type": "array",
            "description": "each match board by board: whether each room has played it, and"
            " (once the viewer may see it: both rooms finished) both rooms' results and IMPs;"
            " the IMPs over those boards, the VPs once complete; the rooms' live tables",
        },
        standings={"type": "array", "description": "over the rounds complete"},
        notes={"type": "array", "items": STR},
        you=obj(
            ["director", "team", "captain", "table"],
            director=BOOL,
            team=nullable(INT),
            captain=BOOL,
            table=nullable(
                obj(["room", "table_id", "match"], room=STR, table_id=INT, match=INT)
            ),
        ),
    ),
    "NewTeamEvent": closed(
        obj(
            ["name"],
            name=STR,
            format={
                "type": "string",
                "enum": ["teams", "round-robin", "swiss-teams", "knockout"],
            },
            boards=INT,
            segments=INT,
            rounds=nullable(INT),
            bye_vp={"type": "number"},
            forfeit_vp={"type": "number"},
            carry_over={"type": "number"},
            tiebreak_boards=INT,
        )
    ),
    "TeamAction": obj(
        (),
        name={**STR, "description": "enter: the team's name"},
        players={"type": "array", "items": STR, "description": "enter: the accounts"},
        robots={**INT, "description": "enter: robots filling the seats left"},
        team={**INT, "description": "withdraw: the team's number"},
        segment={**INT, "description": "lineup: the segment (default 1)"},
        open={"type": "array", "items": STR, "description": "lineup: the open room's pair"},
        closed={"type": "array", "items": STR, "description": "lineup: the closed room's pair"},
        match={**INT, "description": "play: the match (default: every match of the round)"},
        reason={**STR, "description": "rule: why"},
        forfeited_by={**INT, "description": "rule: the team that forfeits"},
        vp={"type": "array", "items": {"type": "number"}, "description": "rule: home, away"},
    ),
    "Event": obj(
        [
            "id",
            "name",
            "status",
            "paused",
            "start",
            "scoring",
            "settings",
            "standings",
            "rounds",
            "pairs_registered",
            "hands",
            "next_due",
            "paused_at",
            "warnings",
            "notes",
            "director",
            "me",
            "files",
        ],
        id=INT,
        name=STR,
        status=STR,
        paused=BOOL,
        start={**STR, "format": "date-time"},
        scoring={"enum": ["ximp", "imp", "mp"]},
        settings=ref("NewEvent"),
        standings={
            "type": "array",
            "items": obj(
                ["rank", "pair", "players", "total", "boards"],
                rank=INT,
                pair=INT,
                players={"type": "array", "items": STR},
                total={"type": "number"},
                boards={
                    "type": "array",
                    "items": obj(["round", "board", "points"], round=INT, board=INT, points={}),
                },
            ),
        },
        rounds={
            "type": "array",
            "description": "each round's tables (with their live table ids) and results",
            "items": obj(["round", "tables"], round=INT, tables={"type": "array"}),
        },
        pairs_registered={"type": "array", "items": {"type": "object"}},
        hands={
            "type": "array",
            "description": "partnership requests not yet answered",
            "items": obj(["player", "partner", "at"], player=STR, partner=STR, at=STR),
        },
        next_due=nullable({**STR, "format": "date-time"}),
        paused_at=nullable({**STR, "format": "date-time"}),
        warnings={"type": "array", "items": STR},
        notes={"type": "array", "items": obj(["at", "text"], at=STR, text=STR)},
        director={**BOOL, "description": "whether you direct this event"},
        corrections_until=nullable(
            {
                **STR,
                "format": "date-time",
                "description": "a finished event: the end of its correction period (Law 79C)",
            }
        ),
        rulings_open={
            **BOOL,
            "description": "the director may still rule: the event runs, or its correction"
            " period has not ended",
        },
        me=nullable(
            obj(
                ["name", "pair", "partner", "asked", "asked_by", "table"],
                name=STR,
                pair=nullable(INT),
                partner=nullable(STR),
                asked={"type": "array", "items": STR},
                asked_by={"type": "array", "items": STR},
                table=nullable({"type": "object", "description": "your table now, or a bye"}),
            )
        ),
        files=obj(["pbn", "csv", "json"], pbn=STR, csv=STR, json=STR),
    ),
    "NewEvent": obj(
        ["start", "rounds", "boards_per_round", "round_minutes"],
        name={**STR, "minLength": 1, "maxLength": 80, "description": "required to create"},
        start={**STR, "format": "date-time", "description": "ISO 8601 with its UTC offset"},
        rounds={**INT, "minimum": 1, "maximum": 30},
        boards_per_round={**INT, "minimum": 1, "maximum": 12},
        round_minutes={"type": "number", "minimum": 0.1, "maximum": 240},
        break_minutes={"type": "number", "minimum": 0, "maximum": 120, "default": 0},
        scoring={"enum": ["ximp", "imp", "mp"], "default": "ximp"},
        completion_percent={**INT, "minimum": 60, "maximum": 80, "default": 70},
        robot_level={**INT, "default": 0},
        robot_fill={**BOOL, "default": True},
        bye_score={"enum": ["average", "average-plus", "own-average"], "default": "average"},
        format={"enum": ["swiss", "mitchell", "howell"], "default": "swiss"},
        movement={**STR, "maxLength": 40, "description": "a Howell movement, by name"},
        arrow_switch={
            "type": "array",
            "items": {**INT, "minimum": 1, "maximum": 30},
            "description": "Mitchell rounds played with EW sitting NS",
        },
        correction_minutes={
            "type": "number",
            "minimum": 0,
            "maximum": 10080,
            "default": 30,
            "description": "the correction period after the finish (Law 79C)",
        },
    ),
    "EventAction": obj(
        partner={**STR, "description": "register: your partner's account name"},
        asker={**STR, "description": "decline: whose partnership request"},
        count={**INT, "minimum": 1, "maximum": 64, "description": "robots: how many pairs"},
        reason={**STR, "maxLength": 200, "description": "pause, cancel, and every ruling"},
        round={**INT, "minimum": 1, "description": "adjust: the round"},
        table={**INT, "minimum": 1, "description": "adjust: the table"},
        board={**INT, "minimum": 1, "description": "adjust: the board"},
        kind={"enum": ["artificial", "assigned", "corrected"], "default": "artificial"},
        ns={"enum": ["average", "average-plus", "average-minus"]},
        ew={"enum": ["average", "average-plus", "average-minus"]},
        contract={**STR, "description": "adjust (assigned, corrected): 4SX or Pass"},
        declarer={"enum": ["N", "E", "S", "W"]},
        tricks={**INT, "minimum": 0, "maximum": 13},
        pair={**INT, "minimum": 1, "description": "penalty, substitute, robots_for, ..."},
        points={"type": "number", "minimum": 0.01, "maximum": 100},
        player={**STR, "description": "substitute: the player replaced"},
        substitute={**STR, "maxLength": 40, "description": "substitute: who plays instead"},
        name={**STR, "maxLength": 40, "description": "appoint: who directs with you"},
    ),
    "EventBoard": obj(
        [
            "event",
            "name",
            "scoring",
            "board",
            "round",
            "dealer",
            "vulnerability",
            "deal",
            "hands",
            "dd",
            "par",
            "results",
        ],
        event=INT,
        name=STR,
        scoring={"enum": ["ximp", "imp", "mp"]},
        board=INT,
        round=INT,
        dealer=SEAT,
        vulnerability={"enum": ["None", "NS", "EW", "All"]},
        deal=DEAL,
        hands=by_seat({"type": "array", "items": CARD}),
        dd=nullable(by_seat(obj(STRAINS, **{s: INT for s in STRAINS}))),
        par=nullable(obj(["score", "text"], score=INT, text=STR)),
        results={
            "type": "array",
            "description": "every table's result of the board, each pair's points, and the"
            " table id and board number of its hand record",
            "items": obj(
                ["table", "ns", "ew", "played", "contract", "declarer", "lead", "tricks"],
                table=INT,
                ns={"type": "object"},
                ew={"type": "object"},
                played=BOOL,
                contract=nullable({**STR, "description": "a contract, or Pass"}),
                declarer=nullable(SEAT),
                lead=nullable(CARD),
                tricks=nullable(INT),
                ns_score=nullable(INT),
                ns_points=nullable({"type": "number"}),
                ew_points=nullable({"type": "number"}),
                table_id=nullable(INT),
                board_no=INT,
            ),
        },
    ),
    "EventCard": obj(
        ["event", "name", "scoring", "pair", "players", "lines", "hidden"],
        event=INT,
        name=STR,
        scoring={"enum": ["ximp", "imp", "mp"]},
        pair=INT,
        players={"type": "array", "items": STR},
        direction=nullable({"enum": ["NS", "EW"]}),
        rank=nullable(INT),
        total=nullable({"type": "number"}),
        lines={
            "type": "array",
            "items": obj(
                ["round", "board", "table", "direction", "opponents"],
                round=INT,
                board=INT,
                table=INT,
                direction={"enum": ["NS", "EW"]},
                opponents=INT,
                contract=nullable({**STR, "description": "a contract, or Pass"}),
                declarer=nullable(SEAT),
                lead=nullable(CARD),
                tricks=nullable(INT),
                score=nullable({**INT, "description": "the pair's own score"}),
                points=nullable({"type": "number"}),
                adjusted=nullable({**STR, "description": "the director's adjustment"}),
            ),
        },
        hidden={**INT, "description": "boards of the pair not shown to the asker yet"},
    ),
    "EventHands": obj(
        ["event", "name", "boards", "hidden"],
        event=INT,
        name=STR,
        boards={
            "type": "array",
            "items": obj(
                ["board", "dealer", "vulnerability", "deal", "hands", "rounds"],
                board=INT,
                dealer=SEAT,
                vulnerability={"enum": ["None", "NS", "EW", "All"]},
                deal=DEAL,
                hands=by_seat({"type": "array", "items": CARD}),
                rounds={"type": "array", "items": INT},
            ),
        },
        hidden={**INT, "description": "boards dealt but not shown to the asker yet"},
    ),
    "Player": obj(
        ["name", "masterpoints", "awards"],
        name=STR,
        masterpoints={"type": "number", "description": "巅峰大师分"},
        awards={
            "type": "array",
            "items": obj(
                ["event", "event_name", "place", "points", "at"],
                event=INT,
                event_name=STR,
                place=INT,
                points={"type": "number"},
                at={**STR, "format": "date-time"},
            ),
        },
    ),
}


@dataclass(frozen=True)
class Operation:
    """One method of one route: what the table of descriptions says about it."""

    summary: str
    tag: str
    responses: dict[int, tuple[str, str | None]]
    """Status -> (description, schema name or None for no JSON body)."""
    description: str = ""
    body: str | None = None
    """The request body's schema name (a JSON object), if it takes one."""
    post: bool = False
    """A state-changing request: it needs the CSRF header and may answer 400/403/413."""
    params: dict[str, Schema] = field(default_factory=dict)
    """Path parameters whose schema says more than their route's convertor."""
    media: str = "application/json"


TABLE_NOT_FOUND = ("no such table (or it is closed)", "Error")
PRIVATE = ("a private table: open it with its invitation link", "Error")
LIMITED = ("too many attempts: see Retry-After", "Error")
NO_EVENTS = ("events are not running on this server", "Error")

OPERATIONS: dict[tuple[str, str], Operation] = {
    ("GET", "/api/me"): Operation(
        "Who is logged in, and the session's CSRF token",
        "accounts",
        {200: ("the user (null if nobody) and the CSRF token", "Session")},
        description="Starts a session (the qipai_session cookie) if there is none.",
    ),
    ("POST", "/api/register"): Operation(
        "Make an account and log in",
        "accounts",
        {
            201: ("the new user and a new CSRF token", "Session"),
            409: ("the name is taken", "Error"),
            429: ("too many new accounts from this address", "Error"),
        },
        description="Passwords are hashed with Argon2id. A bad name or password answers 400.",
        body="Registration",
        post=True,
    ),
    ("POST", "/api/login"): Operation(
        "Log in",
        "accounts",
        {
            200: ("the user and a new CSRF token", "Session"),
            401: ("wrong name or password", "Error"),
            429: LIMITED,
        },
        description="After 5 failures for a name (or 30 from an address) within 5 minutes, 429"
        " with Retry-After.",
        body="Credentials",
        post=True,
    ),
    ("POST", "/api/guest"): Operation(
        "Play as a guest",
        "accounts",
        {
            201: ("a new guest-xxxxxx account, logged in, and a new CSRF token", "Session"),
            429: ("too many new accounts from this address", "Error"),
            503: ("no free guest name was found: try again", "Error"),
        },
        description="A guest account has no password: once logged out it cannot log back in.",
        post=True,
    ),
    ("POST", "/api/logout"): Operation(
        "Log out",
        "accounts",
        {200: ("user null, and the new session's CSRF token", "Session")},
        post=True,
    ),
    ("GET", "/api/tables"): Operation(
        "The open tables you may see",
        "tables",
        {200: ("public tables, and private ones you own, sit at or were invited to", "TableList")},
    ),
    ("POST", "/api/tables"): Operation(
        "Open a table",
        "tables",
        {
            201: ("the table, and its invitation link", "TableCreated"),
            401: ("log in (or play as a guest) first", "Error"),
            409: ("you may not sit there (you watch a table of the same board set)", "Error"),
            429: ("you have 10 open tables already", "Error"),
        },
        description="With `seat` you sit there at once. `board_set` names a set of boards:"
        " every table of one set deals the same boards, so their results compare.",
        body="NewTable",
        post=True,
    ),
    ("POST", "/api/boards"): Operation(
        "Open a board-game table (chess, xiangqi, renju, go)",
        "board tables",
        {
            201: ("the table", "BoardTableCreated"),
            401: ("log in (or play as a guest) first", "Error"),
        },
        description="Robots take the seats `robots` gives a level; `minutes` and `increment`"
        " set each side's clock (null: none). With `seat` you sit there at once.",
        body="NewBoardTable",
        post=True,
    ),
    ("GET", "/api/boards/{table_id}"): Operation(
        "A board-game table and its position as you may see it",
        "board tables",
        {
            200: ("the table", "BoardTableDetail"),
            403: ("a private board table (for its owner and players)", "Error"),
            404: ("no such board table", "Error"),
        },
    ),
    ("GET", "/api/tables/{table_id}"): Operation(
        "A table, its finished boards and (for its owner) its invitation link",
        "tables",
        {200: ("the table", "TableDetail"), 403: PRIVATE, 404: TABLE_NOT_FOUND},
    ),
    ("GET", "/api/tables/{table_id}/boards/{board_no}"): Operation(
        "The hand record of a finished board",
        "hand records",
        {
            200: (
                "deal, auction, play with DD costs, result, DD table, par, other tables",
                "HandRecord",
            ),
            403: ("a private table, or you have still to play this deal elsewhere", "Error"),
            404: ("no such table, or the board has not been dealt", "Error"),
            409: ("the board is still being played", "Error"),
        },
        description="`results` holds the same board at every table that has finished it,"
        " scored by this table's scoring (MP: `mp` and `pct`; IMP: `imps`).",
        params={"board_no": {"type": "integer", "minimum": 1}},
    ),
    ("GET", "/tables/{table_id}/boards/{board_no}.{fmt}"): Operation(
        "A finished board as a PBN 2.1 or BBO LIN file",
        "hand records",
        {
            200: ("the file, as an attachment, with the DD table and par as PBN tags", None),
            403: ("a private table, or you have still to play this deal elsewhere", None),
            404: ("no such table, board or format", None),
            409: ("the board is still being played", None),
        },
        description="Errors come as HTML pages (this is not under /api/).",
        params={
            "board_no": {"type": "integer", "minimum": 1},
            "fmt": {"type": "string", "enum": ["pbn", "lin"]},
        },
        media="text/plain",
    ),
    ("POST", "/api/tables/{table_id}/invite"): Operation(
        "Revoke the table's invitation link: a new one replaces it",
        "tables",
        {
            200: ("the table and its new invitation link", "TableCreated"),
            403: ("only the table's owner may change its invitation link", "Error"),
            404: TABLE_NOT_FOUND,
        },
        description="The old link then answers 404. Who came by it before keeps their seat"
        " and, in their session, the table.",
        post=True,
    ),
    ("POST", "/api/tables/{table_id}/{action}"): Operation(
        "Sit, stand up, deal the next board, or close the table",
        "tables",
        {
            200: ("the event number written, and the table", "ActionDone"),
            202: ("a consent table: the owner is asked (`requested`)", "ActionDone"),
            401: ("log in first", "Error"),
            403: PRIVATE,
            404: ("no such table or action", "Error"),
            409: (
                "the table refuses (the seat is taken, the board is not over, the seat"
                " policy, ...)",
                "Error",
            ),
        },
        description='`sit` takes `{"seat"}`, `seat_answer` `{"seat", "accept"}` (the owner'
        " of a consent table answers who asks for that seat); the others an empty object. Only"
        " the owner may close a table; only a seated player deals the next board.",
        body="SeatChoice",
        post=True,
        params={
            "action": {
                "type": "string",
                "enum": ["sit", "seat_answer", "stand", "next", "close"],
            }
        },
    ),
    ("GET", "/api/team-events"): Operation(
        "The team events (VP matches, round robin, Swiss teams, knockout), newest first",
        "events",
        {200: ("at most 100 team events", "TeamEventList"), 503: NO_EVENTS},
    ),
    ("POST", "/api/team-events"): Operation(
        "Create a team event, directed by you",
        "events",
        {
            201: ("the new team event, open for entries", "TeamEvent"),
            401: ("log in with an account (not a guest) to direct an event", "Error"),
            429: ("more than 10 new events in an hour (see Retry-After)", "Error"),
            503: NO_EVENTS,
        },
        description="400 names the field that is wrong. See docs/TEAMS.md.",
        body="NewTeamEvent",
        post=True,
    ),
    ("GET", "/api/team-events/{event_id}"): Operation(
        "A team event: rosters, matches board by board as you may see them, standings",
        "events",
        {200: ("the team event", "TeamEvent"), 404: ("no such team event", "Error")},
    ),
    ("POST", "/api/team-events/{event_id}/{action}"): Operation(
        "Enter or withdraw a team (its captain), name a line-up (the captain), or (the"
        " director) start the event, seat a match's rooms at live tables, rule a match",
        "events",
        {
            200: ("the team event after the action", "TeamEvent"),
            401: ("log in with an account first (guests cannot enter events)", "Error"),
            403: ("only the director (or a team's captain) may do that", "Error"),
            404: ("no such team event, action or account", "Error"),
            409: (
                "the event refuses (a team of three, a player on two teams, a member not on"
                " the team, the event started...)",
                "Error",
            ),
        },
        description="`enter`: `{name, players, robots}`, the one asking its captain and one"
        " of its players; `withdraw`: `{team}`; `lineup`: `{segment, open, closed}`;"
        " `start`, `play`: `{match}` or nothing; `rule`: `{match, reason}` and"
        " `forfeited_by` (a team) or `vp` (home's, away's).",
        body="TeamAction",
        post=True,
        params={
            "action": {
                "type": "string",
                "enum": ["enter", "withdraw", "lineup", "start", "play", "rule"],
            }
        },
    ),
    ("GET", "/api/events"): Operation(
        "The events (Swiss pairs), newest first",
        "events",
        {200: ("at most 100 events", "EventList"), 503: NO_EVENTS},
    ),
    ("POST", "/api/events"): Operation(
        "Create an event, directed by you",
        "events",
        {
            201: ("the new event", "Event"),
            401: ("log in with an account (not a guest) to direct an event", "Error"),
            409: ("you direct 5 events not yet over", "Error"),
            429: ("more than 10 new events in an hour (see Retry-After)", "Error"),
            503: NO_EVENTS,
        },
        description="400 names the field that is wrong, or says what the settings make"
        " impossible. See docs/EVENTS.md.",
        body="NewEvent",
        post=True,
    ),
    ("GET", "/api/events/{event_id}"): Operation(
        "An event: settings, pairs, rounds, standings, and your pair and table",
        "events",
        {200: ("the event", "Event"), 404: ("no such event", "Error"), 503: NO_EVENTS},
    ),
    ("GET", "/api/events/{event_id}/boards/{board}"): Operation(
        "One board across an event: the deal, DD table, par and every table's result",
        "events",
        {
            200: ("the board", "EventBoard"),
            404: ("no such event, or the board has not been played", "Error"),
            409: ("the board's round is still being played", "Error"),
            503: NO_EVENTS,
        },
        params={"board": {"type": "integer", "minimum": 1}},
    ),
    ("GET", "/api/events/{event_id}/cards/{pair}"): Operation(
        "A pair's score card: board by board, the boards the asker may see now",
        "events",
        {
            200: ("the score card", "EventCard"),
            404: ("no such event or pair", "Error"),
            503: NO_EVENTS,
        },
        params={"pair": {"type": "integer", "minimum": 1}},
    ),
    ("GET", "/api/events/{event_id}/hands"): Operation(
        "The hand records of every board dealt so far that the asker may see now",
        "events",
        {200: ("the hand records", "EventHands"), 404: ("no such event", "Error"), 503: NO_EVENTS},
    ),
    ("POST", "/api/events/{event_id}/{action}"): Operation(
        "Register, withdraw, or (the director) add robots, pause, resume, cancel",
        "events",
        {
            200: ("the event after the action", "Event"),
            401: ("log in with an account first (guests cannot enter events)", "Error"),
            403: ("only the director may do that (or the CSRF header is wrong)", "Error"),
            404: ("no such event, action or partner", "Error"),
            409: (
                "the event refuses (registration closed, not in a pair, 64 robot pairs, ...)",
                "Error",
            ),
            429: ("more than 30 requests for robot pairs in an hour (see Retry-After)", "Error"),
            503: NO_EVENTS,
        },
        description='`register` takes `{"partner"}` (both partners register, each naming'
        ' the other); `decline` `{"asker"}`; `robots` `{"count"}`; `pause` and `cancel`'
        ' `{"reason"}`; `lower`, `unregister`, `withdraw` and `resume` nothing. The'
        " director's rulings (docs/EVENTS.md), each with a `reason`: `adjust` `{round, table,"
        " board, kind, ns, ew}` or `{..., kind, contract, declarer, tricks}`; `penalty` `{pair,"
        " points}`; `substitute` `{pair, player, substitute}`; `robots_for` and"
        " `withdraw_pair` `{pair}`; `appoint` `{name}`.",
        body="EventAction",
        post=True,
        params={
            "action": {
                "type": "string",
                "enum": [
                    "register",
                    "lower",
                    "decline",
                    "unregister",
                    "withdraw",
                    "robots",
                    "pause",
                    "resume",
                    "cancel",
                    "adjust",
                    "penalty",
                    "substitute",
                    "robots_for",
                    "withdraw_pair",
                    "appoint",
                ],
            }
        },
    ),
    ("GET", "/events/{event_id}/results.{fmt}"): Operation(
        "An event's results as a file: PBN (ScoreTable, TotalScoreTable), CSV, JSON or USEBIO",
        "events",
        {
            200: ("the file, as an attachment", None),
            404: ("no such event or format", None),
        },
        description="Errors come as HTML pages (this is not under /api/).",
        params={"fmt": {"type": "string", "enum": ["pbn", "csv", "json", "xml"]}},
        media="text/plain",
    ),
    ("GET", "/api/players/{name}"): Operation(
        "A player: masterpoints and the events that awarded them",
        "events",
        {200: ("the player", "Player"), 404: ("no such player", "Error"), 503: NO_EVENTS},
    ),
}

WEBSOCKETS: dict[str, Operation] = {
    "/ws/boards/{table_id}": Operation(
        "The board-table websocket: watch, sit, move, resign, offer a draw",
        "websocket",
        {
            101: ("Switching Protocols: the websocket is open; see docs/PROTOCOL.md", None),
        },
        description="Messages hello, ping, board.sit, board.stand, board.move, board.resign,"
        f" board.draw; state, event, error, pong ({PROTOCOL_DOC}, section 'Board tables')."
        " A refused move is answered with the game's rule in English (message) and Chinese"
        " (zh). Refusals close it with 4404 (no such board table) or 4403 (cross-site, or a"
        " private table you neither own nor sit at).",
    ),
    "/ws/tables/{table_id}": Operation(
        "The table websocket: watch, bid, play, chat",
        "websocket",
        {
            101: ("Switching Protocols: the websocket is open; see docs/PROTOCOL.md", None),
        },
        description="A websocket, not a JSON request: its messages (hello, call, card, claim,"
        " undo, chat, sit, stand, next, ping; state, event, table, error, pong) are described in"
        f" {PROTOCOL_DOC} (section 'The websocket'). It is authenticated by the session cookie;"
        " a browser's Origin must be this server. Refusals close it with 4404 (no such table),"
        " 4403 (cross-site, private, or you play the same boards elsewhere) or 4429 (too many"
        " connections).",
    ),
}


def _convertor_schema(convertor: Convertor[Any]) -> Schema:
    if isinstance(convertor, IntegerConvertor):  # edge.IdConvertor: at most 18 digits
        return {"type": "integer", "minimum": 0, "maximum": 10**MAX_ID_DIGITS - 1}
    if isinstance(convertor, FloatConvertor):
        return {"type": "number", "minimum": 0}
    if isinstance(convertor, UUIDConvertor):
        return {"type": "string", "format": "uuid"}
    if isinstance(convertor, PathConvertor):
        return {"type": "string"}
    return {"type": "string", "pattern": "^[^/]+$"}


def documented(path: str) -> bool:
    """Whether a route's path belongs to the described API (not the pages and forms)."""
    return path.startswith("/api/") or any(p == path for _, p in OPERATIONS)


def api_routes(routes: Sequence[BaseRoute]) -> Iterator[tuple[str, str, Route | WebSocketRoute]]:
    """(method, OpenAPI path, route) for every route the document must describe: each method
    of the JSON API (HEAD aside) and each websocket ("WS")."""
    for route in routes:
        if isinstance(route, WebSocketRoute):
            yield "WS", route.path_format, route
        elif isinstance(route, Route) and documented(route.path_format):
            for method in sorted((route.methods or {"GET"}) - {"HEAD"}):
                yield method, route.path_format, route


def _operation(
    method: str, path: str, route: Route | WebSocketRoute, op: Operation
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "operationId": _operation_id(method, path),
        "summary": op.summary,
        "tags": [op.tag],
    }
    if op.description:
        out["description"] = op.description
    params = [
        {
            "name": name,
            "in": "path",
            "required": True,
            "schema": op.params.get(name, _convertor_schema(convertor)),
        }
        for name, convertor in route.param_convertors.items()
    ]
    if params:
        out["parameters"] = params
    if op.body is not None:
        out["requestBody"] = {
            "required": False,
            "content": {"application/json": {"schema": ref(op.body)}},
        }
    responses: dict[int, tuple[str, str | None]] = dict(op.responses)
    if op.post:
        out["security"] = [{"session": [], "csrf": []}]
        responses.setdefault(400, ("a body that is not a JSON object, or a bad field", "Error"))
        responses.setdefault(403, ("the X-CSRF-Token header is missing or wrong", "Error"))
        responses.setdefault(413, ("a body over 16 KiB", "Error"))
    elif method != "WS":
        out["security"] = [{}, {"session": []}]
    answers: dict[str, Any] = {}
    for status in sorted(responses):
        text, schema = responses[status]
        answer: dict[str, Any] = {"description": text}
        if schema is not None:
            answer["content"] = {"application/json": {"schema": ref(schema)}}
        elif method != "WS" and status < 300:
            answer["content"] = {op.media: {"schema": {"type": "string"}}}
        if status == 429:
            answer["headers"] = {
                "Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}
            }
        answers[str(status)] = answer
    out["responses"] = answers
    if method == "WS":
        out["externalDocs"] = {"description": "The table websocket protocol", "url": PROTOCOL_DOC}
    return out


def _operation_id(method: str, path: str) -> str:
    words = [w.strip("{}").replace(".", "_") for w in path.split("/") if w]
    return "_".join([method.lower(), *words])


def openapi_document(routes: Sequence[BaseRoute], *, strict: bool = False) -> dict[str, Any]:
    """The OpenAPI 3.1 document of ``routes`` (the app's). ``strict``: an API route or websocket
    missing from the table of descriptions raises ``UndescribedRoute`` naming every one;
    otherwise it is listed as not yet described."""
    paths: dict[str, dict[str, Any]] = {}
    missing: list[str] = []
    for method, path, route in api_routes(routes):
        op = WEBSOCKETS.get(path) if method == "WS" else OPERATIONS.get((method, path))
        if op is None:
            missing.append(f"{method} {path}")
            op = Operation("(not described yet)", "undescribed", {200: ("not described yet", None)})
        paths.setdefault(path, {})["get" if method == "WS" else method.lower()] = _operation(
            method, path, route, op
        )
    if missing:
        if strict:
            raise UndescribedRoute(
                "describe these routes in qipai.server.openapi: " + ", ".join(missing)
            )
        log.warning("routes missing from the OpenAPI descriptions: %s", ", ".join(missing))
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "qipai bridge club",
            "version": __version__,
            "description": "The JSON API of a qipai server. Sessions are a signed HttpOnly"
            " cookie; every POST needs the session's CSRF token in X-CSRF-Token (GET /api/me"
            ' gives it). Errors are {"error": ...} with a 4xx status. The table websocket'
            f" (/ws/tables/{{table_id}}) and all the rest are described in {PROTOCOL_DOC}.",
        },
        "externalDocs": {"description": "The HTTP API and websocket protocol", "url": PROTOCOL_DOC},
        "tags": [
            {"name": "accounts"},
            {"name": "tables"},
            {"name": "hand records"},
            {"name": "events", "description": "Swiss pairs events: docs/EVENTS.md"},
            {
                "name": "websocket",
                "externalDocs": {"description": "the protocol", "url": PROTOCOL_DOC},
            },
        ],
        "paths": paths,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                "session": {"type": "apiKey", "in": "cookie", "name": "qipai_session"},
                "csrf": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token"},
            },
        },
    }


async def openapi_json(request: Request) -> Response:
    """``GET /openapi.json``: the document of this app's routes (built once)."""
    doc = getattr(request.app.state, "openapi", None)
    if doc is None:
        doc = openapi_document(request.app.routes)
        request.app.state.openapi = doc
    return JSONResponse(doc)
