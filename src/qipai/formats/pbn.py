"""PBN 2.1 (Portable Bridge Notation): read games into Records and write them back.

Reads tags (``[Name "value"]``, one or several to a line, ``\\"`` and ``\\\\`` escapes), the
Auction section (calls over any number of lines, ``AP``, notes ``=1=`` with ``[Note "1:..."]``,
a ``!`` alert suffix, ``$n`` NAGs, ``*`` for the end of an unfinished auction, ``-`` for an
unknown call that ends what is known), the Play section (each trick a row in seat order from the
Play tag's seat, ``-`` for a card not played, ``*``), any other section (OptimumResultTable ...)
verbatim, ``{...}`` comments over several lines, ``;`` comments and ``%`` lines.

Inheritance: a tag value ``#`` repeats the previous game's value. In an import-format file (one
without ``% EXPORT``) a game may also leave tags out, as rpbridge.net's files do for the second
room and for later boards of a match: a game with neither Board nor Deal is another result of
the previous game's board (Board, Dealer, Vulnerable and Deal carry over); Event, Site, Date,
Stage, Round, Section, Scoring, Competition, HomeTeam and VisitTeam carry over from the previous
game; and the players carry over from the previous board's game at the same table (the n-th
result of a board is taken to be at the same table as the n-th result of the board before).

>>> text = '''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
... [Contract "1NT"]
... [Declarer "N"]
... [Result "7"]
... [Auction "N"]
... 1NT AP
... '''
>>> [r] = read_pbn(text)
>>> r.number, str(r.contract), r.declarer, r.result, r.score_ns
(1, '1NT', Seat.NORTH, 7, 90)
>>> read_pbn(write_pbn([r])) == [r]
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..bridge.auction import Auction
from ..bridge.board import Vulnerability, dealer_of, vulnerability_of
from ..bridge.calls import ALL_BIDS, PASS, Bid, Call, Contract, parse_call
from ..bridge.cards import DECK, Card, Seat
from ..bridge.deal import Deal
from ..bridge.errors import ParseError, RuleError
from ..bridge.play import Trick
from ._common import holders, parse_contract
from .errors import FormatError
from .record import LABEL_TAG, LEADING_TAGS, PLAYER_TAGS, STRUCTURED_TAGS, Record

__all__ = ["read_pbn", "write_pbn"]

_TAG_STRICT = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TAG_LOOSE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"(.*?)"\s*\]')
_UNESCAPE = re.compile(r'\\(["\\])')
_WORD = re.compile(r"[^\s{;\[]+")
_PIECE = re.compile(r"=\d+=|\$\d+|[!?]+|[*+]|[^=$!?*+]+|[=$]")
_NOTE_REF = re.compile(r"=(\d+)=\Z")
_NOTE = re.compile(r"\s*(\d+)\s*:(.*)\Z", re.S)
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_RESULT = re.compile(
    r"(?P<tricks>\d|1[0-3])"
    r"|(?P<side1>NS|EW)\s*(?P<n1>\d|1[0-3])(?:\s*(?P<side2>NS|EW)\s*(?P<n2>\d|1[0-3]))?",
    re.I,
)
_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*"')

_CARDS = {str(card): card for card in DECK}
_CALLS = {word: parse_call(word) for word in ("Pass", "X", "XX", *map(str, ALL_BIDS))}
_KNOWN = {name.lower(): name for name in (*STRUCTURED_TAGS, *LEADING_TAGS)}
_SECTIONS = ("Auction", "Play")
# Tags a game without them takes from the previous game (import format).
_EVENT_TAGS = (
    "Event",
    "Site",
    "Date",
    "Stage",
    "Round",
    "Section",
    "Scoring",
    "Competition",
    "HomeTeam",
    "VisitTeam",
)
_DEAL_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")
_UNKNOWN = ("", "?")


def read_pbn(text: str, source: str = "<string>", *, strict: bool = False) -> list[Record]:
    """Every game in a PBN text, one Record per result, in file order.

    Raises FormatError naming ``source``, the line and the tag on anything it cannot read
    faithfully. Two faults of real files are put right and noted in ``Record.repairs`` (with
    ``strict=True`` they raise instead): an auction that leaves out the passes before the
    opening bid (rpbridge.net's files do; the Declarer tag tells how many), and a Contract tag
    that drops the double or redouble the auction shows (the auction is kept).
    """
    return _Reader(source, strict).read(text)


# --- reading ---------------------------------------------------------------------------------


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    rows: list[str] = field(default_factory=list)
    tokens: list[tuple[str, int]] = field(default_factory=list)
    row_line: int | None = None  # where the first row is


@dataclass
class _Game:
    line: int
    tags: dict[str, _Tag] = field(default_factory=dict)
    notes: dict[str, dict[int, _Tag]] = field(default_factory=lambda: {s: {} for s in _SECTIONS})
    extra: list[_Tag] = field(default_factory=list)  # notes and repeated tags: no rows allowed
    current: _Tag | None = None
    section: str = "Auction"


class _Reader:
    def __init__(self, source: str, strict: bool = False) -> None:
        self.source = source
        self.strict = strict
        self.records: list[Record] = []
        self.export = False
        self.game: _Game | None = None
        self.previous: dict[str, _Tag] = {}
        self.table = 0  # which result of its board the last game was
        self.players: dict[int, dict[str, _Tag]] = {}
        self.comment_from: int | None = None
        self.comment_swallows: int | None = None  # the first tag line inside that comment
        self.swallowed_tag: str | None = None  # and its tag
        self.warnings: list[FormatError] = []  # for the next record built
        self.deals: dict[str, Deal] = {}  # rooms share a deal: read each text once

    def fail(self, reason: str, line: int | None, tag: str | None = None) -> FormatError:
        return FormatError(reason, source=self.source, line=line, tag=tag)

    def read(self, text: str) -> list[Record]:
        for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
            if self.comment_from is not None:
                end = line.find("}")
                if end < 0:
                    swallowed = _TAG_LINE.match(line)
                    if self.comment_swallows is None and swallowed:
                        self.comment_swallows = number
                        self.swallowed_tag = swallowed.group(1)
                    continue
                self.close_comment(number)
                self.scan(line[end + 1 :], number)
            elif line.startswith("%"):
                word = line[1:].strip().upper()
                if word in ("EXPORT", "IMPORT"):
                    self.export = word == "EXPORT"
            elif not line.strip():
                self.end_game()
            else:
                self.scan(line, number)
        if self.comment_from is not None:
            self.warn(
                f"a {{ comment }} opened on line {self.comment_from} is never closed: the rest "
                "of the file is read as comment",
                self.comment_from,
                self.swallowed_tag if self.comment_swallows is not None else None,
            )
            self.comment_from = None
        self.end_game()
        if self.warnings and self.records:  # nothing followed to take them: the last record
            last = self.records[-1]
            notes = (*last.repairs, *(str(w.at(board=last.number)) for w in self.warnings))
            self.records[-1] = dataclasses.replace(last, repairs=notes)
        elif self.warnings:
            raise self.warnings[0]
        return self.records

    def stray_brace(self, line: int) -> FormatError:
        return self.fail(
            "a '}' that closes no comment (PBN comments do not nest: the first '}' ends one)",
            line,
        )

    def warn(self, reason: str, line: int, tag: str | None = None) -> None:
        """Note a fault the reader reads past; ``strict`` refuses it instead."""
        error = self.fail(reason, line, tag)
        if self.strict:
            raise error
        self.warnings.append(error)

    def close_comment(self, number: int) -> None:
        opened, swallowed = self.comment_from, self.comment_swallows
        self.comment_from = self.comment_swallows = None
        if swallowed is not None:
            self.warn(
                f"a {{ comment }} opened on line {opened} runs across the tag line {swallowed} "
                f"to line {number}: the tags in it are not read (is a '}}' missing?)",
                swallowed,
                self.swallowed_tag,
            )

    def scan(self, line: str, number: int) -> None:
        pos, n = 0, len(line)
        while pos < n:
            c = line[pos]
            if c.isspace():
                pos += 1
            elif c == "[":
                m = _TAG_STRICT.match(line, pos)
                if m:
                    value = _UNESCAPE.sub(r"\1", m.group(2))
                else:
                    m = _TAG_LOOSE.match(line, pos)
                    if not m:
                        raise self.fail(
                            f'bad tag pair {line[pos:].strip()!r}: write [Name "value"]', number
                        )
                    value = m.group(2)
                self.tag(m.group(1), value, number)
                pos = m.end()
            elif c == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    self.comment_from = number
                    return
                pos = end + 1
            elif c == "}":
                raise self.stray_brace(number)
            elif c == ";":
                return
            else:
                pos = self.data(line, pos, number)

    def data(self, line: str, pos: int, number: int) -> int:
        game = self.game
        tag = game.current if game else None
        if tag is None:
            word = _WORD.match(line, pos)
            text = word.group() if word else line[pos:]
            raise self.fail(f"{text!r} is outside any tag", number)
        if tag.name in _SECTIONS:
            m = _WORD.match(line, pos)
            assert m is not None
            if "}" in m.group():
                raise self.stray_brace(number)
            tag.tokens.append((m.group(), number))
            return m.end()
        end = _row_end(line, pos)
        if "}" in _QUOTED.sub("", line[pos:end]):
            raise self.stray_brace(number)
        if not tag.rows:
            tag.row_line = number
        tag.rows.append(line[pos:end].rstrip())
        return end

    def tag(self, raw_name: str, value: str, number: int) -> None:
        name = _KNOWN.get(raw_name.lower(), raw_name)
        if self.game is None:
            self.game = _Game(number)
        game = self.game
        tag = _Tag(name, value, number)
        game.current = tag
        if name == "Note":
            m = _NOTE.match(value)
            if not m:
                raise self.fail(f'bad note {value!r}: write [Note "1:text"]', number, name)
            game.notes[game.section][int(m.group(1))] = tag
            game.extra.append(tag)
        elif name in game.tags:
            if name in STRUCTURED_TAGS:
                raise self.fail(
                    f"a second [{name}] in one game: is the blank line between games missing?",
                    number,
                    name,
                )
            game.extra.append(tag)  # PBN: a repeated tag is ignored
        else:
            game.tags[name] = tag
            if name in _SECTIONS:
                game.section = name

    def end_game(self) -> None:
        game, self.game = self.game, None
        if game is not None:
            record = _GameBuilder(self, game).build()
            if record is not None:
                self.records.append(record)


_BOARD_TAGS = ("Board", "Dealer", "Deal", *_SECTIONS, "Declarer", "Contract", "Result")


def _known(tag: _Tag | None) -> bool:
    return tag is not None and (tag.value.strip() not in _UNKNOWN or bool(tag.tokens))


def _row_end(line: str, pos: int) -> int:
    """Where a section row ends: at a comment outside quotes, or the end of the line."""
    quoted = False
    i = pos
    while i < len(line):
        c = line[i]
        if c == '"':
            quoted = not quoted
        elif c == "\\" and quoted:
            i += 1
        elif not quoted and c in "{;":
            return i
        i += 1
    return len(line)


class _GameBuilder:
    """Turns one game's tags and sections into a Record."""

    def __init__(self, reader: _Reader, game: _Game) -> None:
        self.reader = reader
        self.game = game
        self.number: int | None = None
        self.label: str | None = None  # a Board tag that is not a number, kept as text
        self.repairs: list[str] = []
        self.warnings = list(reader.warnings)  # the reader's, named with this board
        reader.warnings.clear()
        self.deal_value = Deal.from_hands({})

    def fail(self, reason: str, tag: _Tag | None) -> FormatError:
        line = tag.line if tag is not None else self.game.line
        return FormatError(
            reason,
            source=self.reader.source,
            line=line,
            tag=tag.name if tag is not None else None,
            board=self.number,
        )

    def build(self) -> Record | None:
        tags = self.inherit(self.resolve_hashes(self.game.tags))
        if not any(_known(tags.get(name)) for name in _BOARD_TAGS):
            # a page of text (BridgeComposer's lesson commentary): nothing to place on a board
            self.reader.warnings.extend(self.warnings)
            self.reader.warn(
                "a game with no board, dealer, deal, auction or result (only "
                f"{', '.join(sorted(tags)) or 'comments'}): skipped",
                self.game.line,
            )
            return None
        board = tags.get("Board")
        self.number = self.board_number(board)
        self.repairs.extend(str(w.at(board=self.number)) for w in self.warnings)
        for tag in [*tags.values(), *self.game.extra]:
            if tag.rows and (tag.name in STRUCTURED_TAGS):
                row = _Tag(tag.name, tag.value, tag.row_line or tag.line)
                raise self.fail(f"unexpected text after [{tag.name}]: {tag.rows[0]!r}", row)
        dealer = self.dealer(tags)
        vulnerability = self.vulnerability(tags.get("Vulnerable"))
        deal = self.deal_value = self.deal(tags.get("Deal"))
        contract, passed_out = self.contract(tags.get("Contract"))
        declarer = self.seat(tags.get("Declarer"))
        auction = self.auction(tags.get("Auction"), dealer, self.first_caller(tags))
        if auction is not None and auction.is_complete:
            auction = self.reconcile(auction, contract, declarer, passed_out, tags)
            contract, declarer = auction.contract, auction.declarer
        passed_out = passed_out or (auction is not None and auction.is_passed_out)
        result = self.result(tags.get("Result"), declarer, passed_out)
        play = self.play(tags.get("Play"), auction, contract, declarer)
        if play and result is not None and contract is not None and declarer is not None:
            play = self.fit_play(play, result, contract, declarer, tags["Play"])
        free = tuple(
            (t.name, "\n".join([t.value, *t.rows]))
            for t in tags.values()
            if t.name not in STRUCTURED_TAGS and not (self.label and t.name == LABEL_TAG)
        )
        if self.label:
            free = ((LABEL_TAG, self.label), *free)
        try:
            return Record(
                number=self.number,
                dealer=dealer,
                vulnerability=vulnerability,
                deal=deal,
                auction=auction,
                contract=contract,
                declarer=declarer,
                passed_out=passed_out,
                result=result,
                play=play,
                tags=free,
                source=self.reader.source,
                line=self.game.line,
                repairs=tuple(self.repairs),
            )
        except FormatError as e:
            at = tags.get(e.tag or "")
            if at is None and e.tag == "claim":
                at = tags.get("Result")
            raise FormatError(
                e.reason,
                source=self.reader.source,
                line=at.line if at else self.game.line,
                tag=e.tag,
                board=self.number,
            ) from None

    # -- inheritance ---------------------------------------------------------------------------

    def resolve_hashes(self, tags: dict[str, _Tag]) -> dict[str, _Tag]:
        """A tag value ``#`` repeats the previous game's value of that tag (PBN 2.1, 4.8)."""
        out = {}
        for name, tag in tags.items():
            if tag.value == "#" and not tag.rows:
                before = self.reader.previous.get(name)
                if before is None and name not in STRUCTURED_TAGS:
                    self.repair(
                        f'[{name} "#"] has no previous game value to repeat: the tag is dropped',
                        tag,
                    )
                    continue
                if name in _SECTIONS or before is None:
                    raise self.fail(f'[{name} "#"] has no previous game value to repeat', tag)
                tag = _Tag(name, before.value, tag.line, list(before.rows), list(before.tokens))
            out[name] = tag
        return out

    def inherit(self, tags: dict[str, _Tag]) -> dict[str, _Tag]:
        reader = self.reader
        previous = reader.previous
        new_board = "Board" in tags or "Deal" in tags or not previous
        table = 0 if new_board else reader.table + 1
        if not reader.export:
            taken: dict[str, _Tag] = {}
            if not new_board:
                taken.update({n: previous[n] for n in _DEAL_TAGS if n in previous})
            taken.update({n: previous[n] for n in _EVENT_TAGS if n in previous})
            same_table = reader.players.get(table, {})
            taken.update({n: same_table[n] for n in PLAYER_TAGS.values() if n in same_table})
            order = [*previous, *same_table]
            inherited = {n: taken[n] for n in sorted(taken, key=order.index) if n not in tags}
            tags = {**inherited, **tags}
        reader.previous = tags
        reader.table = table
        players = {n: tags[n] for n in PLAYER_TAGS.values() if n in tags}
        reader.players[table] = players
        return tags

    # -- the fields ------------------------------------------------------------------------------

    def board_number(self, tag: _Tag | None) -> int | None:
        if tag is None or tag.value.strip() in _UNKNOWN:
            return None
        text = tag.value.strip()
        if not text.isdigit():  # a label such as BridgeComposer's lessons' "1-1"
            self.label = text
            return None
        if int(text) < 1:
            raise self.fail(f"bad board number {tag.value!r}: use 1, 2, 3 ...", tag)
        return int(text)

    def seat(self, tag: _Tag | None) -> Seat | None:
        if tag is None or tag.value.strip() in _UNKNOWN:
            return None
        try:
            return Seat.parse(tag.value)
        except ParseError as e:
            raise self.fail(str(e), tag) from None

    def dealer(self, tags: dict[str, _Tag]) -> Seat:
        dealer = self.seat(tags.get("Dealer"))
        first = self.first_caller(tags)
        if dealer is None:  # a Seat is an int: North is 0, so test for None
            dealer = first
        if dealer is None:
            if self.number is None:
                raise self.fail("no Dealer tag, and no board number to tell the dealer", None)
            dealer = dealer_of(self.number)
        return dealer

    def first_caller(self, tags: dict[str, _Tag]) -> Seat | None:
        """The seat the Auction tag names: the first column of the auction's table."""
        return self.seat(tags.get("Auction"))

    def vulnerability(self, tag: _Tag | None) -> Vulnerability:
        if tag is None or tag.value.strip() == "?":
            if self.number is None:
                raise self.fail(
                    "no Vulnerable tag, and no board number to tell the vulnerability", tag
                )
            return vulnerability_of(self.number)
        try:
            return Vulnerability.parse(tag.value)
        except ParseError as e:
            raise self.fail(str(e), tag) from None

    def deal(self, tag: _Tag | None) -> Deal:
        if tag is None or tag.value.strip() in _UNKNOWN:
            return Deal.from_hands({})
        deal = self.reader.deals.get(tag.value)
        if deal is None:
            try:
                deal = self.reader.deals[tag.value] = Deal.parse(tag.value)
            except ParseError as e:
                mended = _mended_deal(tag.value)
                if mended is None:
                    raise self.fail(str(e), tag) from None
                text, how = mended
                try:
                    deal = Deal.parse(text)
                except ParseError:
                    raise self.fail(str(e), tag) from None
                self.repair(f"{e}; {how}", tag)
        return deal

    def contract(self, tag: _Tag | None) -> tuple[Contract | None, bool]:
        if tag is None or tag.value.strip() in _UNKNOWN:
            return None, False
        if tag.value.strip().upper() == "PASS":
            return None, True
        try:
            return parse_contract(tag.value), False
        except ParseError as e:
            raise self.fail(str(e), tag) from None

    def result(self, tag: _Tag | None, declarer: Seat | None, passed_out: bool) -> int | None:
        """Declarer's tricks from the Result tag: a number, or tricks given for a side
        (``NS 11``, ``EW 2 NS 11``; a leading ``^`` marks a result the players agreed on,
        PBN 2.1, 3.4.15). A passed-out board's ``0`` is no result."""
        if tag is None or tag.value.strip() in _UNKNOWN:
            return None
        text = tag.value.strip().removeprefix("^").strip()
        m = _RESULT.fullmatch(text)
        if m is None:
            raise self.fail(
                f"bad result {tag.value!r}: give declarer's tricks, 0 to 13 (or NS 9, EW 4)", tag
            )
        if passed_out:
            if text != "0":
                raise self.fail(f"a passed-out board has no result, not {tag.value!r}", tag)
            self.repair('a passed-out board with [Result "0"]: read as no result', tag)
            return None
        if m.group("tricks") is not None:
            return int(m.group("tricks"))
        sides = {m.group("side1").upper(): int(m.group("n1"))}
        if m.group("side2") is not None:
            sides[m.group("side2").upper()] = int(m.group("n2"))
            if len(sides) != 2 or sum(sides.values()) != 13:
                raise self.fail(f"bad result {tag.value!r}: the two sides' tricks make 13", tag)
        if declarer is None:
            raise self.fail(f"result {tag.value!r} is given for a side, but no declarer", tag)
        mine = declarer.side.value
        tricks = sides[mine] if mine in sides else 13 - next(iter(sides.values()))
        if self.reader.export:
            self.repair(
                f"result {tag.value!r} is given for a side, not as declarer's tricks as an "
                f"export-format file gives it; read as {tricks}",
                tag,
            )
        return tricks

    def auction(self, tag: _Tag | None, dealer: Seat, first: Seat | None) -> Auction | None:
        """The calls of the Auction section. Its table may start from another seat than the
        dealer's, with a ``-`` for each seat before the dealer (PBN 2.1, 3.5, import format)."""
        if tag is None:
            return None
        auction = Auction(dealer)
        alerts: set[int] = set()
        notes: dict[int, list[tuple[int, int]]] = {}
        unknown_at: int | None = None
        all_at: _Tag | None = None
        before_dealer = 0 if first is None else (dealer - first) % 4
        if before_dealer and self.reader.export:
            self.repair(
                f"the auction's table starts with {first!s}, not the dealer {dealer!s} as an "
                "export-format file has it",
                tag,
            )
        for token, line in tag.tokens:
            at = _Tag(tag.name, tag.value, line)
            for piece in _PIECE.findall(token):
                if before_dealer:
                    if piece != "-":
                        assert first is not None
                        raise self.fail(
                            f"the auction starts with {first.name.title()}, but "
                            f"{dealer.name.title()} dealt: PBN wants a '-' for each of the "
                            f"{(dealer - first) % 4} seats before the dealer, "
                            f"not {piece!r}",
                            at,
                        )
                    before_dealer -= 1
                    continue
                if piece in ("*", "+"):
                    return self.annotate(auction, alerts, notes)
                if piece.startswith("$"):
                    continue
                ref = _NOTE_REF.match(piece)
                if ref or piece[0] in "!?":
                    if not auction.entries:
                        raise self.fail(f"{piece!r} before the first call", at)
                    index = len(auction.entries) - 1
                    if ref:
                        notes.setdefault(index, []).append((int(ref.group(1)), line))
                    elif "!" in piece:
                        alerts.add(index)
                    continue
                if unknown_at is not None:
                    raise self.fail(
                        f"call {piece!r} after an unknown call '-' (line {unknown_at})", at
                    )
                if piece == "-":
                    unknown_at = line
                    continue
                if piece.lower() == "all" and all_at is None:  # Baker Bridge's "all pass"
                    all_at = at
                    continue
                if all_at is not None:
                    if piece.lower() != "pass":
                        raise self.fail(f"'all' is not a call (before {piece!r})", all_at)
                    self.repair("'all pass' is read as AP (all pass)", all_at)
                    piece, all_at = "AP", None
                auction = self.add_call(auction, piece, at)
        if all_at is not None:
            raise self.fail("'all' is not a call", all_at)
        return self.annotate(auction, alerts, notes)

    def add_call(self, auction: Auction, text: str, at: _Tag) -> Auction:
        if text.upper() == "AP":  # all pass
            while not auction.is_complete:
                auction = auction.add(PASS)
            return auction
        try:
            call = _CALLS.get(text)
            return auction.add(parse_call(text) if call is None else call)
        except (ParseError, RuleError) as e:
            raise self.fail(f"call {len(auction.entries) + 1} ({text}): {e}", at) from None

    def annotate(
        self, auction: Auction, alerts: set[int], notes: dict[int, list[tuple[int, int]]]
    ) -> Auction:
        # notes follow their section; a file that lists them all at the end is read too
        found = {**self.game.notes["Play"], **self.game.notes["Auction"]}
        for index in sorted(alerts | set(notes)):
            texts = []
            for number, line in notes.get(index, []):
                note = found.get(number)
                if note is None:
                    self.repair(
                        f'note ={number}= has no [Note "{number}:..."]: the call keeps the '
                        f"reference ={number}= as its explanation",
                        _Tag("Auction", "", line),
                    )
                    texts.append(f"={number}=")
                    continue
                m = _NOTE.match(note.value)
                assert m is not None
                texts.append(m.group(2).strip())
            explanation = "; ".join(texts)
            auction = auction.annotate(index, alert=index in alerts, explanation=explanation)
        return auction

    def reconcile(
        self,
        auction: Auction,
        contract: Contract | None,
        declarer: Seat | None,
        passed_out: bool,
        tags: dict[str, _Tag],
    ) -> Auction:
        """The finished auction, agreeing with the Contract and Declarer tags, or FormatError.

        A file may leave out the passes before the opening bid: then exactly one number of
        passes (1 to 3) put back makes the auction's declarer the Declarer tag's. A Contract tag
        may also lack the auction's double: the auction is kept. Both are noted as repairs.
        """
        tries = [0]
        opened = auction.entries[0].call != PASS
        if declarer is not None and auction.declarer is not None and opened:
            tries.append((declarer - auction.declarer) % 4)  # k passes turn each seat by k
        for k in tries:
            found = _with_passes(auction, k)
            if found is None or not _agrees(found, contract, declarer, passed_out):
                continue
            final = found.contract
            if k:
                self.repair(
                    f"the auction leaves out the {k} pass{'es' if k > 1 else ''} before the "
                    f"opening bid (the Declarer tag says {found.declarer!s}); "
                    "read with them put back",
                    tags["Auction"],
                )
            if contract is not None and final is not None and final != contract:
                self.repair(
                    f"the Contract tag says {contract}, but the auction ends in {final}; "
                    "the auction's contract is kept",
                    tags["Contract"],
                )
            return found
        tag = tags.get("Contract") or tags.get("Declarer") or tags["Auction"]
        said = "passed out" if passed_out else f"{contract or '?'} by {_seat_text(declarer)}"
        got = "passed out" if auction.is_passed_out else f"{auction.contract} by {auction.declarer}"
        raise self.fail(f"the tags say {said}, but the auction ends {got}", tag)

    def repair(self, reason: str, tag: _Tag) -> None:
        error = self.fail(reason, tag)
        if self.reader.strict:
            raise error
        self.repairs.append(str(error))

    def play(
        self,
        tag: _Tag | None,
        auction: Auction | None,
        contract: Contract | None,
        declarer: Seat | None,
    ) -> tuple[Card, ...]:
        if tag is None:
            return ()
        rows = self.play_rows(tag)
        if not rows:
            return ()
        if auction is not None and auction.is_complete:
            contract = auction.contract if contract is None else contract
            declarer = auction.declarer if declarer is None else declarer
        if contract is None or declarer is None:
            raise self.fail("cards played, but the contract or declarer is unknown", tag)
        first = self.seat(tag)
        if first is None:
            raise self.fail("the Play tag must name the opening leader", tag)
        if first != declarer.lho:
            raise self.fail(
                f"the opening lead is {first.name.title()}'s, but declarer "
                f"{declarer.name.title()}'s left-hand opponent is {declarer.lho.name.title()}",
                tag,
            )
        where = holders(self.deal_value)
        played: list[Card] = []
        leader = first
        finished = False
        moved: list[int] = []
        for number, (cells, line) in enumerate(rows, 1):
            at = _Tag(tag.name, tag.value, line)
            by_seat = _by_column(cells, first, where)
            if by_seat is None:
                by_seat = _by_holder(cells, where)
                if by_seat is None:
                    raise self.fail(_misplaced(number, cells, first, where), at)
                moved.append(number)
            cards = [by_seat.get(seat) for seat in leader.following()]
            known = [c for c in cards if c is not None]
            if finished:
                if known:
                    raise self.fail(f"trick {number} follows an unfinished trick", at)
                continue
            count = next((i for i, c in enumerate(cards) if c is None), 4)
            if len(known) != count:
                raise self.fail(_gap(number, cells, first, leader, by_seat, where), at)
            played.extend(known)
            if count == 4:
                leader = Trick(leader, tuple(known), contract.strain.suit).winner
            else:
                finished = True
        if moved:
            tricks = ", ".join(map(str, moved))
            self.repair(
                f"the cards of trick{'s' if len(moved) > 1 else ''} {tricks} are not in the "
                f"Play section's column order ({first.letter} first); each is read as played "
                "by the hand that holds it",
                tag,
            )
        return tuple(played)

    def fit_play(
        self, play: tuple[Card, ...], result: int, contract: Contract, declarer: Seat, tag: _Tag
    ) -> tuple[Card, ...]:
        """The play, cut back to the tricks that still allow the recorded result (which is kept:
        it is what the board was scored on), noting a repair when cut."""
        won = 0
        leader = declarer.lho
        for done, i in enumerate(range(0, len(play) - 3, 4), 1):
            trick = Trick(leader, play[i : i + 4], contract.strain.suit)
            leader = trick.winner
            won += trick.winner.side is declarer.side
            if not won <= result <= won + 13 - done or (done == 13 and won != result):
                kept = done - 1
                self.repair(
                    f"the result is {result} tricks, but after trick {done} declarer has won "
                    f"{won} of {done}; the play is kept to trick {kept}",
                    tag,
                )
                return play[: 4 * kept]
        return play

    def play_rows(self, tag: _Tag) -> list[tuple[list[Card | None], int]]:
        rows: list[tuple[list[Card | None], int]] = []
        cells: list[Card | None] = []
        line = tag.line
        for token, line in tag.tokens:
            for piece in _PIECE.findall(token):
                if piece in ("*", "+"):
                    return _close_row(rows, cells, line)
                if piece.startswith("$") or _NOTE_REF.match(piece) or piece[0] in "!?":
                    continue
                if piece == "-":
                    cells.append(None)
                else:
                    try:
                        cells.append(_CARDS.get(piece) or Card.parse(piece))
                    except ParseError as e:
                        raise self.fail(str(e), _Tag(tag.name, tag.value, line)) from None
                if len(cells) == 4:
                    rows.append((cells, line))
                    cells = []
        return _close_row(rows, cells, line)


def _mended_deal(value: str) -> tuple[str, str] | None:
    """A Deal tag real files get wrong, in PBN's form, and how it was read; None if not one:
    hands left empty between single spaces (CSVtoPBN's ``W: AT6.A74.KQT2.K84  853.K96...``),
    or spot cards written ``x`` (BridgeComposer's lessons), which cannot be placed."""
    first, colon, rest = value.strip().partition(":")
    if not colon:
        return None
    hands = rest.split(" ")
    if len(hands) != 4:
        hands = rest.split()
    if len(hands) != 4:
        return None
    how = []
    if any(not h for h in hands):
        how.append("an empty place is read as a hand not given")
    if any("x" in h.lower() for h in hands):
        how.append("a hand with spot cards 'x' is read as not given")
    read = ["-" if not h or "x" in h.lower() else h for h in hands]
    return (f"{first}:{' '.join(read)}", " and ".join(how)) if how else None


def _seat_text(seat: Seat | None) -> str:
    return "?" if seat is None else seat.letter


def _agrees(
    auction: Auction, contract: Contract | None, declarer: Seat | None, passed_out: bool
) -> bool:
    """Whether a finished auction fits the Contract and Declarer tags (doubling aside)."""
    if auction.is_passed_out:
        return contract is None and declarer is None
    if passed_out:
        return False
    final = auction.contract
    assert final is not None
    if declarer is not None and auction.declarer != declarer:
        return False
    return contract is None or contract.bid == final.bid


def _with_passes(auction: Auction, k: int) -> Auction | None:
    """``auction`` with ``k`` passes put before its first call, or None if that is not legal."""
    if not k:
        return auction
    found = Auction(auction.dealer)
    try:
        for _ in range(k):
            found = found.add(PASS)
        for e in auction.entries:
            found = found.add(e.call, alert=e.alert, explanation=e.explanation)
    except RuleError:
        return None
    return found


def _by_column(
    cells: list[Card | None], first: Seat, where: dict[Card, Seat]
) -> dict[Seat, Card] | None:
    """A trick row read as PBN says, column i played by the i-th seat from ``first``; None if
    the deal puts one of its cards in another hand."""
    by_seat = {}
    for seat, card in zip(first.following(), cells, strict=True):
        if card is not None:
            if where.get(card, seat) != seat:
                return None
            by_seat[seat] = card
    return by_seat


def _by_holder(cells: list[Card | None], where: dict[Card, Seat]) -> dict[Seat, Card] | None:
    """A trick row read by who holds each card, if the deal tells and no hand plays twice."""
    by_seat = {}
    for card in cells:
        if card is not None:
            seat = where.get(card)
            if seat is None or seat in by_seat:
                return None
            by_seat[seat] = card
    return by_seat


def _misplaced(number: int, cells: list[Card | None], first: Seat, where: dict[Card, Seat]) -> str:
    for i, card in enumerate(cells):
        if card is None:
            continue
        seat = Seat((first + i) % 4)
        holder = where.get(card)
        if holder is not None and holder != seat:
            return (
                f"trick {number}: {card} is in {seat.name.title()}'s column, "
                f"but {holder.name.title()} holds it"
            )
    return f"trick {number}: the cards do not fit the deal"


def _gap(
    number: int,
    cells: list[Card | None],
    first: Seat,
    leader: Seat,
    by_seat: dict[Seat, Card],
    where: dict[Card, Seat],
) -> str:
    """Why a trick row leaves a hole between the lead and a later card, naming the cards."""
    lead = cells[(leader - first) % 4]
    holder = where.get(lead) if lead is not None else None
    if lead is not None and holder is not None and holder != leader:
        return (
            f"trick {number}: {leader.name.title()} is on lead, but {lead} in "
            f"{leader.name.title()}'s column is {holder.name.title()}'s card"
        )
    seat = next(s for s in leader.following() if s not in by_seat)
    later = ", ".join(f"{s.name.title()} {c}" for s, c in by_seat.items())
    return (
        f"trick {number}: {seat.name.title()} plays no card (on lead: {leader.name.title()}), "
        f"but the row has {later}"
    )


def _close_row(
    rows: list[tuple[list[Card | None], int]], cells: list[Card | None], line: int
) -> list[tuple[list[Card | None], int]]:
    if cells:
        rows.append((cells + [None] * (4 - len(cells)), line))
    return rows


# --- writing ---------------------------------------------------------------------------------


def write_pbn(records: Iterable[Record]) -> str:
    """PBN 2.1 text for ``records``: every tag the records hold, games apart by a blank line.

    The file is marked ``% EXPORT``, so a reader takes nothing from one game to the next.
    """
    lines = ["% PBN 2.1", "% EXPORT"]
    for record in records:
        lines.append("")
        lines.extend(_game_lines(record))
    return "\n".join(lines) + "\n"


def _game_lines(r: Record) -> list[str]:
    free = dict(r.tags)
    lines: list[str] = []

    def put(name: str, value: str) -> None:
        head, *rows = value.split("\n")
        lines.append(f'[{name} "{_escape(head)}"]')
        for row in rows:
            if not row.strip() or row.lstrip()[0] in "[%" or _row_end(row, 0) != len(row):
                raise FormatError(
                    f"tag {name}: the row {row!r} cannot be written in a PBN section", tag=name
                )
            lines.append(row)

    def put_free(*names: str) -> None:
        for name in names:
            if name in free:
                put(name, free.pop(name))

    put_free("Event", "Site", "Date")
    if r.number is not None:
        put("Board", str(r.number))
    elif LABEL_TAG in free:
        put("Board", free.pop(LABEL_TAG))
    put_free("West", "North", "East", "South")
    put("Dealer", r.dealer.letter)
    put("Vulnerable", str(r.vulnerability))
    put("Deal", r.deal.pbn(r.dealer))
    put_free("Scoring")
    if r.passed_out:
        put("Declarer", "")
        put("Contract", "Pass")
        put("Result", "")
    elif r.contract is not None:
        if r.declarer is not None:
            put("Declarer", r.declarer.letter)
        put("Contract", str(r.contract))
        if r.result is not None:
            put("Result", str(r.result))
    if r.auction is not None:
        lines.extend(_auction_lines(r.auction))
    if r.play:
        lines.extend(_play_lines(r))
    for name, value in free.items():
        put(name, value)
    return lines


def _auction_lines(auction: Auction) -> list[str]:
    lines = [f'[Auction "{auction.dealer.letter}"]']
    words: list[str] = []
    notes: list[str] = []
    for entry in auction.entries:
        word = _call_word(entry.call) + ("!" if entry.alert else "")
        if entry.explanation:
            notes.append(" ".join(entry.explanation.splitlines()).strip())
            word += f" ={len(notes)}="
        words.append(word)
    if not auction.is_complete:
        words.append("*")
    for i in range(0, len(words), 4):
        lines.append(" ".join(words[i : i + 4]))
    lines.extend(f'[Note "{i}:{_escape(text)}"]' for i, text in enumerate(notes, 1))
    return lines


def _call_word(call: Call) -> str:
    if isinstance(call, Bid):
        return str(call)
    return {"P": "Pass"}.get(str(call), str(call))


def _play_lines(r: Record) -> list[str]:
    assert r.declarer is not None
    first = r.declarer.lho
    lines = [f'[Play "{first.letter}"]']
    tricks = [t for t in r.tricks if t.cards]
    for trick in tricks:
        by_seat = dict(trick.played_by())
        cells = [by_seat.get(seat) for seat in first.following()]
        lines.append(" ".join("-" if c is None else str(c) for c in cells))
    if sum(t.is_complete for t in tricks) < 13:
        lines.append("*")
    return lines


def _escape(value: str) -> str:
    """Escape a tag value: ``"`` always, ``\\`` where a reader would take it for an escape."""
    out = []
    for i, c in enumerate(value):
        if c == '"':
            out.append('\\"')
        elif c == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(c)
    return "".join(out)
