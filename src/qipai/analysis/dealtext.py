"""The dealer's output as text, written straight from its ``(n, 52)`` owner arrays.

Building a :class:`~qipai.bridge.deal.Deal` value per deal and printing it costs several times
the dealing itself (tens of thousands of values, a million small steps); here every holding is
one look-up in a table of the 8,192 possible holdings of a suit, done for all deals at once,
and the lines are joined from those strings. The text is the same as the values would print.

>>> from qipai.analysis.dealer import owners_from_deal
>>> from qipai.bridge import Deal
>>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
>>> pbn_deals(owners_from_deal(d)[None, :]) == [d.pbn()]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..bridge.board import Vulnerability, dealer_of, vulnerability_of
from ..bridge.cards import SUITS_HIGH_FIRST, Seat

__all__ = ["BoardTags", "holdings", "lin_boards", "pbn_boards", "pbn_deals", "text_boards"]

_RANKS_HIGH_FIRST = "AKQJT98765432"
_HIGH_FIRST = np.array(
    ["".join(r for k, r in enumerate(_RANKS_HIGH_FIRST) if code >> k & 1) for code in range(8192)],
    dtype=object,
)
"""A suit's holding by its 13-bit code (bit 0 the ace ... bit 12 the two), highest first."""
_WEIGHTS = (1 << np.arange(12, -1, -1)).astype(np.int64)
"""Column j of a suit (rank j + 2, the card order of ``Card.index``) is bit 12 - j."""


def holdings(owners: NDArray[np.uint8]) -> NDArray[np.object_]:
    """``(n, 4, 4)`` holdings: deal, seat (N, E, S, W), suit (spades first); each the ranks
    held, highest first (``""`` for a void)."""
    owners = np.asarray(owners)
    if owners.ndim != 2 or owners.shape[1] != 52:
        raise ValueError(f"owners must have shape (n, 52), not {owners.shape}")
    out = np.empty((owners.shape[0], 4, 4), dtype=object)
    for seat in Seat:
        for column, suit in enumerate(SUITS_HIGH_FIRST):
            held = owners[:, suit * 13 : suit * 13 + 13] == seat
            out[:, seat, column] = _HIGH_FIRST[held.astype(np.int64) @ _WEIGHTS]
    return out


def _joined(parts: Sequence[NDArray[np.object_] | str]) -> NDArray[np.object_]:
    """Element-wise concatenation of string arrays (and strings, repeated for every deal)."""
    out: Any = parts[0]
    for part in parts[1:]:
        out = out + part
    result: NDArray[np.object_] = out
    return result


def _hands_pbn(h: NDArray[np.object_]) -> list[NDArray[np.object_]]:
    """Each seat's hand as PBN (``AKJ5.Q62.T84.K93``), N, E, S, W."""
    return [
        _joined([h[:, seat, 0], ".", h[:, seat, 1], ".", h[:, seat, 2], ".", h[:, seat, 3]])
        for seat in Seat
    ]


def pbn_deals(owners: NDArray[np.uint8]) -> list[str]:
    """Each deal as PBN from North (``N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 ...``), as
    :meth:`Deal.pbn <qipai.bridge.deal.Deal.pbn>` writes it."""
    n, e, s, w = _hands_pbn(holdings(owners))
    return list(_joined(["N:", n, " ", e, " ", s, " ", w]))


BoardTags = tuple[int, Seat, Vulnerability]
"""A board's number, dealer and vulnerability."""


def board_tags(
    first: int, count: int, dealer: Seat | None = None, vulnerable: Vulnerability | None = None
) -> list[BoardTags]:
    """Boards ``first`` to ``first + count - 1``: dealer and vulnerability by the number (Law 2)
    unless given."""
    return [
        (number, dealer or dealer_of(number), vulnerable or vulnerability_of(number))
        for number in range(first, first + count)
    ]


