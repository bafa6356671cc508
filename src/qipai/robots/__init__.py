"""Robots that fill empty seats: bidding through a system written as data, and card play.

``robot_for(level)`` gives a robot; every robot answers ``choose(view, rng)`` with ranked
candidates, each explained in English and Chinese, and ``act(robot, view, rng)`` turns that into
the one legal action to apply. ``natural()`` is the default bidding system (the table's system
card); ``explain(auction, index)`` reads any call at the table through it, and
``BiddingSystem.seat_constraints`` adds up what each seat has shown.

>>> robot_for(0).level
0
"""

from __future__ import annotations

from .base import Candidate, Robot, act, is_legal
from .constraints import HandConstraints
from .level0 import Level0Robot
from .system import (
    BiddingSystem,
    Explanation,
    SystemFileError,
    builtin_system,
    explain,
    load_system,
    natural,
    parse_system,
)

LEVELS = (0, 1, 2)


def robot_for(level: int = 0, system: BiddingSystem | None = None) -> Robot:
    """A robot of ``level``: 0 fast rules of thumb; 1 (default at tables) and 2 will search
    double dummy over sampled deals and are not built yet."""
    if level == 0:
        return Level0Robot(system)
    if level in (1, 2):
        raise NotImplementedError(
            f"robot level {level} (Monte-Carlo double dummy) is not built yet; use level 0"
        )
    raise ValueError(f"robot levels are {', '.join(map(str, LEVELS))}, not {level}")


__all__ = [
    "LEVELS",
    "BiddingSystem",
    "Candidate",
    "Explanation",
    "HandConstraints",
    "Level0Robot",
    "Robot",
    "SystemFileError",
    "act",
    "builtin_system",
    "explain",
    "is_legal",
    "load_system",
    "natural",
    "parse_system",
    "robot_for",
]
