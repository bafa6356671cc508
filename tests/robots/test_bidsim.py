"""Bidding by simulation (level 1): when it runs, what it weighs, and what it says."""

from __future__ import annotations

import random

from robot_helpers import board, deal_with

from qipai.bridge import PASS, Seat, parse_call, view
from qipai.robots import bidsim, natural
from qipai.robots.montecarlo import MonteCarloRobot


def spot(north: str, auction: str, dealer: Seat = Seat.NORTH):
    s = board(deal_with(north=north), auction, dealer=dealer)
    return view(s, s.turn)


def robot() -> MonteCarloRobot:
    return MonteCarloRobot(1, samples=12, budget=None)


def test_uncontested_auctions_are_bid_by_the_book():
    v = spot("AK2.K43.QJ42.A32", "")
    r = robot()
    assert str(r.choose(v, random.Random(0))[0].action.call) == "1NT"
    assert r.last_bid is None and r.simulated_calls == 0


def test_a_competitive_decision_is_simulated():
    # West opened 1S, North overcalled 2H, East raised to 2S, South and West passed: North.
    v = spot("32.AQJ976.K32.32", "1S 2H 2S P P", dealer=Seat.WEST)
    system = natural()
    choices = system.choose(v.hands[v.seat], v.dealer, [e.call for e in v.auction], v.vulnerability)
    assert bidsim.worth_simulating(v, choices, system)
    r = robot()
    best = r.choose(v, random.Random(1))[0]
    a = r.last_bid
    assert a is not None and r.simulated_calls == 1
    assert a.deals >= 1 and a.gains[0] == 0.0 and a.first == choices[0].call
    assert best.action.call in a.calls and best.action.call in v.legal_calls
    assert best.explanation and any("\u4e00" <= ch <= "\u9fff" for ch in best.explanation_zh)
    if best.action.call != a.first:
        assert "instead of the system's" in best.explanation
        assert "未按体系首选" in best.explanation_zh


def test_simulation_is_reproducible_without_a_deadline():
    v = spot("32.AQJ976.K32.32", "1S 2H 2S P P", dealer=Seat.WEST)
    a = [robot().choose(v, random.Random(5))[0].action.call for _ in range(2)]
    assert a[0] == a[1]


def test_deviation_note_names_the_system_choice_in_both_languages():
    a = bidsim.BidAnalysis(
        (parse_call("3H"), PASS), (0.0, 1.25), (0.0, 0.5), 16, 16, 0.1, PASS, parse_call("3H")
    )
    en, zh = bidsim.deviation_note(a, "imp")
    assert en == (
        "; chosen by simulation instead of the system's 3♥ (+1.2 IMPs over 16 sampled deals)"
    )
    assert zh == "; 模拟选择, 未按体系首选3♥ (16副模拟牌平均+1.2 IMP)"
    en, _ = bidsim.deviation_note(a, "mp")
    assert "of the matchpoints" in en


def test_the_sampled_hands_fit_the_auction():
    # Deals where a hidden hand would not have bid as it did are put aside.
    v = spot("32.AQJ976.K32.32", "1S 2H 2S P P", dealer=Seat.WEST)
    r = robot()
    r.choose(v, random.Random(2))
    assert r.last_bid is not None and r.last_bid.kept >= 1
