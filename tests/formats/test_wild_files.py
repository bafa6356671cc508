"""Issue #16: the faults real files showed, each on the real file (from ../shared/data/bridge/
corpus, skipped where it is missing) or on a minimal file made from one, its source named."""

from __future__ import annotations

import dataclasses
import json
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from qipai.cli import main
from qipai.formats import FormatError, read_lin, read_pbn, write_lin, write_pbn

CATASTROPHE = "corpus/lorserker__ben/Boards__Eamon__biggest_wbridge_catastrophe.pbn"


def _text(real_file: Callable[[str], Path], name: str) -> str:
    return real_file(name).read_text(encoding="utf-8")


def test_a_finished_play_is_its_own_result_in_every_format(
    real_file: Callable[[str], Path],
) -> None:
    # cause 10: lorserker/ben's 5CXX going four down, its Result tag taken away
    text = _text(real_file, CATASTROPHE).replace('[Result "4"]\n', "")
    [record] = read_pbn(text)
    assert record.result == 4 and record.score_ns == 3400  # 5CXX seven down, not vulnerable
    [via_lin] = read_pbn(write_pbn(read_lin(write_lin([record]))))
    assert via_lin.result == 4 and via_lin.play == record.play


def _game(*lines: str) -> str:
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    head = ['[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{deal}"]']
    return "\n".join([*head, *lines]) + "\n"


def test_a_comment_across_tag_lines_is_read_past_with_a_warning() -> None:
    # cause 14: a '{' left open in a club's results file swallowed the next tags unnoticed
    text = _game("{ a note left open", '[Contract "3NT"]', '[Declarer "N"]', "closed }")
    [record] = read_pbn(text, "club.pbn")
    assert record.contract is None
    [warning] = record.repairs
    assert warning.startswith("club.pbn, line 6, board 1, [Contract]: a { comment } opened on")
    with pytest.raises(FormatError, match=r"club.pbn, line 6, \[Contract\]: a \{ comment"):
        read_pbn(text, "club.pbn", strict=True)


def test_a_comment_never_closed_is_read_to_the_end_with_a_warning() -> None:
    text = _game('[Contract "3NT"]', '[Declarer "N"]', '[Result "9"]') + "\n" + _game("{ open")
    first, second = read_pbn(text, "club.pbn")
    assert first.result == 9 and not first.repairs
    assert second.repairs == (
        "club.pbn, line 13, board 1: a { comment } opened on line 13 is never closed: the rest "
        "of the file is read as comment",
    )


def test_a_stray_closing_brace_is_reported_where_it_is() -> None:
    # cause 12: '}' after nested braces was reported at the tag 19 lines above it
    text = _game("{ a { nested } comment }", '[Contract "3NT"]')
    with pytest.raises(FormatError, match=r"t.pbn, line 5: a '\}' that closes no comment"):
        read_pbn(text, "t.pbn")
    text = _game('[Contract "3NT"]', '[Declarer "N"]', *[""] * 0, "3NT")
    with pytest.raises(FormatError, match=r"t.pbn, line 7, board 1, \[Declarer\]: unexpected"):
        read_pbn(text, "t.pbn")


def test_pbn_to_lin_writes_only_what_lin_reads_back() -> None:
    # cause 9: an unfinished auction ('*') with the contract in the Contract and Declarer tags
    # and a trick played; cause 15: a result with no auction (a pairs event's travellers)
    unfinished = _game(
        '[Declarer "N"]', '[Contract "3NT"]', '[Result "9"]', '[Auction "N"]', "1NT Pass *"
    )
    played = unfinished + '[Play "E"]\nCA C8 C5 C2\n*\n'
    no_auction = _game('[Declarer "N"]', '[Contract "3NT"]', '[Result "10"]')
    records = read_pbn(played + "\n" + no_auction, "club.pbn")
    with pytest.raises(FormatError, match=r"club.pbn, line 1, board 1: LIN has no place"):
        write_lin(records)
    lost: list[str] = []
    back = read_lin(write_lin(records, lost))
    assert lost == [
        "club.pbn, line 1, board 1: LIN has no place for a contract after an unfinished "
        "auction: the contract 3NT by N, the result (9 tricks), the play (4 cards) left out",
        "club.pbn, line 14, board 1: LIN has no place for a contract without an auction: the "
        "contract 3NT by N, the result (10 tricks) left out",
    ]
    assert [r.deal for r in back] == [r.deal for r in records]
    assert back[0].auction == records[0].auction and back[1].auction is None
    assert all(r.contract is None and not r.play for r in back)


