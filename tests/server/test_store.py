"""The store: migrations build the schema the models describe; the event log is numbered and
refuses a second writer; SQLite runs in WAL mode."""

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from qipai.store import Store, StoreError, connect, migrate, sqlite_url
from qipai.store.models import Base


@pytest.fixture
def store(tmp_path):
    s = Store.open(sqlite_url(tmp_path / "s.db"))
    yield s
    s.close()


def test_migrations_match_the_models_and_run_twice(store):
    migrate(store.engine)  # a second run is a no-op
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("select version_num from alembic_version")).scalar() == "0007"


def test_events_are_numbered_and_a_stale_writer_is_refused(store):
    u = store.create_user("ann", "hash", guest=False)
    t = store.create_table(
        name="t",
        owner_id=u.id,
        scoring="MP",
        robot_level=None,
        private=False,
        invite_token="tok",
        seed="seed",
    )
    assert (
        store.append_entries(t.id, 0, [("seated", {"seat": "N", "user_id": u.id, "name": "ann"})])
        == 1
    )
    assert store.append_entries(t.id, 1, [("chat", {"text": "a"}), ("chat", {"text": "b"})]) == 3
    with pytest.raises(StoreError):
        store.append_entries(t.id, 1, [("chat", {"text": "late"})])
    events = store.entries(t.id)
    assert [e.seq for e in events] == [1, 2, 3]
    assert all(e.payload["v"] == 1 for e in events)
    assert [e.seq for e in store.entries(t.id, after=2)] == [3]
    assert store.table(t.id).seats == {"N": u.id, "E": None, "S": None, "W": None}
    assert store.table(t.id).last_seq == 3


def test_one_failed_action_writes_nothing(store):
    t = store.create_table(
        name="t",
        owner_id=None,
        scoring="IMP",
        robot_level=None,
        private=False,
        invite_token="tok2",
        seed="seed",
    )
    with pytest.raises(Exception):  # noqa: B017 - a projection that cannot be written
        store.append_entries(
            t.id,
            0,
            [("chat", {"text": "ok"}), ("seated", {"seat": "N", "user_id": 999, "name": "x"})],
        )
    assert store.entries(t.id) == []
    assert store.table(t.id).last_seq == 0


def test_names_are_unique_ignoring_case(store):
    store.create_user("Ann", None, guest=False)
    with pytest.raises(StoreError):
        store.create_user("ann", None, guest=False)


def test_a_fresh_engine_migrates_an_empty_file(tmp_path):
    engine = connect(sqlite_url(tmp_path / "fresh.db"))
    migrate(engine)
    with engine.connect() as conn:
        names = {
            r[0] for r in conn.execute(text("select name from sqlite_master where type='table'"))
        }
    engine.dispose()
    assert {"users", "tables", "seats", "table_boards", "table_events", "settings"} <= names


def test_a_group_commit_writes_many_tables_at_once_and_refuses_only_the_stale(store):
    tables = [
        store.create_table(
            name=f"t{i}",
            owner_id=None,
            scoring="MP",
            robot_level=None,
            private=False,
            invite_token=f"tok{i}",
            seed=f"s{i}",
        )
        for i in range(3)
    ]
    a, b, c = (t.id for t in tables)
    store.append_entries(b, 0, [("chat", {"text": "first"})])
    results = store.append_batch(
        [
            (a, 0, [("chat", {"text": "a1"}), ("chat", {"text": "a2"})]),
            (b, 0, [("chat", {"text": "stale"})]),  # b is at 1 already
            (c, 0, []),
        ]
    )
    assert results[0] == 2 and isinstance(results[1], StoreError) and results[2] == 0
    assert [e.payload["text"] for e in store.entries(a)] == ["a1", "a2"]
    assert [e.payload["text"] for e in store.entries(b)] == ["first"]
    assert store.append_batch([(a, 2, [("chat", {"text": "a3"})]), (b, 1, [("closed", {})])]) == [
        3,
        2,
    ]
    assert store.table(b).status == "closed"


def test_upgrading_a_database_with_tables_keeps_them(tmp_path):
    """0001 -> the latest on a database in use: the rows stay, new columns get their defaults."""
    engine = connect(sqlite_url(tmp_path / "old.db"))
    try:
        migrate(engine, "0001")
        with engine.begin() as conn:
            conn.execute(
                text(
                    "insert into tables (id, name, scoring, private, invite_token, seed, status,"
                    " last_seq, created_at, updated_at) values (1, 't', 'MP', 0, 'tok', 'seed',"
                    " 'open', 1, '2024-01-01', '2024-01-01')"
                )
            )
            conn.execute(text("insert into seats (table_id, seat) values (1, 'N')"))
            conn.execute(
                text(
                    "insert into users (id, name, is_guest, created_at)"
                    " values (1, 'ann', 0, '2024-01-01')"
                )
            )
            conn.execute(
                text(
                    "insert into table_events (table_id, seq, type, payload, created_at)"
                    """ values (1, 1, 'chat', '{"v": 1, "text": "hi"}', '2024-01-01')"""
                )
            )
        migrate(engine)
    finally:
        engine.dispose()
    store = Store.open(sqlite_url(tmp_path / "old.db"))
    try:
        t = store.table(1)
        assert t.board_set is None and t.spectators_see_all is False and t.away == {}
        assert [e.payload["text"] for e in store.entries(1)] == ["hi"]
        assert store.user(1).session_epoch == 0
        assert store.event_store.listing() == []
    finally:
        store.close()


def test_names_are_unique_by_their_key(store):
    ann = store.create_user("Änn", None, guest=False)
    for other in ("änn", "ÄNN", "Ä\uff4e\uff4e"):
        with pytest.raises(StoreError):
            store.create_user(other, None, guest=False)
    assert store.user_by_name("äNN").id == ann.id
    assert store.user_by_name(" ÄNN ").id == ann.id


def test_upgrading_to_name_keys_back_fills_them(tmp_path):
    """0003 -> 0004: every user gets its key; of two old names with one key (SQLite let them
    in) the older keeps it."""
    engine = connect(sqlite_url(tmp_path / "old.db"))
    try:
        migrate(engine, "0003")
        with engine.begin() as conn:
            for uid, name in ((1, "Änn"), (2, "änn"), (3, "Bob")):
                conn.execute(
                    text(
                        "insert into users (id, name, is_guest, created_at)"
                        " values (:id, :name, 0, '2024-01-01')"
                    ),
                    {"id": uid, "name": name},
                )
        migrate(engine)
        with engine.connect() as conn:
            keys = dict(conn.execute(text("select id, name_key from users")).all())
    finally:
        engine.dispose()
    assert keys == {1: "änn", 2: "änn#2", 3: "bob"}
    store = Store.open(sqlite_url(tmp_path / "old.db"))
    try:
        assert store.user_by_name("ÄNN").id == 1 and store.user_by_name("BOB").id == 3
        with pytest.raises(StoreError):
            store.create_user("bob", None, guest=False)
    finally:
        store.close()
