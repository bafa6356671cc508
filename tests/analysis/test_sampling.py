"""Sampling hidden hands from what one seat knows, and solving many sampled deals at once:
every sampled deal keeps the known cards and the voids shown, constraints are met or loosened
step by step, and the batch solver agrees with the single-position solver."""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np
import pytest

from qipai.analysis.dealer import DealsNotFound, HandConstraint, owners_from_deal
from qipai.analysis.sampling import relax, sample_deals, solve_sampled
from qipai.analysis.solve import solve
from qipai.bridge import (
    BoardState,
    Card,
    Deal,
    MakeCall,
    PlayCard,
    Rank,
    Seat,
    Strain,
    Suit,
    apply,
    legal_cards,
    new_board,
    parse_call,
)


def board(seed: int, auction: str = "P 1NT P P P") -> BoardState:
    s = new_board(1, Deal.from_seed(seed))
    for c in auction.split():
        s = apply(s, MakeCall(parse_call(c)))
    return s


def playout(s: BoardState, cards: int, rng: random.Random) -> BoardState:
    for _ in range(cards):
        s = apply(s, PlayCard(rng.choice(legal_cards(s))))
    return s


def knowledge(s: BoardState, viewer: Seat) -> tuple[dict[Seat, set[Card]], dict[Seat, set[Suit]]]:
    """What ``viewer`` knows once dummy is faced: its cards, dummy's, the cards played; voids."""
    known: dict[Seat, set[Card]] = {seat: set() for seat in Seat}
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
    for seat in (viewer, s.dummy):
        assert seat is not None
        known[seat] |= s.deal[seat].cards
    for trick in s.tricks:
        for seat, card in trick.played_by():
            known[seat].add(card)
            if card.suit != trick.suit_led:
                assert trick.suit_led is not None
                voids[seat].add(trick.suit_led)
    return known, voids


def holds(owners: np.ndarray, seat: Seat, cards: Iterable[Card]) -> bool:
    return bool((owners[:, [c.index for c in cards]] == seat).all())


def suit_length(owners: np.ndarray, seat: Seat, suit: Suit) -> np.ndarray:
    out: np.ndarray = (owners[:, suit * 13 : suit * 13 + 13] == seat).sum(axis=1)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_sampled_deals_keep_known_cards_and_voids(seed: int) -> None:
    rng = random.Random(seed)
    s = playout(board(seed), rng.randint(8, 36), rng)
    assert s.declarer is not None
    viewer = s.declarer.lho  # a defender
    known, voids = knowledge(s, viewer)
    sample = sample_deals(30, known=known, voids=voids, seed=seed)
    o = sample.owners
    assert o.shape == (30, 52)
    assert ((o == np.arange(4)[:, None, None]).sum(axis=2) == 13).all()  # 13 cards a seat
    for seat, cards in known.items():
        assert holds(o, seat, cards)
    for seat, suits in voids.items():
        for suit in suits:
            shown = sum(1 for c in known[seat] if c.suit == suit)
            assert (suit_length(o, seat, suit) == shown).all()


def test_a_void_gives_the_other_hidden_hand_the_suit() -> None:
    d = Deal.from_seed(4)
    known = {Seat.NORTH: d.north.cards, Seat.SOUTH: d.south.cards}
    sample = sample_deals(20, known=known, voids={Seat.EAST: {Suit.HEARTS}}, seed=1)
    unknown = [Card(Suit.HEARTS, r) for r in Rank if Card(Suit.HEARTS, r) not in d.north.cards]
    unknown = [c for c in unknown if c not in d.south.cards]
    assert holds(sample.owners, Seat.WEST, unknown)


def test_constraints_are_met_when_they_can_be() -> None:
    d = Deal.from_seed(6)
    known = {Seat.NORTH: d.north.cards}
    east = HandConstraint(Seat.EAST, hcp=(12, 14), hearts=(5, 13))
    sample = sample_deals(25, known=known, constraints=[east], seed=2)
    assert sample.relaxed == 0
    o = sample.owners
    assert (suit_length(o, Seat.EAST, Suit.HEARTS) >= 5).all()
    hcp = np.zeros(len(o), dtype=int)
    for suit in Suit:
        for r in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE):
            hcp += (o[:, Card(suit, r).index] == Seat.EAST) * r.hcp
    assert ((hcp >= 12) & (hcp <= 14)).all()


