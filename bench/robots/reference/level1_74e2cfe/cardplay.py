# Frozen copy of src/qipai/robots at commit 74e2cfe (issue #26's start): do not edit.
"""Level-0 card play: the usual rules of thumb, fast (well under a millisecond a card).

Opening leads: partner's suit, top of a sequence, ace from ace-king, fourth best from length
against notrump, a short suit for a ruff against a suit contract, passive leads against slams.
Later: second hand low, third hand high (the lowest of equals), cover an honour with an honour,
win as cheaply as possible, ruff when void and the opponents are winning (overruff if need be),
discard from the weakest suit. Declarer draws trumps while the opponents hold some and declarer
holds more, unblocks (the short hand's winners first), cashes winners that cannot crash with
partner's, crosses to the other hand's winners, then plays on the longest suit. Defenders cash
winners that cannot be ruffed, return partner's suit, and otherwise lead through dummy's
weakness.

Everything here reads only the ``View`` of the seat to play (declarer also plays dummy's cards).

>>> from qipai.bridge import Deal, MakeCall, new_board, apply, parse_call, view, Seat
>>> s = new_board(1, Deal.from_seed(1))
>>> for c in "1NT P 3NT P P P".split():
...     s = apply(s, MakeCall(parse_call(c)))
>>> play = choose_card(view(s, Seat.EAST))
>>> play.card in view(s, Seat.EAST).legal_cards
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from qipai.bridge.cards import DECK, Card, Rank, Seat, Suit
from qipai.bridge.deal import Hand
from qipai.bridge.play import Trick
from qipai.bridge.views import View


@dataclass(frozen=True, slots=True)
class Play:
    """A card and why."""

    card: Card
    en: str
    zh: str


@dataclass(frozen=True, slots=True)
class Hints:
    """What the auction told the player (from the bidding system): suits to lead or avoid."""

    partner_suits: tuple[Suit, ...] = ()
    """Suits partner has shown (4+ cards), the longest first."""
    opponent_suits: tuple[Suit, ...] = ()
    """Suits the declaring side has shown."""


class _Table:
    """The facts of the position, from the hand to play's side."""

    def __init__(self, v: View) -> None:
        assert v.turn is not None and v.contract is not None and v.declarer is not None
        self.view = v
        self.seat = v.turn  # the hand to play (dummy when declarer plays from dummy)
        self.declarer = v.declarer
        self.dummy = v.declarer.partner
        hand = v.hands[self.seat]
        assert hand is not None
        self.hand = hand
        self.trump = v.contract.strain.suit
        self.level = v.contract.level
        self.played = set(v.played)
        trick = v.tricks[-1] if v.tricks and not v.tricks[-1].is_complete else None
        self.trick: Trick | None = trick if trick is not None and trick.cards else None
        self.partner = self.seat.partner
        self.partner_hand = v.hands[self.partner]
        self.on_declaring_side = self.seat.side == self.declarer.side
        # The highest rank in each suit that is neither played nor known to be on our side:
        # in each suit, the first such card from the top (the deck's last card is the ace of
        # spades, and no rank is 0).
        ours = hand.cards if self.partner_hand is None else hand.cards | self.partner_hand.cards
        top = [0, 0, 0, 0]
        for c in reversed(DECK):
            if not top[c.suit] and c not in self.played and c not in ours:
                top[c.suit] = c.rank
        self.outside_top = top

    @cached_property
    def unknown(self) -> frozenset[Card]:
        """Cards whose place this hand does not know: neither played nor in a visible hand."""
        seen = set(self.played)
        for h in self.view.hands:
            if h is not None:
                seen |= h.cards
        return frozenset(c for c in DECK if c not in seen)

    def ours(self, card: Card) -> bool:
        """Held by this hand or by a partner hand this hand can see."""
        return card in self.hand or (self.partner_hand is not None and card in self.partner_hand)

    def is_master(self, card: Card) -> bool:
        """No card of the suit outranks it outside our side's known cards."""
        return card.rank > self.outside_top[card.suit]

    def opponents_hold(self, suit: Suit) -> list[Card]:
        """Cards of ``suit`` the opponents may hold (unknown, or in a visible opponent's hand)."""
        out = [c for c in self.unknown if c.suit == suit]
        for seat in (self.seat.lho, self.seat.rho):
            h = self.view.hands[seat]
            if h is not None:
                out += h.suit(suit)
        return [c for c in out if not self.ours(c)]

    def visible(self, seat: Seat) -> Hand | None:
        return self.view.hands[seat]


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, c.suit))


