"""Results out of an event, as text: CSV standings, a PBN-style file (every board with its
deal and score table, then the total score table) and a JSON-ready summary.

All three are built from the pure values (:class:`~qipai.events.standings.Standings` and the
event state), so the server and the command line export the same thing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Container
from typing import Any

from ..bridge.board import dealer_of, vulnerability_of
from ..bridge.cards import Side
from .scoring import score_round
from .settings import Scoring
from .standings import Standings
from .state import ROBOT_PAIR, BoardRecord, EventState

__all__ = ["CSV_COLUMNS", "event_json", "pair_label", "to_csv", "to_pbn"]

CSV_COLUMNS = (
    "rank",
    "pair",
    "players",
    "total",
    "boards_completed",
    "masterpoints",
    "boards_played",
    "bye_boards",
    "withdrawn_after",
)


def pair_label(state: EventState, number: int) -> str:
    """``3 alice & bob``, or ``robots`` for the robot pair."""
    if number == ROBOT_PAIR:
        return "robots"
    pair = state.pair(number)
    return f"{number}" if pair is None else f"{number} {pair.name}"


def to_csv(result: Standings) -> str:
    """The standings as CSV, one line per pair, ranked pairs first; rank is empty below the
    threshold and ``withdrawn_after`` empty for pairs that played on."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in result.rows:
        writer.writerow(
            (
                "" if row.rank is None else row.rank,
                row.pair,
                row.name,
                f"{row.total:.2f}",
                row.boards_completed,
                row.masterpoints,
                row.boards_played,
                row.bye_boards,
                "" if row.withdrawn_after is None else row.withdrawn_after,
            )
        )
    return out.getvalue()


_PBN_SCORING = {Scoring.XIMP: "Cross-IMP", Scoring.IMP: "Butler", Scoring.MP: "MP"}


def _q(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def to_pbn(state: EventState, result: Standings, shown: Container[int] | None = None) -> str:
    """A PBN 2.1-style export: one game per board (deal, dealer, vulnerability) with a
    ``ScoreTable`` of every table's result; the first game also holds the standings as a
    ``TotalScoreTable``. A board cut by the clock shows ``-`` for its contract. Only the boards
    in ``shown`` are written (None: all; see :mod:`~qipai.events.disclosure`)."""
    s = state.settings
    date = s.start.strftime("%Y.%m.%d")
    points_column = "Percentage_NS\\6R" if s.scoring is Scoring.MP else "IMP_NS\\6R"
    lines = ["% PBN 2.1", "% EXPORT", f"% {_q(s.name)}: Swiss pairs, {s.scoring.value}"]
    first_game: int | None = None
    for rnd in state.rounds:
        ns_points = {
            (p.board, p.table): p.points for p in score_round(rnd, s.scoring) if p.side is Side.NS
        }
        for board in rnd.boards:
            if shown is not None and board not in shown:
                continue
            deal = state.deal(board)
            dealer = dealer_of(board)
            lines += [
                "",
                f'[Event "{_q(s.name)}"]',
                '[Site "qipai"]',
                f'[Date "{date}"]',
                f'[Round "{rnd.number}"]',
                f'[Board "{board}"]',
                f'[Dealer "{dealer.letter}"]',
                f'[Vulnerable "{vulnerability_of(board)}"]',
                f'[Deal "{deal.pbn(dealer)}"]',
                f'[Scoring "{_PBN_SCORING[s.scoring]}"]',
                "[ScoreTable "
                f'"Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
                f'Result\\2R;Score_NS\\6R;{points_column}"]',
            ]
            for table in rnd.tables:
                record = table.record(board)
                points = ns_points.get((board, table.number))
                lines.append(_score_row(table.number, table.ns, table.ew, record, points))
            if first_game is None:
                first_game = len(lines)
    total = [
        '[TotalScoreTable "Rank\\2R;PairId\\3R;Names\\40L;TotalScore\\8R;Boards\\3R;'
        'Masterpoints\\2R"]',
    ]
    for row in result.rows:
        rank = "-" if row.rank is None else str(row.rank)
        total.append(
            f'{rank:>2} {row.pair:>3} "{_q(row.name)}" {row.total:8.2f} '
            f"{row.boards_completed:>3} {row.masterpoints:>2}"
        )
    if first_game is None:  # no board was dealt: a game of its own
        lines += ["", f'[Event "{_q(s.name)}"]', f'[Date "{date}"]', *total]
    else:  # in the first game, as results files do
        lines[first_game:first_game] = total
    return "\n".join(lines) + "\n"


def _score_row(
    table: int, ns: int, ew: int, record: BoardRecord | None, points: float | None
) -> str:
    cells = [f"{table:>2}", f"{ns:>2}", f"{ew:>2}"]
    if record is None or not record.played:
        cells += ['"-"', "-", "-", "-", "-"]  # not played: cut by the clock (or not yet in)
    elif record.contract is None:
        cells += ['"Pass"', "-", "-", f"{0:>6}", f"{points or 0.0:6.2f}"]
    else:
        assert record.declarer is not None
        cells += [
            f'"{record.contract}"',
            record.declarer.letter,
            f"{record.tricks:>2}",
            f"{record.ns_score:>6}",
            f"{points or 0.0:6.2f}",
        ]
    return " ".join(cells)


def event_json(
    state: EventState, result: Standings, shown: Container[int] | None = None
) -> dict[str, Any]:
    """The event as JSON-ready values: ``standings`` (rank, pair, players, total,
    boards_completed, masterpoints...) and ``rounds`` (each table's pairs and boards: contract,
    declarer, tricks and NS score, or ``played: false`` for a board cut by the clock). A board
    not in ``shown`` (None: all; see :mod:`~qipai.events.disclosure`) shows only whether its
    table has finished it."""
    return {
        "event": state.settings.name,
        "scoring": state.settings.scoring.value,
        "status": state.status.value,
        "boards": result.boards,
        "required_boards": result.required,
        "standings": [
            {
                "rank": row.rank,
                "pair": row.pair,
                "players": list(row.players),
                "total": row.total,
                "boards_completed": row.boards_completed,
                "boards_played": row.boards_played,
                "bye_boards": row.bye_boards,
                "withdrawn_after": row.withdrawn_after,
                "masterpoints": row.masterpoints,
            }
            for row in result.rows
        ],
        "rounds": [
            {
                "round": rnd.number,
                "starts_at": rnd.starts_at.isoformat(),
                "closed_at": None if rnd.closed_at is None else rnd.closed_at.isoformat(),
                "byes": list(rnd.byes),
                "tables": [
                    {
                        "table": table.number,
                        "ns": table.ns,
                        "ew": table.ew,
                        "boards": [
                            _board_json(r)
                            if shown is None or r.board in shown
                            else {"board": r.board, "played": r.played}
                            for r in sorted(table.records, key=lambda rec: rec.board)
                        ],
                    }
                    for table in rnd.tables
                ],
            }
            for rnd in state.rounds
        ],
    }


def _board_json(r: BoardRecord) -> dict[str, Any]:
    return {
        "board": r.board,
        "played": r.played,
        "contract": None if not r.played else "Pass" if r.contract is None else str(r.contract),
        "declarer": None if r.declarer is None else r.declarer.letter,
        "tricks": r.tricks,
        "ns_score": r.ns_score,
    }
