"""The Monte-Carlo double-dummy robot (levels 1 and 2): legal cards whatever the humans beside it
do, sampled deals that agree with everything its view shows and nothing more, clear end
positions played right, signals among equal cards, and the same play for the same seed.

Sample counts are tiny here (the suite runs on two shared cores); ``budget=None`` removes the
deadline so that play depends only on the view and the seed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from robot_helpers import acting, board, play_among_humans

from qipai.analysis.claims import max_claim
from qipai.bridge import (
    DECK,
    BoardState,
    Card,
    Claim,
    Deal,
    Hand,
    Phase,
    PlayCard,
    Seat,
    View,
    apply,
    new_board,
    view,
)
from qipai.robots import Candidate, Level0Robot
from qipai.robots.montecarlo import (
    MonteCarloRobot,
    _convention,
    _not_clearly_worse,
    _signal_weights,
    equal_groups,
    known_cards,
    samples_for,
    shown_voids,
)

# --- builders --------------------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def card_of(c: Candidate) -> Card:
    assert isinstance(c.action, PlayCard)
    return c.action.card


def ending(
    hands: dict[Seat, str], auction: str, tricks: list[str], dealer: Seat = Seat.NORTH
) -> BoardState:
    """A board whose deal is ``hands`` (space-separated cards, all 13 of each seat) after
    ``auction`` and the ``tricks`` (each four cards in playing order)."""
    deal = Deal.from_hands({seat: Hand(cards(text)) for seat, text in hands.items()})
    return board(deal, auction, " ".join(tricks), dealer)


# A 1NT by South where East showed out of spades: West holds the king, so from dummy's AQ the
# queen wins two tricks and the ace only one.
FINESSE = ending(
    {
        Seat.NORTH: "C4 C7 CT D4 D7 DT H8 HJ S8 S9 SA SQ H2",
        Seat.EAST: "C5 C8 CJ D5 D8 DJ H9 HQ H5 H6 H3 H4 D3",
        Seat.SOUTH: "CA CK CQ DA DK DQ HA HK SJ ST S3 S2 C2",
        Seat.WEST: "C3 C6 C9 D2 D6 D9 H7 HT S6 S7 SK S5 S4",
    },
    "P P 1NT P P P",
    [
        "C3 C4 C5 CA",  # West leads; South wins every trick from here
        "CK C6 C7 C8",
        "CQ C9 CT CJ",
        "DA D2 D4 D5",
        "DK D6 D7 D8",
        "DQ D9 DT DJ",
        "HA H7 H8 H9",
        "HK HT HJ HQ",
        "SJ S6 S8 H5",  # East shows out of spades
        "ST S7 S9 H6",
        "S2 S4",  # South leads, West plays low: dummy to play
    ],
)

# East, on lead at trick 11 against South's 1NT, must cash the diamond ace: after a club South
# runs three clubs and East, with two clubs, has to throw the ace away.
CASH = ending(
    {
        Seat.NORTH: "S4 S8 SJ H6 H9 D6 D9 C6 C9 HT HA HK D4",
        Seat.EAST: "SA SK SQ HQ HJ DK DQ CJ CT S2 DA C4 C3",
        Seat.SOUTH: "S5 S6 S9 H4 H7 D2 D7 C2 C7 DT CA CK CQ",
        Seat.WEST: "S3 S7 ST H5 H8 D3 D8 C5 C8 DJ H3 H2 D5",
    },
    "P P 1NT P P P",
    [
        "S3 S4 SA S5",  # West leads; East wins every trick
        "SK S6 S7 S8",
        "SQ S9 ST SJ",
        "HQ H4 H5 H6",
        "HJ H7 H8 H9",
        "DK D2 D3 D6",
        "DQ D7 D8 D9",
        "CJ C2 C5 C6",
        "CT C7 C8 C9",
        "S2 DT DJ HT",  # the last spade: everyone else shows out
    ],
)


def robot(samples: int = 6, **kw: Any) -> MonteCarloRobot:
    return MonteCarloRobot(1, samples=samples, budget=None, **kw)


# --- clear positions -------------------------------------------------------------------------


def test_declarer_takes_the_finesse_the_view_proves_right() -> None:
    s = FINESSE
    assert s.turn == Seat.NORTH and s.declarer == Seat.SOUTH
    v = view(s, Seat.SOUTH)
    got = robot().choose(v, random.Random(1))
    assert str(card_of(got[0])) == "SQ"
    assert "sampled deals" in got[0].explanation and "副模拟牌" in got[0].explanation_zh


def test_defender_cashes_the_setting_trick() -> None:
    s = CASH
    assert s.turn == Seat.EAST
    got = robot().choose(view(s, Seat.EAST), random.Random(2))
    assert str(card_of(got[0])) == "DA"


def test_analysis_reports_values_for_each_group() -> None:
    r = robot(samples=5)
    r.choose(view(FINESSE, Seat.SOUTH), random.Random(3))
    a = r.last
    assert a is not None and a.deals == 5
    assert [str(c) for c in a.groups[0]] == ["SQ"]
    assert a.mean_tricks[0] > a.mean_tricks[1]  # this side's tricks, those won included
    assert a.best_in[0] == 5


@pytest.mark.parametrize("scoring", ["imp", "mp", "tricks"])
def test_every_scoring_finds_the_finesse(scoring: str) -> None:
    r = robot(scoring=scoring)
    got = r.choose(view(FINESSE, Seat.SOUTH), random.Random(4))
    assert str(card_of(got[0])) == "SQ"
    assert got[0].value >= got[-1].value


# --- the view and nothing more ---------------------------------------------------------------


def random_midplay(seed: int) -> tuple[BoardState, Seat, View]:
    """A random board part way through the play (skips the test if it was passed out), the
    seat to act and its view."""
    rng = random.Random(seed)
    s = new_board(seed % 16 + 1, Deal.from_seed(f"mc-{seed}"))
    level0 = Level0Robot()
    while s.phase is Phase.AUCTION:
        s = apply(s, level0.choose(view(s, acting(s)), rng)[0].action)
    target = rng.randint(1, 40)
    while s.phase is Phase.PLAY and len(s.played) < target:
        s = apply(s, PlayCard(rng.choice(view(s, acting(s)).legal_cards)))
    if s.phase is not Phase.PLAY:
        pytest.skip("passed out")
    seat = acting(s)
    return s, seat, view(s, seat)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 6, 7])
def test_sampled_deals_agree_with_every_known_card_and_void(seed: int) -> None:
    _s, _seat, v = random_midplay(seed)
    r = robot(samples=12)
    sample = r._sample(v, 12, seed)
    o = sample.owners
    known, voids = known_cards(v), shown_voids(v)
    for who in Seat:
        idx = [c.index for c in known[who]]
        assert (o[:, idx] == who).all()
        for suit in voids[who]:
            dealt = (o[:, suit * 13 : suit * 13 + 13] == who).sum(axis=1)
            assert (dealt == sum(1 for c in known[who] if c.suit == suit)).all()
    # The view's own facts: every visible hand is where it is, every played card was its player's.
    for who in Seat:
        h = v.hands[who]
        if h is not None:
            assert (o[:, [c.index for c in h.cards]] == who).all()
    for trick in v.tricks:
        for who, card in trick.played_by():
            assert (o[:, card.index] == who).all()
    # And what the view does not show is not fixed: the hidden cards move between the deals.
    hidden = [c.index for c in DECK if c not in v.visible_cards()]
    if len(hidden) > 2:
        assert len({tuple(row) for row in o[:, hidden]}) > 1


@pytest.mark.parametrize("seed", [2, 9, 10, 12, 13])
def test_same_view_same_play_whatever_the_hidden_cards(seed: int) -> None:
    # Swap two unplayed cards of one suit between the hands the robot cannot see: its view is
    # the same, and so is its play, card for card, explanation for explanation.
    s, seat, v = random_midplay(seed)
    a_seat, b_seat = [x for x in Seat if v.hands[x] is None][:2]
    a_hand, b_hand = s.remaining(a_seat), s.remaining(b_seat)
    pairs = [(x, y) for x in a_hand for y in b_hand if x.suit == y.suit]
    if not pairs:
        pytest.skip("no suit to swap")
    x, y = pairs[0]
    hands = {z: s.deal[z] for z in Seat}
    hands[a_seat] = Hand((s.deal[a_seat].cards - {x}) | {y})
    hands[b_seat] = Hand((s.deal[b_seat].cards - {y}) | {x})
    other = BoardState(
        s.number, s.dealer, s.vulnerability, Deal.from_hands(hands), s.auction, s.played
    )
    assert other.deal != s.deal and view(other, seat) == v
    a = robot().choose(v, random.Random(9))
    b = robot().choose(view(other, seat), random.Random(9))
    assert a == b


# --- legality among humans, and reproducibility ----------------------------------------------


def every_legal_card_is_ranked(s: BoardState, v: View, candidates: list[Candidate]) -> None:
    if s.phase is Phase.PLAY:
        assert {card_of(c) for c in candidates} == set(v.legal_cards)


def play_board(seed: int, humans: set[Seat], r: MonteCarloRobot) -> BoardState:
    return play_among_humans(seed, humans, r, every_legal_card_is_ranked)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sets(st.sampled_from(list(Seat)), max_size=2))
def test_robot_never_plays_an_illegal_card_among_random_humans(
    seed: int, humans: set[Seat]
) -> None:
    s = play_board(seed, humans, robot(samples=2))
    assert s.phase is Phase.DONE


def test_same_seed_same_play() -> None:
    a = play_board(5, {Seat.EAST}, robot(samples=3))
    b = play_board(5, {Seat.EAST}, robot(samples=3))
    assert a.played == b.played and a.score_ns == b.score_ns


def test_same_seed_same_candidates_at_a_position() -> None:
    _s, _seat, v = random_midplay(11)
    assert robot().choose(v, random.Random(5)) == robot().choose(v, random.Random(5))


# --- budget, fallbacks, levels ----------------------------------------------------------------


def test_out_of_time_plays_level_0s_card() -> None:
    v = view(FINESSE, Seat.SOUTH)
    r = MonteCarloRobot(1, samples=50, budget=0.0)  # the deadline has passed before DDS
    got = r.choose(v, random.Random(1))
    level0 = Level0Robot().choose(v, random.Random(1))
    assert got[0].action == level0[0].action
    assert "no simulation" in got[0].explanation and "来不及模拟" in got[0].explanation_zh
    assert r.last is None


def test_one_choice_is_played_without_sampling() -> None:
    s = CASH
    s = apply(s, PlayCard(Card.parse("DA")))  # South to follow: all clubs, all equal
    r = robot()
    got = r.choose(view(s, Seat.SOUTH), random.Random(1))
    assert r.last is None
    assert {str(card_of(c)) for c in got} == {"CA", "CK", "CQ"}
    assert got[0].explanation.startswith("All these cards are equal")


def test_bidding_is_level_0s() -> None:
    s = new_board(1, Deal.from_seed(1))
    v = view(s, Seat.NORTH)
    assert robot().choose(v, random.Random(0)) == Level0Robot().choose(v, random.Random(0))


def test_levels_scorings_and_budgets() -> None:
    assert samples_for(1, 13) < samples_for(1, 11) < samples_for(1, 4)
    assert samples_for(2, 13) > samples_for(1, 13)
    b1, b2 = MonteCarloRobot(1).budget, MonteCarloRobot(2).budget
    assert b1 is not None and b2 is not None and b2 > b1
    for bad in ({"level": 0}, {"level": 3}, {"scoring": "rubber"}, {"samples": 0}):
        with pytest.raises(ValueError):
            MonteCarloRobot(**bad)


def test_opening_lead_is_legal_and_explained() -> None:
    s = board(Deal.from_seed(21), "P P 1NT P 3NT P P P")
    leader = s.turn
    assert leader is not None
    v = view(s, leader)
    got = robot(samples=4).choose(v, random.Random(0))
    assert card_of(got[0]) in v.legal_cards
    assert len(got) == len(v.legal_cards)


def test_claims_are_judged_double_dummy() -> None:
    s = apply(FINESSE, Claim(2, Seat.SOUTH))
    most = max_claim(FINESSE)
    r = robot()
    for defender in (Seat.WEST, Seat.EAST):
        v = view(s, defender)
        assert r.accept_claim(v, most) is True
        assert r.accept_claim(v, most + 1) is False


# --- equal cards and signals -----------------------------------------------------------------


def test_touching_cards_are_one_group() -> None:
    v = view(CASH, Seat.EAST)
    groups = equal_groups(v, v.legal_cards)
    assert [[str(c) for c in g] for g in groups] == [["DA"], ["C4", "C3"]]
    # Before any play, K and J are apart while the queen is out.
    v0 = view(new_board(1, Deal.from_seed(1)), Seat.NORTH)
    assert len(equal_groups(v0, cards("SK SJ"))) == 2
    assert len(equal_groups(v0, cards("SK SQ SJ"))) == 1


def deal_from(fixed: dict[Seat, str]) -> Deal:
    """The ``fixed`` cards where given; the others dealt in turn to the seats with room."""
    hands = {seat: set(cards(fixed.get(seat, ""))) for seat in Seat}
    used = set().union(*hands.values())
    for card in (c for c in DECK if c not in used):
        seat = min(Seat, key=lambda x: (len(hands[x]), x))
        hands[seat].add(card)
    return Deal.from_hands({seat: Hand(h) for seat, h in hands.items()})


def east_to_play(fixed: dict[Seat, str], played: str) -> View:
    """East's view after ``played``, South declaring 1NT (West leads)."""
    s = board(deal_from(fixed), "P P 1NT P P P", played)
    assert s.turn == Seat.EAST
    return view(s, Seat.EAST)


