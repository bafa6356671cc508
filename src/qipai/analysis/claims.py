"""Judging claims double dummy (Laws 68-70): may the claiming side take the tricks it claims?

A claim of N of the remaining tricks (those not yet complete, the one in progress included) is
valid here when the claiming side takes at least N of them against any defence, with every card
visible and best play by both sides from the claim position on. That is the double-dummy bar: a
director also weighs how a claim was stated (Law 70), which no solver can see.

>>> from qipai.bridge import Deal, MakeCall, new_board, apply, parse_call
>>> s = new_board(1, Deal.from_seed(3))
>>> for c in "1NT P P P".split():
...     s = apply(s, MakeCall(parse_call(c)))
>>> n = max_claim(s)
>>> claim_is_valid(s, n), claim_is_valid(s, n + 1) if n < 13 else False
(True, False)
"""

from __future__ import annotations

from ..bridge.cards import Seat
from ..bridge.errors import AuctionNotOver, InvalidClaim, PlayOver
from ..bridge.game import BoardState, Phase
from .solve import dd_tricks_left

__all__ = ["claim_is_valid", "max_claim"]


def max_claim(state: BoardState, by: Seat | None = None) -> int:
    """The most tricks ``by``'s side (declarer's side unless given) can claim: what it takes
    double dummy of those not yet complete."""
    if state.phase is Phase.AUCTION:
        raise AuctionNotOver("the auction is not over yet: there is nothing to claim")
    if state.phase is Phase.DONE:
        raise PlayOver("the board is over: there is nothing left to claim")
    return dd_tricks_left(state, by)


def claim_is_valid(state: BoardState, tricks: int, by: Seat | None = None) -> bool:
    """Whether ``by``'s side (declarer's unless given) takes at least ``tricks`` of the tricks
    not yet complete against any defence, double dummy from the claim position.

    A count outside 0 to the tricks left is no claim at all and raises InvalidClaim, as the
    rules core does.
    """
    left = 13 - len(state.completed_tricks)
    if not 0 <= tricks <= left:
        raise InvalidClaim(f"a claim is for 0 to {left} of the remaining tricks, not {tricks}")
    if tricks == 0:
        return True
    return max_claim(state, by) >= tricks
