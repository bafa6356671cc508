"""Robots play a board on from where it stands: the one play-out loop.

Every place that lets robots bid or play a board to an end (the event simulator, ``qipai
robots``, ``qipai demo``, the robot matches, the benches) calls :func:`play_out`; the live
table's robot seat makes one move at a time in its actor and needs no loop.

The seat that acts is ``BoardState.acting`` (declarer for dummy, Law 45B), and each robot is
handed only that seat's ``view``, so no robot can see a hidden card.

>>> import random
>>> from qipai.bridge import Deal, new_board
>>> from qipai.robots import Level0Robot
>>> board = new_board(1, Deal.from_seed("doc"))
>>> bid = play_out(board, Level0Robot(), random.Random(1), only=Phase.AUCTION)
>>> bid.phase is not Phase.AUCTION
True
>>> play_out(bid, Level0Robot(), random.Random(1)).phase
Phase.DONE
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping

from ..bridge.cards import Seat, Side
from ..bridge.game import BoardState, MakeCall, Phase, PlayCard, apply
from ..bridge.views import View, view
from .base import Robot, act

__all__ = ["Decide", "Robots", "first_choice", "play_out"]

#: How a robot's choice becomes an action: ``act`` (its best legal candidate) unless a caller
#: decides otherwise (the event simulator's seeded slips, a bench's timing).
Decide = Callable[[Robot, View, random.Random], MakeCall | PlayCard]

#: One robot for all four seats, or one per side.
Robots = Robot | Mapping[Side, Robot]


def play_out(
    state: BoardState,
    robots: Robots,
    rng: random.Random,
    *,
    only: Phase | None = None,
    decide: Decide = act,
    on_action: Callable[[Seat, Phase, float], None] | None = None,
) -> BoardState:
    """Robots act for the seat to act until the board is done, or, with ``only``, until it
    leaves that phase (``Phase.AUCTION``: bid until the auction ends; ``Phase.PLAY``: play the
    cards of a board already bid). One ``rng`` serves every seat, drawn in the order they act.

    ``on_action(seat, phase, seconds)`` is told how long each robot took to decide (not the
    rules core's ``view`` and ``apply``).
    """
    while (seat := state.acting) is not None and (only is None or state.phase is only):
        robot = robots[seat.side] if isinstance(robots, Mapping) else robots
        seen = view(state, seat)
        t0 = time.perf_counter() if on_action is not None else 0.0
        action = decide(robot, seen, rng)
        if on_action is not None:
            on_action(seat, state.phase, time.perf_counter() - t0)
        state = apply(state, action)
    return state


def first_choice(robot: Robot, seen: View, rng: random.Random) -> MakeCall | PlayCard:
    """The robot's first candidate as it is, with no fallback (the benches time ``choose``
    alone; an illegal action then raises in ``apply``)."""
    action = robot.choose(seen, rng)[0].action
    if not isinstance(action, MakeCall | PlayCard):
        raise TypeError(f"a robot offered {action!r}")
    return action
