"""Level 0: the fast robot. Bids by the highest-priority rule of its system that fits its hand
and plays by rules of thumb (``cardplay``); milliseconds a decision, for tests and simulations.

>>> import random
>>> from qipai.bridge import Deal, new_board, view, Seat
>>> deal = "N:AK2.K43.QJ42.A32 QJ9.AQ9.K76.KQJ4 8765.T872.A9.T98 T43.J65.T853.765"
>>> s = new_board(1, Deal.parse(deal))
>>> c = Level0Robot().choose(view(s, Seat.NORTH), random.Random(0))[0]
>>> str(c.action.call), c.explanation, c.explanation_zh
('1NT', '15-17 HCP, balanced', '15-17点, 均型')
"""

from __future__ import annotations

import random

from ..bridge.calls import PASS, Call
from ..bridge.cards import Seat, Suit
from ..bridge.game import MakeCall, Phase, PlayCard
from ..bridge.views import View
from .base import Candidate
from .cardplay import Hints, accept_claim, choose_card
from .system import BiddingSystem, natural


class Level0Robot:
    """Rules of thumb over a bidding system written as data."""

    level = 0

    def __init__(
        self, system: BiddingSystem | None = None, opponents: BiddingSystem | None = None
    ) -> None:
        self.system = system or natural()
        self.opponents = opponents
        """The opponents' system, when it is not this robot's (None: the same)."""
        self._hints: dict[tuple[object, ...], Hints] = {}

    def system_for(self, seat: Seat | None) -> BiddingSystem:
        """The system as read from ``seat``: each side's calls by its own system."""
        if self.opponents is None or seat is None:
            return self.system
        return self.system.seated(seat.side, self.opponents)

    def __repr__(self) -> str:
        return f"Level0Robot({self.system.name})"

    def choose(self, view: View, rng: random.Random) -> list[Candidate]:
        if view.phase is Phase.AUCTION and view.legal_calls:
            return self.bid(view)
        if view.phase is Phase.PLAY and view.legal_cards:
            return self.play(view)
        return []

    # -- bidding

    def bid(self, view: View) -> list[Candidate]:
        assert view.seat is not None
        hand = view.hands[view.seat]
        assert hand is not None
        calls = [e.call for e in view.auction]
        legal = set(view.legal_calls)
        out: list[Candidate] = []
        system = self.system_for(view.seat)
        for ch in system.choose(hand, view.dealer, calls, view.vulnerability):
            if ch.call not in legal:
                continue
            action = MakeCall(ch.call, view.seat, alert=ch.alert, explanation=ch.en)
            out.append(Candidate(action, ch.priority, ch.en, ch.zh))
        if not any(c.action.call == PASS for c in out if isinstance(c.action, MakeCall)):
            out.append(Candidate(MakeCall(PASS, view.seat), -1.0, "Pass", "不叫"))
        return out

    # -- play

    def hints(self, view: View) -> Hints:
        """Suits partner showed, and suits the declaring side showed, from the auction."""
        assert view.seat is not None and view.turn is not None
        calls: list[Call] = [e.call for e in view.auction]
        key = (view.dealer, view.vulnerability, tuple(calls), view.turn, view.seat)
        found = self._hints.get(key)
        if found is not None:
            return found
        if len(self._hints) > 10_000:
            self._hints.clear()
        shown = self.system_for(view.seat).seat_constraints(view.dealer, calls, view.vulnerability)
        me = view.turn
        partner = me.partner
        declaring = view.declarer.side if view.declarer is not None else None

        def suits_of(seats: list[Seat]) -> tuple[Suit, ...]:
            found = [
                (shown[s].lengths[suit][0], suit)
                for s in seats
                for suit in Suit
                if shown[s].lengths[suit][0] >= 4
            ]
            found.sort(reverse=True)
            out: list[Suit] = []
            for _, suit in found:
                if suit not in out:
                    out.append(suit)
            return tuple(out)

        opponents = [s for s in Seat if declaring is not None and s.side == declaring]
        if me.side == declaring:
            opponents = [me.lho, me.rho]
        hints = Hints(partner_suits=suits_of([partner]), opponent_suits=suits_of(opponents))
        self._hints[key] = hints
        return hints

    def play(self, view: View) -> list[Candidate]:
        defending = view.declarer is not None and view.seat is not None
        defending = defending and view.seat.side != view.declarer.side  # type: ignore[union-attr]
        hints = self.hints(view) if defending or not view.played else Hints()
        best = choose_card(view, hints)
        out = [Candidate(PlayCard(best.card, view.seat), 1.0, best.en, best.zh)]
        for card in view.legal_cards:
            if card != best.card:
                out.append(
                    Candidate(PlayCard(card, view.seat), 0.0, "Another legal card", "其他可出的牌")
                )
        return out

    # -- claims

    def accept_claim(self, view: View, tricks: int) -> bool:
        return accept_claim(view, tricks)
