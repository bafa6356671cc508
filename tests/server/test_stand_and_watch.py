"""Standing up and watching at tables that show watchers all four hands: a player who stands up
mid-board keeps only their seat's view and may come back only to that seat; a watcher shown all
four hands of a board may not sit down to play it, at that table or at another of its board
set, even after the watching connection has closed."""

from __future__ import annotations

import json


def test_a_player_who_stands_up_keeps_only_their_seats_view(server, h):
    _table_id, players, conns = h.four_at_table(server, spectators_see_all=True)
    h.play_calls(conns, ["P", "P"])
    msgs = conns["S"].request(
        {"type": "call", "call": "1C", "alert": True, "explanation": "partner-secret"}
    )
    assert not h.errors(msgs)
    h.sync_all(conns)
    h.play_calls(conns, ["P"])
    north = conns["N"]
    assert not h.errors(north.request({"type": "stand"}))
    v = north.view
    assert [s for s, hand in v["hands"].items() if hand is not None] == ["N"]
    assert v["legal_calls"] == [] and north.state["you"]["seat"] is None
    assert "partner-secret" not in json.dumps(north.messages)
    # Reconnecting changes nothing: still North's view, not a watcher's.
    again = players["N"].connect(_table_id, since=1)
    assert [s for s, hand in again.view["hands"].items() if hand is not None] == ["N"]
    assert "partner-secret" not in json.dumps(again.messages)
    assert not h.errors(conns["W"].request({"type": "stand"}))
    msgs = north.request({"type": "sit", "seat": "W"})
    assert any("you may sit only there" in e for e in h.errors(msgs))
    assert not h.errors(north.request({"type": "sit", "seat": "N"}))
    assert north.state["you"]["seat"] == "N" and north.view["legal_calls"]
    assert "partner-secret" not in json.dumps(north.messages)
