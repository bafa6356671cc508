"""The table log typed (issue #14): one handler per entry type, the schema in one place, and
the logs the old code wrote (``data/golden_logs.json``, made at commit 74e2cfe) still folding
to the same tables, entry for entry as the store keeps them (with ``v``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden_logs import DATA, digest, make

from qipai.server.actor import initial_state
from qipai.server.table_log import FOLDS, SCHEMA, EntryType, check_entry, fold
from qipai.server.table_state import TableState
from qipai.store import TableRecord

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / DATA).read_text(encoding="utf-8"))
ROOT = HERE.parents[1]


def _record(table_id: int, seed: str, robots: bool, owner: int | None) -> TableRecord:
    return TableRecord(
        id=table_id,
        name="golden",
        owner_id=owner,
        scoring="MP",
        robot_level=0 if robots else None,
        private=False,
        invite_token="x",
        seed=seed,
        status="open",
        last_seq=0,
        seats={},
    )


START = {
    "club": _record(1, "golden", False, 1),
    "tournament": _record(2, "golden-t", True, None),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_an_old_log_folds_to_the_same_table(name):
    state = initial_state(START[name])
    for kind, payload in GOLDEN[name]["events"]:
        state = fold(state, (kind, {"v": 1, **payload}))  # as the store hands them back
    assert digest(state) == GOLDEN[name]["state"]


def test_the_code_writes_the_same_log_as_before():
    """The stored JSON stays what it was: the same commands make the same entries."""
    made = json.loads(json.dumps(make(), ensure_ascii=False))
    assert made == GOLDEN


NEWER = {"seat_requested", "seat_answer"}
"""Entry types added after the golden logs were made (the consent flow of a table's seat
policy: ``test_seat_policy.py`` folds them, written and replayed)."""


def test_the_golden_logs_hold_every_entry_type_but_the_legacy_and_newer_ones():
    seen = {kind for log in GOLDEN.values() for kind, _ in log["events"]}
    assert seen == {t.value for t in EntryType} - {"created"} - NEWER


def test_every_entry_type_has_one_handler_and_a_schema():
    assert set(FOLDS) == set(SCHEMA) == set(EntryType)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_entry_written_fits_its_schema(name):
    for kind, payload in GOLDEN[name]["events"]:
        check_entry((kind, payload))


def test_an_entry_off_the_schema_is_named():
    with pytest.raises(ValueError, match="lacks \\['name'\\]"):
        check_entry(("seated", {"seat": "N", "user_id": 1}))
    with pytest.raises(ValueError, match="not a table log entry type"):
        check_entry(("dance", {}))


def test_an_unknown_entry_raises_instead_of_being_skipped():
    with pytest.raises(ValueError, match="event 1 has an unknown type 'dance'"):
        fold(TableState(id=1, seed="x", robots=False), ("dance", {}))


def test_the_protocol_doc_lists_every_entry_type():
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    missing = [t.value for t in EntryType if f"`{t.value}`" not in doc]
    assert not missing


def test_an_event_table_says_where_it_is_as_event_table_on_the_wire():
    """Protocol 3 (issue #14): the summary and the ``set_up`` sent to clients say
    ``event_table``; the stored ``set_up`` keeps its key ``tournament`` (the golden log)."""
    from qipai.server.table_json import summary_json
    from qipai.server.table_log import public_entry

    state = initial_state(START["tournament"])
    (kind, stored), *rest = GOLDEN["tournament"]["events"]
    assert kind == "set_up" and stored["tournament"] == {"event": 9, "round": 2, "table": 1}
    sent = public_entry((kind, stored), None)
    assert sent["event_table"] == stored["tournament"] and "tournament" not in sent
    assert "deal" not in json.dumps(sent)
    for entry in [(kind, stored), *rest]:
        state = fold(state, (entry[0], {"v": 1, **entry[1]}))
    summary = summary_json(START["tournament"], state, (), 0)
    assert summary["event_table"] == {"event": 9, "round": 2, "table": 1}
    assert "tournament" not in summary
