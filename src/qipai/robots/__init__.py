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
from .playout import play_out
from .system import (
    BiddingSystem,
    Explanation,
    SystemFileError,
    builtin_system,
    explain,
    explain_at_table,
    load_system,
    natural,
    parse_system,
    precision,
    table_systems,
)

LEVELS = (0, 1, 2)


def robot_for(
    level: int = 0,
    system: BiddingSystem | None = None,
    scoring: str = "imp",
    opponents: BiddingSystem | None = None,
) -> Robot:
    """A robot of ``level``: 0 fast rules of thumb (milliseconds); 1 (the default at tables,
    about a second a call or card at most) and 2 (stronger, slower) bid by simulation where
    the book is silent, close or competitive and play by double dummy over deals sampled from
    their own view, for the table's ``scoring`` ("imp", "mp" or "tricks"). ``system`` is the
    partnership's system (natural by default), ``opponents`` the other side's when it differs
    (each side's calls are read by its own system)."""
    if level == 0:
        return Level0Robot(system, opponents)
    if level in (1, 2):
        from .montecarlo import MonteCarloRobot  # imports DDS: only when asked for

        return MonteCarloRobot(level, system, scoring, opponents=opponents)  # type: ignore[arg-type]
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
    "explain_at_table",
    "is_legal",
    "load_system",
    "natural",
    "parse_system",
    "play_out",
    "precision",
    "robot_for",
    "table_systems",
]
