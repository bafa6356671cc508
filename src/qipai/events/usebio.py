"""USEBIO XML (version 1.2), the results-interchange format club scoring programs read: the event,
its pairs with their places and scores, every board's traveller and the hand records.

The layout follows USEBIO 1.2: a ``USEBIO`` root (``Version="1.2"``) holding one ``EVENT``
(``EVENT_TYPE``) with ``PROGRAM_NAME``, ``EVENT_DESCRIPTION``, ``DATE`` (dd/mm/yyyy),
``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``IMPS``, ``CROSS_IMPS``), ``WINNER_TYPE`` (1 or
2 winners), ``BOARDS_PLAYED``; ``PARTICIPANTS`` with a ``PAIR`` each (``PLACE``, ``=`` after a
shared one; ``DIRECTION`` in a two-winner event; ``PAIR_NUMBER``; two ``PLAYER`` with
``PLAYER_NAME``; ``TOTAL_SCORE``; ``PERCENTAGE`` at matchpoints; ``BOARDS_PLAYED``;
``MASTER_POINTS_AWARDED``); a ``BOARD`` per board (``BOARD_NUMBER`` and a ``TRAVELLER_LINE``
per result: ``ROUND_NUMBER``, ``TABLE_NUMBER``, ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``,
``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` (NS's), and the points:
``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` on the 2/1 scale, or ``NS_IMPS``/``EW_IMPS``); and a
``HANDSET`` with each board's four hands. An artificial adjusted score has no contract and its
``SCORE`` says ``A60``/``A50``/``A40`` (NS's side); a ruling is noted in ``ADJUSTMENT``.

Only the boards in ``shown`` are written (see :mod:`~qipai.events.disclosure`).
"""

from __future__ import annotations

from collections.abc import Container
from xml.etree import ElementTree as ET

from ..bridge.cards import Seat, Suit
from .export import Traveller, TravellerLine, travellers
from .settings import Scoring
from .standings import Standings
from .state import PHANTOM, EventState

__all__ = ["to_usebio"]

_METHOD = {Scoring.MP: "MATCH_POINTS", Scoring.IMP: "IMPS", Scoring.XIMP: "CROSS_IMPS"}
_EVENT_TYPE = {Scoring.MP: "MP_PAIRS", Scoring.IMP: "BUTLER_PAIRS", Scoring.XIMP: "CROSS_IMPS"}
_SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


def _text(parent: ET.Element, tag: str, value: object) -> ET.Element:
    child = ET.SubElement(parent, tag)
    child.text = "" if value is None else str(value)
    return child