MOVIE = "bbo movie palette #00ff00;#ffffff\n"  # a BBO "movie" header: no key|value| pairs


def test_lin_text_outside_pairs_is_skipped_with_a_warning_naming_the_line() -> None:
    # cause 7: BBO movies start with a colour-palette header that is no LIN at all
    board = "pn|s,w,n,e|md|3SAKQJHT98D765C432,S765H432DAKQJCT98,S432HAKQJDT98C765|sv|n|"
    [record] = read_lin(MOVIE + board + "\ntrailing", "movie.lin")
    assert record.repairs == (
        "movie.lin, line 1: 'bbo movie palette #00ff00;#ffffff' is not a LIN key|value| pair: "
        "the line is skipped",
        "movie.lin, line 3: 'trailing' is not a LIN key|value| pair: the line is skipped",
    )
    with pytest.raises(FormatError, match=r"movie.lin, line 1: 'bbo movie"):
        read_lin(MOVIE + board, "movie.lin", strict=True)


SPINGOLD = "corpus/rthorst__Bridge/sample.lin"


def test_a_vugraph_header_names_the_match_and_teams_scoring_works(
    real_file: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # cause 8: rthorst/Bridge's 2016 Spingold quarter-final, boards 16-30, Street v Zimmermann
    path = real_file(SPINGOLD)
    records = read_lin(path.read_text(encoding="utf-8"), str(path))
    assert len(records) == 30
    first = records[0]
    assert (first.tag("Event"), first.tag("Stage"), first.tag("Scoring")) == (
        "A 2016 Spingold QF",
        "Segment 4 of 4",
        "IMP",
    )
    assert (first.tag("HomeTeam"), first.tag("VisitTeam")) == ("Street", "Zimmermann")
    assert read_lin(write_lin(records)) == records
    assert read_pbn(write_pbn(records)) == [dataclasses.replace(r, claim=None) for r in records]
    assert main(["results", str(path), "--scoring", "teams", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["board"] for b in data["boards"]] == list(range(16, 31))
    [match] = data["matches"]
    assert (match["home"], match["away"]) == ("Street", "Zimmermann")


def test_a_passed_out_board_with_result_0_reads() -> None:
    # cause 1: a 128-board club file wrote [Result "0"] on its passed-out boards
    [record] = read_pbn(_game('[Contract "Pass"]', '[Result "0"]'), "club.pbn")
    assert record.passed_out and record.result is None and record.score_ns == 0
    assert record.repairs == (
        'club.pbn, line 6, board 1, [Result]: a passed-out board with [Result "0"]: read as no '
        "result",
    )
    with pytest.raises(FormatError, match=r"line 7, board 1, \[Result\]: a passed-out board"):
        read_pbn(_game('[Auction "N"]', "AP", '[Result "3"]'))


def test_a_note_reference_without_its_note_is_kept_with_a_warning() -> None:
    # cause 2
    [record] = read_pbn(_game('[Auction "N"]', "1NT =1= AP"), "n.pbn")
    assert record.auction is not None and record.auction.entries[0].explanation == "=1="
    assert record.repairs[0].startswith("n.pbn, line 6, board 1, [Auction]: note =1= has no")
    assert read_pbn(write_pbn([record])) == [record]


LESSON = "corpus/Rick-Wilson__pbn-to-pdf/tests__fixtures__ABS2-2 Promotion and Length exercises.pbn"


def test_a_board_label_is_kept_as_text(real_file: Callable[[str], Path]) -> None:
    # cause 3: BridgeComposer numbers a lesson's boards "1-1", "1-2" ...
    records = read_pbn(_text(real_file, LESSON), "lesson.pbn")
    labelled = [r for r in records if r.tag("BoardLabel")]
    assert labelled and labelled[0].tag("BoardLabel") == "1-1" and labelled[0].number is None
    assert str(labelled[0].dealer) == "N"  # from the Dealer tag, not a number
    assert read_pbn(write_pbn(records)) == records
    assert '[Board "1-1"]' in write_pbn(labelled)
    [via_lin] = read_lin(write_lin(labelled[:1]))
    assert via_lin.tag("BoardLabel") == "1-1" and via_lin.number is None
    with pytest.raises(FormatError, match=r"line 1, \[Board\]: bad board number '0'"):
        read_pbn(_game().replace('"1"', '"0"'))


@pytest.mark.parametrize(
    ("result", "declarer", "tricks"),
    [
        ("NS 11", "N", 11),
        ("NS 11", "E", 2),
        ("EW 4", "S", 9),
        ("EW 4 NS 9", "W", 4),
        ("^9", "N", 9),
    ],
)
def test_a_result_given_for_a_side(result: str, declarer: str, tricks: int) -> None:
    # cause 4: PBN 2.1, 3.4.15 allows tricks given for NS or EW
    text = _game(f'[Declarer "{declarer}"]', '[Contract "3NT"]', f'[Result "{result}"]')
    [record] = read_pbn(text)
    assert record.result == tricks and not record.repairs
    [export] = read_pbn("% PBN 2.1\n% EXPORT\n" + text, "e.pbn")
    assert export.result == tricks
    if not result[0].isdigit() and result[0] != "^":
        assert "is given for a side" in export.repairs[0]
    with pytest.raises(FormatError, match="the two sides' tricks make 13"):
        read_pbn(text.replace(result, "NS 9 EW 9"))


def test_hash_with_nothing_to_repeat_drops_a_tag_qipai_does_not_need(
    real_file: Callable[[str], Path],
) -> None:
    # cause 5: larrycai/pbn2html's demo1.pbn starts with [Scoring "#"]
    [record] = read_pbn(_text(real_file, "corpus/larrycai__pbn2html/pbn2html__pbn__demo1.pbn"))
    assert record.tag("Scoring") is None
    assert (
        '[Scoring "#"] has no previous game value to repeat: the tag is dropped'
        in (record.repairs[0])
    )
    with pytest.raises(FormatError, match="no previous game value"):
        read_pbn(_game().replace('[Dealer "N"]', '[Dealer "#"]'))


def test_an_auction_table_may_start_before_the_dealer() -> None:
    # cause 6: PBN 2.1, 3.5: in import format a '-' stands for each seat before the dealer
    [record] = read_pbn(_game('[Auction "W"]', "- 1NT Pass 3NT", "AP"))
    assert record.auction is not None and record.auction.dealer.letter == "N"
    assert str(record.contract) == "3NT" and record.declarer is not None
    with pytest.raises(FormatError, match=r"line 6, board 1, \[Auction\]: the auction starts"):
        read_pbn(_game('[Auction "W"]', "1NT Pass 3NT AP"))


def test_a_card_led_from_the_wrong_hand_is_named() -> None:
    # cause 13: North holds SA, but it stands in East's (the leader's) column
    text = _game('[Declarer "N"]', '[Contract "3NT"]', '[Play "E"]', "SA - - -", "*")
    with pytest.raises(FormatError, match="East is on lead, but SA in East's column is North's"):
        read_pbn(text)


def test_other_faults_of_real_lesson_files() -> None:
    # Baker Bridge (Rick-Wilson/Baker-Bridge): CSVtoPBN leaves hands empty between single
    # spaces, and auctions end "all pass"; BridgeComposer lessons write spot cards as x;
    # lorserker/ben's 2H-3H.PBN ends an auction with "4H*"
    [sparse] = read_pbn(
        _game('[Auction "N"]', "1NT all pass").replace(
            '"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"',
            '"W: AKQJ.T98.765.432  765.432.AKQJ.T98"',
        )
    )
    assert len(sparse.deal[sparse.dealer]) == 13 and len(sparse.deal[sparse.dealer.lho]) == 0
    assert str(sparse.contract) == "1NT" and len(sparse.repairs) == 2
    [spots] = read_pbn(_game().replace("T98.765.432.AKQJ", "xxx.xxx.xxxx.xxx"))
    assert "spot cards 'x'" in spots.repairs[0]
    [starred] = read_pbn(_game('[Auction "N"]', "1NT Pass 2NT*"))
    assert starred.auction is not None and len(starred.auction.entries) == 3


def test_team_results_without_auctions_go_to_lin_as_bbo_writes_them() -> None:
    # cause 15: BBO keeps a result whose auction is unknown in the vugraph header's rs
    # summary (rthorst/Bridge's Spingold file: "rs|3HS=,4DE=,...|", open then closed room)
    rooms = [
        _game('[Room "Open"]', '[Declarer "N"]', '[Contract "4SX"]', '[Result "9"]'),
        _game('[Room "Closed"]', '[Declarer "E"]', '[Contract "3NT"]', '[Result "10"]'),
        _game('[Room "Open"]', '[Contract "Pass"]').replace('"1"', '"2"'),
    ]
    records = read_pbn("\n".join(rooms), "match.pbn")
    lost: list[str] = []
    text = write_lin(records, lost)
    assert not lost and "rs|4SNx-1,3NE+1,P,|" in text
    assert read_lin(text) == records
    assert [r.score_ns for r in read_lin(text)] == [-100, -430, 0]


def test_show_heads_a_labelled_board_with_its_label(
    real_file: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(real_file(LESSON))]) == 0
    assert "Board 1-1   Dealer: North" in capsys.readouterr().out


XIN_TEMPLATE = "corpus/larrycai__xin2pbn/template.pbn"


def test_a_xinrui_export_as_xin2pbn_writes_it(real_file: Callable[[str], Path]) -> None:
    # larrycai/xin2pbn turns a 新睿 (xinruibridge.com) deal log into PBN by filling its
    # template.pbn; filled here as xin2pbn.py does with its own sample deal (a 7H by South)
    auction = "Pass 1NT Pass 4D\nPass 4H Pass 4NT\nPass 5H Pass 5NT\nPass 6C Pass 6D\n"
    auction += "Pass 7H Pass Pass\nPass"
    rows = ["H2 H5 H3 H9", "C8 C2 C4 CK", "CJ CA C3 C5", "CQ C6 C9 HA", "D8 DA D2 D3"]
    rows += ["H4 HK S3 D4", "H8 HQ S8 S4", "HT HJ S9 D6", "D7 H7 D5 S5", "DT H6 ST DJ"]
    rows += ["S2 SJ SQ SK", ""]
    text = string.Template(_text(real_file, XIN_TEMPLATE)).safe_substitute(
        str="锦标赛 第1轮 牌号 6/8",
        dealer="E",
        vul="EW",
        deal="QT983.3.Q52.T943 AK654.A9.J643.K5 72.T842.KT87.QJ8 J.KQJ765.A9.A762",
        score="1510",
        declarer="S",
        contract="7H",
        wintrick="13",
        auction=auction,
        leader="W",
        play="\n".join(rows),
    )
    [record] = read_pbn(text, "xinrui.pbn")
    assert (str(record.contract), str(record.declarer), record.result) == ("7H", "S", 13)
    assert record.score_ns == 1510 and len(record.play) == 44 and not record.repairs
    assert record.tag("Event") == "锦标赛 第1轮 牌号 6/8"
    [back] = read_pbn(write_pbn(read_lin(write_lin([record]))))
    assert (back.auction, back.play, back.result) == (record.auction, record.play, 13)


def test_a_bbo_hand_record_reads_without_warnings(real_file: Callable[[str], Path]) -> None:
    # Rick-Wilson/bridge-wrangler's BBO hand record: vg/rs/pw/mp/bn header, "qx|o1,BOARD 1|",
    # three hands in md, sa|0|
    path = real_file(
        "corpus/Rick-Wilson__bridge-wrangler/tests__fixtures__expected__ABS2-2 - NESW.lin"
    )
    records = read_lin(path.read_text(encoding="utf-8"), path.name)
    assert [r.number for r in records] == [1, 2, 3, 4]
    assert all(r.deal.is_complete and not r.repairs for r in records)
    assert read_lin(write_lin(records)) == records
