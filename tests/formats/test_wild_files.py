"""Issue #16: the faults real files showed, each on the real file (from ../shared/data/bridge/
corpus, skipped where it is missing) or on a minimal file made from one, its source named."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

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
    assert warning.startswith("club.pbn, line 6, board 1: a { comment } opened on line 5 runs")
    with pytest.raises(FormatError, match=r"club.pbn, line 6: a \{ comment \} opened on line 5"):
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
