"""One actor per live table: an asyncio task that takes commands from a queue, one at a time.

command -> ``decide`` (the rules, through ``qipai.bridge.apply``) -> append the events to the
table's log in the store -> only then fold them in and publish them, numbered, to every
connection, each with its own view. Robots act inside the actor when it is an empty seat's turn
(or the turn of a seat whose person has been away longer than the grace time). Nothing a command
carries can stop the actor: a refused command answers its sender only.

Presence is kept as stored timestamps (``seats.away_since``), not sleeps: a seated person with no
connection is away from that moment; the server's watcher compares the time with the grace and
has a robot take over, and a restart, finding everyone away since it started, re-arms it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from ..bridge import BoardState, MakeCall, PlayCard, Seat, apply, spectator_view, view
from ..jsontext import dumps
from ..robots import explain
from ..robots.base import Robot, act, is_legal
from ..store import Store, StoreError, TableRecord
from .analysis import Analyst
from .robots import RobotPool
from .serialize import view_json
from .sightings import Sightings
from .table import (
    Command,
    CommandError,
    Event,
    Occupant,
    PlayerReturned,
    RobotTakeover,
    Sit,
    TableState,
    Viewer,
    action_event,
    decide,
    fold,
    public_event,
    robot_claim_answer,
    robot_to_act,
    robot_undo_answer,
    settle,
    viewer_of,
)
from .table_log import EntryType
from .writer import GroupWriter

log = logging.getLogger("qipai.server")

HISTORY = 500
"""Events kept in memory for reconnecting clients; older gaps get a full view instead. They are
kept as JSON text: a thousand tables' histories would otherwise be millions of objects for the
garbage collector to walk (full collections of half a second were measured), and text is not
walked at all."""
RESULTS = 20
"""Finished boards' results kept in memory for the table page (all are in the store)."""
CHAT_HISTORY = 30
QUEUE_LIMIT = 1000
OUTBOX_LIMIT = 1000
STOP_WAIT = 5.0
"""Seconds a stopping actor gives its background work (store writes, analyses) to finish."""


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


def replay(record: TableRecord, events: Iterable[Event]) -> TableState:
    """A table rebuilt from its event log, every bridge event through ``apply``."""
    state = initial_state(record)
    for event in events:
        state = fold(state, event)
    return state


BoardDone = Callable[[int, int], Awaitable[None]]
"""What the actor calls (table id, board number) once a board is over: the analysis warms up."""
ResultListener = Callable[[int, dict[str, Any]], Awaitable[None]]
"""What the actor calls (table id, the ``board_done`` payload) once a board's result is stored:
a tournament records it."""


def initial_state(record: TableRecord) -> TableState:
    return TableState(
        id=record.id,
        seed=record.seed,
        robots=record.robot_level is not None,
        owner_id=record.owner_id,
    )


