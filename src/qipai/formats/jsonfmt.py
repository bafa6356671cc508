"""qipai's JSON form of board records, the one the server's API uses too (docs/FORMATS.md).

A document is ``{"format": "qipai-boards", "version": 1, "boards": [...]}``; each board is an
object with the keys below. Calls are written ``1S``, ``1NT``, ``P``, ``X``, ``XX``; cards ``SA``,
``HT``; seats ``N``, ``E``, ``S``, ``W``; vulnerability ``None``, ``NS``, ``EW`` or ``All``; the
deal in PBN form with ``-`` for a hand not known; the contract ``4SX`` style, ``Pass`` for a
passed-out board, null when unknown. ``score_ns`` is written for the reader's convenience and
checked when read.

>>> from qipai.bridge import Deal, Seat, Vulnerability
>>> r = Record(7, Seat.SOUTH, Vulnerability.BOTH, Deal.from_seed(7), tags=(("Event", "Club"),))
>>> d = record_to_dict(r)
>>> d["board"], d["dealer"], d["vulnerability"], d["auction"], d["tags"]
(7, 'S', 'All', None, {'Event': 'Club'})
>>> record_from_dict(d) == r
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..bridge.auction import Auction
from ..bridge.board import Vulnerability
from ..bridge.calls import parse_call
from ..bridge.cards import Card, Seat
from ..bridge.deal import Deal
from ..bridge.errors import ParseError, RuleError
from ._common import contract_text, parse_contract
from .errors import FormatError
from .record import Record

__all__ = ["FORMAT", "VERSION", "read_json", "record_from_dict", "record_to_dict", "write_json"]

FORMAT = "qipai-boards"
VERSION = 1

_KEYS = (
    "board",
    "dealer",
    "vulnerability",
    "deal",
    "auction",
    "contract",
    "declarer",
    "result",
    "play",
    "claim",
    "score_ns",
    "tags",
)


# The Record's error tags (PBN names) and the JSON keys they stand for.
_FIELDS = {
    "Board": "board",
    "Result": "result",
    "Play": "play",
    "Auction": "auction",
    "Contract": "contract",
    "Declarer": "declarer",
    "claim": "claim",
}


def record_to_dict(r: Record) -> dict[str, Any]:
    """A record as a JSON-ready dict, keys in the documented order."""
    auction = None
    if r.auction is not None:
        auction = [
            {"call": str(e.call), "alert": e.alert, "explanation": e.explanation}
            for e in r.auction.entries
        ]
    return {
        "board": r.number,
        "dealer": r.dealer.letter,
        "vulnerability": str(r.vulnerability),
        "deal": r.deal.pbn(r.dealer),
        "auction": auction,
        "contract": contract_text(r.contract, r.passed_out) or None,
        "declarer": None if r.declarer is None else r.declarer.letter,
        "result": r.result,
        "play": [str(c) for c in r.play],
        "claim": r.claim,
        "score_ns": r.score_ns,
        "tags": dict(r.tags),
    }


def write_json(records: Iterable[Record]) -> str:
    """A JSON document holding ``records``."""
    doc = {"format": FORMAT, "version": VERSION, "boards": [record_to_dict(r) for r in records]}
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def read_json(text: str, source: str = "<string>") -> list[Record]:
    """The records of a JSON document: the full document, a bare list of boards, or one board."""
    try:
        doc = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as e:
        raise FormatError(f"not JSON: {e.msg}", source=source, line=e.lineno) from None
    if isinstance(doc, dict) and "boards" in doc:
        if doc.get("format", FORMAT) != FORMAT or doc.get("version", VERSION) != VERSION:
            raise FormatError(
                f"a {doc.get('format')!r} document, version {doc.get('version')!r}: "
                f"this reads {FORMAT!r} version {VERSION}",
                source=source,
                tag="format",
            )
        boards = doc["boards"]
        path = "boards"
    elif isinstance(doc, dict):
        boards, path = [doc], ""
    else:
        boards, path = doc, ""
    if not isinstance(boards, list):
        raise FormatError("the boards must be a list", source=source, tag=path or None)
    records = []
    for i, board in enumerate(boards):
        where = f"{path}[{i}]" if path or len(boards) > 1 or not isinstance(doc, dict) else ""
        records.append(_record(board, source, where))
    return records


def record_from_dict(obj: Mapping[str, Any], source: str = "<json>") -> Record:
    """One board's dict (as ``record_to_dict`` writes it) back into a Record."""
    return _record(obj, source, "")


