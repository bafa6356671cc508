"""The constrained dealer: every deal meets its condition (checked with plain Deal/Hand
values, not the dealer's own arrays), predealt cards stay put, seeds reproduce, and the
deals are uniform, unconstrained and among those accepted (chi-square, fixed seeds)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from qipai.analysis.dealer import (
    BadPredeal,
    DealerError,
    DealSampler,
    DealsNotFound,
    HandConstraint,
    deal,
    deal_array,
    deals_from_owners,
    owners_from_deal,
)
from qipai.analysis.dealscript import parse_script
from qipai.analysis.evaluate import DealFeatures
from qipai.bridge.cards import DECK, Card, Rank, Seat, Suit
from qipai.bridge.deal import Deal, Hand
from qipai.bridge.errors import ParseError, QipaiError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


# --- independent checks: plain Python over Deal values -----------------------------------


def lengths(hand: Hand) -> list[int]:
    return [sum(1 for c in hand.cards if c.suit == s) for s in Suit]


def points(hand: Hand) -> int:
    return sum(
        {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}.get(c.rank, 0) for c in hand
    )


def balanced(hand: Hand) -> bool:
    return sorted(lengths(hand)) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def control_count(hand: Hand) -> int:
    return sum({Rank.ACE: 2, Rank.KING: 1}.get(c.rank, 0) for c in hand)


def ltc(hand: Hand) -> int:
    total = 0
    for suit in Suit:
        ranks = sorted((c.rank for c in hand.cards if c.suit == suit), reverse=True)[:3]
        top = (Rank.ACE, Rank.KING, Rank.QUEEN)[: len(ranks)]
        total += sum(1 for r in top if r not in ranks)
    return total


def assert_complete(deals: list[Deal]) -> None:
    for d in deals:
        d.check_complete()
        assert len(set().union(*(d[s].cards for s in Seat))) == 52


CONDITIONS: list[tuple[str, Callable[[Deal], bool]]] = [
    (
        "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
        lambda d: 15 <= points(d.north) <= 17 and balanced(d.north),
    ),
    (
        "spades(south) >= 5 && hearts(south) <= 1",
        lambda d: lengths(d.south)[Suit.SPADES] >= 5 and lengths(d.south)[Suit.HEARTS] <= 1,
    ),
    ("controls(east) >= 6", lambda d: control_count(d.east) >= 6),
    ("losers(west) <= 5", lambda d: ltc(d.west) <= 5),
    ("shape(north, 5xxx)", lambda d: lengths(d.north)[Suit.SPADES] == 5),
    ("shape(south, any 6511)", lambda d: sorted(lengths(d.south)) == [1, 1, 5, 6]),
    (
        "hascard(west, AS) && !hascard(west, KS)",
        lambda d: Card.parse("SA") in d.west and Card.parse("SK") not in d.west,
    ),
    ("hcp(north) + hcp(south) >= 30", lambda d: points(d.north) + points(d.south) >= 30),
    (
        "hcp(east, hearts) >= 6 || clubs(east) == 0",
        lambda d: points(Hand(d.east.suit(Suit.HEARTS))) >= 6 or lengths(d.east)[Suit.CLUBS] == 0,
    ),
]


@pytest.mark.parametrize(("where", "check"), CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_deals_meet_their_condition(where: str, check: Callable[[Deal], bool]) -> None:
    deals = deal(200, seed=11, where=where)
    assert len(deals) == 200
    assert_complete(deals)
    assert all(check(d) for d in deals)
    assert len(set(deals)) == 200


def test_hand_constraint() -> None:
    c = HandConstraint(S, hcp=(10, 12), hearts=(4, 13), spades=2, shape="any 4432 + any 5422")
    deals = deal(100, seed=5, where=c)
    for d in deals:
        assert 10 <= points(d.south) <= 12
        assert lengths(d.south)[Suit.HEARTS] >= 4
        assert lengths(d.south)[Suit.SPADES] == 2
        assert sorted(lengths(d.south)) in ([2, 3, 4, 4], [2, 2, 4, 5])
    c2 = HandConstraint(E, controls=(5, 12), losers=(0, 6), clubs=(0, 1))
    for d in deal(100, seed=5, where=c2):
        assert control_count(d.east) >= 5 and ltc(d.east) <= 6
        assert lengths(d.east)[Suit.CLUBS] <= 1
    assert c.seats == {S}


def test_predicates_combine() -> None:
    def north_has_ace_of_clubs(f: DealFeatures) -> np.ndarray:
        return f.has_card(N, Card.parse("CA"))

    where = ["hcp(south) >= 12", north_has_ace_of_clubs, HandConstraint(E, diamonds=(5, 13))]
    for d in deal(100, seed=2, where=where):
        assert points(d.south) >= 12
        assert Card.parse("CA") in d.north
        assert lengths(d.east)[Suit.DIAMONDS] >= 5
    assert deal(3, seed=2, where=[]) == deal(3, seed=2)
    assert deal(3, seed=2, where=[None, "1"]) == deal(3, seed=2)


def test_condition_must_give_one_truth_per_deal() -> None:
    with pytest.raises(DealerError):
        deal(1, seed=1, where=lambda f: np.ones(3, dtype=np.bool_))


# --- predealt cards ----------------------------------------------------------------------


def test_predeal_is_respected() -> None:
    north = Hand.parse("AKQ.-.-.AK")
    south_cards = [Card.parse("S2"), Card.parse("H2")]
    deals = deal(300, seed=3, predeal={N: north, S: south_cards, W: "J.J.J.J"})
    assert_complete(deals)
    for d in deals:
        assert north.cards <= d.north.cards
        assert set(south_cards) <= d.south.cards
        assert Hand.parse("J.J.J.J").cards <= d.west.cards


def test_predeal_whole_hands_and_deals() -> None:
    fixed = Deal.from_seed("fixed")
    # Three hands fixed: the fourth is forced.
    partial = Deal(fixed.north, fixed.east, fixed.south, Hand())
    assert deal(3, seed=1, predeal=partial) == [fixed] * 3
    # All four fixed, and a condition that holds.
    cond = f"hcp(north) == {points(fixed.north)}"
    assert deal(2, seed=1, where=cond, predeal=fixed) == [fixed] * 2
    # One hand fixed: the others vary.
    deals = deal(20, seed=1, predeal={E: fixed.east})
    assert all(d.east == fixed.east for d in deals)
    assert len({d.north for d in deals}) == 20


def test_predeal_with_condition_and_script() -> None:
    script = parse_script(
        "predeal north SAKQJ, HAK\npredeal south S2\ncondition spades(north) == 6"
    )
    deals = deal(50, seed=4, where=script)
    for d in deals:
        assert Hand.parse("AKQJ.AK..").cards <= d.north.cards
        assert Card.parse("S2") in d.south
        assert lengths(d.north)[Suit.SPADES] == 6
    listed = deal(5, seed=4, where=["hcp(south) >= 5", script])
    assert all(Card.parse("S2") in d.south and d.south.hcp >= 5 for d in listed)
    s = DealSampler(script, predeal={E: "T..."}, seed=4)
    assert all(Card.parse("ST") in d.east for d in s.deals(20))


@pytest.mark.parametrize(
    "predeal",
    [
        {N: "A...", S: "A..."},
        {N: Hand.parse("AKQJT98765432.2..")},
        {N: [Card.parse("SA")] * 2 + [Card.parse(f"H{r}") for r in "23456789TJQKA"]},
    ],
)
def test_bad_predeal(predeal: dict[Seat, object]) -> None:
    with pytest.raises(BadPredeal):
        deal(1, seed=1, predeal=predeal)  # type: ignore[arg-type]


def test_bad_predeal_text_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        deal(1, seed=1, predeal={N: "AKX..."})


# --- seeds -------------------------------------------------------------------------------


def test_same_seed_same_deals() -> None:
    assert deal(50, seed=7) == deal(50, seed=7)
    assert deal(20, seed=7, where="hcp(north) >= 20") == deal(20, seed=7, where="hcp(north) >= 20")
    assert deal(5, seed=np.random.SeedSequence(7)) == deal(5, seed=7)


def test_different_seeds_differ() -> None:
    a, b = deal(20, seed=7), deal(20, seed=8)
    assert not set(a) & set(b)
    assert deal(3) != deal(3)  # fresh entropy


def test_a_seed_gives_the_same_first_deals_whatever_n() -> None:
    long = deal(3000, seed=5)
    assert deal(10, seed=5) == long[:10]
    assert deal(1500, seed=5) == long[:1500]
    rare = "hcp(north) >= 18"
    assert deal(3, seed=5, where=rare) == deal(40, seed=5, where=rare)[:3]


def test_golden_deals() -> None:
    """Pins the random stream: a change here changes every seeded deal ever published."""
    assert [d.pbn() for d in deal(2, seed=0)] == [
        "N:Q96.QT.AK74.AT95 AKT72.A9764.95.2 J853.53.Q62.QJ86 4.KJ82.JT83.K743",
        "N:AKQ864.T986.T65. J97.AQ3.KJ93.T53 2.K742.AQ72.AKQ8 T53.J5.84.J97642",
    ]
    assert [d.pbn() for d in deal(1, seed=0, where="hcp(north) >= 20")] == [
        "N:AQ5.AQJ62.K7.KJ4 JT92.K854.J.Q732 K76.T93.AQ84.T65 843.7.T96532.A98"
    ]


def test_sampler_keeps_its_stream() -> None:
    a = DealSampler("hcp(north) >= 12", seed=9)
    b = DealSampler("hcp(north) >= 12", seed=9)
    first, second = a.sample(30), a.sample(30)
    assert not np.array_equal(first, second)
    assert np.array_equal(first, b.sample(30))
    assert np.array_equal(second, b.sample(30))
    assert a.tried >= a.accepted >= 60
    assert 0 < a.acceptance <= 1
    fresh = DealSampler(seed=None)
    again = DealSampler(seed=fresh.seed)
    assert np.array_equal(fresh.sample(5), again.sample(5))


# --- arrays ------------------------------------------------------------------------------


def test_arrays_and_values_agree() -> None:
    owners = deal_array(100, seed=12, where="hcp(west) >= 10")
    assert owners.shape == (100, 52) and owners.dtype == np.uint8
    deals = deals_from_owners(owners)
    assert deals == deal(100, seed=12, where="hcp(west) >= 10")
    for row, d in zip(owners, deals, strict=True):
        for card in DECK:
            assert Seat(int(row[card.index])) is d.holder(card)
        assert np.array_equal(owners_from_deal(d), row)


def test_owners_conversion_errors() -> None:
    with pytest.raises(ValueError):
        deals_from_owners(np.zeros((2, 13), dtype=np.uint8))
    with pytest.raises(ValueError):
        deals_from_owners(np.zeros((2, 52), dtype=np.uint8))
    with pytest.raises(ParseError):
        owners_from_deal(Deal(Hand.parse("AKQ..."), Hand(), Hand(), Hand()))


def test_counts() -> None:
    assert deal(0, seed=1) == []
    assert deal_array(0, seed=1).shape == (0, 52)
    with pytest.raises(ValueError):
        deal(-1, seed=1)


def test_impossible_condition_gives_up() -> None:
    with pytest.raises(DealsNotFound) as caught:
        deal(1, seed=1, where="hcp(north) > 37", max_tries=5000)
    assert isinstance(caught.value, QipaiError)
    assert "0 of 1" in str(caught.value)
    s = DealSampler("hcp(north) >= 23", seed=1)
    few = s.sample(1000, max_tries=20_000, allow_fewer=True)
    assert 0 < len(few) < 1000
    assert all(points(d.north) >= 23 for d in deals_from_owners(few))


def test_deals_with_tied_keys_are_thrown_away() -> None:
    class TiedBits:
        """Raw words whose 32-bit halves tie in deal 0 and are distinct elsewhere."""

        def random_raw(self, size: int) -> np.ndarray:
            halves = np.arange(2 * size, dtype=np.uint64) * np.uint64(8)
            halves[:26] = 4  # the first deal's 52 keys, all the same above the seat bits
            return halves[0::2] | (halves[1::2] << np.uint64(32))

    s = DealSampler(seed=1)
    s._bits = TiedBits()  # type: ignore[assignment]
    owners = s._candidates(10)
    assert len(owners) == 9
    deals_from_owners(owners)  # all complete


# --- uniformity --------------------------------------------------------------------------


def chi2_p(statistic: float, df: float) -> float:
    """Upper tail of chi-square (Wilson-Hilferty; accurate to about 1e-3 for df > 10)."""
    h = 2 / (9 * df)
    z = ((statistic / df) ** (1 / 3) - (1 - h)) / math.sqrt(h)
    return 0.5 * math.erfc(z / math.sqrt(2))


def placement_counts(deals: list[Deal]) -> np.ndarray:
    """52 x 4 counts of which seat held each card, counted from the Deal values."""
    counts = np.zeros((52, 4))
    for d in deals:
        for seat in Seat:
            for card in d[seat].cards:
                counts[card.index, seat] += 1
    return counts


def dealt_uniformly_p(counts: np.ndarray, probs: np.ndarray, cards: int) -> float:
    """p-value of the card x seat counts of whole deals, with ``cards`` dealt at random.

    Each deal is one draw of a table with one card per row and fixed seat totals (multiple
    hypergeometric), so Pearson's statistic times (cards - 1) / cards is chi-square with
    (cards - 1) * (seats - 1) degrees of freedom.
    """
    expected = probs * counts.sum(axis=1, keepdims=True)
    statistic = float(((counts - expected) ** 2 / expected).sum())
    seats = counts.shape[1]
    return chi2_p(statistic * (cards - 1) / cards, (cards - 1) * (seats - 1))


def test_chi_square_detects_a_biased_dealer() -> None:
    """The test has power: deals with North's hcp >= 10 are not uniform card by card."""
    counts = placement_counts(deal(5000, seed=21, where="hcp(north) >= 10"))
    assert dealt_uniformly_p(counts, np.full((52, 4), 0.25), 52) < 1e-6