def pbn_boards(owners: NDArray[np.uint8], boards: Sequence[BoardTags]) -> str:
    """PBN tags for each board, a blank line between boards.

    >>> from qipai.analysis.dealer import owners_from_deal
    >>> from qipai.bridge import Deal
    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> print(pbn_boards(owners_from_deal(d)[None, :], [(5, Seat.NORTH, Vulnerability.NS)]))
    [Board "5"]
    [Dealer "N"]
    [Vulnerable "NS"]
    [Deal "N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87"]
    """
    deals = pbn_deals(owners)
    return "\n\n".join(
        f'[Board "{number}"]\n[Dealer "{dealer.letter}"]\n[Vulnerable "{vul}"]\n[Deal "{d}"]'
        for (number, dealer, vul), d in zip(boards, deals, strict=True)
    )


def text_boards(owners: NDArray[np.uint8], boards: Sequence[BoardTags]) -> str:
    """A four-hand diagram per board, North at the top.

    >>> from qipai.analysis.dealer import owners_from_deal
    >>> from qipai.bridge import Deal
    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> print(text_boards(owners_from_deal(d)[None, :], [(1, Seat.NORTH, Vulnerability.NONE)]))
    Board 1   Dealer N   Vul None
                    S AKJ5
                    H Q62
                    D T84
                    C K93
    S 764                           S Q92
    H T                             H KJ87
    D J973                          D A62
    C AQT87                         C J54
                    S T83
                    H A9543
                    D KQ5
                    C 62
    """
    h = holdings(owners)
    h[h == ""] = "-"
    letters = [s.letter for s in SUITS_HIGH_FIRST]
    pad = " " * 16
    rows = []  # the 12 lines of every diagram, each an array over the deals
    for i, letter in enumerate(letters):
        rows.append(_joined([f"{pad}{letter} ", h[:, Seat.NORTH, i]]))
    for i, letter in enumerate(letters):
        west = _joined([f"{letter} ", h[:, Seat.WEST, i]])
        rows.append(_joined([np.array([f"{x:<32}" for x in west], dtype=object), f"{letter} "]))
        rows[-1] = rows[-1] + h[:, Seat.EAST, i]
    for i, letter in enumerate(letters):
        rows.append(_joined([f"{pad}{letter} ", h[:, Seat.SOUTH, i]]))
    body = _joined([rows[0], *(x for row in rows[1:] for x in ("\n", row))])
    return "\n\n".join(
        f"Board {number}   Dealer {dealer.letter}   Vul {vul}\n{diagram}"
        for (number, dealer, vul), diagram in zip(boards, body, strict=True)
    )


_LIN_DEALER = {Seat.SOUTH: 1, Seat.WEST: 2, Seat.NORTH: 3, Seat.EAST: 4}
_LIN_VUL = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}


def lin_boards(owners: NDArray[np.uint8], boards: Sequence[BoardTags]) -> str:
    """One BBO LIN line per board: players, hands (South, West, North, East), board, vul.

    >>> from qipai.analysis.dealer import owners_from_deal
    >>> from qipai.bridge import Deal
    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> fields = lin_boards(owners_from_deal(d)[None, :], [(2, Seat.EAST, Vulnerability.NS)])
    >>> fields.split("|")[:5]
    ['pn', 'South,West,North,East', 'st', '', 'md']
    >>> fields.split("|")[5]  # dealer East (4), then the hands South, West, North, East
    '4ST83HA9543DKQ5C62,S764HTDJ973CAQT87,SAKJ5HQ62DT84CK93,SQ92HKJ87DA62CJ54'
    >>> fields.split("|")[6:]
    ['rh', '', 'ah', 'Board 2', 'sv', 'n', 'pg', '', '']
    """
    h = holdings(owners)
    hands = {
        seat: _joined(
            ["S", h[:, seat, 0], "H", h[:, seat, 1], "D", h[:, seat, 2], "C", h[:, seat, 3]]
        )
        for seat in Seat
    }
    md = _joined(
        [hands[Seat.SOUTH], ",", hands[Seat.WEST], ",", hands[Seat.NORTH], ",", hands[Seat.EAST]]
    )
    return "\n".join(
        f"pn|South,West,North,East|st||md|{_LIN_DEALER[dealer]}{hands_text}|rh||"
        f"ah|Board {number}|sv|{_LIN_VUL[vul]}|pg||"
        for (number, dealer, vul), hands_text in zip(boards, md, strict=True)
    )
