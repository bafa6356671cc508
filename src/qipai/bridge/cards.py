"""Suits, strains, ranks, cards, seats and sides: the atoms of the game.

Each value has one text form that parses back: ``Card.parse("SA")`` and ``str(card) == "SA"``.

>>> Card.parse("h10")
Card.parse('HT')
>>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho
(Seat.EAST, Seat.SOUTH, Seat.WEST)
>>> Strain.parse("NT") > Strain.SPADES
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum

from .errors import ParseError
from .names import display_name


class Suit(IntEnum):
    """The four suits in their ranking order (Law 1B): clubs lowest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __bool__(self) -> bool:
        # Clubs is 0; without this, `if suit:` would wrongly treat clubs as no suit.
        return True

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def strain(self) -> Strain:
        return _STRAIN_OF_SUIT[self]

    def display(self, lang: str = "en") -> str:
        return display_name(self.name.lower(), lang)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        if key in _SUIT_WORDS:
            return _SUIT_WORDS[key]
        raise ParseError(f"unknown suit {text!r}: use C, D, H or S")


_SUIT_WORDS = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    **{s.name: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}

# PBN and most diagrams list a hand spades first.
SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Strain(IntEnum):
    """A denomination of a bid: the four suits and notrump (Law 18)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __bool__(self) -> bool:
        return True  # as for Suit: clubs (0) is a strain, not nothing

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return _SUIT_OF_STRAIN[self]

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    def display(self, lang: str = "en") -> str:
        return display_name(self.name.lower(), lang)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("N", "NT", "NOTRUMP", "NOTRUMPS", "无将"):
            return Strain.NOTRUMP
        try:
            return Suit.parse(key).strain
        except ParseError:
            raise ParseError(f"unknown strain {text!r}: use C, D, H, S or NT") from None


class Rank(IntEnum):
    """Card ranks, two lowest, ace highest (Law 1A)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return Rank.TEN
        if len(key) == 1 and key in "23456789TJQKA":
            return Rank("23456789TJQKA".index(key) + 2)
        raise ParseError(f"unknown rank {text!r}: use 2-9, T (or 10), J, Q, K or A")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One of the 52 cards. Orders by suit then rank.

    ``parse``, ``from_index`` and ``DECK`` hand out the same 52 objects; a card built directly
    is equal to its twin there. Its index, text and hash are worked out once, when it is made:
    cards are looked up in sets and written out all the time."""

    suit: Suit
    rank: Rank
    _index: int = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        suit, rank = self.suit, self.rank
        object.__setattr__(self, "_index", suit * 13 + rank - 2)
        object.__setattr__(self, "_text", "CDHS"[suit] + "23456789TJQKA"[rank - 2])
        object.__setattr__(self, "_hash", hash((suit, rank)))  # the hash a plain dataclass has

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card) and other.__class__ is self.__class__:
            return self._index == other._index
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``SA``, ``HT``, ``H10`` or ``♠A`` (case does not matter)."""
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        t = text.strip()
        if len(t) < 2:
            raise ParseError(f"bad card {text!r}: write suit then rank, like SA, HT or H10")
        try:
            suit, rank = Suit.parse(t[0]), Rank.parse(t[1:])
        except ParseError as e:
            raise ParseError(f"bad card {text!r}: {e}") from None
        return DECK[suit * 13 + rank - 2]

    @property
    def index(self) -> int:
        """0..51, clubs two first: a compact key for arrays and bit sets."""
        return self._index

    @classmethod
    def from_index(cls, i: int) -> Card:
        return DECK[i] if 0 <= i < 52 else cls(Suit(i // 13), Rank(i % 13 + 2))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"


DECK: tuple[Card, ...] = tuple(Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52))
_BY_TEXT = {str(c): c for c in DECK}


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    def display(self, lang: str = "en") -> str:
        return display_name(self.value, lang)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(IntEnum):
    """The four compass seats, in clockwise order of play."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    def __bool__(self) -> bool:
        # North is 0; without this, `if seat:` would wrongly treat North as no seat.
        return True

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent (下家): the next to act, clockwise."""
        return SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent (上家)."""
        return SEATS[(self + 3) % 4]

    @property
    def side(self) -> Side:
        return _SIDE_OF_SEAT[self]

    def display(self, lang: str = "en") -> str:
        return display_name(self.name.lower(), lang)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        for seat in Seat:
            if key in (seat.letter, seat.name):
                return seat
        zh = {"北": Seat.NORTH, "东": Seat.EAST, "南": Seat.SOUTH, "西": Seat.WEST}
        if key in zh:
            return zh[key]
        raise ParseError(f"unknown seat {text!r}: use N, E, S or W")

    def following(self) -> tuple[Seat, Seat, Seat, Seat]:
        """This seat and the next three, clockwise."""
        return (self, self.lho, self.partner, self.rho)


SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
"""The seats by number: ``SEATS[i % 4]`` is ``Seat(i % 4)``, without the enum's lookup."""
_SIDE_OF_SEAT = (Side.NS, Side.EW, Side.NS, Side.EW)
_STRAIN_OF_SUIT = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
_SUIT_OF_STRAIN = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)
