"""Hand evaluation: the card-by-card functions, the 8192-entry tables and the batch features
agree with each other, with hand-worked examples and with endplay's evaluation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.analysis.evaluate import (
    BALANCED,
    CONTROLS_TABLE,
    HCP_TABLE,
    HONOURS_TABLE,
    LENGTH_TABLE,
    LOSERS_TABLE,
    SEMI_BALANCED,
    SUIT_QUALITY_TABLE,
    DealFeatures,
    ShapeSet,
    controls,
    controls_array,
    hcp,
    hcp_array,
    holding,
    holdings_from_masks,
    honours,
    is_balanced,
    is_semi_balanced,
    lengths_array,
    losers,
    losers_array,
    masks_from_owners,
    pattern,
    point_table,
    shape,
    suit_quality,
)
from qipai.bridge.cards import DECK, Card, Rank, Seat, Suit
from qipai.bridge.deal import Deal, Hand
from qipai.bridge.errors import ParseError

DEALS = [Deal.from_seed(i) for i in range(200)]


def owners_of(deals: list[Deal]) -> np.ndarray:
    """Owners array built card by card from Deal values (not by the dealer's code)."""
    owners = np.full((len(deals), 52), 255, dtype=np.uint8)
    for i, d in enumerate(deals):
        for seat in Seat:
            for card in d[seat].cards:
                owners[i, card.index] = seat
    return owners


def hand_of(suit: Suit, bits: int) -> Hand:
    return Hand(Card(suit, Rank(r + 2)) for r in range(13) if bits >> r & 1)


# --- examples worked by hand -------------------------------------------------------------


@pytest.mark.parametrize(
    ("holding_text", "expected"),
    [
        ("", 0),
        ("A", 0),
        ("K", 1),
        ("2", 1),
        ("AK", 0),
        ("AQ", 1),
        ("KQ", 1),
        ("K2", 1),
        ("Q2", 2),
        ("32", 2),
        ("AKQ", 0),
        ("AK2", 1),
        ("AQ2", 1),
        ("KQ2", 1),
        ("QJT", 2),
        ("J32", 3),
        ("AKQJT98", 0),
        ("T98765432", 3),
    ],
)
def test_losing_trick_count_per_suit(holding_text: str, expected: int) -> None:
    hand = Hand.parse(f"{holding_text or '-'}...")
    assert losers(hand, Suit.SPADES) == expected
    assert losers(hand) == expected


def test_whole_hand_examples() -> None:
    h = Hand.parse("AKJ5.Q62.T84.K93")
    assert hcp(h) == h.hcp == 13
    assert hcp(h, Suit.SPADES) == 8
    assert controls(h) == 4
    assert controls(h, Suit.CLUBS) == 1
    assert losers(h) == 1 + 2 + 3 + 2
    assert shape(h) == (4, 3, 3, 3)
    assert pattern(h) == "4333"
    assert is_balanced(h) and is_semi_balanced(h)
    assert honours(h, Suit.SPADES) == 3
    assert suit_quality(h, Suit.SPADES) == 7
    assert holding(h, Suit.SPADES) == (1 << 12) | (1 << 11) | (1 << 9) | (1 << 3)


def test_shapes_and_balance() -> None:
    assert pattern(Hand.parse("AKQJT98765432...")) == "13000"
    assert pattern(Hand.parse("AKQJT98765.432..")) == "10300"
    for text, bal, semi in [
        ("AKQ2.K93.QJ4.T65", True, True),  # 4333
        ("AKQ2.K932.QJ.T65", True, True),  # 4432
        ("AKQ32.K93.QJ.T65", True, True),  # 5332
        ("AKQ32.K932.QJ.T6", False, True),  # 5422
        ("AKQ432.K93.QJ.T6", False, True),  # 6322
        ("AKQ2.K932.QJ4.T", False, False),  # 4441
        ("AKQ32.K932.QJ4.-", False, False),  # 5440
        ("AKQ432.K932.Q.T6", False, False),  # 6421
    ]:
        hand = Hand.parse(text)
        assert is_balanced(hand) is bal, text
        assert is_semi_balanced(hand) is semi, text
        assert BALANCED.contains(shape(hand)) is bal
        assert SEMI_BALANCED.contains(shape(hand)) is semi


def test_suit_quality_test() -> None:
    # KQT952: 6 cards + K, Q, T = 9; a suit fit for a two-level overcall and more.
    hand = Hand.parse("KQT952.A3.84.J72")
    assert suit_quality(hand, Suit.SPADES) == 9
    assert suit_quality(hand, Suit.HEARTS) == 3
    assert suit_quality(hand, Suit.DIAMONDS) == 2


# --- tables against the card-by-card functions, for every holding ------------------------


def test_tables_agree_with_functions_for_every_holding() -> None:
    for bits in range(8192):
        for suit in (Suit.CLUBS, Suit.SPADES):
            hand = hand_of(suit, bits)
            assert holding(hand, suit) == bits
            assert LENGTH_TABLE[bits] == len(hand)
            assert HCP_TABLE[bits] == hcp(hand, suit) == hcp(hand)
            assert CONTROLS_TABLE[bits] == controls(hand, suit)
            assert LOSERS_TABLE[bits] == losers(hand, suit)
            assert HONOURS_TABLE[bits] == honours(hand, suit)
            assert SUIT_QUALITY_TABLE[bits] == suit_quality(hand, suit)


def test_tables_are_read_only() -> None:
    with pytest.raises(ValueError):
        HCP_TABLE[0] = 1


def test_point_table() -> None:
    aces = point_table([1])
    assert aces[1 << 12] == 1 and aces[(1 << 12) - 1] == 0
    tens = point_table([0, 0, 0, 0, 1])
    assert tens[1 << 8] == 1
    half = point_table([4.5, 3, 1.5, 0.75, 0.25])
    assert half.dtype == np.float64 and half[8191] == pytest.approx(10)
    with pytest.raises(ValueError):
        point_table(range(14))


# --- the batch features against the card-by-card functions -------------------------------


def test_features_agree_with_hand_functions() -> None:
    f = DealFeatures(owners_of(DEALS))
    assert len(f) == len(DEALS)
    for seat in Seat:
        hands = [d[seat] for d in DEALS]
        assert f.hcp(seat).tolist() == [h.hcp for h in hands]
        assert f.controls(seat).tolist() == [controls(h) for h in hands]
        assert f.losers(seat).tolist() == [losers(h) for h in hands]
        assert [tuple(r) for r in f.shape(seat).tolist()] == [shape(h) for h in hands]
        assert f.shape_in(seat, BALANCED).tolist() == [is_balanced(h) for h in hands]
        assert f.shape_in(seat, SEMI_BALANCED).tolist() == [is_semi_balanced(h) for h in hands]
        for suit in Suit:
            assert f.hcp(seat, suit).tolist() == [hcp(h, suit) for h in hands]
            assert f.length(seat, suit).tolist() == [h.length(suit) for h in hands]
            assert f.losers(seat, suit).tolist() == [losers(h, suit) for h in hands]
            assert f.honours(seat, suit).tolist() == [honours(h, suit) for h in hands]
            assert f.suit_quality(seat, suit).tolist() == [suit_quality(h, suit) for h in hands]
            assert f.holding(seat, suit).tolist() == [holding(h, suit) for h in hands]
        card = Card.parse("SA")
        assert f.has_card(seat, card).tolist() == [card in h for h in hands]


def test_array_functions() -> None:
    owners = owners_of(DEALS[:20])
    masks = masks_from_owners(owners)
    assert masks.shape == (20, 4) and masks.dtype == np.uint64
    for i, d in enumerate(DEALS[:20]):
        for seat in Seat:
            assert int(masks[i, seat]) == sum(1 << c.index for c in d[seat].cards)
    holdings = holdings_from_masks(masks)
    assert holdings.shape == (20, 4, 4)
    assert hcp_array(holdings).tolist() == [[d[s].hcp for s in Seat] for d in DEALS[:20]]
    assert controls_array(holdings).tolist() == [[controls(d[s]) for s in Seat] for d in DEALS[:20]]
    assert losers_array(holdings).tolist() == [[losers(d[s]) for s in Seat] for d in DEALS[:20]]
    assert [[tuple(x) for x in row] for row in lengths_array(holdings).tolist()] == [
        [shape(d[s]) for s in Seat] for d in DEALS[:20]
    ]


def test_features_reject_bad_arrays() -> None:
    with pytest.raises(ValueError):
        DealFeatures(np.zeros((3, 13), dtype=np.uint8))


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)))
def test_random_hands_tables_match_functions(order: list[int]) -> None:
    hand = Hand(DECK[i] for i in order[:13])
    owners = np.full((1, 52), 1, dtype=np.uint8)
    owners[0, order[:13]] = 0
    f = DealFeatures(owners)
    assert int(f.hcp(0)[0]) == hcp(hand)
    assert int(f.losers(0)[0]) == losers(hand)
    assert int(f.controls(0)[0]) == controls(hand)
    assert bool(f.shape_in(0, BALANCED)[0]) == is_balanced(hand)
    assert 0 <= losers(hand) <= 12 and 0 <= hcp(hand) <= 37 and 0 <= controls(hand) <= 12


