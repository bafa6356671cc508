"""Exports (CSV, PBN-style, JSON), the stored JSON form, and ``qipai swiss simulate``."""

from __future__ import annotations

import argparse
import csv
import io
import json

import pytest
from event_helpers import MIN, START, made, play_round, registered

from qipai.commands import swiss
from qipai.events import (
    EventState,
    advance,
    dump,
    event_json,
    from_json,
    load,
    pause,
    record_result,
    standings,
    to_csv,
    to_json,
    to_pbn,
    withdraw,
)
from qipai.events.errors import EventFormatError, SettingsError
from qipai.formats.pbn import read_pbn


@pytest.fixture(scope="module")
def finished() -> EventState:
    e = advance(registered(5, rounds=2), START)
    e = record_result(e, 1, 1, 1, made("4S", "N", 10), START + 5 * MIN)
    e = record_result(e, 1, 2, 1, made("4S", "N", 9), START + 5 * MIN)
    e = record_result(e, 1, 3, 1, made("3NT", "W", 9), START + 6 * MIN)
    e = withdraw(e, 2, START + 7 * MIN)
    e = advance(e, START + 16 * MIN)  # board 2 is cut everywhere
    e = play_round(e, START + 25 * MIN)
    return e


def test_csv(finished: EventState) -> None:
    text = to_csv(standings(finished))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[:6] == [
        "rank",
        "pair",
        "players",
        "total",
        "boards_completed",
        "masterpoints",
    ]
    assert len(rows) == 5
    withdrawn = next(r for r in rows if r["pair"] == "2")
    assert withdrawn["rank"] == "" and withdrawn["withdrawn_after"] == "1"
    assert withdrawn["players"] == "p2a & p2b" and withdrawn["boards_completed"] == "1"
    first = rows[0]
    assert first["rank"] == "1" and first["masterpoints"] == "3"
    assert float(first["total"]) == standings(finished).rows[0].total


def test_pbn(finished: EventState) -> None:
    text = to_pbn(finished, standings(finished))
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    assert '[Scoring "Cross-IMP"]' in text
    assert text.count("[ScoreTable ") == 4 and text.count("[TotalScoreTable ") == 1
    assert '"4S" N 10    420' in text
    assert '"-" - - - -' in text  # a board cut by the clock
    records = read_pbn(text)
    boards = [r for r in records if r.number is not None]
    assert [r.number for r in boards] == [1, 2, 3, 4]
    assert all(r.number is not None and r.deal == finished.deal(r.number) for r in boards)
    tags = dict(boards[0].tags)
    assert len(tags["ScoreTable"].split("\n")) == 1 + 3  # the header and three tables
    assert len(tags["TotalScoreTable"].split("\n")) == 1 + 5  # the header and five pairs


def test_event_json(finished: EventState) -> None:
    data = json.loads(json.dumps(event_json(finished, standings(finished))))
    first = data["standings"][0]
    assert set(first) >= {"rank", "pair", "total", "boards_completed", "masterpoints"}
    table = data["rounds"][0]["tables"][0]
    assert (table["ns"], table["ew"]) == (1, 2)
    assert table["boards"][0] == {
        "board": 1,
        "played": True,
        "contract": "4S",
        "declarer": "N",
        "tricks": 10,
        "ns_score": 420,
    }
    assert table["boards"][1]["played"] is False and table["boards"][1]["contract"] is None
    assert data["rounds"][0]["tables"][2]["ew"] == 0  # the robot pair


def test_state_round_trips(finished: EventState) -> None:
    assert from_json(to_json(finished)) == finished
    paused = pause(registered(3), START - MIN)
    assert load(json.loads(json.dumps(dump(paused)))) == paused


def test_bad_stored_state() -> None:
    good = dump(registered(2))
    with pytest.raises(EventFormatError, match="JSON"):
        from_json("{")
    with pytest.raises(EventFormatError, match="version 9"):
        load({**good, "version": 9})
    with pytest.raises(EventFormatError, match="event: seed is missing"):
        load({k: v for k, v in good.items() if k != "seed"})
    with pytest.raises(EventFormatError, match=r"event.pairs\[0\].number: expected int"):
        load({**good, "pairs": [{**good["pairs"][0], "number": "1"}]})
    with pytest.raises(EventFormatError, match="not a time"):
        load({**good, "created_at": "yesterday"})
    with pytest.raises(EventFormatError, match="settings"):
        load({**good, "settings": {**good["settings"], "completion_percent": 90}})


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="qipai")
    swiss.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


def test_command_text(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(
        [
            "swiss",
            "simulate",
            "--pairs",
            "5",
            "--rounds",
            "2",
            "--boards",
            "2",
            "--seed",
            "cli",
            "--withdraw",
            "3:1",
        ]
    )
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("seed cli\n")
    assert "5 pairs, 2 rounds of 2 boards, ximp" in out
    assert "(withdrew after round 1)" in out
    assert "totals in IMPs" in out


def test_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(
        [
            "swiss",
            "simulate",
            "--pairs",
            "4",
            "--rounds",
            "2",
            "--boards",
            "2",
            "--seed",
            "cli",
            "--scoring",
            "mp",
            "--json",
        ]
    )
    assert swiss.run(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scoring"] == "mp"
    assert [s["rank"] for s in data["standings"]] == [1, 2, 3, 4]
    assert set(data["standings"][0]) >= {
        "rank",
        "pair",
        "total",
        "boards_completed",
        "masterpoints",
    }
    board = data["rounds"][0]["tables"][0]["boards"][0]
    assert set(board) >= {"board", "contract", "declarer", "tricks", "ns_score"}


def test_command_errors() -> None:
    with pytest.raises(SettingsError, match="PAIR:ROUND"):
        swiss.run(parse(["swiss", "simulate", "--withdraw", "x"]))
    with pytest.raises(SettingsError, match="at least 2 pairs"):
        swiss.run(parse(["swiss", "simulate", "--pairs", "1"]))
    with pytest.raises(SettingsError, match="boards per round"):
        swiss.run(parse(["swiss", "simulate", "--boards", "0"]))


def test_command_without_action(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["swiss"])
    assert args.handler(args) == 2
    assert "simulate" in capsys.readouterr().out


def test_through_the_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from qipai import cli

    if "swiss" not in cli.COMMANDS:  # until the lead lists it
        monkeypatch.setattr(cli, "COMMANDS", (*cli.COMMANDS, "swiss"))
    assert cli.main(["swiss", "simulate", "--boards", "0"]) == 1
    assert "qipai swiss: boards per round must be" in capsys.readouterr().err
    argv = ["swiss", "simulate", "--pairs", "3", "--rounds", "1", "--boards", "1", "--seed", "c"]
    assert cli.main(argv) == 0
    assert "3 pairs, 1 round of 1 board" in capsys.readouterr().out
