"""The Record: consistent by construction, replayed through the rules' one path."""

from __future__ import annotations

import dataclasses
import re

import pytest

from qipai.bridge import (
    Auction,
    Card,
    Claim,
    Contract,
    Deal,
    Hand,
    MakeCall,
    Phase,
    PlayCard,
    RespondToClaim,
    Seat,
    Vulnerability,
    apply,
    new_board,
    parse_call,
)
from qipai.formats import FormatError, Record

DEAL = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def auction(text: str, dealer: Seat = Seat.NORTH) -> Auction:
    return Auction.from_calls(dealer, [parse_call(c) for c in text.split()])


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def record(**changes: object) -> Record:
    base: dict[str, object] = {
        "number": 1,
        "dealer": Seat.NORTH,
        "vulnerability": Vulnerability.NONE,
        "deal": DEAL,
        "auction": auction("1NT P 3NT P P P"),
    }
    base.update(changes)
    return Record(**base)  # type: ignore[arg-type]


def test_contract_and_declarer_come_from_a_finished_auction() -> None:
    r = record(result=9)
    assert (str(r.contract), r.declarer, r.score_ns) == ("3NT", Seat.NORTH, 400)


def test_a_contract_that_disagrees_with_the_auction_is_refused() -> None:
    with pytest.raises(FormatError, match=r"board 1, \[Contract\]: the contract is 4S"):
        record(contract=Contract.parse("4S"))
    with pytest.raises(FormatError, match=r"\[Declarer\]: the declarer is South"):
        record(declarer=Seat.SOUTH)
    with pytest.raises(FormatError, match="passed out"):
        record(auction=auction("P P P P"), contract=Contract.parse("1C"))


def test_a_passed_out_auction_marks_the_board_passed_out() -> None:
    r = record(auction=auction("P P P P"))
    assert r.passed_out and r.contract is None and r.score_ns == 0
    with pytest.raises(FormatError, match="no result"):
        record(auction=auction("P P P P"), result=0)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"result": 14}, "0 to 13 tricks, not 14"),
        ({"claim": -1}, "0 to 13 tricks, not -1"),
        ({"result": 9, "claim": 10}, "the claim (10 tricks) and the result (9) differ"),
        ({"number": 0}, "board numbers start at 1"),
        ({"auction": auction("1NT P", Seat.EAST)}, "the auction starts with East"),
        ({"auction": None, "declarer": Seat.NORTH}, "a declarer without a contract"),
        ({"auction": None, "result": 9}, "a result without a contract"),
        ({"auction": None, "claim": 9}, "a claim without a contract"),
        ({"auction": None, "play": cards("HA")}, "cards played without a known contract"),
        ({"play": cards("SA")}, "trick 1: East plays SA, but North holds it"),
        ({"play": cards("CA C8 C5 C2 CA")}, "trick 2: CA is played twice"),
        ({"tags": (("Deal", "x"),)}, "Deal is a field of the record"),
        ({"tags": (("Event", "a"), ("Event", "b"))}, "tag Event appears twice"),
        ({"tags": (("Bad name", "a"),)}, "bad tag name"),
    ],
)
def test_inconsistent_records_cannot_be_built(changes: dict[str, object], reason: str) -> None:
    with pytest.raises(FormatError, match=re.escape(reason)):
        record(**changes)


def test_result_and_claim_must_fit_the_tricks_played() -> None:
    # East leads CA and wins: declarer has 0 of 1 and can take at most 12 more
    played = cards("CA C8 C5 C2")
    assert record(play=played, result=12).result == 12
    with pytest.raises(FormatError, match="declarer has won 0 of 1 tricks played"):
        record(play=played, result=13)
    with pytest.raises(FormatError, match="declarer has won 0 of 1"):
        record(play=played, claim=13)


def test_tags_come_in_pbn_export_order() -> None:
    r = record(tags=(("Room", "Open"), ("South", "S"), ("Event", "E"), ("North", "N")))
    assert [n for n, _ in r.tags] == ["Event", "North", "South", "Room"]
    assert r.players == {Seat.NORTH: "N", Seat.SOUTH: "S"}


def test_where_it_was_read_is_not_part_of_equality() -> None:
    a = record(source="a.pbn", line=3, repairs=("x",))
    assert a == record() and "a.pbn" not in repr(a)


def test_errors_name_the_file_and_board() -> None:
    with pytest.raises(FormatError) as e:
        record(result=14, source="club.pbn", line=40, number=9)
    assert (
        str(e.value)
        == "club.pbn, line 40, board 9, [Result]: declarer takes 0 to 13 tricks, not 14"
    )


# --- to_state: the one path ---------------------------------------------------------------------


def test_a_deal_alone_gives_a_board_ready_for_the_first_call() -> None:
    state = record(auction=None).to_state()
    assert state.phase is Phase.AUCTION and state.turn is Seat.NORTH


def test_a_claim_ends_the_board_with_the_claimed_total() -> None:
    r = record(play=cards("CA C8 C5 C2 D2"), claim=9)
    assert r.result == 9  # the claim settles the result
    state = r.to_state()
    assert state.phase is Phase.DONE
    assert state.declarer_tricks == 9 and state.claimed_tricks == 9
    assert state.played == r.play and state.score_ns == 400


def test_alerts_and_explanations_survive_the_replay() -> None:
    a = auction("1NT P 3NT P P P").annotate(0, alert=True, explanation="15-17")
    state = record(auction=a).to_state()
    assert state.auction.entries[0].alert and state.auction.entries[0].explanation == "15-17"


def test_replay_errors_cite_the_law_and_board() -> None:
    # East leads a club and South, holding clubs, plays a heart: a revoke, refused
    r = record(play=cards("CA H4"), source="t.pbn", line=5)
    with pytest.raises(FormatError) as e:
        r.to_state()
    assert str(e.value).startswith("t.pbn, line 5, board 1, [Play]: card 2 (H4): ")
    assert "Law 44C" in str(e.value)


def test_a_record_without_its_auction_cannot_be_replayed() -> None:
    r = record(auction=None, contract=Contract.parse("3NT"), declarer=Seat.NORTH, result=9)
    assert r.score_ns == 400  # the score needs no replay
    with pytest.raises(FormatError, match="no auction is recorded"):
        r.to_state()


def test_a_hidden_hand_stops_a_replay_unless_it_can_be_worked_out() -> None:
    hidden = Hand()
    with pytest.raises(FormatError, match="the deal is not complete"):
        record(deal=Deal(DEAL.north, DEAL.east, hidden, hidden)).to_state()
    three = Deal(DEAL.north, DEAL.east, DEAL.south, hidden)
    assert record(deal=three).to_state().deal == DEAL


def test_from_state_and_back() -> None:
    state = new_board(5, DEAL)
    for call in auction("P 1NT P 3NT P P P", Seat.NORTH).calls:
        state = apply(state, MakeCall(call))
    assert state.declarer is Seat.EAST
    for card in cards("S7 S4 SA"):  # South leads
        state = apply(state, PlayCard(card))
    state = apply(state, Claim(3))
    state = apply(state, RespondToClaim(Seat.SOUTH, True))
    state = apply(state, RespondToClaim(Seat.NORTH, True))
    r = Record.from_state(state, tags=(("Event", "Practice"),))
    assert (r.number, str(r.contract), r.declarer, r.claim, r.result) == (5, "3NT", Seat.EAST, 3, 3)
    assert r.to_state() == state
    assert dataclasses.replace(r, tags=()).tag("Event") is None
