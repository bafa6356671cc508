# Frozen copy of src/qipai/robots at commit 74e2cfe (issue #26's start): do not edit.
"""Levels 1 and 2: card play by Monte-Carlo double dummy; bidding as level 0.

For each card to play, the robot

1. reads what its ``View`` shows, and nothing else: the cards it holds, dummy once faced, every
   card played and who played it, the suits each seat has shown out of, and what the auction
   said about each hidden hand (the bidding system's ``seat_constraints``: HCP and suit-length
   ranges of the hand as dealt);
2. deals the hidden cards N times to fit all that (``qipai.analysis.sampling.sample_deals``:
   the vectorised dealer, seeded from the ``rng`` it is handed, so play is reproducible; the
   auction's constraints are loosened step by step when too few deals fit them, the cards and
   voids never);
3. solves the position at the current trick in every sampled deal at once, every legal card
   (``solve_sampled``: DDS, many deals a call, on every core);
4. plays the card with the best expected result for the scoring in force:

   * ``"imp"``: the expected score (each deal's tricks turned into the contract's score with
     ``contract_score``, from this side's point of view, averaged);
   * ``"mp"``: the expected matchpoints against the other cards (in each deal a card scores 1
     for each other card it beats and 1/2 for each it ties, over the number of other cards);
   * ``"tricks"``: the average tricks.

   Ties go to more tricks on average, then to the card best in more deals.

**Equal cards.** Cards of one suit in the hand to play with no unplayed card of the suit
between them (touching cards such as KQ, or K and J once the queen has gone) are the same card
in every deal; they are valued once and returned together, ranked by the conventions below.
When one card is the only choice, or every legal card is equal, nothing is sampled.

**Budget.** The number of deals grows as the hands shrink: DDS takes tens to hundreds of
milliseconds a deal at trick 1 and well under a millisecond after trick 9. Level 1 samples 32
deals at trick 1, 48 at trick 2, 64 at trick 3 and 100 after, within 1 s a card; level 2 100,
150, 200 and 300, within 4 s. The deals are solved in chunks against the deadline: a robot out
of time uses the deals solved so far, and with none it plays level 0's card (as it does
whenever sampling or DDS fails), so it never offers nothing. The counts keep the deadline a
safety net (level 1 took 0.1 s a card on average, p95 0.7 s, on two busy shared cores; trick 1
costs the most); with ``budget=None`` play is exactly reproducible for a seed.

**Opening leads.** Double dummy over the sampled deals, as for any card, but level 0's
conventional lead (partner's suit, top of a sequence, fourth best ...) is kept unless the
simulation's best lead is clearly better: its mean gain over level 0's lead, deal by deal,
must exceed one standard error. A DD lead chosen on few deals is noisy, and the conventional
lead also tells partner something.

**Signals and conventions** (modest; among cards double dummy calls equal, i.e. taking the same
tricks in every sampled deal):

* a defender following to partner's lead, the first time the suit is played, gives attitude:
  the highest spot card (9 or lower) among the equal ones with an ace, king or queen in the
  suit, else the lowest;
* a defender following to the declaring side's lead, the first time the suit is played, gives
  count: high with an even number of cards, low with an odd number;
* a defender discarding throws the lowest card of the weakest suit (fewest HCP, then
  shortest): a low discard discourages that suit;
* leading, the robot plays level 0's card when it is among the equal ones, else the top of a
  sequence; otherwise, level 0's card when among them, else the lowest.

A defender reads partner's attitude: when partner followed the first round of a suit the robot
led with a spot card, a 7, 8 or 9 (encouraging) halves the weight of the sampled deals where
partner holds none of the ace, king and queen of the suit, and a 2, 3 or 4 (discouraging)
weighs the deals where partner holds one at three quarters. Declarer reads no signals.

Each candidate carries its expected value (``Candidate.value``: the expected score, matchpoint
share or tricks) and an explanation in English and Chinese: "best in 17 of 20 sampled deals,
9.4 tricks on average" / "20副模拟牌中17副最优, 平均9.4墩" (the tricks are this side's, those
won so far included).

>>> import random
>>> from qipai.bridge import Deal, MakeCall, Seat, apply, new_board, parse_call, view
>>> s = new_board(1, Deal.from_seed(1))
>>> for c in "1NT P 3NT P P P".split():
...     s = apply(s, MakeCall(parse_call(c)))
>>> s = apply(s, PlayCard(view(s, Seat.EAST).legal_cards[0]))  # East leads
>>> v = view(s, Seat.NORTH)  # declarer, to play from dummy
>>> robot = MonteCarloRobot(1, samples=4, budget=None)
>>> best = robot.choose(v, random.Random(0))[0]
>>> best.action.card in v.legal_cards, robot.last.deals
(True, 4)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from qipai.analysis.dealer import HandConstraint
from qipai.analysis.sampling import Sample, sample_deals, solve_sampled
from qipai.bridge.calls import Contract
from qipai.bridge.cards import Card, Rank, Seat, Suit
from qipai.bridge.errors import QipaiError
from qipai.bridge.game import Phase, PlayCard
from qipai.bridge.play import Trick
from qipai.bridge.scoring import contract_score
from qipai.bridge.views import View

from .base import Candidate
from .level0 import Level0Robot
from .system import BiddingSystem, natural

Scoring = Literal["imp", "mp", "tricks"]
SCORINGS: tuple[Scoring, ...] = ("imp", "mp", "tricks")

# Deals to sample by the cards left in the hand to play (13 at trick 1), and seconds a card.
_SAMPLES = {
    1: {13: 32, 12: 48, 11: 64},
    2: {13: 100, 12: 150, 11: 200},
}
_LATE_SAMPLES = {1: 100, 2: 300}
_BUDGET = {1: 1.0, 2: 4.0}

_UNSET: float = -1.0


def samples_for(level: int, cards_left: int) -> int:
    """How many deals a robot of ``level`` samples with ``cards_left`` cards in hand.

    >>> samples_for(1, 13), samples_for(1, 5), samples_for(2, 13)
    (32, 100, 100)
    """
    return _SAMPLES[level].get(cards_left, _LATE_SAMPLES[level])


# --- what the view shows ---------------------------------------------------------------------


def known_cards(v: View) -> dict[Seat, set[Card]]:
    """The cards known to have been dealt to each seat: hands in view and cards played."""
    known: dict[Seat, set[Card]] = {s: set() for s in Seat}
    for s in Seat:
        h = v.hands[s]
        if h is not None:
            known[s] |= h.cards
    for trick in v.tricks:
        for seat, card in trick.played_by():
            known[seat].add(card)
    return known


def shown_voids(v: View) -> dict[Seat, set[Suit]]:
    """The suits each seat has failed to follow (Law 44C: it had none left)."""
    voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    for trick in v.tricks:
        led = trick.suit_led
        for seat, card in trick.played_by():
            if led is not None and card.suit != led:
                voids[seat].add(led)
    return voids


def equal_groups(v: View, cards: Sequence[Card]) -> list[list[Card]]:
    """``cards`` (of one hand) in groups of cards that are the same card double dummy: one
    suit, and every rank between them held in the group or played in a completed trick.
    Highest first within a group; groups by suit (spades first), then rank.

    >>> from qipai.bridge import Deal, new_board, view
    >>> v = view(new_board(1, Deal.from_seed(1)), Seat.NORTH)
    >>> cards = [Card.parse(x) for x in ["SK", "SQ", "SJ", "S9", "H2"]]
    >>> [[str(c) for c in g] for g in equal_groups(v, cards)]
    [['SK', 'SQ', 'SJ'], ['S9'], ['H2']]
    """
    gone: set[Card] = set()
    for trick in v.tricks:
        if trick.is_complete:
            gone |= set(trick.cards)
    groups: list[list[Card]] = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        mine = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
        for card in mine:
            if groups and groups[-1][-1].suit == suit:
                prev = groups[-1][-1]
                between = [Card(suit, Rank(r)) for r in range(card.rank + 1, prev.rank)]
                if all(b in gone for b in between):
                    groups[-1].append(card)
                    continue
            groups.append([card])
    return groups


# --- the analysis ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    """What the simulation found: for each group of equal cards (best first, as ranked), its
    value, average tricks and the number of deals where it was best."""

    groups: list[list[Card]]
    values: list[float]
    mean_tricks: list[float]
    best_in: list[int]
    deals: int
    relaxed: int
    seconds: float
    note: tuple[str, str] = ("", "")


class MonteCarloRobot:
    """Level 1 or 2: bids as level 0, plays by Monte-Carlo double dummy (see the module).

    ``samples`` fixes the number of deals at every trick (tests use a few) and ``budget`` the
    seconds a card (None: no deadline, so play depends only on the view and the seed).
    ``read_auction=False`` ignores what the auction said about the hidden hands (for boards
    whose auction is not a real one, as in benchmarks that set a contract).
    """

    def __init__(
        self,
        level: int = 1,
        system: BiddingSystem | None = None,
        scoring: Scoring = "imp",
        *,
        samples: int | None = None,
        budget: float | None = _UNSET,
        read_auction: bool = True,
    ) -> None:
        if level not in (1, 2):
            raise ValueError(f"Monte-Carlo robots are levels 1 and 2, not {level}")
        if scoring not in SCORINGS:
            raise ValueError(f"scoring is one of {', '.join(SCORINGS)}, not {scoring!r}")
        if samples is not None and samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.level = level
        self.system = system or natural()
        self.scoring: Scoring = scoring
        self.samples = samples
        self.budget = _BUDGET[level] if budget == _UNSET else budget
        self.read_auction = read_auction
        self._level0 = Level0Robot(self.system)
        self._shown: dict[tuple[object, ...], dict[Seat, HandConstraint]] = {}
        self.last: Analysis | None = None
        """The analysis behind the last card chosen (None when nothing was simulated)."""

    def __repr__(self) -> str:
        return f"MonteCarloRobot({self.level}, {self.system.name}, {self.scoring!r})"

    # -- the Robot protocol

    def choose(self, view: View, rng: random.Random) -> list[Candidate]:
        if view.phase is Phase.AUCTION and view.legal_calls:
            return self._level0.bid(view)
        if view.phase is Phase.PLAY and view.legal_cards and view.seat is not None:
            return self.play(view, rng)
        return []

    def accept_claim(self, view: View, tricks: int) -> bool:
        """Accept declarer's claim when declarer's side takes at least ``tricks`` of those
        left double dummy: with the claim, declarer's hand is shown (Law 68), so a defender
        knows every card. Falls back to level 0's quick count."""
        try:
            best = _claim_tricks(view)
        except (QipaiError, ValueError):
            best = None
        if best is None:
            return self._level0.accept_claim(view, tricks)
        return tricks <= best

    # -- card play

    def play(self, view: View, rng: random.Random) -> list[Candidate]:
        """Every legal card, best first (equal cards together)."""
        start = time.perf_counter()
        self.last = None
        fallback = self._level0.play(view)
        l0 = fallback[0].action
        assert isinstance(l0, PlayCard)
        legal = list(view.legal_cards)
        groups = equal_groups(view, legal)
        if len(groups) == 1:
            card, en, zh = _convention(view, groups, l0.card)
            order = [card, *(c for c in groups[0] if c != card)]
            why_en, why_zh = "All these cards are equal", "这些牌等值"
            return [Candidate(PlayCard(c, view.seat), 0.0, why_en + en, why_zh + zh) for c in order]
        try:
            analysis = self._analyse(view, rng, groups, l0.card, start)
        except (QipaiError, ValueError):
            analysis = None
        if analysis is None:
            return [
                Candidate(
                    c.action,
                    c.value,
                    f"{c.explanation} (no simulation in time)",
                    f"{c.explanation_zh} (来不及模拟)",
                )
                for c in fallback
            ]
        self.last = analysis
        return _candidates(view, analysis, self.scoring)

    def _analyse(
        self, view: View, rng: random.Random, groups: list[list[Card]], l0: Card, start: float
    ) -> Analysis | None:
        turn, contract, declarer = view.turn, view.contract, view.declarer
        assert turn is not None and contract is not None and declarer is not None
        cards_left = len(view.hands[turn] or ())
        n = self.samples or samples_for(self.level, cards_left)
        deadline = None if self.budget is None else start + self.budget
        sample = self._sample(view, n, rng.getrandbits(63))
        values = solve_sampled(
            sample.owners, contract.strain, declarer.lho, view.played, deadline=deadline
        )
        if values.solved == 0:
            return None
        column = {c: j for j, c in enumerate(values.cards)}
        tricks = np.stack([values.tricks[:, column[g[0]]] for g in groups], axis=1).astype(np.int64)
        weights = _signal_weights(view, sample.owners[: values.solved])
        return _evaluate(view, groups, tricks, weights, self.scoring, l0, sample, start)

    def _sample(self, view: View, n: int, seed: int) -> Sample:
        voids = shown_voids(view)
        constraints: list[HandConstraint] = []
        if self.read_auction:
            shown = self._constraints(view)
            constraints = [shown[s] for s in Seat if view.hands[s] is None and s in shown]
        return sample_deals(
            n,
            known=known_cards(view),
            voids={s: frozenset(v) for s, v in voids.items()},
            constraints=constraints,
            seed=seed,
        )

    def _constraints(self, view: View) -> dict[Seat, HandConstraint]:
        calls = tuple(e.call for e in view.auction)
        key = (view.dealer, view.vulnerability, calls)
        found = self._shown.get(key)
        if found is not None:
            return found
        if len(self._shown) > 10_000:
            self._shown.clear()
        out: dict[Seat, HandConstraint] = {}
        try:
            shown = self.system.seat_constraints(view.dealer, calls, view.vulnerability)
        except (QipaiError, ValueError, KeyError):
            shown = {}
        for seat, c in shown.items():
            if c.is_empty or c.is_unconstrained:
                continue
            r = c.ranges()
            out[seat] = HandConstraint(
                seat,
                hcp=r["hcp"],
                spades=r["spades"],
                hearts=r["hearts"],
                diamonds=r["diamonds"],
                clubs=r["clubs"],
            )
        self._shown[key] = out
        return out