def _record(obj: object, source: str, where: str) -> Record:
    number = obj.get("board") if isinstance(obj, Mapping) else None
    board = number if isinstance(number, int) and not isinstance(number, bool) else None

    def fail(reason: str, key: str | None) -> FormatError:
        tag = ".".join(p for p in (where, key) if p) or None
        return FormatError(reason, source=source, tag=tag, board=board)

    if not isinstance(obj, Mapping):
        raise fail("a board must be a JSON object", None)
    unknown = [k for k in obj if k not in _KEYS]
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}: the keys are {', '.join(_KEYS)}", unknown[0])
    for key in ("dealer", "vulnerability", "deal"):
        if key not in obj:
            raise fail(f"the {key!r} key is missing", key)

    def text(key: str, *, optional: bool = False) -> str | None:
        value = obj.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise fail(f"{key} must be text, not {value!r}", key)
        return value

    def number_of(key: str) -> int | None:
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(f"{key} must be a whole number or null, not {value!r}", key)
        return value

    try:
        dealer = Seat.parse(text("dealer") or "")
    except ParseError as e:
        raise fail(str(e), "dealer") from None
    try:
        vulnerability = Vulnerability.parse(text("vulnerability") or "")
    except ParseError as e:
        raise fail(str(e), "vulnerability") from None
    try:
        deal = Deal.parse(text("deal") or "")
    except ParseError as e:
        raise fail(str(e), "deal") from None
    auction = _auction(obj.get("auction"), dealer, fail)
    contract_word = text("contract", optional=True)
    passed_out = contract_word is not None and contract_word.strip().upper() == "PASS"
    contract = None
    if contract_word is not None and not passed_out:
        try:
            contract = parse_contract(contract_word)
        except ParseError as e:
            raise fail(str(e), "contract") from None
    declarer_word = text("declarer", optional=True)
    try:
        declarer = Seat.parse(declarer_word) if declarer_word is not None else None
    except ParseError as e:
        raise fail(str(e), "declarer") from None
    play_list = obj.get("play", [])
    if not isinstance(play_list, list) or not all(isinstance(c, str) for c in play_list):
        raise fail("play must be a list of cards like 'SA'", "play")
    try:
        play = tuple(Card.parse(c) for c in play_list)
    except ParseError as e:
        raise fail(str(e), "play") from None
    tags = obj.get("tags", {})
    if not isinstance(tags, Mapping):
        raise fail("tags must be an object of names and text values", "tags")
    numbers = {key: number_of(key) for key in ("board", "result", "claim", "score_ns")}
    try:
        record = Record(
            number=numbers["board"],
            dealer=dealer,
            vulnerability=vulnerability,
            deal=deal,
            auction=auction,
            contract=contract,
            declarer=declarer,
            passed_out=passed_out,
            result=numbers["result"],
            play=play,
            claim=numbers["claim"],
            tags=tuple(tags.items()),
            source=source,
        )
    except FormatError as e:
        at = None if e.tag is None else _FIELDS.get(e.tag, f"tags.{e.tag}")
        raise fail(e.reason, at) from None
    score = numbers["score_ns"]
    if score is not None and score != record.score_ns:
        raise fail(
            f"score_ns is {score}, but the board scores {record.score_ns} for NS", "score_ns"
        )
    return record


def _auction(value: object, dealer: Seat, fail: Any) -> Auction | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise fail("auction must be a list of calls, or null", "auction")
    auction = Auction(dealer)
    for i, item in enumerate(value):
        key = f"auction[{i}]"
        if isinstance(item, str):
            item = {"call": item}
        if not isinstance(item, Mapping) or not isinstance(item.get("call"), str):
            raise fail('each call must be {"call": "1S", "alert": false, "explanation": ""}', key)
        extra = [k for k in item if k not in ("call", "alert", "explanation")]
        if extra:
            raise fail(f"unknown key {extra[0]!r} in a call", key)
        alert = item.get("alert", False)
        explanation = item.get("explanation", "")
        if not isinstance(alert, bool) or not isinstance(explanation, str):
            raise fail("alert must be true or false and explanation text", key)
        try:
            auction = auction.add(parse_call(item["call"]), alert=alert, explanation=explanation)
        except (ParseError, RuleError) as e:
            raise fail(f"call {i + 1} ({item['call']}): {e}", key) from None
    return auction
