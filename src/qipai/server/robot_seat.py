"""The robot seat of a live table: which robot plays, when one is due, and the entries its move
makes — a call or card (its system card explaining a call, in English and Chinese), the answer
to a claim (checked double dummy) or to an undo. The actor commits what it returns, as it
commits a person's command; robots see only their seat's view.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..bridge import BoardState, MakeCall, PlayCard, Seat, apply, view
from ..robots import explain
from ..robots.base import Robot, act, is_legal
from ..store import TableRecord
from .analysis import Analyst
from .robots import RobotPool
from .table import (
    action_event,
    robot_claim_answer,
    robot_to_act,
    robot_undo_answer,
)
from .table_state import Entry, TableState

log = logging.getLogger("qipai.server")


class RobotSeat:
    """The robots of one table. A move that fails stalls them at that entry number (logged)
    until the table moves on: a failing robot never spins."""

    def __init__(
        self, record: TableRecord, pool: RobotPool, analyst: Analyst, delay: float = 0.0
    ) -> None:
        self.record = record
        self.pool = pool
        self.analyst = analyst
        self.delay = delay
        """Seconds a robot waits before it acts (a command arriving meanwhile goes first)."""
        self.stalled_at: int | None = None

    def due(self, state: TableState) -> Seat | None:
        """The robot seat that must act now, unless the robots are stalled here."""
        if self.stalled_at == state.seq:
            return None
        return robot_to_act(state)

    def robot(self) -> Robot | None:
        """The robot of this table's level; at a table without robots, the lowest level (it
        plays only for people away)."""
        level = self.record.robot_level
        if level is None:
            levels = self.pool.levels()
            level = levels[0] if levels else None
        return self.pool.get(level, self.record.scoring) if level is not None else None

    async def move(
        self, state: TableState, seat: Seat, current: Callable[[], TableState]
    ) -> list[Entry]:
        """The entries of the robot at ``seat``'s move in ``state`` (``current`` gives the
        table's state once a thinking robot is done: nothing if it has moved on)."""
        board = state.board
        assert board is not None
        if state.undo is not None:
            return robot_undo_answer(state, seat)
        if board.claim is not None:
            return await self._claim_answer(state, seat)
        return await self._action(state, seat, current)

    async def _claim_answer(self, state: TableState, seat: Seat) -> list[Entry]:
        """A robot defender's answer to a claim (``table.robot_claim_answer``): accepted when
        valid double dummy, else disputed and ruled at once."""
        board = state.board
        assert board is not None and board.claim is not None
        if board.claim.tricks == 0:  # conceding the rest needs no solver
            return robot_claim_answer(state, seat, 0)
        return robot_claim_answer(state, seat, await self.analyst.dd_tricks_left(board))

    async def _action(
        self, state: TableState, seat: Seat, current: Callable[[], TableState]
    ) -> list[Entry]:
        board = state.board
        assert board is not None
        robot = self.robot()
        if robot is None:
            raise RuntimeError("no robot level is available (qipai.robots.robot_for)")
        rng = random.Random(f"{state.seed}:{state.board_no}:{state.seq}")
        seen = view(board, seat)
        if getattr(robot, "level", None) == 0:  # rules of thumb, well under a millisecond
            action, explained = robot_choice(robot, seen, rng, board)
        else:  # searching robots think in a worker thread; the table's loop goes on
            action, explained = await asyncio.to_thread(robot_choice, robot, seen, rng, board)
        if current() is not state:
            return []  # cannot happen (the actor is the only writer), but never act on stale
        action = replace(action, seat=seat)
        if explained is not None and isinstance(action, MakeCall):
            action = replace(action, alert=explained[2], explanation=explained[0])
        entry = action_event(state, action, robot=True)
        if explained is not None and explained[1]:
            entry[1]["explanation_zh"] = explained[1]
        return [entry]  # an illegal one raises in ``settle`` (and the robot stalls, logged)


def robot_choice(
    robot: Robot, seen: Any, rng: random.Random, board: BoardState
) -> tuple[MakeCall | PlayCard, tuple[str, str, bool] | None]:
    """A robot's action (its best legal candidate, or its fallback) and, for a call, what the
    call means under the robot's system card in English and Chinese, and whether to alert
    (``qipai.robots.explain``). Runs in a worker thread."""
    candidates = robot.choose(seen, rng)
    chosen: MakeCall | PlayCard | None = None
    for cand in candidates:
        if isinstance(cand.action, MakeCall | PlayCard) and is_legal(seen, cand.action):
            chosen = cand.action
            break
    if chosen is None:  # the robots' own fallback (Pass, or the first legal card)
        log.warning("a robot offered nothing legal at board %s", board.number)
        chosen = act(robot, seen, rng)
    if not isinstance(chosen, MakeCall):
        return chosen, None
    try:
        after = apply(board, replace(chosen, seat=None))
        e = explain(
            after.auction,
            len(after.auction.entries) - 1,
            board.vulnerability,
            getattr(robot, "system", None),
        )
    except Exception:
        log.exception("the robots' system could not explain %s", chosen.call)
        return chosen, (chosen.explanation, "", chosen.alert)
    return chosen, (e.en, e.zh, e.alert)
