"""One actor per live table: an asyncio task that takes commands from a queue, one at a time.

command -> ``decide`` (the rules, through ``qipai.bridge.apply``) -> append the events to the
table's log in the store -> only then fold them in and publish them, numbered, to every
connection, each with its own view. Robots act inside the actor when it is an empty seat's turn.
Nothing a command carries can stop the actor: a refused command answers its sender only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..bridge import MakeCall, PlayCard, Seat, apply, spectator_view, view
from ..robots.base import act, is_legal
from ..store import Store, StoreError, TableRecord
from .robots import RobotPool
from .serialize import view_json
from .table import (
    Command,
    CommandError,
    Event,
    Occupant,
    TableState,
    action_event,
    after_action,
    decide,
    fold,
    public_event,
    robot_to_act,
)

log = logging.getLogger("qipai.server")

HISTORY = 500
"""Events kept in memory for reconnecting clients; older gaps get a full view instead."""
CHAT_HISTORY = 30
QUEUE_LIMIT = 1000
OUTBOX_LIMIT = 1000


class Subscriber:
    """One connection's outbox. A connection that falls too far behind is closed (its client
    reconnects and catches up); the actor never waits on a slow client."""

    def __init__(self, user: Occupant | None, limit: int = OUTBOX_LIMIT) -> None:
        self.user = user
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(limit + 1)
        self._limit = limit
        self.overflowed = False

    @property
    def user_id(self) -> int | None:
        return None if self.user is None else self.user.user_id

    def push(self, message: dict[str, Any]) -> None:
        if self.overflowed:
            return
        if self.outbox.qsize() >= self._limit:
            self.overflowed = True
            self.outbox.put_nowait(None)  # the sender closes the connection
            return
        self.outbox.put_nowait(message)


def replay(record: TableRecord, events: Iterable[Event]) -> TableState:
    """A table rebuilt from its event log, every bridge event through ``apply``."""
    state = initial_state(record)
    for event in events:
        state = fold(state, event)
    return state


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
    ) -> None:
        self.record = record
        self.store = store
        self.robots = robots
        self.robot_delay = robot_delay
        self.state = initial_state(record)
        self._recent: deque[tuple[int, Event]] = deque(maxlen=HISTORY)
        self.results: list[dict[str, Any]] = []
        for event in events:
            self._fold_in(fold(self.state, event), event)
        self._queue: asyncio.Queue[tuple[Occupant | None, Command, asyncio.Future[int]]]
        self._queue = asyncio.Queue()
        self._subs: set[Subscriber] = set()
        self._task: asyncio.Task[None] | None = None
        self._robot_stalled_at: int | None = None

    @property
    def id(self) -> int:
        return self.record.id

    # -- life ---------------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for sub in list(self._subs):
            sub.push({"type": "error", "message": "the server is stopping; reconnect soon"})

    async def submit(self, user: Occupant | None, command: Command) -> int:
        """Run ``command`` for ``user``; the table's event number after it, or CommandError."""
        if self._task is None or self._task.done():
            raise CommandError("this table is not running")
        if self._queue.qsize() >= QUEUE_LIMIT:
            raise CommandError("the table is busy; try again in a moment")
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((user, command, fut))
        return await fut

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
            if self.robot_delay > 0:
                try:
                    item = await asyncio.wait_for(self._queue.get(), self.robot_delay)
                except TimeoutError:
                    pass
                else:
                    await self._handle(*item)
                    return
            await self._robot_move(seat)
            return
        await self._handle(*await self._queue.get())

    async def _handle(
        self, user: Occupant | None, command: Command, fut: asyncio.Future[int]
    ) -> None:
        if fut.done():  # the sender has gone
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

    # -- robots -------------------------------------------------------------------------------

    def _robot_due(self) -> Seat | None:
        if not self._queue.empty() or self._robot_stalled_at == self.state.seq:
            return None
        return robot_to_act(self.state)

    async def _robot_move(self, seat: Seat) -> None:
        state = self.state
        board = state.board
        assert board is not None
        try:
            if board.claim is not None:
                events: list[Event] = await asyncio.to_thread(self._robot_claim_answer, state, seat)
            else:
                events = await self._robot_action(state, seat)
            await self._commit(events)
        except Exception:
            log.exception("table %s: the robot at %s could not act", self.id, seat.name)
            self._robot_stalled_at = self.state.seq

    def _robot_claim_answer(self, state: TableState, seat: Seat) -> list[Event]:
        """A robot defender answers a claim: with the robot's own judgement where it has one
        (``accept_claim(view, tricks)``); otherwise it disputes, and play goes on."""
        board = state.board
        assert board is not None and board.claim is not None
        level = self.record.robot_level
        robot = self.robots.get(level) if level is not None else None
        judge = getattr(robot, "accept_claim", None)
        accept = bool(judge(view(board, seat), board.claim.tricks)) if judge else False
        event: Event = ("claim_response", {"seat": seat.letter, "accept": accept, "robot": True})
        return [event, *after_action(fold(state, event))]

    async def _robot_action(self, state: TableState, seat: Seat) -> list[Event]:
        board = state.board
        assert board is not None
        level = self.record.robot_level
        robot = self.robots.get(level) if level is not None else None
        if robot is None:
            raise RuntimeError(f"robot level {level} is not available (qipai.robots.robot_for)")
        rng = random.Random(f"{state.seed}:{state.board_no}:{state.seq}")
        seen = view(board, seat)
        candidates = await asyncio.to_thread(robot.choose, seen, rng)
        if self.state is not state:
            return []  # cannot happen (the actor is the only writer), but never act on stale
        chosen: MakeCall | PlayCard | None = None
        zh = ""
        for cand in candidates:
            if isinstance(cand.action, MakeCall | PlayCard) and is_legal(seen, cand.action):
                chosen, zh = cand.action, cand.explanation_zh
                break
        if chosen is None:  # the robots' own fallback (Pass, or the first legal card)
            log.warning("table %s: the robot at %s offered nothing legal", self.id, seat.name)
            chosen = await asyncio.to_thread(act, robot, seen, rng)
        action = replace(chosen, seat=seat)
        apply(board, action)  # raises (and the robot stalls, logged) if it is not legal
        event = action_event(state, action, robot=True)
        if isinstance(action, MakeCall) and action.explanation and zh:
            event[1]["explanation_zh"] = zh
        return [event, *after_action(fold(state, event))]

    # -- the log ------------------------------------------------------------------------------

    async def _commit(self, events: list[Event]) -> None:
        """Write ``events`` to the store, then fold them in and publish them."""
        if not events:
            return
        states: list[TableState] = []
        s = self.state
        for event in events:
            s = fold(s, event)
            states.append(s)
        try:
            await asyncio.to_thread(self.store.append_events, self.id, self.state.seq, events)
        except StoreError:
            log.exception("table %s: the log moved on elsewhere; reloading", self.id)
            await self._reload()
            raise CommandError("the table changed meanwhile: try again") from None
        except Exception:
            log.exception("table %s: could not write events", self.id)
            raise CommandError("could not save: the table is unchanged, try again") from None
        for event, after in zip(events, states, strict=True):
            self._fold_in(after, event)
            self._publish(after, event)

    def _fold_in(self, state: TableState, event: Event) -> None:
        self.state = state
        self._recent.append((state.seq, event))
        if event[0] == "board_done":
            self.results.append({k: v for k, v in event[1].items() if k != "v"})

    async def _reload(self) -> None:
        events = await asyncio.to_thread(self.store.events, self.id)
        state = self.state = initial_state(self.record)
        self._recent.clear()
        self.results.clear()
        for e in events:
            event: Event = (e.type, e.payload)
            self._fold_in(fold(state, event), event)
            state = self.state
        for sub in list(self._subs):
            self._send_state(sub)

    # -- connections --------------------------------------------------------------------------

    def attach(self, sub: Subscriber, since: int | None) -> None:
        """Add a connection: first the events after ``since`` it missed (when still held in
        memory), then its full current state."""
        self._subs.add(sub)
        seq = self.state.seq
        seat = self.state.seat_of(sub.user_id)
        first = self._recent[0][0] if self._recent else seq + 1
        caught_up = since is not None and 0 <= since <= seq and since + 1 >= first
        if since is not None and caught_up:
            for n, event in self._recent:
                if n > since:
                    sub.push(
                        {
                            "type": "event",
                            "seq": n,
                            "replay": True,
                            "event": public_event(event, seat),
                        }
                    )
        self._send_state(sub, since if caught_up else None)

    def detach(self, sub: Subscriber) -> None:
        self._subs.discard(sub)

    @property
    def connections(self) -> int:
        return len(self._subs)

    def _send_state(self, sub: Subscriber, since: int | None = None) -> None:
        st = self.state
        seat = st.seat_of(sub.user_id)
        chat = [{"seq": n, **public_event(e, seat)} for n, e in self._recent if e[0] == "chat"][
            -CHAT_HISTORY:
        ]
        sub.push(
            {
                "type": "state",
                "seq": st.seq,
                "since": since,
                "table": self.summary(st),
                "you": self._you(sub, seat),
                "view": _view(st, seat),
                "chat": chat,
                "results": self.results[-20:],
            }
        )

    def _you(self, sub: Subscriber, seat: Seat | None) -> dict[str, Any]:
        return {
            "seat": seat.letter if seat is not None else None,
            "name": sub.user.name if sub.user else None,
            "owner": sub.user_id is not None and sub.user_id == self.record.owner_id,
        }

    def _publish(self, state: TableState, event: Event) -> None:
        cache: dict[Seat | None, tuple[dict[str, Any], dict[str, Any] | None]] = {}
        table = self.summary(state)
        for sub in list(self._subs):
            seat = state.seat_of(sub.user_id)
            if seat not in cache:
                cache[seat] = (public_event(event, seat), _view(state, seat))
            ev, v = cache[seat]
            sub.push(
                {
                    "type": "event",
                    "seq": state.seq,
                    "event": ev,
                    "view": v,
                    "table": table,
                    "you": self._you(sub, seat),
                }
            )

    def summary(self, state: TableState | None = None) -> dict[str, Any]:
        """The table for the lobby and the table page: settings, who sits where."""
        st = state or self.state
        r = self.record
        seats: dict[str, Any] = {}
        for seat in Seat:
            occ = st.seats[seat]
            if occ is not None:
                seats[seat.letter] = {"name": occ.name, "robot": False}
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
            "seats": seats,
            "board_no": st.board_no,
            "in_progress": st.in_progress,
            "closed": st.closed,
            "seq": st.seq,
        }


def _view(state: TableState, seat: Seat | None) -> dict[str, Any] | None:
    board = state.board
    if board is None:
        return None
    seen = view(board, seat) if seat is not None else spectator_view(board)
    return view_json(seen, state.explanations_zh)
