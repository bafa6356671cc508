"""Tricks (Laws 44 and 57-66): four cards, one from each seat in turn, won by the highest trump
or else the highest card of the suit led.

>>> t = Trick(Seat.WEST, tuple(map(Card.parse, ["SA", "S2", "H3", "S4"])), trump=Suit.HEARTS)
>>> t.winner
Seat.EAST
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import SEATS, Card, Seat, Suit


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick in progress or complete; ``cards[i]`` was played by the i-th seat from the leader."""

    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None
    _best: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Index of the card winning so far (Law 44E/44G), worked out once: a trick is read
        # far more often than it is made.
        cards, trump, best = self.cards, self.trump, 0
        for i in range(1, len(cards)):
            if _beats(cards[i], cards[best], trump):
                best = i
        object.__setattr__(self, "_best", best)

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def next_seat(self) -> Seat:
        return SEATS[(self.leader + len(self.cards)) % 4]

    def played_by(self) -> list[tuple[Seat, Card]]:
        leader = self.leader
        return [(SEATS[(leader + i) % 4], c) for i, c in enumerate(self.cards)]

    @property
    def winning_index(self) -> int:
        """Index of the card winning so far (Law 44E/44G)."""
        return self._best

    @property
    def winner(self) -> Seat:
        return SEATS[(self.leader + self._best) % 4]


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
