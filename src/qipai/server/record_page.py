"""The hand record page of one finished board of a table (``/tables/{id}/boards/{n}``):
server-rendered from the hand record JSON of ``records.py`` (deal, auction, play with each
card's DD cost, DD table, par, the same board at the other tables), with the record embedded
for ``static/record.js``, which replays the play card by card.

The page follows the access rule of the JSON API (``access.finished_board``): a private table
is for its own people, and nobody sees a board they have still to play at another table.

Display text is built here, as lists of ``(text, css class)`` pieces the template prints:

>>> call_bits("4H", "en")
[('4', ''), ('♥', 'red')]
>>> call_bits("X", "zh"), call_bits("3NT", "zh")
([('加倍', '')], [('3', ''), ('无将', '')])
>>> contract_bits("6SXX", "en")
[('6', ''), ('♠', 'black'), (' XX', '')]
>>> result_text("4S", 8, "zh"), result_text("4S", 11, "en"), result_text("3NT", 9, "en")
('宕二', '+1', '=')
>>> result_text("7NT", 0, "zh"), result_text("1C", 7, "zh"), result_text("1C", 13, "zh")
('宕十三', '成', '超六')
>>> bits_of_text("N 3NT, EW 5DX-2", "en")
[('N 3', ''), ('NT', ''), (', EW 5', ''), ('♦', 'red'), ('X-2', '')]
>>> bits_of_text("NS 4S", "zh"), bits_of_text("Pass", "zh")
([('南北 4', ''), ('♠', 'black')], [('四家不叫', '')])
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..web import i18n
from .access import finished_board
from .context import current_user, page_context, srv
from .records import BoardNotReady

Bits = list[tuple[str, str]]
"""Display text in pieces: ``(text, css class)``; the class marks suit symbols red or black."""

SEATS = ("N", "E", "S", "W")
AUCTION_ORDER = ("W", "N", "E", "S")
"""Columns of the auction and of the play: the order of the usual printed hand records."""
HAND_SUITS = ("S", "H", "D", "C")
DD_STRAINS = ("NT", "S", "H", "D", "C")
SEAT_KEYS = {"N": "north", "E": "east", "S": "south", "W": "west"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_ORDER = "AKQJT98765432"
VUL_KEYS = {"None": "vul_none", "NS": "vul_ns", "EW": "vul_ew", "All": "vul_both"}
ZH_DIGITS = "零一二三四五六七八九十"
CONTRACT_RE = re.compile(r"^([1-7])(NT|[CDHS])(X{0,2})$")
BID_IN_TEXT_RE = re.compile(r"([1-7])(NT|[CDHS])(?![A-WYZa-z])")
PAR_WORDS = {"NS": "NS", "EW": "EW", "Pass": "passed_out", **SEAT_KEYS}
PAR_WORD_RE = re.compile(r"\b(NS|EW|Pass|N|E|S|W)\b")


# --- display text -----------------------------------------------------------------------------


def seat_name(letter: str | None, lang: str) -> str:
    return i18n.t(SEAT_KEYS[letter], lang) if letter in SEAT_KEYS else ""


def rank_text(rank: str) -> str:
    return "10" if rank == "T" else rank


def suit_class(suit: str) -> str:
    return "red" if suit in ("H", "D") else "black"


def strain_bits(strain: str, lang: str) -> Bits:
    if strain == "NT":
        return [("无将" if lang == "zh" else "NT", "")]
    return [(SUIT_SYMBOL[strain], suit_class(strain))]


def card_bits(card: str) -> Bits:
    """``"HT"`` -> a red ``♥10``."""
    return [(SUIT_SYMBOL[card[0]] + rank_text(card[1]), suit_class(card[0]))]


def call_bits(call: str, lang: str) -> Bits:
    """A call as shown in the auction: level and strain symbol, or the word for pass and the
    doubles (加倍/再加倍 in Chinese, X/XX in English as printed records have them)."""
    if call == "P":
        return [(i18n.t("pass", lang), "")]
    if call in ("X", "XX"):
        word = i18n.t("double" if call == "X" else "redouble", lang)
        return [(word if lang == "zh" else call, "")]
    return [(call[0], ""), *strain_bits(call[1:], lang)]


def contract_bits(contract: str | None, lang: str) -> Bits:
    """A contract (``4SX``) as shown; None is a passed-out board."""
    m = CONTRACT_RE.match(contract or "")
    if m is None:
        return [(i18n.t("passed_out", lang) if contract is None else contract, "")]
    level, strain, doubling = m.groups()
    out: Bits = [(level, ""), *strain_bits(strain, lang)]
    if doubling:
        word = i18n.t("double" if doubling == "X" else "redouble", lang)
        out.append((" " + (word if lang == "zh" else doubling), ""))
    return out


def bits_of_text(text: str, lang: str) -> Bits:
    """Free text (a par contract line) with each bid in it drawn with its strain symbol, and in
    Chinese its sides and seats named (``NS 4H`` -> 南北 4♥)."""
    if lang == "zh":
        text = PAR_WORD_RE.sub(lambda m: i18n.t(PAR_WORDS[m.group(0)], lang), text)
    out: Bits = []
    pos = 0
    for m in BID_IN_TEXT_RE.finditer(text):
        out.append((text[pos : m.start()] + m.group(1), ""))
        out.extend(strain_bits(m.group(2), lang))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], ""))
    return [b for b in out if b[0]]


def result_text(contract: str | None, tricks: int | None, lang: str) -> str:
    """Made exactly ``=`` (成), overtricks ``+1`` (超一), undertricks ``-2`` (宕二)."""
    m = CONTRACT_RE.match(contract or "")
    if m is None or tricks is None:
        return ""
    diff = tricks - (int(m.group(1)) + 6)
    if lang == "zh":
        if diff == 0:
            return i18n.t("made", lang)
        n = abs(diff)
        number = ZH_DIGITS[n] if n <= 10 else "十" + ZH_DIGITS[n - 10]
        return ("超" if diff > 0 else i18n.t("down", lang)) + number
    return "=" if diff == 0 else f"{diff:+d}"


def signed(n: float | int | None) -> str:
    if n is None:
        return ""
    text = f"{n:g}" if isinstance(n, float) else str(n)
    return "+" + text if n > 0 else text


def player_name(players: Mapping[str, str | None], seat: str, lang: str) -> str:
    """Who played the seat: a name, 机器人/Robot, or nothing where the log does not say."""
    if seat not in players:
        return ""
    return players[seat] or i18n.t("robot", lang)


def vulnerable(seat: str, vulnerability: str) -> bool:
    side = "NS" if seat in ("N", "S") else "EW"
    return vulnerability in ("All", side)


# --- the page's parts -------------------------------------------------------------------------


def hands(record: Mapping[str, Any], lang: str) -> dict[str, dict[str, Any]]:
    """The compass diagram: each seat's name, player, role, vulnerability and cards by suit."""
    declarer = record.get("declarer")
    dummy = SEATS[(SEATS.index(declarer) + 2) % 4] if declarer in SEATS else None
    out: dict[str, dict[str, Any]] = {}
    for seat in SEATS:
        cards = record["hands"][seat]
        suits = []
        for suit in HAND_SUITS:
            held = sorted((c for c in cards if c[0] == suit), key=lambda c: RANK_ORDER.index(c[1]))
            suits.append(
                {
                    "suit": suit,
                    "symbol": SUIT_SYMBOL[suit],
                    "cls": suit_class(suit),
                    "cards": [(c, rank_text(c[1])) for c in held],
                }
            )
        role = "declarer" if seat == declarer else "dummy" if seat == dummy else None
        vul = vulnerable(seat, record["vulnerability"])
        out[seat] = {
            "name": seat_name(seat, lang),
            "player": player_name(record["players"], seat, lang),
            "role": i18n.t(role, lang) if role else "",
            "vul": i18n.t("vul_short", lang) if vul else "",
            "is_vul": vul,
            "dealer": seat == record["dealer"],
            "suits": suits,
        }
    return out


