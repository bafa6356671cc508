"""Hand-checked bidding: what the natural system bids with a hand, and how it reads a call."""

from __future__ import annotations

import pytest
from robot_helpers import bid, calls

from qipai.bridge import Auction, Seat, Suit, Vulnerability
from qipai.robots import explain, natural


@pytest.mark.parametrize(
    ("hand", "auction", "expected"),
    [
        # Openings
        ("AK2.K43.QJ42.A32", "", "1NT"),  # 17 balanced
        ("AK2.K43.QJ42.AQ2", "", "1D"),  # 19 balanced: open a minor, rebid 2NT
        ("AK2.KQ3.QJ42.AJ2", "", "2NT"),  # 20 balanced
        ("AKJ2.KQ3.AQ2.AK2", "", "2C"),  # 26
        ("AQJ65.K32.K2.432", "", "1S"),
        ("AQ765.KQJ32.2.32", "", "1S"),  # 5-5: the higher
        ("A7654.KQJ432.2.2", "", "1H"),  # the longer
        ("AK32.KQ32.Q32.32", "", "1D"),  # 4-4-3-2: one diamond
        ("AK32.KQ32.32.Q32", "", "1C"),
        ("KQJ965.32.432.32", "", "2S"),  # weak two
        ("32.KQJ965.432.32", "", "2H"),
        ("32.2.KQJ9632.432", "", "3D"),  # preempt
        ("2.KQJ98765.32.32", "", "4H"),
        ("32.432.5432.J432", "", "P"),
        # Responses to 1NT
        ("KJ32.Q432.32.K32", "1NT P", "2C"),  # Stayman
        ("KJ832.32.432.432", "1NT P", "2H"),  # transfer to spades
        ("32.KJ832.432.432", "1NT P", "2D"),  # transfer to hearts
        ("32.432.5432.J432", "1NT P", "P"),
        ("K32.Q32.Q432.Q32", "1NT P", "2NT"),
        ("K32.Q32.K432.AQ2", "1NT P", "3NT"),
        ("32.AKJ8765.K2.32", "1NT P", "4D"),  # Texas
        # Opener after Stayman and transfers
        ("AK2.K432.QJ2.A32", "1NT P 2C P", "2H"),
        ("AK32.K43.QJ2.A32", "1NT P 2C P", "2S"),
        ("AK2.K43.QJ32.A32", "1NT P 2C P", "2D"),
        ("AK2.K432.QJ2.A32", "1NT P 2D P", "3H"),  # super-accept
        ("AK2.K43.QJ32.A32", "1NT P 2D P", "2H"),
        ("KJ832.32.432.432", "1NT P 2H P 2S P", "P"),
        ("KJ832.A2.K32.432", "1NT P 2H P 2S P", "3NT"),
        # Raises of a major
        ("K432.32.AK32.K32", "1S P", "2NT"),  # Jacoby
        ("K432.32.A432.Q32", "1S P", "3S"),  # limit raise
        ("K32.432.Q432.K32", "1S P", "2S"),
        ("KJ432.2.Q8432.32", "1S P", "4S"),  # preemptive raise
        ("32.K432.AK432.K2", "1H P", "2NT"),
        ("AQ432.32.K432.32", "1H P", "1S"),  # new suit forcing
        ("32.Q2.AK432.KJ32", "1S P", "2D"),  # two over one
        ("K432.A32.K32.A32", "1H P", "1S"),
        # Opener rebids
        ("AKJ32.K2.32.KQ32", "1S P 2S P", "3S"),
        ("AQJ32.K2.32.Q432", "1S P 2S P", "P"),
        ("AKJ32.2.K32.Q432", "1S P 2NT P", "3H"),  # shortness after Jacoby
        ("AK32.K2.Q32.J432", "1C P 1H P", "1S"),
        ("A32.K2.Q32.KJ432", "1C P 1H P", "1NT"),
        # Competition
        ("AJ32.2.KQ32.KJ32", "1H", "X"),  # takeout double
        ("AQJ65.32.432.K32", "1D", "1S"),  # overcall
        ("AK2.KJ3.QJ42.K32", "1D", "1NT"),  # 1NT overcall
        ("AQ532.KJ432.2.32", "1C", "2C"),  # Michaels
        ("KQ532.2.AJ432.32", "1H", "2H"),  # Michaels: spades and a minor
        ("2.32.KQ432.AJ432", "1S", "2NT"),  # Unusual 2NT
        ("32.KJ32.Q432.432", "1C 1S", "X"),  # negative double
        ("J432.432.32.5432", "1H X P", "1S"),  # forced advance
        ("KJ32.43.A432.KQ2", "1H X P", "2H"),  # cue bid
        ("32.KQJ987.32.432", "1C", "2H"),  # weak jump overcall
        ("AQ32.K2.KJ32.Q32", "1H P P", "1NT"),  # balancing
        # Slam: RKCB 1430 answers and the asker's decision
        ("KQ32.K32.A432.32", "1S P 3S P 4NT P", "5S"),
        ("K432.K32.A432.32", "1S P 3S P 4NT P", "5H"),
        ("K432.32.A432.A32", "1S P 3S P 4NT P", "5D"),
        ("5432.K32.A432.32", "1S P 3S P 4NT P", "5C"),
        ("AQJ32.AK2.K2.K32", "1S P 3S P 4NT P 5H P", "6S"),
        ("AQJ32.AK2.K2.K32", "1S P 3S P 4NT P 5C P", "5S"),
        ("AKQJ3.AK2.AK2.K3", "1S P 2NT P 3C P 4NT P 5D P", "6S"),
    ],
)
def test_bids(hand: str, auction: str, expected: str):
    assert bid(hand, auction) == expected


