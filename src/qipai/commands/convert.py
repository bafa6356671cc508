"""``qipai convert IN OUT``: boards from one of PBN, LIN and JSON to another, each file's format
told by its extension (.pbn, .lin, .json)."""

from __future__ import annotations

import argparse
import sys

from ..formats import read_file, write_file
from . import SUMMARIES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("convert", help=SUMMARIES["convert"])
    p.add_argument("input", help="the file to read: .pbn, .lin or .json")
    p.add_argument("output", help="the file to write: .pbn, .lin or .json")
    p.add_argument(
        "--strict",
        action="store_true",
        help="refuse a file that needs putting right (rather than put it right and say so)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    records = read_file(args.input, strict=args.strict)
    count = write_file(args.output, records)
    print(f"{count} board{'s' if count != 1 else ''}: {args.input} -> {args.output}")
    repaired = [r for r in records if r.repairs]
    if repaired:
        print(
            f"qipai convert: {len(repaired)} of {len(records)} records were put right on "
            f"reading (qipai show lists how), e.g. {repaired[0].repairs[0]}",
            file=sys.stderr,
        )
    return 0
