"""Golden checks on real files (../shared/data/bridge): everything loads, recorded scores agree
with Law 77, dealers and vulnerability follow the board numbers, auctions replay to the recorded
contracts, and nothing the records hold is lost on the way out and back in."""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from qipai.bridge import Phase, contract_score, dealer_of, vulnerability_of
from qipai.formats import (
    FormatError,
    Record,
    read_file,
    read_json,
    read_lin,
    read_pbn,
    write_json,
    write_lin,
    write_pbn,
)

PBN_FILES = {
    "pbn/endplay_example1.pbn": 2,
    "pbn/endplay_example2.pbn": 299,
    "pbn/endplay_example3.pbn": 7632,
    "pbn/endplay_example4.pbn": 1,
    "pbn/endplay_sample.pbn": 2,
}


@pytest.mark.parametrize(("name", "count"), PBN_FILES.items())
def test_every_pbn_file_loads(
    name: str, count: int, real_records: Callable[[str], list[Record]]
) -> None:
    records = real_records(name)
    assert len(records) == count
    assert all(r.source and r.source.endswith(name.split("/")[1]) for r in records)


@pytest.mark.parametrize("name", PBN_FILES)
def test_pbn_and_json_round_trips_lose_nothing(
    name: str, real_records: Callable[[str], list[Record]]
) -> None:
    records = real_records(name)
    if len(records) > 1000:
        records = records[::4]  # a quarter of the big file keeps the suite quick
    assert read_pbn(write_pbn(records)) == records
    assert read_json(write_json(records)) == records


def test_lin_round_trip_loses_nothing(real_records: Callable[[str], list[Record]]) -> None:
    records = real_records("lin/endplay_example1.lin")
    assert len(records) == 8
    assert read_lin(write_lin(records)) == records
    assert read_json(write_json(records)) == records
    # PBN has no claim: the claimed total lives on as the result
    assert read_pbn(write_pbn(records)) == [dataclasses.replace(r, claim=None) for r in records]


# --- example2: a real online teams event ---------------------------------------------------


def _ns_points(score: str) -> int:
    """``NS 420``, ``EW 100`` or a plain number, as North-South's points."""
    m = re.fullmatch(r"\s*(NS|EW)?\s*([+-]?\d+)\s*", score)
    assert m, score
    points = int(m.group(2))
    return -points if m.group(1) == "EW" else points


def test_example2_recorded_scores_agree_with_law_77(example2: list[Record]) -> None:
    scored = [r for r in example2 if r.tag("Score") is not None]
    assert len(scored) == 279  # 278 played boards and one passed out ("NS 0")
    for r in scored:
        ns = 0
        if not r.passed_out:
            assert r.contract is not None and r.declarer is not None and r.result is not None
            vulnerable = r.vulnerability.is_vulnerable(r.declarer)
            points = contract_score(r.contract, r.result, vulnerable)
            ns = points if r.declarer.side.value == "NS" else -points
        assert _ns_points(r.tag("Score") or "") == ns == r.score_ns, r.line
    passed_out = [r for r in example2 if r.passed_out]
    assert len(passed_out) == 21 and all(r.score_ns == 0 for r in passed_out)
    assert sum(r.tag("Score") is None for r in passed_out) == 20


def test_example2_dealer_and_vulnerability_follow_the_board_number(
    example2: list[Record],
) -> None:
    assert len(example2) == 299
    assert {r.number for r in example2} == set(range(11, 21))
    for r in example2:
        assert r.number is not None
        assert r.dealer is dealer_of(r.number), r.line
        assert r.vulnerability is vulnerability_of(r.number), r.line


def test_example2_needs_no_repairs_and_replays(example2: list[Record]) -> None:
    assert not any(r.repairs for r in example2)
    with_auction = [r for r in example2 if r.auction is not None]
    assert len(with_auction) == 279
    for r in with_auction:
        state = r.to_state()
        assert state.contract == r.contract and state.declarer == r.declarer
        assert state.phase is Phase.DONE and state.declarer_tricks == r.result
    # the other 20 are passed-out boards with no auction recorded
    assert all(r.passed_out for r in example2 if r.auction is None)


def test_example2_keeps_its_tables_and_notes(example2: list[Record]) -> None:
    first = example2[0]
    table = first.tag("OptimumResultTable")
    assert table is not None and table.splitlines()[:2] == [
        "Declarer;Denomination\\2R;Result\\2R",
        "N NT  7",
    ]
    assert len(table.splitlines()) == 21
    second = example2[1]
    assert second.auction is not None
    assert second.auction.entries[0].explanation == "11-13,17-19 or clubs"
    # "- - H3 -": West leads the last trick's only card before the claim
    assert second.play[-1].__str__() == "H3" and len(second.play) == 29


# --- example3: world and US championship matches (rpbridge.net) ---------------------------

REPAIRS = {
    "passes": "the auction leaves out",
    "double": "the Contract tag says",
    "columns": "the cards of trick",
    "result": "the result is",
}


def test_example3_loads_every_result_of_every_board(example3: list[Record]) -> None:
    assert len(example3) == 7632

    def board(r: Record) -> tuple[object, ...]:
        tags = ("Event", "Date", "Stage", "HomeTeam", "VisitTeam")
        return (*(r.tag(t) for t in tags), r.number, r.deal)

    rooms = [len(list(g)) for _, g in itertools.groupby(example3, key=board)]
    assert len(rooms) == 3816 and set(rooms) == {2}
    # players are given once per match for both rooms and carry over by table
    assert all(len(r.players) == 4 for r in example3)
    first, second, third = example3[:3]
    assert first.players != second.players and third.players == first.players


def test_example3_auctions_replay_to_the_recorded_contracts(example3: list[Record]) -> None:
    with_auction = [r for r in example3 if r.auction is not None]
    assert len(with_auction) == 7459  # the other 173 record only the contract

    def kinds(r: Record) -> set[str]:
        reasons = [x.split("]: ", 1)[1] for x in r.repairs]
        return {
            kind for kind, start in REPAIRS.items() if any(x.startswith(start) for x in reasons)
        }

    count = Counter(k for r in example3 for k in kinds(r))
    assert count == {
        "passes": 3767,  # the archive leaves out the passes before the opening bid
        "double": 301,  # its Contract tag drops the double the auction shows: the auction wins
        "columns": 3765,  # play rows out of column order, read by who holds each card
        "result": 3,  # plays cut back to the last trick that allows the recorded result
    }
    exact = [r for r in with_auction if "double" not in kinds(r)]
    assert len(exact) == 7158
    # every auction replays through the rules to its contract (a sample keeps this quick)
    for r in with_auction[::20]:
        state = r.to_state()
        assert state.contract == r.contract and state.declarer == r.declarer
        assert state.phase is Phase.DONE and state.declarer_tricks == r.result


def test_strict_reading_refuses_the_faults(real_file: Callable[[str], Path]) -> None:
    path = real_file("pbn/endplay_example4.pbn")  # example3's first board
    with pytest.raises(FormatError, match=r"endplay_example4.pbn, line 20, board 1, \[Auction\]"):
        read_file(path, strict=True)