def test_weak_two_waits_for_the_fourth_seat():
    # After three passes a weak hand passes the board out rather than preempt.
    assert bid("KQJ965.32.432.32", "P P P") == "P"


def test_sacrifice_depends_on_vulnerability():
    # North opened 1H, South made a preemptive jump raise, East-West bid 4S.
    hand = "2.QJ9876.K32.432"
    auction = "1H 1S 3H 4S"
    assert bid(hand, auction, Vulnerability.EW) == "5H"  # favourable: sacrifice
    assert bid(hand, auction, Vulnerability.NS) == "P"  # unfavourable: defend


def test_robot_never_passes_a_forcing_bid():
    # 1NT (2S) 3C is forcing to game and the system has no exact rule for opener's next call:
    # the general rules decide. With a spade stopper, 3NT; without, support partner's clubs.
    assert bid("AK2.K43.QJ42.A32", "1NT 2S 3C P") == "3NT"
    assert bid("32.AK43.KQJ2.A32", "1NT 2S 3C P") == "4C"
    assert bid("AKJ32.KQ2.QJ2.32", "1S P 2C P") != "P"


def test_explanations_in_both_languages():
    a = Auction.from_calls(Seat.NORTH, calls("1NT P 2D P 2H P"))
    e = explain(a, 0)
    assert (e.en, e.zh) == ("15-17 HCP, balanced", "15-17点, 均型")
    e = explain(a, 2)
    assert e.en == "Jacoby transfer: 5+ hearts"
    assert e.zh == "雅各比转移叫: 5张以上红心"
    assert e.alert and e.text("zh") == e.zh
    assert e.constraints.length(Suit.HEARTS) == (5, 13)
    assert explain(a, 4).en == "Completes the transfer: 2+ hearts"


def test_explanation_fills_in_suit_names():
    a = Auction.from_calls(Seat.NORTH, calls("1H P 3H"))
    e = explain(a, 2)
    assert e.en == (
        "Limit raise: 4+ hearts, 10-12 points, invitational; "
        "or Limit raise with three hearts: 11-12 points, invitational"
    )
    assert e.zh == "限制性加叫: 4张以上红心, 10-12点, 邀叫; 或 三张红心限制性加叫: 11-12点, 邀叫"


def test_a_call_outside_the_system_is_said_to_be_so():
    a = Auction.from_calls(Seat.NORTH, calls("1NT P 5D"))
    e = explain(a, 2)
    assert e.en == "No agreed meaning in this system" and e.zh == "本体系中无约定含义"
    assert e.rules == () and e.constraints.is_unconstrained


def test_explain_checks_the_index():
    a = Auction.from_calls(Seat.NORTH, calls("1NT"))
    with pytest.raises(IndexError):
        explain(a, 1)


def test_constraints_add_up_per_seat():
    shown = natural().seat_constraints(Seat.NORTH, calls("1NT P 2C P 2H P 3H P"))
    north, south = shown[Seat.NORTH], shown[Seat.SOUTH]
    assert north.hcp == (15, 17)
    assert north.length(Suit.HEARTS) == (4, 5)
    assert south.hcp[0] >= 8 and south.length(Suit.HEARTS)[0] == 4
    assert shown[Seat.EAST].is_unconstrained is False or shown[Seat.EAST].hcp[1] <= 37


def test_opponents_calls_are_read_too():
    shown = natural().seat_constraints(Seat.NORTH, calls("1D 1S X"))
    assert shown[Seat.EAST].length(Suit.SPADES) == (5, 13)
    assert shown[Seat.EAST].hcp == (8, 16)
    assert shown[Seat.SOUTH].length(Suit.HEARTS) == (4, 13)  # the negative double


def test_keycard_answers_are_shown():
    shown = natural().seat_constraints(Seat.NORTH, calls("1S P 3S P 4NT P 5D"))
    assert shown[Seat.SOUTH].keycards == frozenset({0, 3, 5})


def test_choices_are_ranked_and_end_with_pass():
    from qipai.bridge import PASS, Hand

    choices = natural().choose(Hand.parse("AK2.K43.QJ42.A32"), Seat.NORTH, [])
    assert str(choices[0].call) == "1NT"
    assert [c.priority for c in choices] == sorted((c.priority for c in choices), reverse=True)
    assert PASS in [c.call for c in choices]


def test_constraints_feed_the_dealer():
    from qipai.analysis.dealer import HandConstraint, deal

    shown = natural().seat_constraints(Seat.NORTH, calls("1NT P 2C P 2H"))
    north = HandConstraint(Seat.NORTH, **shown[Seat.NORTH].ranges())
    deals = deal(5, seed=1, where=north)
    assert all(shown[Seat.NORTH].admits(d.north) for d in deals)


def test_a_pass_denies_what_a_single_term_rule_would_have_shown():
    # Over 1NT a pass denies the penalty double's 16+ HCP (the pass rule itself says nothing).
    shown = natural().seat_constraints(Seat.NORTH, calls("1NT P"))
    assert shown[Seat.EAST].hcp == (0, 15)
    # A pass where nothing in the system fits denies every rule that would have fitted.
    shown = natural().seat_constraints(Seat.NORTH, calls("P"))
    assert shown[Seat.NORTH].hcp == (0, 11)
