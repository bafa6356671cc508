"""Small helpers the three formats share: contract text, the play's tricks, partial deals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..bridge.calls import Contract
from ..bridge.cards import DECK, Card, Seat, Side
from ..bridge.deal import Deal, Hand
from ..bridge.errors import ParseError
from ..bridge.play import Trick, tricks_of


def parse_contract(text: str) -> Contract:
    """A contract as files write it: ``4S``, ``3N``/``3NT``, ``4Sx`` or ``4SX`` doubled, ``4SXX``
    or ``4SR`` redoubled (rpbridge.net's PBN files write ``R``).

    >>> parse_contract("1NR"), parse_contract("2Dx"), parse_contract("3n")
    (Contract.parse('1NTXX'), Contract.parse('2DX'), Contract.parse('3NT'))
    """
    key = text.strip().upper()
    if key.endswith("R"):  # no strain ends in R
        key = key[:-1] + "XX"
    return Contract.parse(key)


def contract_text(contract: Contract | None, passed_out: bool) -> str:
    """``Pass`` for a passed-out board, ``4SX`` style otherwise, ``""`` when unknown."""
    if passed_out:
        return "Pass"
    return "" if contract is None else str(contract)


def play_tricks(play: Sequence[Card], declarer: Seat, contract: Contract) -> list[Trick]:
    """The tricks of ``play`` (the last one possibly in progress), opening leader declarer's LHO."""
    return tricks_of(play, declarer.lho, contract.strain.suit)


def tricks_taken(tricks: Iterable[Trick], side: Side) -> tuple[int, int]:
    """(tricks ``side`` won, tricks complete) among ``tricks``."""
    won = done = 0
    for t in tricks:
        if t.is_complete:
            done += 1
            won += t.winner.side is side
    return won, done


def holders(deal: Deal) -> dict[Card, Seat]:
    return {card: seat for seat in Seat for card in deal[seat].cards}


def check_play(deal: Deal, tricks: Sequence[Trick]) -> None:
    """Raise ParseError if a card is played twice or by a seat that does not hold it.

    A hand the record hides (fewer than 13 known cards) is trusted with any card not known
    to be elsewhere. Following suit is left to the rules (``to_state``): real records may
    hold a revoke.
    """
    where = holders(deal)
    seen: set[Card] = set()
    for number, trick in enumerate(tricks, 1):
        for seat, card in trick.played_by():
            if card in seen:
                raise ParseError(f"trick {number}: {card} is played twice")
            seen.add(card)
            holder = where.get(card)
            if holder is not None and holder != seat:
                raise ParseError(
                    f"trick {number}: {seat.name.title()} plays {card}, "
                    f"but {holder.name.title()} holds it"
                )
            if holder is None and len(deal[seat]) == 13:
                raise ParseError(
                    f"trick {number}: {seat.name.title()} plays {card}, which that hand lacks"
                )


def complete_deal(deal: Deal) -> Deal:
    """Fill in the one hand left unknown when the other three hold 13 cards each (LIN files
    leave out the fourth hand); otherwise the deal as it is."""
    unknown = [s for s in Seat if len(deal[s]) == 0]
    if len(unknown) != 1 or any(len(deal[s]) != 13 for s in Seat if s not in unknown):
        return deal
    held = set(holders(deal))
    return deal.replace(unknown[0], Hand(c for c in DECK if c not in held))