def test_unconstrained_deals_are_uniform() -> None:
    deals = deal(20_000, seed=2024)
    counts = placement_counts(deals)
    assert (counts.sum(axis=0) == 13 * 20_000).all()
    p = dealt_uniformly_p(counts, np.full((52, 4), 0.25), 52)
    assert 1e-4 < p < 1 - 1e-4, p


def test_deals_with_predeal_are_uniform_over_the_rest() -> None:
    fixed = {N: Hand.parse("AKQ.AKQ.-.-"), E: Hand.parse("2.2.2.2")}
    deals = deal(20_000, seed=99, predeal=fixed)
    counts = placement_counts(deals)
    free = [i for i in range(52) if not any(DECK[i] in h for h in fixed.values())]
    assert len(free) == 42
    for seat, hand in fixed.items():
        for card in hand.cards:
            assert counts[card.index, seat] == 20_000
    need = np.array([13 - len(fixed.get(s, Hand())) for s in Seat])  # 7, 9, 13, 13
    probs = np.tile(need / 42, (42, 1))
    p = dealt_uniformly_p(counts[free], probs, 42)
    assert 1e-4 < p < 1 - 1e-4, p


def test_accepted_deals_are_uniform_among_those_meeting_the_condition() -> None:
    """Given North holds exactly five spades, each spade is North's with chance 5/13 and
    each other card with chance 8/39; the rest spread evenly. One card per deal (card i mod
    52 of deal i) keeps the observations independent, so the statistic is plain chi-square
    with 52 * 3 degrees of freedom."""
    deals = deal(20_000, seed=77, where="spades(north) == 5")
    counts = np.zeros((52, 4))
    for i, d in enumerate(deals):
        card = DECK[i % 52]
        counts[card.index, d.holder(card)] += 1
    probs = np.empty((52, 4))
    for card in DECK:
        north = 5 / 13 if card.suit is Suit.SPADES else 8 / 39
        probs[card.index] = [north, (1 - north) / 3, (1 - north) / 3, (1 - north) / 3]
    expected = probs * counts.sum(axis=1, keepdims=True)
    statistic = float(((counts - expected) ** 2 / expected).sum())
    p = chi2_p(statistic, 52 * 3)
    assert 1e-4 < p < 1 - 1e-4, p
