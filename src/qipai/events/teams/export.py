"""A team match's exports: PBN with both rooms, CSV, JSON. Pure text from values; the pages and
the access rule that say who may have them come with the server.

The PBN has one game per board per room, the open room first, each with its ``Room`` tag
("Open", "Closed"), the players from the line-ups (the team names where none was named), the
contract, declarer and result (PBN 2.1 §3.4); a board not played in a room is left out. The
CSV has a row a board: both rooms' contracts, declarers, tricks and NS scores, and the home
team's IMPs. The JSON is :func:`match_json` (the simulator's ``--json`` prints the same).

>>> from qipai.bridge import Contract, Seat
>>> from qipai.events import Played
>>> from qipai.events.teams.event import board_deal
>>> from qipai.events.teams.match import new_match, record
>>> m = record(new_match(1, 2, (1,)), 1, Room.OPEN, Played(Contract.parse("4S"), Seat.NORTH, 10))
>>> m = record(m, 1, Room.CLOSED, Played(Contract.parse("4S"), Seat.NORTH, 9))
>>> print(match_csv(m), end="")
board,open_contract,open_declarer,open_tricks,open_ns_score,closed_contract,closed_declarer,closed_tricks,closed_ns_score,imps
1,4S,N,10,420,4S,N,9,-50,10
>>> pbn = match_pbn("Final", m, lambda b: board_deal("doc", 1, b), {1: "Blue", 2: "Red"})
>>> print(" ".join(x for x in pbn.splitlines() if x.startswith(("[Room", "[North", "[East"))))
[North "Blue"] [East "Red"] [Room "Open"] [North "Red"] [East "Blue"] [Room "Closed"]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...bridge.board import dealer_of, vulnerability_of
from ...bridge.cards import Seat
from ...bridge.deal import Deal
from ...formats.pbn import write_pbn
from ...formats.record import Record
from .match import Match, Room
from .standings import TeamRow

__all__ = ["match_csv", "match_json", "match_pbn", "standings_json"]


def standings_json(rows: Sequence[TeamRow]) -> list[dict[str, Any]]:
    """Standings rows as JSON: rank, team, VPs, IMPs won and lost (the simulator's and the
    server's form)."""
    return [
        {
            "rank": r.rank,
            "team": r.team,
            "vp": r.vp,
            "imps_for": r.imps_for,
            "imps_against": r.imps_against,
        }
        for r in rows
    ]


def match_json(match: Match, number: int) -> dict[str, Any]:
    """One match as JSON: round ``number``, the teams, each board's NS score in both rooms and
    the home team's IMPs, the IMPs won by each side, the VPs, the winner; a ruling's kind and
    reason when the director ruled."""
    hv, av = match.vp
    out: dict[str, Any] = {
        "round": number,
        "home": match.home,
        "away": match.away,
        "boards": [
            {
                "board": b.board,
                "open_ns_score": b.ns_score(Room.OPEN),
                "closed_ns_score": b.ns_score(Room.CLOSED),
                "imps": b.imps,
            }
            for b in match.all_boards
        ],
        "imps": list(match.imps),
        "vp": [hv, av],
        "winner": match.winner,
    }
    if match.ruling is not None:
        out["ruling"] = {"kind": match.ruling.kind.value, "reason": match.ruling.reason}
    return out


def match_csv(match: Match) -> str:
    """A row a board: each room's contract (``Pass`` passed out, empty not played), declarer,
    tricks and NS score, and the home team's IMPs."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    head = ["board"]
    for room in ("open", "closed"):
        head += [f"{room}_contract", f"{room}_declarer", f"{room}_tricks", f"{room}_ns_score"]
    w.writerow([*head, "imps"])
    for b in match.all_boards:
        row: list[object] = [b.board]
        for room in (Room.OPEN, Room.CLOSED):
            p = b.played_in(room)
            if p is None:
                row += ["", "", "", ""]
            elif p.contract is None:
                row += ["Pass", "", "", 0]
            else:
                seat = "" if p.declarer is None else p.declarer.letter
                row += [str(p.contract), seat, p.tricks, b.ns_score(room)]
        w.writerow([*row, "" if b.imps is None else b.imps])
    return buf.getvalue()


def _players(match: Match, room: Room, board: int, names: Mapping[int, str]) -> dict[Seat, str]:
    """Who sat where: NS the home team in the open room, the away team in the closed room."""
    ns, ew = (match.home, match.away) if room is Room.OPEN else (match.away, match.home)
    segment = match.segment_of(board)
    seats: dict[Seat, str] = {}
    for team, (first, second) in ((ns, (Seat.NORTH, Seat.SOUTH)), (ew, (Seat.EAST, Seat.WEST))):
        lineup = match.lineup_of(team, segment)
        pair = None if lineup is None else (lineup.open if room is Room.OPEN else lineup.closed)
        label = names.get(team, f"team {team}")
        seats[first], seats[second] = pair if pair is not None else (label, label)
    return seats


def match_pbn(
    event: str, match: Match, deal: Callable[[int], Deal], names: Mapping[int, str]
) -> str:
    """PBN of both rooms of ``match`` (see the module's description); ``deal(board)`` gives a
    board's deal, ``names`` the teams' names by number."""
    records = []
    for b in match.all_boards:
        for room in (Room.OPEN, Room.CLOSED):
            p = b.played_in(room)
            if p is None:
                continue
            seats = _players(match, room, b.board, names)
            tags = (
                ("Event", event),
                ("Site", "qipai"),
                ("Date", "????.??.??"),
                *((tag, seats[seat]) for seat, tag in _SEAT_TAGS),
                ("Scoring", "IMP"),
                ("Room", "Open" if room is Room.OPEN else "Closed"),
            )
            records.append(
                Record(
                    b.board,
                    dealer_of(b.board),
                    vulnerability_of(b.board),
                    deal(b.board),
                    contract=p.contract,
                    declarer=p.declarer,
                    passed_out=p.contract is None,
                    result=p.tricks,
                    tags=tags,
                )
            )
    return write_pbn(records)


_SEAT_TAGS = (
    (Seat.WEST, "West"),
    (Seat.NORTH, "North"),
    (Seat.EAST, "East"),
    (Seat.SOUTH, "South"),
)
