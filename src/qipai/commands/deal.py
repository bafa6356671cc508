"""``qipai deal -n N --seed S [--where EXPR] [--script FILE] [--format pbn|text|lin]``:
random boards, optionally under dealer-style constraints.

Board numbers start at ``--board`` (default 1) and fix each board's dealer and vulnerability
(Law 2), unless a script says ``dealer`` or ``vulnerable``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..analysis.dealer import deal
from ..analysis.dealscript import DealScript, parse_script
from ..bridge.board import Vulnerability, dealer_of, vulnerability_of
from ..bridge.cards import SUITS_HIGH_FIRST, Card, Seat
from ..bridge.deal import Deal, Hand
from ..bridge.errors import ParseError

FORMATS = ("pbn", "text", "lin")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("deal", help="deal random boards, optionally under constraints")
    p.add_argument("-n", "--count", type=int, help="how many deals (default 1, or the script's)")
    p.add_argument("--seed", type=int, help="random seed: the same seed gives the same deals")
    p.add_argument(
        "--where",
        metavar="EXPR",
        help="dealer condition, like 'hcp(north) >= 15 && spades(s) >= 5'",
    )
    p.add_argument("--script", metavar="FILE", help="a dealer script (condition, predeal, ...)")
    p.add_argument(
        "--predeal",
        action="append",
        default=[],
        metavar="HANDS",
        help="cards to give first, like 'north SAK2, HQJ5' (may be repeated)",
    )
    p.add_argument("--format", choices=FORMATS, default="pbn", help="output format (default pbn)")
    p.add_argument("--board", type=int, default=1, help="number of the first board (default 1)")
    p.add_argument("--max-tries", type=int, help="give up after this many candidate deals")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    script = DealScript()
    if args.script:
        script = parse_script(Path(args.script).read_text(encoding="utf-8"))
    predeal: dict[Seat, list[Card]] = {s: list(c) for s, c in script.predeal.items()}
    for text in args.predeal:
        for seat, cards in parse_script(f"predeal {text}").predeal.items():
            predeal.setdefault(seat, []).extend(cards)
    count = args.count if args.count is not None else (script.produce or 1)
    if count < 0:
        raise ParseError(f"-n must be 0 or more, not {count}")
    if args.board < 1:
        raise ParseError(f"board numbers start at 1, not {args.board}")
    max_tries = args.max_tries if args.max_tries is not None else script.generate
    deals = deal(
        count,
        seed=args.seed,
        where=[script.formula(), args.where],
        predeal=predeal,
        max_tries=max_tries,
    )
    boards = [
        (
            number,
            script.dealer or dealer_of(number),
            script.vulnerable or vulnerability_of(number),
            d,
        )
        for number, d in enumerate(deals, start=args.board)
    ]
    writer = {"pbn": pbn, "text": text_diagrams, "lin": lin}[args.format]
    output = writer(boards)
    if output:
        print(output)
    return 0


Board = tuple[int, Seat, Vulnerability, Deal]


def pbn(boards: Iterable[Board]) -> str:
    """PBN tags for each board, a blank line between boards.

    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> print(pbn([(5, Seat.NORTH, Vulnerability.NS, d)]))
    [Board "5"]
    [Dealer "N"]
    [Vulnerable "NS"]
    [Deal "N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87"]
    """
    return "\n\n".join(
        f'[Board "{number}"]\n[Dealer "{dealer.letter}"]\n'
        f'[Vulnerable "{vul}"]\n[Deal "{d.pbn(Seat.NORTH)}"]'
        for number, dealer, vul, d in boards
    )


def _holding(hand: Hand, suit_index: int) -> str:
    cards = hand.suit(SUITS_HIGH_FIRST[suit_index])
    return "".join(c.rank.letter for c in cards) or "-"


def text_diagrams(boards: Iterable[Board]) -> str:
    """A four-hand diagram per board, North at the top.

    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> print(text_diagrams([(1, Seat.NORTH, Vulnerability.NONE, d)]))
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
    blocks = []
    for number, dealer, vul, d in boards:
        lines = [f"Board {number}   Dealer {dealer.letter}   Vul {vul}"]
        letters = [s.letter for s in SUITS_HIGH_FIRST]
        for i, letter in enumerate(letters):
            lines.append(" " * 16 + f"{letter} {_holding(d.north, i)}")
        for i, letter in enumerate(letters):
            west = f"{letter} {_holding(d.west, i)}"
            lines.append(f"{west:<32}{letter} {_holding(d.east, i)}")
        for i, letter in enumerate(letters):
            lines.append(" " * 16 + f"{letter} {_holding(d.south, i)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


_LIN_DEALER = {Seat.SOUTH: 1, Seat.WEST: 2, Seat.NORTH: 3, Seat.EAST: 4}
_LIN_VUL: Mapping[Vulnerability, str] = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}


def _lin_hand(hand: Hand) -> str:
    return "".join(
        s.letter + "".join(c.rank.letter for c in hand.suit(s)) for s in SUITS_HIGH_FIRST
    )


def lin(boards: Iterable[Board]) -> str:
    """One BBO LIN line per board: players, hands (South, West, North, East), board, vul.

    >>> d = Deal.parse("N:AKJ5.Q62.T84.K93 Q92.KJ87.A62.J54 T83.A9543.KQ5.62 764.T.J973.AQT87")
    >>> fields = lin([(2, Seat.EAST, Vulnerability.NS, d)]).split("|")
    >>> fields[:5]
    ['pn', 'South,West,North,East', 'st', '', 'md']
    >>> fields[5]  # dealer East (4), then the hands South, West, North, East
    '4ST83HA9543DKQ5C62,S764HTDJ973CAQT87,SAKJ5HQ62DT84CK93,SQ92HKJ87DA62CJ54'
    >>> fields[6:]
    ['rh', '', 'ah', 'Board 2', 'sv', 'n', 'pg', '', '']
    """
    lines = []
    for number, dealer, vul, d in boards:
        hands = ",".join(_lin_hand(d[s]) for s in (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST))
        lines.append(
            f"pn|South,West,North,East|st||md|{_LIN_DEALER[dealer]}{hands}|rh||"
            f"ah|Board {number}|sv|{_LIN_VUL[vul]}|pg||"
        )
    return "\n".join(lines)
