"""Robots for empty seats: ``qipai.robots.robot_for(level, scoring=...)``, one robot per level
and scoring (matchpoints or IMPs: the searching robots play for the table's scoring), made once.

A level that ``robot_for`` cannot make (not built yet, or robots not installed at all) is not
offered: tables that want robots need a level that exists; without robots, seats wait for people.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from ..robots.base import Robot

log = logging.getLogger("qipai.server")


def _robots_module() -> Any:
    try:
        return importlib.import_module("qipai.robots")
    except ImportError:
        return None


DEFAULT_LEVEL = 1


class RobotPool:
    """The robots of each level, made on first use."""

    def __init__(self) -> None:
        self._robots: dict[tuple[int, str], Robot] = {}
        self._levels: tuple[int, ...] | None = None

    def levels(self) -> tuple[int, ...]:
        """The levels ``robot_for`` can make here, lowest first."""
        if self._levels is None:
            module = _robots_module()
            offered = tuple(getattr(module, "LEVELS", ())) if module is not None else ()
            self._levels = tuple(lv for lv in offered if self.get(lv) is not None)
        return self._levels

    def default_level(self) -> int | None:
        """The level new tables get unless they choose: level 1 (the robots' own choice for
        tables: strong, about a second a card at most) where it is built, else the strongest."""
        levels = self.levels()
        if DEFAULT_LEVEL in levels:
            return DEFAULT_LEVEL
        return levels[-1] if levels else None

    def get(self, level: int, scoring: str = "IMP") -> Robot | None:
        """The robot of ``level`` for a table scored ``scoring`` ("MP" or "IMP")."""
        key = (level, scoring.lower())
        robot = self._robots.get(key)
        if robot is not None:
            return robot
        module = _robots_module()
        factory = getattr(module, "robot_for", None) if module is not None else None
        if factory is None:
            return None
        try:
            try:
                made: Robot = factory(level, scoring=key[1])
            except TypeError:  # a robot_for that does not take the scoring
                made = factory(level)
        except (NotImplementedError, ValueError) as e:
            log.debug("robot level %s is not available: %s", level, e)
            return None
        self._robots[key] = made
        return made
