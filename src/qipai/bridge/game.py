"""One board from the deal to its result, and the single path every action takes.

``legal_actions(state)`` lists what may be done now and ``apply(state, action)`` returns the next
state, or raises a RuleError naming the Law and leaves ``state`` as it was (states are immutable).
Humans, robots, replays, imports and tests all go through these two functions.

>>> from qipai.bridge import parse_call
>>> s = new_board(1, Deal.from_seed(1))
>>> for c in "1NT P 3NT P P P".split():
...     s = apply(s, MakeCall(parse_call(c)))
>>> s.phase, str(s.contract), s.declarer, s.turn
(Phase.PLAY, '3NT', Seat.NORTH, Seat.EAST)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property

from .auction import Auction
from .board import Vulnerability, dealer_of, vulnerability_of
from .calls import Call, Contract
from .cards import SEATS, Card, Seat, Side
from .deal import Deal, Hand
from .errors import (
    AuctionNotOver,
    AuctionOver,
    CardNotHeld,
    DummyMayNotPlay,
    InvalidClaim,
    PlayOutOfTurn,
    PlayOver,
    RevokeAttempt,
)
from .play import Trick, tricks_of
from .scoring import score_ns


class Phase(Enum):
    AUCTION = "auction"
    PLAY = "play"
    DONE = "done"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MakeCall:
    """A call, by ``seat`` when the actor is known (None for replays and imports)."""

    call: Call
    seat: Seat | None = None
    alert: bool = False
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """A card, by ``seat`` when the actor is known: declarer names dummy's cards (Law 45B)."""

    card: Card
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """Declarer claims ``tricks`` of the tricks not yet complete (Law 68), with the statement
    of the line of play that should accompany it (Law 68C), shown to everyone at the table."""

    tricks: int
    seat: Seat | None = None
    statement: str = ""


@dataclass(frozen=True, slots=True)
class RespondToClaim:
    """A defender accepts or disputes a pending claim (Law 69)."""

    seat: Seat
    accept: bool


Action = MakeCall | PlayCard | Claim | RespondToClaim


@dataclass(frozen=True, slots=True)
class PendingClaim:
    tricks: int
    accepted_by: frozenset[Seat] = frozenset()
    statement: str = ""


