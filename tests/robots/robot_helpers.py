"""Small builders shared by the robot tests."""

from __future__ import annotations

from qipai.bridge import (
    DECK,
    BoardState,
    Card,
    Deal,
    Hand,
    MakeCall,
    Seat,
    Vulnerability,
    apply,
    new_board,
    parse_call,
)
from qipai.bridge.game import PlayCard
from qipai.robots import natural


def calls(text: str):
    return [parse_call(c) for c in text.split()]


def bid(hand: str, auction: str = "", vul: Vulnerability = Vulnerability.NONE) -> str:
    """The natural system's first choice for ``hand`` after ``auction`` (North dealt)."""
    choices = natural().choose(Hand.parse(hand), Seat.NORTH, calls(auction), vul)
    return str(choices[0].call)


def deal_with(**hands: str) -> Deal:
    """A deal with the given hands (``north="AKQ.."``); the other cards fill the rest in order."""
    given = {Seat.parse(k): Hand.parse(v) for k, v in hands.items()}
    used = set().union(*(h.cards for h in given.values())) if given else set()
    rest = [c for c in DECK if c not in used]
    full: dict[Seat, Hand] = dict(given)
    for seat in Seat:
        if seat not in full:
            full[seat], rest = Hand(rest[:13]), rest[13:]
    return Deal.from_hands(full)


def board(deal: Deal, auction: str, played: str = "", dealer: Seat = Seat.NORTH) -> BoardState:
    s = new_board(1, deal, dealer=dealer, vulnerability=Vulnerability.NONE)
    for c in calls(auction):
        s = apply(s, MakeCall(c))
    for c in played.split():
        s = apply(s, PlayCard(Card.parse(c)))
    return s
