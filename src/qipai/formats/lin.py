"""BBO's LIN format: ``key|value|`` pairs, one board after another.

LIN has no official specification; this reads what BBO writes. ``pn`` names the players South,
West, North, East (eight names: the open room's four, then the closed room's); ``md`` is the
dealer digit (1 South, 2 West, 3 North, 4 East) then the hands South, West, North, East, each
``S..H..D..C..`` (a hand left out is worked out from the other three when they are complete);
``sv`` the vulnerability (``o``/``0``/``-`` none, ``n``, ``e``, ``b``); ``mb`` a call (``p``,
``d``, ``r``, ``1N``...; a trailing ``!`` alerts it); ``an`` explains the call before it; ``pc``
a card played; ``mc`` a claim of declarer's total tricks; ``qx`` starts a board (``o1`` open
room board 1, ``c1`` closed room); ``ah`` a heading (``Board 1``; ``Board 1-1`` is a label kept
as text); ``vg`` a vugraph match's header (event, segment, scoring, teams), whose tags every
board after it takes. A new ``md`` or ``pn`` after a board's ``md`` also starts the next board.
``rs`` (the match's results) gives contract, declarer and result to a board whose auction
does not. ``rh st pg nt sk pw bn mn mp sa`` carry nothing a Record holds and are skipped; an unknown
token is skipped and noted in ``repairs``, and so is a line that holds no ``key|value|`` pair
(a BBO movie's header); ``strict=True`` refuses both.

>>> text = "pn|s,w,n,e|md|3SAKQJHT98D765C432,S765H432DAKQJCT98,S432HAKQJDT98C765|sv|n|"
>>> text += "mb|1N!|an|15-17|mb|p|mb|p|mb|p|pc|CA|mc|7|"
>>> [r] = read_lin(text)
>>> r.dealer, str(r.contract), r.declarer, r.claim, r.players[Seat.SOUTH]
(Seat.NORTH, '1NT', Seat.NORTH, 7, 's')
>>> read_lin(write_lin([r])) == [r]
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..bridge.auction import Auction
from ..bridge.board import Vulnerability, dealer_of, vulnerability_of
from ..bridge.calls import Bid, Call, Contract, parse_call
from ..bridge.cards import SUITS_HIGH_FIRST, Card, Rank, Seat, Suit
from ..bridge.deal import Deal, Hand
from ..bridge.errors import ParseError, RuleError
from ._common import complete_deal
from .errors import FormatError
from .record import LABEL_TAG, PLAYER_TAGS, Record

__all__ = ["read_lin", "write_lin"]

# LIN lists seats South, West, North, East; md's dealer digit counts from 1 in that order.
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}
_VUL_LETTER = {v: k for k, v in reversed(_VUL.items())}
_SKIPPED = frozenset({"rh", "st", "pg", "nt", "sk", "pw", "bn", "mn", "mp", "sa"})
# rs (a vugraph file's results, one per board and room from vg's first board, open then
# closed): "3HS=", "7CSx-3", "3NE+1"; "P" passed out.
_RS = re.compile(
    r"\s*(?P<level>[1-7])(?P<strain>[CDHSN])(?P<declarer>[NESW])(?P<risk>x{0,2})"
    r"(?P<made>=|[+-]\d{1,2})\s*",
    re.I,
)
# vg (a vugraph match's header): event, segment, scoring, first and last board, home team,
# its carried-over IMPs, visiting team, its carried-over IMPs.
_VG_TAGS = {0: "Event", 1: "Stage", 5: "HomeTeam", 7: "VisitTeam"}
_VG_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9]?[A-Za-z0-9]?\Z")
_LABEL = re.compile(r"\s*Board\s+(?!\d+\s*\Z)(.*\S)\s*", re.I)  # "Board 1-1", not "Board 12"
_ROOMS = {"o": "Open", "c": "Closed"}
# The Record's field names in errors and the LIN tokens that set them.
_TOKENS = {"Play": "pc", "Result": "mc", "claim": "mc", "Auction": "mb", "Board": "qx"}
# What a board without a number cannot do without each of these tokens.
_UNTOLD = {
    "md": "no dealer in md and no board number to tell it",
    "sv": "no sv and no board number to tell the vulnerability",
}


def read_lin(text: str, source: str = "<string>", *, strict: bool = False) -> list[Record]:
    """Every board in a LIN text, in order. Raises FormatError naming ``source``, the line and
    the token on anything it cannot read; an unknown token is skipped and noted in
    ``Record.repairs`` (with ``strict=True`` it raises)."""
    return _Reader(source, strict).read(text)


@dataclass
class _Board:
    line: int
    players: list[str]
    room: str | None = None
    number: int | None = None
    heading: int | None = None
    label: str | None = None  # a heading "Board 1-1": a board label that is not a number
    match: list[tuple[str, str]] = field(default_factory=list)  # from the vg header
    dealer: Seat | None = None
    hands: list[Hand] | None = None
    vulnerability: Vulnerability | None = None
    auction: Auction | None = None
    play: list[Card] = field(default_factory=list)
    claim: int | None = None
    repairs: list[str] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.hands is not None or self.auction is not None or bool(self.play)


class _Reader:
    def __init__(self, source: str, strict: bool = False) -> None:
        self.source = source
        self.strict = strict
        self.records: list[Record] = []
        self.players: list[str] = []
        self.board: _Board | None = None
        self.pending: list[str] = []  # warnings for the next board built
        self.match: list[tuple[str, str]] = []  # the tags of the last vg header
        self.first_board: int | None = None  # the last vg header's first board
        self.summary: list[str] = []  # the last rs: results by board and room

    def fail(self, reason: str, line: int, key: str | None) -> FormatError:
        number = None
        if self.board is not None:
            number = self.board.number or self.board.heading
        return FormatError(reason, source=self.source, line=line, tag=key, board=number)

    def read(self, text: str) -> list[Record]:
        for key, value, line in self.pairs(text.removeprefix("\ufeff")):
            self.token(key, value, line)
        self.close()
        if self.pending and self.records:  # no board followed to take them: the last one
            last = self.records[-1]
            self.records[-1] = dataclasses.replace(last, repairs=(*last.repairs, *self.pending))
        elif self.pending:
            raise FormatError(self.pending[0])
        return self.records

    def warn(self, reason: str, line: int) -> None:
        """Note text the reader skips, for the next board built; ``strict`` refuses it."""
        error = self.fail(reason, line, None)
        if self.strict:
            raise error
        self.pending.append(str(error))

    def pairs(self, text: str) -> Iterable[tuple[str, str, int]]:
        pos, line, n = 0, 1, len(text)
        while True:
            while pos < n and text[pos].isspace():
                line += text[pos] == "\n"
                pos += 1
            if pos >= n:
                return
            bar = text.find("|", pos)
            key = text[pos:bar].strip() if bar >= 0 else ""
            if not _KEY.match(key):  # not a LIN token (a BBO movie's header ...): skip the line
                stop = text.find("\n", pos)
                stop = n if stop < 0 else stop
                self.warn(
                    f"{text[pos:stop].strip()[:40]!r} is not a LIN key|value| pair: the line "
                    "is skipped",
                    line,
                )
                pos = stop
                continue
            end = text.find("|", bar + 1)
            if end < 0:  # the last value of a file may lack its closing bar
                end = n
            yield key.lower(), text[bar + 1 : end], line
            line += text.count("\n", pos, end)
            pos = end + 1

    def current(self, line: int) -> _Board:
        if self.board is None:
            self.board = _Board(line, self.players, match=self.match)
        return self.board

    def close(self) -> None:
        board, self.board = self.board, None
        if board is not None and board.started:
            self.records.append(self.build(board))

    def token(self, key: str, value: str, line: int) -> None:
        if key == "qx":
            self.close()
            board = self.current(line)
            m = re.match(r"\s*([A-Za-z]?)(\d*)", value)
            assert m is not None
            board.room = _ROOMS.get(m.group(1).lower())
            board.number = int(m.group(2)) if m.group(2) and int(m.group(2)) > 0 else None
        elif key == "pn":
            if self.board is not None and self.board.hands is not None:
                self.close()
            self.players = [name.strip() for name in value.split(",")]
            self.current(line).players = self.players
        elif key == "md":
            if self.board is not None and self.board.hands is not None:
                self.close()
            self.deal(self.current(line), value, line)
        elif key == "sv":
            letter = value.strip().lower()[:1]
            if letter not in _VUL:
                raise self.fail(f"unknown vulnerability {value!r}: use o, n, e or b", line, key)
            self.current(line).vulnerability = _VUL[letter]
        elif key == "vg":
            self.close()
            self.match = _match_tags(value)
            fields = value.split(",")
            first = fields[3].strip() if len(fields) > 3 else ""
            self.first_board = int(first) if first.isdigit() else None
            self.summary = []
        elif key == "rs":
            self.summary = [entry.strip() for entry in value.split(",")]
        elif key == "ah":
            label = _LABEL.fullmatch(value)
            m = re.search(r"\d+", value)
            if label:
                self.current(line).label = label.group(1)
            elif m and int(m.group()) > 0:
                self.current(line).heading = int(m.group())
        elif key == "mb":
            self.call(self.current(line), value, line)
        elif key == "an":
            board = self.current(line)
            if board.auction is None or not board.auction.entries:
                raise self.fail("an explanation before any call", line, key)
            last = len(board.auction.entries) - 1
            entry = board.auction.entries[last]
            board.auction = board.auction.annotate(
                last, alert=entry.alert, explanation=value.strip()
            )
        elif key == "pc":
            try:
                self.current(line).play.append(Card.parse(value))
            except ParseError as e:
                raise self.fail(str(e), line, key) from None
        elif key == "mc":
            text = value.strip()
            if not text.isdigit() or int(text) > 13:
                raise self.fail(f"bad claim {value!r}: give declarer's total tricks", line, key)
            self.current(line).claim = int(text)
        elif key not in _SKIPPED:
            board = self.current(line)
            error = self.fail(f"unknown token {key!r} skipped", line, key)
            if self.strict:
                raise error
            if not any(f"[{key}]" in r for r in board.repairs):
                board.repairs.append(str(error))

    def deal(self, board: _Board, value: str, line: int) -> None:
        text = value.strip()
        if text[:1].isdigit():
            if text[0] not in "1234":
                raise self.fail(f"the dealer digit is 1 to 4, not {text[0]}", line, "md")
            board.dealer = _LIN_SEATS[int(text[0]) - 1]
            text = text[1:]
        parts = text.split(",")
        if len(parts) > 4 and any(p.strip() for p in parts[4:]):
            raise self.fail(f"{len(parts)} hands in md, more than 4", line, "md")
        try:
            board.hands = [_hand(p) for p in [*parts, "", "", "", ""][:4]]
        except ParseError as e:
            raise self.fail(str(e), line, "md") from None

    def call(self, board: _Board, value: str, line: int) -> None:
        if board.auction is None:
            if board.dealer is None:
                raise self.fail("a call before md names the dealer", line, "mb")
            board.auction = Auction(board.dealer)
        text = value.strip()
        alert = "!" in text
        try:
            call = parse_call(text.replace("!", ""))
            board.auction = board.auction.add(call, alert=alert)
        except (ParseError, RuleError) as e:
            number = len(board.auction.entries) + 1
            raise self.fail(f"call {number} ({value}): {e}", line, "mb") from None

    def summarised(
        self, board: _Board, number: int | None
    ) -> tuple[Contract | None, Seat | None, int | None, bool]:
        """The contract, declarer, result and passed-out flag the ``rs`` summary gives a board
        whose auction does not lead to them (BBO's way to record a result without its
        auction); all None and False otherwise."""
        none = (None, None, None, False)
        if board.auction is not None and board.auction.is_complete:
            return none
        if number is None or board.room is None or self.first_board is None:
            return none
        index = 2 * (number - self.first_board) + (board.room == "Closed")
        entry = self.summary[index] if 0 <= index < len(self.summary) else ""
        if entry.upper() in ("P", "PASS"):
            return None, None, None, True
        m = _RS.fullmatch(entry)
        if m is None:
            return none
        strain = m.group("strain").upper().replace("N", "NT")
        contract = Contract.parse(m.group("level") + strain + "X" * len(m.group("risk")))
        made = 0 if m.group("made") == "=" else int(m.group("made"))
        tricks = 6 + contract.bid.level + made
        if not 0 <= tricks <= 13:
            return none
        return contract, Seat.parse(m.group("declarer")), tricks, False

    def number_for(self, board: _Board, number: int | None, tag: str) -> int:
        """The board ``number``, which tells what the missing LIN token ``tag`` would have."""
        if number is None:
            raise FormatError(_UNTOLD[tag], source=self.source, line=board.line, tag=tag)
        return number

    def build(self, board: _Board) -> Record:
        number = board.number or board.heading
        dealer = board.dealer
        if dealer is None:
            dealer = dealer_of(self.number_for(board, number, "md"))
        vulnerability = board.vulnerability
        if vulnerability is None:
            vulnerability = vulnerability_of(self.number_for(board, number, "sv"))
        hands = board.hands or [Hand()] * 4
        try:
            deal = complete_deal(Deal.from_hands(dict(zip(_LIN_SEATS, hands, strict=True))))
        except ParseError as e:
            raise FormatError(
                str(e), source=self.source, line=board.line, tag="md", board=number
            ) from None
        names = board.players
        if len(names) >= 8 and board.room == "Closed":
            names = names[4:8]
        tags = [
            (PLAYER_TAGS[seat], name)
            for seat, name in zip(_LIN_SEATS, names[:4], strict=False)
            if name
        ]
        if board.room:
            tags.append(("Room", board.room))
        if board.label and number is None:
            tags.append((LABEL_TAG, board.label))
        tags.extend(board.match)
        pending, self.pending = self.pending, []
        contract, declarer, result, passed_out = self.summarised(board, number)
        try:
            return Record(
                number=number,
                dealer=dealer,
                vulnerability=vulnerability,
                deal=deal,
                auction=board.auction,
                contract=contract,
                declarer=declarer,
                passed_out=passed_out,
                result=result,
                play=tuple(board.play),
                claim=board.claim,
                tags=tuple(tags),
                source=self.source,
                line=board.line,
                repairs=(*pending, *board.repairs),
            )
        except FormatError as e:  # name the LIN token, not the PBN-style field
            token = _TOKENS.get(e.tag or "", e.tag)
            raise FormatError(
                e.reason, source=self.source, line=board.line, tag=token, board=number
            ) from None


def _match_tags(value: str) -> list[tuple[str, str]]:
    """The tags a ``vg`` header gives every board after it."""
    fields = [f.strip() for f in value.split(",")]
    tags = [(name, fields[i]) for i, name in _VG_TAGS.items() if i < len(fields) and fields[i]]
    scoring = _VG_SCORING.get(fields[2].upper()) if len(fields) > 2 else None
    if scoring:
        tags.append(("Scoring", scoring))
    return tags


def _vg_line(
    records: list[Record], summary: tuple[set[tuple[int, str] | None], int, list[str]] | None
) -> str:
    """A ``vg`` header (and ``rs`` summary) for records that share their match tags, or ``""``
    if they have neither."""
    first = records[0]
    named = {name: first.tag(name) or "" for name in _VG_TAGS.values()}
    scoring = {v: k for k, v in _VG_SCORING.items()}.get(first.tag("Scoring") or "", "")
    if not any(named.values()) and not scoring and summary is None:
        return ""
    numbers = [r.number for r in records if r.number is not None]
    low, high = (str(min(numbers)), str(max(numbers))) if numbers else ("", "")
    results = ""
    if summary is not None:
        low, high = str(summary[1]), str(summary[1] + len(summary[2]) // 2 - 1)
        results = "rs|" + ",".join(summary[2]) + "|\n"
    fields = [named["Event"], named["Stage"], scoring, low, high]
    fields += [named["HomeTeam"], "0", named["VisitTeam"], "0"]
    return "vg|" + ",".join(_clean(f, ",", " ") for f in fields) + "|\n" + results


def _rs_text(r: Record) -> str:
    """A record's result as an ``rs`` entry (``4SNx-1``); ``""`` when it has none."""
    if r.passed_out:
        return "P"
    if r.contract is None or r.declarer is None or r.result is None:
        return ""
    bid = _call_text(r.contract.bid)
    made = r.result - r.contract.tricks_needed
    risk = str(r.contract.doubling).lower()
    return f"{bid}{r.declarer.letter}{risk}{'=' if made == 0 else f'{made:+d}'}"


