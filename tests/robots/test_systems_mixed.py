"""Two systems at one table (issue #26): each side bids its own system, every call is read by
the system of the side that made it, and robots never make an illegal or unexplained call,
whichever system sits where. Every Precision rule reads in both languages and can be reached.

``QIPAI_ROBOT_AUCTIONS`` raises the number of auctions (default 2000 here: a few seconds)."""

from __future__ import annotations

import os
import random
import re

import pytest
from robot_reach import reaches

from qipai.bridge import (
    PASS,
    Auction,
    BoardState,
    Deal,
    Phase,
    Seat,
    Side,
    Suit,
    Vulnerability,
    apply,
    new_board,
    parse_call,
    view,
)
from qipai.robots import (
    Level0Robot,
    explain_at_table,
    natural,
    precision,
    robot_for,
    table_systems,
)
from qipai.robots.system import Rule

AUCTIONS = int(os.environ.get("QIPAI_ROBOT_AUCTIONS", "2000"))
NO_MEANING = "No agreed meaning in this system"


def test_precision_loads_and_reads_in_both_languages():
    s = precision()
    assert s.name == "precision" and len(s.rules) > 400
    assert "精确" in s.title_zh and "1C" in s.title_en
    for rule in s.rules:
        assert rule.en.strip() and re.search(r"[\u4e00-\u9fff]", rule.zh), rule.name


@pytest.mark.parametrize("rule", [r for r in precision().rules if r.anchored], ids=lambda r: r.id)
def test_every_exact_precision_rule_is_reached_and_explained(rule: Rule):
    assert reaches(precision(), rule), f"{rule.id} {rule.name} never explains its call"


def calls(text: str):
    return [parse_call(c) for c in text.split()]


def test_each_side_is_read_by_its_own_system():
    # North-South play Precision, East-West natural: North's 1C is strong, East's 1C natural.
    a = Auction.from_calls(Seat.NORTH, calls("1C P 1D P"))
    pre, nat = precision(), natural()
    assert explain_at_table(a, 0, Vulnerability.NONE, pre, nat).en.startswith("Precision 1C")
    assert explain_at_table(a, 2, Vulnerability.NONE, pre, nat).en.startswith("Negative")
    b = Auction.from_calls(Seat.EAST, calls("1C P 1D"))  # East deals: East-West open
    assert explain_at_table(b, 0, Vulnerability.NONE, pre, nat).en == "3+ clubs, 12-21 HCP"
    shown = table_systems(pre, nat)[Side.NS].seat_constraints(Seat.NORTH, calls("1C 1S"))
    assert shown[Seat.NORTH].hcp[0] == 16 and shown[Seat.EAST].length(Suit.SPADES)[0] == 5


def test_the_same_system_on_both_sides_is_one_object():
    assert natural().seated(Side.NS, natural()) is natural()
    t = table_systems(precision(), natural())
    assert t[Side.NS].side is Side.NS and t[Side.EW].side is Side.EW


def bid_out(seed: int, ns, ew) -> BoardState:
    """Board ``seed`` bid by robots ``ns`` and ``ew``, every call checked legal and explained."""
    s = new_board(seed % 16 + 1, Deal.from_seed(f"mixed:{seed}"))
    rng = random.Random(seed)
    while s.phase is Phase.AUCTION:
        assert s.turn is not None
        v = view(s, s.turn)
        robot = ns if s.turn.side is Side.NS else ew
        c = robot.choose(v, rng)[0]
        assert c.action.call in v.legal_calls, f"illegal call in board {seed}"
        assert c.explanation and re.search(r"[\u4e00-\u9fff]", c.explanation_zh)
        s = apply(s, c.action)
    return s


def test_mixed_systems_never_make_an_illegal_or_unexplained_call():
    pre, nat = precision(), natural()
    systems = [(pre, nat), (nat, pre), (pre, pre), (nat, nat)]
    for seed in range(AUCTIONS):
        ns_sys, ew_sys = systems[seed % 4]
        ns = Level0Robot(ns_sys, opponents=ew_sys)
        ew = Level0Robot(ew_sys, opponents=ns_sys)
        s = bid_out(seed, ns, ew)
        for i, call in enumerate(s.auction.calls):
            e = explain_at_table(s.auction, i, s.vulnerability, ns_sys, ew_sys)
            assert e.en and e.zh
            if call != PASS:
                assert e.en != NO_MEANING, f"board {seed} call {i} {call} is unexplained"


def test_level1_robots_play_either_system():
    pre, nat = precision(), natural()
    ns = robot_for(1, pre, opponents=nat)
    ew = robot_for(1, nat, opponents=pre)
    for seed in range(3):
        s = bid_out(seed, ns, ew)
        assert s.phase is Phase.PLAY or s.contract is None


def test_precision_sections_taken_from_natural_are_in_step():
    from precision_sections import SYSTEMS, expected_precision

    assert (SYSTEMS / "precision.txt").read_text(encoding="utf-8") == expected_precision(), (
        "run python tests/robots/precision_sections.py"
    )
