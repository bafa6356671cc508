"""The DDS adapter: our DD table value, batches, checks, errors that name the board.

DDS's own answer files are in test_dds_reference.py; a real event's DoubleDummyTricks tags in
test_dds_cli.py."""

from functools import cache

import pytest

from qipai.analysis.dds import (
    MAX_TABLES_PER_CALL,
    DDSError,
    DDTable,
    check_deal,
    dd_table,
    dd_tables,
    set_threads,
    threads,
)
from qipai.bridge import Card, Deal, Hand, ParseError, QipaiError, Seat, Strain


@cache
def single(deal):
    """dd_table, each deal solved once in this module (the reference for batch answers)."""
    return dd_table(deal)


# North holds the top cards in every suit: North-South take every trick at notrump.
TOPS = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _table(n, e, s, w):
    """rows from per-seat lists in our strain order C, D, H, S, NT."""
    return DDTable((tuple(n), tuple(e), tuple(s), tuple(w)))


# --- the value ------------------------------------------------------------------------------


def test_text_form_is_pbn_double_dummy_tricks_order():
    # PBN: declarers N, S, E, W; for each NT, S, H, D, C.
    t = _table([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 0, 1], [2, 3, 4, 5, 6])
    assert str(t) == "54321" + "10dcb" + "a9876" + "65432"
    assert DDTable.parse(str(t)) == t
    assert DDTable.parse(str(t).upper()) == t
    assert repr(t) == f"DDTable.parse('{t}')"


def test_tricks_and_dict_shape():
    t = DDTable.parse("77667775576677566775")
    assert t.tricks(Seat.NORTH, Strain.NOTRUMP) == 7
    assert t.tricks(Seat.SOUTH, Strain.HEARTS) == 5
    assert t.tricks(Seat.WEST, Strain.CLUBS) == 5
    d = t.to_dict()
    assert list(d) == ["N", "E", "S", "W"]
    assert list(d["N"]) == ["C", "D", "H", "S", "NT"]
    assert d["N"] == {"C": 7, "D": 6, "H": 6, "S": 7, "NT": 7}
    assert DDTable.from_dict(d) == t


def test_optimum_result_table_rows():
    rows = DDTable.parse("77667775576677566775").optimum_result_table()
    assert rows[:3] == ["N NT  7", "N  S  7", "N  H  6"]
    assert rows[5] == "S NT  7"
    assert len(rows) == 20


@pytest.mark.parametrize("text", ["", "7766777557667756677", "7766777557667756677g", "e" * 20])
def test_bad_text_forms_are_refused(text):
    with pytest.raises(ParseError):
        DDTable.parse(text)


def test_bad_values_cannot_be_built():
    with pytest.raises(ValueError):
        _table([14, 0, 0, 0, 0], [0] * 5, [0] * 5, [0] * 5)
    with pytest.raises(ValueError):
        DDTable(((0,) * 5,) * 3)
    with pytest.raises(ParseError):
        DDTable.from_dict({"N": {"C": 1}})


# --- solving --------------------------------------------------------------------------------


def test_a_deal_with_all_the_top_cards():
    t = single(TOPS)
    for strain in Strain:
        assert t.tricks(Seat.NORTH, strain) >= 12
        assert t.tricks(Seat.EAST, strain) <= 1
    assert t.tricks(Seat.NORTH, Strain.NOTRUMP) == 13
    assert t.tricks(Seat.SOUTH, Strain.NOTRUMP) == 13


def test_rotating_the_deal_rotates_the_table():
    deal = Deal.from_seed(11)
    turned = Deal(deal.west, deal.north, deal.east, deal.south)  # everyone moves one seat on
    a, b = dd_tables([deal, turned])
    for seat in Seat:
        for strain in Strain:
            assert b.tricks(seat.lho, strain) == a.tricks(seat, strain)


def test_batch_matches_single_and_keeps_order():
    deals = [Deal.from_seed(5), TOPS]
    assert dd_tables(deals) == [single(d) for d in deals]


def test_equal_deals_are_solved_once_and_answered_each_time():
    calls = []
    deals = [TOPS, Deal.from_seed(1), TOPS]
    tables = dd_tables(deals, progress=lambda done, total: calls.append((done, total)))
    assert tables[0] == tables[2] == single(TOPS)
    assert calls == [(2, 2)]


def test_empty_batch():
    assert dd_tables([]) == []


def test_dds_uses_every_core():
    import os

    assert threads() >= 1
    cores = os.cpu_count() or 1
    assert threads() <= max(cores, 1) * 2


def test_threads_can_be_set_and_restored():
    try:
        assert set_threads(1) == 1
        assert dd_table(TOPS).tricks(Seat.NORTH, Strain.NOTRUMP) == 13
    finally:
        assert set_threads(0) >= 1
    with pytest.raises(ValueError):
        set_threads(-1)


def test_chunk_size_is_ddss_limit():
    assert MAX_TABLES_PER_CALL == 40


# --- bad deals ------------------------------------------------------------------------------

SHORT = Deal(TOPS.north.without(Card.parse("SA")), TOPS.east, TOPS.south, TOPS.west)
TWICE = Deal(
    TOPS.north,
    TOPS.east,
    TOPS.south,
    Hand(TOPS.west.cards - {Card.parse("S2")} | {Card.parse("SA")}),
)


def test_invalid_deals_are_named():
    with pytest.raises(DDSError, match=r"board 7: North holds 12 cards, not 13") as e:
        dd_table(SHORT, board=7)
    assert e.value.board == 7
    assert isinstance(e.value, QipaiError)
    with pytest.raises(DDSError, match=r"board 3: card SA is dealt twice"):
        check_deal(TWICE, 3)


def test_a_long_batch_goes_on_past_a_bad_board():
    deals = [Deal.from_seed(5), SHORT, TOPS, TWICE]
    out = dd_tables(deals, boards=[1, 2, 3, 4], on_error="return")
    assert out[0] == single(Deal.from_seed(5))
    assert out[2] == single(TOPS)
    assert isinstance(out[1], DDSError) and out[1].board == 2
    assert isinstance(out[3], DDSError) and "board 4" in str(out[3])


def test_by_default_a_bad_board_raises():
    with pytest.raises(DDSError, match="board #2"):
        dd_tables([TOPS, SHORT])


def test_labels_must_match_deals():
    with pytest.raises(ValueError):
        dd_tables([TOPS], boards=[1, 2])
