"""The double-dummy adapter: the only code in qipai that talks to DDS (through endplay).

It converts our values to DDS's structures and back, checks every answer before it leaves this
module, batches within DDS's limits and lets DDS use every core. Everything else in qipai sees only
our own values: :class:`DDTable`, our cards, seats and strains.

DDS limits and quirks handled here (endplay 0.5.12 wrapping DDS 2.9):

* ``CalcAllTables`` takes at most 40 five-strain tables per call (endplay's own size check is off
  by one, and ``DDTableList[-1]`` raises), so :func:`dd_tables` sends chunks of 40.
* DDS keeps per-thread state: the single-position calls (``SolveBoard``, ``AnalysePlayBin``) run
  on thread slot 0, which the batch calls also use, so every DDS call here holds one lock. A batch
  call still spreads its work over every core DDS was set up with (:func:`threads`).
* ``AnalysePlay`` stops after the 48th card (the last trick is forced); :func:`analyse_plays`
  extends its answer to cover the whole play.

>>> from qipai.bridge import Deal, Seat, Strain
>>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> t = dd_table(deal)
>>> t.tricks(Seat.NORTH, Strain.NOTRUMP), t.tricks(Seat.WEST, Strain.CLUBS)
(13, 1)
>>> str(t)  # PBN DoubleDummyTricks: N, S, E, W; each NT, S, H, D, C
'ddcccddccc0011100111'
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, overload

if TYPE_CHECKING:
    from endplay import _dds
else:

    class _LoadDDS:
        """endplay (and DDS) load on the first call that needs them, not with qipai.analysis:
        importing endplay takes most of a second, which the dealer and the command line's
        other commands need not pay."""

        def __getattr__(self, name: str) -> Any:
            global _dds
            try:
                from endplay import _dds as loaded
            except ImportError as e:  # pragma: no cover - the analysis extra is not installed
                raise ImportError(
                    "qipai.analysis needs endplay (the DDS wrapper): pip install 'qipai[analysis]'"
                ) from e
            _dds = loaded
            return getattr(loaded, name)

    _dds = _LoadDDS()

from ..bridge.board import Vulnerability
from ..bridge.cards import Card, Rank, Seat, Strain, Suit
from ..bridge.deal import Deal
from ..bridge.errors import ParseError, QipaiError

__all__ = [
    "MAX_TABLES_PER_CALL",
    "DDSError",
    "DDTable",
    "PlayInput",
    "RawParContract",
    "analyse_play",
    "analyse_plays",
    "check_deal",
    "dd_table",
    "dd_tables",
    "dds_info",
    "dealer_par",
    "set_threads",
    "solve_position",
    "threads",
]

MAX_TABLES_PER_CALL = 40
"""Five-strain tables per ``CalcAllTables`` call: DDS refuses more (MAXNOOFTABLES)."""

_MAX_BOARDS_PER_CALL = 200  # MAXNOOFBOARDS: positions per SolveAllBoards/AnalyseAllPlays call

# DDS numbers suits spades first (0 S, 1 H, 2 D, 3 C, 4 NT); ours run clubs first.
_DDS_STRAIN = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3}
_DDS_STRAIN[Strain.NOTRUMP] = 4
_DDS_VUL = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}
# DealerPar's contract denominations: 0 NT, 1 S, 2 H, 3 D, 4 C.
_PAR_DENOM = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)

DDS_LOCK = threading.Lock()
"""Held around every DDS call: single-position solves share DDS thread slot 0 with batches."""
_LOCK = DDS_LOCK

# PBN's DoubleDummyTricks order: declarers N, S, E, W; per declarer NT, S, H, D, C.
_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


class DDSError(QipaiError):
    """DDS failed, gave an answer that fails our checks, or was handed an invalid deal.

    ``board`` names the board (its number or label) when known; ``reason`` is the message
    without it.
    """

    def __init__(self, reason: str, board: object = None) -> None:
        self.board = board
        self.reason = reason
        super().__init__(f"board {board}: {reason}" if board is not None else reason)


# --- the DD table value ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and strain: ``rows[seat][strain]``.

    The text form is PBN's ``DoubleDummyTricks``: 20 hex digits, declarers N, S, E, W and for each
    the strains NT, S, H, D, C.

    >>> t = DDTable.parse("77667775576677566775")
    >>> t.tricks(Seat.SOUTH, Strain.HEARTS), t.to_dict()["E"]
    (5, {'C': 5, 'D': 7, 'H': 7, 'S': 6, 'NT': 6})
    >>> DDTable.from_dict(t.to_dict()) == t
    True
    """

    rows: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != 4 or any(len(r) != 5 for r in self.rows):
            raise ValueError("a DD table has 4 declarers x 5 strains")
        for row in self.rows:
            for v in row:
                if not isinstance(v, int) or not 0 <= v <= 13:
                    raise ValueError(f"DD tricks are 0 to 13, not {v!r}")

    def tricks(self, declarer: Seat, strain: Strain) -> int:
        """Tricks ``declarer`` takes double dummy in ``strain`` (left-hand opponent leads)."""
        return self.rows[declarer][strain]

    def to_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 7, "D": 6, "H": 9, "S": 5, "NT": 8}, "E": {...}, ...}``"""
        return {seat.letter: {s.letter: self.rows[seat][s] for s in Strain} for seat in Seat}

    @classmethod
    def from_dict(cls, data: Mapping[str, Mapping[str, int]]) -> DDTable:
        try:
            return cls(
                tuple(tuple(int(data[seat.letter][s.letter]) for s in Strain) for seat in Seat)
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ParseError(f"bad DD table {data!r}: {e}") from None

    def pbn(self) -> str:
        """PBN ``DoubleDummyTricks``: 20 hex digits, N S E W x NT S H D C."""
        return "".join(f"{self.rows[seat][s]:x}" for seat in _PBN_SEATS for s in _PBN_STRAINS)

    @classmethod
    def parse(cls, text: str) -> DDTable:
        """Read PBN's ``DoubleDummyTricks`` (20 hex digits, either case)."""
        t = text.strip()
        if len(t) != 20:
            raise ParseError(f"bad DoubleDummyTricks {text!r}: need 20 hex digits")
        try:
            values = [int(ch, 16) for ch in t]
        except ValueError:
            raise ParseError(f"bad DoubleDummyTricks {text!r}: not hex digits") from None
        if max(values) > 13:
            raise ParseError(f"bad DoubleDummyTricks {text!r}: a count above 13")
        rows = [[0] * 5 for _ in Seat]
        i = 0
        for seat in _PBN_SEATS:
            for s in _PBN_STRAINS:
                rows[seat][s] = values[i]
                i += 1
        return cls(tuple(tuple(r) for r in rows))

    def optimum_result_table(self) -> list[str]:
        """The rows of PBN's ``OptimumResultTable`` section, ``N NT  7`` and so on, for
        declarers N, S, E, W and strains NT, S, H, D, C (the section's header names the columns
        ``Declarer;Denomination\\2R;Result\\2R``)."""
        return [
            f"{seat.letter} {s.letter:>2} {self.rows[seat][s]:>2}"
            for seat in _PBN_SEATS
            for s in _PBN_STRAINS
        ]

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"DDTable.parse({self.pbn()!r})"


