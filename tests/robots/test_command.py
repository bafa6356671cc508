"""``qipai robots play``: four robots bid and play each deal of a file, reproducibly."""

from __future__ import annotations

import argparse
import json

import pytest

from qipai.commands import robots

PBN = """% two boards
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AK2.K43.QJ42.A32 QJ9.AQ9.K76.KQJ4 8765.T872.A9.T98 T43.J65.T853.765"]
"""


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    robots.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return int(args.handler(args))


@pytest.fixture
def pbn(tmp_path):
    path = tmp_path / "two.pbn"
    path.write_text(PBN, encoding="utf-8")
    return str(path)


def test_json_per_board(pbn, capsys):
    assert run(["robots", "play", pbn, "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    boards = [json.loads(line) for line in lines]
    assert [b["board"] for b in boards] == [1, 2]
    first = boards[0]
    assert first["auction"][:3] == ["1NT", "P", "2D"]
    assert first["explanations"][2]["en"] == "Jacoby transfer: 5+ hearts"
    assert first["explanations"][2]["zh"] == "雅各比转移叫: 5张以上红心"
    assert first["explanations"][2]["alert"] is True
    assert first["contract"] == "2H" and first["declarer"] == "N"
    assert len(first["play"]) == 52 and 0 <= first["tricks"] <= 13
    assert isinstance(first["score"], int)
    assert boards[1]["dealer"] == "E" and boards[1]["vulnerability"] == "NS"


def test_same_file_same_seed_same_play(pbn, capsys):
    run(["robots", "play", pbn, "--json", "--seed", "7"])
    once = capsys.readouterr().out
    run(["robots", "play", pbn, "--json", "--seed", "7"])
    assert capsys.readouterr().out == once


def test_text_in_both_languages(pbn, capsys):
    run(["robots", "play", pbn])
    en = capsys.readouterr().out
    assert "Board 1" in en and "15-17 HCP, balanced" in en and "by N" in en
    run(["robots", "play", pbn, "--lang", "zh"])
    assert "15-17点, 均型" in capsys.readouterr().out


def test_level_one_plays_a_whole_board_by_double_dummy_sampling(tmp_path, capsys):
    path = tmp_path / "one.pbn"
    path.write_text(PBN.split("\n\n")[0] + "\n", encoding="utf-8")
    assert run(["robots", "play", str(path), "--level", "1", "--json"]) == 0
    board = json.loads(capsys.readouterr().out.strip())
    assert board["board"] == 1
    if board["contract"] is not None:
        assert len(board["play"]) == 52 or "claim" in board


def test_unknown_level_is_refused(pbn, capsys):
    with pytest.raises(SystemExit):
        run(["robots", "play", pbn, "--level", "7"])
    assert "invalid choice" in capsys.readouterr().err


def test_incomplete_deal_is_reported(tmp_path, capsys):
    path = tmp_path / "part.pbn"
    path.write_text(
        '[Board "3"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Deal "N:T32.AKQ7.T3.AQJT - - -"]\n',
        encoding="utf-8",
    )
    assert run(["robots", "play", str(path)]) == 1
    assert "board 3: the deal is not complete" in capsys.readouterr().err
