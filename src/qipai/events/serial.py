"""An event state as JSON and back, for the store: ``load(dump(state)) == state``.

Times are ISO 8601 with their offset, durations in seconds, contracts and seats in their text
forms (``4SX``, ``N``). The form carries a version number (:data:`FORMAT_VERSION`): version 1
(a Swiss event stored before the engine served every format) still loads, as a Swiss event whose
tables play their round's boards, with no plan, adjustments or rulings, and no directors named
(its server's record says who directs it).

>>> from datetime import datetime, timedelta, timezone
>>> from qipai.events import EventSettings, create_event
>>> t = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)
>>> e = create_event(EventSettings("Swiss", t + timedelta(hours=1), 4, 3,
...                                timedelta(minutes=24)), seed="doc", now=t)
>>> from_json(to_json(e)) == e
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any, TypeVar

from ..bridge.calls import Contract
from ..bridge.cards import Card, Seat
from ..bridge.errors import ParseError
from .errors import EventFormatError
from .movements import Sitting
from .settings import CORRECTION_PERIOD, ByeScore, EventSettings, Format, Scoring
from .state import (
    Adjustment,
    AdjustmentKind,
    Artificial,
    BoardRecord,
    EventState,
    HandRaise,
    Note,
    Pair,
    Penalty,
    Plan,
    Round,
    Ruling,
    Status,
    Table,
)

__all__ = [
    "FORMAT_VERSION",
    "READABLE_VERSIONS",
    "dump",
    "dump_adjustment",
    "from_json",
    "load",
    "to_json",
]

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)

T = TypeVar("T")


def _time(t: datetime | None) -> str | None:
    return None if t is None else t.isoformat()


def _seconds(d: timedelta) -> float:
    return d.total_seconds()


def dump(state: EventState) -> dict[str, Any]:
    """``state`` as plain JSON-ready values."""
    s = state.settings
    return {
        "version": FORMAT_VERSION,
        "settings": {
            "name": s.name,
            "start": _time(s.start),
            "rounds": s.rounds,
            "boards_per_round": s.boards_per_round,
            "round_length": _seconds(s.round_length),
            "scoring": s.scoring.value,
            "completion_percent": s.completion_percent,
            "robot_level": s.robot_level,
            "robot_fill": s.robot_fill,
            "bye_score": s.bye_score.value,
            "break_length": _seconds(s.break_length),
            "format": s.format.value,
            "movement": s.movement,
            "arrow_switch": list(s.arrow_switch),
            "correction_period": _seconds(s.correction_period),
        },
        "seed": state.seed,
        "created_at": _time(state.created_at),
        "status": state.status.value,
        "pairs": [
            {
                "number": p.number,
                "players": list(p.players),
                "registered_at": _time(p.registered_at),
                "withdrawn_after": p.withdrawn_after,
                "withdrawn_at": _time(p.withdrawn_at),
            }
            for p in state.pairs
        ],
        "hands": [
            {"player": h.player, "partner": h.partner, "at": _time(h.at)} for h in state.hands
        ],
        "next_pair_number": state.next_pair_number,
        "rounds": [
            {
                "number": r.number,
                "boards": list(r.boards),
                "tables": [
                    {
                        "number": t.number,
                        "ns": t.ns,
                        "ew": t.ew,
                        "records": [_dump_record(rec) for rec in t.records],
                        "boards": list(t.boards),
                    }
                    for t in r.tables
                ],
                "byes": list(r.byes),
                "starts_at": _time(r.starts_at),
                "ends_at": _time(r.ends_at),
                "closed_at": _time(r.closed_at),
            }
            for r in state.rounds
        ],
        "next_round_at": _time(state.next_round_at),
        "paused_at": _time(state.paused_at),
        "warnings": list(state.warnings),
        "notes": [{"at": _time(n.at), "text": n.text} for n in state.notes],
        "plan": None if state.plan is None else _dump_plan(state.plan),
        "adjustments": [dump_adjustment(a) for a in state.adjustments],
        "penalties": [
            {"pair": p.pair, "points": p.points, "at": _time(p.at)} for p in state.penalties
        ],
        "rulings": [
            {"at": _time(r.at), "by": r.by, "what": r.what, "reason": r.reason}
            for r in state.rulings
        ],
        "directors": list(state.directors),
    }


def _dump_plan(plan: Plan) -> dict[str, Any]:
    return {
        "name": plan.name,
        "two_winners": plan.two_winners,
        "description": plan.description,
        "sittings": [
            {"round": s.round, "table": s.table, "ns": s.ns, "ew": s.ew, "boards": list(s.boards)}
            for s in plan.sittings
        ],
    }


def dump_adjustment(a: Adjustment) -> dict[str, Any]:
    """A director's adjustment as JSON-ready values (the stored form's, and the exports')."""
    return {
        "round": a.round,
        "table": a.table,
        "board": a.board,
        "kind": a.kind.value,
        "ns": None if a.ns is None else a.ns.value,
        "ew": None if a.ew is None else a.ew.value,
        "contract": None if a.contract is None else str(a.contract),
        "declarer": None if a.declarer is None else a.declarer.letter,
        "tricks": a.tricks,
        "ns_score": a.ns_score,
    }


