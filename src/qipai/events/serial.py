"""An event state as JSON and back, for the store: ``load(dump(state)) == state``.

Times are ISO 8601 with their offset, durations in seconds, contracts and seats in their text
forms (``4SX``, ``N``). The form carries a version number (:data:`FORMAT_VERSION`).

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
from ..bridge.cards import Seat
from ..bridge.errors import ParseError
from .errors import EventFormatError
from .settings import ByeScore, EventSettings, Scoring
from .state import BoardRecord, EventState, HandRaise, Note, Pair, Round, Status, Table

__all__ = ["FORMAT_VERSION", "dump", "from_json", "load", "to_json"]

FORMAT_VERSION = 1

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


def load(data: Mapping[str, Any]) -> EventState:
    """The state :func:`dump` wrote; :class:`EventFormatError` names what is wrong."""
    top = _Reader(data, "event")
    version = top.get("version", int)
    if version != FORMAT_VERSION:
        raise EventFormatError(f"event state version {version} is not {FORMAT_VERSION}")
    s = _Reader(top.get("settings", dict), "event.settings")
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
    )