# --- shapes ------------------------------------------------------------------------------


def test_shape_set_counts() -> None:
    assert len(ShapeSet.parse("any 4333")) == 4
    assert len(ShapeSet.parse("any 4432")) == 12
    assert len(ShapeSet.parse("any 5332")) == 12
    assert len(BALANCED) == 28
    assert len(SEMI_BALANCED) == 28 + 12 + 12
    assert ShapeSet.parse("any 4333 + any 4432 + any 5332") == BALANCED
    assert len(ShapeSet.parse("xxxx")) == 560  # every shape
    assert ShapeSet.parse("4333") == ShapeSet([(4, 3, 3, 3)])
    assert ShapeSet.parse("any 4xx3") == ShapeSet.parse("any 43xx")


def test_shape_set_patterns() -> None:
    s = ShapeSet.parse("5xxx")
    assert all(sh[0] == 5 for sh in s.shapes) and len(s) == 45  # 8 cards in 3 suits: C(10, 2)
    s = ShapeSet.parse("44xx")
    assert {sh[2] + sh[3] for sh in s.shapes} == {5}
    s = ShapeSet.parse("any 4333 + any 4432 + 5xxx - 5332")
    assert (5, 3, 3, 2) not in s and (5, 2, 3, 3) in s and (3, 4, 3, 3) in s
    s = ShapeSet.parse("any 55xx")
    assert (5, 0, 5, 3) in s and (0, 5, 5, 3) in s and (5, 4, 4, 0) not in s
    assert ShapeSet.named("semibalanced") == SEMI_BALANCED
    assert ShapeSet.parse("balanced - any 4333") == BALANCED - ShapeSet.parse("any 4333")
    assert (BALANCED & SEMI_BALANCED) == BALANCED
    assert "4333" in str(ShapeSet.parse("4333"))
    any_4432 = ShapeSet.parse("any 4432")
    assert eval(repr(any_4432), {"ShapeSet": ShapeSet}) == any_4432
    assert hash(ShapeSet.parse("any 4333")) == hash(ShapeSet.parse("any 3334"))