def _dump_record(r: BoardRecord) -> dict[str, Any]:
    return {
        "board": r.board,
        "at": _time(r.at),
        "played": r.played,
        "contract": None if r.contract is None else str(r.contract),
        "declarer": None if r.declarer is None else r.declarer.letter,
        "tricks": r.tricks,
        "ns_score": r.ns_score,
        "lead": None if r.lead is None else str(r.lead),
    }


def to_json(state: EventState) -> str:
    return json.dumps(dump(state), ensure_ascii=False, sort_keys=True)


def from_json(text: str) -> EventState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise EventFormatError(f"an event state is JSON: {e}") from None
    return load(data)


class _Reader:
    """Typed access to the JSON form, with errors that name the field."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            raise EventFormatError(f"{where}: expected an object, not {data!r}")
        self.data = data
        self.where = where

    def get(self, key: str, kind: type[T]) -> T:
        if key not in self.data:
            raise EventFormatError(f"{self.where}: {key} is missing")
        value = self.data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise EventFormatError(f"{self.where}.{key}: expected {kind.__name__}, not {value!r}")
        return value

    def maybe(self, key: str, kind: type[T]) -> T | None:
        if self.data.get(key) is None:
            return None
        return self.get(key, kind)

    def time(self, key: str) -> datetime:
        text = self.get(key, str)
        try:
            return datetime.fromisoformat(text)
        except ValueError:
            raise EventFormatError(f"{self.where}.{key}: not a time: {text!r}") from None

    def maybe_time(self, key: str) -> datetime | None:
        return None if self.data.get(key) is None else self.time(key)

    def items(self, key: str) -> list[_Reader]:
        values = self.get(key, list)
        return [_Reader(v, f"{self.where}.{key}[{i}]") for i, v in enumerate(values)]

    def ints(self, key: str) -> tuple[int, ...]:
        values = self.get(key, list)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise EventFormatError(f"{self.where}.{key}: expected whole numbers")
        return tuple(values)

    def parsed(self, key: str, parse: Callable[[str], T]) -> T | None:
        text = self.maybe(key, str)
        if text is None:
            return None
        try:
            return parse(text)
        except (ParseError, ValueError) as e:
            raise EventFormatError(f"{self.where}.{key}: {e}") from None


def _correction_period(s: _Reader) -> timedelta:
    """The stored correction period; the Law's 30 minutes for a state stored before events had
    one."""
    seconds = s.maybe("correction_period", float)
    return CORRECTION_PERIOD if seconds is None else timedelta(seconds=seconds)


def load(data: Mapping[str, Any]) -> EventState:
    """The state :func:`dump` wrote; :class:`EventFormatError` names what is wrong."""
    top = _Reader(data, "event")
    version = top.get("version", int)
    if version not in READABLE_VERSIONS:
        known = ", ".join(map(str, READABLE_VERSIONS))
        raise EventFormatError(f"event state version {version} is not one of {known}")
    s = _Reader(top.get("settings", dict), "event.settings")
    v2 = version >= 2
    try:
        settings = EventSettings(
            name=s.get("name", str),
            start=s.time("start"),
            rounds=s.get("rounds", int),
            boards_per_round=s.get("boards_per_round", int),
            round_length=timedelta(seconds=s.get("round_length", float)),
            scoring=Scoring(s.get("scoring", str)),
            completion_percent=s.get("completion_percent", int),
            robot_level=s.get("robot_level", int),
            robot_fill=s.get("robot_fill", bool),
            bye_score=ByeScore(s.get("bye_score", str)),
            break_length=timedelta(seconds=s.get("break_length", float)),
            format=Format(s.get("format", str)) if v2 else Format.SWISS,
            movement=s.maybe("movement", str) if v2 else None,
            arrow_switch=s.ints("arrow_switch") if v2 else (),
            correction_period=_correction_period(s),
        )
        status = Status(top.get("status", str))
    except ValueError as e:
        raise EventFormatError(f"event.settings: {e}") from None
    return EventState(
        settings=settings,
        seed=top.get("seed", str),
        created_at=top.time("created_at"),
        status=status,
        pairs=tuple(_load_pair(p) for p in top.items("pairs")),
        hands=tuple(
            HandRaise(h.get("player", str), h.get("partner", str), h.time("at"))
            for h in top.items("hands")
        ),
        next_pair_number=top.get("next_pair_number", int),
        rounds=tuple(_load_round(r) for r in top.items("rounds")),
        next_round_at=top.maybe_time("next_round_at"),
        paused_at=top.maybe_time("paused_at"),
        warnings=tuple(str(w) for w in top.get("warnings", list)),
        notes=tuple(Note(n.time("at"), n.get("text", str)) for n in top.items("notes")),
        **(_load_v2(top) if v2 else {}),
    )


def _load_v2(top: _Reader) -> dict[str, Any]:
    plan = None
    if top.data.get("plan") is not None:
        p = _Reader(top.get("plan", dict), "event.plan")
        plan = Plan(
            name=p.get("name", str),
            sittings=tuple(
                Sitting(
                    s.get("round", int),
                    s.get("table", int),
                    s.get("ns", int),
                    s.get("ew", int),
                    s.ints("boards"),
                )
                for s in p.items("sittings")
            ),
            two_winners=p.get("two_winners", bool),
            description=p.get("description", str),
        )
    try:
        adjustments = tuple(_load_adjustment(a) for a in top.items("adjustments"))
    except ValueError as e:
        raise EventFormatError(f"event.adjustments: {e}") from None
    return {
        "plan": plan,
        "adjustments": adjustments,
        "penalties": tuple(
            Penalty(p.get("pair", int), p.get("points", float), p.time("at"))
            for p in top.items("penalties")
        ),
        "rulings": tuple(
            Ruling(r.time("at"), r.get("by", str), r.get("what", str), r.get("reason", str))
            for r in top.items("rulings")
        ),
        "directors": tuple(str(d) for d in top.get("directors", list)),
    }


def _load_adjustment(a: _Reader) -> Adjustment:
    ns, ew = a.maybe("ns", str), a.maybe("ew", str)
    return Adjustment(
        round=a.get("round", int),
        table=a.get("table", int),
        board=a.get("board", int),
        kind=AdjustmentKind(a.get("kind", str)),
        ns=None if ns is None else Artificial(ns),
        ew=None if ew is None else Artificial(ew),
        contract=a.parsed("contract", Contract.parse),
        declarer=a.parsed("declarer", Seat.parse),
        tricks=a.maybe("tricks", int),
        ns_score=a.maybe("ns_score", int),
    )


def _load_pair(p: _Reader) -> Pair:
    players = p.get("players", list)
    if len(players) != 2 or not all(isinstance(x, str) for x in players):
        raise EventFormatError(f"{p.where}.players: expected two names")
    return Pair(
        number=p.get("number", int),
        players=(players[0], players[1]),
        registered_at=p.time("registered_at"),
        withdrawn_after=p.maybe("withdrawn_after", int),
        withdrawn_at=p.maybe_time("withdrawn_at"),
    )


def _load_round(r: _Reader) -> Round:
    return Round(
        number=r.get("number", int),
        boards=r.ints("boards"),
        tables=tuple(
            Table(
                number=t.get("number", int),
                ns=t.get("ns", int),
                ew=t.get("ew", int),
                records=tuple(_load_record(rec) for rec in t.items("records")),
                boards=t.ints("boards") if "boards" in t.data else (),
            )
            for t in r.items("tables")
        ),
        byes=r.ints("byes"),
        starts_at=r.time("starts_at"),
        ends_at=r.time("ends_at"),
        closed_at=r.maybe_time("closed_at"),
    )


def _load_record(r: _Reader) -> BoardRecord:
    return BoardRecord(
        board=r.get("board", int),
        at=r.time("at"),
        played=r.get("played", bool),
        contract=r.parsed("contract", Contract.parse),
        declarer=r.parsed("declarer", Seat.parse),
        tricks=r.maybe("tricks", int),
        ns_score=r.maybe("ns_score", int),
        lead=r.parsed("lead", Card.parse),
    )
