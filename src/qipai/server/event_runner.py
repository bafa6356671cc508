"""The events on the live server: the pure event logic of ``qipai.events`` driven by the clock
and by the tables' results.

Each event is one state (``qipai.events.EventState``) held here and in the store. Every change
goes one way: under the event's lock, a pure transition (``raise_hand``, ``record_result``,
``advance``...) makes the new state; the store writes it with a line of the event's log in one
transaction (refused if another writer got there first); only then is it the state here, and
the live tables are brought in step with it (:meth:`EventRunner._sync`): the tables of a newly
seated round are made and set up with the round's boards and players, the tables of a closed
round are finished.

A finished event may still change: the director's rulings within its correction period (Law
79C) go the same way, and its masterpoint awards are written again from the standings they
make.

The clock is the state's stored timestamps: a poller calls ``advance`` when ``next_due`` says
something is due, so a restart loses nothing; at start every running event is read back, its
tables' logs are checked for results it has not recorded (a crash between a table's result and
the event's write), and the poller carries on.

Robot pairs are entrants whose players are named ``robot N a``/``robot N b`` (a space: no
account can have such a name); their seats are empty seats that the table's robots play.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..bridge import Contract, Seat
from ..events import (
    EventError,
    EventSettings,
    EventState,
    Played,
    Status,
    advance,
    create_event,
    from_json,
    next_due,
    pause_reason,
    record_result,
    standings,
    to_json,
)
from ..events.errors import ResultError
from ..events.settings import Scoring
from ..events.state import is_robot_player
from ..store import EventRecord, Store, StoreError
from ..store.team_tables import is_team_kind
from .scoring import table_scoring
from .table import Finish, Hold, Occupant, Release, SetUp
from .table_log import EntryType
from .tables import Tables

log = logging.getLogger("qipai.server")

POLL_EVERY = 1.0
"""Seconds between the poller's looks at the events' clocks."""

KEEP_FINISHED = 64
"""Finished events held at most for rulings in their correction period (others are read
back from the store when a ruling comes)."""

Change = Callable[[EventState, datetime], EventState]


def round_seed(event_id: int, round_no: int) -> str:
    """The board set of a round: every table of the round plays the same deals."""
    return f"event:{event_id}:round {round_no}"


@dataclass
class LiveEvent:
    """An event as the server holds it: the state, the version stored, who directs it."""

    id: int
    state: EventState
    version: int
    director_id: int | None
    tables: dict[tuple[int, int], int] = field(default_factory=dict)
    """The live table id of each (round, table number)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    syncing: asyncio.Lock = field(default_factory=asyncio.Lock)


