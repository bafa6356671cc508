"""Fixtures for the server tests: an app over a fresh SQLite file, and players, each with its
own cookies, talking to it over HTTP and the table websocket (Starlette's TestClient)."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
from argon2 import PasswordHasher

with warnings.catch_warnings():
    # Starlette 1.x warns that it prefers httpx2 for its test client; httpx works the same.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import contextlib

from qipai.bridge import Deal, Seat
from qipai.server.app import create_app
from qipai.store import sqlite_url

HERE = str(Path(__file__).parent)
if HERE not in sys.path:  # test modules import browsers.py by name
    sys.path.insert(0, HERE)

from browsers import chromium, serving  # noqa: E402

FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
CARD_RE = re.compile(r"^[SHDC][2-9TJQKA]$")
DEAL_RE = re.compile(r"^[NESW]:\S+ \S+ \S+ \S+$")


def make_app(db: Path, **kw: Any):
    kw.setdefault("password_hasher", FAST_HASHER)
    kw.setdefault("ws_rate", (10_000.0, 10_000.0))
    seeds = itertools.count(1)
    kw.setdefault("table_seeds", lambda: f"test-{next(seeds)}")
    kw.setdefault("board_set_secret", "")  # tests choose board sets by their deals
    return create_app(sqlite_url(db), **kw)


class Conn:
    """One websocket connection, recording every message it receives."""

    _ids = itertools.count(1)

    open: ClassVar[list[Conn]] = []

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        Conn.open.append(self)
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def close(self) -> None:
        if self in Conn.open:
            Conn.open.remove(self)
            with contextlib.suppress(Exception):
                self.ws.__exit__(None, None, None)

    def send(self, obj: Any) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def receive(self) -> dict[str, Any]:
        msg = self.ws.receive_json()
        self.messages.append(msg)
        if msg["type"] in ("state", "event") and "view" in msg:
            self.state = msg
        elif msg["type"] == "table" and self.state is not None:
            self.state = {**self.state, "table": msg["table"]}
        return msg

    def sync(self) -> list[dict[str, Any]]:
        """Every message that arrives before the answer to a ping sent now (but the ``table``
        updates of who is connected, which only refresh ``state``)."""
        n = next(self._ids)
        self.send({"type": "ping", "id": n})
        got = []
        while True:
            msg = self.receive()
            if msg["type"] == "pong" and msg.get("id") == n:
                return got
            if msg["type"] != "table":
                got.append(msg)

    def request(self, obj: dict[str, Any]) -> list[dict[str, Any]]:
        """Send ``obj`` and return what arrives before the next ping's answer."""
        self.send(obj)
        return self.sync()

    @property
    def view(self) -> dict[str, Any] | None:
        return None if self.state is None else self.state["view"]

    @property
    def seq(self) -> int:
        return max((m["seq"] for m in self.messages if "seq" in m), default=0)


class Player:
    """A browser: its own cookie jar, sharing the app's event loop with the other players."""

    def __init__(self, base: TestClient) -> None:
        self.client = TestClient(base.app)
        self.client.portal = base.portal  # the same loop as the app's lifespan and actors
        self.csrf = self.client.get("/api/me").json()["csrf"]
        self.name: str | None = None

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        r = self.client.post(path, json=body or {}, headers={"x-csrf-token": self.csrf})
        if r.headers.get("content-type", "").startswith("application/json"):
            csrf = r.json().get("csrf")
            if csrf:
                self.csrf = csrf
        return r

    def register(self, name: str, password: str = "correct horse") -> Player:
        r = self.post("/api/register", {"name": name, "password": password})
        assert r.status_code == 201, r.text
        self.name = name
        return self

    def create_table(self, **settings: Any) -> int:
        r = self.post("/api/tables", settings)
        assert r.status_code == 201, r.text
        return int(r.json()["table"]["id"])

    def connect(self, table_id: int, since: int | None = None) -> Conn:
        ws = self.client.websocket_connect(f"/ws/tables/{table_id}").__enter__()
        conn = Conn(ws)
        conn.send({"type": "hello", "since": since})
        conn.sync()
        return conn


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "qipai.db"


@pytest.fixture
def server(db_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(db_path)) as client:
        try:
            yield client
        finally:
            close_all()


def close_all() -> None:
    for conn in list(Conn.open):
        conn.close()


@pytest.fixture
def players(server: TestClient):
    """A factory of registered players: ``players("ann", "bob")``."""

    def make(*names: str) -> list[Player]:
        return [Player(server).register(n) for n in names]

    return make


