"""``qipai deal -n N --seed S [--where EXPR] [--script FILE] [--format pbn|text|lin]``:
random boards, optionally under dealer-style constraints.

Board numbers start at ``--board`` (default 1) and fix each board's dealer and vulnerability
(Law 2), unless a script says ``dealer`` or ``vulnerable``. The text is written straight from
the dealer's arrays (:mod:`qipai.analysis.dealtext`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..analysis.dealer import deal_array
from ..analysis.dealscript import DealScript, parse_script
from ..analysis.dealtext import board_tags, lin_boards, pbn_boards, text_boards
from ..bridge.cards import Card, Seat
from ..bridge.errors import ParseError
from . import SUMMARIES

FORMATS = ("pbn", "text", "lin")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("deal", help=SUMMARIES["deal"])
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
    owners = deal_array(
        count,
        seed=args.seed,
        where=[script.formula(), args.where],
        predeal=predeal,
        max_tries=max_tries,
    )
    boards = board_tags(args.board, count, script.dealer, script.vulnerable)
    writer = {"pbn": pbn_boards, "text": text_boards, "lin": lin_boards}[args.format]
    output = writer(owners, boards)
    if output:
        print(output)
    return 0
