"""The dealer's text written straight from its arrays (qipai.analysis.dealtext) is what the
deals as values print: the same for any deal (a property), and ``qipai deal``'s output for a
seed is the same as before it was written from arrays (golden files made by the old writer,
which built a ``Deal`` per board)."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.analysis.dealer import deal_array, deals_from_owners
from qipai.analysis.dealtext import holdings, lin_boards, pbn_deals
from qipai.bridge import Seat, Vulnerability
from qipai.commands import deal as deal_command
from qipai.formats import read_text

GOLDEN = Path(__file__).parent / "golden"
ARGS = [
    "-n", "24", "--seed", "7", "--where", "hcp(north)>=12 && spades(south)>=5",
    "--predeal", "west SAK, HQ", "--board", "3",
]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_text_from_arrays_is_what_the_values_print(seed: int, n: int) -> None:
    owners = deal_array(n, seed=seed)
    deals = deals_from_owners(owners)
    assert pbn_deals(owners) == [d.pbn() for d in deals]
    h = holdings(owners)
    for i, d in enumerate(deals):
        for seat in Seat:
            assert ".".join(h[i, seat]) == str(d[seat])
    boards = [(k, Seat.NORTH, Vulnerability.NONE) for k in range(1, n + 1)]
    assert [r.deal for r in read_text(lin_boards(owners, boards), "lin")] == deals


def test_voids_and_bad_shapes() -> None:
    owners = np.repeat(np.arange(4, dtype=np.uint8), 13)[None, :]  # N all clubs ... W spades
    assert pbn_deals(owners) == [
        "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    ]
    with pytest.raises(ValueError, match="shape"):
        holdings(np.zeros((2, 51), dtype=np.uint8))


@pytest.mark.parametrize("fmt", ["pbn", "text", "lin"])
def test_the_same_deals_as_before(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    parser = argparse.ArgumentParser(prog="qipai")
    deal_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["deal", *ARGS, "--format", fmt])
    assert args.handler(args) == 0
    golden = (GOLDEN / f"deal-seed7.{fmt}").read_text(encoding="utf-8")
    assert capsys.readouterr().out == golden
