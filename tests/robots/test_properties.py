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

from qipai.bridge import (
    DECK,
    Claim,
    Deal,
    MakeCall,
    Phase,
    PlayCard,
    RespondToClaim,
    Seat,
    apply,
    new_board,
    view,
)
from qipai.bridge.game import BoardState
from qipai.robots import Level0Robot, is_legal, natural

AUCTIONS = int(os.environ.get("QIPAI_ROBOT_AUCTIONS", "1200"))
BOARDS = int(os.environ.get("QIPAI_ROBOT_BOARDS", "120"))


def actor(s: BoardState) -> Seat:
    """Who acts now: declarer plays dummy's cards."""
    seat = s.turn
    assert seat is not None
    if s.phase is Phase.PLAY and seat == s.dummy:
        assert s.declarer is not None
        return s.declarer
    return seat


def human_action(s: BoardState, seat: Seat, rng: random.Random):
    """A random legal action, as a careless human might make: mostly passes late in the
    auction (so auctions end), any legal card, now and then a claim of any size."""
    v = view(s, seat)
    if s.phase is Phase.AUCTION:
        calls = list(v.legal_calls)
        if len(s.auction.entries) > 3 and rng.random() < 0.6:
            return MakeCall(calls[0], seat)
        return MakeCall(rng.choice(calls), seat)
    if seat == s.declarer and rng.random() < 0.03:
        left = 13 - len(s.completed_tricks)
        return Claim(rng.randint(0, left), seat)
    return PlayCard(rng.choice(v.legal_cards), seat)


def play_board(seed: int, humans: set[Seat], robot: Level0Robot, *, auction_only=False):
    rng = random.Random(seed)
    s = new_board(seed % 32 + 1, Deal.from_seed(seed))
    steps = 0
    while s.phase is not Phase.DONE:
        steps += 1
        assert steps < 400, "the board does not end"
        if auction_only and s.phase is not Phase.AUCTION:
            break
        if s.claim is not None:
            s = answer_claim(s, humans, robot, rng)
            continue
        seat = actor(s)
        if seat in humans:
            action = human_action(s, seat, rng)
        else:
            v = view(s, seat)
            candidates = robot.choose(v, rng)
            assert candidates, f"robot offered nothing at {seat} in board {seed}"
            action = candidates[0].action
            assert is_legal(v, action), f"illegal robot action {action} in board {seed}"
            assert action.seat == seat
            assert candidates[0].explanation and candidates[0].explanation_zh
        s = apply(s, action)
    return s


def answer_claim(s: BoardState, humans: set[Seat], robot: Level0Robot, rng: random.Random):
    assert s.declarer is not None and s.claim is not None
    for defender in (s.declarer.lho, s.declarer.rho):
        if defender in s.claim.accepted_by:
            continue
        if defender in humans:
            accept = rng.random() < 0.5
        else:
            accept = robot.accept_claim(view(s, defender), s.claim.tricks)
        return apply(s, RespondToClaim(defender, accept))
    raise AssertionError("a pending claim every defender accepted")


def humans_for(seed: int) -> set[Seat]:
    rng = random.Random(seed * 7919)
    return {seat for seat in Seat if rng.random() < 0.35}


def test_robots_call_legally_among_random_humans():
    robot = Level0Robot()
    system = natural()
    for seed in range(AUCTIONS):
        s = play_board(seed, humans_for(seed), robot, auction_only=True)
        for e in system.explain_calls(s.dealer, s.auction.calls, s.vulnerability):
            assert e.en and e.zh


def test_robots_play_whole_boards_legally_among_random_humans():
    robot = Level0Robot()
    for seed in range(10**6, 10**6 + BOARDS):
        s = play_board(seed, humans_for(seed), robot)
        assert s.phase is Phase.DONE
        if s.contract is not None and s.claimed_tricks is None:
            assert sorted(s.played) == sorted(DECK)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sets(st.sampled_from(list(Seat))))
def test_any_deal_any_humans(seed: int, humans: set[Seat]):
    s = play_board(seed, humans, Level0Robot())
    assert s.phase is Phase.DONE


def test_four_robots_finish_the_same_way_for_the_same_seed():
    for seed in (3, 11, 2024):
        a = play_board(seed, set(), Level0Robot())
        b = play_board(seed, set(), Level0Robot())
        assert a.phase is Phase.DONE
        assert a.auction.entries == b.auction.entries
        assert a.played == b.played and a.score_ns == b.score_ns