# --- valuing the cards -----------------------------------------------------------------------


def _side_won(v: View, seat: Seat) -> int:
    return sum(1 for t in v.tricks if t.is_complete and t.winner.side == seat.side)


def _score_table(contract: Contract, vulnerable: bool) -> NDArray[np.float64]:
    return np.array([contract_score(contract, t, vulnerable) for t in range(14)], dtype=float)


def _evaluate(
    view: View,
    groups: list[list[Card]],
    future: NDArray[np.int64],
    weights: NDArray[np.float64],
    scoring: Scoring,
    l0: Card,
    sample: Sample,
    start: float,
) -> Analysis:
    """Rank the groups of equal cards by the scoring's expected value (``future[i, g]``: the
    tricks the side to play takes from now on in deal ``i`` after a card of group ``g``)."""
    turn, contract, declarer = view.turn, view.contract, view.declarer
    assert turn is not None and contract is not None and declarer is not None
    m, g_count = future.shape
    total = future + _side_won(view, turn)  # this side's tricks at the end
    declaring = turn.side == declarer.side
    if scoring == "imp":
        table = _score_table(contract, view.vulnerability.is_vulnerable(declarer))
        decl_tricks = total if declaring else 13 - total
        per_deal = table[decl_tricks] * (1.0 if declaring else -1.0)
    elif scoring == "mp":
        beats = (future[:, :, None] > future[:, None, :]).sum(axis=2)
        ties = (future[:, :, None] == future[:, None, :]).sum(axis=2) - 1
        per_deal = (beats + 0.5 * ties) / max(1, g_count - 1)
    else:
        per_deal = total.astype(float)
    w = weights / weights.sum()
    value = per_deal.T @ w
    mean_tricks = total.T.astype(float) @ w
    best_in = (future == future.max(axis=1, keepdims=True)).sum(axis=0)
    has_l0 = [l0 in g for g in groups]
    order = sorted(
        range(g_count),
        key=lambda g: (-round(value[g], 9), -round(mean_tricks[g], 9), -best_in[g], not has_l0[g]),
    )
    note = ("", "")
    reordered = -1  # the group whose first card a convention chose
    top = order[0]
    # Cards equal double dummy to the best in every deal: conventions and signals choose.
    equal = [g for g in order if (future[:, g] == future[:, top]).all()]
    g0 = has_l0.index(True) if True in has_l0 else -1
    if not view.played and g0 >= 0 and g0 not in equal and _not_clearly_worse(per_deal, w, top, g0):
        # The opening lead: level 0's conventional lead unless clearly worse.
        order.remove(g0)
        order.insert(0, g0)
        groups = [list(g) for g in groups]
        groups[g0] = [l0, *(c for c in groups[g0] if c != l0)]
        reordered = g0
        note = (
            "; the usual lead: the simulation's best is not clearly better",
            "; 常规首攻: 模拟的最佳首攻并不明显更好",
        )
    elif len(equal) > 1 or len(groups[top]) > 1:
        choice = [groups[g] for g in equal]
        card, en, zh = _convention(view, choice, l0)
        chosen = next(g for g in equal if card in groups[g])
        order.remove(chosen)
        order.insert(0, chosen)
        groups = [list(g) for g in groups]
        groups[chosen] = [card, *(c for c in groups[chosen] if c != card)]
        note, reordered = (en, zh), chosen
    ranked = [groups[g] if g == reordered else _order_within(view, groups[g]) for g in order]
    return Analysis(
        groups=ranked,
        values=[float(value[g]) for g in order],
        mean_tricks=[float(mean_tricks[g]) for g in order],
        best_in=[int(best_in[g]) for g in order],
        deals=m,
        relaxed=sample.relaxed,
        seconds=time.perf_counter() - start,
        note=note,
    )


