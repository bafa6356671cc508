"""qipai's JSON for boards: the documented schema, read back exactly, errors that say where."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from qipai.bridge import Seat
from qipai.formats import FormatError, read_json, read_pbn, record_from_dict, write_json

SAMPLE = "\n".join(
    [
        '[Event "Club night"]',
        '[North "Li Wei"]',
        '[Board "1"]',
        '[Dealer "N"]',
        '[Vulnerable "None"]',
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
        '[Declarer "N"]',
        '[Contract "1NT"]',
        '[Result "7"]',
        '[Auction "N"]',
        "1NT! =1= AP",
        '[Note "1:15-17"]',
        '[Play "E"]',
        "CA C8 C5 C2",
        "*",
    ]
)


def test_the_schema_of_one_board() -> None:
    records = read_pbn(SAMPLE)
    doc = json.loads(write_json(records))
    assert doc["format"] == "qipai-boards" and doc["version"] == 1
    [board] = doc["boards"]
    assert list(board) == [
        "board",
        "dealer",
        "vulnerability",
        "deal",
        "auction",
        "contract",
        "declarer",
        "result",
        "play",
        "claim",
        "score_ns",
        "tags",
    ]
    assert board["auction"][0] == {"call": "1NT", "alert": True, "explanation": "15-17"}
    assert [c["call"] for c in board["auction"][1:]] == ["P", "P", "P"]
    assert (board["contract"], board["declarer"], board["result"]) == ("1NT", "N", 7)
    assert board["play"] == ["CA", "C8", "C5", "C2"] and board["claim"] is None
    assert board["score_ns"] == 90
    assert board["tags"] == {"Event": "Club night", "North": "Li Wei"}
    assert read_json(json.dumps(doc)) == records


def test_the_example_in_the_docs_reads() -> None:
    docs = Path(__file__).parents[2] / "docs" / "FORMATS.md"
    if not docs.is_file():
        pytest.skip("docs/FORMATS.md is not here")
    block = re.search(r"```json\n(.*?)```", docs.read_text(encoding="utf-8"), re.S)
    assert block is not None
    [r] = read_json(block.group(1), "FORMATS.md")
    assert (str(r.contract), r.claim, r.score_ns) == ("1NT", 7, 90)
    assert r.to_state().declarer_tricks == 7


def test_a_bare_list_or_one_board_reads_too() -> None:
    board = json.loads(write_json(read_pbn(SAMPLE)))["boards"][0]
    assert read_json(json.dumps([board, board]))[1].number == 1
    assert read_json(json.dumps(board))[0].players == {Seat.NORTH: "Li Wei"}
    minimal = {"dealer": "S", "vulnerability": "Both", "deal": "N:- - - -"}
    r = record_from_dict(minimal)
    assert r.number is None and r.auction is None and r.tags == ()
    assert read_json(json.dumps({**minimal, "contract": "Pass"}))[0].passed_out


def test_passed_out_and_unknown_contracts() -> None:
    lines = SAMPLE.replace("1NT! =1= AP", "Pass AP").split("[Play")[0].splitlines()
    passed = "\n".join(x for x in lines if not x.startswith(("[Declarer", "[Contract", "[Result")))
    doc = json.loads(write_json(read_pbn(passed)))
    board = doc["boards"][0]
    assert (board["contract"], board["declarer"], board["score_ns"]) == ("Pass", None, 0)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"contract": "9S"}, "b.json, board 1, [boards[0].contract]: bad contract"),
        ({"dealer": "Q"}, "b.json, board 1, [boards[0].dealer]: unknown seat"),
        ({"surprise": 1}, "b.json, board 1, [boards[0].surprise]: unknown key 'surprise'"),
        ({"score_ns": 100}, "b.json, board 1, [boards[0].score_ns]: score_ns is 100"),
        ({"result": "seven"}, "b.json, board 1, [boards[0].result]: result must be a whole"),
        ({"play": ["CA", "CK"]}, "b.json, board 1, [boards[0].play]: trick 1: South plays CK"),
        ({"tags": {"Deal": "x"}}, "b.json, board 1, [boards[0].tags.Deal]: Deal is a field"),
        (
            {"auction": [{"call": "1NT"}, {"call": "1C"}]},
            "b.json, board 1, [boards[0].auction[1]]: call 2 (1C)",
        ),
    ],
)
def test_errors_name_file_board_and_key(change: dict[str, object], where: str) -> None:
    doc = json.loads(write_json(read_pbn(SAMPLE)))
    doc["boards"][0].update(change)
    with pytest.raises(FormatError) as e:
        read_json(json.dumps(doc), "b.json")
    assert str(e.value).startswith(where), str(e.value)


def test_not_json_names_the_line() -> None:
    with pytest.raises(FormatError, match=r"b.json, line 3: not JSON"):
        read_json('{\n "boards": [\n  oops ]}', "b.json")
    with pytest.raises(FormatError, match="version 2"):
        read_json('{"format": "qipai-boards", "version": 2, "boards": []}', "b.json")
