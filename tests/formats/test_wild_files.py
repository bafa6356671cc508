"""Issue #16: the faults real files showed, each on the real file (from ../shared/data/bridge/
corpus, skipped where it is missing) or on a minimal file made from one, its source named."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from qipai.formats import read_lin, read_pbn, write_lin, write_pbn

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