class TableActor:
    """The live table. ``submit`` queues a command and waits for its outcome; ``attach`` and
    ``detach`` add and remove connections (synchronously, so no event falls between)."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        robots: RobotPool,
        *,
        events: Iterable[Event] = (),
        robot_delay: float = 0.0,
        analyst: Analyst | None = None,
        grace: float = 30.0,
        clock: Callable[[], float] = time.time,
        on_board_done: BoardDone | None = None,
        on_result: ResultListener | None = None,
        writer: GroupWriter | None = None,
        sightings: Sightings | None = None,
    ) -> None:
        self.record = record
        self.store = store
        self.robots = robots
        self.robot_delay = robot_delay
        self.analyst = analyst or Analyst(store)
        self.grace = grace
        self.clock = clock
        self.on_board_done = on_board_done
        self.on_result = on_result
        self.writer = writer
        self.state = initial_state(record)
        self._recent: deque[tuple[int, str, str]] = deque(maxlen=HISTORY)
        """(number, type, payload as JSON) of the latest events."""
        self._results: deque[str] = deque(maxlen=RESULTS)
        self.sightings = sightings if sightings is not None else Sightings()
        """Who has watched which boards of this table's set with all four hands shown."""
        for event in events:
            self._fold_in(fold(self.state, event), event)
        self._queue: asyncio.Queue[tuple[Occupant | None, Command, asyncio.Future[int]]]
        self._queue = asyncio.Queue()
        self._subs: set[Subscriber] = set()
        self._task: asyncio.Task[None] | None = None
        self._robot_stalled_at: int | None = None
        self.away: dict[Seat, datetime] = {Seat.parse(k): v for k, v in record.away.items()}
        """Since when each seated person has had no connection (seats absent: connected)."""
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
            if self.robot_delay > 0 and await self._command_within(self.robot_delay):
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
        if isinstance(command, RobotTakeover) and not self._overdue(command.seat):
            fut.set_result(self.state.seq)  # back in time, or the seat changed hands
            return
        if isinstance(command, Sit) and user is not None:
            refusal = self.sightings.refusal(self.state, user.user_id)
            if refusal is not None:  # they have seen the hands of a board they would play
                fut.set_exception(refusal)
                return
        try:
            await self._commit(decide(self.state, user, command))
        except CommandError as e:
            if not fut.done():
                fut.set_exception(e)
        except Exception:
            log.exception("table %s: command %r failed", self.id, command)
            if not fut.done():
                fut.set_exception(CommandError("internal error: the table is unchanged"))
        else:
            if not fut.done():
                fut.set_result(self.state.seq)

    # -- presence -------------------------------------------------------------------------------

    def _connected(self) -> set[int]:
        return {sub.user_id for sub in self._subs if sub.user_id is not None}

    def presence_changed(self) -> None:
        """Bring ``away`` up to date with who sits and who is connected: a seated person with no
        connection is away from now on (stored); one who connects again is back, and takes the
        seat back from the robot."""
        connected = self._connected()
        now: datetime | None = None
        changed = False
        for seat in Seat:
            occ = self.state.seats[seat]
            if occ is not None and occ.user_id not in connected:
                if seat not in self.away:
                    now = now or self.now()
                    self.away[seat] = now
                    self._store_away(seat, now)
                    changed = True
                continue
            if seat in self.away:
                del self.away[seat]
                changed = True
                if occ is not None:
                    self._store_away(seat, None)
            if occ is not None and seat in self.state.robot_seats:
                self._enqueue(PlayerReturned(seat))
        if changed and self._subs:
            table = self.summary()
            for sub in list(self._subs):
                sub.push({"type": "table", "seq": self.state.seq, "table": table})

    def _store_away(self, seat: Seat, since: datetime | None) -> None:
        self._save(self.store.set_away, self.id, seat.letter, since)

    def _save(self, write: Callable[..., None], *args: object) -> None:
        """Store something beside the log (through the group writer where there is one)."""
        if self._task is None:
            return  # stopped: the store may be closed; a restart re-arms from what it has
        if self.writer is not None:
            self._spawn(self.writer.write(write, *args))
        else:
            self._spawn(asyncio.to_thread(write, *args))

    def _overdue(self, seat: Seat) -> bool:
        since = self.away.get(seat)
        return (
            since is not None
            and self.state.seats[seat] is not None
            and (self.now() - since).total_seconds() >= self.grace
        )

    def check_away(self) -> None:
        """Have a robot take over each seat whose person has been away past the grace time (the
        server's watcher calls this now and then)."""
        if self.state.closed:
            return
        for seat in list(self.away):
            if seat not in self.state.robot_seats and self._overdue(seat):
                self._enqueue(RobotTakeover(seat))

    # -- robots -------------------------------------------------------------------------------

    def _robot_due(self) -> Seat | None:
        if not self._queue.empty() or self._robot_stalled_at == self.state.seq:
            return None
        return robot_to_act(self.state)

    def robot(self) -> Robot | None:
        """The robot of this table's level; at a table without robots, the lowest level (it
        plays only for people away)."""
        level = self.record.robot_level
        if level is None:
            levels = self.robots.levels()
            level = levels[0] if levels else None
        return self.robots.get(level, self.record.scoring) if level is not None else None

    async def _robot_move(self, seat: Seat) -> None:
        state = self.state
        board = state.board
        assert board is not None
        try:
            if state.undo is not None:
                events: list[Event] = robot_undo_answer(state, seat)
            elif board.claim is not None:
                events = await self._robot_claim_answer(state, seat)
            else:
                events = await self._robot_action(state, seat)
            await self._commit(events)
        except Exception:
            log.exception("table %s: the robot at %s could not act", self.id, seat.name)
            self._robot_stalled_at = self.state.seq

    async def _robot_claim_answer(self, state: TableState, seat: Seat) -> list[Event]:
        """A robot defender's answer to a claim (``table.robot_claim_answer``): accepted when
        valid double dummy, else disputed and ruled at once."""
        board = state.board
        assert board is not None and board.claim is not None
        if board.claim.tricks == 0:  # conceding the rest needs no solver
            return robot_claim_answer(state, seat, 0)
        return robot_claim_answer(state, seat, await self.analyst.dd_tricks_left(board))

    async def _robot_action(self, state: TableState, seat: Seat) -> list[Event]:
        board = state.board
        assert board is not None
        robot = self.robot()
        if robot is None:
            raise RuntimeError("no robot level is available (qipai.robots.robot_for)")
        rng = random.Random(f"{state.seed}:{state.board_no}:{state.seq}")
        seen = view(board, seat)
        if getattr(robot, "level", None) == 0:  # rules of thumb, well under a millisecond
            action, explained = _robot_choice(robot, seen, rng, board)
        else:  # searching robots think in a worker thread; the table's loop goes on
            action, explained = await asyncio.to_thread(_robot_choice, robot, seen, rng, board)
        if self.state is not state:
            return []  # cannot happen (the actor is the only writer), but never act on stale
        action = replace(action, seat=seat)
        if explained is not None and isinstance(action, MakeCall):
            action = replace(action, alert=explained[2], explanation=explained[0])
        event = action_event(state, action, robot=True)
        if explained is not None and explained[1]:
            event[1]["explanation_zh"] = explained[1]
        return [event]  # an illegal one raises in ``settle`` (and the robot stalls, logged)

    # -- the log ------------------------------------------------------------------------------

    async def _commit(self, events: list[Event]) -> None:
        """Stamp ``events`` with the time, write them to the store, then fold them in and
        publish them."""
        if not events:
            return
        settled = settle(self.state, events, int(self.clock() * 1000))
        events = [event for event, _ in settled]
        try:
            if self.writer is not None:
                await self.writer.append(self.id, self.state.seq, events)
            else:
                await asyncio.to_thread(self.store.append_events, self.id, self.state.seq, events)
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

    def _fold_in(self, state: TableState, event: Event) -> None:
        self.state = state
        self._recent.append((state.seq, event[0], dumps(event[1])))
        if event[0] == EntryType.BOARD_DONE:
            self._results.append(dumps({k: v for k, v in event[1].items() if k not in ("v", "t")}))

    async def _reload(self) -> None:
        events = await asyncio.to_thread(self.store.events, self.id)
        state = self.state = initial_state(self.record)
        self._recent.clear()
        self._results.clear()
        for e in events:
            event: Event = (e.type, e.payload)
            self._fold_in(fold(state, event), event)
            state = self.state
        for sub in list(self._subs):
            self._send_state(sub)

    # -- connections --------------------------------------------------------------------------

    def _caught_up(self, since: int | None) -> bool:
        """Whether the events after ``since`` are all still held in memory."""
        seq = self.state.seq
        first = self._recent[0][0] if self._recent else seq + 1
        return since is not None and 0 <= since <= seq and since + 1 >= first

    def replay_size(self, since: int | None) -> int:
        """How many events ``attach(sub, since)`` would replay (0: it sends the state alone)."""
        return self.state.seq - since if since is not None and self._caught_up(since) else 0

    def attach(self, sub: Subscriber, since: int | None) -> None:
        """Add a connection: first the events after ``since`` it missed (when still held in
        memory), then its full current state."""
        self._subs.add(sub)
        seat = self.state.seat_of(sub.user_id)
        shown = self.viewer(self.state, sub.user_id).seat
        caught_up = self._caught_up(since)
        if since is not None and caught_up:
            for n, kind, body in self._recent:
                if n > since:
                    sub.push(
                        {
                            "type": "event",
                            "seq": n,
                            "replay": True,
                            "event": public_event((kind, json.loads(body)), shown),
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
    def results(self) -> list[dict[str, Any]]:
        """The latest finished boards' results, oldest first."""
        return [json.loads(r) for r in self._results]

    @property
    def connections(self) -> int:
        return len(self._subs)

    def viewer(self, state: TableState, user_id: int | None) -> Viewer:
        """How a user sees the table (``table.viewer_of``); a watcher shown all four hands of
        a board in play is remembered: they may not sit down to it."""
        seen = viewer_of(state, user_id, see_all=self.record.spectators_see_all)
        if seen.all_hands and user_id is not None and state.in_progress and not state.assigned:
            news = self.sightings.saw(state.seed, user_id, state.board_no, self.id)
            if news is not None:
                self._save(self.store.put_setting, *news)
        return seen

    def _send_state(self, sub: Subscriber, since: int | None = None) -> None:
        st = self.state
        seen = self.viewer(st, sub.user_id)
        chats = [(n, body) for n, kind, body in self._recent if kind == EntryType.CHAT][
            -CHAT_HISTORY:
        ]
        chat = [
            {"seq": n, **public_event((EntryType.CHAT, json.loads(body)), seen.seat)}
            for n, body in chats
        ]
        sub.push(
            {
                "type": "state",
                "seq": st.seq,
                "since": since,
                "table": self.summary(st),
                "you": self._you(sub, seen),
                "view": _view(st, seen),
                "chat": chat,
                "results": self.results,
            }
        )

    def _you(self, sub: Subscriber, seen: Viewer) -> dict[str, Any]:
        seat = seen.seat if seen.seated else None
        return {
            "seat": seat.letter if seat is not None else None,
            "name": sub.user.name if sub.user else None,
            "owner": sub.user_id is not None and sub.user_id == self.record.owner_id,
        }

    def _publish(self, state: TableState, event: Event) -> None:
        cache: dict[Viewer, tuple[dict[str, Any], dict[str, Any] | None]] = {}
        table = self.summary(state)
        for sub in list(self._subs):
            key = self.viewer(state, sub.user_id)
            if key not in cache:
                cache[key] = (public_event(event, key.seat), _view(state, key))
            ev, v = cache[key]
            sub.push(
                {
                    "type": "event",
                    "seq": state.seq,
                    "event": ev,
                    "view": v,
                    "table": table,
                    "you": self._you(sub, key),
                }
            )

    def summary(self, state: TableState | None = None) -> dict[str, Any]:
        """The table for the lobby and the table page: settings, who sits where, the clocks."""
        st = state or self.state
        r = self.record
        seats: dict[str, Any] = {}
        for seat in Seat:
            occ = st.seats[seat]
            if occ is not None:
                seats[seat.letter] = {
                    "name": occ.name,
                    "robot": seat in st.robot_seats,
                    "away": seat in self.away,
                }
            elif st.robots:
                seats[seat.letter] = {"name": None, "robot": True}
            else:
                seats[seat.letter] = None
        return {
            "id": r.id,
            "name": r.name,
            "scoring": r.scoring,
            "robot_level": r.robot_level,
            "private": r.private,
            "board_set": r.board_set,
            "spectators_see_all": r.spectators_see_all,
            "seats": seats,
            "board_no": st.board_no,
            "board_number": st.board.number if st.board is not None else None,
            "tournament": st.tournament,
            "boards_left": st.boards_left,
            "in_progress": st.in_progress,
            "closed": st.closed,
            "paused": st.paused,
            "seq": st.seq,
            "undo": _undo_json(st),
            "clocks": {
                "board": {s.letter: st.clocks[s] for s in Seat},
                "total": {s.letter: st.totals[s] for s in Seat},
                "since": st.turn_since if st.in_progress else None,
                "acting": st.acting.letter if st.acting is not None else None,
                "now": int(self.clock() * 1000),
            },
        }


def _undo_json(st: TableState) -> dict[str, Any] | None:
    """A pending undo: who asks, to take back what, and who has agreed."""
    if st.undo is None:
        return None
    kind, p = st.actions[st.undo.keep]
    return {
        "seat": st.undo.seat.letter,
        "what": p["call"] if kind == EntryType.CALL else p["card"],
        "waiting_for": [s.letter for s in st.undo.waiting_for if s not in st.undo.accepted],
    }


def _wake(waker: asyncio.Future[None] | None) -> None:
    if waker is not None and not waker.done():
        waker.set_result(None)


def _robot_choice(
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


def _view(state: TableState, seen: Viewer) -> dict[str, Any] | None:
    board = state.board
    if board is None:
        return None
    if seen.seat is None:
        return view_json(spectator_view(board, all_hands=seen.all_hands), state.explanations_zh)
    shown = view(board, seen.seat)
    if not seen.seated:  # a player who stood up sees their seat, but acts no more
        shown = replace(shown, legal_calls=(), legal_cards=())
    return view_json(shown, state.explanations_zh)
