"""A team match's exports: the PBN of both rooms reads back (through the PBN reader) to the
results the match holds, the CSV has a row a board, the JSON is the simulator's."""

from __future__ import annotations

import csv
import io

from qipai.events import Played
from qipai.events.teams.event import board_deal
from qipai.events.teams.export import match_csv, match_json, match_pbn
from qipai.events.teams.match import Room, name_lineup, new_match, record
from qipai.events.teams.roster import team
from qipai.events.teams.simulate import TeamSimulation
from qipai.formats.pbn import read_pbn


def test_pbn_of_both_rooms_reads_back_to_the_match() -> None:
    event = TeamSimulation("teams", teams=2, boards=4, seed="x").run()
    (m,) = event.matches
    text = match_pbn("Final", m, lambda b: board_deal("x", 1, b), {1: "Blue", 2: "Red"})
    records = read_pbn(text, strict=True)
    assert len(records) == 8
    for r in records:
        tags = dict(r.tags)
        room = Room.OPEN if tags["Room"] == "Open" else Room.CLOSED
        assert r.number is not None
        assert r.deal == board_deal("x", 1, r.number)
        assert r.score_ns == m.board(r.number).ns_score(room)
        home_ns = room is Room.OPEN
        assert (tags["North"], tags["East"]) == (("Blue", "Red") if home_ns else ("Red", "Blue"))


def test_the_lineup_names_the_players_in_each_room() -> None:
    blue = team(1, "Blue", "ann", ["ann", "bo", "cy", "di"])
    m = name_lineup(new_match(1, 2, (1,)), blue, 1, "ann", ("ann", "bo"), ("cy", "di"))
    m = record(record(m, 1, Room.OPEN, Played(None)), 1, Room.CLOSED, Played(None))
    records = read_pbn(match_pbn("E", m, lambda b: board_deal("y", 1, b), {2: "Red"}))
    open_tags, closed_tags = (dict(r.tags) for r in records)
    assert (open_tags["North"], open_tags["South"], open_tags["East"]) == ("ann", "bo", "Red")
    assert (closed_tags["East"], closed_tags["West"], closed_tags["North"]) == ("cy", "di", "Red")
    assert all(r.passed_out for r in records)


def test_csv_and_json_have_every_board() -> None:
    event = TeamSimulation("teams", teams=2, boards=3, seed="c").run()
    (m,) = event.matches
    rows = list(csv.DictReader(io.StringIO(match_csv(m))))
    assert [int(r["board"]) for r in rows] == [1, 2, 3]
    for r, b in zip(rows, m.all_boards, strict=True):
        assert int(r["imps"]) == b.imps
        assert int(r["open_ns_score"]) == b.ns_score(Room.OPEN)
    j = match_json(m, 1)
    assert [b["imps"] for b in j["boards"]] == list(m.board_imps)