def _lowest_of_top_sequence(cards: Sequence[Card]) -> Card:
    """From ``K Q J 5`` the jack: the cheapest card equal to the top one."""
    ranks = sorted(cards, key=lambda c: -c.rank)
    card = ranks[0]
    for nxt in ranks[1:]:
        if nxt.rank == card.rank - 1:
            card = nxt
        else:
            break
    return card


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def choose_card(v: View, hints: Hints | None = None) -> Play:
    """The card a level-0 player plays now, and why."""
    legal = list(v.legal_cards)
    if not legal:
        raise ValueError("no card to play in this view")
    if len(legal) == 1:
        return Play(legal[0], "The only legal card", "唯一可出的牌")
    t = _Table(v)
    hints = hints or Hints()
    if t.trick is None:
        if not v.played:
            return opening_lead(t, legal, hints)
        return _lead(t, legal, hints)
    return _follow(t, legal, t.trick)


# --- opening lead ---------------------------------------------------------------------------


def _sequence_top(cards: Sequence[Card]) -> Card | None:
    """Top of a sequence: two touching honours with a third card close below (KQJ, KQT, QJT,
    QJ9, JT9, T98), or AK."""
    rs = [c.rank for c in cards]
    if len(rs) >= 2 and rs[0] == Rank.ACE and rs[1] == Rank.KING:
        return cards[0]
    if len(rs) >= 3 and rs[0] >= Rank.TEN and rs[1] == rs[0] - 1 and rs[2] >= rs[0] - 3:
        return cards[0]
    if len(rs) == 2 and rs[0] >= Rank.QUEEN and rs[1] == rs[0] - 1:
        return cards[0]
    return None


def _lead_card(cards: Sequence[Card], notrump: bool) -> tuple[Card, str, str]:
    top = _sequence_top(cards)
    if top is not None:
        return top, "Top of a sequence", "连张顶张"
    n = len(cards)
    if n == 1:
        return cards[0], "A singleton", "单张"
    honours = [c for c in cards if c.rank >= Rank.JACK]
    if n == 2:
        return cards[0], "Top of a doubleton", "双张出大"
    if n >= 4 and (notrump or honours):
        return cards[3], "Fourth best from the longest suit", "长套第四张"
    if honours:
        return cards[-1], "Low from an honour", "有大牌出小"
    return cards[0], "Top of nothing", "无大牌出大"


def opening_lead(t: _Table, legal: list[Card], hints: Hints) -> Play:
    notrump = t.trump is None
    slam = t.level >= 6
    best: tuple[float, float] | None = None
    for suit in Suit:
        cards = t.hand.suit(suit)
        if not cards:
            continue
        rs = [c.rank for c in cards]
        seq = _sequence_top(cards) is not None
        hon = sum(c.rank.hcp for c in cards)
        score = 0.0
        if suit in hints.partner_suits:
            score += 40
        if suit in hints.opponent_suits:
            score -= 25
        if notrump:
            score += len(cards) * 8 + hon + (20 if seq else 0)
            if slam and not seq and hon:
                score -= 20
        else:
            if suit == t.trump:
                score += -5 if (slam and hon == 0 and len(cards) <= 3) else -30
            else:
                score += 30 if seq else 0
                if Rank.ACE in rs and Rank.KING not in rs:
                    score -= 25  # never underlead an ace against a suit contract
                if len(cards) == 1 and not slam:
                    score += 18
                elif len(cards) == 2 and not slam:
                    score += 4
                if slam and hon and not seq:
                    score -= 25
                if hon == 0:
                    score += 5
        key = (score, float(suit))
        if best is None or key > best:
            best = key
    assert best is not None
    suit = Suit(int(best[1]))
    if suit in hints.partner_suits:
        cards = t.hand.suit(suit)
        if len(cards) >= 3 and cards[0].rank >= Rank.JACK and _sequence_top(cards) is None:
            return Play(cards[-1], "Partner's suit: low from an honour", "同伴花色: 有大牌出小")
        return Play(
            cards[0] if len(cards) <= 2 else _lead_card(cards, notrump)[0],
            "Partner's suit",
            "同伴叫过的花色",
        )
    card, en, zh = _lead_card(t.hand.suit(suit), notrump)
    if slam:
        en, zh = f"Passive lead against a slam: {en.lower()}", f"对满贯消极首攻: {zh}"
    return Play(card, en, zh)