class EventRunner:
    """Every event of the server: created, changed and driven by the clock here."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        *,
        clock: Callable[[], float] = time.time,
        poll_every: float = POLL_EVERY,
    ) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock
        self.poll_every = poll_every
        self._events: dict[int, LiveEvent] = {}
        self._finished: dict[int, LiveEvent] = {}
        """Finished events within their correction period, held for the director's rulings."""
        self._by_table: dict[int, tuple[int, int, int]] = {}
        self._poller: asyncio.Task[None] | None = None
        tables.on_result = self._on_result
        tables.records.event_scoring = self.scoring_of_table

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    # -- life -----------------------------------------------------------------------------------

    async def load_all(self) -> int:
        """Read back every event not over, record any result its tables hold that it has not,
        and bring its tables in step. Returns how many were loaded."""
        records = await asyncio.to_thread(
            self.store.event_store.listing,
            [Status.REGISTRATION.value, Status.RUNNING.value],
            10_000,
        )
        for record in records:
            if is_team_kind(record.kind):
                continue  # a team event: server.team_events loads it
            try:
                live = await self._load(record)
            except Exception:
                log.exception("event %s could not be read back", record.id)
                continue
            self._events[live.id] = live
            await self._reconcile(live)
            await self._sync(live)
        return len(records)

    async def _load(self, record: EventRecord) -> LiveEvent:
        state = from_json(record.state)
        links = await asyncio.to_thread(self.store.event_store.tables, record.id)
        live = LiveEvent(record.id, state, record.version, record.director_id, links)
        for (round_no, table_no), table_id in links.items():
            self._by_table[table_id] = (record.id, round_no, table_no)
        return live

    def start(self) -> None:
        if self._poller is None:
            self._poller = asyncio.create_task(self._poll(), name="events-poller")

    async def stop(self) -> None:
        poller, self._poller = self._poller, None
        if poller is not None:
            poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await poller

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_every)
            await self.tick()

    async def tick(self) -> None:
        """Do whatever the events' clocks say is due now."""
        now = self.now()
        for live in list(self._events.values()):
            due = next_due(live.state)
            if due is None or due > now:
                continue
            try:
                await self.change(live.id, "clock", {}, advance)
            except Exception:
                log.exception("event %s: the clock step failed", live.id)

    # -- reading --------------------------------------------------------------------------------

    def get(self, event_id: int) -> LiveEvent | None:
        return self._events.get(event_id)

    async def read(self, event_id: int) -> LiveEvent | None:
        """The event, live or (once over) read from the store; a finished one still in its
        correction period is held, so a ruling on it changes the one read here."""
        live = self._events.get(event_id) or self._finished.get(event_id)
        if live is not None:
            return live
        record = await asyncio.to_thread(self.store.event_store.get, event_id)
        if record is None or is_team_kind(record.kind):
            return None  # a team event is server.team_events'
        live = self._finished.get(event_id) or await self._load(record)
        until = live.state.corrections_until
        if until is not None and self.now() <= until:
            self._keep_correcting(live)
        return live

    async def scoring_of_table(self, table_id: int) -> Scoring | None:
        """The scoring of the event table ``table_id`` belongs to (None: a club table). A live
        table knows its event; one no longer live is looked up in the store."""
        actor = self.tables.get(table_id)
        if actor is not None:
            where = actor.state.event_table
            event_id = where.get("event") if where is not None else None
        else:
            event_id = await asyncio.to_thread(self.store.event_store.event_of_table, table_id)
        live = await self.read(event_id) if isinstance(event_id, int) else None
        return None if live is None else live.state.settings.scoring

    def directed_by(self, user_id: int) -> int:
        """How many events not yet over ``user_id`` directs."""
        return sum(
            1
            for live in self._events.values()
            if live.director_id == user_id
            and live.state.status in (Status.REGISTRATION, Status.RUNNING)
        )

    def table_of(self, table_id: int) -> tuple[int, int, int] | None:
        """(event id, round, table number) of an event's table."""
        return self._by_table.get(table_id)

    # -- changing -------------------------------------------------------------------------------

    async def create(
        self, settings: EventSettings, *, director_id: int | None, director: str
    ) -> LiveEvent:
        """A new event open for registration (``SettingsError`` for impossible settings)."""
        now = self.now()
        state = create_event(settings, seed=secrets.token_hex(8), now=now, director=director)
        record = await asyncio.to_thread(
            lambda: self.store.event_store.create(
                kind=settings.format.value,
                name=settings.name,
                director_id=director_id,
                status=state.status.value,
                state=to_json(state),
                starts_at=settings.start,
                log=("created", {"by": director, "at": now.isoformat()}),
            )
        )
        live = LiveEvent(record.id, state, record.version, director_id)
        self._events[live.id] = live
        return live

    async def change(
        self, event_id: int, what: str, detail: dict[str, Any], change: Change, by: str = ""
    ) -> EventState:
        """Apply ``change(state, now)`` to the event, store it with a log line saying ``what``
        (``detail``, ``by``), then bring the tables in step. ``EventError`` from the change
        leaves everything as it was."""
        live = self._events.get(event_id) or await self._correcting(event_id)
        if live is None:
            raise LookupError(f"there is no running event {event_id}")
        async with live.lock:
            now = self.now()
            before = live.state
            after = change(before, now)
            if after == before:
                return after
            line = {**detail, "at": now.isoformat()}
            if by:
                line["by"] = by
            awards: list[tuple[str, int, int]] = []
            corrected = before.status is Status.FINISHED  # a ruling in the correction period
            if after.status is Status.FINISHED:
                awards = _awards(after)
                line["awards"] = len(awards)
            try:
                live.version = await asyncio.to_thread(
                    lambda: self.store.event_store.save(
                        event_id,
                        live.version,
                        status=after.status.value,
                        state=to_json(after),
                        log=[(what, line)],
                        awards=awards,
                        replace_awards=corrected,
                    )
                )
            except StoreError:
                log.exception("event %s: stored elsewhere meanwhile; reading it back", event_id)
                record = await asyncio.to_thread(self.store.event_store.get, event_id)
                if record is not None:
                    live.state, live.version = from_json(record.state), record.version
                raise
            live.state = after
        if after.is_over:
            self._events.pop(event_id, None)
            if after.status is Status.FINISHED:
                self._keep_correcting(live)
        await self._sync(live)
        return after

    async def _correcting(self, event_id: int) -> LiveEvent | None:
        """A finished event the director may still rule on (Law 79C: the pure ruling says
        whether its correction period is over); None for one that is not finished."""
        live = self._finished.get(event_id)
        if live is None:
            record = await asyncio.to_thread(self.store.event_store.get, event_id)
            if record is None or record.status != Status.FINISHED.value:
                return None
            live = self._finished.get(event_id) or await self._load(record)
            self._keep_correcting(live)
        return live

    def _keep_correcting(self, live: LiveEvent) -> None:
        """Hold a finished event (one lock for its corrections) while its correction period
        runs; the oldest held beyond ``KEEP_FINISHED`` and those past their period go."""
        now = self.now()
        for key, held in list(self._finished.items()):
            until = held.state.corrections_until
            if until is None or until < now:
                del self._finished[key]
        self._finished[live.id] = live
        while len(self._finished) > KEEP_FINISHED:
            del self._finished[next(iter(self._finished))]

    # -- the tables -----------------------------------------------------------------------------

    async def _sync(self, live: LiveEvent) -> None:
        """Make the tables of the round in play that do not exist yet (and set up any made but
        not set up, after a crash), and finish every live table of a closed round."""
        async with live.syncing:
            await self._sync_tables(live)

    async def _sync_tables(self, live: LiveEvent) -> None:
        state = live.state
        rnd = state.current_round
        if rnd is not None:
            for table in rnd.tables:
                key = (rnd.number, table.number)
                table_id = live.tables.get(key)
                if table_id is None:
                    await self._make_table(live, rnd.number, table.number)
                else:
                    actor = self.tables.get(table_id)
                    if actor is not None and actor.state.seq == 0:
                        await actor.submit(None, self._set_up(live, rnd.number, table.number))
                await self._hold_or_release(live, live.tables.get(key))
        for (round_no, _), table_id in sorted(live.tables.items()):
            if rnd is not None and round_no == rnd.number:
                continue
            actor = self.tables.get(table_id)
            if actor is not None and not actor.state.closed:
                try:
                    await actor.submit(None, Finish(f"round {round_no} is over"))
                except Exception:
                    log.exception("event %s: table %s could not be finished", live.id, table_id)
                else:
                    self.tables.retire(table_id)

    async def _hold_or_release(self, live: LiveEvent, table_id: int | None) -> None:
        """A table of the round in play stops while the event is paused and goes on after."""
        actor = self.tables.get(table_id) if table_id is not None else None
        if actor is None or actor.state.closed:
            return
        reason = pause_reason(live.state)
        if (reason is None) == (actor.state.paused is None):
            return  # already held or going on, as the event is
        command: Hold | Release = Release() if reason is None else Hold(reason)
        try:
            await actor.submit(None, command)
        except Exception:
            log.exception("event %s: table %s could not be held or released", live.id, actor.id)

    async def _make_table(self, live: LiveEvent, round_no: int, table_no: int) -> None:
        state = live.state
        name = f"{state.settings.name} · R{round_no} T{table_no}"
        setup = self._set_up(live, round_no, table_no)
        actor = await self.tables.create_for_event(
            name=name[:60],
            scoring=table_scoring(state.settings.scoring),
            robot_level=state.settings.robot_level,
            seed=round_seed(live.id, round_no),
            boards=setup.boards,
            seats=setup.seats,
            event_table=(live.id, round_no, table_no),
        )
        live.tables[(round_no, table_no)] = actor.id
        self._by_table[actor.id] = (live.id, round_no, table_no)

    def _set_up(self, live: LiveEvent, round_no: int, table_no: int) -> SetUp:
        state = live.state
        rnd = state.rounds[round_no - 1]
        table = rnd.table(table_no)
        assert table is not None
        boards = tuple((b, state.deal(b).pbn()) for b in table.boards)  # a movement's own
        seats: list[Occupant | None] = [None, None, None, None]
        for number, (first, second) in (
            (table.ns, (Seat.NORTH, Seat.SOUTH)),
            (table.ew, (Seat.EAST, Seat.WEST)),
        ):
            pair = state.pair(number)
            if pair is None:  # the robot pair that fills an odd field
                continue
            for seat, player in zip((first, second), pair.players, strict=True):
                seats[seat] = self._occupant(player)
        return SetUp(
            boards, (seats[0], seats[1], seats[2], seats[3]), (live.id, round_no, table_no)
        )

    def _occupant(self, player: str) -> Occupant | None:
        if is_robot_player(player):
            return None
        user = self.store.user_by_name(player)
        return None if user is None else Occupant(user.id, user.name)

    async def _on_result(self, table_id: int, payload: dict[str, Any]) -> None:
        """A board is over at a table: record it in the table's event (a result after the
        round closed, or recorded already, is the table's own affair)."""
        where = self._by_table.get(table_id)
        if where is None:
            return
        event_id, round_no, table_no = where
        if event_id not in self._events:
            return
        await self._record(event_id, round_no, table_no, table_id, payload)

    async def _record(
        self, event_id: int, round_no: int, table_no: int, table_id: int, p: dict[str, Any]
    ) -> None:
        played, at = played_from(p)
        board = int(p["number"])

        def change(state: EventState, now: datetime) -> EventState:
            when = at if at is not None and at <= now else now
            return record_result(state, round_no, table_no, board, played, when)

        detail = {"table_id": table_id, "round": round_no, "table": table_no, "board": board}
        try:
            await self.change(event_id, "result", detail, change)
        except ResultError as e:
            log.info("event %s: table %s board %s not recorded: %s", event_id, table_id, board, e)
        except EventError as e:
            log.warning("event %s: table %s board %s waits: %s", event_id, table_id, board, e)

    async def _reconcile(self, live: LiveEvent) -> None:
        """Record the results the current round's tables hold that the event has not (the
        server stopped between a table's write and the event's)."""
        rnd = live.state.current_round
        if rnd is None:
            return
        for table in rnd.tables:
            table_id = live.tables.get((rnd.number, table.number))
            if table_id is None:
                continue
            events = await asyncio.to_thread(self.store.entries, table_id)
            for e in events:
                if (
                    e.type != EntryType.BOARD_DONE
                    or table.record(int(e.payload["number"])) is not None
                ):
                    continue
                await self._record(live.id, rnd.number, table.number, table_id, e.payload)

    async def resumed(self, event_id: int) -> None:
        """After a resume, record the results the tables finished while the event was paused."""
        live = self._events.get(event_id)
        if live is not None:
            await self._reconcile(live)


def played_from(p: dict[str, Any]) -> tuple[Played, datetime | None]:
    """A table's ``board_done`` payload as an event's result, and when it was played."""
    contract = p.get("contract")
    declarer = p.get("declarer")
    played = Played(
        Contract.parse(contract) if contract else None,
        Seat.parse(declarer) if declarer else None,
        p.get("tricks") if contract else None,
    )
    t = p.get("t")
    return played, datetime.fromtimestamp(t / 1000, UTC) if isinstance(t, int) else None


def _awards(state: EventState) -> list[tuple[str, int, int]]:
    """(player, place, points) of each masterpoint award of a finished event (robots get
    none)."""
    out = []
    for row in standings(state).rows:
        if row.masterpoints and row.rank is not None:
            for player in row.players:
                if not is_robot_player(player):
                    out.append((player, row.rank, row.masterpoints))
    return out
