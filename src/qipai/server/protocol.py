"""Reading what a client sends over the table websocket (see docs/PROTOCOL.md): every message is
checked for size, type and range here, at the edge, and becomes a typed command or a
``ProtocolError`` whose message says what was wrong.

>>> parse_message('{"type": "call", "call": "1nt"}').command
CallCmd(call=Bid(1, Strain.NOTRUMP), alert=False, explanation='')
>>> try:
...     parse_message('{"type": "claim", "tricks": 14}')
... except ProtocolError as e:
...     print(e)
'tricks' must be a whole number from 0 to 13
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..bridge import Card, ParseError, Seat, parse_call
from .table import (
    CallCmd,
    CardCmd,
    Chat,
    ClaimCmd,
    ClaimResponseCmd,
    Command,
    NextBoard,
    SeatAnswerCmd,
    Sit,
    Stand,
    UndoAnswerCmd,
    UndoCmd,
)

PROTOCOL_VERSION = 3
"""The protocol's version, sent in every ``state`` message as ``protocol`` (docs/PROTOCOL.md,
*Versions*): a client whose script speaks another version reloads it."""
RENAMED: dict[str, tuple[str, int]] = {"undo_response": ("undo_answer", 2)}
"""Client message types renamed: the old type, its new name and the version that renamed it."""
MAX_MESSAGE_BYTES = 2048
MAX_CHAT = 500
MAX_EXPLANATION = 200
MAX_STATEMENT = 300
"""The most characters of a claim's statement of the line of play (Law 68C)."""


class ProtocolError(ValueError):
    """A client message that cannot be used; the text is sent back to the client, with the
    message's ``id`` when it could be read."""

    def __init__(self, message: str, msg_id: int | str | None = None) -> None:
        super().__init__(message)
        self.id = msg_id


@dataclass(frozen=True, slots=True)
class Message:
    """One client message: ``hello`` carries ``since``; the others carry a table command."""

    kind: str
    command: Command | None = None
    since: int | None = None
    id: int | str | None = None


# Fields each type accepts besides "type" and "id"; the others are refused.
FIELDS: dict[str, frozenset[str]] = {
    "hello": frozenset({"since"}),
    "ping": frozenset(),
    "call": frozenset({"call", "alert", "explanation"}),
    "card": frozenset({"card"}),
    "claim": frozenset({"tricks", "statement"}),
    "claim_response": frozenset({"accept"}),
    "chat": frozenset({"text"}),
    "sit": frozenset({"seat"}),
    "stand": frozenset(),
    "next": frozenset(),
    "undo": frozenset(),
    "undo_answer": frozenset({"accept"}),
    "seat_answer": frozenset({"seat", "accept"}),
}


def parse_message(raw: str | bytes) -> Message:
    """A typed message from one websocket frame, or ProtocolError."""
    if isinstance(raw, bytes):
        raise ProtocolError("send JSON text frames, not binary")
    if len(raw) > MAX_MESSAGE_BYTES or len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too long: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not valid JSON") from None
    return parse_object(data)


def check_unicode(data: Any) -> None:
    """ProtocolError if any string (key or value) holds a lone surrogate (``"\\ud800"``): JSON
    allows the escape, but it is not Unicode, and no answer quoting it could be sent."""
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str) and not _is_unicode(x):
            raise ProtocolError("text must be valid Unicode (a lone surrogate)")


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_object(data: Any) -> Message:
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    msg_id = data.get("id")
    if msg_id is not None and not (
        (isinstance(msg_id, int) and not isinstance(msg_id, bool) and 0 <= msg_id < 2**53)
        or (isinstance(msg_id, str) and len(msg_id) <= 40 and _is_unicode(msg_id))
    ):
        raise ProtocolError("'id' must be a whole number or a string of at most 40 characters")
    try:
        return _parse_with_id(data, msg_id)
    except ProtocolError as e:
        raise ProtocolError(str(e), msg_id) from None


