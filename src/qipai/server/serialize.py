"""The one serializer of a ``View`` to JSON: what a client is sent of a board.

>>> from qipai.bridge import Deal, Seat, new_board, view
>>> v = view_json(view(new_board(1, Deal.from_seed(1)), Seat.EAST))
>>> v["seat"], v["turn"], [k for k, h in v["hands"].items() if h is not None]
('E', 'N', ['E'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bridge import Seat, View
from ..bridge.deal import Hand

# Seats by number as letters: "NESW"[seat]. Written out for every card of every view sent, so
# the loops below index strings and tuples rather than call properties.
_LETTERS = "NESW"


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else _LETTERS[seat]


def _hand(hand: Hand | None) -> list[str] | None:
    return None if hand is None else [*map(str, hand)]


def view_json(v: View, explanations_zh: Sequence[str] = ()) -> dict[str, Any]:
    """A view as JSON values: seats as letters (N E S W), cards like ``SA``/``HT``, calls like
    ``1NT``/``P``/``X``/``XX``, the contract like ``4SX``. ``explanations_zh`` (by call) adds a
    Chinese explanation beside each explanation the view shows, and nowhere else."""
    declarer = v.declarer
    dummy = declarer.partner if declarer is not None else None
    letters = _LETTERS
    tricks: list[dict[str, Any]] = []
    won_ns = won_ew = 0
    for t in v.tricks:
        leader, cards = t.leader, t.cards
        winner = None
        if len(cards) == 4:  # complete
            w = t.winner
            winner = letters[w]
            if w % 2 == 0:  # North or South
                won_ns += 1
            else:
                won_ew += 1
        tricks.append(
            {
                "leader": letters[leader],
                "cards": [
                    {"seat": letters[(leader + i) % 4], "card": str(c)} for i, c in enumerate(cards)
                ],
                "winner": winner,
            }
        )
    n_zh = len(explanations_zh)
    hands = v.hands
    return {
        "seat": _seat(v.seat),
        "number": v.number,
        "dealer": letters[v.dealer],
        "vulnerability": str(v.vulnerability),
        "hands": {
            "N": _hand(hands[0]),
            "E": _hand(hands[1]),
            "S": _hand(hands[2]),
            "W": _hand(hands[3]),
        },
        "auction": [
            {
                "seat": letters[e.seat],
                "call": str(e.call),
                "alert": e.alert,
                "explanation": e.explanation,
                "explanation_zh": explanations_zh[i] if e.explanation and i < n_zh else "",
            }
            for i, e in enumerate(v.auction)
        ],
        "played": [*map(str, v.played)],
        "tricks": tricks,
        "phase": v.phase.value,
        "turn": _seat(v.turn),
        "acting": _seat(v.acting),
        "contract": None if v.contract is None else str(v.contract),
        "declarer": _seat(declarer),
        "dummy": _seat(dummy),
        "claim": v.claim,
        "claim_statement": v.claim_statement,
        "tricks_won": {"NS": won_ns, "EW": won_ew},
        "declarer_tricks": v.declarer_tricks,
        "score_ns": v.score_ns,
        "legal_calls": [*map(str, v.legal_calls)],
        "legal_cards": [*map(str, v.legal_cards)],
    }
