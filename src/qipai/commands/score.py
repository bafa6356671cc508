"""``qipai score CONTRACT TRICKS [--vulnerable]``: the declarer's score by Law 77."""

from __future__ import annotations

import argparse

from ..bridge.calls import Contract
from ..bridge.errors import ParseError
from ..bridge.scoring import contract_score
from . import SUMMARIES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help=SUMMARIES["score"])
    p.add_argument("contract", help="like 4S, 3NT, 6HX, 7NTXX")
    p.add_argument("tricks", help="tricks declarer took, 0-13")
    p.add_argument("--vulnerable", "-v", action="store_true", help="declarer is vulnerable")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    contract = Contract.parse(args.contract)
    try:
        tricks = int(args.tricks)
    except ValueError:
        raise ParseError(
            f"tricks must be a whole number from 0 to 13, not {args.tricks!r}"
        ) from None
    if not 0 <= tricks <= 13:
        raise ParseError(f"tricks must be from 0 to 13, not {tricks}")
    points = contract_score(contract, tricks, args.vulnerable)
    need = contract.tricks_needed
    outcome = "made" if tricks >= need else f"down {need - tricks}"
    vul = "vulnerable" if args.vulnerable else "not vulnerable"
    print(f"{contract} by declarer, {tricks} tricks ({outcome}), {vul}")
    print(points)
    return 0