# --- leading to later tricks ----------------------------------------------------------------


def _lead(t: _Table, legal: list[Card], hints: Hints) -> Play:
    if t.on_declaring_side:
        return _declarer_lead(t, legal)
    return _defender_lead(t, legal, hints)


def _declarer_lead(t: _Table, legal: list[Card]) -> Play:
    trump = t.trump
    other = t.partner_hand
    if trump is not None:
        theirs = t.opponents_hold(trump)
        mine = t.hand.suit(trump)
        ours = len(mine) + (other.length(trump) if other is not None else 0)
        if theirs and mine and ours > len(theirs):
            top = mine[0]
            if t.is_master(top):
                return Play(top, "Drawing trumps with a winner", "用大将牌清将")
            if other is None or not other.suit(trump) or not t.is_master(other.suit(trump)[0]):
                return Play(mine[-1], "Drawing trumps", "清将")
            return Play(mine[-1], "Drawing trumps towards the winner", "向大将牌方向清将")
    safe_to_cash = trump is None or not t.opponents_hold(trump)
    if other is not None:
        moved = _unblock(t, other, safe_to_cash)
        if moved is not None:
            return moved
    masters = [c for c in legal if t.is_master(c) and (safe_to_cash or c.suit == trump)]
    if other is not None:
        masters = [c for c in masters if not _crashes(c, other)]
    if masters:
        card = max(masters, key=lambda c: (_side_length(t, c.suit), c.rank))
        return Play(card, "Cashing a winner", "兑现赢张")
    if other is not None:
        moved = _cross(t, other, safe_to_cash)
        if moved is not None:
            return moved
    # Otherwise lead low from the longest suit, to set up long cards.
    suits = sorted(
        {c.suit for c in legal},
        key=lambda s: (s != trump, _side_length(t, s), s),
        reverse=True,
    )
    cards = t.hand.suit(suits[0])
    return Play(cards[-1], "Setting up the long suit", "树立长套")


def _crashes(card: Card, other: Hand) -> bool:
    """Leading ``card`` would force the other hand to overtake it (all its cards are higher)."""
    theirs = other.suit(card.suit)
    return bool(theirs) and all(c.rank > card.rank for c in theirs)


def _unblock(t: _Table, other: Hand, safe: bool) -> Play | None:
    """The short hand cashes its winners in a suit the other hand is longer in (the other
    hand playing low under them), and the long hand leads low to the short hand's higher
    winners, so that the long hand's cards can run afterwards."""
    for suit in Suit:
        mine, theirs = t.hand.suit(suit), other.suit(suit)
        if not mine or (not safe and suit != t.trump):
            continue
        under = sum(1 for c in theirs if c.rank < mine[-1].rank)
        if len(theirs) > len(mine) and under >= len(mine) and all(t.is_master(c) for c in mine):
            return Play(
                mine[0], "Unblocking: cashing the short hand's winners", "解封: 先兑现短套赢张"
            )
        if (
            theirs
            and len(theirs) <= min(2, len(mine) - 1)
            and all(t.is_master(c) for c in theirs)
            and mine[-1].rank < theirs[-1].rank
        ):
            return Play(
                mine[-1], "Unblocking: low to the short hand's winners", "解封: 出小到短套赢张"
            )
    return None


def _cross(t: _Table, other: Hand, safe: bool) -> Play | None:
    """With no winner of its own left to cash, lead low to a winner in the other hand."""
    crossings = []
    for suit in Suit:
        mine, theirs = t.hand.suit(suit), other.suit(suit)
        if not mine or not theirs or (not safe and suit != t.trump):
            continue
        if t.is_master(theirs[0]) and theirs[0].rank > mine[-1].rank:
            crossings.append((sum(1 for c in theirs if t.is_master(c)), suit))
    if not crossings:
        return None
    suit = max(crossings)[1]
    return Play(
        t.hand.suit(suit)[-1], "Crossing to the hand with the winners", "过桥到有赢张的一手"
    )


def _side_length(t: _Table, suit: Suit) -> int:
    n = t.hand.length(suit)
    if t.partner_hand is not None:
        n += t.partner_hand.length(suit)
    return n