def test_attitude_on_partners_lead() -> None:
    # West leads a spade, dummy plays low; with the king East encourages, without discourages.
    lead = {Seat.WEST: "S3", Seat.NORTH: "S4"}
    v = east_to_play({**lead, Seat.EAST: "SK S8 S2 H5 H4 H3 D5 D4 D3 C5 C4 C3 C2"}, "S3 S4")
    card, en, zh = _convention(v, [[Card.parse("S8")], [Card.parse("S2")]], Card.parse("S2"))
    assert str(card) == "S8" and "encouraging" in en and "鼓励" in zh
    v = east_to_play({**lead, Seat.EAST: "H6 S8 S2 H5 H4 H3 D5 D4 D3 C5 C4 C3 C2"}, "S3 S4")
    card, en, _ = _convention(v, [[Card.parse("S8")], [Card.parse("S2")]], Card.parse("S8"))
    assert str(card) == "S2" and "discouraging" in en


@pytest.mark.parametrize(
    "east, expect, word",
    [
        ("H8 H2 S5 S4 S3 S2 D5 D4 D3 D2 C7 C6 C5", "H8", "even"),
        ("H8 H6 H2 S4 S3 S2 D5 D4 D3 D2 C7 C6 C5", "H2", "odd"),
    ],
)
def test_count_when_dummy_leads_a_new_suit(east: str, expect: str, word: str) -> None:
    # West leads a club, dummy wins with the ace and leads the heart king: East gives count.
    fixed = {Seat.WEST: "C2", Seat.NORTH: "CA HK", Seat.SOUTH: "C3", Seat.EAST: east}
    v = east_to_play(fixed, "C2 CA C5 C3 HK")
    hearts = sorted(v.legal_cards, key=lambda c: -c.rank)
    card, en, _ = _convention(v, [[c] for c in hearts], hearts[-1])
    assert str(card) == expect and word in en