def _parse_with_id(data: dict[str, Any], msg_id: int | str | None) -> Message:
    check_unicode(data)
    kind = data.get("type")
    if isinstance(kind, str) and kind in RENAMED:
        new, version = RENAMED[kind]
        raise ProtocolError(f"'{kind}' is called '{new}' since protocol {version}")
    kind = message_kind(data, FIELDS)
    try:
        return _parse(kind, data, msg_id)
    except ParseError as e:
        raise ProtocolError(str(e)) from None


def message_kind(data: dict[str, Any], fields: dict[str, frozenset[str]]) -> str:
    """A message's ``type``, one of ``fields``' keys, whose fields (besides ``type`` and
    ``id``) are among those it names; ProtocolError saying what is wrong otherwise."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in fields:
        raise ProtocolError(f"'type' must be one of: {', '.join(sorted(fields))}")
    extra = set(data) - fields[kind] - {"type", "id"}
    if extra:
        raise ProtocolError(f"unknown field(s) for {kind}: {', '.join(sorted(extra))}")
    return kind


def _parse(kind: str, d: dict[str, Any], msg_id: int | str | None) -> Message:
    if kind == "hello":
        since = d.get("since")
        if since is not None and not _is_int(since, 0, 2**53):
            raise ProtocolError("'since' must be null or the last event number seen (0 or more)")
        return Message(kind, since=since, id=msg_id)
    if kind == "ping":
        return Message(kind, id=msg_id)
    command: Command
    if kind == "call":
        call = _string(d, "call", 5)
        alert = d.get("alert", False)
        if not isinstance(alert, bool):
            raise ProtocolError("'alert' must be true or false")
        explanation = _text(d.get("explanation", ""), "explanation", MAX_EXPLANATION, empty=True)
        command = CallCmd(parse_call(call), alert, explanation)
    elif kind == "card":
        command = CardCmd(Card.parse(_string(d, "card", 3)))
    elif kind == "claim":
        tricks = d.get("tricks")
        if not isinstance(tricks, int) or not _is_int(tricks, 0, 13):
            raise ProtocolError("'tricks' must be a whole number from 0 to 13")
        statement = _text(d.get("statement", ""), "statement", MAX_STATEMENT, empty=True)
        command = ClaimCmd(tricks, statement)
    elif kind in ("claim_response", "undo_answer"):
        accept = d.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError("'accept' must be true or false")
        command = ClaimResponseCmd(accept) if kind == "claim_response" else UndoAnswerCmd(accept)
    elif kind == "undo":
        command = UndoCmd()
    elif kind == "chat":
        command = Chat(_text(d.get("text"), "text", MAX_CHAT, empty=False))
    elif kind == "seat_answer":
        accept = d.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError("'accept' must be true or false")
        command = SeatAnswerCmd(parse_seat(d.get("seat")), accept)
    elif kind == "sit":
        command = Sit(parse_seat(d.get("seat")))
    elif kind == "stand":
        command = Stand()
    else:
        command = NextBoard()
    return Message(kind, command=command, id=msg_id)


def parse_seat(value: Any) -> Seat:
    if not isinstance(value, str) or value.upper() not in ("N", "E", "S", "W"):
        raise ProtocolError("'seat' must be one of N, E, S, W")
    return Seat.parse(value)


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _string(d: dict[str, Any], key: str, longest: int) -> str:
    value = d.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError(f"'{key}' must be a non-empty string")
    if len(value) > longest:
        raise ProtocolError(f"'{key}' is too long: at most {longest} characters")
    return value


def _text(value: Any, key: str, longest: int, *, empty: bool) -> str:
    """Free text: a string, control characters dropped, trimmed, within a length."""
    if not isinstance(value, str):
        raise ProtocolError(f"'{key}' must be a string")
    clean = "".join(
        ch
        for ch in value
        if ch in " \n" or unicodedata.category(ch)[0] not in ("C", "Z") or ch == "\u3000"
    ).strip()
    if not clean and not empty:
        raise ProtocolError(f"'{key}' must not be empty")
    if len(clean) > longest:
        raise ProtocolError(f"'{key}' is too long: at most {longest} characters")
    return clean
