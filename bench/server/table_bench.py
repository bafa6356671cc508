"""The table actor's throughput against the store's raw commit rate, and replay against the
rules core alone (``python bench/server/table_bench.py``).

* reference 1: one-event transactions straight into ``Store.append_events`` (SQLite, WAL);
* measured 1: actions through a ``TableActor`` (rules check, one transaction, fold, a view for each
  of five connections), four people playing random legal boards;
* reference 2: the same boards' actions through ``qipai.bridge.apply`` alone;
* measured 2: rebuilding the table from its log (what a restart does).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from qipai.bridge import Deal, Phase, Seat, apply, legal_cards, new_board
from qipai.server.actor import Subscriber, TableActor, replay
from qipai.server.robots import RobotPool
from qipai.server.table import CallCmd, CardCmd, NextBoard, Occupant, Sit, action_of
from qipai.store import Store, sqlite_url

ACTIONS = 600


def raw_commits(store: Store, table_id: int, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        store.append_events(table_id, i, [("chat", {"text": "x"})])
    return n / (time.perf_counter() - start)


async def actor_actions(store: Store, n: int) -> tuple[float, int]:
    record = store.create_table(
        name="bench",
        owner_id=None,
        scoring="MP",
        robot_level=None,
        private=False,
        invite_token="bench-actor",
        seed="bench",
    )
    users = [store.create_user(f"p{i}", None, guest=True) for i in range(4)]
    actor = TableActor(record, store, RobotPool())
    actor.start()
    people = {seat: Occupant(u.id, u.name) for seat, u in zip(Seat, users, strict=True)}
    for seat, who in people.items():
        await actor.submit(who, Sit(seat))
    subs = [Subscriber(p) for p in people.values()] + [Subscriber(None)]
    for sub in subs:
        actor.attach(sub, None)
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    while done < n:
        board = actor.state.board
        assert board is not None
        if board.phase is Phase.DONE:
            await actor.submit(people[Seat.NORTH], NextBoard())
        else:
            seat = actor.state.acting
            assert seat is not None
            cmd: CallCmd | CardCmd
            if board.phase is Phase.AUCTION:
                cmd = CallCmd(rng.choice(board.auction.legal_calls()[:6]))
            else:
                cmd = CardCmd(rng.choice(legal_cards(board)))
            await actor.submit(people[seat], cmd)
        done += 1
        for sub in subs:  # the connections drain their outboxes
            while not sub.outbox.empty():
                sub.outbox.get_nowait()
    rate = n / (time.perf_counter() - start)
    await actor.stop()
    return rate, record.id


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(sqlite_url(Path(tmp) / "bench.db"))
        ref = store.create_table(
            name="ref",
            owner_id=None,
            scoring="MP",
            robot_level=None,
            private=False,
            invite_token="bench-ref",
            seed="ref",
        )
        commits = raw_commits(store, ref.id, ACTIONS)
        actions, table_id = asyncio.run(actor_actions(store, ACTIONS))
        events = store.events(table_id)
        record = store.table(table_id)
        assert record is not None
        pairs = [(e.type, e.payload) for e in events]
        start = time.perf_counter()
        state = replay(record, pairs)
        replay_rate = len(pairs) / (time.perf_counter() - start)
        assert state.seq == len(pairs)
        # the rules core alone: the same boards, actions already parsed
        boards: list[tuple[object, list[object]]] = []
        for kind, p in pairs:
            if kind == "board_started":
                boards.append((new_board(p["number"], Deal.parse(p["deal"])), []))
            elif kind in ("call", "card"):
                boards[-1][1].append(action_of(kind, p))
        count = sum(len(acts) for _, acts in boards)
        start = time.perf_counter()
        for first, acts in boards:
            b = first
            for a in acts:
                b = apply(b, a)  # type: ignore[arg-type]
        core_rate = count / (time.perf_counter() - start)
        store.close()
    print(f"raw one-event commits (SQLite WAL): {commits:8.0f}/s   (reference)")
    print(f"actions through the table actor:    {actions:8.0f}/s   ratio {actions / commits:.2f}")
    ratio = replay_rate / core_rate
    print(f"rules core alone, same actions:     {core_rate:8.0f}/s   (reference)")
    print(f"replaying the table's log:          {replay_rate:8.0f}/s   ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
