"""The common harness over every game (see harness.py)."""

from __future__ import annotations

from typing import Any

import pytest

from qipai.games.base import Game

from .harness import Spec, run

SPECS = [
    Spec("chess", check_every=25),
    Spec("xiangqi", check_every=40),
    Spec("renju", check_every=15),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.name}{s.settings or ''}")
def test_random_playouts_keep_every_rule_of_the_interface(spec: Spec) -> None:
    finals: list[Any] = run(spec, range(2))
    assert len(finals) == 2


def test_each_game_is_named_and_made_by_name() -> None:
    from qipai.games import NAMES, game

    for name in NAMES:
        g: Game[Any, Any] = game(name)
        assert g.name == name
        assert len(g.sides) == 2 and len(g.side_terms) == 2
