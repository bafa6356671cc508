"""The one serializer of a ``View`` to JSON: what a client is sent of a board.

>>> from qipai.bridge import Deal, Seat, new_board, view
>>> v = view_json(view(new_board(1, Deal.from_seed(1)), Seat.EAST))
>>> v["seat"], v["turn"], [k for k, h in v["hands"].items() if h is not None]
('E', 'N', ['E'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bridge import Phase, Seat, Side, View
from ..bridge.deal import Hand


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.letter


def _hand(hand: Hand | None) -> list[str] | None:
    return None if hand is None else [str(c) for c in hand]


def view_json(v: View, explanations_zh: Sequence[str] = ()) -> dict[str, Any]:
    """A view as JSON values: seats as letters (N E S W), cards like ``SA``/``HT``, calls like
    ``1NT``/``P``/``X``/``XX``, the contract like ``4SX``. ``explanations_zh`` (by call) adds a
    Chinese explanation beside each explanation the view shows, and nowhere else."""
    acting = v.turn
    dummy = v.declarer.partner if v.declarer is not None else None
    if v.phase is Phase.PLAY and acting is not None and acting == dummy:
        acting = v.declarer
    if v.claim is not None or v.phase is Phase.DONE:
        acting = None
    complete = [t for t in v.tricks if t.is_complete]
    won = {side: sum(1 for t in complete if t.winner.side is side) for side in Side}
    return {
        "seat": _seat(v.seat),
        "number": v.number,
        "dealer": v.dealer.letter,
        "vulnerability": str(v.vulnerability),
        "hands": {s.letter: _hand(v.hands[s]) for s in Seat},
        "auction": [
            {
                "seat": e.seat.letter,
                "call": str(e.call),
                "alert": e.alert,
                "explanation": e.explanation,
                "explanation_zh": (
                    explanations_zh[i] if e.explanation and i < len(explanations_zh) else ""
                ),
            }
            for i, e in enumerate(v.auction)
        ],
        "played": [str(c) for c in v.played],
        "tricks": [
            {
                "leader": t.leader.letter,
                "cards": [{"seat": s.letter, "card": str(c)} for s, c in t.played_by()],
                "winner": t.winner.letter if t.is_complete else None,
            }
            for t in v.tricks
        ],
        "phase": v.phase.value,
        "turn": _seat(v.turn),
        "acting": _seat(acting),
        "contract": None if v.contract is None else str(v.contract),
        "declarer": _seat(v.declarer),
        "dummy": _seat(dummy),
        "claim": v.claim,
        "tricks_won": {side.value: n for side, n in won.items()},
        "declarer_tricks": v.declarer_tricks,
        "score_ns": v.score_ns,
        "legal_calls": [str(c) for c in v.legal_calls],
        "legal_cards": [str(c) for c in v.legal_cards],
    }
