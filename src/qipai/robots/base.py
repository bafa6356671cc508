"""The one interface every robot has: ``choose(view, rng) -> ranked candidates``.

A robot sees only its seat's view (``qipai.bridge.views.View``), exactly what a human in that
seat would see, so no robot can use a hidden card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..bridge.game import MakeCall, PlayCard
from ..bridge.views import View


@dataclass(frozen=True, slots=True)
class Candidate:
    """One possible action with the robot's expected value of it and why."""

    action: MakeCall | PlayCard
    value: float
    explanation: str = ""
    explanation_zh: str = ""


class Robot(Protocol):
    """A seat-filler. ``choose`` returns candidates best first; the first is the robot's action.
    It never returns an empty list while the view offers a legal call or card."""

    level: int

    def choose(self, view: View, rng: random.Random) -> list[Candidate]: ...