def _hand(text: str) -> Hand:
    """A LIN hand: suit letters, each followed by its ranks (``SAKQHT9D2C``)."""
    cards: list[Card] = []
    suit: Suit | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in "SHDC":
            suit = Suit.parse(ch)
        elif suit is None:
            raise ParseError(f"bad LIN hand {text!r}: a rank before any suit letter")
        else:
            try:
                cards.append(Card(suit, Rank.parse(ch)))
            except ParseError:
                raise ParseError(f"bad LIN hand {text!r}: {ch!r} is not a rank") from None
    if len(set(cards)) != len(cards):
        raise ParseError(f"bad LIN hand {text!r}: a card appears twice")
    return Hand(cards)


# --- writing ---------------------------------------------------------------------------------


def write_lin(records: Iterable[Record], lost: list[str] | None = None) -> str:
    """LIN text for ``records``, one board to a line.

    LIN holds the players, the room, the board number, dealer, vulnerability, deal, the calls
    with their alerts and explanations, the cards played and a claim; a result the play does
    not finish is written as a claim. Other tags have no place in LIN and are left out; commas
    in player names and ``|`` in explanations cannot be written and become spaces and ``/``.
    A passed-out board with no auction recorded is written with its four passes.

    A contract known only from tags (no auction, or one left unfinished) has no place in a
    board's tokens: BBO keeps such results in a vugraph file's ``rs`` summary, one per board
    and room, and so does this writer for the boards of a match that have a number and an Open
    or Closed room (each once). Any other such record (a pairs event's travellers) raises
    FormatError, or, given a ``lost`` list, is written without its contract, result, play and
    claim, and a message naming the file, line and board and what was left out is added to
    ``lost``. What is written reads back.
    """
    out: list[str] = []
    records = list(records)
    start = 0
    for i in range(1, len(records) + 1):  # a vg header for each run of one match's boards
        if i == len(records) or _match_key(records[i]) != _match_key(records[start]):
            run = records[start:i]
            summary = _summary(run)
            out.append(_vg_line(run, summary))
            keyed = set() if summary is None else summary[0]
            out.extend(_board_line(r, lost, _key(r) in keyed) + "\n" for r in run)
            start = i
    return "".join(out)


