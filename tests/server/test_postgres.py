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


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, tmp_path):
    if request.param == "sqlite":
        from qipai.store import sqlite_url

        store = Store.open(sqlite_url(tmp_path / "q.db"))
        yield store
        store.close()
        return
    url = request.getfixturevalue("pg_url")
    store = Store.open(url)
    yield store
    store.close()


def test_events_are_stored_whole_with_their_log_and_awards(any_store):
    """An event's state is replaced only from the version read (a stale writer is refused),
    its log grows line by line, its tables are linked with them, and masterpoints are
    awarded once per player."""
    from datetime import UTC, datetime

    store = any_store
    when = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
    director = store.create_user("td", None, guest=False)
    rec = store.tournaments.create(
        kind="swiss",
        name="周二",
        director_id=director.id,
        status="registration",
        state="{}",
        starts_at=when,
        log=("created", {"by": "td"}),
    )
    assert rec.version == 1 and store.tournaments.get(rec.id).starts_at == when
    v2 = store.tournaments.save(
        rec.id, 1, status="running", state='{"x": 1}', log=[("clock", {"at": "t"})]
    )
    with pytest.raises(StoreError):
        store.tournaments.save(rec.id, 1, status="running", state='{"x": 2}', log=[])
    assert store.tournaments.get(rec.id).state == '{"x": 1}'
    table = store.create_table(
        name="R1 T1",
        owner_id=None,
        scoring="IMP",
        robot_level=0,
        private=False,
        invite_token="t1",
        seed="event:1:round 1",
        tournament=(rec.id, 1, 1),
    )
    assert store.tournaments.tables(rec.id) == {(1, 1): table.id}
    awards = [("ann", 1, 3), ("bob", 1, 3)]
    v3 = store.tournaments.save(rec.id, v2, status="finished", state="{}", log=[], awards=awards)
    store.tournaments.save(rec.id, v3, status="finished", state="{}", log=[], awards=awards)
    assert [(a.player, a.points, a.tournament) for a in store.tournaments.awards("ann")] == [
        ("ann", 3, "周二")
    ]
    assert [kind for _, kind, _, _ in store.tournaments.log(rec.id)] == ["created", "clock"]
    assert [r.id for r in store.tournaments.listing(["finished"])] == [rec.id]
    assert store.tournaments.listing(["running"]) == []


def test_names_are_matched_by_their_key_on_postgresql(pg_url):
    store = Store.open(pg_url)
    try:
        ann = store.create_user("Änn", None, guest=False)
        for other in ("änn", "ÄNN", "Ä\uff4e\uff4e"):
            with pytest.raises(StoreError):
                store.create_user(other, None, guest=False)
        assert store.user_by_name("äNN").id == ann.id
        assert store.user_by_name("straße") is None
        store.create_user("Straße", None, guest=False)
        assert store.user_by_name("STRASSE").name == "Straße"
    finally:
        store.close()


def test_bad_input_is_a_4xx_on_postgresql_too(pg_url, h):
    from qipai.server.app import create_app

    app = create_app(pg_url, password_hasher=h.FAST_HASHER, ws_rate=(1e4, 1e4))
    with h.TestClient(app) as server:
        p = h.Player(server).register("Änn")
        r = h.Player(server).post("/api/login", {"name": "äNN", "password": "correct horse"})
        assert r.status_code == 200 and r.json()["user"]["name"] == "Änn"
        assert p.post("/api/tables", {"name": "a\x00b"}).status_code == 400
        assert p.post("/api/events/1/register", {"partner": "x\x00"}).status_code == 400
        assert p.client.get("/api/players/a%00b").status_code == 404
        assert p.client.get(f"/api/tables/{'9' * 25}").status_code == 404
        r = h.Player(server).post("/api/register", {"name": "ÄNN", "password": "long enough"})
        assert r.status_code == 409
        h.close_all()


def test_team_events_are_stored_with_their_rooms_tables(any_store):
    """A team event is an event row (kind ``team:...``) whose JSON reads back equal; each
    room of a match is linked to its table once (a second link of the room is refused)."""
    from datetime import UTC, datetime

    from sqlalchemy.exc import IntegrityError

    from qipai.events.teams import TeamEventSettings, TeamFormat
    from qipai.events.teams.entry import enter, registration, start
    from qipai.events.teams.serial import from_json, to_json
    from qipai.store.team_tables import RoomTable, is_team_kind

    store = any_store
    e = registration(TeamEventSettings("杯赛", TeamFormat.TEAMS, boards=2), "s")
    e = enter(e, "蓝队", "ann", ["ann"], robots=3)
    e = start(enter(e, "Red", "bo", ["bo"], robots=3))
    rec = store.tournaments.create(
        kind="team:teams",
        name="杯赛",
        director_id=None,
        status="running",
        state=to_json(e),
        starts_at=datetime(2026, 12, 1, tzinfo=UTC),
        log=("created", {"by": "td"}),
    )
    got = store.tournaments.get(rec.id)
    assert is_team_kind(got.kind) and from_json(got.state) == e
    tables = [
        store.create_table(
            name=f"R1 M1 {room}",
            owner_id=None,
            scoring="IMP",
            robot_level=0,
            private=False,
            invite_token=f"tok-{room}",
            seed="team-event:1:round 1",
            tournament=(rec.id, 1, n),
        )
        for n, room in enumerate(("open", "closed"), 1)
    ]
    rooms = [
        RoomTable(rec.id, 1, 1, 1, room, t.id)
        for room, t in zip(("open", "closed"), tables, strict=True)
    ]
    for r in rooms:
        store.team_tables.link(r)
    assert store.team_tables.rooms(rec.id) == rooms
    assert store.team_tables.room_of(tables[1].id) == rooms[1]
    assert store.team_tables.room_of(10_000) is None
    again = store.create_table(
        name="x", owner_id=None, scoring="IMP", robot_level=0, private=False,
        invite_token="tok-x", seed="s",
    )
    with pytest.raises(IntegrityError):  # the database's unique constraint
        store.team_tables.link(RoomTable(rec.id, 1, 1, 1, "open", again.id))
    assert store.team_tables.rooms(rec.id) == rooms
