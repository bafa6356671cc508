"""``qipai`` command line: a thin dispatcher. Each subcommand lives in ``qipai/commands/<name>.py``
and defines ``register(subparsers)``; the handler it sets returns the exit status."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .bridge.errors import QipaiError

# Modules under qipai.commands, in the order `qipai --help` lists them.
COMMANDS = (
    "score",
    "show",
    "convert",
    "deal",
    "analyze",
    "results",
    "robots",
    "swiss",
    "demo",
    "serve",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="qipai", description="qipai 棋牌: bridge club tools")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"qipai.commands.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"qipai.commands.{name}":
                continue  # not built yet
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except QipaiError as e:
        print(f"qipai {args.command}: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"qipai {args.command}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
