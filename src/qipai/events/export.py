"""Results out of an event of any format: travellers (every result of a board, across the
rounds that played it, with the director's adjustments), personal score cards, CSV standings, a
PBN file (every board with its deal and ``ScoreTable``, then the ``TotalScoreTable``), a
JSON-ready summary, and USEBIO XML (:mod:`~qipai.events.usebio`).

All are built from the pure values (:class:`~qipai.events.standings.Standings` and the event
state), so the server and the command line export the same thing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Container
from dataclasses import dataclass
from typing import Any

from ..bridge.board import dealer_of, vulnerability_of
from ..bridge.calls import Contract
from ..bridge.cards import Card, Seat, Side
from ..bridge.scoring import ns_relative
from .scoring import score_event
from .serial import dump_adjustment
from .settings import Scoring
from .standings import Standings
from .state import PHANTOM, Adjustment, BoardRecord, EventState

__all__ = [
    "CSV_COLUMNS",
    "CardLine",
    "Traveller",
    "TravellerLine",
    "event_json",
    "pair_label",
    "score_card",
    "to_csv",
    "to_pbn",
    "travellers",
]

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
    "direction",
)


@dataclass(frozen=True)
class TravellerLine:
    """One result of a board: where (round, table, pairs), what the table played (``record``:
    None while not in, ``played`` False when cut), the director's adjustment that stands, and
    each side's points (None until the round is closed and scored)."""

    round: int
    table: int
    ns: int
    ew: int
    record: BoardRecord | None
    adjustment: Adjustment | None
    ns_points: float | None
    ew_points: float | None

    @property
    def ns_score(self) -> int | None:
        """The NS score that stands (the adjustment's, else the table's); None for an
        artificial score or a board not played."""
        if self.adjustment is not None:
            return self.adjustment.ns_score
        if self.record is None or not self.record.played:
            return None
        return self.record.ns_score

    @property
    def contract(self) -> Contract | None:
        if self.adjustment is not None and self.adjustment.ns_score is not None:
            return self.adjustment.contract
        return None if self.record is None else self.record.contract

    @property
    def declarer(self) -> Seat | None:
        if self.adjustment is not None and self.adjustment.ns_score is not None:
            return self.adjustment.declarer
        return None if self.record is None else self.record.declarer

    @property
    def tricks(self) -> int | None:
        if self.adjustment is not None and self.adjustment.ns_score is not None:
            return self.adjustment.tricks
        return None if self.record is None else self.record.tricks

    @property
    def lead(self) -> Card | None:
        return None if self.record is None else self.record.lead

    @property
    def played(self) -> bool:
        return self.record is not None and self.record.played

    @property
    def passed_out(self) -> bool:
        return self.ns_score is not None and self.contract is None


@dataclass(frozen=True)
class Traveller:
    """Every result of board ``board`` in the event (成绩单), in the order it was played."""

    board: int
    lines: tuple[TravellerLine, ...]


def travellers(state: EventState, shown: Container[int] | None = None) -> tuple[Traveller, ...]:
    """The traveller of every board seated so far (only those in ``shown``, None: all)."""
    points = {(p.round, p.table, p.board, p.side): p.points for p in score_event(state)}
    lines: dict[int, list[TravellerLine]] = {}
    for rnd in state.rounds:
        for t in rnd.tables:
            for b in t.boards:
                if shown is not None and b not in shown:
                    continue
                lines.setdefault(b, []).append(
                    TravellerLine(
                        rnd.number,
                        t.number,
                        t.ns,
                        t.ew,
                        t.record(b),
                        state.adjustment(rnd.number, t.number, b),
                        points.get((rnd.number, t.number, b, Side.NS)),
                        points.get((rnd.number, t.number, b, Side.EW)),
                    )
                )
    return tuple(Traveller(b, tuple(lines[b])) for b in sorted(lines))


@dataclass(frozen=True)
class CardLine:
    """A line of a pair's personal score card (计分卡): one board it played."""

    board: int
    round: int
    table: int
    direction: str
    opponents: int
    line: TravellerLine

    @property
    def points(self) -> float | None:
        return self.line.ns_points if self.direction == "NS" else self.line.ew_points

    @property
    def score(self) -> int | None:
        """The pair's own score on the board (NS's, or its negative for EW)."""
        s = self.line.ns_score
        return None if s is None else ns_relative(s, Side(self.direction))


def score_card(
    state: EventState, pair: int, shown: Container[int] | None = None
) -> tuple[CardLine, ...]:
    """Pair ``pair``'s boards in the order it played them: opponents, contract, lead, result,
    score and points (MP percent or IMPs)."""
    out = []
    for traveller in travellers(state, shown):
        for line in traveller.lines:
            if pair in (line.ns, line.ew):
                ns = line.ns == pair
                out.append(
                    CardLine(
                        traveller.board,
                        line.round,
                        line.table,
                        "NS" if ns else "EW",
                        line.ew if ns else line.ns,
                        line,
                    )
                )
    return tuple(sorted(out, key=lambda c: (c.round, c.board)))


def pair_label(state: EventState, number: int) -> str:
    """``3 alice & bob``, or ``robots`` for the phantom (robots play it)."""
    if number == PHANTOM:
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
                row.direction or "",
            )
        )
    return out.getvalue()


