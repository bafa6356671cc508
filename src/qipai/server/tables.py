"""The live tables of one server process: created here, rebuilt from their logs at start."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from ..store import Store, TableRecord
from .actor import TableActor
from .robots import RobotPool

log = logging.getLogger("qipai.server")


class Tables:
    """Every open table's actor, by id."""

    def __init__(
        self,
        store: Store,
        robots: RobotPool,
        *,
        robot_delay: float = 0.0,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        self.store = store
        self.seeds = seeds or (lambda: secrets.token_hex(16))
        self.robots = robots
        self.robot_delay = robot_delay
        self._actors: dict[int, TableActor] = {}

    def get(self, table_id: int) -> TableActor | None:
        return self._actors.get(table_id)

    def all(self) -> list[TableActor]:
        return list(self._actors.values())

    async def load_all(self) -> int:
        """Rebuild every unfinished table from its event log and start its actor; a table whose
        log cannot be replayed is left out (and logged), never the whole server."""
        records = await asyncio.to_thread(self.store.open_tables)
        for record in records:
            try:
                events = await asyncio.to_thread(self.store.events, record.id)
                actor = TableActor(
                    record,
                    self.store,
                    self.robots,
                    events=[(e.type, e.payload) for e in events],
                    robot_delay=self.robot_delay,
                )
            except Exception:
                log.exception("table %s: its event log could not be replayed", record.id)
                continue
            if actor.state.seq != record.last_seq:
                log.error(
                    "table %s: replayed %s events but the table records %s",
                    record.id,
                    actor.state.seq,
                    record.last_seq,
                )
                continue
            self._actors[record.id] = actor
            actor.start()
        return len(self._actors)

    async def create(self, *, owner_id: int | None, settings: dict[str, Any]) -> TableActor:
        record: TableRecord = await asyncio.to_thread(
            lambda: self.store.create_table(
                name=settings["name"],
                owner_id=owner_id,
                scoring=settings["scoring"],
                robot_level=settings["robot_level"],
                private=settings["private"],
                invite_token=secrets.token_urlsafe(16),
                seed=self.seeds(),
            )
        )
        actor = TableActor(record, self.store, self.robots, robot_delay=self.robot_delay)
        self._actors[record.id] = actor
        actor.start()
        return actor

    async def stop_all(self) -> None:
        await asyncio.gather(*(a.stop() for a in self._actors.values()))
        self._actors.clear()
