"""Par: our values over DDS's dealer-aware par, checked against Law 77 scoring and real files."""

import importlib
import re
from pathlib import Path

import pytest

from qipai.analysis.dds import DDSError, DDTable, RawParContract
from qipai.analysis.par import Par, ParContract, par
from qipai.bridge import Contract, Deal, ParseError, Seat, Strain, Vulnerability

# The module, not the function of the same name that qipai.analysis exports as ``par``.
par_module = importlib.import_module("qipai.analysis.par")

EXAMPLE2 = (
    Path(__file__).resolve().parents[2].parent / "shared/data/bridge/pbn/endplay_example2.pbn"
)

# From DDS's hands/nothing_makes.txt: neither side takes more than six tricks anywhere.
NOTHING_MAKES = Deal.parse("N:AJ93.952.Q943.96 T74.84.AKJ6.QT72 K62.KJ6.872.AKJ3 Q85.AQT73.T5.854")


def _table(per_seat):
    """A DD table from ``{seat: (C, D, H, S, NT)}``."""
    return DDTable(tuple(tuple(per_seat[s]) for s in Seat))


# --- the contract value ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["4HN", "4HS", "3NTE+2", "5DXE-2", "7NTS", "1CW+6", "4SXXN-1"])
def test_par_contract_text_round_trips(text):
    assert str(ParContract.parse(text)) == text
    assert eval(repr(ParContract.parse(text))) == ParContract.parse(text)


def test_par_contract_parts():
    pc = ParContract.parse("5dxe-2")
    assert pc.contract == Contract.parse("5DX")
    assert pc.declarer is Seat.EAST
    assert pc.result == -2 and pc.tricks == 9
    # 5DX-2 not vulnerable: 100 + 200 = 300 to North-South.
    assert pc.score_ns(Vulnerability.NONE) == 300
    # 4H= by North vulnerable: 120 + 500 = 620.
    assert ParContract.parse("4HN").score_ns(Vulnerability.BOTH) == 620
    assert ParContract.parse("4HW").score_ns(Vulnerability.NS) == -420


@pytest.mark.parametrize("text", ["", "4H", "4HQ", "8HN", "4HN+x", "7NTN+1", "1CN-8"])
def test_bad_par_contracts_are_refused(text):
    with pytest.raises(ParseError):
        ParContract.parse(text)


# --- par ------------------------------------------------------------------------------------


def test_a_deal_where_nothing_makes_is_passed_out():
    p = par(NOTHING_MAKES, Seat.NORTH, Vulnerability.NS)
    assert p.score == 0 and p.contracts == () and p.is_passed_out
    assert p.canonical is None
    assert p.optimum_score() == "NS 0"
    assert p.par_contract() == "Pass"
    assert str(p) == "NS 0: Pass"
    assert p.to_dict() == {"score": 0, "contracts": []}


def test_the_dealer_matters():
    # Both sides make exactly 1NT (7 tricks) whoever declares, and nothing more: the dealer's
    # side bids it first.
    sevens = {s: (6, 6, 6, 6, 7) for s in Seat}
    north_deals = par(_table(sevens), Seat.NORTH, Vulnerability.NONE)
    east_deals = par(_table(sevens), Seat.EAST, Vulnerability.NONE)
    assert north_deals.score == 90 and east_deals.score == -90
    assert [str(c) for c in north_deals.contracts] == ["1NTN", "1NTS"]
    assert [str(c) for c in east_deals.contracts] == ["1NTE", "1NTW"]
    assert north_deals.par_contract() == "NS 1NT"


def test_canonical_is_the_cheapest_contract_then_the_seat_nearest_the_dealer():
    # North-South make 10 tricks in hearts and spades (and 9 in notrump) but only South makes
    # the spade game; East-West take 4 tricks at most.
    ns = {
        Seat.NORTH: (6, 6, 10, 9, 9),
        Seat.SOUTH: (6, 6, 10, 10, 9),
        Seat.EAST: (4, 4, 3, 3, 4),
        Seat.WEST: (4, 4, 3, 3, 4),
    }
    p = par(_table(ns), Seat.WEST, Vulnerability.NONE)
    assert p.score == 420
    assert [str(c) for c in p.contracts] == ["4HN", "4HS", "4SS"]
    assert p.canonical == ParContract.parse("4HN")
    assert p.par_contract() == "NS 4H, S 4S"
    p = par(_table(ns), Seat.EAST, Vulnerability.NONE)
    assert [str(c) for c in p.contracts] == ["4HS", "4HN", "4SS"]


def test_a_doubled_sacrifice():
    # North-South make 4S vulnerable (620); East-West, not vulnerable, go two down in 5D
    # doubled (300) whoever declares.
    t = {
        Seat.NORTH: (5, 3, 7, 10, 6),
        Seat.SOUTH: (5, 3, 7, 10, 6),
        Seat.EAST: (8, 9, 6, 3, 6),
        Seat.WEST: (8, 9, 6, 3, 6),
    }
    p = par(_table(t), Seat.NORTH, Vulnerability.NS)
    assert p.score == 300
    assert [str(c) for c in p.contracts] == ["5DXE-2", "5DXW-2"]
    assert p.optimum_score() == "NS +300"
    assert p.par_contract() == "EW 5DX-2"
    assert p.to_dict() == {"score": 300, "contracts": ["5DXE-2", "5DXW-2"]}
    assert isinstance(p, Par)


def test_answers_that_fail_our_checks_raise(monkeypatch):
    t = _table({s: (6, 6, 6, 6, 7) for s in Seat})
    wrong_score = (100, [RawParContract(1, Strain.NOTRUMP, (Seat.NORTH,), 0, 0)])
    monkeypatch.setattr(par_module, "dealer_par", lambda *a, **k: wrong_score)
    with pytest.raises(DDSError, match="board 9: par contract 1NTN scores 90"):
        par(t, Seat.NORTH, Vulnerability.NONE, board=9)
    wrong_tricks = (90, [RawParContract(1, Strain.NOTRUMP, (Seat.NORTH,), 1, 0)])
    monkeypatch.setattr(par_module, "dealer_par", lambda *a, **k: wrong_tricks)
    with pytest.raises(DDSError, match="takes 8 tricks but the DD table says 7"):
        par(t, Seat.NORTH, Vulnerability.NONE)


# --- a real file's OptimumScore -------------------------------------------------------------


def test_optimum_scores_of_a_real_event():
    if not EXAMPLE2.exists():
        pytest.skip(f"{EXAMPLE2} is missing")
    seen = {}
    for block in re.split(r"\n\s*\n", EXAMPLE2.read_text(encoding="utf-8", errors="replace")):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "DoubleDummyTricks" in tags and "OptimumScore" in tags:
            seen[tags["Board"]] = tags
    assert len(seen) == 10
    for board, tags in seen.items():
        p = par(
            DDTable.parse(tags["DoubleDummyTricks"]),
            Seat.parse(tags["Dealer"]),
            Vulnerability.parse(tags["Vulnerable"]),
            board=board,
        )
        assert p.optimum_score() == tags["OptimumScore"], f"board {board}"