def cards_in(obj: Any) -> set[str]:
    """Every card-like string anywhere in a message."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str) and CARD_RE.match(x):
            found.add(x)
        elif isinstance(x, str) and DEAL_RE.match(x):
            found |= {str(c) for s in Seat for c in Deal.parse(x)[s]}
    return found


def four_at_table(
    server: TestClient, names: tuple[str, ...] = ("ann", "bob", "cat", "dan"), **settings: Any
):
    """A no-robot table with four people seated N, E, S, W (the first made the table), each
    connected; board 1 has started. Returns (table_id, players, conns) by seat letter."""
    ps = [Player(server).register(n) for n in names]
    settings = {"robot_level": None, "scoring": "MP", **settings}
    table_id = ps[0].create_table(seat="N", **settings)
    conns = {}
    for p, seat in zip(ps, "NESW", strict=True):
        if seat != "N":
            r = p.post(f"/api/tables/{table_id}/sit", {"seat": seat})
            assert r.status_code == 200, r.text
    for p, seat in zip(ps, "NESW", strict=True):
        conns[seat] = p.connect(table_id)
        assert conns[seat].state["you"]["seat"] == seat
        assert conns[seat].view is not None
    return table_id, dict(zip("NESW", ps, strict=True)), conns


def sync_all(conns) -> None:
    for c in conns.values():
        c.sync()


def errors(msgs: list[dict[str, Any]]) -> list[str]:
    return [m["message"] for m in msgs if m["type"] == "error"]


def play_calls(conns, calls) -> None:
    """Make ``calls`` in turn, each by the seat to act."""
    for call in calls:
        conn = conns[conns["N"].view["acting"]]
        msgs = conn.request({"type": "call", "call": call})
        assert not errors(msgs), (call, errors(msgs))
        sync_all(conns)


def play_out(conns, cards: int = 52) -> None:
    """Play on (at most ``cards`` cards), each hand its last legal card in turn."""
    while conns["N"].view["phase"] == "play" and cards > 0:
        conn = conns[conns["N"].view["acting"]]
        card = conn.view["legal_cards"][-1]
        msgs = conn.request({"type": "card", "card": card})
        assert not errors(msgs), (card, errors(msgs))
        sync_all(conns)
        cards -= 1


def wait_until(conn: Conn, done: Any, seconds: float = 20.0) -> None:
    """Sync ``conn`` until ``done(conn)`` (robots acting in their own time), at most
    ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done(conn):
        assert time.monotonic() < deadline, "the robots did not act in time"
        conn.sync()
        time.sleep(0.005)


def team_match(server: TestClient, name: str = "队式赛") -> tuple[dict[str, Player], str, Any]:
    """A team event of one match of two boards whose open room is both teams' robots and
    whose closed room is four people (Red's bob and bx NS, Blue's ann and ax EW), directed by
    dan, seated: returns the players by name, the event's API path and the rooms' tables."""
    from qipai.events.teams.roster import robot_member

    names = ("ann", "ax", "bob", "bx", "dan")
    ann, ax, bob, bx, dan = (Player(server).register(n) for n in names)
    r = dan.post("/api/team-events", {"name": name, "format": "teams", "boards": 2})
    assert r.status_code == 201, r.text
    path = f"/api/team-events/{r.json()['id']}"
    for captain, mate, team_name in ((ann, ax, "Blue"), (bob, bx, "Red")):
        body = {"name": team_name, "players": [captain.name, mate.name], "robots": 4}
        assert captain.post(path + "/enter", body).status_code == 200
    assert dan.post(path + "/start").status_code == 200
    for captain, mate, number in ((ann, ax, 1), (bob, bx, 2)):
        body = {
            "open": [robot_member(number, 3), robot_member(number, 4)],
            "closed": [captain.name, mate.name],
        }
        assert captain.post(path + "/lineup", body).status_code == 200, body
    tables = dan.post(path + "/play").json()["rounds"][0]["matches"][0]["tables"]
    return {p.name: p for p in (ann, ax, bob, bx, dan) if p.name}, path, tables


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``qipai serve`` as a real process on a free loopback port."""

    def __init__(self, db, log, *options: str):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "qipai.cli",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(db),
                "--robot-delay",
                "0",
                "--log-level",
                "warning",
                *options,  # after the defaults above, so that they win
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.base + "/api/me", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the server did not start")
            time.sleep(0.1)

    def kill9(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def h():
    """The helpers above, for test modules (which cannot import conftest by name)."""
    import types

    return types.SimpleNamespace(
        Player=Player,
        ServerProcess=ServerProcess,
        close_all=close_all,
        Conn=Conn,
        TestClient=TestClient,
        make_app=make_app,
        four_at_table=four_at_table,
        sync_all=sync_all,
        errors=errors,
        play_calls=play_calls,
        play_out=play_out,
        wait_until=wait_until,
        cards_in=cards_in,
        team_match=team_match,
        FAST_HASHER=FAST_HASHER,
    )


@pytest.fixture
def browser():
    """Debian's Chromium through Playwright (browser tests; see browsers.py)."""
    with chromium() as b:
        yield b


@pytest.fixture
def live(tmp_path, h):
    """``qipai serve`` as a process over a new database, for a browser to visit."""
    with serving(h, tmp_path) as server:
        yield server
