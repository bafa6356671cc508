"""``qipai analyze``: DD table and par of every board of a file, JSON, PBN tags, bad boards."""

import json
import re
from pathlib import Path

import pytest

from qipai.cli import main
from qipai.formats import read_file

EXAMPLE2 = (
    Path(__file__).resolve().parents[2].parent / "shared/data/bridge/pbn/endplay_example2.pbn"
)

GOOD_AND_BAD = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]

[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ - 6543.876.876.876 -"]

[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ - 6543.876.876.876 2.5432.5432.5432"]
"""


def _example2():
    if not EXAMPLE2.exists():
        pytest.skip(f"{EXAMPLE2} is missing")
    return EXAMPLE2


def _tags_by_board(path):
    found = {}
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8", errors="replace")):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "DoubleDummyTricks" in tags:
            found.setdefault(int(tags["Board"]), tags)
    return found


@pytest.fixture(scope="module")
def example2_run(tmp_path_factory):
    """One run over the real file (10 boards at 299 tables): its exit status, JSON and --write."""
    import contextlib
    import io

    written = tmp_path_factory.mktemp("analyze") / "out.pbn"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main(["analyze", str(_example2()), "--json", "--write", str(written)])
    return rc, json.loads(out.getvalue()), written


@pytest.fixture
def example2_json(example2_run):
    return example2_run[:2]


def test_json_has_one_object_per_board(example2_json):
    rc, boards = example2_json
    assert rc == 0
    # 299 table results of 10 boards: each board once.
    assert [b["board"] for b in boards] == list(range(11, 21))
    first = boards[0]
    assert set(first) == {"board", "dd", "par"}
    assert list(first["dd"]) == ["N", "E", "S", "W"]
    assert first["dd"]["N"] == {"C": 7, "D": 6, "H": 6, "S": 7, "NT": 7}
    assert first["par"] == {"score": 90, "contracts": ["1NTS", "1NTN"]}


def test_json_agrees_with_the_files_own_tags(example2_json):
    _, boards = example2_json
    tags = _tags_by_board(_example2())
    strains = ("NT", "S", "H", "D", "C")
    for b in boards:
        want = tags[b["board"]]
        got = "".join(f"{b['dd'][seat][s]:x}" for seat in "NSEW" for s in strains)
        assert got == want["DoubleDummyTricks"]
        score = b["par"]["score"]
        assert (f"NS {score:+d}" if score else "NS 0") == want["OptimumScore"]


def test_plain_output_is_a_table_per_board(tmp_path, capsys):
    path = tmp_path / "two.pbn"
    path.write_text(GOOD_AND_BAD.split("\n\n")[0] + "\n")
    assert main(["analyze", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Board 1  Dealer N  Vul None" in out
    assert "  N    12  12  12  13  13" in out  # C D H S NT
    assert "Par NS +1520: 7NTN 7NTS" in out


def test_bad_boards_are_named_and_the_rest_go_on(tmp_path, capsys):
    path = tmp_path / "mixed.pbn"
    path.write_text(GOOD_AND_BAD)
    assert main(["analyze", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    boards = json.loads(captured.out)
    assert [b["board"] for b in boards] == [1, 4]  # board 4's one hidden hand is filled in
    assert boards[1]["par"]["score"] == 2220
    assert "board 2: North holds 12 cards, not 13" in captured.err
    assert "board 3: the deal shows only 2 hands" in captured.err


def test_write_adds_the_standard_tags(tmp_path, capsys):
    src = tmp_path / "in.pbn"
    src.write_text(GOOD_AND_BAD.split("\n\n")[0] + "\n\n" + GOOD_AND_BAD.split("\n\n")[0] + "\n")
    out = tmp_path / "out.pbn"
    assert main(["analyze", str(src), "--write", str(out)]) == 0
    capsys.readouterr()
    records = read_file(out)
    assert len(records) == 2  # every record written, each with the tags
    for r in records:
        assert r.tag("DoubleDummyTricks") == "ddcccddccc0011100111"
        assert r.tag("OptimumScore") == "NS +1520"
        assert r.tag("ParContract") == "NS 7NT"
        rows = r.tag("OptimumResultTable").split("\n")
        assert rows[0] == "Declarer;Denomination\\2R;Result\\2R"
        assert rows[1:3] == ["N NT 13", "N  S 13"]
        assert len(rows) == 21


def test_write_replaces_old_tags_with_the_same_values(example2_run):
    _, _, written = example2_run
    before, after = read_file(_example2()), read_file(written)
    assert len(before) == len(after) == 299
    for a, b in zip(before, after, strict=True):
        assert b.tag("ParContract") is not None
        for name in ("DoubleDummyTricks", "OptimumScore", "OptimumResultTable"):
            if a.tag(name) is not None:
                assert b.tag(name).lower() == a.tag(name).lower(), (a.number, name)