def _not_clearly_worse(
    per_deal: NDArray[np.float64], w: NDArray[np.float64], best: int, other: int
) -> bool:
    """Is ``other``'s mean shortfall against ``best``, deal by deal, within one standard
    error (``w``: the deals' weights, summing to 1)?"""
    gain = per_deal[:, best] - per_deal[:, other]
    mean = float(gain @ w)
    var = float(((gain - mean) ** 2) @ w)
    effective = 1.0 / float((w**2).sum())
    return mean <= math.sqrt(var / effective)


def _order_within(view: View, group: list[Card]) -> list[Card]:
    """Equal cards: the top of a sequence when leading, else the lowest first."""
    leading = _current(view) is None
    return sorted(group, key=lambda c: -c.rank if leading else c.rank)


def _candidates(view: View, a: Analysis, scoring: Scoring) -> list[Candidate]:
    out: list[Candidate] = []
    for i, group in enumerate(a.groups):
        en = (
            f"best in {a.best_in[i]} of {a.deals} sampled deals, "
            f"{a.mean_tricks[i]:.1f} tricks on average"
        )
        zh = f"{a.deals}副模拟牌中{a.best_in[i]}副最优, 平均{a.mean_tricks[i]:.1f}墩"
        if scoring == "imp":
            en += f", expected score {a.values[i]:+.0f}"
            zh += f", 期望得分{a.values[i]:+.0f}"
        elif scoring == "mp":
            en += f", {100 * a.values[i]:.0f}% against the other cards"
            zh += f", 对其他出牌得分率{100 * a.values[i]:.0f}%"
        for j, card in enumerate(group):
            note_en, note_zh = a.note if i == 0 and j == 0 else ("", "")
            out.append(
                Candidate(PlayCard(card, view.seat), a.values[i], en + note_en, zh + note_zh)
            )
    return out


