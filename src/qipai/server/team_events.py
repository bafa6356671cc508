"""Team events on the live server: the pure team engine of ``qipai.events.teams`` driven by
the director, the captains and the tables' results.

A team event is a ``events`` row like a pair event (its kind ``team:<format>``, its state
the JSON of ``qipai.events.teams.serial``), so events share one id space, one log and one
link of tables to events; ``store.team_tables`` adds the room of a match each table plays.
Before the start the state is the settings and the teams entered
(``qipai.events.teams.entry``); the start draws round 1.

Every change goes one way, as for pair events (``server.event_runner``): under the event's lock
a pure transition makes the new state, the store writes it with a line of the log (refused if
another writer got there first), and only then is it the state here; then the live tables are
brought in step (a segment both rooms have finished has its tables finished).

The director seats a match (:meth:`TeamEvents.play`): both rooms of the segment in play get a
live table each, the boards of the round dealt alike for every match (``board_deal``), the
captains' line-ups (else the first four members) seated: in the open room the home pair NS and
the away pair EW, in the closed room the other way round. A robot member's seat is an empty
seat the table's robots play. Each board a table finishes is recorded for its room.
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

from ..bridge import Seat
from ..events import EventError
from ..events.teams import Room, TeamEvent, TeamEventSettings
from ..events.teams.entry import registration
from ..events.teams.event import board_deal, record_board
from ..events.teams.match import Match
from ..events.teams.roster import Lineup, Team, default_lineup
from ..events.teams.serial import from_json, to_json
from ..store import EventRecord, Store, StoreError
from ..store.team_tables import TEAM_KIND, RoomTable, is_team_kind
from .event_runner import played_from
from .table import Finish, Occupant
from .table_log import EntryType
from .tables import Tables

log = logging.getLogger("qipai.server")

ROBOT_LEVEL = 0
"""The level of the robots that fill a team's empty seats."""

TeamChange = Callable[[TeamEvent], TeamEvent]
RoomKey = tuple[int, int, int, Room]
"""(round, match, segment, room) of a live table."""


def status_of(event: TeamEvent) -> str:
    """``registration`` before round 1 is drawn, ``finished`` once over, else ``running``."""
    if event.over:
        return "finished"
    return "running" if event.rounds else "registration"


def segment_boards(match: Match, segment: int) -> range:
    """The board numbers of segment ``segment`` (from 1) of ``match``."""
    first = sum(match.segments[: segment - 1]) + 1
    return range(first, first + match.segments[segment - 1])


def segment_in_play(match: Match) -> int | None:
    """The first segment some board of which either room has still to play (None: the match
    is complete)."""
    if match.is_complete:
        return None
    for s in range(1, len(match.segments) + 1):
        if not all(match.board(b).done for b in segment_boards(match, s)):
            return s
    return None


def seats_of(
    home: Lineup, away: Lineup, room: Room
) -> tuple[tuple[Seat, str], tuple[Seat, str], tuple[Seat, str], tuple[Seat, str]]:
    """Who sits where in ``room``: the home team NS in the open room, EW in the closed room
    (a line-up's pair is (N or E, S or W))."""
    ns, ew = (home.open, away.open) if room is Room.OPEN else (away.closed, home.closed)
    return (
        (Seat.NORTH, ns[0]),
        (Seat.EAST, ew[0]),
        (Seat.SOUTH, ns[1]),
        (Seat.WEST, ew[1]),
    )


