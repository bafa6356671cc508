"""The board games of the competition (国际象棋, 中国象棋, 五子棋 连珠, 围棋, 跳棋) behind one
interface, :class:`qipai.games.base.Game`. Pure: no files, clocks or networks (robots, which
run engines as processes, live in :mod:`qipai.games.robots`).

``game(name, **settings)`` makes a game by its name; each game's module is imported only
when asked for (python-chess and sgfmill load with their games)."""

from __future__ import annotations

import importlib
from typing import Any

from .base import Game, GameError

NAMES: dict[str, tuple[str, str]] = {
    "chess": ("qipai.games.chess", "Chess"),
    "xiangqi": ("qipai.games.xiangqi", "Xiangqi"),
    "renju": ("qipai.games.renju", "Renju"),
    "go": ("qipai.games.go", "Go"),
    "checkers": ("qipai.games.checkers", "Checkers"),
}
ALIASES = {"gomoku": "renju", "weiqi": "go", "baduk": "go", "tiaoqi": "checkers"}


def game(name: str, **settings: Any) -> Game[Any, Any]:
    """The game called ``name`` ("chess", "xiangqi", "renju" or "gomoku", "go", "checkers"
    or "tiaoqi")."""
    key = ALIASES.get(name, name)
    if key not in NAMES:
        raise GameError("error.unknown_game", "", name=name)
    module, cls = NAMES[key]
    made: Game[Any, Any] = getattr(importlib.import_module(module), cls)(**settings)
    return made