def test_discard_low_from_the_weakest_suit() -> None:
    # East is void in spades: discards are equal, so East throws the lowest club.
    east = "HA HK H3 H2 DQ DJ D3 D2 C7 C6 C5 C4 C3"
    v = east_to_play({Seat.WEST: "S3", Seat.NORTH: "S4", Seat.EAST: east}, "S3 S4")
    legal = list(v.legal_cards)
    assert len(legal) == 13
    card, en, zh = _convention(v, [[c] for c in legal], Card.parse("H2"))
    assert str(card) == "C3" and "weakest" in en and zh


def test_partners_encouraging_signal_weights_the_samples() -> None:
    # West led a spade and East followed with the 9: deals where East holds none of the ace,
    # king and queen of spades weigh half. South won and leads a diamond to West.
    fixed = {
        Seat.WEST: "S3 D5",
        Seat.NORTH: "S4",
        Seat.EAST: "S9 SK",
        Seat.SOUTH: "SA D2",
    }
    s = board(deal_from(fixed), "P P 1NT P P P", "S3 S4 S9 SA D2")
    v = view(s, Seat.WEST)
    owners = np.full((2, 52), Seat.NORTH, dtype=np.uint8)
    owners[0, Card.parse("SK").index] = Seat.EAST  # East holds the king here, not there
    w = _signal_weights(v, owners)
    assert w.tolist() == [1.0, 0.5]
    # Declarer reads no signals.
    assert _signal_weights(view(s, Seat.SOUTH), owners).tolist() == [1.0, 1.0]


def test_the_usual_lead_stands_unless_clearly_worse() -> None:
    w = np.full(8, 1 / 8)
    # Column 0 is the simulation's best, column 1 level 0's lead.
    close = np.array([[1, 0], [0, 0], [0, 1], [1, 1], [0, 0], [1, 1], [0, 0], [0, 0]], float)
    clear = np.array([[1, 0]] * 6 + [[0, 0]] * 2, float)
    assert _not_clearly_worse(close, w, 0, 1)
    assert not _not_clearly_worse(clear, w, 0, 1)


def test_robot_for_gives_monte_carlo_robots_at_levels_1_and_2():
    from qipai.robots import robot_for

    assert robot_for(1).level == 1
    assert robot_for(2, scoring="mp").level == 2
