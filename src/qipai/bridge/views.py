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

from dataclasses import dataclass

from .auction import Entry
from .board import Vulnerability
from .calls import Call, Contract
from .cards import Card, Seat
from .deal import Hand
from .game import BoardState, Phase, legal_cards
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
    declarer_tricks: int | None
    score_ns: int | None
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[Card, ...]
    """What this viewer may call or play now (declarer's list includes dummy's turn)."""

    def hand(self, seat: Seat) -> Hand | None:
        return self.hands[seat]

    def visible_cards(self) -> frozenset[Card]:
        """Every card this view reveals the place of: held cards shown and cards played."""
        cards: set[Card] = set(self.played)
        for h in self.hands:
            if h is not None:
                cards |= h.cards
        return frozenset(cards)


def _can_see_hand(state: BoardState, viewer: Seat | None, seat: Seat, all_hands: bool) -> bool:
    if state.phase is Phase.DONE or all_hands:
        return True
    if viewer == seat:
        return True
    if seat == state.dummy and state.dummy_visible:
        return True
    return (
        seat == state.declarer
        and state.claim is not None
        and viewer is not None
        and viewer.side != seat.side
    )


def _entry_for(entry: Entry, viewer: Seat | None) -> Entry:
    if viewer is None or entry.seat == viewer or entry.seat.side != viewer.side:
        return entry
    # Partner's own explanation is for the opponents; partner sees the bare call.
    return Entry(entry.call, entry.seat)


def view(state: BoardState, seat: Seat) -> View:
    """What ``seat`` may know now."""
    return _make_view(state, seat, all_hands=False)


def spectator_view(state: BoardState, *, all_hands: bool = False) -> View:
    """What a spectator sees: as a defender sees it, or all four hands where the table allows."""
    return _make_view(state, None, all_hands=all_hands)


def _make_view(state: BoardState, viewer: Seat | None, *, all_hands: bool) -> View:
    hands = tuple(
        state.remaining(s) if _can_see_hand(state, viewer, s, all_hands) else None for s in Seat
    )
    turn = state.turn
    acting = turn
    if turn is not None and state.phase is Phase.PLAY and turn == state.dummy:
        acting = state.declarer
    mine = viewer is not None and acting == viewer
    calls = tuple(state.auction.legal_calls()) if mine and state.phase is Phase.AUCTION else ()
    cards = tuple(legal_cards(state)) if mine and state.claim is None else ()
    return View(
        seat=viewer,
        number=state.number,
        dealer=state.dealer,
        vulnerability=state.vulnerability,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        auction=tuple(_entry_for(e, viewer) for e in state.auction.entries),
        played=state.played,
        tricks=tuple(state.tricks),
        phase=state.phase,
        turn=turn,
        contract=state.contract,
        declarer=state.declarer,
        claim=state.claim.tricks if state.claim else None,
        declarer_tricks=state.declarer_tricks,
        score_ns=state.score_ns,
        legal_calls=calls,
        legal_cards=cards,
    )