# --- converting to DDS -----------------------------------------------------------------------


def _dds_suit(suit: Suit) -> int:
    return 3 - int(suit)


def _suit_of(dds_suit: int) -> Suit:
    return Suit(3 - dds_suit)


def check_deal(deal: Deal, board: object = None) -> None:
    """Raise DDSError (naming ``board``) unless every seat holds 13 cards and no card is twice."""
    seen: set[Card] = set()
    for seat in Seat:
        hand = deal[seat]
        if len(hand) != 13:
            raise DDSError(f"{seat.name.title()} holds {len(hand)} cards, not 13", board)
        twice = seen & hand.cards
        if twice:
            raise DDSError(f"card {min(twice)} is dealt twice", board)
        seen |= hand.cards


def _fill_holdings(target: ctypes.Array, hands: Mapping[Seat, Iterable[Card]]) -> None:  # type: ignore[type-arg]
    for seat, cards in hands.items():
        row = target[seat]
        for card in cards:
            row[3 - card.suit] |= 1 << card.rank


def _table_deal(deal: Deal) -> _dds.ddTableDeal:
    td = _dds.ddTableDeal()
    _fill_holdings(td.cards, {seat: deal[seat].cards for seat in Seat})
    return td


def _read_table(res: _dds.ddTableResults, board: object) -> DDTable:
    rows = [[0] * 5 for _ in Seat]
    for strain in Strain:
        col = res.resTable[_DDS_STRAIN[strain]]
        for seat in Seat:
            v = col[seat]
            if not 0 <= v <= 13:
                raise DDSError(
                    f"DDS answered {v} tricks for {seat.name.title()} in {strain}", board
                )
            rows[seat][strain] = v
    return DDTable(tuple(tuple(r) for r in rows))


