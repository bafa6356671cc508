"""One set of hand measures (issue #14): the robots' system-file terms and
``qipai.analysis.evaluate`` (and the dealer that counts in bulk) say the same thing of every
hand. Before, the robots called 7-2-2-2 semi-balanced and ``evaluate`` did not."""

from __future__ import annotations

import pathlib
import random
import re
from collections.abc import Callable

import numpy as np
import pytest

import qipai
from qipai.analysis import evaluate
from qipai.analysis.dealer import HandConstraint
from qipai.analysis.evaluate import BALANCED, SEMI_BALANCED, DealFeatures
from qipai.bridge.cards import DECK, SUITS_HIGH_FIRST, Card, Seat
from qipai.bridge.deal import Hand
from qipai.robots.requirements import Context, parse_requirement


def _every_pattern() -> list[tuple[int, int, int, int]]:
    """Each 13-card shape (spades, hearts, diamonds, clubs): all 560 of them."""
    return [
        (s, h, d, 13 - s - h - d)
        for s in range(14)
        for h in range(14 - s)
        for d in range(14 - s - h)
    ]


def _hand_of_shape(sh: tuple[int, int, int, int], rng: random.Random) -> Hand:
    cards: list[Card] = []
    for suit, n in zip(SUITS_HIGH_FIRST, sh, strict=True):
        cards += rng.sample([c for c in DECK if c.suit == suit], n)
    return Hand(cards)


def _term(text: str, hand: Hand) -> bool | None:
    return parse_requirement(text).evaluate(Context.empty(), {}, hand)


def test_seven_two_two_two_is_neither_balanced_nor_semi_balanced_for_anyone() -> None:
    hand = Hand.parse("AKQJ432.K9.Q4.65")
    assert evaluate.pattern(hand) == "7222"
    assert not evaluate.is_balanced(hand) and not evaluate.is_semi_balanced(hand)
    assert _term("balanced", hand) is False
    assert _term("semibalanced", hand) is False
    assert _term("unbalanced", hand) is True
    assert not SEMI_BALANCED.contains(hand.shape)


def test_robots_terms_and_evaluate_agree_on_every_shape() -> None:
    rng = random.Random(14)
    hands = [_hand_of_shape(sh, rng) for sh in _every_pattern()]
    owners = np.full((len(hands), 52), int(Seat.EAST), dtype=np.uint8)
    for i, h in enumerate(hands):
        owners[i, [c.index for c in h.cards]] = int(Seat.NORTH)
    features = DealFeatures(owners)
    in_balanced = features.shape_in(Seat.NORTH, BALANCED).tolist()
    in_semi = features.shape_in(Seat.NORTH, SEMI_BALANCED).tolist()
    dealer_balanced = HandConstraint(Seat.NORTH, shape="balanced")(features).tolist()
    counts = {"balanced": 0, "semibalanced": 0}
    for i, hand in enumerate(hands):
        bal, semi = evaluate.is_balanced(hand), evaluate.is_semi_balanced(hand)
        assert _term("balanced", hand) is bal, hand
        assert _term("unbalanced", hand) is (not bal), hand
        assert _term("semibalanced", hand) is semi, hand
        assert _term("twosuiter", hand) is evaluate.is_two_suiter(hand), hand
        assert in_balanced[i] is bal and dealer_balanced[i] is bal, hand
        assert in_semi[i] is semi, hand
        counts["balanced"] += bal
        counts["semibalanced"] += semi
    # 4333 (4 ways) + 4432 (12) + 5332 (12); and 5422 (12) + 6322 (12) more.
    assert counts == {"balanced": 28, "semibalanced": 52}


def test_semi_balanced_constraints_admit_exactly_the_semi_balanced_hands() -> None:
    """What a ``semibalanced`` call tells the sampler about a hidden hand is the same set."""
    constraints = parse_requirement("semibalanced").constraints(Context.empty(), {})
    assert constraints is not None
    rng = random.Random(7)
    for sh in _every_pattern():
        hand = _hand_of_shape(sh, rng)
        assert constraints.admits(hand) is evaluate.is_semi_balanced(hand), sh


@pytest.mark.parametrize(
    ("term", "measure"),
    [
        ("hcp", evaluate.hcp),
        ("pts", evaluate.length_points),
        ("dp", evaluate.dummy_points),
        ("controls", evaluate.controls),
        ("aces", evaluate.aces),
        ("kings", evaluate.kings),
    ],
)
def test_robots_counts_are_evaluates(term: str, measure: Callable[[Hand], int]) -> None:
    rng = random.Random(term)
    for _ in range(200):
        hand = Hand(rng.sample(DECK, 13))
        value = measure(hand)
        assert _term(f"{term} {value}", hand) is True, (term, hand)
        assert _term(f"{term} {value + 1}+", hand) is False, (term, hand)


def test_robots_suit_tests_are_evaluates() -> None:
    rng = random.Random(3)
    for _ in range(300):
        hand = Hand(rng.sample(DECK, 13))
        for suit, letter in zip(SUITS_HIGH_FIRST, "SHDC", strict=True):
            assert _term(f"stop {letter}", hand) is evaluate.has_stopper(hand, suit)
            assert _term(f"good {letter}", hand) is evaluate.is_good_suit(hand, suit)
            assert _term(f"controlled {letter}", hand) is evaluate.is_controlled(hand, suit)
            top = evaluate.top_three(hand, suit)
            assert _term(f"honors {letter} {top}", hand) is True
            ctl = evaluate.controls(hand, suit)
            assert _term(f"controls {letter} {ctl}", hand) is True


def test_no_other_module_defines_balance() -> None:
    """The balanced shapes are written in one place, ``analysis/evaluate.py``."""
    root = pathlib.Path(qipai.__file__).parent
    home = root / "analysis" / "evaluate.py"
    own = re.compile(r"def is_(semi_?)?balanced|\[4, 3, 3, 3\]|\(4, 3, 3, 3\)|\"4333\", \"4432\"")
    found = [
        f"{p.relative_to(root)}:{n}"
        for p in root.rglob("*.py")
        if p != home
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if own.search(line)
    ]
    assert found == []
