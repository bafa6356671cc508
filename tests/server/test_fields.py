"""One set of field validators (``server/fields.py``) for every form and JSON handler: a
ticked checkbox means the same on every form, a JSON boolean is a boolean everywhere, and the
bounds come from one place (issue #14: four validators disagreed)."""

from __future__ import annotations

import pytest
from starlette.exceptions import HTTPException

from qipai.events.settings import MAX_COMPLETION, MIN_COMPLETION
from qipai.server import fields


@pytest.mark.parametrize("sent", ["on", "ON", "1", "true", "yes", " Yes "])
def test_a_ticked_checkbox_is_ticked_whatever_word_the_form_sends(sent):
    assert fields.checked(sent) is True


@pytest.mark.parametrize("sent", [None, "", "off", "0", "no", "nope"])
def test_an_unticked_checkbox_is_not(sent):
    assert fields.checked(sent) is False


@pytest.mark.parametrize("value", ["yes", "true", 1, None])
def test_a_json_boolean_takes_booleans_only(value):
    with pytest.raises(HTTPException) as e:
        fields.flag({"private": value}, "private", False)
    assert e.value.status_code == 400 and e.value.detail == "'private' must be true or false"
    assert fields.flag({}, "private", True) is True


def test_numbers_name_the_field_and_the_bounds():
    assert fields.whole({"n": "7"}, "n", None, 1, 9) == 7
    for value, message in [
        ("many", "'n' must be a number, not 'many'"),
        (True, "'n' must be a number"),
        (float("nan"), "'n' must be a number"),
        (10, "'n' must be from 1 to 9, not 10"),
        (2.5, "'n' must be a whole number, not 2.5"),
    ]:
        with pytest.raises(HTTPException) as e:
            fields.whole({"n": value}, "n", None, 1, 9)
        assert e.value.detail == message, value


def test_robot_levels_are_read_the_same_from_json_and_forms():
    assert fields.robot_level(1, (0, 1)) == fields.robot_level("1", (0, 1)) == 1
    assert fields.robot_level(None, (0, 1)) is fields.robot_level("none", (0, 1)) is None
    for odd in ("²", "1.0", True, 7, {"x": 1}):
        with pytest.raises(HTTPException):
            fields.robot_level(odd, (0, 1))


def test_tables_and_events_read_their_checkboxes_alike(server, h):
    """The table form and the director's form both take "yes" for a ticked box (the table
    form used to take only on/1/true)."""
    (ann,) = [h.Player(server).register("ann")]
    r = ann.client.post(
        "/tables",
        data={"csrf": ann.csrf, "name": "t", "scoring": "MP", "private": "yes", "seat": ""},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    table_id = int(r.headers["location"].rsplit("/", 1)[1])
    assert ann.client.get(f"/api/tables/{table_id}").json()["table"]["private"] is True


def test_the_completion_bounds_are_the_events_own(server, h):
    dan = h.Player(server).register("dan")
    body = {"name": "x", "start": "2030-01-01T19:00+08:00", "rounds": 2, "boards_per_round": 2}
    r = dan.post("/api/events", {**body, "round_minutes": 2, "completion_percent": 90})
    assert r.status_code == 400
    assert f"from {MIN_COMPLETION} to {MAX_COMPLETION}" in r.json()["error"]
    r = dan.post("/api/events", {**body, "round_minutes": 2, "robot_fill": "yes"})
    assert r.status_code == 400 and r.json()["error"] == "'robot_fill' must be true or false"
