"""Tricks (Laws 44 and 57-66): four cards, one from each seat in turn, won by the highest trump
or else the highest card of the suit led.

>>> t = Trick(Seat.WEST, tuple(map(Card.parse, ["SA", "S2", "H3", "S4"])), trump=Suit.HEARTS)
>>> t.winner
Seat.EAST
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, Seat, Suit


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick in progress or complete; ``cards[i]`` was played by the i-th seat from the leader."""

    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def next_seat(self) -> Seat:
        return Seat((self.leader + len(self.cards)) % 4)

    def played_by(self) -> list[tuple[Seat, Card]]:
        return [(Seat((self.leader + i) % 4), c) for i, c in enumerate(self.cards)]

    @property
    def winning_index(self) -> int:
        """Index of the card winning so far (Law 44E/44G)."""
        best = 0
        for i in range(1, len(self.cards)):
            if _beats(self.cards[i], self.cards[best], self.trump):
                best = i
        return best

    @property
    def winner(self) -> Seat:
        return Seat((self.leader + self.winning_index) % 4)


def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def tricks_of(cards: Iterable[Card], leader: Seat, trump: Suit | None) -> list[Trick]:
    """Split played cards into tricks, the winner of each leading the next; unless 13 are
    complete, the last trick is the one in progress (possibly empty)."""
    tricks: list[Trick] = []
    current: list[Card] = []
    for card in cards:
        current.append(card)
        if len(current) == 4:
            trick = Trick(leader, tuple(current), trump)
            tricks.append(trick)
            leader = trick.winner
            current = []
    if len(tricks) < 13:
        tricks.append(Trick(leader, tuple(current), trump))
    return tricks