def test_impossible_constraints_are_loosened_never_fatal() -> None:
    d = Deal.from_seed(6)
    known = {Seat.NORTH: d.north.cards, Seat.SOUTH: d.south.cards}
    # Both hidden hands cannot have 25+ HCP each: dropped, and deals still come.
    a = HandConstraint(Seat.EAST, hcp=(25, 37))
    b = HandConstraint(Seat.WEST, hcp=(25, 37))
    sample = sample_deals(10, known=known, constraints=[a, b], seed=3, max_tries=2000)
    assert len(sample) == 10 and sample.relaxed == 3
    assert holds(sample.owners, Seat.NORTH, d.north.cards)


def test_relax_steps_widen_then_drop() -> None:
    c = HandConstraint(Seat.WEST, hcp=(6, 10), spades=(6, 6))
    one, two = relax(c, 1), relax(c, 2)
    assert one is not None and one.hcp == (3, 13) and one.spades == (5, 7)
    assert two is not None and two.hcp is None and two.spades == (5, 7)
    assert relax(c, 3) is None and relax(c, 0) is c


def test_the_same_seed_samples_the_same_deals() -> None:
    known = {Seat.SOUTH: Deal.from_seed(9).south.cards}
    c = [HandConstraint(Seat.NORTH, hcp=(15, 17))]
    a = sample_deals(12, known=known, constraints=c, seed=77).owners
    b = sample_deals(12, known=known, constraints=c, seed=77).owners
    assert (a == b).all()
    assert not (a == sample_deals(12, known=known, constraints=c, seed=78).owners).all()


def test_contradictory_knowledge_raises() -> None:
    with pytest.raises(DealsNotFound):
        sample_deals(1, known={Seat.NORTH: [Card.parse("SA")], Seat.SOUTH: [Card.parse("SA")]})


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_batch_solving_agrees_with_solve_on_the_real_deal(seed: int) -> None:
    rng = random.Random(seed)
    s = playout(board(seed), rng.randint(20, 34), rng)
    owners = owners_from_deal(s.deal)[None, :]
    owners = np.repeat(owners, 3, axis=0)  # the same deal three times
    assert s.contract is not None and s.opening_leader is not None
    values = solve_sampled(owners, s.contract.strain, s.opening_leader, s.played)
    expected = solve(s)
    assert set(values.cards) == set(expected) and values.seat == s.turn
    for j, card in enumerate(values.cards):
        assert (values.tricks[:, j] == expected[card]).all()


def test_a_passed_deadline_solves_nothing_and_a_clock_cuts_chunks() -> None:
    rng = random.Random(3)
    s = playout(board(3), 30, rng)
    assert s.contract is not None and s.opening_leader is not None
    owners = np.repeat(owners_from_deal(s.deal)[None, :], 50, axis=0)
    none = solve_sampled(owners, s.contract.strain, s.opening_leader, s.played, deadline=0.0)
    assert none.solved == 0 and none.tricks.shape[1] == len(none.cards)
    ticks = iter(range(100))
    some = solve_sampled(
        owners,
        s.contract.strain,
        s.opening_leader,
        s.played,
        deadline=1.5,
        clock=lambda: float(next(ticks)),  # time 0 before the first chunk, then past it
    )
    assert 1 <= some.solved < 50


def test_the_hand_to_play_must_be_the_same_in_every_deal() -> None:
    a, b = owners_from_deal(Deal.from_seed(1)), owners_from_deal(Deal.from_seed(2))
    with pytest.raises(ValueError, match="differ"):
        solve_sampled(np.stack([a, b]), Strain.NOTRUMP, Seat.WEST)
    with pytest.raises(ValueError):
        solve_sampled(np.zeros((2, 51), dtype=np.uint8), Strain.NOTRUMP, Seat.WEST)
