"""The robots of a board table: the engine robots of ``qipai.games.robots`` (Stockfish,
Fairy-Stockfish, GNU Go, our renju search), one per robot seat, each given only its seat's
view and answering with the text of its move, which ``board_table.settle`` checks like anyone's.
A robot thinks in a worker thread (the table's loop goes on); its engine process is closed when
the game ends or the table stops.
"""

from __future__ import annotations

import asyncio
import json
import zlib

from ..games.robots import Robot, make
from .board_table import BoardTable, robot_move
from .table_state import Entry


class BoardRobots:
    """The robot seats of one board table. A move that fails stalls them at that entry number
    until the table moves on."""

    def __init__(self, seed: str, delay: float = 0.0) -> None:
        self.seed = zlib.crc32(seed.encode())
        self.delay = delay
        self.stalled_at: int | None = None
        self._robots: dict[int, Robot] = {}

    def due(self, state: BoardTable) -> int | None:
        """The robot seat to move now, unless the robots are stalled here."""
        seat = state.to_move
        if seat is None or state.robots[seat] is None or self.stalled_at == state.seq:
            return None
        return seat

    def _robot(self, state: BoardTable, seat: int) -> Robot:
        robot = self._robots.get(seat)
        if robot is None:
            level = state.robots[seat]
            assert level is not None
            robot = self._robots[seat] = make(state.name, level, self.seed * 2 + seat)
        return robot

    async def move(self, state: BoardTable, seat: int) -> list[Entry]:
        """The entry of the robot at ``seat``'s move, chosen from its view alone."""
        view = json.loads(json.dumps(state.game.view(state.position, seat)))
        robot = self._robot(state, seat)
        text = await asyncio.to_thread(robot.choose, view)
        return [robot_move(seat, text)]

    def close(self) -> None:
        """Stop every engine (a robot is made again if the table goes on)."""
        robots, self._robots = self._robots, {}
        for robot in robots.values():
            robot.close()