# --- conventions and signals -----------------------------------------------------------------


def _current(view: View) -> Trick | None:
    t = view.tricks[-1] if view.tricks else None
    return t if t is not None and t.cards and not t.is_complete else None


def _first_round(view: View, suit: Suit) -> bool:
    """No completed trick has been led in ``suit``."""
    return not any(t.is_complete and t.suit_led == suit for t in view.tricks)


def _convention(view: View, choice: list[list[Card]], l0: Card) -> tuple[Card, str, str]:
    """Which of cards equal double dummy to play, and why (appended to the explanation)."""
    turn, declarer = view.turn, view.declarer
    assert turn is not None and declarer is not None
    cards = [c for g in choice for c in g]
    trick = _current(view)
    defending = turn.side != declarer.side
    if defending and trick is not None:
        led = trick.suit_led
        assert led is not None
        hand = view.hands[turn]
        held = hand.suit(led) if hand is not None else []
        if cards[0].suit == led:
            if len(cards) > 1 and _first_round(view, led):
                spots = [c for c in cards if c.rank <= Rank.NINE]
                high = max(spots, key=lambda c: c.rank) if spots else None
                low = min(cards, key=lambda c: c.rank)
                if high is None or high == low:
                    return low, "", ""  # no spot card to signal with
                if trick.leader == turn.partner:
                    if any(c.rank >= Rank.QUEEN for c in held):
                        return high, "; high card: encouraging", "; 出大牌: 鼓励"
                    return low, "; low card: discouraging", "; 出小牌: 不鼓励"
                if len(held) % 2 == 0:
                    return high, "; high card: an even number", "; 出大牌: 双数张"
                return low, "; low card: an odd number", "; 出小牌: 单数张"
            return min(cards, key=lambda c: c.rank), "", ""
        trump = view.contract.strain.suit if view.contract is not None else None
        discards = [c for c in cards if c.suit != trump] or cards
        if hand is not None:

            def weakness(s: Suit) -> tuple[int, int]:
                return (sum(c.rank.hcp for c in hand.suit(s)), hand.length(s))

            suit = min({c.suit for c in discards}, key=lambda s: (*weakness(s), s))
            card = min((c for c in discards if c.suit == suit), key=lambda c: c.rank)
            if card.suit != led:
                return card, "; low from the weakest suit", "; 垫最弱花色的小牌"
    if l0 in cards:
        return l0, "", ""
    if trick is None:
        return choice[0][0] if len(choice[0]) == 1 else max(choice[0], key=lambda c: c.rank), "", ""
    return min(cards, key=lambda c: c.rank), "", ""