def _defender_lead(t: _Table, legal: list[Card], hints: Hints) -> Play:
    trump = t.trump
    dummy = t.visible(t.dummy)
    dummy_ruffs: set[Suit] = set()
    if trump is not None and dummy is not None and dummy.length(trump) > 0:
        dummy_ruffs = {s for s in Suit if s != trump and dummy.length(s) == 0}
    masters = [
        c
        for c in legal
        if t.is_master(c) and c.suit not in dummy_ruffs and (trump is None or c.suit != trump)
    ]
    if masters:
        return Play(_highest(masters), "Cashing a winner", "兑现赢张")
    # Return partner's suit: the suit partner led first, or showed in the auction.
    partner_led = _suits_led_by(t, t.partner)
    for suit in [*partner_led, *hints.partner_suits]:
        cards = t.hand.suit(suit)
        if cards and suit not in dummy_ruffs:
            card = cards[0] if len(cards) <= 2 else cards[-1]
            return Play(card, "Returning partner's suit", "回攻同伴的花色")

    # Lead where dummy is weak, not into a ruff, not a trump.
    def weakness(s: Suit) -> tuple[int, int, int]:
        d = dummy.suit(s) if dummy is not None else []
        return (
            int(s in dummy_ruffs),
            int(s == trump),
            sum(c.rank.hcp for c in d),
        )

    suit = min({c.suit for c in legal}, key=lambda s: (*weakness(s), -t.hand.length(s), s))
    cards = t.hand.suit(suit)
    top = _sequence_top(cards)
    if top is not None:
        return Play(top, "Top of a sequence", "连张顶张")
    return Play(cards[-1], "Leading through dummy's weakness", "攻明手的弱门")


def _suits_led_by(t: _Table, seat: Seat) -> list[Suit]:
    out: list[Suit] = []
    for trick in t.view.tricks:
        if trick.cards and trick.leader == seat and trick.cards[0].suit not in out:
            out.append(trick.cards[0].suit)
    return out


# --- following ------------------------------------------------------------------------------


def _follow(t: _Table, legal: list[Card], trick: Trick) -> Play:
    led = trick.suit_led
    assert led is not None
    trump = t.trump
    win_i = trick.winning_index
    winner_card = trick.cards[win_i]
    winner_seat = Seat((trick.leader + win_i) % 4)
    position = len(trick.cards) + 1  # 2nd, 3rd or 4th to play
    partner_winning = winner_seat == t.partner
    following = legal[0].suit == led
    if following:
        return _follow_suit(t, legal, trick, winner_card, partner_winning, position)
    # Void in the suit led.
    trumps = [c for c in legal if c.suit == trump]
    if trumps and not (partner_winning and _safe(t, winner_card, trick, position)):
        over = [c for c in trumps if _beats(c, winner_card, led, trump)]
        if over:
            card = _lowest(over)
            ruffed = winner_card.suit == trump
            return Play(
                card, "Overruffing" if ruffed else "Ruffing", "超将吃" if ruffed else "将吃"
            )
    return _discard(t, legal)


def _safe(t: _Table, card: Card, trick: Trick, position: int) -> bool:
    """Will partner's winning card hold the trick? True when no hand still to play can beat it."""
    if position == 4:
        return True
    after = t.seat.lho  # the one hand to play after this one, when this is the 3rd
    h = t.visible(after)
    led = trick.suit_led
    assert led is not None
    if h is not None:
        follow = h.suit(led)
        if follow:
            return all(not _beats(c, card, led, t.trump) for c in follow)
        trumps = h.suit(t.trump) if t.trump is not None else []
        return not any(_beats(c, card, led, t.trump) for c in trumps)
    return (card.suit == led and t.is_master(card)) or (card.suit == t.trump and t.is_master(card))


