"""The table server under load (``python bench/server/table_bench.py [--tables 10,100,1000]
[--seconds 20] [--think 5] [--robot-delay 0.6] [--deflate] [--profile] [--no-references]``).

In one process, against references:

* reference 1: one-event transactions straight into ``Store.append_entries`` (SQLite, WAL);
* measured 1: actions through a ``TableActor`` (rules check, one transaction, fold, a view for each
  of five connections), four people playing random legal boards;
* reference 2: the same boards' actions through ``qipai.bridge.apply`` alone;
* measured 2: rebuilding the table from its log (what a restart does).

Then many concurrent tables on loopback: the real server (uvicorn, SQLite, ``qipai serve``'s
settings) in its own process, and in this one a scripted person per table (a websocket client
playing South, thinking ``--think`` seconds +-50% before each call or card) with three level-0
robots waiting ``--robot-delay`` before each of theirs (``qipai serve`` waits 0.6 s; 0 with
``--think 1`` is a stress test). Every client connects first, then all play: after a warm-up,
for 10, 100 and 1,000 tables it prints actions per second (every call and card, robots'
included), the latency from a person's action to the event that answers it (p50, p99), and the
server's and the clients' CPU. Nothing asserts on time.

Where the time goes: ``--profile`` runs the server under cProfile (its event loop thread) and
prints the top functions; ``QIPAI_BENCH_DEBUG=1`` makes the server print every 5 s its group
commits, DDS backlog, event-loop lag and full garbage collections (``=objects``: also the
objects alive after a full collection, ``=garbage``: with the collector paused, the objects in
garbage cycles made meanwhile); ``QIPAI_BENCH_NO_ANALYSIS=1`` leaves out the DD analysis of each
finished board; ``QIPAI_BENCH_GC_THRESHOLD=a,b,c`` sets the collector's thresholds instead of
the server's (``700,10,10`` is Python's default); ``QIPAI_BENCH_GC_FREEZE=S`` has the server call
``gc.freeze()`` every S seconds (what a server could do once its tables are loaded: the objects
kept so far are no longer walked by each full collection), to measure what the collector's
pauses cost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from qipai.bridge import Deal, Phase, Seat, apply, legal_cards, new_board
from qipai.server.actor import Subscriber, TableActor, replay
from qipai.server.robots import RobotPool
from qipai.server.table import CallCmd, CardCmd, NextBoard, Occupant, Sit, action_of
from qipai.store import Store, sqlite_url

ACTIONS = 600


def raw_commits(store: Store, table_id: int, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        store.append_entries(table_id, i, [("chat", {"text": "x"})])
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


def references() -> None:
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
        events = store.entries(table_id)
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


# --- many tables on loopback ---------------------------------------------------------------------


def serve(db: str, port: int, profile: str | None, robot_delay: float, deflate: bool) -> None:
    """The server for the load test (run in its own process): ``qipai serve``'s app and uvicorn
    settings, but guests without limits."""
    import uvicorn
    from argon2 import PasswordHasher

    from qipai.server.app import GC_THRESHOLD, create_app

    gc_threshold: tuple[int, int, int] | None = GC_THRESHOLD
    if os.environ.get("QIPAI_BENCH_GC_THRESHOLD"):  # "700,10,10": Python's default
        a, b, c = map(int, os.environ["QIPAI_BENCH_GC_THRESHOLD"].split(","))
        gc_threshold = (a, b, c)

    app = create_app(
        sqlite_url(db),
        password_hasher=PasswordHasher(time_cost=1, memory_cost=64, parallelism=1),
        signup_limit=(10**9, 1.0),
        ws_rate=(1e4, 1e4),
        robot_delay=robot_delay,
        analyse_boards=not os.environ.get("QIPAI_BENCH_NO_ANALYSIS"),
        disconnect_grace=3600.0,  # connecting a thousand players takes a while
        gc_threshold=gc_threshold,
    )
    freeze_every = float(os.environ.get("QIPAI_BENCH_GC_FREEZE") or 0)
    if freeze_every > 0:
        import gc
        import threading

        def freeze() -> None:
            while True:
                time.sleep(freeze_every)
                gc.freeze()

        threading.Thread(target=freeze, daemon=True).start()
    if os.environ.get("QIPAI_BENCH_DEBUG"):
        import gc
        import threading

        pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        began = [0.0]

        def gc_timer(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                began[0] = time.perf_counter()
            else:
                took = time.perf_counter() - began[0]
                pauses[info.get("generation", 2)].append(took)
                if took > 0.02:
                    print(f"[server] slow collection {1000 * took:.0f} ms {info}", flush=True)

        gc.callbacks.append(gc_timer)
        lags: list[float] = []

        def sample_lag() -> None:
            """How long the loop takes to run a callback handed to it, 20 times a second."""
            while True:
                time.sleep(0.05)
                w = app.state.server.tables.writer
                if w._task is None:
                    continue
                done = threading.Event()
                t0 = time.perf_counter()
                w._task.get_loop().call_soon_threadsafe(done.set)
                done.wait(10)
                lags.append(1000 * (time.perf_counter() - t0))

        threading.Thread(target=sample_lag, daemon=True).start()
        writes: list[float] = []
        store = app.state.server.store
        append_batch = store.append_batch

        def timed_append(items: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return append_batch(items)
            finally:
                writes.append(time.perf_counter() - t0)

        store.append_batch = timed_append

        def report() -> None:
            w = app.state.server.tables.writer
            a = app.state.server.tables.analyst
            while True:
                time.sleep(5)
                got, lags[:] = sorted(lags), []
                lag = (
                    f"{got[len(got) // 2]:.0f}/{got[int(0.99 * len(got))]:.0f}/{got[-1]:.0f}"
                    if got
                    else "-"
                )
                gcs = " ".join(
                    f"gen{g} {len(p)}x max {1000 * max(p, default=0.0):.0f} ms"
                    for g, p in pauses.items()
                )
                print(
                    f"[server] batches {w.batches} appends {w.appends} dds backlog {a.backlog}"
                    f" busy {w.busy_seconds:.1f}s loop lag p50/p99/max {lag} ms; {gcs}",
                    flush=True,
                )
                for p in pauses.values():
                    p.clear()
                longest, writes[:] = max(writes, default=0.0), []
                print(f"[server] longest group commit {1000 * longest:.0f} ms", flush=True)
                if os.environ.get("QIPAI_BENCH_DEBUG") == "garbage":
                    from collections import Counter

                    gc.disable()  # every cycle made since the last report, none collected early
                    gc.set_debug(gc.DEBUG_SAVEALL)
                    gc.collect()
                    gc.set_debug(0)
                    kinds = Counter(type(o).__qualname__ for o in gc.garbage)
                    print(f"[server] {len(gc.garbage)} objects in garbage cycles", flush=True)
                    print("[server]", kinds.most_common(14), flush=True)
                    gc.garbage.clear()
                if os.environ.get("QIPAI_BENCH_DEBUG") == "objects":
                    from collections import Counter

                    freed = gc.collect()  # what is left is alive
                    objs = gc.get_objects()
                    print(f"[server] {freed} freed, {len(objs)} tracked objects", flush=True)
                    kinds = Counter(type(o).__qualname__ for o in objs)
                    print("[server]", kinds.most_common(12), flush=True)
                    del objs

        threading.Thread(target=report, daemon=True).start()
    if profile:
        import cProfile
        import signal

        prof = cProfile.Profile()

        def stop(*_: object) -> None:
            prof.disable()
            prof.dump_stats(profile)
            os._exit(0)

        signal.signal(signal.SIGTERM, stop)
        prof.enable()
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=deflate,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Player:
    """A scripted person at South: thinks, then makes the first sensible call or card."""

    def __init__(self, base: str, think: float, rng: random.Random) -> None:
        self.base = base
        self.think = think
        self.rng = rng
        self.latencies: list[float] = []
        self.actions = 0
        self.sent_at: float | None = None
        self.ws: Any = None
        self.last: dict[str, Any] | None = None

    async def setup(self) -> tuple[int, str]:
        import httpx

        async with httpx.AsyncClient(base_url=self.base, timeout=60) as http:
            csrf = (await http.get("/api/me")).json()["csrf"]
            r = await http.post("/api/guest", headers={"x-csrf-token": csrf})
            csrf = r.json()["csrf"]
            r = await http.post(
                "/api/tables",
                json={"robot_level": 0, "seat": "S", "scoring": "MP"},
                headers={"x-csrf-token": csrf},
            )
            r.raise_for_status()
            cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
            return int(r.json()["table"]["id"]), cookie

    async def connect(self, table_id: int, cookie: str) -> None:
        """Open the table's websocket and read the first state."""
        from websockets.asyncio.client import connect

        port = self.base.rsplit(":", 1)[1]
        self.ws = await connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table_id}",
            additional_headers={"Cookie": cookie},
            max_size=2**22,
            ping_interval=None,
            open_timeout=120,
        )
        await self.ws.send(json.dumps({"type": "hello", "since": None}))
        while self.last is None:
            msg = json.loads(await self.ws.recv())
            if msg["type"] == "state":
                self.last = msg

    def worth_reading(self, raw: str) -> bool:
        """Whether a message may concern this player: its turn, the board's end or start, or
        the answer to its action. The client parses nothing else (it shares the cores)."""
        return (
            '"acting":"S"' in raw
            or '"phase":"done"' in raw
            or '"board_started"' in raw
            or '"type":"state"' in raw
            or (self.sent_at is not None and '"robot":false' in raw)
        )

    async def play(self, until: float, counting: list[bool]) -> None:
        """Play until ``until`` (monotonic), from the state read when connecting."""
        ws, msg = self.ws, self.last
        try:
            while time.monotonic() < until:
                if msg is not None:
                    await self.consider(msg, counting)
                    msg = None
                try:
                    raw = await asyncio.wait_for(ws.recv(), until - time.monotonic())
                except TimeoutError:
                    return
                if not isinstance(raw, str):
                    continue
                if not self.worth_reading(raw):  # most events: count them, parse nothing
                    if counting[0] and ('"type":"call"' in raw or '"type":"card"' in raw):
                        self.actions += 1
                    continue
                msg = json.loads(raw)
        finally:
            await ws.close()

    async def consider(self, msg: dict[str, Any], counting: list[bool]) -> None:
        if msg["type"] not in ("state", "event"):
            return
        ev = msg.get("event")
        now = time.perf_counter()
        if ev and ev["type"] in ("call", "card"):
            mine = (ev.get("by") or ev["seat"]) == "S"
            if counting[0]:
                self.actions += 1
                if mine and not ev.get("robot") and self.sent_at is not None:
                    self.latencies.append(now - self.sent_at)
            if mine:
                self.sent_at = None
        if ev and ev["type"] == "board_started":
            self.sent_at = None
        v = msg.get("view")
        if v is None or self.sent_at is not None:
            return
        if v["phase"] == "done":
            await self.ws.send(json.dumps({"type": "next"}))
            self.sent_at = -1.0  # not timed; cleared when the next board starts
            return
        if v["acting"] != "S":
            return
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        if v["phase"] == "auction":
            calls = v["legal_calls"]
            bid = len(v["auction"]) < 4 and self.rng.random() < 0.5
            move = {"type": "call", "call": calls[1] if bid and len(calls) > 1 else "P"}
        else:
            move = {"type": "card", "card": self.rng.choice(v["legal_cards"])}
        self.sent_at = time.perf_counter()
        await self.ws.send(json.dumps(move))


