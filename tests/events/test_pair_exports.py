"""Exports of a pair game on a movement: travellers (every result of a board across rounds, a
ruling shown), personal score cards, PBN ScoreTable/TotalScoreTable, CSV, JSON and USEBIO 1.2
XML, each read back; only the boards shown are written."""

from __future__ import annotations

import csv
import io
import json
from xml.etree import ElementTree as ET

import pytest
from test_pair_games import HIGH, LOW, MID, pairs_game, play

from qipai.bridge import Card
from qipai.events import (
    Artificial,
    EventState,
    Played,
    event_json,
    standings,
    to_csv,
    to_pbn,
)
from qipai.events.director import adjust
from qipai.events.export import score_card, travellers
from qipai.events.usebio import to_usebio
from qipai.formats.pbn import read_pbn

LED = Played(HIGH.contract, HIGH.declarer, HIGH.tricks, Card.parse("HA"))


@pytest.fixture(scope="module")
def mitchell() -> EventState:
    """The worked 4-table Mitchell of test_pair_games, with board 3 at round 3 adjusted."""
    results = {
        (1, 1): LED, (2, 4): MID, (3, 3): LOW,
        (1, 2): LOW, (2, 1): HIGH, (3, 4): MID,
        (1, 3): MID, (2, 2): HIGH, (3, 1): LOW,
        (1, 4): HIGH, (2, 3): HIGH, (3, 2): LOW,
    }  # fmt: skip
    state = play(pairs_game(8, "mitchell"), results)
    later = state.rounds[-1].closed_at
    assert later is not None
    return adjust(state, 3, 1, 3, ns=Artificial.AVERAGE, ew=Artificial.AVERAGE, by="td",
                  reason="a fouled board", now=later)  # fmt: skip


def test_a_traveller_holds_every_round_and_shows_the_ruling(mitchell: EventState) -> None:
    board3 = next(t for t in travellers(mitchell) if t.board == 3)
    assert [(x.round, x.table, x.ns, x.ew) for x in board3.lines] == [
        (1, 3, 3, 7), (2, 2, 2, 5), (3, 1, 1, 6),
    ]  # fmt: skip
    adjusted = board3.lines[-1]
    assert adjusted.adjustment is not None and adjusted.ns_score is None
    assert adjusted.record is not None and adjusted.record.ns_score is not None  # as played
    assert (adjusted.ns_points, adjusted.ew_points) == (50.0, 50.0)
    assert [x.ns_points for x in board3.lines[:2]] == [12.5, 87.5]


def test_a_personal_score_card(mitchell: EventState) -> None:
    card = score_card(mitchell, 1)
    assert [(c.round, c.board, c.direction, c.opponents) for c in card] == [
        (1, 1, "NS", 5), (2, 2, "NS", 8), (3, 3, "NS", 6),
    ]  # fmt: skip
    first = card[0]
    assert str(first.line.contract) == "4S" and str(first.line.lead) == "HA"
    assert first.score == 420 and first.points == 100.0
    ew = score_card(mitchell, 5)
    assert [c.direction for c in ew] == ["EW"] * 3
    assert ew[0].score == -420 and ew[0].points == 0.0


def test_pbn_score_tables(mitchell: EventState) -> None:
    text = to_pbn(mitchell, standings(mitchell))
    records = [r for r in read_pbn(text) if r.number is not None]
    assert [r.number for r in records] == [1, 2, 3, 4]
    assert all(r.deal == mitchell.deal(r.number or 0) for r in records)
    tags = dict(records[0].tags)
    assert len(tags["ScoreTable"].split("\n")) == 1 + 3  # three results of board 1
    total = tags["TotalScoreTable"].split("\n")
    assert "Direction" in total[0] and len(total) == 1 + 8
    assert '"average NS / average EW"' in text


def test_csv_and_json(mitchell: EventState) -> None:
    rows = list(csv.DictReader(io.StringIO(to_csv(standings(mitchell)))))
    assert [r["direction"] for r in rows] == ["NS"] * 4 + ["EW"] * 4
    assert [r["rank"] for r in rows[:4]] == ["1", "2", "3", "3"]  # shared
    data = json.loads(json.dumps(event_json(mitchell, standings(mitchell))))
    assert data["format"] == "mitchell" and data["two_winners"] is True
    assert data["adjustments"][0]["text"] == "average NS / average EW"
    assert data["rulings"][0]["by"] == "td" and data["rulings"][0]["reason"] == "a fouled board"
    hidden = event_json(mitchell, standings(mitchell), shown=frozenset({1}))
    assert hidden["adjustments"] == []


def test_usebio(mitchell: EventState) -> None:
    text = to_usebio(mitchell, standings(mitchell))
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(text)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    event = root.find("EVENT")
    assert event is not None and event.findtext("WINNER_TYPE") == "2"
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    pairs = event.findall("PARTICIPANTS/PAIR")
    assert len(pairs) == 8
    places = {
        (p.findtext("DIRECTION"), p.findtext("PAIR_NUMBER")): p.findtext("PLACE") for p in pairs
    }
    assert places[("NS", "2")] == places[("NS", "3")] == "3="
    assert places[("NS", "1")] == "1"
    boards = event.findall("BOARD")
    assert [b.findtext("BOARD_NUMBER") for b in boards] == ["1", "2", "3", "4"]
    line = boards[0].findall("TRAVELLER_LINE")[0]
    assert (line.findtext("CONTRACT"), line.findtext("PLAYED_BY"), line.findtext("LEAD")) == (
        "4S", "N", "HA",
    )  # fmt: skip
    assert line.findtext("SCORE") == "420" and line.findtext("NS_MATCH_POINTS") == "4.00"
    adjusted = boards[2].findall("TRAVELLER_LINE")[2]
    assert adjusted.findtext("SCORE") == "A50" and adjusted.findtext("CONTRACT") == ""
    hands = event.findall("HANDSET/BOARD")
    assert len(hands) == 4 and len(hands[0].findall("HAND")) == 4
    spades = "".join(h.findtext("SPADES") or "" for h in hands[0].findall("HAND"))
    assert len(spades) == 13
    only = ET.fromstring(to_usebio(mitchell, standings(mitchell), shown=frozenset({2})))
    assert [b.findtext("BOARD_NUMBER") for b in only.findall("EVENT/BOARD")] == ["2"]
