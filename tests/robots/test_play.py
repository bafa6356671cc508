"""Hand-checked level-0 card play: leads, second and third hand, ruffing, discarding, drawing
trumps, playing dummy's cards for declarer, answering claims."""

from __future__ import annotations

import random

import pytest
from robot_helpers import board, deal_with

from qipai.bridge import Card, Claim, Deal, Hand, Seat, apply, view
from qipai.bridge.game import PlayCard
from qipai.robots import Level0Robot, act

ROBOT = Level0Robot()


def first_card(state, seat: Seat) -> str:
    candidates = ROBOT.choose(view(state, seat), random.Random(0))
    action = candidates[0].action
    assert isinstance(action, PlayCard)
    assert action.card in view(state, seat).legal_cards
    assert candidates[0].explanation and candidates[0].explanation_zh
    return str(action.card)


@pytest.mark.parametrize(
    ("east", "auction", "expected"),
    [
        ("KQJ4.32.8765.432", "1NT P 3NT P P P", "SK"),  # top of a sequence
        ("Q8532.K32.765.43", "1NT P 3NT P P P", "S3"),  # fourth best
        ("32.AK32.Q432.432", "1S P 3S P 4S P P P", "HA"),  # ace from ace-king
        ("KJ2.A32.Q432.432", "1S P 6S P P P", "C4"),  # passive against a slam
        ("A432.2.K9432.Q32", "1S P 4S P P P", "H2"),  # a singleton for a ruff
    ],
)
def test_opening_leads(east: str, auction: str, expected: str):
    s = board(deal_with(east=east), auction)
    assert s.turn == Seat.EAST
    assert first_card(s, Seat.EAST) == expected


def test_lead_partners_suit():
    # West opened 1H; North-South reached 4S; East leads low from Q32 in partner's suit.
    s = board(deal_with(east="432.Q32.KJ32.Q32"), "1H 1S P 4S P P P", dealer=Seat.WEST)
    assert s.declarer == Seat.NORTH
    assert first_card(s, Seat.EAST) == "H2"


HANDS = {
    "north": "AKQJ2.AK2.432.32",
    "east": "76.T987.J976.KQJ",
    "south": "T98.Q43.AK5.A654",
    "west": "543.J65.QT8.T987",
}


def hands(**given: str) -> Deal:
    return Deal.from_hands({Seat.parse(k): Hand.parse(v) for k, v in given.items()})


def test_declarer_plays_dummys_cards_second_hand_low():
    deal = hands(**HANDS)
    s = board(deal, "1NT P 3NT P P P", "H7")
    assert s.turn == Seat.SOUTH  # dummy's turn, played by declarer
    assert view(s, Seat.SOUTH).legal_cards == ()  # dummy never acts
    assert ROBOT.choose(view(s, Seat.SOUTH), random.Random(0)) == []
    assert first_card(s, Seat.NORTH) == "H3"


def test_cover_an_honour_with_an_honour():
    deal = deal_with(east="76.QJT7.J976.KQJ", south="T98.K43.AK5.A654")
    s = board(deal, "1NT P 3NT P P P", "HQ")
    assert first_card(s, Seat.NORTH) == "HK"


def test_third_hand_high_lowest_of_equals():
    deal = deal_with(east="J9853.T987.J9.KQ", south="T4.Q43.AK5.A6542", west="KQ2.J65.QT8.T987")
    s = board(deal, "1NT P 3NT P P P", "S5 S4")
    assert s.turn == Seat.WEST
    assert first_card(s, Seat.WEST) == "SQ"


def test_fourth_hand_wins_cheaply():
    deal = hands(
        north="AKJ2.AK2.AQ3.432",
        east="76.T987.J9765.KQ",
        south="T98.Q43.K42.AJ65",
        west="Q543.J65.T8.T987",
    )
    s = board(deal, "1NT P 3NT P P P", "D5 D2 DT")
    assert s.turn == Seat.NORTH
    assert first_card(s, Seat.NORTH) == "DQ"