def test_spaced_out_patterns() -> None:
    assert ShapeSet.parse("4-4-x-x") == ShapeSet.parse("44xx")
    assert ShapeSet.parse("any 5-4-x-x - 5-4-2-2") == ShapeSet.parse("any 54xx - 5422")
    assert ShapeSet.parse("5xxx-5332") == ShapeSet.parse("5xxx - 5332")
    assert ShapeSet.parse("10-3-0-0").shapes == ((10, 3, 0, 0),)
    assert len(ShapeSet.parse("any 10-x-x-x")) == 4 * 10  # 3 cards in 3 suits: C(5, 2)
    with pytest.raises(ParseError):
        ShapeSet.parse("14-x-x-x")
    with pytest.raises(ParseError):
        ShapeSet.parse("4-4-x")


def test_shape_set_contains_array() -> None:
    lengths = np.array([[4, 3, 3, 3], [5, 4, 3, 1], [3, 3, 5, 2]])
    assert BALANCED.contains_array(lengths).tolist() == [True, False, True]


def test_shape_set_membership_of_odd_values() -> None:
    assert "4333" not in BALANCED
    assert (4, 3, 3) not in BALANCED
    assert (14, -1, 0, 0) not in BALANCED


@pytest.mark.parametrize(
    "text",
    ["433", "43333", "4442", "9xx5", "5y32", "", "any", "4333 +", "4333 * 4432", "any balanced"],
)
def test_bad_shape_lists(text: str) -> None:
    with pytest.raises(ParseError):
        ShapeSet.parse(text)


def test_shape_set_rejects_bad_shapes() -> None:
    with pytest.raises(ValueError):
        ShapeSet([(4, 4, 4, 4)])


# --- against endplay's evaluation --------------------------------------------------------


def test_agrees_with_endplay() -> None:
    from endplay import evaluate as ep
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    for d in DEALS[:100]:
        other = EpDeal(d.pbn())
        for seat, player in zip(
            Seat, (Player.north, Player.east, Player.south, Player.west), strict=True
        ):
            hand, ep_hand = d[seat], other[player]
            assert hcp(hand) == ep.hcp(ep_hand)
            assert controls(hand) == ep.controls(ep_hand)
            assert losers(hand) == ep.losers(ep_hand)
            assert list(shape(hand)) == ep.exact_shape(ep_hand)
            assert is_balanced(hand) == ep.is_balanced(ep_hand)
            # endplay's semi-balanced leaves out 6322; ours (the usual definition) has it.
            if pattern(hand) != "6322":
                assert is_semi_balanced(hand) == ep.is_semibalanced(ep_hand)
            for suit, denom in zip(
                Suit, (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades), strict=True
            ):
                assert losers(hand, suit) == ep.losers(ep_hand[denom])
