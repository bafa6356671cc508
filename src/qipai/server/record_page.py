"""The hand record page of one finished board of a table (``/tables/{id}/boards/{n}``):
server-rendered from the hand record JSON of ``records.py`` (deal, auction, play with each
card's DD cost, DD table, par, the same board at the other tables), with the record embedded
for ``static/record.js``, which replays the play card by card.

The page follows the access rule of the JSON API (``access.finished_board``): a private table
is for its own people, and nobody sees a board they have still to play at another table.

Display text comes from ``qipai.web.display`` (one display for every page, ``qipai show`` and the
table's script), as lists of ``(text, css class)`` pieces the template prints; the record's
JSON text is read into bridge values here, at the edge.

>>> from qipai.web.display import text
>>> text(call_bits("X", "zh")), text(call_bits("3NT", "zh")), text(call_bits("4H", "en"))
('加倍', '3无将', '4♥')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..bridge.board import Vulnerability
from ..bridge.calls import parse_call
from ..bridge.cards import Card, Seat, Strain, Suit
from ..web import display, i18n
from ..web.display import Bits, contract_of, seat_of
from .access import finished_board
from .context import current_user, page_context, srv
from .records import BoardNotReady

SEATS = ("N", "E", "S", "W")
AUCTION_ORDER = ("W", "N", "E", "S")
"""Columns of the auction and of the play: the order of the usual printed hand records."""
HAND_SUITS = ("S", "H", "D", "C")
DD_STRAINS = ("NT", "S", "H", "D", "C")
RANK_ORDER = "AKQJT98765432"


# --- display text, from the record's JSON --------------------------------------------------


def seat_name(letter: str | None, lang: str) -> str:
    return display.seat_name(seat_of(letter), lang)


def call_bits(call: str, lang: str) -> Bits:
    return display.call_bits(parse_call(call), lang)


def card_bits(card: str) -> Bits:
    return display.card_bits(Card.parse(card))


def strain_bits(strain: str, lang: str) -> Bits:
    return display.strain_bits(Strain.parse(strain), lang)


def result_bits(contract: str | None, declarer: str | None, tricks: int | None, lang: str) -> Bits:
    """A table's result as every page says it (``4♥ 南 超一``)."""
    return display.result_bits(contract_of(contract), seat_of(declarer), tricks, lang)


def result_text(contract: str | None, tricks: int | None, lang: str) -> str:
    c = contract_of(contract)
    return "" if c is None or tricks is None else display.result_text(c, tricks, lang)


def vul_text(vulnerability: str, lang: str) -> str:
    return display.vulnerability_text(Vulnerability.parse(vulnerability), lang)


def par_context(par_: Mapping[str, Any] | None, lang: str) -> dict[str, Any]:
    """The par line and par score of a hand record or a board page."""
    if par_ is None:
        return {"par_bits": None, "par_score": None}
    return {
        "par_bits": display.par_bits(par_["text"], lang),
        "par_score": display.ns_score_text(par_["score"], lang),
    }


def player_name(players: Mapping[str, str | None], seat: str, lang: str) -> str:
    """Who played the seat: a name, 机器人/Robot, or nothing where the log does not say."""
    if seat not in players:
        return ""
    return players[seat] or i18n.t("robot", lang)


def vulnerable(seat: str, vulnerability: str) -> bool:
    return Vulnerability.parse(vulnerability).is_vulnerable(Seat.parse(seat))


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
                    "symbol": Suit.parse(suit).symbol,
                    "cls": display.suit_class(Suit.parse(suit)),
                    "cards": [(c, display.rank_text(Card.parse(c).rank)) for c in held],
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
                "result_bits": result_bits(r["contract"], r["declarer"], r["tricks"], lang),
                "score": display.score_text(r["score_ns"]),
                "imps_text": display.score_text(r.get("imps")),
            }
        )
    return out


def record_context(record: Mapping[str, Any], table_name: str, lang: str) -> dict[str, Any]:
    """Everything the template shows, in ``lang``."""
    plays: Sequence[Mapping[str, Any]] = record["play"]
    lead = plays[0] if plays else None
    contract, declarer = record["contract"], record["declarer"]
    claimed, par_ = record.get("claimed"), record.get("par")
    typed = contract_of(contract)
    return {
        "rec": record,
        "table_name": table_name,
        "dealer_name": seat_name(record["dealer"], lang),
        "vul_text": vul_text(record["vulnerability"], lang),
        "hands": hands(record, lang),
        "auction": auction(record, lang),
        "contract_bits": display.contract_bits(typed, lang),
        "declarer_name": seat_name(declarer, lang),
        "result": "" if typed is None else display.tricks_text(typed, record["tricks_taken"], lang),
        "score": display.score_text(record["score_ns"]),
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
        **par_context(par_, lang),
        "results": results(record, lang),
        "scoring_text": display.scoring_name(record["scoring"], lang),
        "replay_strings": {
            "step": i18n.t("step", lang),
            "step_start": i18n.t("step_start", lang),
            "NS": i18n.t("NS", lang),
            "EW": i18n.t("EW", lang),
            "display": display.terms(lang),
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
