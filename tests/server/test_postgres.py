"""The same server over PostgreSQL: migrations, the event log, and a table rebuilt after a restart.
Runs where a PostgreSQL server answers (``QIPAI_TEST_PG``, by default the local one as root);
each run makes its own database and drops it."""

import os
import secrets
from datetime import UTC, datetime

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
        store.append_entries(t.id, 0, [("chat", {"text": "你好 ♠"})])
        with pytest.raises(StoreError):
            store.append_entries(t.id, 0, [("chat", {"text": "late"})])
        assert store.entries(t.id)[0].payload == {"v": 1, "text": "你好 ♠"}
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
    rec = store.event_store.create(
        kind="swiss",
        name="周二",
        director_id=director.id,
        status="registration",
        state="{}",
        starts_at=when,
        log=("created", {"by": "td"}),
    )
    assert rec.version == 1 and store.event_store.get(rec.id).starts_at == when
    v2 = store.event_store.save(
        rec.id, 1, status="running", state='{"x": 1}', log=[("clock", {"at": "t"})]
    )
    with pytest.raises(StoreError):
        store.event_store.save(rec.id, 1, status="running", state='{"x": 2}', log=[])
    assert store.event_store.get(rec.id).state == '{"x": 1}'
    table = store.create_table(
        name="R1 T1",
        owner_id=None,
        scoring="IMP",
        robot_level=0,
        private=False,
        invite_token="t1",
        seed="event:1:round 1",
        event_table=(rec.id, 1, 1),
    )
    assert store.event_store.tables(rec.id) == {(1, 1): table.id}
    awards = [("ann", 1, 3), ("bob", 1, 3)]
    v3 = store.event_store.save(rec.id, v2, status="finished", state="{}", log=[], awards=awards)
    store.event_store.save(rec.id, v3, status="finished", state="{}", log=[], awards=awards)
    assert [(a.player, a.points, a.event) for a in store.event_store.awards("ann")] == [
        ("ann", 3, "周二")
    ]
    assert [kind for _, kind, _, _ in store.event_store.log(rec.id)] == ["created", "clock"]
    assert [r.id for r in store.event_store.listing(["finished"])] == [rec.id]
    assert store.event_store.listing(["running"]) == []


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


@pytest.fixture(params=["sqlite", "postgresql"])
def any_url(request, tmp_path):
    if request.param == "sqlite":
        from qipai.store import sqlite_url

        return sqlite_url(tmp_path / "m.db")
    return request.getfixturevalue("pg_url")


def _insert(conn, table_name, **given):
    """A row of ``table_name`` as the schema is now: ``given``, plain values for the rest."""
    import sqlalchemy as sa

    table = sa.Table(table_name, sa.MetaData(), autoload_with=conn)
    plain = {
        sa.Integer: 0,
        sa.String: "x",
        sa.Text: "x",
        sa.Boolean: False,
        sa.DateTime: datetime(2026, 12, 1, tzinfo=UTC),
        sa.JSON: {},
    }
    values = dict(given)
    for c in table.columns:
        if c.name in values or c.nullable or c.primary_key or c.server_default is not None:
            continue
        values[c.name] = next(v for t, v in plain.items() if isinstance(c.type, t))
    key = next(iter(table.primary_key.columns))
    return conn.execute(table.insert().values(values).returning(key)).scalar()


def test_the_events_tables_are_renamed_with_their_rows_and_back(any_url):
    """Migration 0005 (tournaments -> events, issue #14) keeps an event, its log, its table and
    its awards, on SQLite and PostgreSQL; the schema is then the models'; down and up again."""
    from alembic import command
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from sqlalchemy import inspect

    from qipai.store import connect, migrate
    from qipai.store.db import MIGRATIONS
    from qipai.store.models import Base

    engine = connect(any_url)
    try:
        migrate(engine, "0004")
        with engine.begin() as conn:
            user = _insert(conn, "users", name="dora", name_key="dora")
            table = _insert(conn, "tables", name="t", seed="s", invite_token="tok")
            event = _insert(
                conn, "tournaments", name="周五双人赛", director_id=user, status="open", version=1
            )
            _insert(conn, "tournament_log", tournament_id=event, seq=1, type="created")
            _insert(
                conn, "tournament_tables", tournament_id=event, round=1, table_no=1, table_id=table
            )
            _insert(
                conn, "masterpoint_awards", tournament_id=event, player="ann", place=1, points=12
            )

        def check() -> None:
            store = Store.open(any_url)
            try:
                assert store.event_store.get(event).name == "周五双人赛"
                assert [kind for _, kind, _, _ in store.event_store.log(event)] == ["created"]
                assert store.event_store.tables(event) == {(1, 1): table}
                assert store.event_store.event_of_table(table) == event
                awards = store.event_store.awards("ann")
                assert [(a.event_id, a.event, a.points) for a in awards] == [
                    (event, "周五双人赛", 12)
                ]
                store.event_store.save(event, 1, status="open", state="{}", log=[("clock", {})])
                assert [seq for seq, *_ in store.event_store.log(event)] == [1, 2]
            finally:
                store.close()

        migrate(engine)
        check()
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            names = set(inspect(conn).get_table_names())
        assert {"events", "event_log", "event_tables"} <= names
        assert not {n for n in names if "tournament" in n}
        cfg = Config()
        cfg.set_main_option("script_location", MIGRATIONS)
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0004")
        with engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
            assert {"tournaments", "tournament_log", "tournament_tables"} <= names
            columns = {c["name"] for c in inspect(conn).get_columns("masterpoint_awards")}
            assert "tournament_id" in columns and "event_id" not in columns
        migrate(engine)
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    finally:
        engine.dispose()


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
    rec = store.event_store.create(
        kind="team:teams",
        name="杯赛",
        director_id=None,
        status="running",
        state=to_json(e),
        starts_at=datetime(2026, 12, 1, tzinfo=UTC),
        log=("created", {"by": "td"}),
    )
    got = store.event_store.get(rec.id)
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
            event_table=(rec.id, 1, n),
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