def _dds_error(e: Exception, what: str, board: object) -> DDSError:
    return DDSError(f"DDS failed in {what}: {e}", board)


# --- DD tables -------------------------------------------------------------------------------


def dd_table(deal: Deal, *, board: object = None) -> DDTable:
    """The DD table of one deal (all four declarers, all five strains)."""
    check_deal(deal, board)
    res = _dds.ddTableResults()
    try:
        with _LOCK:
            _dds.CalcDDtable(_table_deal(deal), res)
    except _dds.DDSError as e:
        raise _dds_error(e, "CalcDDtable", board) from None
    return _read_table(res, board)


@overload
def dd_tables(
    deals: Iterable[Deal],
    *,
    boards: Sequence[object] | None = ...,
    on_error: Literal["raise"] = ...,
    progress: Callable[[int, int], None] | None = ...,
) -> list[DDTable]: ...


@overload
def dd_tables(
    deals: Iterable[Deal],
    *,
    boards: Sequence[object] | None = ...,
    on_error: Literal["return"],
    progress: Callable[[int, int], None] | None = ...,
) -> list[DDTable | DDSError]: ...


def dd_tables(
    deals: Iterable[Deal],
    *,
    boards: Sequence[object] | None = None,
    on_error: Literal["raise", "return"] = "raise",
    progress: Callable[[int, int], None] | None = None,
) -> list[DDTable] | list[DDTable | DDSError]:
    """DD tables of many deals, in order, using every core DDS has (chunks of 40 per call).

    ``boards`` labels the deals in error messages (default: their position, from 1). Equal deals
    are solved once. With ``on_error="raise"`` the first bad deal raises DDSError; with
    ``"return"`` its place in the list holds the DDSError and the rest are still solved.
    ``progress(done, total)`` is called after each chunk.
    """
    deal_list = list(deals)
    labels: Sequence[object] = (
        boards if boards is not None else [f"#{i + 1}" for i in range(len(deal_list))]
    )
    if len(labels) != len(deal_list):
        raise ValueError(f"{len(labels)} board labels for {len(deal_list)} deals")
    results: list[DDTable | DDSError | None] = [None] * len(deal_list)

    # Check every deal first and solve each distinct one once.
    first_index: dict[Deal, int] = {}
    todo: list[int] = []
    for i, deal in enumerate(deal_list):
        try:
            check_deal(deal, labels[i])
        except DDSError as e:
            if on_error == "raise":
                raise
            results[i] = e
            continue
        if deal not in first_index:
            first_index[deal] = i
            todo.append(i)

    done = 0
    for start in range(0, len(todo), MAX_TABLES_PER_CALL):
        chunk = todo[start : start + MAX_TABLES_PER_CALL]
        for i, answer in zip(
            chunk,
            _tables_chunk([deal_list[i] for i in chunk], [labels[i] for i in chunk]),
            strict=True,
        ):
            if isinstance(answer, DDSError) and on_error == "raise":
                raise answer
            results[i] = answer
        done += len(chunk)
        if progress is not None:
            progress(done, len(todo))

    for i, deal in enumerate(deal_list):
        if results[i] is None:
            first = results[first_index[deal]]
            results[i] = DDSError(first.reason, labels[i]) if isinstance(first, DDSError) else first
    return [r for r in results if r is not None]


def _tables_chunk(deals: Sequence[Deal], labels: Sequence[object]) -> list[DDTable | DDSError]:
    """One CalcAllTables call; should DDS fail the call, each deal is solved alone instead so a
    bad one is named and the others still come back."""
    if not deals:
        return []
    if len(deals) > MAX_TABLES_PER_CALL:
        raise ValueError(f"at most {MAX_TABLES_PER_CALL} tables per DDS call")
    batch = _dds.ddTableDeals()
    batch.noOfTables = len(deals)
    for i, deal in enumerate(deals):
        _fill_holdings(batch.ddTableDeal[i].cards, {seat: deal[seat].cards for seat in Seat})
    res = _dds.ddTablesRes()
    par_res = _dds.allParResults()
    try:
        with _LOCK:
            _dds.CalcAllTables(batch, -1, [0, 0, 0, 0, 0], res, par_res)
    except _dds.DDSError:
        return [_one_table(d, label) for d, label in zip(deals, labels, strict=True)]
    out: list[DDTable | DDSError] = []
    for i, label in enumerate(labels):
        try:
            out.append(_read_table(res.results[i], label))
        except DDSError as e:
            out.append(e)
    return out


def _one_table(deal: Deal, label: object) -> DDTable | DDSError:
    try:
        return dd_table(deal, board=label)
    except DDSError as e:
        return e


