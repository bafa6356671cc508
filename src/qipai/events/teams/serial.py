"""Team events, ladders and clubs as JSON and back, for the store: ``load(dump(x)) == x``.

The same conventions as the pair engine's form (:mod:`qipai.events.serial`, whose typed
reader is used here): times in ISO 8601 with their offset, durations in seconds, contracts,
seats and cards in their text forms; a ``kind`` ("team-event", "ladder", "clubs") and a
``version`` (:data:`FORMAT_VERSION`). A form that cannot be read raises
:class:`~qipai.events.errors.EventFormatError` naming the field.

>>> from qipai.events.teams.simulate import TeamSimulation
>>> e = TeamSimulation("knockout", teams=3, boards=1, seed="doc").run()
>>> from_json(to_json(e)) == e
True
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from ...bridge.calls import Contract
from ...bridge.cards import Card, Seat
from ..errors import EventFormatError
from ..serial import _Reader  # the pair engine's typed reader of the JSON form
from ..state import Played
from .clubs import Club, Clubs
from .event import TeamEvent, TeamEventSettings, TeamFormat, TeamRound
from .ladder import Challenge, Ladder, LadderSettings, Outcome
from .match import Match, MatchBoard, Ruling, RulingKind
from .roster import Lineup, Member, Team

__all__ = ["FORMAT_VERSION", "dump", "from_json", "load", "to_json"]

FORMAT_VERSION = 1

Stored = TeamEvent | Ladder | Clubs


def _played(p: Played | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "contract": None if p.contract is None else str(p.contract),
        "declarer": None if p.declarer is None else p.declarer.letter,
        "tricks": p.tricks,
        "lead": None if p.lead is None else str(p.lead),
    }


def _match(m: Match) -> dict[str, Any]:
    return {
        "home": m.home,
        "away": m.away,
        "segments": list(m.segments),
        "boards": [
            {"board": b.board, "open": _played(b.open), "closed": _played(b.closed)}
            for b in m.boards_played
        ],
        "carry_over": m.carry_over,
        "lineups": [
            {"segment": s, "team": t, "open": list(lu.open), "closed": list(lu.closed)}
            for s, t, lu in m.lineups
        ],
        "ruling": None
        if m.ruling is None
        else {
            "kind": m.ruling.kind.value,
            "vp": list(m.ruling.vp),
            "reason": m.ruling.reason,
            "forfeited_by": m.ruling.forfeited_by,
        },
    }


def _team(t: Team) -> dict[str, Any]:
    return {
        "number": t.number,
        "name": t.name,
        "captain": t.captain,
        "members": [{"name": m.name, "robot": m.robot} for m in t.members],
    }


def dump(value: Stored) -> dict[str, Any]:
    """``value`` as plain JSON-ready values."""
    if isinstance(value, Clubs):
        return {
            "kind": "clubs",
            "version": FORMAT_VERSION,
            "clubs": [
                {
                    "name": c.name,
                    "leader": c.leader,
                    "officers": list(c.officers),
                    "members": list(c.members),
                    "requests": list(c.requests),
                }
                for c in value.clubs
            ],
        }
    if isinstance(value, Ladder):
        s = value.settings
        return {
            "kind": "ladder",
            "version": FORMAT_VERSION,
            "settings": {
                "reach": s.reach,
                "deadline": s.deadline.total_seconds(),
                "boards": s.boards,
                "segments": s.segments,
                "forfeit_vp": s.forfeit_vp,
            },
            "order": list(value.order),
            "seed": value.seed,
            "season": value.season,
            "challenges": [
                {
                    "number": c.number,
                    "season": c.season,
                    "challenger": c.challenger,
                    "challenged": c.challenged,
                    "places": list(c.places),
                    "made_at": c.made_at.isoformat(),
                    "deadline": c.deadline.isoformat(),
                    "match": _match(c.match),
                    "outcome": None if c.outcome is None else c.outcome.value,
                    "settled_at": None if c.settled_at is None else c.settled_at.isoformat(),
                }
                for c in value.challenges
            ],
            "past": [list(order) for order in value.past],
        }
    s2 = value.settings
    return {
        "kind": "team-event",
        "version": FORMAT_VERSION,
        "settings": {
            "name": s2.name,
            "format": s2.format.value,
            "boards": s2.boards,
            "segments": s2.segments,
            "rounds": s2.rounds,
            "bye_vp": s2.bye_vp,
            "forfeit_vp": s2.forfeit_vp,
            "carry_over": s2.carry_over,
            "tiebreak_boards": s2.tiebreak_boards,
        },
        "teams": [_team(t) for t in value.teams],
        "seed": value.seed,
        "rounds": [
            {
                "number": r.number,
                "matches": [_match(m) for m in r.matches],
                "byes": list(r.byes),
                "stage": r.stage,
            }
            for r in value.rounds
        ],
        "seeding": list(value.seeding),
        "qualifier": [_match(m) for m in value.qualifier],
        "notes": list(value.notes),
        "over": value.over,
        "eliminated": [list(x) for x in value.eliminated],
    }


def to_json(value: Stored) -> str:
    return json.dumps(dump(value), ensure_ascii=False, sort_keys=True)


def from_json(text: str) -> Stored:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise EventFormatError(f"a team event's state is JSON: {e}") from None
    return load(data)


def _load_played(r: _Reader, key: str) -> Played | None:
    if r.data.get(key) is None:
        return None
    p = _Reader(r.data[key], f"{r.where}.{key}")
    return Played(
        p.parsed("contract", Contract.parse),
        p.parsed("declarer", Seat.parse),
        p.maybe("tricks", int),
        p.parsed("lead", Card.parse),
    )


def _pair(r: _Reader, key: str) -> tuple[str, str]:
    names = r.get(key, list)
    if len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise EventFormatError(f"{r.where}.{key}: expected two names")
    return names[0], names[1]


def _load_match(r: _Reader) -> Match:
    ruling = None
    if r.data.get("ruling") is not None:
        u = _Reader(r.data["ruling"], f"{r.where}.ruling")
        vp = u.get("vp", list)
        if len(vp) != 2 or not all(isinstance(v, int | float) for v in vp):
            raise EventFormatError(f"{u.where}.vp: expected two numbers")
        ruling = Ruling(
            RulingKind(u.get("kind", str)),
            (float(vp[0]), float(vp[1])),
            u.get("reason", str),
            u.maybe("forfeited_by", int),
        )
    return Match(
        r.get("home", int),
        r.get("away", int),
        r.ints("segments"),
        tuple(
            MatchBoard(b.get("board", int), _load_played(b, "open"), _load_played(b, "closed"))
            for b in r.items("boards")
        ),
        r.get("carry_over", float),
        tuple(
            (
                x.get("segment", int),
                x.get("team", int),
                Lineup(_pair(x, "open"), _pair(x, "closed")),
            )
            for x in r.items("lineups")
        ),
        ruling,
    )


def _names(r: _Reader, key: str) -> tuple[str, ...]:
    values = r.get(key, list)
    if not all(isinstance(v, str) for v in values):
        raise EventFormatError(f"{r.where}.{key}: expected names")
    return tuple(values)


def load(data: Any) -> Stored:
    """The value :func:`dump` wrote."""
    top = _Reader(data, "teams")
    version = top.get("version", int)
    if version != FORMAT_VERSION:
        raise EventFormatError(f"team state version {version} is not {FORMAT_VERSION}")
    kind = top.get("kind", str)
    try:
        if kind == "clubs":
            return Clubs(
                tuple(
                    Club(
                        c.get("name", str),
                        c.get("leader", str),
                        _names(c, "officers"),
                        _names(c, "members"),
                        _names(c, "requests"),
                    )
                    for c in top.items("clubs")
                )
            )
        if kind == "ladder":
            s = _Reader(top.get("settings", dict), "teams.settings")
            return Ladder(
                LadderSettings(
                    s.get("reach", int),
                    timedelta(seconds=s.get("deadline", float)),
                    s.get("boards", int),
                    s.get("segments", int),
                    s.get("forfeit_vp", float),
                ),
                top.ints("order"),
                top.get("seed", str),
                top.get("season", int),
                tuple(_load_challenge(c) for c in top.items("challenges")),
                tuple(tuple(o) for o in top.get("past", list)),
            )
        if kind == "team-event":
            return _load_event(top)
    except ValueError as e:
        raise EventFormatError(f"teams: {e}") from None
    raise EventFormatError(f"teams.kind: team-event, ladder or clubs, not {kind!r}")


def _load_challenge(c: _Reader) -> Challenge:
    places = c.ints("places")
    if len(places) != 2:
        raise EventFormatError(f"{c.where}.places: expected two places")
    outcome = c.maybe("outcome", str)
    return Challenge(
        c.get("number", int),
        c.get("season", int),
        c.get("challenger", int),
        c.get("challenged", int),
        (places[0], places[1]),
        c.time("made_at"),
        c.time("deadline"),
        _load_match(_Reader(c.get("match", dict), f"{c.where}.match")),
        None if outcome is None else Outcome(outcome),
        c.maybe_time("settled_at"),
    )


def _load_event(top: _Reader) -> TeamEvent:
    s = _Reader(top.get("settings", dict), "teams.settings")
    settings = TeamEventSettings(
        s.get("name", str),
        TeamFormat(s.get("format", str)),
        s.get("boards", int),
        s.get("segments", int),
        s.maybe("rounds", int),
        s.get("bye_vp", float),
        s.get("forfeit_vp", float),
        s.get("carry_over", float),
        s.get("tiebreak_boards", int),
    )
    teams = tuple(
        Team(
            t.get("number", int),
            t.get("name", str),
            t.get("captain", str),
            tuple(Member(m.get("name", str), m.get("robot", bool)) for m in t.items("members")),
        )
        for t in top.items("teams")
    )
    eliminated = []
    for pair in top.get("eliminated", list):
        if len(pair) != 2 or not all(isinstance(v, int) for v in pair):
            raise EventFormatError("teams.eliminated: expected (team, round) pairs")
        eliminated.append((pair[0], pair[1]))
    return TeamEvent(
        settings,
        teams,
        top.get("seed", str),
        tuple(
            TeamRound(
                r.get("number", int),
                tuple(_load_match(m) for m in r.items("matches")),
                r.ints("byes"),
                r.maybe("stage", str),
            )
            for r in top.items("rounds")
        ),
        top.ints("seeding"),
        tuple(_load_match(m) for m in top.items("qualifier")),
        _names(top, "notes"),
        top.get("over", bool),
        tuple(eliminated),
    )
