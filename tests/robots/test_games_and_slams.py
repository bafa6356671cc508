"""Hand-checked constructive bidding (issue #26): invitations accepted and declined by the values,
game tries, the queen and king asks of RKCB 1430, quantitative 4NT, strong reopening, and bidding
on with 5-5 shapes and long suits (the swings the issue named)."""

from __future__ import annotations

import pytest
from robot_helpers import bid, calls

from qipai.bridge import Hand, Seat
from qipai.robots import natural


@pytest.mark.parametrize(
    ("hand", "auction", "expected"),
    [
        # Invitations: accepted with a maximum, declined with a minimum
        ("K65.Q432.K32.Q32", "1S P 2S P 3S P", "4S"),  # 10 dummy points
        ("865.Q432.K32.Q32", "1S P 2S P 3S P", "P"),  # 7
        ("32.KQ32.K432.Q32", "1S P 1NT P 3S P", "4S"),  # 10 with a doubleton
        ("32.Q432.J432.Q32", "1S P 1NT P 3S P", "P"),
        ("K32.KQ2.Q432.432", "1S P 1NT P 2NT P", "4S"),
        ("K32.J32.Q432.432", "1S P 1NT P 2NT P", "3S"),
        ("A2.K32.QJ32.K432", "1C P 1H P 1NT P 3H P", "4H"),  # 14 with three hearts
        ("A32.2.QJ3.AK5432", "1C P 1H P 1NT P 3H P", "3NT"),  # 14: accepts in notrump
        ("AK32.2.KJ32.Q432", "1D P 1S P 2S P 3S P", "P"),  # 13: declines
        ("AK32.K2.KJ32.432", "1D P 1S P 2S P 3S P", "4S"),  # 14: accepts
        ("AQ32.32.KJ32.432", "1D P 1S P 2S P 3S P", "P"),  # 12: declines
        # Help-suit game tries and their answers
        ("AKJ32.K2.432.A2", "1S P 2S P", "3D"),
        ("Q65.32.KQ2.J6532", "1S P 2S P 3D P", "4S"),  # help in diamonds
        ("Q65.J32.432.KQ32", "1S P 2S P 3D P", "3S"),  # none: 6 points, xxx
        # Quantitative 4NT
        ("KQ32.AJ2.K32.QJ2", "1NT P 2C P 2D P", "4NT"),  # 16 after Stayman finds no major
        ("AQ2.K32.KQ2.QJ32", "1NT P 2C P 2D P 4NT P", "6NT"),  # 17: accepts
        ("Q32.A32.AK32.Q32", "1NT P 2C P 2D P 4NT P", "P"),  # 15: declines
        # RKCB 1430: the queen ask and its answers
        ("AK432.A2.KQ2.K32", "1S P 3S P 4NT P 5C P", "5D"),
        ("QJ65.K43.A32.Q32", "1S P 3S P 4NT P 5C P 5D P", "6S"),  # the queen
        ("J765.K43.A32.Q32", "1S P 3S P 4NT P 5C P 5D P", "5S"),  # no queen
        ("AK432.A2.KQ2.K32", "1S P 3S P 4NT P 5C P 5D P 5S P", "P"),
        # The king ask: every keycard and the queen
        ("AKQ2.A2.A32.A432", "1S P 2NT P 3S P 4NT P 5D P", "5NT"),
        ("J765.K43.A32.K32", "1S P 3S P 4NT P 5D P 5NT P", "6H"),  # two side kings
        # The swings
        ("-.AQJ54.KQ543.432", "2S P 4S", "5H"),  # 5-5 with a void over their game
        ("AKQJ765.K2.Q32.2", "1S P 2NT 3C", "4H"),  # GF over interference: not a pass
        ("AKJ54.AQJ43.K32.-", "1C X 3C P P", "3S"),  # the 18-count 5-5 reopens
        ("AKJ54.AQJ43.K32.-", "1C X 2C P P", "2S"),
        ("AK32.AQ32.KQ32.2", "1C X 3C P P", "X"),  # strong reopening double
        ("Q32.J32.Q32.5432", "1C X 3C P P", "P"),  # the doubler's partner: nothing to add
    ],
)
def test_constructive_bids(hand: str, auction: str, expected: str) -> None:
    assert bid(hand, auction) == expected


def test_a_game_forcing_auction_stays_forcing_over_interference() -> None:
    # Jacoby 2NT then an overcall: opener (North) may not pass, and neither may responder.
    ctx_calls = calls("1S P 2NT 3C")
    choices = natural().choose(Hand.parse("AKQ765.K2.Q32.32"), Seat.NORTH, ctx_calls)
    assert str(choices[0].call) != "P"


def test_queen_ask_is_explained_and_alerted() -> None:
    es = natural().explain_calls(Seat.NORTH, calls("1S P 3S P 4NT P 5C P 5D"))
    assert es[-1].alert and "queen" in es[-1].en and "将牌Q" in es[-1].zh


@pytest.mark.parametrize(
    ("hand", "auction", "expected"),
    [
        # Games the level-0 bidding missed on the benchmark deals (bidding:0..299)
        ("T32.KT84.AQJ.A63", "1S P", "2C"),  # 14 with three spades: not a pass
        ("AKJ7.932.QJ.KT84", "1C 1D", "1S"),  # a four-card major at the one level
        ("Q84.K853.T9653.6", "2H X P", "3D"),  # advancing a double of a weak two
        ("AKJ4.T942.975.Q6", "1H 1NT P", "3NT"),  # advancing a 1NT overcall
        ("84.KQJ4.KQ63.AJ9", "3C P P", "3NT"),  # balancing over a preempt
        ("AT5.AQT.KT9653.K", "1D P 1NT P", "3D"),  # 16 with six diamonds invites
        ("T63.AKT3.84.T632", "1C 1S X P 2NT P", "3NT"),
    ],
)
def test_games_found(hand: str, auction: str, expected: str) -> None:
    assert bid(hand, auction) == expected
