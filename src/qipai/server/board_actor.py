"""The live board-game tables (chess, xiangqi, renju, go): one actor per table, as for bridge —
commands from a queue, one at a time: ``decide`` -> the entries written to the table's log in
the store -> only then folded in and published to every connection, each with its own view.
The game's rules, log and views are :data:`BOARD` (``board_table``), a ``game.Game`` over the
board table's own types. Robots move inside the actor when it is a robot seat's turn; the
clock of the side to move is armed as a timer, and its flag fall is a command like any other,
checked against the stored times (so a restart, which rebuilds the clocks from the log,
re-arms it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from typing import Any

from ..store import Store, TableRecord
from .actor import Subscriber, answer
from .board_robots import BoardRobots
from .board_table import (
    BOARD_SCORING,
    BoardCommand,
    BoardEntry,
    BoardTable,
    BoardViewer,
    FlagFall,
    SetUpBoard,
    TableOf,
    decide,
    fold,
    public_entry,
    settle,
    summary,
    view_json,
    viewer_of,
)
from .game import Game
from .table import CommandError
from .table_state import Entry, Occupant
from .tables import RETIRE_AFTER

log = logging.getLogger("qipai.server")


class BoardGame:
    """A board game at a live table (the server's ``Game`` protocol)."""

    def initial(self, record: TableRecord) -> BoardTable:
        return TableOf(record.id)

    def decide(
        self, state: BoardTable, user: Occupant | None, command: BoardCommand
    ) -> list[Entry]:
        return decide(state, user, command)

    def settle(
        self, state: BoardTable, entries: list[Entry], t: int | None
    ) -> list[tuple[Entry, BoardTable]]:
        return settle(state, entries, t)

    def fold(self, state: BoardTable, entry: Entry) -> BoardTable:
        return fold(state, entry)

    def viewer(self, state: BoardTable, user_id: int | None, see_all: bool) -> BoardViewer:
        return viewer_of(state, user_id)

    def public_entry(self, entry: Entry, seat: int | None) -> dict[str, Any]:
        return public_entry(entry)

    def view(self, state: BoardTable, seen: BoardViewer) -> dict[str, Any] | None:
        return view_json(state, seen)

    def summary(
        self, record: TableRecord, state: BoardTable, away: Collection[int], now_ms: int
    ) -> dict[str, Any]:
        return summary(record, state, now_ms)

    def robot_to_act(self, state: BoardTable) -> int | None:
        seat = state.to_move
        return seat if seat is not None and state.robots[seat] is not None else None

    def robot_seat(
        self, record: TableRecord, pool: object, analyst: object, delay: float
    ) -> BoardRobots:
        return BoardRobots(record.seed, delay)


BoardGameType = Game[BoardTable, int, BoardViewer, BoardCommand, BoardRobots]
BOARD: BoardGameType = BoardGame()
"""Every board game at a live table (the game itself is in the table's first entry)."""


def may_watch(record: TableRecord, state: BoardTable, user_id: int | None) -> bool:
    """A public board table is open to all; a private one to its owner and its players."""
    if not record.private:
        return True
    return user_id is not None and (
        user_id == record.owner_id or state.seat_of(user_id) is not None
    )


class BoardTableActor:
    """One live board table. ``submit`` queues a command and waits for the table's entry
    number after it (or its CommandError); ``attach``/``detach`` add and remove connections."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        *,
        events: Sequence[Entry] = (),
        robot_delay: float = 0.0,
        clock: Callable[[], float] = time.time,
        game: BoardGameType = BOARD,
    ) -> None:
        self.record = record
        self.store = store
        self.game = game
        self.clock = clock
        self.state = game.initial(record)
        for entry in events:
            self.state = game.fold(self.state, entry)
        self.robots = BoardRobots(record.seed, robot_delay)  # needs no bridge robot pool
        self._queue: asyncio.Queue[tuple[Occupant | None, BoardCommand, asyncio.Future[int]]]
        self._queue = asyncio.Queue()
        self._subs: set[Subscriber] = set()
        self._task: asyncio.Task[None] | None = None
        self._flag: asyncio.TimerHandle | None = None
        self.on_closed: Callable[[int], None] | None = None
        """Told the table's id once its game is over (``BoardTables`` retires it)."""

    @property
    def id(self) -> int:
        return self.record.id

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    # -- life -------------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"board-table-{self.id}")
            self._arm_flag()

    async def stop(self, farewell: str = "the server is stopping; reconnect soon") -> None:
        task, self._task = self._task, None
        if self._flag is not None:
            self._flag.cancel()
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.to_thread(self.robots.close)
        for sub in list(self._subs):
            sub.push({"type": "error", "message": farewell})

    async def submit(self, user: Occupant | None, command: BoardCommand) -> int:
        if self._task is None or self._task.done():
            raise CommandError("this table is not running")
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((user, command, fut))
        return await fut

    async def _run(self) -> None:
        while True:
            try:
                seat = self.robots.due(self.state) if self._queue.empty() else None
                if seat is None:
                    await self._handle(*await self._queue.get())
                    continue
                if self.robots.delay > 0:
                    await asyncio.sleep(self.robots.delay)
                    if not self._queue.empty():
                        continue
                await self._robot_move(seat)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug must not stop the table: log it, go on
                log.exception("board table %s: the actor hit an error", self.id)
                await asyncio.sleep(0.1)

    async def _handle(
        self, user: Occupant | None, command: BoardCommand, fut: asyncio.Future[int]
    ) -> None:
        await answer(
            fut,
            lambda: self._commit(self.game.decide(self.state, user, command)),
            lambda: self.state.seq,
            f"board table {self.id}: command {command!r} failed",
        )

    async def _robot_move(self, seat: int) -> None:
        state = self.state
        try:
            entries = await self.robots.move(state, seat)
            if self.state is state:
                await self._commit(entries)
        except Exception:
            log.exception("board table %s: the robot at seat %s could not move", self.id, seat)
            self.robots.stalled_at = self.state.seq

    async def _commit(self, entries: list[Entry]) -> None:
        """Stamp ``entries`` with the time, write them, then fold them in and publish them."""
        if not entries:
            return
        settled = self.game.settle(self.state, entries, self.now_ms())
        if not settled:
            return
        written = [entry for entry, _ in settled]
        try:
            await asyncio.to_thread(self.store.append_entries, self.id, self.state.seq, written)
        except Exception:
            log.exception("board table %s: could not write entries", self.id)
            raise CommandError("could not save: the table is unchanged, try again") from None
        for entry, after in settled:
            self.state = after
            self._publish(entry)
            if entry[0] == BoardEntry.CLOSED:
                self._when_closed()
        self._arm_flag()

    def _when_closed(self) -> None:
        """The game is over: its engines stop, and the registry forgets the table later."""
        task = asyncio.ensure_future(asyncio.to_thread(self.robots.close))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        if self.on_closed is not None:
            self.on_closed(self.id)

    # -- the clock ----------------------------------------------------------------------------

    def _arm_flag(self) -> None:
        """A timer for the moment the side to move's flag falls (a FlagFall command then)."""
        if self._flag is not None:
            self._flag.cancel()
            self._flag = None
        st, c = self.state, self.state.clock
        player = st.to_move
        if c is None or player is None or c.since is None or self._task is None:
            return
        left = c.remaining(player, self.now_ms(), player)
        loop = asyncio.get_running_loop()
        self._flag = loop.call_later(max(left, 0) / 1000 + 0.01, self._flag_fall)

    def _flag_fall(self) -> None:
        self._flag = None
        if self._task is None:
            return
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        fut.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._queue.put_nowait((None, FlagFall(), fut))

    # -- connections --------------------------------------------------------------------------

    def attach(self, sub: Subscriber) -> None:
        self._subs.add(sub)
        self._send_state(sub)

    def detach(self, sub: Subscriber) -> None:
        self._subs.discard(sub)

    def may_watch(self, user_id: int | None) -> bool:
        return may_watch(self.record, self.state, user_id)

    @property
    def connections(self) -> int:
        return len(self._subs)

    def _message(self, sub: Subscriber, kind: str) -> dict[str, Any]:
        seen = self.game.viewer(self.state, sub.user_id, False)
        return {
            "type": kind,
            "seq": self.state.seq,
            "table": self.summary(),
            "you": {"seat": seen.seat, "user_id": sub.user_id},
            "view": self.game.view(self.state, seen),
        }

    def _send_state(self, sub: Subscriber) -> None:
        sub.push(self._message(sub, "state"))

    def _publish(self, entry: Entry) -> None:
        shown = self.game.public_entry(entry, None)
        for sub in list(self._subs):
            sub.push({**self._message(sub, "event"), "event": shown})

    def summary(self) -> dict[str, Any]:
        return self.game.summary(self.record, self.state, (), self.now_ms())


class BoardTables:
    """The live board tables of one server process, by id (bridge tables are ``Tables``)."""

    def __init__(
        self,
        store: Store,
        *,
        robot_delay: float = 0.0,
        clock: Callable[[], float] = time.time,
        retire_after: float = RETIRE_AFTER,
    ) -> None:
        self.store = store
        self.robot_delay = robot_delay
        self.clock = clock
        self.retire_after = retire_after
        self._actors: dict[int, BoardTableActor] = {}
        self._retiring: set[asyncio.Task[None]] = set()

    def _actor(self, record: TableRecord, events: list[Entry]) -> BoardTableActor:
        actor = BoardTableActor(
            record, self.store, events=events, robot_delay=self.robot_delay, clock=self.clock
        )
        actor.on_closed = self._retire
        return actor

    def _retire(self, table_id: int) -> None:
        """Forget a finished table ``retire_after`` seconds from now (its clients have had its
        last entries); its page then reads it from the store (:meth:`finished`)."""

        async def later() -> None:
            await asyncio.sleep(self.retire_after)
            actor = self._actors.pop(table_id, None)
            if actor is not None:
                await actor.stop("this game is over")

        task = asyncio.create_task(later(), name=f"retire-board-{table_id}")
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def finished(self, table_id: int) -> tuple[TableRecord, BoardTable] | None:
        """A board table no longer live, rebuilt from its log for reading (None: no such)."""
        record = await asyncio.to_thread(self.store.table, table_id)
        if record is None or record.scoring != BOARD_SCORING:
            return None
        stored = await asyncio.to_thread(self.store.entries, table_id)
        state = BOARD.initial(record)
        for e in stored:
            state = BOARD.fold(state, (e.type, e.payload))
        return record, state

    def get(self, table_id: int) -> BoardTableActor | None:
        return self._actors.get(table_id)

    def all(self) -> list[BoardTableActor]:
        return list(self._actors.values())

    async def load_all(self) -> int:
        """Rebuild every open board table from its log and start its actor (one whose log
        cannot be replayed is left out, logged)."""
        records = await asyncio.to_thread(self.store.open_tables)
        for record in records:
            if record.scoring != BOARD_SCORING:
                continue
            try:
                stored = await asyncio.to_thread(self.store.entries, record.id)
                actor = self._actor(record, [(e.type, e.payload) for e in stored])
            except Exception:
                log.exception("board table %s: its log could not be replayed", record.id)
                continue
            self._actors[record.id] = actor
            actor.start()
        return len(self._actors)

    async def create(
        self, *, owner_id: int | None, name: str, setup: SetUpBoard, private: bool = False
    ) -> BoardTableActor:
        """A new board table playing ``setup``'s game (its first entry)."""
        decide(TableOf(0), None, setup)  # refused before anything is stored
        record: TableRecord = await asyncio.to_thread(
            lambda: self.store.create_table(
                name=name,
                owner_id=owner_id,
                scoring=BOARD_SCORING,
                robot_level=None,
                private=private,
                invite_token=secrets.token_urlsafe(16),
                seed=secrets.token_hex(16),
            )
        )
        actor = self._actor(record, [])
        self._actors[record.id] = actor
        actor.start()
        await actor.submit(None, setup)
        return actor

    async def stop_all(self) -> None:
        for task in list(self._retiring):
            task.cancel()
        await asyncio.gather(*(a.stop() for a in self._actors.values()))
        self._actors.clear()
