"""The same server over PostgreSQL: migrations, the event log, and a table rebuilt after a restart.
Runs where a PostgreSQL server answers (``QIPAI_TEST_PG``, by default the local one as root);
each run makes its own database and drops it."""

import os
import secrets

import pytest

from qipai.store import Store, StoreError

ADMIN = os.environ.get("QIPAI_TEST_PG", "postgresql://root@127.0.0.1:5432/postgres")


@pytest.fixture
def pg_url():
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as e:
        pytest.skip(f"no PostgreSQL server: {e}")
    name = f"qipai_test_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield ADMIN.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_the_store_over_postgresql(pg_url):
    store = Store.open(pg_url)
    try:
        u = store.create_user("ann", None, guest=True)
        t = store.create_table(
            name="t",
            owner_id=u.id,
            scoring="IMP",
            robot_level=None,
            private=True,
            invite_token="tok",
            seed="s",
        )
        store.append_events(t.id, 0, [("chat", {"text": "你好 ♠"})])
        with pytest.raises(StoreError):
            store.append_events(t.id, 0, [("chat", {"text": "late"})])
        assert store.events(t.id)[0].payload == {"v": 1, "text": "你好 ♠"}
        assert store.table_by_invite("tok").private
    finally:
        store.close()


def test_a_table_over_postgresql_survives_a_restart(pg_url, h):
    from qipai.server.app import create_app

    def app():
        return create_app(pg_url, password_hasher=h.FAST_HASHER, ws_rate=(1e4, 1e4))

    with h.TestClient(app()) as server:
        table_id, players, conns = h.four_at_table(server)
        conns["N"].request({"type": "call", "call": "1NT"})
        conns["E"].request({"type": "call", "call": "X"})
        h.sync_all(conns)
        seq, view = conns["S"].seq, conns["S"].view
        cookies = dict(players["S"].client.cookies)
        h.close_all()
    with h.TestClient(app()) as server:
        p = h.Player(server)
        for k, v in cookies.items():
            p.client.cookies.set(k, v)
        conn = p.connect(table_id, since=seq)
        assert conn.state["seq"] == seq and conn.view == view
        assert [e["call"] for e in conn.view["auction"]] == ["1NT", "X"]
        h.close_all()
