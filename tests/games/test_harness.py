"""The common harness over every game (see harness.py)."""

from __future__ import annotations

from typing import Any

import pytest

from qipai.games.base import Game

from .harness import Spec, run


def go_finish(game: Game[Any, Any], state: Any) -> Any:
    """Random go rarely ends: after a while both pass, then accept the (empty) proposal."""
    return game.parse(state, "accept-dead" if state.marking else "pass")


SPECS = [
    Spec("chess", check_every=25),
    Spec("xiangqi", check_every=40),
    Spec("renju", check_every=15),
    Spec("go", {"size": 9}, finish_after=150, finish=go_finish, check_every=10),
    Spec("go", {"size": 19, "komi": 0}, finish_after=120, finish=go_finish, check_every=40),
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