# --- the state -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardState:
    """Everything about one board at one table. Derived facts are properties, not stored;
    the costlier ones are cached on the (immutable) instance."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    auction: Auction
    played: tuple[Card, ...] = ()
    claim: PendingClaim | None = None
    claimed_tricks: int | None = field(default=None)
    """Set when a claim is agreed: the tricks declarer takes of those that were left."""

    # -- the auction's outcome
    @cached_property
    def contract(self) -> Contract | None:
        return self.auction.contract

    @cached_property
    def declarer(self) -> Seat | None:
        return self.auction.declarer

    @property
    def dummy(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.partner

    @property
    def opening_leader(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.lho

    # -- the play
    @cached_property
    def tricks(self) -> tuple[Trick, ...]:
        """Completed tricks, then the one in progress (absent once 13 are complete)."""
        if self.contract is None or self.opening_leader is None:
            return ()
        return tuple(tricks_of(self.played, self.opening_leader, self.contract.strain.suit))

    @cached_property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.is_complete)

    @property
    def current_trick(self) -> Trick | None:
        ts = self.tricks
        return ts[-1] if ts and not ts[-1].is_complete else None

    def tricks_won(self, side: Side) -> int:
        return sum(1 for t in self.completed_tricks if t.winner.side == side)

    @cached_property
    def phase(self) -> Phase:
        if not self.auction.is_complete:
            return Phase.AUCTION
        if self.auction.is_passed_out or self.claimed_tricks is not None or len(self.played) == 52:
            return Phase.DONE
        return Phase.PLAY

    @property
    def dummy_visible(self) -> bool:
        """Dummy is faced once the opening lead is made (Law 41D)."""
        return len(self.played) >= 1

    @cached_property
    def turn(self) -> Seat | None:
        """The seat whose call or card it is (dummy's turn is played by declarer)."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction.turn
        if phase is Phase.DONE:
            return None
        trick = self.current_trick
        return trick.next_seat if trick is not None else None

    @property
    def acting(self) -> Seat | None:
        """The seat that acts now: the seat in turn, but declarer for dummy (Law 45B); None
        once the board is over.

        >>> from qipai.bridge import Deal
        >>> new_board(1, Deal.from_seed("doc")).acting
        Seat.NORTH
        """
        seat = self.turn
        if seat is not None and seat == self.dummy and self.phase is Phase.PLAY:
            return self.declarer
        return seat

    def remaining(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return self._hands_left[seat]

    @cached_property
    def _hands_left(self) -> tuple[Hand, Hand, Hand, Hand]:
        played = set(self.played)
        n, e, s, w = (Hand(c for c in self.deal[seat].cards if c not in played) for seat in SEATS)
        return (n, e, s, w)

    @cached_property
    def _legal_calls(self) -> tuple[Call, ...]:
        return tuple(self.auction.legal_calls())

    @cached_property
    def _legal_cards(self) -> tuple[Card, ...]:
        seat = self.turn
        if seat is None or self.phase is not Phase.PLAY:
            return ()
        hand = self.remaining(seat)
        trick = self.current_trick
        led = trick.suit_led if trick else None
        if led is not None:
            following = tuple(c for c in hand if c.suit == led)
            if following:
                return following
        return tuple(hand)

    # -- the result
    @property
    def declarer_tricks(self) -> int | None:
        if self.phase is not Phase.DONE or self.declarer is None:
            return None
        won = self.tricks_won(self.declarer.side)
        return won + (self.claimed_tricks or 0)

    @property
    def score_ns(self) -> int | None:
        """North-South's score (Law 77), once the board is done; 0 when passed out."""
        if self.phase is not Phase.DONE:
            return None
        contract, declarer, tricks = self.contract, self.declarer, self.declarer_tricks
        if contract is None or declarer is None or tricks is None:
            return 0
        return score_ns(contract, declarer, tricks, self.vulnerability)


def new_board(
    number: int,
    deal: Deal,
    *,
    dealer: Seat | None = None,
    vulnerability: Vulnerability | None = None,
) -> BoardState:
    """A board ready for the first call; dealer and vulnerability follow the number unless given."""
    deal.check_complete()
    return BoardState(
        number=number,
        dealer=dealer_of(number) if dealer is None else dealer,
        vulnerability=vulnerability_of(number) if vulnerability is None else vulnerability,
        deal=deal,
        auction=Auction(dealer_of(number) if dealer is None else dealer),
    )


# --- the one path --------------------------------------------------------------------------


def legal_actions(state: BoardState) -> list[Action]:
    """Every call or card the player in turn may make now (claims and responses aside)."""
    phase = state.phase
    if phase is Phase.AUCTION:
        return [MakeCall(c) for c in state._legal_calls]
    if phase is Phase.PLAY and state.claim is None:
        return [PlayCard(c) for c in legal_cards(state)]
    return []


def legal_cards(state: BoardState) -> list[Card]:
    """The cards the hand in turn may play: any card to lead, else follow suit if able (Law 44C)."""
    return list(state._legal_cards)


def apply(state: BoardState, action: Action) -> BoardState:
    """The state after ``action``; raises a RuleError (the state unchanged) if it is illegal."""
    if isinstance(action, MakeCall):
        return _call(state, action)
    if isinstance(action, PlayCard):
        return _play(state, action)
    if isinstance(action, Claim):
        return _claim(state, action)
    if isinstance(action, RespondToClaim):
        return _respond(state, action)
    raise TypeError(f"not an action: {action!r}")


def _call(state: BoardState, action: MakeCall) -> BoardState:
    if state.phase is not Phase.AUCTION:
        raise AuctionOver(f"the auction is over; {action.call} cannot be made")
    auction = state.auction.add(
        action.call, seat=action.seat, alert=action.alert, explanation=action.explanation
    )
    after = replace(state, auction=auction)
    hands = state.__dict__.get("_hands_left")  # no card played: the same hands, if worked out
    if hands is not None:
        after.__dict__["_hands_left"] = hands
    return after


def _check_playing(state: BoardState) -> None:
    if state.phase is Phase.AUCTION:
        raise AuctionNotOver("the auction is not over yet")
    if state.phase is Phase.DONE:
        raise PlayOver("the board is over")


def _play(state: BoardState, action: PlayCard) -> BoardState:
    _check_playing(state)
    if state.claim is not None:
        raise InvalidClaim("a claim is pending: the defenders must accept or dispute it first")
    turn = state.turn
    assert turn is not None
    if action.seat is not None:
        if action.seat == state.dummy:
            raise DummyMayNotPlay("dummy's cards are played by declarer")
        entitled = state.declarer if turn == state.dummy else turn
        if action.seat != entitled:
            raise PlayOutOfTurn(
                f"it is {turn.name.title()}'s turn to play, not {action.seat.name.title()}'s"
            )
    card = action.card
    hand = state.remaining(turn)
    if card not in hand:
        raise CardNotHeld(f"{turn.name.title()} does not hold {card}")
    if card not in state._legal_cards:
        trick = state.current_trick
        led = trick.suit_led if trick else None
        raise RevokeAttempt(
            f"{turn.name.title()} must follow suit to {led.name.lower() if led else ''}"
            f" and cannot play {card}"
        )
    after = replace(state, played=(*state.played, card))
    _carry_play(state, after, turn, card)
    return after


def _carry_play(before: BoardState, after: BoardState, seat: Seat, card: Card) -> None:
    """Give ``after`` (``before`` and ``seat`` playing ``card``) the hands left, the tricks and
    the contract, worked out from ``before``'s: the very values its properties would build from
    scratch, for the cost of one card instead of every card played (the hand is rebuilt in the
    same order, so even its set's iteration order is the same)."""
    hands = list(before._hands_left)
    left, gone = hands[seat].cards, card._index
    hands[seat] = Hand(c for c in before.deal[seat].cards if c in left and c._index != gone)
    current = before.tricks[-1]
    trick = Trick(current.leader, (*current.cards, card), current.trump)
    tricks = (*before.tricks[:-1], trick)
    if trick.is_complete and len(tricks) < 13:
        tricks = (*tricks, Trick(trick.winner, (), trick.trump))
    cache = after.__dict__  # what functools.cached_property fills in
    cache["_hands_left"] = (hands[0], hands[1], hands[2], hands[3])
    cache["tricks"] = tricks
    cache["contract"] = before.contract  # the same auction
    cache["declarer"] = before.declarer
    # ``before`` was being played (so no claim was agreed): the play goes on to the 52nd card
    cache["phase"] = Phase.DONE if len(after.played) == 52 else Phase.PLAY


def _claim(state: BoardState, action: Claim) -> BoardState:
    _check_playing(state)
    if action.seat is not None and action.seat != state.declarer:
        raise InvalidClaim("only declarer claims here; defenders concede by accepting a claim")
    left = 13 - len(state.completed_tricks)
    if not 0 <= action.tricks <= left:
        raise InvalidClaim(
            f"a claim is for 0 to {left} of the remaining tricks, not {action.tricks}"
        )
    return replace(state, claim=PendingClaim(action.tricks, statement=action.statement))


def _respond(state: BoardState, action: RespondToClaim) -> BoardState:
    _check_playing(state)
    if state.claim is None:
        raise InvalidClaim("there is no claim to answer")
    assert state.declarer is not None
    if action.seat.side == state.declarer.side:
        raise InvalidClaim("only the defenders answer declarer's claim")
    if not action.accept:
        # A disputed claim is withdrawn and play goes on (a director may be called, Law 70).
        return replace(state, claim=None)
    accepted = state.claim.accepted_by | {action.seat}
    if len(accepted) < 2:
        return replace(state, claim=replace(state.claim, accepted_by=accepted))
    return agree_claim(state, state.claim.tricks)


def agree_claim(state: BoardState, tricks: int) -> BoardState:
    """The board ended by an agreed claim of ``tricks`` of those not yet complete (Law 69).
    Cards already played to the trick in progress stay in the record; the claim covers it."""
    return replace(state, claim=None, claimed_tricks=tricks)
