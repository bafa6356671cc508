"""One actor per live table: an asyncio task that takes commands from a queue, one at a time.

command -> ``decide`` (the rules, through ``qipai.bridge.apply``) -> append the entries to the
table's log in the store -> only then fold them in and publish them, numbered, to every
connection, each with its own view. Robots act inside the actor when it is an empty seat's turn
(or the turn of a seat whose person has been away longer than the grace time). Nothing a command
carries can stop the actor: a refused command answers its sender only.

The actor is the queue, the commit and the publishing; it composes the rest, each in its own
module: the game (``game.Game``: bridge's rules, log, views and summary), the reconnect history
(``history.History``), presence and grace (``presence.Presence``: stored away times, not
sleeps; a restart re-arms them) and the robot seat (``robot_seat.RobotSeat``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..bridge import Seat
from ..store import Store, StoreError, TableRecord
from .analysis import Analyst
from .game import BRIDGE, BridgeGame
from .history import CHAT_HISTORY, History
from .presence import Presence
from .protocol import PROTOCOL_VERSION
from .robots import RobotPool
from .sightings import Sightings
from .table import (
    Command,
    CommandError,
    PlayerReturned,
    RobotTakeover,
    SeatAnswerCmd,
    Sit,
    seat_request,
)
from .table_json import you_json
from .table_log import EntryType
from .table_state import Entry, Occupant, TableState, Viewer
from .writer import GroupWriter

log = logging.getLogger("qipai.server")

QUEUE_LIMIT = 1000
OUTBOX_LIMIT = 1000
STOP_WAIT = 5.0
"""Seconds a stopping actor gives its background work (store writes, analyses) to finish."""


def for_the_owner(refusal: CommandError, command: Command) -> CommandError:
    """``refusal`` of a seat, said to the owner when it answers their yes to a request to sit
    (the reason is the asker's, not theirs)."""
    if isinstance(command, SeatAnswerCmd):
        return CommandError(f"the one asking may not sit yet: {refusal}")
    return refusal


@dataclass(frozen=True, slots=True)
class Hangup:
    """The last item of an outbox: the connection is closed with this code and reason."""

    code: int
    reason: str


BEHIND = Hangup(1013, "too far behind: reconnect")
LOGGED_OUT = Hangup(4401, "logged out")


class Subscriber:
    """One connection's outbox. A connection that falls too far behind is closed (its client
    reconnects and catches up); the actor never waits on a slow client."""

    def __init__(self, user: Occupant | None, limit: int = OUTBOX_LIMIT) -> None:
        self.user = user
        self.outbox: asyncio.Queue[dict[str, Any] | Hangup] = asyncio.Queue(limit + 1)
        self._limit = limit
        self.hung_up = False

    @property
    def user_id(self) -> int | None:
        return None if self.user is None else self.user.user_id

    def push(self, message: dict[str, Any]) -> None:
        if self.hung_up:
            return
        if self.outbox.qsize() >= self._limit:
            self.hang_up(BEHIND)
            return
        self.outbox.put_nowait(message)

    def hang_up(self, why: Hangup) -> None:
        """Close the connection once what is queued before has been sent."""
        if not self.hung_up:
            self.hung_up = True
            self.outbox.put_nowait(why)  # the sender closes the connection


def replay(record: TableRecord, events: Iterable[Entry], game: BridgeGame = BRIDGE) -> TableState:
    """A table rebuilt from its log, every bridge entry through ``apply``."""
    state = game.initial(record)
    for event in events:
        state = game.fold(state, event)
    return state


BoardDone = Callable[[int, int], Awaitable[None]]
"""What the actor calls (table id, board number) once a board is over: the analysis warms up."""
ResultListener = Callable[[int, dict[str, Any]], Awaitable[None]]
"""What the actor calls (table id, the ``board_done`` payload) once a board's result is stored:
an event records it."""


async def answer(
    fut: asyncio.Future[int],
    work: Callable[[], Awaitable[None]],
    seq: Callable[[], int],
    failed: str,
) -> None:
    """Do ``work`` and answer its sender's ``fut``: the table's entry number after it, the
    CommandError saying why it was refused, or (a bug, logged as ``failed``) an internal
    error with the table unchanged. A sender that has gone is not answered."""
    try:
        await work()
    except CommandError as e:
        if not fut.done():
            fut.set_exception(e)
    except Exception:
        log.exception("%s", failed)
        if not fut.done():
            fut.set_exception(CommandError("internal error: the table is unchanged"))
    else:
        if not fut.done():
            fut.set_result(seq())


def initial_state(record: TableRecord) -> TableState:
    """A new table's state, before any log entry."""
    return BRIDGE.initial(record)


class TableActor:
    """The live table. ``submit`` queues a command and waits for its outcome; ``attach`` and
    ``detach`` add and remove connections (synchronously, so no event falls between)."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        robots: RobotPool,
        *,
        events: Iterable[Entry] = (),
        robot_delay: float = 0.0,
        analyst: Analyst | None = None,
        grace: float = 30.0,
        clock: Callable[[], float] = time.time,
        on_board_done: BoardDone | None = None,
        on_result: ResultListener | None = None,
        writer: GroupWriter | None = None,
        sightings: Sightings | None = None,
        game: BridgeGame = BRIDGE,
    ) -> None:
        self.record = record
        self.store = store
        self.game = game
        self.clock = clock
        self.on_board_done = on_board_done
        self.on_result = on_result
        self.writer = writer
        self.robot_seat = game.robot_seat(record, robots, analyst or Analyst(store), robot_delay)
        self.presence = Presence(
            {Seat.parse(k): v for k, v in record.away.items()}, grace, self.now
        )
        self.history = History()
        self.state = game.initial(record)
        self.sightings = sightings if sightings is not None else Sightings()
        """Who has watched which boards of this table's set with all four hands shown."""
        for event in events:
            self._fold_in(game.fold(self.state, event), event)
        self._queue: asyncio.Queue[tuple[Occupant | None, Command, asyncio.Future[int]]]
        self._queue = asyncio.Queue()
        self._subs: set[Subscriber] = set()
        self._task: asyncio.Task[None] | None = None
        self._queued: set[Command] = set()
        self._waker: asyncio.Future[None] | None = None
        """Set while a robot's delay runs: a command arriving wakes the actor."""
        self._background: set[asyncio.Future[Any]] = set()
        self._optional: set[asyncio.Future[Any]] = set()

    @property
    def id(self) -> int:
        return self.record.id

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    # -- life ---------------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")
            self.presence_changed()

    async def stop(self, farewell: str = "the server is stopping; reconnect soon") -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        writes = [t for t in self._background if t not in self._optional]
        if writes:  # let store writes in flight finish, briefly; analyses can be redone
            await asyncio.wait(writes, timeout=STOP_WAIT)
        for bg in list(self._background):
            bg.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await bg
        for sub in list(self._subs):
            sub.push({"type": "error", "message": farewell})

    async def submit(self, user: Occupant | None, command: Command) -> int:
        """Run ``command`` for ``user``; the table's event number after it, or CommandError."""
        if self._task is None or self._task.done():
            raise CommandError("this table is not running")
        if self._queue.qsize() >= QUEUE_LIMIT:
            raise CommandError("the table is busy; try again in a moment")
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue_put((user, command, fut))
        return await fut

    def _enqueue(self, command: RobotTakeover | PlayerReturned) -> None:
        """Queue one of the server's own commands, once, without waiting for it."""
        if command in self._queued or self._task is None:
            return
        self._queued.add(command)
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        fut.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._queue_put((None, command, fut))

    def _spawn(self, coro: Awaitable[Any], *, optional: bool = False) -> None:
        """Run ``coro`` beside the actor; a stopping actor waits for it unless ``optional``."""
        task = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        if optional:
            self._optional.add(task)
            task.add_done_callback(self._optional.discard)

    async def _run(self) -> None:
        while True:
            try:
                await self._step()
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug must not stop the table: log it, go on
                log.exception("table %s: the actor hit an error", self.id)
                await asyncio.sleep(0.1)

    async def _step(self) -> None:
        """One command, or one robot's move when a robot is due and no command waits."""
        seat = self._robot_due()
        if seat is not None:
            delay = self.robot_seat.delay
            if delay > 0 and await self._command_within(delay):
                await self._handle(*self._queue.get_nowait())
                return
            await self._robot_move(seat)
            return
        await self._handle(*await self._queue.get())

    async def _command_within(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a command; whether one is queued. (A timer and a future:
        ``asyncio.wait_for`` on the queue made and cancelled a task for every robot's move.)"""
        if self._queue.empty():
            loop = asyncio.get_running_loop()
            self._waker = waker = loop.create_future()
            timer = loop.call_later(seconds, _wake, waker)
            try:
                await waker
            finally:
                timer.cancel()
                self._waker = None
        return not self._queue.empty()

    def _queue_put(self, item: tuple[Occupant | None, Command, asyncio.Future[int]]) -> None:
        self._queue.put_nowait(item)
        _wake(self._waker)

    async def _handle(
        self, user: Occupant | None, command: Command, fut: asyncio.Future[int]
    ) -> None:
        try:
            await self._handle_one(user, command, fut)
        finally:  # whatever went wrong, the sender is answered (never left waiting)
            if not fut.done():
                fut.set_exception(CommandError("internal error: the table is unchanged"))

    async def _handle_one(
        self, user: Occupant | None, command: Command, fut: asyncio.Future[int]
    ) -> None:
        self._queued.discard(command)
        if fut.done():  # the sender has gone
            return
        if isinstance(command, RobotTakeover) and not self.presence.overdue(
            self.state, command.seat
        ):
            fut.set_result(self.state.seq)  # back in time, or the seat changed hands
            return
        sitting = self.who_sits(None if user is None else user.user_id, command)
        if sitting is not None:
            refusal = self.sightings.refusal(self.state, sitting)
            if refusal is not None:  # they have seen the hands of a board they would play
                fut.set_exception(for_the_owner(refusal, command))
                return
        await answer(
            fut,
            lambda: self._commit(self.game.decide(self.state, user, command)),
            lambda: self.state.seq,
            f"table {self.id}: command {command!r} failed",
        )

    def who_sits(self, user_id: int | None, command: Command) -> int | None:
        """Who ``command`` would seat: the sender of a ``Sit``, or the one a consent table's
        owner lets sit (they may have watched all four hands while they waited)."""
        if isinstance(command, Sit):
            return user_id
        if isinstance(command, SeatAnswerCmd) and command.accept:
            request = seat_request(self.state, command.seat)
            return None if request is None else request.user.user_id
        return None

    # -- presence -------------------------------------------------------------------------------

    def _connected(self) -> set[int]:
        return {sub.user_id for sub in self._subs if sub.user_id is not None}

    def presence_changed(self) -> None:
        """Bring presence up to date with who sits and who is connected: a seated person with
        no connection is away from now on (stored); one who connects again is back, and takes
        the seat back from the robot."""
        change = self.presence.update(self.state, self._connected())
        for seat, since in change.stored:
            self._save(self.store.set_away, self.id, seat.letter, since)
        for seat in change.returned:
            self._enqueue(PlayerReturned(seat))
        if change.changed and self._subs:
            table = self.summary()
            for sub in list(self._subs):
                sub.push({"type": "table", "seq": self.state.seq, "table": table})

    def _save(self, write: Callable[..., None], *args: object) -> None:
        """Store something beside the log (through the group writer where there is one)."""
        if self._task is None:
            return  # stopped: the store may be closed; a restart re-arms from what it has
        if self.writer is not None:
            self._spawn(self.writer.write(write, *args))
        else:
            self._spawn(asyncio.to_thread(write, *args))

    def check_away(self) -> None:
        """Have a robot take over each seat whose person has been away past the grace time (the
        server's watcher calls this now and then)."""
        for seat in self.presence.takeovers(self.state):
            self._enqueue(RobotTakeover(seat))

    # -- robots -------------------------------------------------------------------------------

    def _robot_due(self) -> Seat | None:
        if not self._queue.empty():
            return None
        return self.robot_seat.due(self.state)

    async def _robot_move(self, seat: Seat) -> None:
        """The robot at ``seat`` moves (its entries committed); a failure stalls the robots
        here, logged."""
        try:
            await self._commit(await self.robot_seat.move(self.state, seat, lambda: self.state))
        except Exception:
            log.exception("table %s: the robot at %s could not act", self.id, seat.name)
            self.robot_seat.stalled_at = self.state.seq

    # -- the log ------------------------------------------------------------------------------

    async def _commit(self, events: list[Entry]) -> None:
        """Stamp ``events`` with the time, write them to the store, then fold them in and
        publish them."""
        if not events:
            return
        settled = self.game.settle(self.state, events, int(self.clock() * 1000))
        events = [event for event, _ in settled]
        try:
            if self.writer is not None:
                await self.writer.append(self.id, self.state.seq, events)
            else:
                await asyncio.to_thread(self.store.append_entries, self.id, self.state.seq, events)
        except StoreError:
            log.exception("table %s: the log moved on elsewhere; reloading", self.id)
            await self._reload()
            raise CommandError("the table changed meanwhile: try again") from None
        except Exception:
            log.exception("table %s: could not write events", self.id)
            raise CommandError("could not save: the table is unchanged, try again") from None
        seating = False
        for event, after in settled:
            self._fold_in(after, event)
            self._publish(after, event)
            seating = seating or event[0] in (EntryType.SEATED, EntryType.STOOD)
            if event[0] == EntryType.BOARD_DONE and self.on_board_done is not None:
                board_no = int(event[1]["board_no"])
                self._spawn(self.on_board_done(self.id, board_no), optional=True)
            if event[0] == EntryType.BOARD_DONE and self.on_result is not None:
                self._spawn(self.on_result(self.id, event[1]))
        if seating:
            self.presence_changed()

    def _fold_in(self, state: TableState, event: Entry) -> None:
        self.state = state
        self.history.add(state.seq, event)

    async def _reload(self) -> None:
        events = await asyncio.to_thread(self.store.entries, self.id)
        state = self.state = self.game.initial(self.record)
        self.history.clear()
        for e in events:
            event: Entry = (e.type, e.payload)
            self._fold_in(self.game.fold(state, event), event)
            state = self.state
        for sub in list(self._subs):
            self._send_state(sub)

    # -- connections --------------------------------------------------------------------------

    def replay_size(self, since: int | None) -> int:
        """How many events ``attach(sub, since)`` would replay (0: it sends the state alone)."""
        held = since is not None and self.history.holds_since(since, self.state.seq)
        return self.state.seq - since if since is not None and held else 0

    def attach(self, sub: Subscriber, since: int | None) -> None:
        """Add a connection: first the events after ``since`` it missed (when still held in
        memory), then its full current state."""
        self._subs.add(sub)
        seat = self.state.seat_of(sub.user_id)
        shown = self.viewer(self.state, sub.user_id).seat
        caught_up = self.history.holds_since(since, self.state.seq)
        if since is not None and caught_up:
            for n, entry in self.history.after(since):
                sub.push(
                    {
                        "type": "event",
                        "seq": n,
                        "replay": True,
                        "event": self.game.public_entry(entry, shown),
                    }
                )
        self._send_state(sub, since if caught_up else None)
        if seat is not None:
            self.presence_changed()

    def hang_up_on(self, user_id: int, why: Hangup) -> None:
        """Close every connection of ``user_id`` here (logged out: their session is gone)."""
        for sub in list(self._subs):
            if sub.user_id == user_id:
                sub.hang_up(why)

    def detach(self, sub: Subscriber) -> None:
        if sub in self._subs:
            self._subs.discard(sub)
            if self.state.seat_of(sub.user_id) is not None:
                self.presence_changed()

    def watched_by(self, user_id: int) -> bool:
        """Whether ``user_id`` has a connection here without sitting here."""
        return self.state.seat_of(user_id) is None and any(
            sub.user_id == user_id for sub in self._subs
        )

    @property
    def connections(self) -> int:
        return len(self._subs)

    def viewer(self, state: TableState, user_id: int | None) -> Viewer:
        """How a user sees the table (``table.viewer_of``); a watcher shown all four hands of
        a board in play is remembered: they may not sit down to it."""
        seen = self.game.viewer(state, user_id, self.record.spectators_see_all)
        if seen.all_hands and user_id is not None and state.in_progress and not state.assigned:
            news = self.sightings.saw(state.seed, user_id, state.board_no, self.id)
            if news is not None:
                self._save(self.store.put_setting, *news)
        return seen

    def _send_state(self, sub: Subscriber, since: int | None = None) -> None:
        st = self.state
        seen = self.viewer(st, sub.user_id)
        chat = [
            {"seq": n, **self.game.public_entry(entry, seen.seat)}
            for n, entry in self.history.chat(CHAT_HISTORY)
        ]
        sub.push(
            {
                "type": "state",
                "protocol": PROTOCOL_VERSION,
                "seq": st.seq,
                "since": since,
                "table": self.summary(st),
                "you": you_json(sub.user, self.record.owner_id, seen),
                "view": self.game.view(st, seen),
                "chat": chat,
                "results": self.history.results,
            }
        )

    def _publish(self, state: TableState, event: Entry) -> None:
        cache: dict[Viewer, tuple[dict[str, Any], dict[str, Any] | None]] = {}
        table = self.summary(state)
        game = self.game
        for sub in list(self._subs):
            key = self.viewer(state, sub.user_id)
            if key not in cache:
                cache[key] = (game.public_entry(event, key.seat), game.view(state, key))
            ev, v = cache[key]
            sub.push(
                {
                    "type": "event",
                    "seq": state.seq,
                    "event": ev,
                    "view": v,
                    "table": table,
                    "you": you_json(sub.user, self.record.owner_id, key),
                }
            )

    def summary(self, state: TableState | None = None) -> dict[str, Any]:
        """The table for the lobby and the table page: settings, who sits where, the clocks."""
        return self.game.summary(
            self.record, state or self.state, self.presence.away, int(self.clock() * 1000)
        )


def _wake(waker: asyncio.Future[None] | None) -> None:
    if waker is not None and not waker.done():
        waker.set_result(None)
