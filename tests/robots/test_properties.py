"""Property tests: robots never make an illegal call or card, whatever the deal and whatever
the humans beside them do; four robots finish every board, the same way for the same seed.

The default sizes keep the suite quick on a small machine; raise them for a long run:
``QIPAI_ROBOT_AUCTIONS=20000 QIPAI_ROBOT_BOARDS=5000 pytest tests/robots/test_properties.py``
(``bench/robots/robots_bench.py`` also plays thousands of boards).
"""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from robot_helpers import play_among_humans

from qipai.bridge import DECK, BoardState, Phase, Seat, View
from qipai.robots import Candidate, Level0Robot, natural

AUCTIONS = int(os.environ.get("QIPAI_ROBOT_AUCTIONS", "1200"))
BOARDS = int(os.environ.get("QIPAI_ROBOT_BOARDS", "120"))


def seat_is_named(s: BoardState, v: View, candidates: list[Candidate]) -> None:
    assert candidates[0].action.seat == v.seat


def humans_for(seed: int) -> set[Seat]:
    rng = random.Random(seed * 7919)
    return {seat for seat in Seat if rng.random() < 0.35}


def test_robots_call_legally_among_random_humans():
    robot = Level0Robot()
    system = natural()
    for seed in range(AUCTIONS):
        s = play_among_humans(seed, humans_for(seed), robot, seat_is_named, auction_only=True)
        for e in system.explain_calls(s.dealer, s.auction.calls, s.vulnerability):
            assert e.en and e.zh


def test_robots_play_whole_boards_legally_among_random_humans():
    robot = Level0Robot()
    for seed in range(10**6, 10**6 + BOARDS):
        s = play_among_humans(seed, humans_for(seed), robot, seat_is_named)
        assert s.phase is Phase.DONE
        if s.contract is not None and s.claimed_tricks is None:
            assert sorted(s.played) == sorted(DECK)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sets(st.sampled_from(list(Seat))))
def test_any_deal_any_humans(seed: int, humans: set[Seat]):
    s = play_among_humans(seed, humans, Level0Robot(), seat_is_named)
    assert s.phase is Phase.DONE


def test_four_robots_finish_the_same_way_for_the_same_seed():
    for seed in (3, 11, 2024):
        a = play_among_humans(seed, set(), Level0Robot(), seat_is_named)
        b = play_among_humans(seed, set(), Level0Robot(), seat_is_named)
        assert a.phase is Phase.DONE
        assert a.auction.entries == b.auction.entries
        assert a.played == b.played and a.score_ns == b.score_ns
