# Frozen copy of src/qipai/robots at commit 74e2cfe (issue #26's start): do not edit.
"""The one interface every robot has: ``choose(view, rng) -> ranked candidates``.

A robot sees only its seat's view (``qipai.bridge.views.View``), exactly what a human in that
seat would see, so no robot can use a hidden card. ``act`` turns a robot's answer into the one
action to apply, and never comes back empty-handed: if the robot offers nothing legal (or runs
out of time and offers nothing), the first legal action stands in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from qipai.bridge.calls import PASS
from qipai.bridge.game import MakeCall, Phase, PlayCard
from qipai.bridge.views import View


@dataclass(frozen=True, slots=True)
class Candidate:
    """One possible action with the robot's value of it and why, in English and Chinese."""

    action: MakeCall | PlayCard
    value: float
    explanation: str = ""
    explanation_zh: str = ""


class Robot(Protocol):
    """A seat-filler. ``choose`` returns candidates best first; the first is the robot's action.
    It never returns an empty list while the view offers a legal call or card. Robots are
    deterministic given the view and the ``rng`` they are handed (seeded by the caller)."""

    level: int

    def choose(self, view: View, rng: random.Random) -> list[Candidate]: ...

    def accept_claim(self, view: View, tricks: int) -> bool:
        """As a defender, agree to declarer's pending claim of ``tricks`` more tricks?"""
        ...


def is_legal(view: View, action: MakeCall | PlayCard) -> bool:
    if isinstance(action, MakeCall):
        return action.call in view.legal_calls
    return action.card in view.legal_cards


def act(robot: Robot, view: View, rng: random.Random) -> MakeCall | PlayCard:
    """The action ``robot`` takes in ``view``: its best legal candidate, else the first legal
    action (a pass, or the first legal card). Raises ValueError when the view offers nothing."""
    if not view.legal_calls and not view.legal_cards:
        raise ValueError("this seat has nothing to do now")
    try:
        candidates = robot.choose(view, rng)
    except TimeoutError:
        candidates = []
    for c in candidates:
        if is_legal(view, c.action):
            return c.action
    if view.phase is Phase.AUCTION and view.legal_calls:
        return MakeCall(PASS, view.seat)
    return PlayCard(view.legal_cards[0], view.seat)