def auction(record: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The auction in four columns (West first) and its explanations as numbered notes."""
    cells: list[dict[str, Any] | None] = [None] * AUCTION_ORDER.index(record["dealer"])
    notes: list[dict[str, Any]] = []
    for e in record["auction"]:
        text = (e.get("explanation_zh") or e["explanation"]) if lang == "zh" else e["explanation"]
        note = None
        if text:
            notes.append({"n": len(notes) + 1, "call": call_bits(e["call"], lang), "text": text})
            note = len(notes)
        cells.append(
            {
                "call": e["call"],
                "bits": call_bits(e["call"], lang),
                "alert": bool(e["alert"]),
                "note": note,
                "text": text,
            }
        )
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    for row in rows:
        row.extend([None] * (4 - len(row)))
    heads = [
        {"name": seat_name(s, lang), "player": player_name(record["players"], s, lang)}
        for s in AUCTION_ORDER
    ]
    return {"heads": heads, "rows": rows, "notes": notes}


def play(record: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """The play trick by trick: who led, each seat's card (with its DD cost), who won."""
    costs = [p.get("cost") for p in record["play"]]
    out = []
    index = 0
    for n, trick in enumerate(record["tricks"], start=1):
        by_seat: dict[str, dict[str, Any]] = {}
        for c in trick["cards"]:
            cost = costs[index] if index < len(costs) else None
            by_seat[c["seat"]] = {
                "card": c["card"],
                "bits": card_bits(c["card"]),
                "index": index,
                "cost": cost or 0,
                "lead": c["seat"] == trick["leader"],
                "won": c["seat"] == trick["winner"],
            }
            index += 1
        out.append(
            {
                "n": n,
                "leader": trick["leader"],
                "leader_name": seat_name(trick["leader"], lang),
                "winner": trick["winner"],
                "winner_name": seat_name(trick["winner"], lang),
                "cells": [(s, by_seat.get(s)) for s in AUCTION_ORDER],
            }
        )
    return out


def dd_rows(record: Mapping[str, Any], lang: str) -> list[dict[str, Any]] | None:
    """The DD table, a row per seat (N S E W) and a column per strain (NT S H D C)."""
    dd = record.get("dd")
    if dd is None:
        return None
    return [
        {
            "seat": seat,
            "name": seat_name(seat, lang),
            "cells": [
                {"strain": st, "tricks": dd[seat][st], "makes": dd[seat][st] >= 7}
                for st in DD_STRAINS
            ],
        }
        for seat in ("N", "S", "E", "W")
    ]


def results(record: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """The same board at every table, each linking to its own hand record."""
    out = []
    for r in record["results"]:
        out.append(
            {
                **r,
                "href": f"/tables/{r['table_id']}/boards/{r['board_no']}",
                "contract_bits": contract_bits(r["contract"], lang),
                "declarer_name": seat_name(r["declarer"], lang),
                "result": result_text(r["contract"], r["tricks"], lang),
                "score": signed(r["score_ns"]),
                "imps_text": signed(r.get("imps")),
            }
        )
    return out


def record_context(record: Mapping[str, Any], table_name: str, lang: str) -> dict[str, Any]:
    """Everything the template shows, in ``lang``."""
    plays: Sequence[Mapping[str, Any]] = record["play"]
    lead = plays[0] if plays else None
    contract, declarer = record["contract"], record["declarer"]
    claimed, par_ = record.get("claimed"), record.get("par")
    return {
        "rec": record,
        "table_name": table_name,
        "dealer_name": seat_name(record["dealer"], lang),
        "vul_text": i18n.t(VUL_KEYS.get(record["vulnerability"], "vul_none"), lang),
        "hands": hands(record, lang),
        "auction": auction(record, lang),
        "contract_bits": contract_bits(contract, lang),
        "declarer_name": seat_name(declarer, lang),
        "result": result_text(contract, record["tricks_taken"], lang),
        "score": signed(record["score_ns"]),
        "lead": None
        if lead is None
        else {"seat": seat_name(lead["seat"], lang), "bits": card_bits(lead["card"])},
        "tricks": play(record, lang),
        "has_costs": any(p.get("cost") is not None for p in plays),
        "claimed_text": None
        if claimed is None
        else i18n.t("claimed_note", lang, seat=seat_name(declarer, lang), n=claimed),
        "dd": dd_rows(record, lang),
        "dd_heads": [strain_bits(st, lang) for st in DD_STRAINS],
        "par_bits": None if par_ is None else bits_of_text(par_["text"], lang),
        "par_score": None
        if par_ is None
        else f"{i18n.t('NS', lang)} {signed(par_['score']) or '0'}",
        "results": results(record, lang),
        "replay_strings": {
            "step": i18n.t("step", lang),
            "step_start": i18n.t("step_start", lang),
            "NS": i18n.t("NS", lang),
            "EW": i18n.t("EW", lang),
        },
    }


# --- the handler ------------------------------------------------------------------------------


async def hand_record_page(request: Request) -> Response:
    """``GET /tables/{table_id}/boards/{board_no}``: a finished board's hand record as a page,
    under the access rule of ``/api/tables/{table_id}/boards/{board_no}``."""
    table, board_no = await finished_board(request)
    server = srv(request)
    try:
        record = await server.tables.records.record(table.id, board_no)
    except BoardNotReady as e:
        raise HTTPException(409, str(e)) from None
    record["files"] = {fmt: f"/tables/{table.id}/boards/{board_no}.{fmt}" for fmt in ("pbn", "lin")}
    user = await current_user(request)
    ctx = page_context(request, user)
    ctx.update(record_context(record, table.name, ctx["lang"]))
    return server.templates.TemplateResponse(request, "hand_record.html", ctx)