def _follow_suit(
    t: _Table,
    legal: list[Card],
    trick: Trick,
    winner: Card,
    partner_winning: bool,
    position: int,
) -> Play:
    led = trick.suit_led
    assert led is not None
    winners = [c for c in legal if _beats(c, winner, led, t.trump)]
    low = _lowest(legal)
    if position == 4:
        if partner_winning or not winners:
            return Play(
                low,
                "Partner is winning: low" if partner_winning else "Cannot win: low",
                "同伴已赢: 出小" if partner_winning else "赢不了: 出小",
            )
        return Play(_lowest(winners), "Winning as cheaply as possible", "以最小的牌赢墩")
    if position == 2:
        led_card = trick.cards[0]
        if led_card.rank >= Rank.JACK and led_card.suit == led and winners and winner == led_card:
            cover = _lowest(winners)
            if cover.rank >= Rank.QUEEN or t.is_master(cover):
                return Play(cover, "Covering an honour with an honour", "大牌盖大牌")
        # Win now when the last hand to play is partner, or when it cannot be beaten.
        masters = [c for c in winners if t.is_master(c)]
        fourth = t.visible(t.seat.lho)
        if masters and (fourth is not None and t.seat.lho == t.partner):
            return Play(_lowest(masters), "Winning the trick", "赢得此墩")
        return Play(low, "Second hand low", "第二家出小")
    # Third hand.
    if partner_winning and _safe(t, winner, trick, position):
        return Play(low, "Partner's card wins: low", "同伴的牌已大: 出小")
    if not winners:
        return Play(low, "Cannot win: low", "赢不了: 出小")
    fourth = t.visible(t.seat.lho)
    if fourth is not None:
        # The last hand is visible (dummy): play just enough to beat it too.
        theirs = fourth.suit(led)
        enough = [c for c in winners if all(c.rank > x.rank for x in theirs)] if theirs else winners
        if enough:
            return Play(_lowest(enough), "Third hand: just high enough", "第三家: 出足够大的牌")
        return Play(low, "Cannot beat the last hand: low", "压不过最后一家: 出小")
    return Play(_lowest_of_top_sequence(winners), "Third hand high", "第三家出大")


def _discard(t: _Table, legal: list[Card]) -> Play:
    """The lowest card of the least useful suit: no trumps, no winners, few honours."""

    def worth(s: Suit) -> tuple[int, int, int, int]:
        cards = t.hand.suit(s)
        masters = sum(1 for c in cards if t.is_master(c))
        hon = sum(c.rank.hcp for c in cards)
        guard = int(any(c.rank >= Rank.QUEEN for c in cards) and len(cards) <= 3)
        return (int(s == t.trump), masters + guard, hon, -len(cards))

    suit = min({c.suit for c in legal}, key=lambda s: (*worth(s), s))
    return Play(t.hand.suit(suit)[-1], "Discarding from the weakest suit", "垫最弱花色的小牌")


# --- claims ---------------------------------------------------------------------------------


def sure_tricks(hands: Sequence[Hand], declarer: Seat, trump: Suit | None) -> int:
    """A quick count of the tricks declarer's side takes off the top: in each suit, the run of
    top cards it holds (all of its longer holding once the defenders' cards are covered). When
    the defenders still hold trumps, side-suit winners count only as far as the shorter
    defender (who holds trumps) can follow."""
    side = (declarer, declarer.partner)
    defs = (declarer.lho, declarer.rho)
    total = 0
    def_trumps = {d: (hands[d].length(trump) if trump is not None else 0) for d in defs}
    for suit in Suit:
        cards = sorted(
            ((c, s) for s in Seat for c in hands[s].suit(suit)), key=lambda cs: -cs[0].rank
        )
        run = 0
        for _, holder in cards:
            if holder in side:
                run += 1
            else:
                break
        longest = max(hands[s].length(suit) for s in side)
        their_longest = max(hands[d].length(suit) for d in defs)
        tricks = longest if run > 0 and their_longest <= run else min(run, longest)
        if trump is not None and suit != trump:
            ruffers = [d for d in defs if def_trumps[d] > 0]
            if ruffers:
                tricks = min(tricks, min(hands[d].length(suit) for d in ruffers))
        total += tricks
    return total


def accept_claim(v: View, tricks: int) -> bool:
    """A defender's level-0 answer to declarer's claim of ``tricks`` more tricks: yes when a
    quick count of declarer's top tricks reaches the claim. Declarer's hand is shown with the
    claim (Law 68), so the defender knows all four hands."""
    if v.declarer is None or v.contract is None or v.seat is None:
        return False
    if tricks <= 0:
        return True
    hands = list(v.hands)
    missing = [i for i, h in enumerate(hands) if h is None]
    if len(missing) > 1:
        return False
    if missing:
        seen = set(v.played)
        for h in hands:
            if h is not None:
                seen |= h.cards
        hands[missing[0]] = Hand(c for c in DECK if c not in seen)
    full = [h if h is not None else Hand() for h in hands]
    # The claim covers the trick in progress too: count from its start, with the cards
    # already played to it back in their hands.
    current = v.tricks[-1] if v.tricks and not v.tricks[-1].is_complete else None
    if current is not None:
        for seat, card in current.played_by():
            full[seat] = Hand(full[seat].cards | {card})
    return tricks <= sure_tricks(full, v.declarer, v.contract.strain.suit)
