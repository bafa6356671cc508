"""``qipai results``: a hand-made pairs event written inline as PBN, and the RealBridge teams
event from ../shared/data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from qipai.bridge import Deal
from qipai.cli import main
from qipai.formats import read_file

EXAMPLE2 = (
    Path(__file__).resolve().parents[2].parent / "shared/data/bridge/pbn/endplay_example2.pbn"
)


def game(
    board: int, ns: int, ew: int, contract: str, declarer: str, result: str, **tags: str
) -> str:
    """One PBN game: pair ``ns`` (players Nn and Sn) against pair ``ew`` (En and Wn)."""
    lines = [
        '[Event "Club pairs"]',
        f'[Board "{board}"]',
        f'[West "W{ew}"]',
        f'[North "N{ns}"]',
        f'[East "E{ew}"]',
        f'[South "S{ns}"]',
        f'[Deal "{Deal.from_seed(board).pbn()}"]',
        f'[Declarer "{declarer}"]',
        f'[Contract "{contract}"]',
        f'[Result "{result}"]',
        *(f'[{name} "{value}"]' for name, value in tags.items()),
    ]
    return "\n".join(lines) + "\n\n"


# A three-table Mitchell (NS pairs 1-3, EW pairs 4-6); board 3 was played at two tables only.
# Board 1 none vulnerable, board 2 NS vulnerable, board 3 EW vulnerable (Law 2). The
# dealer and vulnerability come from the board numbers: the games carry no such tags.
MITCHELL = "".join(
    [
        game(1, 1, 4, "4S", "N", "10", Table="1"),  # +420: 1 MP of 4, 25%
        game(1, 2, 5, "4S", "N", "11", Table="2"),  # +450: 4, 100%
        game(1, 3, 6, "4S", "N", "10", Table="3"),  # +420: 1, 25%
        game(2, 1, 5, "3NT", "S", "8", Table="1"),  # -100: 2, 50%
        game(2, 2, 6, "2H", "W", "8", Table="2"),  # -110: 0, 0%
        game(2, 3, 4, "1NT", "N", "7", Table="3"),  # +90: 4, 100%
        game(3, 1, 6, "4H", "E", "9", Table="1"),  # +100: 2 of 2 -> 3.5 of 4, 87.5% (Neuberg)
        game(3, 2, 4, "4Hx", "E", "10", Table="2"),  # -790: 0 of 2 -> 0.5 of 4, 12.5%
    ]
)


def results_json(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> dict[str, Any]:
    assert main(["results", str(path), "--json", *args]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.fixture
def mitchell(tmp_path: Path) -> Path:
    path = tmp_path / "mitchell.pbn"
    path.write_text(MITCHELL, encoding="utf-8")
    return path


def test_matchpoints_checked_by_hand(capsys: pytest.CaptureFixture[str], mitchell: Path) -> None:
    data = results_json(capsys, mitchell, "--scoring", "mp")
    assert data["scoring"] == "mp" and data["field"] == 3 and data["problems"] == []
    boards = {b["board"]: b for b in data["boards"]}
    assert [b["top"] for b in data["boards"]] == [4, 4, 4]
    assert [(r["ns_score"], r["ns_points"], r["ns_percent"]) for r in boards[1]["results"]] == [
        (420, 1, 25),
        (450, 4, 100),
        (420, 1, 25),
    ]
    assert [(r["ns_score"], r["ew_percent"]) for r in boards[2]["results"]] == [
        (-100, 50),
        (-110, 100),
        (90, 0),
    ]
    three = boards[3]["results"]
    assert [(r["ns_score"], r["ns_points"], r["ew_points"]) for r in three] == [
        (100, 3.5, 0.5),
        (-790, 0.5, 3.5),
    ]
    first = three[1]
    assert (first["ns_pair"], first["ew_pair"], first["table"]) == ("N2 & S2", "E4 & W4", "2")
    assert (first["contract"], first["declarer"], first["tricks"]) == ("4HX", "E", 10)
    ranking = [(p["rank"], p["pair"], p["boards"], p["total"], p["percent"]) for p in data["pairs"]]
    assert ranking == [
        (1, "E6 & W6", 3, 7.5, 62.5),  # (75 + 100 + 12.5) / 3; ties in name order
        (1, "N3 & S3", 2, 5, 62.5),  # (25 + 100) / 2
        (3, "E4 & W4", 3, 6.5, 54.17),  # (75 + 0 + 87.5) / 3
        (3, "N1 & S1", 3, 6.5, 54.17),  # (25 + 50 + 87.5) / 3
        (5, "N2 & S2", 3, 4.5, 37.5),  # (100 + 0 + 12.5) / 3
        (6, "E5 & W5", 2, 2, 25),  # (0 + 50) / 2
    ]
    assert data["pairs"][0]["sides"] == ["EW"] and data["pairs"][1]["sides"] == ["NS"]
    assert data["matches"] == [] and data["teams"] == []


def test_the_text_report(capsys: pytest.CaptureFixture[str], mitchell: Path) -> None:
    assert main(["results", str(mitchell), "--scoring", "mp"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "Board 3 (top 4)" in out
    assert "  4HX E 10   NS   -790    0.50 MP  12.50%  N2 & S2 v E4 & W4" in out.splitlines()
    assert "    1   62.50%     5.00 MP  N3 & S3 [NS, 2 boards]" in out.splitlines()


def test_imp_methods(capsys: pytest.CaptureFixture[str], mitchell: Path) -> None:
    butler = results_json(capsys, mitchell, "--scoring", "butler", "--trim", "0")
    assert [b["datum"] for b in butler["boards"]] == [430, -40, -350]
    assert [r["ns_points"] for r in butler["boards"][0]["results"]] == [0, 1, 0]
    assert sum(p["total"] for p in butler["pairs"]) == 0
    imp = results_json(capsys, mitchell, "--scoring", "imp", "--trim", "0")
    assert imp["boards"] == butler["boards"]
    ximp = results_json(capsys, mitchell, "--scoring", "ximp")
    assert [r["ns_points"] for r in ximp["boards"][0]["results"]] == [-0.5, 1, -0.5]
    assert all(b["datum"] is None and b["top"] is None for b in ximp["boards"])


def test_pair_ids_from_tags_and_scores_without_contracts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = MITCHELL + "".join(
        [
            game(4, 1, 4, "3NT", "N", "9", PairId_NS="1", PairId_EW="4"),
            game(4, 2, 5, "", "", "", Score="NS 400"),  # a score alone: scored
            game(4, 3, 6, "", "", "", Table="3"),  # nothing: reported, not scored
        ]
    )
    path = tmp_path / "more.pbn"
    path.write_text(text, encoding="utf-8")
    assert main(["results", str(path), "--scoring", "mp", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    four = data["boards"][3]["results"]
    assert [(r["ns_pair"], r["contract"], r["ns_score"]) for r in four] == [
        ("1", "3NT", 600),  # board 4: both vulnerable
        ("N2 & S2", None, 400),
    ]
    [problem] = data["problems"]
    assert problem["board"] == 4 and problem["table"] == "3"
    assert problem["reason"] == "not scored: no contract and no score"
    lines = text.splitlines()
    assert problem["line"] == len(lines) - lines[::-1].index('[Event "Club pairs"]')
    assert captured.err == (
        f"qipai results: board 4, table 3 (line {problem['line']}): "
        "not scored: no contract and no score\n"
    )


def test_nothing_scored_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "empty.pbn"
    path.write_text(game(1, 1, 2, "", "", ""), encoding="utf-8")
    assert main(["results", str(path), "--scoring", "mp"]) == 1
    assert "board 1" in capsys.readouterr().err


def test_a_bad_trim_is_refused(capsys: pytest.CaptureFixture[str], mitchell: Path) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["results", str(mitchell), "--scoring", "butler", "--trim", "median"])
    assert exit.value.code == 2
    assert "'seed', 'acbl', 'none'" in capsys.readouterr().err


def test_write_adds_score_tables(capsys: pytest.CaptureFixture[str], mitchell: Path) -> None:
    out = mitchell.with_name("scored.pbn")
    assert main(["results", str(mitchell), "--scoring", "mp", "--write", str(out)]) == 0
    capsys.readouterr()
    before, after = read_file(mitchell), read_file(out)
    assert len(after) == len(before) == 8
    with_table = [i for i, r in enumerate(after) if r.tag("ScoreTable")]
    assert with_table == [0, 3, 6]  # the first record of each board
    assert [i for i, r in enumerate(after) if r.tag("TotalScoreTable")] == [0]
    header, *rows = (after[6].tag("ScoreTable") or "").split("\n")
    assert header == (
        "Table\\1L;PairId_NS\\9L;PairId_EW\\9L;Contract\\3L;Declarer\\1R;Result\\2R;"
        "Score_NS\\3R;Score_EW\\3R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\5R;Percentage_EW\\5R"
    )
    assert [" ".join(row.split()) for row in rows] == [
        '1 "N1 & S1" "E6 & W6" 4H E 9 100 - 3.50 0.50 87.50 12.50',
        '2 "N2 & S2" "E4 & W4" 4HX E 10 - 790 0.50 3.50 12.50 87.50',
    ]
    total = (after[0].tag("TotalScoreTable") or "").split("\n")
    assert total[0].startswith("Rank\\1L;PairId\\9L;NrBoards\\1R;TotalMP\\4R;MeanPercentage\\5R")
    assert " ".join(total[1].split()) == '1 "E6 & W6" 3 7.50 62.50'
    # everything else is as it was
    strip = lambda r: tuple(t for t in r.tags if t[0] not in ("ScoreTable", "TotalScoreTable"))  # noqa: E731
    assert [(r.number, r.contract, r.result, strip(r)) for r in after] == [
        (r.number, r.contract, r.result, strip(r)) for r in before
    ]
    # scoring the written file again replaces the tables: the same file comes out
    again = out.with_name("again.pbn")
    assert main(["results", str(out), "--scoring", "mp", "--write", str(again)]) == 0
    assert again.read_text("utf-8") == out.read_text("utf-8")


@pytest.mark.skipif(not EXAMPLE2.exists(), reason="../shared/data is missing")
def test_teams_on_the_realbridge_event(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "scored.pbn"
    code = main(["results", str(EXAMPLE2), "--scoring", "teams", "--json", "--write", str(out)])
    assert code == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert sum(len(b["results"]) for b in data["boards"]) == 298
    assert data["pairs"] == [] and len(data["matches"]) == 15
    assert data["teams"][0] == {
        "rank": 1,
        "team": "SWEDEN",
        "matches": 1,
        "imps_for": 36,
        "imps_against": 4,
        "vp": 18.15,
    }
    [problem] = data["problems"]
    assert (problem["board"], problem["table"]) == (20, "6")
    assert captured.err.startswith("qipai results: board 20, table 6 (line ")
    written = read_file(out)
    assert len(written) == 299
    table = written[0].tag("ScoreTable") or ""
    assert table.split("\n")[0].startswith("Table\\2L;PairId_NS\\")
    assert "Team_NS" in table and "IMP_NS" in table and len(table.split("\n")) == 31
    teams_table = (written[0].tag("TotalScoreTable") or "").split("\n")
    assert teams_table[0].startswith("Rank\\2L;Team\\")
    assert " ".join(teams_table[1].split()) == '1 "SWEDEN" 1 36 4 18.15'


def test_rooms_in_order_labels_who_sat_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # issue #16 cause 11: the second of two unlabelled results is the closed room, where the
    # visiting team sits NS; the labels must say so, not only the IMPs
    teams = {"HomeTeam": "Lions", "VisitTeam": "Tigers"}
    path = tmp_path / "match.pbn"
    path.write_text(
        game(1, 1, 2, "4S", "N", "10", **teams) + game(1, 3, 4, "4S", "N", "9", **teams),
        encoding="utf-8",
    )
    data = results_json(capsys, path, "--scoring", "teams", "--rooms-in-order")
    first, second = data["boards"][0]["results"]
    assert (first["room"], first["ns_team"], first["ew_team"]) == ("open", "Lions", "Tigers")
    assert (second["room"], second["ns_team"], second["ew_team"]) == ("closed", "Tigers", "Lions")
    assert (first["ns_points"], second["ns_points"]) == (10.0, -10.0)  # +420 v -50: 470, 10 IMPs
