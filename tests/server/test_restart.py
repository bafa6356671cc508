"""Nothing is lost: every unfinished table is rebuilt from its event log when the server starts,
whether it stopped cleanly or was killed with SIGKILL in the middle of a board."""

import contextlib
import json
import signal

import httpx
import pytest
from websockets.sync.client import connect as ws_connect


def test_a_restarted_app_rebuilds_its_tables(db_path, h):
    with h.TestClient(h.make_app(db_path)) as server:
        table_id, players, conns = h.four_at_table(server)
        for seat, call in zip("NESW", ["1S", "P", "2S", "P"], strict=True):
            conns[seat].request({"type": "call", "call": call})
        h.sync_all(conns)
        before = {seat: (c.seq, c.view) for seat, c in conns.items()}
        cookies = {seat: dict(p.client.cookies) for seat, p in players.items()}
        h.close_all()
    with h.TestClient(h.make_app(db_path)) as server:
        for seat, (seq, view) in before.items():
            p = h.Player(server)
            for k, v in cookies[seat].items():
                p.client.cookies.set(k, v)
            conn = p.connect(table_id, since=seq)
            assert conn.state["seq"] == seq and conn.state["since"] == seq
            assert conn.view == view, seat
        h.close_all()


# --- a real server process, killed ----------------------------------------------------------


class Client:
    """A browser against the real server: httpx for HTTP, the websockets package for the table."""

    def __init__(self, server, name):
        self.http = httpx.Client(base_url=server.base, timeout=10)
        self.csrf = self.http.get("/api/me").json()["csrf"]
        r = self.post("/api/register", {"name": name, "password": "correct horse"})
        assert r.status_code == 201, r.text
        self.ws = None
        self.seq = 0
        self.view = None

    def post(self, path, body):
        r = self.http.post(path, json=body, headers={"x-csrf-token": self.csrf})
        self.csrf = r.json().get("csrf", self.csrf)
        return r

    def use(self, server):
        self.http.base_url = server.base
        self.server = server

    def open(self, table_id, since=None):
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        self._cm = ws_connect(
            f"ws://127.0.0.1:{self.server.port}/ws/tables/{table_id}",
            additional_headers={"Cookie": cookie},
            open_timeout=10,
        )
        self.ws = self._cm.__enter__()
        self.send({"type": "hello", "since": since})
        first = self.recv_until(lambda m: m["type"] == "state")
        return first

    def send(self, obj):
        self.ws.send(json.dumps(obj))

    def recv_until(self, done):
        seen = []
        while True:
            msg = json.loads(self.ws.recv(timeout=10))
            seen.append(msg)
            if "seq" in msg:
                self.seq = max(self.seq, msg["seq"])
            if msg.get("view") is not None or msg["type"] == "state":
                self.view = msg.get("view")
            assert msg["type"] != "error", msg
            if done(msg):
                return seen

    def wait_for(self, seq):
        if self.seq < seq:
            self.recv_until(lambda m: m.get("seq", 0) >= seq and "view" in m)

    def close(self):
        if self.ws is not None:
            self._cm.__exit__(None, None, None)
            self.ws = None


@pytest.mark.timeout(120)
def test_kill_9_mid_board_and_every_table_goes_on(tmp_path, h):
    db = tmp_path / "club.db"
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed below
    first = h.ServerProcess(db, log)
    clients = {}
    try:
        for seat, name in zip("NESW", ["ann", "bob", "cat", "dan"], strict=True):
            clients[seat] = Client(first, name)
            clients[seat].use(first)
        r = clients["N"].post("/api/tables", {"robot_level": None, "seat": "N", "scoring": "IMP"})
        table_id = r.json()["table"]["id"]
        for seat in "ESW":
            assert (
                clients[seat].post(f"/api/tables/{table_id}/sit", {"seat": seat}).status_code == 200
            )
        for c in clients.values():
            c.open(table_id)
        # Bid 1NT P 3NT P P P, then the opening lead and dummy's card.
        for call in ["1NT", "P", "3NT", "P", "P", "P"]:
            acting = clients["N"].view["acting"]
            clients[acting].send({"type": "call", "call": call})
            target = clients["N"].seq + 1
            for c in clients.values():
                c.wait_for(target)
        for _ in range(2):
            acting = clients["N"].view["acting"]
            card = clients[acting].view["legal_cards"][0]
            clients[acting].send({"type": "card", "card": card})
            target = clients["N"].seq + 1
            for c in clients.values():
                c.wait_for(target)
        # One more card, seen by its player only, then the kill: what was published was written.
        acting = clients["N"].view["acting"]
        card = clients[acting].view["legal_cards"][0]
        clients[acting].send({"type": "card", "card": card})
        clients[acting].wait_for(clients[acting].seq + 1)
        last_seq = clients[acting].seq
        before = clients[acting].view
        first.kill9()
        assert first.proc.returncode == -signal.SIGKILL
        for c in clients.values():
            c.close()

        second = h.ServerProcess(db, log)
        try:
            for c in clients.values():
                c.use(second)
            assert clients["E"].http.get("/api/me").json()["user"]["name"] == "bob"
            state = clients[acting].open(table_id, since=last_seq)[-1]
            assert state["seq"] == last_seq and state["view"] == before
            assert state["view"]["played"][-1] == card and len(state["view"]["played"]) == 3
            for seat, c in clients.items():
                if seat != acting:
                    msgs = c.open(table_id, since=c.seq)
                    assert msgs[-1]["seq"] == last_seq
            # Play goes on where it stopped.
            nxt = clients["N"].view["acting"]
            card = clients[nxt].view["legal_cards"][0]
            clients[nxt].send({"type": "card", "card": card})
            for c in clients.values():
                c.wait_for(last_seq + 1)
                assert c.view["played"][-1] == card
            lobby = clients["W"].http.get("/api/tables").json()["tables"]
            assert lobby[0]["seats"]["E"]["name"] == "bob" and lobby[0]["in_progress"]
        finally:
            for c in clients.values():
                c.close()
            second.stop()
    finally:
        for c in clients.values():
            c.close()
            c.http.close()
        first.stop()
        log.close()


@pytest.mark.timeout(90)
def test_clients_vanishing_mid_stream_do_not_hurt_the_table(tmp_path, h):
    """Sockets dropped without a close handshake while events stream to them: the sends that
    fail are taken as disconnects; the table, the other players and the log stay clean."""
    log_path = tmp_path / "server.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed below
    server = h.ServerProcess(tmp_path / "club.db", log)
    ann = Client(server, "ann")
    ann.use(server)
    ghosts = []
    try:
        table_id = ann.post("/api/tables", {"robot_level": 0, "seat": "S"}).json()["table"]["id"]
        ann.open(table_id)
        for i in range(6):
            ghost = Client(server, f"ghost{i}")
            ghost.use(server)
            ghost.open(table_id)
            ghosts.append(ghost)
        for ghost in ghosts:
            ghost.ws.socket.close()  # gone, with no close frame
        for i in range(20):
            ann.send({"type": "chat", "text": f"message {i}"})
        ann.recv_until(lambda m: m.get("event", {}).get("text") == "message 19")
        ann.send({"type": "ping", "id": 1})
        ann.recv_until(lambda m: m["type"] == "pong")
        assert ann.http.get("/api/tables").status_code == 200
    finally:
        for c in [ann, *ghosts]:
            with contextlib.suppress(Exception):
                c.close()
            c.http.close()
        server.stop()
        log.close()
    text = log_path.read_text(errors="replace")
    assert "Traceback" not in text and "ERROR" not in text, text[-3000:]