# --- threads ---------------------------------------------------------------------------------


class _DDSInfo(ctypes.Structure):
    """DDS 2.9's DDSInfo. endplay's copy of this struct is too short (it lacks numBits, numCores
    and threadSizes, and its systemString is half size), so GetDDSInfo through it overruns the
    buffer and corrupts the heap: never use ``_dds.DDSInfo``."""

    _fields_ = [
        ("major", ctypes.c_int),
        ("minor", ctypes.c_int),
        ("patch", ctypes.c_int),
        ("versionString", ctypes.c_char * 10),
        ("system", ctypes.c_int),
        ("numBits", ctypes.c_int),
        ("compiler", ctypes.c_int),
        ("constructor", ctypes.c_int),
        ("numCores", ctypes.c_int),
        ("threading", ctypes.c_int),
        ("noOfThreads", ctypes.c_int),
        ("threadSizes", ctypes.c_char * 128),
        ("systemString", ctypes.c_char * 1024),
        ("_spare", ctypes.c_char * 4096),  # room should a later DDS grow the struct
    ]


def dds_info() -> dict[str, object]:
    """DDS's own description of itself: version, cores, threading model, threads."""
    info = _DDSInfo()
    with _LOCK:
        _dds._dll.GetDDSInfo(ctypes.byref(info))
    return {
        "version": info.versionString.decode(errors="replace"),
        "cores": int(info.numCores),
        "threading": int(info.threading),
        "threads": int(info.noOfThreads),
        "system": info.systemString.decode(errors="replace"),
    }


def threads() -> int:
    """How many threads DDS runs its batch calls on (one per core unless set otherwise)."""
    n = dds_info()["threads"]
    assert isinstance(n, int)
    return n


def set_threads(n: int = 0) -> int:
    """Let DDS use ``n`` threads (0: one per core, DDS's own choice, the default at import).
    Returns the number DDS then uses."""
    if n < 0:
        raise ValueError(f"threads must be 0 (automatic) or more, not {n}")
    with _LOCK:
        _dds.SetMaxThreads(n)
    return threads()


# --- par -------------------------------------------------------------------------------------


class RawParContract(NamedTuple):
    """One line of DDS's dealer-aware par: a contract, the seats that may declare it (one, or
    both of a side), and the tricks over or under it."""

    level: int
    strain: Strain
    declarers: tuple[Seat, ...]
    overtricks: int
    undertricks: int


def dealer_par(
    table: DDTable, dealer: Seat, vulnerability: Vulnerability, *, board: object = None
) -> tuple[int, list[RawParContract]]:
    """DDS's dealer-aware par (DealerParBin) from a DD table: the NS-relative score and the
    contracts that reach it (an empty list when par is a pass-out)."""
    res = _dds.ddTableResults()
    for seat in Seat:
        for strain in Strain:
            res.resTable[_DDS_STRAIN[strain]][seat] = table.rows[seat][strain]
    out = _dds.parResultsMaster()
    try:
        with _LOCK:
            _dds.DealerParBin(res, out, int(dealer), _DDS_VUL[vulnerability])
    except _dds.DDSError as e:
        raise _dds_error(e, "DealerParBin", board) from None
    if not 0 <= out.number <= 10:
        raise DDSError(f"DDS answered {out.number} par contracts", board)
    lines: list[RawParContract] = []
    for i in range(out.number):
        c = out.contracts[i]
        if c.level == 0:
            continue  # a pass-out
        if not (1 <= c.level <= 7 and 0 <= c.denom <= 4 and 0 <= c.seats <= 5):
            raise DDSError(
                f"DDS answered an impossible par contract (level {c.level}, denom {c.denom},"
                f" seats {c.seats})",
                board,
            )
        seats = {4: (Seat.NORTH, Seat.SOUTH), 5: (Seat.EAST, Seat.WEST)}.get(
            c.seats, (Seat(c.seats % 4),)
        )
        lines.append(
            RawParContract(c.level, _PAR_DENOM[c.denom], seats, c.overTricks, c.underTricks)
        )
    return int(out.score), lines


# --- positions in play -----------------------------------------------------------------------


def _position(
    hands: Mapping[Seat, Iterable[Card]], strain: Strain, leader: Seat, trick: Sequence[Card]
) -> _dds.deal:
    if len(trick) > 3:
        raise ValueError("a trick in progress holds 0 to 3 cards")
    dl = _dds.deal()
    dl.trump = _DDS_STRAIN[strain]
    dl.first = int(leader)
    for i, card in enumerate(trick):
        dl.currentTrickSuit[i] = _dds_suit(card.suit)
        dl.currentTrickRank[i] = int(card.rank)
    _fill_holdings(dl.remainCards, hands)
    return dl


