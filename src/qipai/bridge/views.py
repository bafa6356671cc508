"""What one seat, or a spectator, may know of a board: the only thing ever sent to a player or
a robot, so no one can see a hidden card.

A seat sees its own cards; dummy's cards once the opening lead is faced (Law 41D); declarer's
cards while declarer's claim awaits the defenders (Law 68: a claim shows the hand); every call,
with the explanations of the opponents' calls and its own (partnership explanations go to the
opponents only); every card played; and after the board, all four hands.

>>> from qipai.bridge import new_board, Deal
>>> s = new_board(1, Deal.from_seed(3))
>>> v = view(s, Seat.EAST)
>>> [h is None for h in v.hands]
[True, False, True, True]
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .auction import Entry
from .board import Vulnerability
from .calls import Call, Contract
from .cards import SEATS, Card, Seat
from .deal import Hand
from .game import BoardState, Phase
from .play import Trick


@dataclass(frozen=True, slots=True)
class View:
    """A board as one viewer may see it. ``seat`` is None for a spectator."""

    seat: Seat | None
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    """Remaining cards of each seat, by Seat index; None where hidden from this viewer."""
    auction: tuple[Entry, ...]
    played: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    phase: Phase
    turn: Seat | None
    contract: Contract | None
    declarer: Seat | None
    claim: int | None
    claim_statement: str | None
    """The claimer's statement of the line of play (Law 68C), while the claim is pending."""
    declarer_tricks: int | None
    score_ns: int | None
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[Card, ...]
    """What this viewer may call or play now (declarer's list includes dummy's turn)."""

    def hand(self, seat: Seat) -> Hand | None:
        return self.hands[seat]

    @property
    def acting(self) -> Seat | None:
        """The seat that acts now: the seat in turn, but declarer for dummy (Law 45B); None
        while declarer's claim awaits the defenders' answer and once the board is over.

        >>> from qipai.bridge import Deal, new_board
        >>> spectator_view(new_board(1, Deal.from_seed("doc"))).acting
        Seat.NORTH
        """
        if self.claim is not None or self.phase is Phase.DONE:
            return None
        turn = self.turn
        declarer = self.declarer
        if self.phase is Phase.PLAY and declarer is not None and turn == declarer.partner:
            return declarer
        return turn

    def visible_cards(self) -> frozenset[Card]:
        """Every card this view reveals the place of: held cards shown and cards played."""
        cards: set[Card] = set(self.played)
        for h in self.hands:
            if h is not None:
                cards |= h.cards
        return frozenset(cards)


def view(state: BoardState, seat: Seat, *, partner_explained: Collection[int] = ()) -> View:
    """What ``seat`` may know now. ``partner_explained``: the numbers (in the auction, from 0)
    of partner's calls whose explanation ``seat`` is shown all the same — a robot partner's at
    a casual table that allows it; by the Laws (20F, 75) partner never hears them otherwise.

    >>> from qipai.bridge import new_board, Deal, MakeCall, apply, parse_call
    >>> s = new_board(1, Deal.from_seed(3))
    >>> s = apply(s, MakeCall(parse_call("1C"), Seat.NORTH, True, "could be short"))
    >>> view(s, Seat.SOUTH).auction[0].explanation
    ''
    >>> view(s, Seat.SOUTH, partner_explained={0}).auction[0].explanation
    'could be short'
    """
    return _make_view(state, seat, all_hands=False, told=frozenset(partner_explained))


def spectator_view(state: BoardState, *, all_hands: bool = False) -> View:
    """What a spectator sees: as a defender sees it, or all four hands where the table allows."""
    return _make_view(state, None, all_hands=all_hands)


def _make_view(
    state: BoardState, viewer: Seat | None, *, all_hands: bool, told: frozenset[int] = frozenset()
) -> View:
    left = state._hands_left
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None] = left
    if not (state.phase is Phase.DONE or all_hands):
        # A seat sees its own cards, dummy's once the opening lead is faced (Law 41D), and a
        # defender sees declarer's while declarer's claim awaits an answer (Law 68).
        dummy = state.dummy if state.dummy_visible else None
        declarer = state.declarer
        claimant = None
        if declarer is not None and state.claim is not None and viewer is not None:
            claimant = declarer if viewer.side != declarer.side else None
        n, e, s, w = (
            h if seat in (viewer, dummy, claimant) else None
            for seat, h in zip(SEATS, left, strict=True)
        )
        hands = (n, e, s, w)
    entries = state.auction.entries
    if viewer is not None:
        # Partner's own explanation is for the opponents; partner sees the bare call.
        partner = viewer.partner
        entries = tuple(
            Entry(x.call, x.seat)
            if x.seat == partner and (x.alert or x.explanation) and i not in told
            else x
            for i, x in enumerate(entries)
        )
    mine = viewer is not None and state.acting == viewer
    calls = state._legal_calls if mine and state.phase is Phase.AUCTION else ()
    cards = state._legal_cards if mine and state.claim is None else ()
    return View(
        seat=viewer,
        number=state.number,
        dealer=state.dealer,
        vulnerability=state.vulnerability,
        hands=hands,
        auction=entries,
        played=state.played,
        tricks=tuple(state.tricks),
        phase=state.phase,
        turn=state.turn,
        contract=state.contract,
        declarer=state.declarer,
        claim=state.claim.tricks if state.claim else None,
        claim_statement=state.claim.statement if state.claim else None,
        declarer_tricks=state.declarer_tricks,
        score_ns=state.score_ns,
        legal_calls=calls,
        legal_cards=cards,
    )
