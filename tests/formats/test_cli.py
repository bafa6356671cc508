"""``qipai show`` and ``qipai convert`` as a user runs them."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from qipai.cli import main
from qipai.commands.show import render, width
from qipai.formats import Record, read_file, read_pbn, write_file

BOARD = """[Event "Club night"]
[Board "17"]
[West "Wang"]
[North "Li"]
[East "Zhao"]
[South "Chen"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AT9.2.J432.A9863 76432.4.KQ.QJT72 Q.KJ976.AT8765.5 KJ85.AQT853.9.K4"]
[Declarer "W"]
[Contract "5SX"]
[Result "8"]
[Auction "N"]
Pass Pass 1H Pass
1NT 2H! =1= 3D 4S
5D Pass Pass 5S
X Pass Pass Pass
[Note "1:Spades and a minor"]
[Play "N"]
H2 H4 HK HA
*
"""


@pytest.fixture
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "club.pbn"
    path.write_text(BOARD, encoding="utf-8")
    return path


def test_show_draws_the_hands_auction_and_result(
    board_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(board_file)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Board 17   Dealer: North   Vulnerability: None vulnerable"
    assert "Club night" in lines[1]
    # North on top, West and East side by side, South below, with suit symbols and tens
    north = next(i for i, line in enumerate(lines) if "North  Li" in line)
    assert lines[north + 1].strip() == "♠ A109"
    west_east = next(line for line in lines if line.startswith("West  Wang"))
    assert "East  Zhao" in west_east
    assert lines.index(west_east) > north
    assert any(line.strip() == "South  Chen" for line in lines[lines.index(west_east) :])
    # the auction in columns W N E S, North's first call in the second column
    header = lines.index("West     North    East     South")
    assert lines[header + 1] == "         Pass     Pass     1♥"
    assert "2♥!(1)" in lines[header + 2]
    assert "  (1) Spades and a minor" in lines
    # one display of contracts and results with the pages (qipai.web.display)
    assert "Contract: 5♠ X by West" in lines
    assert "Opening lead: ♥2" in lines
    assert "Result: 8 tricks (-3)" in lines
    assert "Score: NS +500" in lines


def test_show_in_chinese(board_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(board_file), "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("牌号 17   发牌人：北   局况：双方无局")
    assert re.search(r"^西 +北 +东 +南$", out, re.M)
    assert "不叫" in out and "加倍" in out and "1♥" in out
    assert "定约：5♠ 加倍  庄家：西" in out
    assert "结果：8墩 (宕三)" in out and "得分：南北 +500" in out
    # the diagram's columns line up on screen, Chinese characters being two columns wide
    west = next(line for line in out.splitlines() if line.startswith("西  Wang"))
    north_line = next(line for line in out.splitlines() if "北  Li" in line)
    assert width(west[: west.index("东")]) > width(north_line[: north_line.index("北")])


def test_show_a_passed_out_board_and_a_hidden_hand() -> None:
    [r] = read_pbn(
        '[Board "3"]\n[Deal "S:- - AKQJ.T98.765.432 -"]\n[Contract "Pass"]\n'
        '[Auction "S"]\nPass Pass Pass Pass'
    )
    text = render(r)
    assert "Contract: Passed out" in text and "(not known)" in text
    # South deals: the first call stands in the fourth column
    assert (
        "West     North    East     South\n                           Pass\nPass     Pass     Pass"
        in text
    )


def test_show_picks_boards_and_lists_repairs(
    real_file: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(real_file("pbn/endplay_example2.pbn")), "--board", "12"]) == 0
    out = capsys.readouterr().out
    headings = [line for line in out.splitlines() if line.startswith("Board ")]
    assert len(headings) == 30 and all(h.startswith("Board 12 ") for h in headings)
    assert "Put right on reading" not in out
    assert main(["show", str(real_file("pbn/endplay_example4.pbn"))]) == 0
    out = capsys.readouterr().out
    assert "Put right on reading:" in out and "leaves out the 1 pass before" in out


def test_convert_between_all_three(
    board_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = read_file(board_file)
    json_path, lin_path, pbn_path = (tmp_path / f"out.{x}" for x in ("json", "lin", "pbn"))
    assert main(["convert", str(board_file), str(json_path)]) == 0
    assert capsys.readouterr().out == f"1 board: {board_file} -> {json_path}\n"
    assert read_file(json_path) == original
    assert main(["convert", str(json_path), str(lin_path)]) == 0
    assert main(["convert", str(lin_path), str(pbn_path)]) == 0
    back = read_file(pbn_path)[0]
    first = original[0]
    # through LIN: the deal, auction (alert and note), play and result all survive
    assert (back.deal, back.auction, back.play, back.result) == (
        first.deal,
        first.auction,
        first.play,
        first.result,
    )
    assert back.players == first.players


def test_convert_reports_repairs_and_strict_refuses(
    real_file: Callable[[str], Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = real_file("pbn/endplay_example4.pbn")
    assert main(["convert", str(path), str(tmp_path / "x.json")]) == 0
    err = capsys.readouterr().err
    assert "1 of 1 records were put right on reading" in err
    assert main(["convert", "--strict", str(path), str(tmp_path / "y.json")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"qipai convert: {path}, line 20, board 1, [Auction]: ")
    assert "\n" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n[Contract "9S"]\n',
            "line 3, board 1, [Contract]",
        ),
        ('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S 1C\n', "line 4, board 1, [Auction]"),
    ],
)
def test_a_bad_file_gives_one_clear_line(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(content, encoding="utf-8")
    for command in (["show", str(path)], ["convert", str(path), str(tmp_path / "o.json")]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"qipai {command[0]}: {path}, {message}: ")
        assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "o.json").exists()


def test_unknown_extensions_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "a.txt"
    src.write_text("x", encoding="utf-8")
    assert main(["convert", str(src), str(tmp_path / "b.pbn")]) == 1
    assert "use a .pbn, .lin or .json file" in capsys.readouterr().err
    assert main(["show", str(tmp_path / "missing.pbn")]) == 1
    assert "No such file" in capsys.readouterr().err


def test_a_latin1_file_reads(tmp_path: Path) -> None:
    path = tmp_path / "old.pbn"
    path.write_bytes('[Event "Café"]\n[Board "1"]\n[Deal "N:- - - -"]\n'.encode("latin-1"))
    [r] = read_file(path)
    assert r.tag("Event") == "Café"


def test_records_render_without_a_file(real_records: Callable[[str], list[Record]]) -> None:
    for r in real_records("lin/endplay_example1.lin"):
        text = render(r, "zh")
        assert text.startswith(f"牌号 {r.number}") and "得分：" in text


def test_convert_a_folder_with_a_summary(
    board_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "in"
    (folder / "deeper").mkdir(parents=True)
    (folder / "deeper" / "night.pbn").write_text(board_file.read_text("utf-8"), "utf-8")
    write_file(folder / "deeper" / "night.json", read_file(board_file))
    (folder / "bad.pbn").write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S 1C\n', "utf-8")
    (folder / "notes.txt").write_text("not a board file", "utf-8")
    traveller = '[Board "2"]\n[Deal "N:- - - -"]\n[Declarer "N"]\n[Contract "3N"]\n[Result "9"]\n'
    (folder / "traveller.pbn").write_text(traveller, "utf-8")
    out = tmp_path / "out"
    assert main(["convert", str(folder), str(out), "--to", "lin"]) == 1  # one file refused
    captured = capsys.readouterr()
    assert captured.out == (
        "3 files read, 3 boards, 0 warnings, 1 refused, 1 board written without parts the "
        f"format cannot hold -> {out}\n"
    )
    assert f"refused: {folder / 'bad.pbn'}, line 4, board 1, [Auction]: " in captured.err
    assert (
        f"{folder / 'traveller.pbn'}, line 1, board 2: LIN has no place for a contract without "
        "an auction: the contract 3NT by N, the result (9 tricks) left out" in captured.err
    )
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*.lin"))
    # a folder's files keep their places; two that would meet keep their whole names
    assert written == ["deeper/night.json.lin", "deeper/night.pbn.lin", "traveller.lin"]
    assert read_file(out / "deeper/night.pbn.lin")[0].deal == read_file(board_file)[0].deal
    assert main(["convert", str(out)]) == 1
    assert "give the files to read and the file or folder to write" in capsys.readouterr().err
    assert main(["convert", str(folder), str(out)]) == 1
    assert "say --to pbn|lin|json" in capsys.readouterr().err


def test_the_progress_bar_shows_on_a_terminal_only() -> None:
    from io import StringIO

    from qipai.commands.progress import ProgressBar

    class Terminal(StringIO):
        def isatty(self) -> bool:
            return True

    screen, pipe = Terminal(), StringIO()
    for stream in (screen, pipe):
        bar = ProgressBar(4, stream)
        bar.show(2, "a.pbn")
        bar.clear()
    assert f"\r[{'#' * 15}{'.' * 15}] 2/4 a.pbn" in screen.getvalue()
    assert screen.getvalue().endswith("\r") and pipe.getvalue() == ""
