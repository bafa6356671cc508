"""The robots of #23's games: they play from their view alone, and level 1 is the stronger."""

from __future__ import annotations

import json

from qipai.games import game
from qipai.games.robots import make, play_out


def test_checkers_robots_play_home_from_their_views_alone() -> None:
    g = game("checkers")
    state = g.new()
    robots = [make("checkers", 0, p) for p in (0, 1)]
    while not g.is_terminal(state):
        player = g.to_move(state)
        assert player is not None
        view = json.loads(json.dumps(g.view(state, player)))
        state = g.apply(state, g.parse(state, robots[player].choose(view)))
    outcome = g.outcome(state)
    assert outcome is not None and outcome.reason.key == "reason.checkers_home"


def test_checkers_level_1_beats_level_0() -> None:
    g = game("checkers")
    wins = 0
    for seed in range(2):
        for strong in (0, 1):
            robots = [make("checkers", 1 if p == strong else 0, seed * 2 + p) for p in (0, 1)]
            outcome = g.outcome(play_out(g, robots))
            assert outcome is not None
            wins += outcome.winner == strong
    assert wins >= 3