def _signal_weights(view: View, owners: NDArray[np.uint8]) -> NDArray[np.float64]:
    """Weights of the sampled deals from partner's attitude signals (defenders only)."""
    w = np.ones(len(owners), dtype=float)
    me, declarer = view.seat, view.declarer
    if me is None or declarer is None or me.side == declarer.side:
        return w
    partner = me.partner
    read: set[Suit] = set()
    for trick in view.tricks:
        led = trick.suit_led
        if led is None or trick.leader != me or led in read:
            continue
        read.add(led)
        played = dict(trick.played_by())
        card = played.get(partner)
        if card is None or card.suit != led or card.rank > Rank.NINE:
            continue
        honours = [Card(led, r).index for r in (Rank.QUEEN, Rank.KING, Rank.ACE)]
        has = (owners[:, honours] == partner).any(axis=1)
        if card.rank >= Rank.SEVEN:
            w *= np.where(has, 1.0, 0.5)
        elif card.rank <= Rank.FOUR:
            w *= np.where(has, 0.75, 1.0)
    return w


# --- claims ----------------------------------------------------------------------------------


def _claim_tricks(view: View) -> int | None:
    """Declarer's side's DD tricks of those left, when the view shows (or implies) every
    hand; None otherwise."""
    declarer, contract = view.declarer, view.contract
    if declarer is None or contract is None or view.turn is None:
        return None
    known = known_cards(view)
    hidden = [s for s in Seat if view.hands[s] is None]
    if len(hidden) > 1:
        return None
    sample = sample_deals(1, known=known, seed=0)
    values = solve_sampled(sample.owners, contract.strain, declarer.lho, view.played)
    best = int(values.tricks[0].max())
    left = 13 - sum(1 for t in view.tricks if t.is_complete)
    return best if view.turn.side == declarer.side else left - best