def _key(r: Record) -> tuple[int, str] | None:
    """(board, room) for a record with a number and an Open or Closed room."""
    room = r.tag("Room")
    if r.number is None or room not in ("Open", "Closed"):
        return None
    return r.number, room


def _summary(run: list[Record]) -> tuple[set[tuple[int, str] | None], int, list[str]] | None:
    """BBO's ``rs`` for a match's boards when some hold a contract without its auction and
    each of those has a board number and a room: (the keys it holds, the first board, the
    entries by board and room); None when it is not needed or cannot hold them."""
    keys = [_key(r) for r in run]
    twice = {k for k in keys if keys.count(k) > 1}
    held = {k for k in keys if k is not None and k not in twice}
    if not any(_unwritable(r) and _key(r) in held for r in run):
        return None
    first = min(n for n, _ in held)
    last = max(n for n, _ in held)
    entries = [""] * (2 * (last - first + 1))
    for r, k in zip(run, keys, strict=True):
        if k in held:
            assert k is not None
            entries[2 * (k[0] - first) + (k[1] == "Closed")] = _rs_text(r)
    return set(held), first, entries


def _match_key(r: Record) -> tuple[str | None, ...]:
    return tuple(r.tag(name) for name in (*_VG_TAGS.values(), "Scoring"))


