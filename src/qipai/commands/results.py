"""``qipai results FILE --scoring mp|imp|butler|ximp|teams [--json] [--write OUT.pbn]``.

Reads an event's results from a file (any format ``qipai.formats.read_file`` reads), scores every
board with :func:`qipai.duplicate.event.score_event` and prints each board and the ranking.
Results that cannot be scored go to stderr, one line each with the board, table and file line;
the exit status is 0 when anything was scored, 1 when nothing was.

From each record: the board number and deal; the contract, declarer and Result (declarer's
tricks), or a passed-out board; the ``Score`` tag (``NS 620``, ``EW 620``, or a bare number
from declarer's side) when there is no contract; the pairs from ``PairId_NS``/``PairId_EW`` or
else from the players' names (``North & South``, names in alphabetical order so a pair that
swaps seats stays one pair); the teams from ``HomeTeam``/``VisitTeam`` and ``Room``
(``Open``/``Closed``; no Room tag means the home team sits NS, or with ``--rooms-in-order``
that the first of two such results is the open room); the table from ``Table``.

``--json`` prints one object instead of the text::

    {"scoring": "mp", "field": 30,       # field: results on the most-played board
     "boards": [{"board": 11, "top": 58, "datum": null,
                 "results": [{"table": "4", "room": null, "line": 57,
                              "ns_pair": "A & B", "ew_pair": "C & D",
                              "ns_team": null, "ew_team": null,
                              "contract": "4SX", "declarer": "N", "tricks": 10,
                              "ns_score": 790, "ns_points": 40.5, "ew_points": 17.5,
                              "ns_percent": 69.83, "ew_percent": 30.17}]}],
     "pairs": [{"rank": 1, "pair": "A & B", "boards": 10, "total": 312.5,
                "percent": 53.88, "sides": ["NS"]}],
     "matches": [{"home": "X", "away": "Y", "boards": [11, 12], "board_imps": [4, -1],
                  "home_imps": 4, "away_imps": 1, "home_vp": 11.63, "away_vp": 8.37}],
     "teams": [{"rank": 1, "team": "X", "matches": 1, "imps_for": 4, "imps_against": 1,
                "vp": 11.63}],
     "problems": [{"board": 20, "table": "6", "line": 5000, "reason": "not scored: ..."}]}

``ns_points``/``ew_points`` are matchpoints for ``mp`` (out of the board's ``top``) and IMPs
otherwise; ``contract`` is ``"Pass"`` for a passed-out board and null when only a score was
recorded; ``datum`` is the Butler datum (``imp``, ``butler``). ``pairs`` is empty for teams,
``matches`` and ``teams`` for the others. Points and percentages are rounded to 2 decimals.

``--write OUT.pbn`` writes the records back as PBN with a ``ScoreTable`` (PBN 2.1, 5.9) on
the first record of each board and a ``TotalScoreTable`` (5.10) on the first record of the file;
any such tables the file had are replaced.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..bridge.cards import Seat, Side
from ..bridge.scoring import ns_relative
from ..duplicate.butler import Trim, trim_count
from ..duplicate.errors import ScoringError
from ..duplicate.event import (
    BoardResult,
    EventResult,
    Method,
    Room,
    ScoredResult,
    TableResult,
    score_event,
)
from ..formats import read_file, write_pbn
from ..formats.record import Record
from . import SUMMARIES

SCORE_TABLE = "ScoreTable"
TOTAL_SCORE_TABLE = "TotalScoreTable"

_SCORE = re.compile(r"\s*(?:(NS|EW)\s+)?([+-]?\d+)(?:\s+(?:NS|EW)\s+[+-]?\d+)?\s*\Z", re.I)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "results",
        help=SUMMARIES["results"],
        description="Score every board of an event and rank the pairs or teams.",
    )
    p.add_argument("file", help="the results, e.g. a PBN file")
    p.add_argument(
        "--scoring",
        "-s",
        required=True,
        choices=[m.value for m in Method],
        help="mp: matchpoints (Neuberg); imp, butler: IMPs against the datum; "
        "ximp: cross-IMPs; teams: pair the rooms of each match, IMPs and VPs",
    )
    p.add_argument(
        "--trim",
        type=_trim,
        default="seed",
        help="the Butler datum's trim: a number at each end, or seed, acbl, none (default seed)",
    )
    p.add_argument(
        "--rooms-in-order",
        action="store_true",
        help="teams: when a board's two results name the same home team and no Room, "
        "take the first as the open room (rpbridge.net's files)",
    )
    p.add_argument("--json", action="store_true", help="print a JSON object instead of text")
    p.add_argument("--write", metavar="OUT.pbn", help="write the file back with score tables")
    p.set_defaults(handler=run)


def _trim(text: str) -> Trim:
    trim: Trim = int(text) if text.strip().isdigit() else text.strip().lower()
    try:
        trim_count(10, trim)
    except ScoringError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return trim


def run(args: argparse.Namespace) -> int:
    records = read_file(args.file)
    results = [table_result(r) for r in records]
    event = score_event(results, args.scoring, trim=args.trim, rooms_in_order=args.rooms_in_order)
    if args.json:
        print(json.dumps(to_json(event), ensure_ascii=False, indent=1))
    else:
        print("\n".join(text_lines(event)))
    for problem in event.problems:
        print(f"qipai results: {problem}", file=sys.stderr)
    if args.write:
        Path(args.write).write_text(write_pbn(with_score_tables(records, results, event)), "utf-8")
    return 0 if event.scored else 1


# -- from records -----------------------------------------------------------------------------


def table_result(record: Record) -> TableResult:
    """What one record says about its table, for :func:`score_event`."""
    deal = record.deal if any(len(record.deal[s]) for s in Seat) else None
    table = _known(record.tag("Table"))
    return TableResult(
        board=record.number,
        ns_pair=_pair(record, Side.NS),
        ew_pair=_pair(record, Side.EW),
        contract=record.contract,
        declarer=record.declarer,
        tricks=record.result,
        passed_out=record.passed_out,
        vulnerability=record.vulnerability,
        ns_score=_ns_score(record),
        home_team=_known(record.tag("HomeTeam")),
        visit_team=_known(record.tag("VisitTeam")),
        room=_room(record.tag("Room")),
        table=f"table {table}" if table else None,
        where=f"line {record.line}" if record.line else None,
        deal=deal,
    )


def _known(value: str | None) -> str | None:
    """A tag's value, or None when it is missing, empty or PBN's unknown ``?``."""
    if value is None or value.strip() in ("", "?", "-"):
        return None
    return value.strip()


def _pair(record: Record, side: Side) -> str | None:
    """The pair's id: its PairId tag, else its players' names (alphabetical, ``&`` between)."""
    given = _known(record.tag(f"PairId_{side.value}"))
    if given:
        return given
    names = record.players
    found = [names[seat] for seat in side.seats if _known(names.get(seat))]
    if len(found) < 2:
        return None
    return " & ".join(sorted(n.strip() for n in found))


def _room(value: str | None) -> Room | None:
    text = (_known(value) or "").lower()
    if text in ("open", "o"):
        return Room.OPEN
    if text in ("closed", "c"):
        return Room.CLOSED
    return None


def _ns_score(record: Record) -> int | None:
    """The Score tag as NS's score: ``NS 620``, ``EW -620`` or a bare number from declarer's
    side (PBN 2.1, 4.2); None when there is none or it cannot be read.

    A record with a contract is scored from it, so this matters for results with only a score
    (and a disagreement between the two is reported).
    """
    text = _known(record.tag("Score"))
    m = _SCORE.match(text or "")
    if m is None:
        return None
    points = int(m.group(2))
    if m.group(1) is not None:
        return ns_relative(points, Side(m.group(1).upper()))
    if record.declarer is None:
        return None
    return ns_relative(points, record.declarer.side)


# -- text -------------------------------------------------------------------------------------


def text_lines(event: EventResult) -> list[str]:
    """The boards, then the ranking (or the matches and the teams), as printed."""
    lines = [f"Scoring: {event.method.value}, {event.scored} results on {len(event.boards)} boards"]
    for board in event.boards:
        lines.append("")
        lines.append(_board_heading(board))
        lines.extend("  " + _result_line(event.method, s) for s in board.results)
    if event.method is Method.TEAMS:
        lines.extend(["", "Matches"])
        for m in event.matches:
            lines.append(
                f"  {m.home} {m.home_imps} - {m.away_imps} {m.away}"
                f"  ({len(m.boards)} boards, VP {m.home_vp:.2f} - {m.away_vp:.2f})"
            )
        lines.extend(["", "Ranking (VP)"])
        for t in event.teams:
            lines.append(
                f"  {t.rank:>3}  {t.team}  {t.vp:.2f} VP"
                f"  ({t.matches} matches, IMPs {t.imps_for}-{t.imps_against})"
            )
        return lines
    mp = event.method is Method.MP
    lines.extend(["", "Ranking (%)" if mp else "Ranking (IMPs)"])
    for p in event.pairs:
        sides = "/".join(s.value for s in p.sides)
        score = f"{p.percent:6.2f}%  {p.total:7.2f} MP" if mp else f"{_num(p.total):>7} IMPs"
        lines.append(f"  {p.rank:>3}  {score}  {p.pair} [{sides}, {p.boards} boards]")
    return lines


def _board_heading(board: BoardResult) -> str:
    extra = ""
    if board.top is not None:
        extra = f" (top {_num(board.top)})"
    elif board.datum is not None:
        extra = f" (datum {board.datum:+d})"
    return f"Board {board.number}{extra}"


def _result_line(method: Method, s: ScoredResult) -> str:
    r = s.result
    who = f"{r.ns_pair or '?'} v {r.ew_pair or '?'}"
    if method is Method.TEAMS and r.teams:
        who = f"{r.teams[0]} v {r.teams[1]}: {who}"
    if method is Method.MP:
        points = f"{s.ns_points:6.2f} MP {s.ns_percent or 0.0:6.2f}%"
    else:
        points = f"{_num(s.ns_points):>6} IMPs"
    return f"{_contract_cell(r):<10} NS {s.ns_score:>+6}  {points}  {who}"


def _contract_cell(r: TableResult) -> str:
    if r.passed_out:
        return "Pass"
    if r.contract is None:
        return "(score)"
    return f"{r.contract} {r.declarer} {r.tricks}"


def _num(value: float) -> str:
    """A number as printed: whole numbers plain, others to 2 decimals."""
    value = round(value, 2) + 0.0  # + 0.0 turns -0.0 into 0.0
    return str(int(value)) if value == int(value) else f"{value:.2f}"


# -- JSON -------------------------------------------------------------------------------------


def to_json(event: EventResult) -> dict[str, Any]:
    """The JSON object ``--json`` prints (see the module's docstring)."""
    return {
        "scoring": event.method.value,
        "field": event.field,
        "boards": [
            {
                "board": b.number,
                "top": b.top,
                "datum": b.datum,
                "results": [_result_json(s) for s in b.results],
            }
            for b in event.boards
        ],
        "pairs": [
            {
                "rank": p.rank,
                "pair": p.pair,
                "boards": p.boards,
                "total": _round(p.total),
                "percent": _round(p.percent),
                "sides": [s.value for s in p.sides],
            }
            for p in event.pairs
        ],
        "matches": [
            {
                "home": m.home,
                "away": m.away,
                "boards": list(m.boards),
                "board_imps": list(m.board_imps),
                "home_imps": m.home_imps,
                "away_imps": m.away_imps,
                "home_vp": m.home_vp,
                "away_vp": m.away_vp,
            }
            for m in event.matches
        ],
        "teams": [dataclasses.asdict(t) for t in event.teams],
        "problems": [
            {
                "board": p.board,
                "table": _table_tag(p.result),
                "line": _line(p.result),
                "reason": p.reason,
            }
            for p in event.problems
        ],
    }


def _result_json(s: ScoredResult) -> dict[str, Any]:
    r = s.result
    teams = s.teams or r.teams or (None, None)
    room = s.room or r.room
    contract = "Pass" if r.passed_out else (str(r.contract) if r.contract else None)
    return {
        "table": _table_tag(r),
        "room": room.value if room else None,
        "line": _line(r),
        "ns_pair": r.ns_pair,
        "ew_pair": r.ew_pair,
        "ns_team": teams[0],
        "ew_team": teams[1],
        "contract": contract,
        "declarer": r.declarer.letter if r.declarer else None,
        "tricks": r.tricks,
        "ns_score": s.ns_score,
        "ns_points": _round(s.ns_points),
        "ew_points": _round(s.ew_points),
        "ns_percent": _round(s.ns_percent),
        "ew_percent": _round(s.ew_percent),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2) + 0.0


def _table_tag(r: TableResult) -> str | None:
    """The Table tag's value back from the label ``table 4``."""
    return r.table.removeprefix("table ") if r.table else None


def _line(r: TableResult) -> int | None:
    """The file line back from the label ``line 57``."""
    text = (r.where or "").removeprefix("line ")
    return int(text) if text.isdigit() else None


# -- PBN score tables -------------------------------------------------------------------------


def with_score_tables(
    records: Sequence[Record], results: Sequence[TableResult], event: EventResult
) -> list[Record]:
    """The records with a ScoreTable on the first record of each scored board and a
    TotalScoreTable on the first record; the tables they had are dropped."""
    index = {id(r): i for i, r in enumerate(results)}
    tables: dict[int, list[tuple[str, str]]] = {}
    for board in event.boards:
        first = min(index[id(s.result)] for s in board.results)
        tables.setdefault(first, []).append((SCORE_TABLE, score_table(event.method, board)))
    if records:
        tables.setdefault(0, []).append((TOTAL_SCORE_TABLE, total_score_table(event)))
    out = []
    for i, record in enumerate(records):
        kept = tuple((n, v) for n, v in record.tags if n not in (SCORE_TABLE, TOTAL_SCORE_TABLE))
        tags = kept + tuple(tables.get(i, ()))
        out.append(record if tags == record.tags else dataclasses.replace(record, tags=tags))
    return out


def score_table(method: Method, board: BoardResult) -> str:
    """A board's PBN ScoreTable: header line, then one row per scored result."""
    teams = method is Method.TEAMS
    mp = method is Method.MP
    columns = ["Table", "PairId_NS", "PairId_EW"]
    if teams:
        columns += ["Team_NS", "Team_EW"]  # user-defined columns (PBN 2.1, 5.2)
    columns += ["Contract", "Declarer", "Result", "Score_NS", "Score_EW"]
    columns += ["MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"] if mp else ["IMP_NS", "IMP_EW"]
    rows = []
    for s in board.results:
        r = s.result
        ns_team, ew_team = s.teams or r.teams or (None, None)
        if r.passed_out:
            contract, declarer, tricks = "Pass", "-", "-"
        elif r.contract is None:
            contract, declarer, tricks = "?", "?", "?"
        else:
            contract, declarer, tricks = str(r.contract), str(r.declarer), str(r.tricks)
        ns, ew = _scores(s.ns_score)
        row = [_table_tag(r) or "-", _string(r.ns_pair), _string(r.ew_pair)]
        if teams:
            row += [_string(ns_team), _string(ew_team)]
        row += [contract, declarer, tricks, ns, ew, _num(s.ns_points), _num(s.ew_points)]
        if mp:
            row += [f"{s.ns_percent or 0.0:.2f}", f"{s.ew_percent or 0.0:.2f}"]
        rows.append(row)
    return _table(columns, rows, text={"PairId_NS", "PairId_EW", "Team_NS", "Team_EW", "Contract"})


def total_score_table(event: EventResult) -> str:
    """The event's PBN TotalScoreTable: the pairs' ranking, or the teams' for ``teams``."""
    if event.method is Method.TEAMS:
        columns = ["Rank", "Team", "NrMatches", "IMPsFor", "IMPsAgainst", "TotalVP"]
        rows = [
            [
                str(t.rank),
                _string(t.team),
                str(t.matches),
                str(t.imps_for),
                str(t.imps_against),
                f"{t.vp:.2f}",
            ]
            for t in event.teams
        ]
        return _table(columns, rows, text={"Team"})
    mp = event.method is Method.MP
    columns = ["Rank", "PairId", "NrBoards"]
    columns += ["TotalMP", "MeanPercentage"] if mp else ["TotalIMP", "MeanIMP"]
    rows = []
    for p in event.pairs:
        mean = p.percent if mp and p.percent is not None else p.total / p.boards
        rows.append([str(p.rank), _string(p.pair), str(p.boards), _num(p.total), f"{mean:.2f}"])
    return _table(columns, rows, text={"PairId"})


def _scores(ns_score: int) -> tuple[str, str]:
    """Score_NS and Score_EW: the score in the column of the side that scored, ``-`` in the
    other (``0`` in both for a passed-out board)."""
    if ns_score > 0:
        return str(ns_score), "-"
    if ns_score < 0:
        return "-", str(-ns_score)
    return "0", "0"


def _string(value: str | None) -> str:
    """A string token (PBN 2.1, 5.1), or ``-`` when unknown."""
    if not value:
        return "-"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _table(columns: list[str], rows: list[list[str]], text: set[str]) -> str:
    """Header ``Name\\<width><L|R>;...`` then the rows, each column padded to its width."""
    widths = [max([len(row[i]) for row in rows] + [1]) for i in range(len(columns))]
    # The first column is left-aligned: a reader drops the spaces a row starts with.
    left = [i == 0 or name in text for i, name in enumerate(columns)]
    header = ";".join(
        f"{name}\\{w}{'L' if is_left else 'R'}"
        for name, w, is_left in zip(columns, widths, left, strict=True)
    )
    lines = [header]
    for row in rows:
        cells = [
            cell.ljust(w) if is_left else cell.rjust(w)
            for cell, w, is_left in zip(row, widths, left, strict=True)
        ]
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)