def solve_position(
    hands: Mapping[Seat, Iterable[Card]],
    strain: Strain,
    leader: Seat,
    trick: Sequence[Card] = (),
    *,
    board: object = None,
) -> list[tuple[Card, int]]:
    """Every card the hand to play may play, with the tricks its side then takes of those left
    (the trick in progress included), double dummy.

    ``hands`` holds each seat's unplayed cards (not those already on the table in ``trick``);
    ``leader`` led ``trick`` (the 0 to 3 cards played to it so far).
    """
    dl = _position(hands, strain, leader, trick)
    fut = _dds.futureTricks()
    try:
        with _LOCK:
            # target -1 (find the maximum), solutions 3 (every legal card), mode 1 (always search)
            _dds.SolveBoard(dl, -1, 3, 1, fut, 0)
    except _dds.DDSError as e:
        raise _dds_error(e, "SolveBoard", board) from None
    out: list[tuple[Card, int]] = []
    for i in range(fut.cards):
        suit = _suit_of(fut.suit[i])
        ranks = (1 << fut.rank[i]) | fut.equals[i]
        for r in Rank:
            if ranks & (1 << r):
                out.append((Card(suit, r), int(fut.score[i])))
    return out


class PlayInput(NamedTuple):
    """A deal as dealt, the strain, the opening leader, and the cards played from the start."""

    deal: Deal
    strain: Strain
    leader: Seat
    cards: Sequence[Card]


def analyse_play(
    deal: Deal, strain: Strain, leader: Seat, cards: Sequence[Card], *, board: object = None
) -> list[int]:
    """Declarer's double-dummy tricks (of all 13) before the first card and after each of
    ``cards``; declarer is the opening leader's right-hand opponent. DDS's AnalysePlay."""
    return analyse_plays([PlayInput(deal, strain, leader, cards)], boards=[board])[0]


def analyse_plays(
    plays: Sequence[PlayInput], *, boards: Sequence[object] | None = None
) -> list[list[int]]:
    """:func:`analyse_play` for many boards at once, on every core (AnalyseAllPlaysBin)."""
    labels: Sequence[object] = boards if boards is not None else [None] * len(plays)
    out: list[list[int]] = []
    for start in range(0, len(plays), _MAX_BOARDS_PER_CALL):
        chunk = plays[start : start + _MAX_BOARDS_PER_CALL]
        out.extend(_plays_chunk(chunk, labels[start : start + _MAX_BOARDS_PER_CALL]))
    return out


def _plays_chunk(plays: Sequence[PlayInput], labels: Sequence[object]) -> list[list[int]]:
    bo = _dds.boards()
    bo.noOfBoards = len(plays)
    traces = _dds.playTracesBin()
    traces.noOfBoards = len(plays)
    for i, (p, label) in enumerate(zip(plays, labels, strict=True)):
        check_deal(p.deal, label)
        if len(p.cards) > 52:
            raise DDSError(f"{len(p.cards)} cards played, more than 52", label)
        bo.deals[i] = _position({seat: p.deal[seat].cards for seat in Seat}, p.strain, p.leader, ())
        bo.target[i], bo.solutions[i], bo.mode[i] = -1, 3, 1
        tr = traces.plays[i]
        tr.number = len(p.cards)
        for j, card in enumerate(p.cards):
            tr.suit[j] = _dds_suit(card.suit)
            tr.rank[j] = int(card.rank)
    solved = _dds.solvedPlays()
    try:
        with _LOCK:
            _dds.AnalyseAllPlaysBin(bo, traces, solved, 1)
    except _dds.DDSError as e:
        if len(plays) == 1:
            raise _dds_error(e, "AnalysePlay", labels[0]) from None
        # Find the bad board: analyse each alone.
        return [_plays_chunk([p], [label])[0] for p, label in zip(plays, labels, strict=True)]
    out: list[list[int]] = []
    for i, (p, label) in enumerate(zip(plays, labels, strict=True)):
        s = solved.solved[i]
        values = [int(s.tricks[j]) for j in range(s.number)]
        expected = min(len(p.cards), 48) + 1
        if len(values) != expected or any(not 0 <= v <= 13 for v in values):
            raise DDSError(f"DDS answered a bad play analysis {values}", label)
        # Past the 48th card every card is forced: the value no longer changes.
        values.extend([values[-1]] * (len(p.cards) + 1 - len(values)))
        out.append(values)
    return out