@dataclass
class LiveTeamEvent:
    """A team event as the server holds it."""

    id: int
    state: TeamEvent
    version: int
    director_id: int | None
    rooms: dict[RoomKey, int] = field(default_factory=dict)
    """The live table id of each room of each segment of each match seated so far."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def status(self) -> str:
        return status_of(self.state)

    def team(self, number: int) -> Team | None:
        return next((t for t in self.state.teams if t.number == number), None)


class TeamEvents:
    """Every team event of the server."""

    def __init__(self, store: Store, tables: Tables, *, clock: Callable[[], float] = time.time):
        self.store = store
        self.tables = tables
        self.clock = clock
        self._events: dict[int, LiveTeamEvent] = {}
        self._by_table: dict[int, RoomTable] = {}
        self._next = tables.on_result  # pair events' results go on to them
        tables.on_result = self._on_result

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    # -- reading --------------------------------------------------------------------------------

    async def load_all(self) -> int:
        """Read back every team event not over and record what its tables hold that it has not."""
        records = await asyncio.to_thread(
            self.store.event_store.listing, ["registration", "running"], 10_000
        )
        count = 0
        for record in records:
            if not is_team_kind(record.kind):
                continue
            try:
                live = await self._load(record)
            except Exception:
                log.exception("team event %s could not be read back", record.id)
                continue
            self._events[live.id] = live
            count += 1
            for room in list(self._by_table.values()):
                if room.event_id == live.id:
                    await self._reconcile(room)
        return count

    async def _load(self, record: EventRecord) -> LiveTeamEvent:
        state = from_json(record.state)
        if not isinstance(state, TeamEvent):
            raise EventError(f"event {record.id} is not a team event")
        rooms = await asyncio.to_thread(self.store.team_tables.rooms, record.id)
        live = LiveTeamEvent(record.id, state, record.version, record.director_id)
        for r in rooms:
            live.rooms[(r.round, r.match, r.segment, Room(r.room))] = r.table_id
            self._by_table[r.table_id] = r
        return live

    def get(self, event_id: int) -> LiveTeamEvent | None:
        return self._events.get(event_id)

    async def read(self, event_id: int) -> LiveTeamEvent | None:
        """The team event, live or (once over) read from the store; None for no team event."""
        live = self._events.get(event_id)
        if live is not None:
            return live
        record = await asyncio.to_thread(self.store.event_store.get, event_id)
        if record is None or not is_team_kind(record.kind):
            return None
        return await self._load(record)

    async def room_of(self, table_id: int) -> RoomTable | None:
        """The room of a team match that table ``table_id`` plays (None: not a team table)."""
        room = self._by_table.get(table_id)
        if room is not None:
            return room
        return await asyncio.to_thread(self.store.team_tables.room_of, table_id)

    async def listing(self, limit: int = 100) -> list[LiveTeamEvent]:
        records = await asyncio.to_thread(self.store.event_store.listing, None, limit)
        out = []
        for r in records:
            if is_team_kind(r.kind):
                live = await self.read(r.id)
                if live is not None:
                    out.append(live)
        return out

    # -- changing -------------------------------------------------------------------------------

    async def create(
        self, settings: TeamEventSettings, *, director_id: int | None, director: str
    ) -> LiveTeamEvent:
        now = self.now()
        state = registration(settings, secrets.token_hex(8))
        record = await asyncio.to_thread(
            lambda: self.store.event_store.create(
                kind=TEAM_KIND + settings.format.value,
                name=settings.name,
                director_id=director_id,
                status=status_of(state),
                state=to_json(state),
                starts_at=now,
                log=("created", {"by": director, "at": now.isoformat()}),
            )
        )
        live = LiveTeamEvent(record.id, state, record.version, director_id)
        self._events[live.id] = live
        return live

    async def change(
        self, event_id: int, what: str, detail: dict[str, Any], change: TeamChange, by: str = ""
    ) -> TeamEvent:
        """Apply ``change`` to the event, store it with a log line, then bring its tables in
        step. An ``EventError`` from the change leaves everything as it was."""
        live = self._events.get(event_id)
        if live is None:
            raise LookupError(f"there is no running team event {event_id}")
        async with live.lock:
            before = live.state
            after = change(before)
            if after == before:
                return after
            line = {**detail, "at": self.now().isoformat()}
            if by:
                line["by"] = by
            try:
                live.version = await asyncio.to_thread(
                    lambda: self.store.event_store.save(
                        event_id,
                        live.version,
                        status=status_of(after),
                        state=to_json(after),
                        log=[(what, line)],
                    )
                )
            except StoreError:
                log.exception("team event %s: stored elsewhere meanwhile", event_id)
                record = await asyncio.to_thread(self.store.event_store.get, event_id)
                if record is not None:
                    loaded = from_json(record.state)
                    if isinstance(loaded, TeamEvent):
                        live.state, live.version = loaded, record.version
                raise
            live.state = after
        await self._finish_done(live)  # outside the lock: a table may be waiting for it
        if after.over:
            self._events.pop(event_id, None)
        return after

    # -- the tables -----------------------------------------------------------------------------

    async def play(self, event_id: int, match_number: int | None) -> list[int]:
        """Seat both rooms of the segment in play of match ``match_number`` of the round in
        play (every match of it when None) at live tables, unless seated already. Returns the
        tables made."""
        live = self._events.get(event_id)
        if live is None:
            raise LookupError(f"there is no running team event {event_id}")
        made: list[int] = []
        async with live.lock:
            rnd = live.state.current_round
            if rnd is None:
                raise EventError("no round is being played")
            numbers = range(1, len(rnd.matches) + 1) if match_number is None else [match_number]
            for n in numbers:
                if not 1 <= n <= len(rnd.matches):
                    raise EventError(f"round {rnd.number} has no match {n}")
                m = rnd.matches[n - 1]
                segment = segment_in_play(m)
                if segment is None:
                    continue
                for room in Room:
                    if (rnd.number, n, segment, room) not in live.rooms:
                        made.append(await self._make_table(live, rnd.number, n, segment, room))
        return made

    async def _make_table(
        self, live: LiveTeamEvent, round_no: int, match_no: int, segment: int, room: Room
    ) -> int:
        state = live.state
        m = state.round(round_no).matches[match_no - 1]
        home, away = live.team(m.home), live.team(m.away)
        assert home is not None and away is not None
        lineups = [m.lineup_of(t.number, segment) or default_lineup(t) for t in (home, away)]
        robots = {mb.name for t in (home, away) for mb in t.members if mb.robot}
        seats: list[Occupant | None] = [None, None, None, None]
        for seat, name in seats_of(lineups[0], lineups[1], room):
            if name not in robots:
                user = await asyncio.to_thread(self.store.user_by_name, name)
                seats[seat] = None if user is None else Occupant(user.id, user.name)
        boards = tuple(
            (b, board_deal(state.seed, round_no, b).pbn()) for b in segment_boards(m, segment)
        )
        table_no = sum(1 for k in live.rooms if k[0] == round_no) + 1
        room_name = "开室 open" if room is Room.OPEN else "闭室 closed"
        name = f"{state.settings.name} · R{round_no} M{match_no} {room_name}"
        actor = await self.tables.create_for_event(
            name=name[:60],
            scoring="IMP",
            robot_level=ROBOT_LEVEL,
            seed=f"team-event:{live.id}:round {round_no}",
            boards=boards,
            seats=(seats[0], seats[1], seats[2], seats[3]),
            event_table=(live.id, round_no, table_no),
        )
        link = RoomTable(live.id, round_no, match_no, segment, room.value, actor.id)
        await asyncio.to_thread(self.store.team_tables.link, link)
        live.rooms[(round_no, match_no, segment, room)] = actor.id
        self._by_table[actor.id] = link
        return actor.id

    async def _finish_done(self, live: LiveTeamEvent) -> None:
        """Finish the live tables of every segment both rooms have finished (or whose match
        the director ruled, or whose round is over)."""
        state = live.state
        for (round_no, match_no, segment, _room), table_id in list(live.rooms.items()):
            actor = self.tables.get(table_id)
            if actor is None or actor.state.closed:
                continue
            m = state.round(round_no).matches[match_no - 1]
            over = m.is_complete or all(m.board(b).done for b in segment_boards(m, segment))
            if not over:
                continue
            try:
                await actor.submit(None, Finish(f"segment {segment} is over"))
            except Exception:
                log.exception("team event %s: table %s could not be finished", live.id, table_id)
            else:
                self.tables.retire(table_id)

    async def _on_result(self, table_id: int, payload: dict[str, Any]) -> None:
        room = self._by_table.get(table_id)
        if room is None:
            if self._next is not None:
                await self._next(table_id, payload)
            return
        if room.event_id in self._events:
            await self._record(room, payload)

    async def _record(self, room: RoomTable, payload: dict[str, Any]) -> None:
        played, _ = played_from(payload)
        board = int(payload["number"])
        where = Room(room.room)

        def change(state: TeamEvent) -> TeamEvent:
            return record_board(state, room.round, room.match, board, where, played)

        detail = {
            "table_id": room.table_id,
            "round": room.round,
            "match": room.match,
            "room": room.room,
            "board": board,
        }
        try:
            await self.change(room.event_id, "result", detail, change)
        except EventError as e:
            log.info(
                "team event %s: table %s board %s not recorded: %s",
                room.event_id,
                room.table_id,
                board,
                e,
            )

    async def _reconcile(self, room: RoomTable) -> None:
        """Record the results a room's table holds that the event has not (a restart between
        the table's write and the event's)."""
        live = self._events.get(room.event_id)
        if live is None:
            return
        entries = await asyncio.to_thread(self.store.entries, room.table_id)
        for e in entries:
            if e.type != EntryType.BOARD_DONE:
                continue
            with contextlib.suppress(EventError):
                m = live.state.round(room.round).matches[room.match - 1]
                if m.board(int(e.payload["number"])).played_in(Room(room.room)) is None:
                    await self._record(room, e.payload)
