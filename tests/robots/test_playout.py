"""The one play-out loop (``qipai.robots.playout``, issue #14)."""

from __future__ import annotations

import random

from qipai.bridge import Deal, Phase, Seat, Side, apply, new_board, view
from qipai.robots import Level0Robot, act, play_out


def _by_hand(number: int, deal: Deal, rng: random.Random) -> list[str]:
    """The loop as the callers used to write it, seat by seat."""
    robot = Level0Robot()
    state = new_board(number, deal)
    while state.phase is not Phase.DONE:
        seat = state.turn
        assert seat is not None
        if state.phase is Phase.PLAY and seat == state.dummy and state.declarer is not None:
            seat = state.declarer
        state = apply(state, act(robot, view(state, seat), rng))
    return [str(c) for c in state.auction.calls] + [str(c) for c in state.played]


def test_play_out_acts_as_the_old_loops_did() -> None:
    for n in range(1, 9):
        deal = Deal.from_seed(f"playout:{n}")
        done = play_out(new_board(n, deal), Level0Robot(), random.Random(n))
        assert done.phase is Phase.DONE
        got = [str(c) for c in done.auction.calls] + [str(c) for c in done.played]
        assert got == _by_hand(n, deal, random.Random(n))


def test_only_the_auction_then_the_play_and_each_side_its_robot() -> None:
    seen: list[tuple[Seat, Phase]] = []
    robots = {Side.NS: Level0Robot(), Side.EW: Level0Robot()}
    board = new_board(3, Deal.from_seed("playout:sides"))
    rng = random.Random(3)
    bid = play_out(board, robots, rng, only=Phase.AUCTION)
    assert bid.phase is not Phase.AUCTION
    assert bid.played == ()
    done = play_out(bid, robots, rng, on_action=lambda s, p, _dt: seen.append((s, p)))
    if bid.contract is not None:
        assert len(seen) == 52 and {p for _, p in seen} == {Phase.PLAY}
        assert bid.dummy not in {s for s, _ in seen}  # declarer plays dummy's cards
    assert done.phase is Phase.DONE