def to_usebio(state: EventState, result: Standings, shown: Container[int] | None = None) -> str:
    """The event as a USEBIO 1.2 XML document (see the module's description)."""
    s = state.settings
    root = ET.Element("USEBIO", Version="1.2")
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=_EVENT_TYPE[s.scoring])
    _text(event, "PROGRAM_NAME", "qipai")
    _text(event, "EVENT_DESCRIPTION", s.name)
    _text(event, "DATE", s.start.strftime("%d/%m/%Y"))
    _text(event, "BOARD_SCORING_METHOD", _METHOD[s.scoring])
    two = state.plan is not None and state.plan.two_winners
    _text(event, "WINNER_TYPE", 2 if two else 1)
    _text(event, "BOARDS_PLAYED", result.boards)
    _text(event, "BOARDS_PER_ROUND", s.boards_per_round)
    if state.plan is not None:
        _text(event, "MOVEMENT", state.plan.name)
    _participants(event, state, result)
    boards = travellers(state, shown)
    for traveller in boards:
        _board(event, traveller, s.scoring)
    handset = ET.SubElement(event, "HANDSET")
    for traveller in boards:
        board = ET.SubElement(handset, "BOARD")
        _text(board, "BOARD_NUMBER", traveller.board)
        deal = state.deal(traveller.board)
        for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
            hand = ET.SubElement(board, "HAND")
            _text(hand, "DIRECTION", _SEAT_NAMES[seat])
            held = deal[seat].cards
            for suit, tag in (
                (Suit.SPADES, "SPADES"),
                (Suit.HEARTS, "HEARTS"),
                (Suit.DIAMONDS, "DIAMONDS"),
                (Suit.CLUBS, "CLUBS"),
            ):
                ranks = sorted((c.rank for c in held if c.suit is suit), reverse=True)
                _text(hand, tag, "".join(r.letter for r in ranks))
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _participants(event: ET.Element, state: EventState, result: Standings) -> None:
    mp = state.settings.scoring is Scoring.MP
    participants = ET.SubElement(event, "PARTICIPANTS")
    ranks: list[tuple[str | None, int | None]] = [
        (r.direction, r.rank) for r in result.rows if r.rank is not None
    ]
    for row in result.rows:
        pair = ET.SubElement(participants, "PAIR")
        shared = ranks.count((row.direction, row.rank)) > 1
        place = "" if row.rank is None else f"{row.rank}{'=' if shared else ''}"
        _text(pair, "PLACE", place)
        if row.direction is not None:
            _text(pair, "DIRECTION", row.direction)
        _text(pair, "PAIR_NUMBER", row.pair)
        for name in row.players:
            player = ET.SubElement(pair, "PLAYER")
            _text(player, "PLAYER_NAME", name)
        _text(pair, "TOTAL_SCORE", f"{row.total:.2f}")
        if mp:
            _text(pair, "PERCENTAGE", f"{row.total:.2f}")
        _text(pair, "BOARDS_PLAYED", row.boards_played)
        _text(pair, "MASTER_POINTS_AWARDED", row.masterpoints)


def _board(event: ET.Element, traveller: Traveller, scoring: Scoring) -> None:
    board = ET.SubElement(event, "BOARD")
    _text(board, "BOARD_NUMBER", traveller.board)
    top = 2 * (len(traveller.lines) - 1)
    for line in traveller.lines:
        _line(ET.SubElement(board, "TRAVELLER_LINE"), line, scoring, top)


def _line(el: ET.Element, line: TravellerLine, scoring: Scoring, top: int) -> None:
    _text(el, "ROUND_NUMBER", line.round)
    _text(el, "TABLE_NUMBER", line.table)
    _text(el, "NS_PAIR_NUMBER", "" if line.ns == PHANTOM else line.ns)
    _text(el, "EW_PAIR_NUMBER", "" if line.ew == PHANTOM else line.ew)
    adj = line.adjustment
    if adj is not None and adj.ns is not None:  # artificial: no contract stands
        _text(el, "CONTRACT", "")
        _text(el, "SCORE", f"A{adj.ns.percent:.0f}")
    elif line.ns_score is None:
        _text(el, "CONTRACT", "")  # not played (cut by the clock) or not yet in
        _text(el, "SCORE", "")
    else:
        contract = "PASS" if line.contract is None else str(line.contract)
        _text(el, "CONTRACT", contract)
        _text(el, "PLAYED_BY", "" if line.declarer is None else line.declarer.letter)
        _text(el, "LEAD", "" if line.lead is None else str(line.lead))
        _text(el, "TRICKS", "" if line.tricks is None else line.tricks)
        _text(el, "SCORE", line.ns_score)
    if adj is not None:
        _text(el, "ADJUSTMENT", adj.describe())
    if line.ns_points is None or line.ew_points is None:
        return
    if scoring is Scoring.MP:  # percent of the top back to matchpoints on the 2/1 scale
        _text(el, "NS_MATCH_POINTS", f"{line.ns_points * top / 100:.2f}")
        _text(el, "EW_MATCH_POINTS", f"{line.ew_points * top / 100:.2f}")
    else:
        _text(el, "NS_IMPS", f"{line.ns_points:.2f}")
        _text(el, "EW_IMPS", f"{line.ew_points:.2f}")