def _unwritable(r: Record) -> str | None:
    """What of ``r`` LIN cannot hold: its contract, result and play when its auction does not
    lead to the contract; None when LIN holds it all."""
    if r.contract is None or (r.auction is not None and r.auction.is_complete):
        return None
    what = [f"the contract {r.contract} by {r.declarer.letter if r.declarer else '?'}"]
    if r.result is not None:
        what.append(f"the result ({r.result} tricks)")
    if r.play:
        what.append(f"the play ({len(r.play)} cards)")
    how = "without an auction" if r.auction is None else "after an unfinished auction"
    return f"LIN has no place for a contract {how}: {', '.join(what)} left out"


def _board_line(r: Record, lost: list[str] | None = None, summarised: bool = False) -> str:
    parts: list[tuple[str, str]] = []
    room = r.tag("Room")
    if r.number is not None and room in ("Open", "Closed"):
        parts.append(("qx", f"{room[0].lower()}{r.number}"))
    players = r.players
    # always: a LIN reader keeps the last pn for the boards after it
    parts.append(("pn", ",".join(_clean(players.get(s, ""), ",", " ") for s in _LIN_SEATS)))
    parts.append(("st", ""))
    digit = str(_LIN_SEATS.index(r.dealer) + 1)
    parts.append(("md", digit + ",".join(_hand_text(r.deal[s]) for s in _LIN_SEATS)))
    parts.append(("rh", ""))
    label = r.tag(LABEL_TAG)
    if r.number is not None:
        parts.append(("ah", f"Board {r.number}"))
    elif label:
        parts.append(("ah", f"Board {_clean(label, '|', '/')}"))
    parts.append(("sv", _VUL_LETTER[r.vulnerability]))
    if r.auction is None and r.passed_out and not summarised:
        parts.extend([("mb", "p")] * 4)  # passed out: the four passes
    missing = None if summarised else _unwritable(r)
    if missing is not None:
        error = FormatError(missing, source=r.source, line=r.line, board=r.number)
        if lost is None:
            raise error
        lost.append(str(error))
    if r.auction is not None:
        for entry in r.auction.entries:
            parts.append(("mb", _call_text(entry.call) + ("!" if entry.alert else "")))
            if entry.explanation:
                parts.append(("an", _clean(entry.explanation, "|", "/")))
        parts.append(("pg", ""))
    if missing is not None:
        return _joined(parts)
    for i, card in enumerate(r.play, 1):
        parts.append(("pc", str(card)))
        if i % 4 == 0:
            parts.append(("pg", ""))
    claim = r.claim
    if claim is None and r.result is not None and len(r.play) < 52 and not summarised:
        claim = r.result
    if claim is not None:
        parts.append(("mc", str(claim)))
    return _joined(parts)


def _joined(parts: list[tuple[str, str]]) -> str:
    return "".join(f"{key}|{value}|" for key, value in parts)


def _clean(text: str, bad: str, good: str) -> str:
    """Text LIN can hold: no ``|``, no line breaks, and no ``bad``."""
    text = text.replace(bad, good).replace("|", "/")
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ").strip()


def _hand_text(hand: Hand) -> str:
    """BBO writes each suit's ranks low to high."""
    if not len(hand):
        return ""
    return "".join(
        suit.letter + "".join(c.rank.letter for c in reversed(hand.suit(suit)))
        for suit in SUITS_HIGH_FIRST
    )


def _call_text(call: Call) -> str:
    if isinstance(call, Bid):
        return f"{call.level}{'N' if call.strain.letter == 'NT' else call.strain.letter}"
    return {"P": "p", "X": "d", "XX": "r"}[str(call)]
