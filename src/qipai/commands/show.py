"""``qipai show FILE [--lang zh|en] [--board N]``: every board of a PBN, LIN or JSON file as a
hand diagram (the four hands in compass layout, the auction in columns W N E S, the contract, the
result and the score), in English or Chinese."""

from __future__ import annotations

import argparse
import unicodedata

from ..bridge.auction import Auction
from ..bridge.cards import SUITS_HIGH_FIRST, Seat, Suit
from ..bridge.deal import Hand
from ..bridge.names import display_name
from ..formats import Record, read_file
from ..formats.record import LABEL_TAG
from ..web import display
from . import SUMMARIES

# The command's own words (the bridge terms are qipai.bridge.names'): (zh-CN, en).
WORDS: dict[str, tuple[str, str]] = {
    "hidden": ("(未知)", "(not known)"),
    "not_recorded": ("未记录", "not recorded"),
    "notes": ("注释", "Notes"),
    "repaired": ("读取时修正", "Put right on reading"),
    "unknown": ("?", "?"),
}

# The auction's columns, West first; blank cells stand before the dealer's first call.
_COLUMNS = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
_CELL = 9


def term(key: str, lang: str) -> str:
    """A display term: ours first, then qipai.bridge.names."""
    pair = WORDS.get(key)
    if pair is not None:
        return pair[0] if lang.startswith("zh") else pair[1]
    return display_name(key, lang)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("show", help=SUMMARIES["show"])
    p.add_argument("file", help="a .pbn, .lin or .json file")
    p.add_argument("--lang", choices=("en", "zh"), default="en", help="language (default en)")
    p.add_argument("--board", type=int, action="append", help="only this board number")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    records = read_file(args.file)
    if args.board:
        records = [r for r in records if r.number in args.board]
    print("\n\n".join(render(r, args.lang) for r in records))
    return 0


def render(record: Record, lang: str = "en") -> str:
    """One board as text: heading, hands, auction, contract and result."""
    lines = [_heading(record, lang)]
    names = [record.tag(t) for t in ("Event", "Stage", "Room")]
    if any(names):
        lines.append(" · ".join(n for n in names if n))
    lines.append("")
    lines.extend(_diagram(record, lang))
    lines.append("")
    lines.extend(_auction(record.auction, lang))
    lines.append("")
    lines.extend(_outcome(record, lang))
    if record.repairs:
        lines.append(term("repaired", lang) + _colon(lang).rstrip())
        lines.extend(f"  {r}" for r in record.repairs)
    return "\n".join(lines)


def width(text: str) -> int:
    """Columns a terminal gives ``text``: two for wide (CJK) characters."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _colon(lang: str) -> str:
    return "：" if lang.startswith("zh") else ": "


def _pad(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def _heading(r: Record, lang: str) -> str:
    colon = _colon(lang)
    number = str(r.number) if r.number is not None else (r.tag(LABEL_TAG) or "?")
    parts = [
        f"{term('board', lang)} {number}",
        f"{term('dealer', lang)}{colon}{r.dealer.display(lang)}",
        f"{term('vulnerability', lang)}{colon}{r.vulnerability.display(lang)}",
    ]
    return "   ".join(parts)


def _hand_lines(r: Record, seat: Seat, lang: str) -> list[str]:
    name = r.players.get(seat)
    label = seat.display(lang) + (f"  {name}" if name else "")
    hand = r.deal[seat]
    if not len(hand):
        return [label, term("hidden", lang)]
    return [label, *(_suit_line(hand, suit) for suit in SUITS_HIGH_FIRST)]


def _suit_line(hand: Hand, suit: Suit) -> str:
    ranks = "".join(display.rank_text(c.rank) for c in hand.suit(suit))
    return f"{suit.symbol} {ranks or '-'}"


def _diagram(r: Record, lang: str) -> list[str]:
    north, east, south, west = (_hand_lines(r, s, lang) for s in Seat)
    indent = max(14, *(width(line) + 3 for line in west))
    middle = max(12, *(width(line) + 3 for line in north + south))
    lines = [" " * indent + line for line in north]
    for i in range(max(len(west), len(east))):
        left = west[i] if i < len(west) else ""
        right = east[i] if i < len(east) else ""
        lines.append((_pad(left, indent + middle) + right).rstrip())
    lines.extend(" " * indent + line for line in south)
    return lines


def _auction(auction: Auction | None, lang: str) -> list[str]:
    title = term("auction", lang)
    if auction is None:
        return [f"{title}{_colon(lang)}{term('not_recorded', lang)}"]
    cells = [""] * _COLUMNS.index(auction.dealer)
    notes = []
    for entry in auction.entries:
        text = display.text(display.call_bits(entry.call, lang)) + ("!" if entry.alert else "")
        if entry.explanation:
            notes.append(entry.explanation)
            text += f"({len(notes)})"
        cells.append(text)
    if not auction.is_complete:
        cells.append("?")
    names = [s.display(lang) for s in _COLUMNS]
    cell = max(_CELL, *(width(c) + 2 for c in cells + names))
    rows = [names, *(cells[i : i + 4] for i in range(0, len(cells), 4))]
    lines = ["".join(_pad(c, cell) for c in row).rstrip() for row in rows]
    if notes:
        lines.append(term("notes", lang) + _colon(lang).rstrip())
        lines.extend(f"  ({i}) {text}" for i, text in enumerate(notes, 1))
    return lines


def _outcome(r: Record, lang: str) -> list[str]:
    colon = _colon(lang)
    if r.passed_out:
        return [f"{term('contract', lang)}{colon}{term('passed_out', lang)}"]
    if r.contract is None:
        return [f"{term('contract', lang)}{colon}{term('not_recorded', lang)}"]
    declarer = term("unknown", lang) if r.declarer is None else display.seat_name(r.declarer, lang)
    contract = display.text(display.contract_bits(r.contract, lang))
    if display.zh(lang):
        line = (
            f"{term('contract', lang)}{colon}{contract}  {term('declarer', lang)}{colon}{declarer}"
        )
    else:
        line = f"{term('contract', lang)}{colon}{contract} by {declarer}"
    lines = [line]
    if r.play:
        lead = display.text(display.card_bits(r.play[0]))
        lines.append(f"{term('opening_lead', lang)}{colon}{lead}")
    if r.claim is not None:
        unit = term("tricks", lang)
        lines.append(
            f"{term('claim', lang)}{colon}{r.claim}{unit if display.zh(lang) else ' ' + unit}"
        )
    if r.result is not None:
        lines.append(
            f"{term('result', lang)}{colon}{display.tricks_text(r.contract, r.result, lang)}"
        )
    score = r.score_ns
    if score is not None:
        lines.append(f"{term('score', lang)}{colon}{display.ns_score_text(score, lang)}")
    return lines