@pytest.mark.parametrize(
    ("north", "south", "auction", "expected"),
    [
        # ruff when void and the opponents are winning
        ("AKQJ2.AK32.AK32.", "T98.Q4.Q54.65432", "1S P 3S P 4S P P P", "S2"),
        # no trumps: discard from the weakest suit
        ("AKQJ2.AK32.5432.", "T98.Q4.AKQ.65432", "1NT P 3NT P P P", "D2"),
    ],
    ids=["ruff", "discard"],
)
def test_void_in_the_suit_led(north: str, south: str, auction: str, expected: str):
    # East leads the club ace, dummy plays the two, West follows low: declarer has no club.
    deal = deal_with(north=north, east="76.T98.J976.AKQJ", south=south)
    s = board(deal, auction, "CA C2")
    west = s.deal[Seat.WEST]
    s = apply(s, PlayCard(west.suit(Card.parse("C2").suit)[-1]))
    assert first_card(s, Seat.NORTH) == expected


def test_declarer_draws_trumps():
    s = board(hands(**HANDS), "1S P 3S P 4S P P P", "D6 DA D8 D2")
    assert s.turn == Seat.SOUTH  # dummy won the trick and leads
    card = first_card(s, Seat.NORTH)
    assert card[0] == "S"


def test_declarer_unblocks_and_crosses():
    deal = hands(
        north="KQ4.A53.KQ.KT632",
        east="T9853.Q98.865.AQ",
        south="J7.KJ.AJT943.875",
        west="A62.T7642.72.J94",
    )
    s = board(deal, "1NT P 3NT P P P", "H8 HK H2 H3")
    assert s.turn == Seat.SOUTH  # dummy won; declarer leads from dummy
    assert first_card(s, Seat.NORTH) == "D3"  # low to the short hand's king-queen
    s = board(deal, "1NT P 3NT P P P", "H8 HK H2 H3 D3 D2")
    assert first_card(s, Seat.NORTH) in ("DK", "DQ")
    s = board(deal, "1NT P 3NT P P P", "H8 HK H2 H3 D3 D2 DQ D5")
    assert first_card(s, Seat.NORTH) == "DK"  # then cash the other honour: unblocked


def claim_state(deal: Deal, claim: int):
    s = board(deal, "7NT P P P")
    east = view(s, Seat.EAST)
    s = apply(s, act(ROBOT, east, random.Random(0)))  # the opening lead
    return apply(s, Claim(claim, Seat.NORTH))


def test_accepts_a_claim_of_top_tricks():
    s = claim_state(deal_with(north="AKQJT.AKQ.AKQ.AK"), 13)
    for defender in (Seat.EAST, Seat.WEST):
        assert ROBOT.accept_claim(view(s, defender), 13)


def test_refuses_a_claim_its_count_does_not_reach():
    deal = hands(
        north="AKQJT.AKQ.AKQ.32",
        east="43.JT98.JT9.AKQJ",
        south="98765.432.432.54",
        west="2.765.8765.T9876",
    )
    assert not ROBOT.accept_claim(view(claim_state(deal, 13), Seat.EAST), 13)
    assert not ROBOT.accept_claim(view(claim_state(deal, 12), Seat.WEST), 12)
    assert ROBOT.accept_claim(view(claim_state(deal, 11), Seat.EAST), 11)


class Broken:
    level = 9

    def __init__(self, error: bool) -> None:
        self.error = error

    def choose(self, view, rng):
        if self.error:
            raise TimeoutError
        return []

    def accept_claim(self, view, tricks):
        return False


@pytest.mark.parametrize("error", [True, False])
def test_act_never_returns_nothing(error: bool):
    s = board(deal_with(east="KQJ4.32.8765.432"), "1NT P 3NT P P P")
    action = act(Broken(error), view(s, Seat.EAST), random.Random(0))
    assert action.card in view(s, Seat.EAST).legal_cards
    s2 = board(deal_with(), "")
    call = act(Broken(error), view(s2, Seat.NORTH), random.Random(0))
    assert str(call.call) == "P"


def test_act_refuses_a_seat_with_nothing_to_do():
    s = board(deal_with(), "")
    with pytest.raises(ValueError):
        act(ROBOT, view(s, Seat.EAST), random.Random(0))


def test_robot_levels():
    from qipai.robots import robot_for

    assert robot_for(0).level == 0
    for level in (1, 2):
        assert robot_for(level).level == level
    with pytest.raises(ValueError):
        robot_for(7)
