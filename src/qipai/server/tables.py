"""The live tables of one server process: created here, rebuilt from their logs at start, and
watched for seats whose person has been away past the grace time.

A table deals from its own random seed, or from a named board set: every table of the same set
deals the same boards, so their results compare. A set's seed mixes its public name with the
server's secret (kept in the store), so no one can deal a set's boards from its name alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from ..store import Store, TableRecord
from .actor import ResultListener, TableActor, for_the_owner
from .analysis import Analyst
from .board_table import BOARD_SCORING
from .records import BoardRecords
from .robots import RobotPool
from .sightings import Sightings
from .table import Command, CommandError, Occupant, SetUp, viewer_of
from .writer import GroupWriter

log = logging.getLogger("qipai.server")

RETIRE_AFTER = 120.0
"""Seconds a closed table (an event's round over, or a club table its owner closed) stays in
memory (late readers of its page) before only the store holds it."""


class Tables:
    """Every open table's actor, by id."""

    def __init__(
        self,
        store: Store,
        robots: RobotPool,
        *,
        robot_delay: float = 0.0,
        seeds: Callable[[], str] | None = None,
        grace: float = 30.0,
        watch_every: float | None = None,
        clock: Callable[[], float] = time.time,
        analyse_boards: bool = True,
        set_secret: str | None = None,
        retire_after: float | None = None,
    ) -> None:
        self.store = store
        self.retire_after = retire_after
        self.seeds = seeds or (lambda: secrets.token_hex(16))
        self.set_secret = (
            store.setting("board_set_secret", lambda: secrets.token_hex(32))
            if set_secret is None
            else set_secret
        )
        """Mixed into every board set's seed (see :func:`board_set_seed`)."""
        self.robots = robots
        self.robot_delay = robot_delay
        self.grace = grace
        self.watch_every = watch_every if watch_every is not None else min(1.0, grace / 4)
        self.clock = clock
        self.analyse_boards = analyse_boards
        self.writer = GroupWriter(store)
        self.analyst = Analyst(store, self.writer)
        self.records = BoardRecords(store, self.analyst)
        self._actors: dict[int, TableActor] = {}
        self.sightings = Sightings()
        """Who has watched which boards of each board set with all four hands shown."""
        self._watcher: asyncio.Task[None] | None = None
        self._retiring: set[asyncio.Task[None]] = set()
        self.on_result: ResultListener | None = None
        """Told each board's result (events record them)."""

    async def _result(self, table_id: int, payload: dict[str, Any]) -> None:
        if self.on_result is not None:
            await self.on_result(table_id, payload)

    def _actor(self, record: TableRecord, events: list[tuple[str, dict[str, Any]]]) -> TableActor:
        return TableActor(
            record,
            self.store,
            self.robots,
            events=events,
            robot_delay=self.robot_delay,
            analyst=self.analyst,
            grace=self.grace,
            clock=self.clock,
            on_board_done=self.records.warm if self.analyse_boards else None,
            on_result=self._result,
            writer=self.writer,
            sightings=self.sightings,
        )

    def watch(self) -> None:
        """Start the watcher: every ``watch_every`` seconds each table compares its stored
        away-since times with the grace (times are stored, so a restart re-arms it)."""
        if self._watcher is None:
            self._watcher = asyncio.create_task(self._watch(), name="tables-watcher")

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.watch_every)
            for actor in list(self._actors.values()):
                try:
                    actor.check_away()
                except Exception:
                    log.exception("table %s: the away check failed", actor.id)

    def playing_same_boards(self, user_id: int, actor: TableActor) -> TableActor | None:
        """Another live table of ``actor``'s board set where ``user_id`` sits: they may not
        watch this one, whose boards they play too."""
        for other in self._actors.values():
            if (
                other is not actor
                and other.record.seed == actor.record.seed
                and not other.state.closed
                and other.state.seat_of(user_id) is not None
            ):
                return other
        return None

    def watching_same_boards(
        self, user_id: int, actor: TableActor | None, seed: str | None = None
    ) -> TableActor | None:
        """Another live table of ``actor``'s board set (or of the deal ``seed``) that
        ``user_id`` is watching: they may not sit down here while they watch the same boards
        played there."""
        seed = actor.record.seed if actor is not None else seed
        for other in self._actors.values():
            if (
                other is not actor
                and other.record.seed == seed
                and not other.state.closed
                and other.watched_by(user_id)
            ):
                return other
        return None

    def check_sit(self, actor: TableActor, user_id: int | None, command: Command) -> None:
        """CommandError when ``user_id`` would sit at ``actor`` while watching another table of
        the same board set (they would see the boards they are about to play); for the owner's
        yes to a request to sit, the one asking."""
        sitting = actor.who_sits(user_id, command)
        if sitting is None:
            return
        other = self.watching_same_boards(sitting, actor)
        if other is not None:
            refusal = CommandError(
                f"you are watching table #{other.id}, which plays the same boards: leave it first"
            )
            said = for_the_owner(refusal, command)
            raise said

    def still_to_play(self, user_id: int, number: int, deal: str) -> TableActor | None:
        """A live table where ``user_id`` sits (or left a seat of the board in play, to which
        they may return) and has yet to finish board ``number`` with this deal: its hand record
        and results elsewhere are not for them yet."""
        for other in self._actors.values():
            st = other.state
            if st.closed or viewer_of(st, user_id, see_all=False).seat is None:
                continue
            if st.yet_to_finish(number, deal):
                return other
        return None

    def board_set_seed(self, name: str) -> str:
        """The deal seed of the board set ``name`` on this server."""
        return board_set_seed(name, self.set_secret)

    def get(self, table_id: int) -> TableActor | None:
        return self._actors.get(table_id)

    def all(self) -> list[TableActor]:
        return list(self._actors.values())

    async def load_all(self) -> int:
        """Rebuild every unfinished table from its event log and start its actor; a table whose
        log cannot be replayed is left out (and logged), never the whole server."""
        records = await asyncio.to_thread(self.store.open_tables)
        await asyncio.to_thread(self.sightings.load, self.store)
        for record in records:
            if record.scoring == BOARD_SCORING:
                continue  # a board game's table: ``board_actor.BoardTables`` rebuilds it
            try:
                events = await asyncio.to_thread(self.store.entries, record.id)
                actor = self._actor(record, [(e.type, e.payload) for e in events])
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
        board_set: str | None = settings.get("board_set") or None
        record: TableRecord = await asyncio.to_thread(
            lambda: self.store.create_table(
                name=settings["name"],
                owner_id=owner_id,
                scoring=settings["scoring"],
                robot_level=settings["robot_level"],
                private=settings["private"],
                invite_token=secrets.token_urlsafe(16),
                seed=self.board_set_seed(board_set) if board_set else self.seeds(),
                board_set=board_set,
                spectators_see_all=bool(settings.get("spectators_see_all", False)),
                seat_policy=str(settings.get("seat_policy", "open")),
                robot_meanings=bool(settings.get("robot_meanings", False)),
            )
        )
        actor = self._actor(record, [])
        self._actors[record.id] = actor
        actor.start()
        return actor

    async def create_for_event(
        self,
        *,
        name: str,
        scoring: str,
        robot_level: int,
        seed: str,
        boards: tuple[tuple[int, str], ...],
        seats: tuple[Occupant | None, Occupant | None, Occupant | None, Occupant | None],
        event_table: tuple[int, int, int],
    ) -> TableActor:
        """An event's table (event id, round, table number), set up with the round's boards
        and its players seated; tables of one round share ``seed`` (their board set). Its link
        to the event is written with the table, so it is never made twice."""
        record: TableRecord = await asyncio.to_thread(
            lambda: self.store.create_table(
                name=name,
                owner_id=None,
                scoring=scoring,
                robot_level=robot_level,
                private=False,
                invite_token=secrets.token_urlsafe(16),
                seed=seed,
                event_table=event_table,
            )
        )
        actor = self._actor(record, [])
        self._actors[record.id] = actor
        actor.start()
        await actor.submit(None, SetUp(boards, seats, event_table))
        return actor

    def retire(self, table_id: int, after: float | None = None) -> None:
        """Forget a closed table ``after`` seconds from now (its clients have had its last
        events; its log and hand records stay in the store, where pages read them)."""

        async def later() -> None:
            wait = after if after is not None else self.retire_after
            await asyncio.sleep(RETIRE_AFTER if wait is None else wait)
            actor = self._actors.get(table_id)
            if actor is not None and actor.state.closed:
                del self._actors[table_id]
                await actor.stop("this table is over")

        task = asyncio.create_task(later(), name=f"retire-table-{table_id}")
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def stop_all(self) -> None:
        for task in list(self._retiring):
            task.cancel()
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
        await asyncio.gather(*(a.stop() for a in self._actors.values()))
        self._actors.clear()
        await self.writer.stop()
        await asyncio.to_thread(self.analyst.close)


def board_set_seed(name: str, secret: str) -> str:
    """The deal seed of a named board set: every table of the set deals the same boards, and
    only a server that knows ``secret`` can deal them (the name is public: it is on the lobby).

    >>> board_set_seed("club", "k1") == board_set_seed("club", "k1") != board_set_seed("club", "k2")
    True

    An empty secret deals a set from its name alone (``set:club``): for tests that must know a
    set's deals, never for a server people play on.
    """
    if not secret:
        return f"set:{name}"
    mac = hmac.new(secret.encode(), name.encode(), hashlib.sha256).hexdigest()
    return f"set:{mac}"
