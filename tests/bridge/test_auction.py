"""The auction: legal calls, the Laws' refusals, passed-out boards, declarer."""

import pytest

from qipai.bridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    AuctionOver,
    Bid,
    CallOutOfTurn,
    InadmissibleDouble,
    InsufficientBid,
    Seat,
    Strain,
    parse_call,
)


def auction(text: str, dealer: Seat = Seat.NORTH) -> Auction:
    return Auction.from_calls(dealer, [parse_call(c) for c in text.split()])


def test_opening_choices():
    calls = Auction(Seat.EAST).legal_calls()
    assert calls[0] == PASS and DOUBLE not in calls and REDOUBLE not in calls
    assert len(calls) == 1 + 35


def test_insufficient_bid_is_refused_and_nothing_changes():
    a = auction("1S")
    with pytest.raises(InsufficientBid, match="Law 27"):
        a.add(parse_call("1H"))
    with pytest.raises(InsufficientBid):
        a.add(parse_call("1S"))
    assert str(a) == "1S"
    assert a.add(parse_call("1NT")).last_bid == Bid(1, Strain.NOTRUMP)


def test_double_only_an_opponents_bid():
    with pytest.raises(InadmissibleDouble, match="no bid"):
        Auction(Seat.NORTH).add(DOUBLE)
    a = auction("1S P")
    with pytest.raises(InadmissibleDouble, match="opponent"):
        a.add(DOUBLE)  # South doubling partner's 1S
    a = auction("1S X")
    with pytest.raises(InadmissibleDouble, match="already doubled"):
        a.add(parse_call("P")).add(DOUBLE)


def test_redouble_only_a_double_of_your_side():
    with pytest.raises(InadmissibleDouble, match="only a double"):
        auction("1S P").add(REDOUBLE)
    a = auction("1S X")
    assert REDOUBLE in a.legal_calls()  # South may redouble partner's doubled bid
    a2 = a.add(PASS)  # South passes; West may not redouble East's double
    assert REDOUBLE not in a2.legal_calls()
    with pytest.raises(InadmissibleDouble, match="own side"):
        a2.add(REDOUBLE)
    assert REDOUBLE in a2.add(PASS).legal_calls()  # North still may


def test_out_of_turn():
    with pytest.raises(CallOutOfTurn, match="North's turn"):
        Auction(Seat.NORTH).add(PASS, seat=Seat.EAST)


def test_passed_out():
    a = auction("P P P P", Seat.WEST)
    assert a.is_complete and a.is_passed_out and a.contract is None and a.declarer is None
    with pytest.raises(AuctionOver, match="Law 39"):
        a.add(PASS)
    assert not auction("P P P").is_complete


def test_ends_after_three_passes_following_a_call():
    a = auction("P 1C P P")
    assert not a.is_complete
    a = a.add(PASS)
    assert a.is_complete and str(a.contract) == "1C" and a.declarer is Seat.EAST


def test_declarer_is_first_of_side_to_name_strain():
    a = auction("1H P 2C P 2H P 4H P P P")  # North opened hearts, South raised
    assert a.declarer is Seat.NORTH
    a = auction("1C 1S 2C 2S P 4S P P P")  # East overcalled spades, West raised
    assert a.declarer is Seat.EAST


def test_doubled_and_redoubled_contracts():
    assert str(auction("1S X P P P").contract) == "1SX"
    assert str(auction("1S X XX P P P").contract) == "1SXX"
    # A new bid cancels the double.
    assert str(auction("1S X 2H P P P").contract) == "2H"


def test_alerts_and_explanations_are_kept():
    a = Auction(Seat.NORTH).add(parse_call("2C"), alert=True, explanation="22+ HCP, forcing")
    assert a.entries[0].alert and a.entries[0].explanation == "22+ HCP, forcing"
    assert str(a) == "2C!"