async def load(
    base: str, tables: int, seconds: float, think: float, server_pid: int
) -> dict[str, float]:
    """Make the tables, connect every player, then play: a warm-up, then ``seconds`` counted."""
    rng = random.Random(tables)
    players = [Player(base, think, random.Random(rng.random())) for _ in range(tables)]
    sem = asyncio.Semaphore(50)

    async def setup(p: Player) -> None:
        async with sem:
            table_id, cookie = await p.setup()
            await p.connect(table_id, cookie)

    outcomes = await asyncio.gather(*(setup(p) for p in players), return_exceptions=True)
    failed = [o for o in outcomes if isinstance(o, BaseException)]
    if failed:
        print(f"  {len(failed)} of {tables} clients could not connect: {failed[0]!r}", flush=True)
    playing = [p for p, o in zip(players, outcomes, strict=True) if o is None]
    warmup = min(5.0, 1.0 + tables / 200)
    counting = [False]
    until = time.monotonic() + warmup + seconds
    tasks = [asyncio.create_task(p.play(until, counting)) for p in playing]
    await asyncio.sleep(warmup)
    for p in playing:
        p.latencies.clear()
    counting[0] = True
    start = time.perf_counter()
    counter = InstructionCounter(server_pid)
    cpu0, mine0 = cpu_seconds(server_pid), time.process_time()
    ended = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - start
    server_cpu = (cpu_seconds(server_pid) - cpu0) / elapsed
    instructions = counter.stop()
    client_cpu = (time.process_time() - mine0) / elapsed
    broken = [o for o in ended if isinstance(o, BaseException)]
    if broken:
        print(f"  {len(broken)} clients failed while playing: {broken[0]!r}", flush=True)
    lat = sorted(x for p in playing for x in p.latencies)

    def pct(q: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

    return {
        "actions": sum(p.actions for p in playing) / elapsed,
        "mine": len(lat) / elapsed,
        "p50": pct(0.50),
        "p99": pct(0.99),
        "mean": 1000 * statistics.fmean(lat) if lat else float("nan"),
        "server_cpu": server_cpu,
        "client_cpu": client_cpu,
        "instructions": instructions / elapsed if instructions else float("nan"),
    }


class InstructionCounter:
    """The server's user-space instructions over the counted seconds, from ``perf stat -p``
    where the machine's kernel gives the counter (``perf stat -e instructions true`` tells).
    Unlike CPU seconds, an instruction count hardly moves with what else the machine is doing,
    so before/after runs on a busy machine compare by it."""

    def __init__(self, pid: int) -> None:
        fd, self.path = tempfile.mkstemp(suffix=".perf")
        os.close(fd)
        try:
            self.proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                ["perf", "stat", "-e", "instructions:u", "-x,", "-o", self.path, "-p", str(pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # no perf on this machine
            os.unlink(self.path)
            self.proc = None

    def stop(self) -> float:
        """The count, or 0 where perf is missing or the counter is not supported."""
        if self.proc is None:
            return 0.0
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(30)
        text = Path(self.path).read_text()
        os.unlink(self.path)
        for line in text.splitlines():
            fields = line.split(",")
            if len(fields) > 2 and fields[2].startswith("instructions"):
                try:
                    return float(fields[0])
                except ValueError:  # "<not supported>" or "<not counted>"
                    return 0.0
        return 0.0


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loopback(
    counts: list[int],
    seconds: float,
    think: float,
    profile: bool,
    robot_delay: float,
    deflate: bool,
) -> None:
    print(
        f"\nmany tables on loopback: uvicorn + SQLite in one process, one scripted South per table"
        f" (think {think:.1f} s +-50%), three level-0 robots each (delay {robot_delay} s),"
        f" permessage-deflate {'on' if deflate else 'off'}, {seconds:.0f} s per run"
    )
    print(
        f"{'tables':>7} {'actions/s':>10} {'person/s':>9} {'p50 ms':>8} {'p99 ms':>8}"
        f" {'server CPU':>10} {'ms CPU/action':>14} {'client CPU':>10} {'M instr/action':>14}"
    )
    for n in counts:
        with tempfile.TemporaryDirectory() as tmp:
            port = free_port()
            prof = str(Path(tmp) / "server.prof") if profile else None
            env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
            server = subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--serve",
                    str(Path(tmp) / "bench.db"),
                    str(port),
                    prof or "",
                    str(robot_delay),
                    "1" if deflate else "0",
                ],
                env=env,
            )
            try:
                base = f"http://127.0.0.1:{port}"
                _wait_up(base)
                got = asyncio.run(load(base, n, seconds, think, server.pid))
                cpu, client = got["server_cpu"], got["client_cpu"]
                per_action = 1000 * cpu / got["actions"] if got["actions"] else float("nan")
                actions = got["actions"] or float("nan")
                instr = got["instructions"] / actions / 1e6
                print(
                    f"{n:>7} {got['actions']:>10.0f} {got['mine']:>9.0f} {got['p50']:>8.1f}"
                    f" {got['p99']:>8.1f} {100 * cpu:>9.0f}% {per_action:>14.2f}"
                    f" {100 * client:>9.0f}% {instr:>14.2f}",
                    flush=True,
                )
            finally:
                server.terminate()
                server.wait(30)
            if prof and Path(prof).exists():
                import pstats

                print(f"  where the server's time went, {n} tables (cumulative, top 25):")
                pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


def _wait_up(base: str) -> None:
    import httpx

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/me", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the bench server did not start")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(
            sys.argv[2],
            int(sys.argv[3]),
            sys.argv[4] or None,
            float(sys.argv[5]),
            sys.argv[6] == "1",
        )
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", default="10,100,1000")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--think", type=float, default=5.0)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--robot-delay", type=float, default=0.6)
    ap.add_argument("--deflate", action="store_true", help="negotiate permessage-deflate")
    ap.add_argument("--no-references", action="store_true")
    args = ap.parse_args()
    if not args.no_references:
        references()
    loopback(
        [int(x) for x in args.tables.split(",")],
        args.seconds,
        args.think,
        args.profile,
        args.robot_delay,
        args.deflate,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
