"""``qipai deal``: output formats, board numbering, scripts, predeal and errors.

Runs the subcommand through its own ``register``/``run`` so these tests depend on no other
command module."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from qipai.bridge.board import dealer_of, vulnerability_of
from qipai.bridge.cards import Card, Seat, Suit
from qipai.bridge.deal import Deal, Hand
from qipai.bridge.errors import ParseError, QipaiError
from qipai.commands import deal as deal_command


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    parser = argparse.ArgumentParser(prog="qipai")
    sub = parser.add_subparsers(dest="command")
    deal_command.register(sub)
    args = parser.parse_args(["deal", *argv])
    assert args.handler(args) == 0
    return capsys.readouterr().out


def pbn_boards(text: str) -> list[dict[str, str]]:
    boards = []
    for block in text.strip().split("\n\n"):
        boards.append(dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', block, re.M)))
    return boards


def test_pbn_output(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "-n", "18", "--seed", "3")
    boards = pbn_boards(out)
    assert len(boards) == 18
    for i, tags in enumerate(boards, start=1):
        assert set(tags) == {"Board", "Dealer", "Vulnerable", "Deal"}
        assert tags["Board"] == str(i)
        assert tags["Dealer"] == dealer_of(i).letter
        assert tags["Vulnerable"] == str(vulnerability_of(i))
        assert tags["Deal"].startswith("N:")
        Deal.parse(tags["Deal"]).check_complete()
    assert [b["Vulnerable"] for b in boards[:4]] == ["None", "NS", "EW", "All"]
    assert "\n\n[Board" in out and "\n\n\n" not in out
    assert out == run(capsys, "-n", "18", "--seed", "3")
    assert out != run(capsys, "-n", "18", "--seed", "4")


def test_where_and_first_board(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "-n", "5", "--seed", "1", "--where", "hcp(north) >= 20", "--board", "7")
    boards = pbn_boards(out)
    assert [b["Board"] for b in boards] == ["7", "8", "9", "10", "11"]
    assert all(Deal.parse(b["Deal"]).north.hcp >= 20 for b in boards)


def test_predeal_option(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(
        capsys, "-n", "4", "--seed", "1", "--predeal", "north SAKQ, HAK", "--predeal", "east C2"
    )
    for b in pbn_boards(out):
        d = Deal.parse(b["Deal"])
        assert Hand.parse("AKQ.AK..").cards <= d.north.cards
        assert Card.parse("C2") in d.east


def test_script_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "nt.dlr"
    script.write_text(
        "produce 3\ndealer west\nvulnerable all\npredeal south SA\n"
        "condition hcp(north) >= 15 && hcp(north) <= 17\n",
        encoding="utf-8",
    )
    boards = pbn_boards(run(capsys, "--script", str(script), "--seed", "2"))
    assert len(boards) == 3
    for b in boards:
        assert (b["Dealer"], b["Vulnerable"]) == ("W", "All")
        d = Deal.parse(b["Deal"])
        assert 15 <= d.north.hcp <= 17 and Card.parse("SA") in d.south
    more = pbn_boards(
        run(capsys, "--script", str(script), "--seed", "2", "-n", "5", "--where", "spades(n) > 3")
    )
    assert len(more) == 5
    assert all(Deal.parse(b["Deal"]).north.length(Suit.SPADES) > 3 for b in more)


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "-n", "2", "--seed", "5", "--format", "text")
    blocks = out.strip().split("\n\n")
    assert len(blocks) == 2
    assert blocks[1].splitlines()[0] == "Board 2   Dealer E   Vul NS"
    pbn = pbn_boards(run(capsys, "-n", "2", "--seed", "5"))
    d = Deal.parse(pbn[0]["Deal"])
    lines = blocks[0].splitlines()
    assert len(lines) == 13
    assert lines[1].strip() == "S " + (
        "".join(c.rank.letter for c in d.north.suit(Suit.SPADES)) or "-"
    )
    assert lines[5].startswith("S ")
    assert lines[5][32:] == "S " + ("".join(c.rank.letter for c in d.east.suit(Suit.SPADES)) or "-")


def test_lin_output(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "-n", "4", "--seed", "6", "--format", "lin")
    pbn = pbn_boards(run(capsys, "-n", "4", "--seed", "6"))
    lines = out.strip().splitlines()
    assert len(lines) == 4
    for i, (line, tags) in enumerate(zip(lines, pbn, strict=True), start=1):
        fields = line.split("|")
        pairs = dict(zip(fields[0::2], fields[1::2], strict=False))
        assert pairs["ah"] == f"Board {i}"
        assert pairs["sv"] == {"None": "o", "NS": "n", "EW": "e", "All": "b"}[tags["Vulnerable"]]
        md = pairs["md"]
        assert (
            int(md[0]) == {Seat.SOUTH: 1, Seat.WEST: 2, Seat.NORTH: 3, Seat.EAST: 4}[dealer_of(i)]
        )
        hands = md[1:].split(",")
        d = Deal.parse(tags["Deal"])
        for text, seat in zip(hands, (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST), strict=True):
            parsed = re.fullmatch(r"S([^H]*)H([^D]*)D([^C]*)C(.*)", text)
            assert parsed is not None
            assert Hand.parse(".".join(g or "-" for g in parsed.groups())) == d[seat]


def test_zero_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "-n", "0", "--seed", "1") == ""


@pytest.mark.parametrize(
    ("argv", "error", "message"),
    [
        (["--where", "hcp(nort) > 3"], ParseError, "unknown seat 'nort' at line 1, column 5"),
        (["--where", "hcp(north) > 37", "--max-tries", "2000"], QipaiError, "0 of 1 deals"),
        (["--predeal", "north SA", "--predeal", "south SA"], QipaiError, "SA"),
        (["-n", "-2"], ParseError, "-n must be 0 or more"),
        (["--board", "0"], ParseError, "board numbers start at 1"),
    ],
)
def test_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], error: type, message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        run(capsys, *argv)


def test_missing_script_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(OSError):
        run(capsys, "--script", str(tmp_path / "missing.dlr"))
