"""军棋 by the seed: every capture pair, the deployment limits, and the 20/30/40/70 move rules
and the runaway cases."""

from __future__ import annotations

from itertools import product

import pytest

from qipai.games import junqi as jq
from qipai.games.base import GameRuleError

MOVING = [p for p in jq.PIECES if p not in jq.IMMOBILE]


@pytest.mark.parametrize(("a", "d"), list(product(MOVING, list(jq.PIECES))))
def test_every_capture_pair(a: str, d: str) -> None:
    got = jq.attack(a, d)
    if a == jq.BOMB or d == jq.BOMB:
        want = "both"
    elif d == jq.FLAG:
        want = "attacker"
    elif d == jq.MINE:
        want = "attacker" if a == jq.SAPPER else "defender"
    elif a == d:
        want = "both"
    else:
        want = "attacker" if jq.RANKED.index(a) < jq.RANKED.index(d) else "defender"
    assert got == want


def test_the_seeds_order_by_name() -> None:
    assert jq.attack("司令", "军长") == "attacker" and jq.attack("工兵", "排长") == "defender"
    assert jq.attack("工兵", "地雷") == "attacker" and jq.attack("司令", "地雷") == "defender"
    assert jq.attack("炸弹", "司令") == "both" and jq.attack("师长", "炸弹") == "both"
    assert jq.attack("团长", "团长") == "both"
    with pytest.raises(GameRuleError, match="never moves"):
        jq.attack("地雷", "工兵")
    with pytest.raises(GameRuleError, match="no such piece"):
        jq.attack("坦克", "工兵")


def legal_layout() -> dict[tuple[int, int], str]:
    points = [(r, c) for r in range(1, 7) for c in range(1, 6) if (r, c) not in jq.CAMPS]
    layout: dict[tuple[int, int], str] = {
        (6, 2): jq.FLAG,
        (6, 1): jq.MINE,
        (6, 3): jq.MINE,
        (5, 3): jq.MINE,
        (2, 1): jq.BOMB,
        (3, 1): jq.BOMB,
    }
    rest = [p for p, n in jq.PIECES.items() for _ in range(n)]
    for piece in layout.values():
        rest.remove(piece)
    free = [p for p in points if p not in layout]
    layout.update(zip(free, rest, strict=True))
    return layout


def test_a_legal_deployment_fills_the_25_points_outside_the_camps() -> None:
    layout = legal_layout()
    assert len(layout) == 25 == sum(jq.PIECES.values())
    jq.check_deployment(layout)


@pytest.mark.parametrize(
    ("swap", "says"),
    [
        (((2, 1), (1, 1)), "first row"),  # a bomb to the front
        (((5, 3), (4, 1)), "last two rows"),  # a mine forward
        (((6, 2), (6, 5)), "headquarters"),  # the flag out of its headquarters
    ],
)
def test_the_deployment_limits(swap: tuple[tuple[int, int], tuple[int, int]], says: str) -> None:
    layout = legal_layout()
    a, b = swap
    layout[a], layout[b] = layout[b], layout[a]
    with pytest.raises(GameRuleError, match=says):
        jq.check_deployment(layout)


def test_camps_start_empty_and_counts_are_exact() -> None:
    layout = legal_layout()
    layout[(3, 3)] = layout.pop((1, 1))
    with pytest.raises(GameRuleError, match="stays empty"):
        jq.check_deployment(layout)
    layout = legal_layout()
    sapper = next(p for p, piece in layout.items() if piece == jq.SAPPER)
    layout[sapper] = "司令"
    with pytest.raises(GameRuleError, match="司令"):
        jq.check_deployment(layout)


def test_the_move_rules() -> None:
    with pytest.raises(GameRuleError, match="first 20 moves"):
        jq.check_surrender(19)
    jq.check_surrender(20)
    assert not jq.win_scores(2, 29) and jq.win_scores(2, 30)
    assert not jq.win_scores(4, 39) and jq.win_scores(4, 40)
    assert not jq.quiet_draw(69) and jq.quiet_draw(70)


def test_the_runaway_cases() -> None:
    assert jq.runaway(2, 0).winner == 1 and jq.runaway(2, 1).winner == 0
    # 4 players: seats 0 and 2 against 1 and 3; seat 3 runs after seat 1 had lost: 0/2 win
    assert jq.runaway(4, 3, frozenset({1})).winner == 0
    # neither opponent had lost and one runs: nobody scores
    assert jq.runaway(4, 3).winner is None
    assert jq.runaway(4, 2, frozenset({1})).winner is None