_PBN_SCORING = {Scoring.XIMP: "Cross-IMP", Scoring.IMP: "Butler", Scoring.MP: "MP"}


def _q(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def to_pbn(state: EventState, result: Standings, shown: Container[int] | None = None) -> str:
    """A PBN 2.1-style export: one game per board (deal, dealer, vulnerability) with a
    ``ScoreTable`` of every result of it in the event (round, table, pairs, contract, result,
    NS score, points; a director's ruling named in the last column); the first game also holds
    the standings as a ``TotalScoreTable`` (with each pair's direction in a two-winner event).
    A board cut by the clock shows ``-`` for its contract. Only the boards in ``shown`` are
    written (None: all; see :mod:`~qipai.events.disclosure`)."""
    s = state.settings
    date = s.start.strftime("%Y.%m.%d")
    points_column = "Percentage_NS\\6R" if s.scoring is Scoring.MP else "IMP_NS\\6R"
    kind = "Swiss pairs" if state.plan is None else state.plan.name
    lines = ["% PBN 2.1", "% EXPORT", f"% {_q(s.name)}: {_q(kind)}, {s.scoring.value}"]
    first_game: int | None = None
    for traveller in travellers(state, shown):
        board = traveller.board
        deal = state.deal(board)
        dealer = dealer_of(board)
        rounds = sorted({line.round for line in traveller.lines})
        lines += [
            "",
            f'[Event "{_q(s.name)}"]',
            '[Site "qipai"]',
            f'[Date "{date}"]',
            f'[Round "{"-".join(map(str, rounds)) if len(rounds) > 1 else rounds[0]}"]',
            f'[Board "{board}"]',
            f'[Dealer "{dealer.letter}"]',
            f'[Vulnerable "{vulnerability_of(board)}"]',
            f'[Deal "{deal.pbn(dealer)}"]',
            f'[Scoring "{_PBN_SCORING[s.scoring]}"]',
            "[ScoreTable "
            f'"Round\\2R;Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
            f'Result\\2R;Score_NS\\6R;{points_column};Ruling\\20L"]',
        ]
        for line in traveller.lines:
            lines.append(_score_row(line))
        if first_game is None:
            first_game = len(lines)
    two = any(row.direction for row in result.rows)
    total = [
        '[TotalScoreTable "Rank\\2R;PairId\\3R;'
        + ("Direction\\2L;" if two else "")
        + 'Names\\40L;TotalScore\\8R;Boards\\3R;Masterpoints\\2R"]',
    ]
    for row in result.rows:
        rank = "-" if row.rank is None else str(row.rank)
        direction = f"{row.direction or '-'} " if two else ""
        total.append(
            f'{rank:>2} {row.pair:>3} {direction}"{_q(row.name)}" {row.total:8.2f} '
            f"{row.boards_completed:>3} {row.masterpoints:>2}"
        )
    if first_game is None:  # no board was dealt: a game of its own
        lines += ["", f'[Event "{_q(s.name)}"]', f'[Date "{date}"]', *total]
    else:  # in the first game, as results files do
        lines[first_game:first_game] = total
    return "\n".join(lines) + "\n"


def _score_row(line: TravellerLine) -> str:
    cells = [f"{line.round:>2}", f"{line.table:>2}", f"{line.ns:>2}", f"{line.ew:>2}"]
    adj = line.adjustment
    ruling = '"-"' if adj is None else f'"{_q(adj.describe())}"'
    points = line.ns_points
    if adj is not None and adj.ns_score is None:  # an artificial score: no contract stands
        cells += ['"-"', "-", "-", "-", f"{points or 0.0:6.2f}"]
    elif line.ns_score is None:
        cells += ['"-"', "-", "-", "-", "-"]  # not played: cut by the clock (or not yet in)
    elif line.contract is None:
        cells += ['"Pass"', "-", "-", f"{0:>6}", f"{points or 0.0:6.2f}"]
    else:
        assert line.declarer is not None
        cells += [
            f'"{line.contract}"',
            line.declarer.letter,
            f"{line.tricks:>2}",
            f"{line.ns_score:>6}",
            f"{points or 0.0:6.2f}",
        ]
    return " ".join([*cells, ruling])


def event_json(
    state: EventState, result: Standings, shown: Container[int] | None = None
) -> dict[str, Any]:
    """The event as JSON-ready values: ``standings`` (rank, pair, players, total,
    boards_completed, masterpoints...) and ``rounds`` (each table's pairs and boards: contract,
    declarer, tricks and NS score, or ``played: false`` for a board cut by the clock), the
    format and its movement, the director's ``adjustments`` and ``rulings``. A board not in
    ``shown`` (None: all; see :mod:`~qipai.events.disclosure`) shows only whether its table
    has finished it, and no adjustment of it."""
    return {
        "event": state.settings.name,
        "format": state.settings.format.value,
        "movement": None if state.plan is None else state.plan.name,
        "two_winners": state.plan is not None and state.plan.two_winners,
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
                "direction": row.direction,
            }
            for row in result.rows
        ],
        "adjustments": [
            {**dump_adjustment(a), "text": a.describe()}
            for a in state.adjustments
            if shown is None or a.board in shown
        ],
        "rulings": [
            {"at": r.at.isoformat(), "by": r.by, "what": r.what, "reason": r.reason}
            for r in state.rulings
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
