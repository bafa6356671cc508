"""``qipai`` command line: a thin dispatcher. Each subcommand lives in ``qipai/commands/<name>.py``
and defines ``register(subparsers)``; the handler it sets returns the exit status.

Only the command being run is imported (numpy, DDS, the server's libraries load only for the
commands that use them); ``qipai --help`` lists the commands from
:data:`qipai.commands.SUMMARIES` without importing any."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .bridge.errors import QipaiError
from .commands import SUMMARIES

COMMANDS = tuple(SUMMARIES)
"""Modules under qipai.commands, in the order `qipai --help` lists them."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with ``command``'s module registered in full (every command's, when None)
    and the others listed by their summary only."""
    parser = argparse.ArgumentParser(prog="qipai", description="qipai 棋牌: bridge club tools")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if command is None or name == command:
            importlib.import_module(f"qipai.commands.{name}").register(sub)
        else:
            sub.add_parser(name, help=SUMMARIES.get(name))
    return parser


def _command(argv: Sequence[str]) -> str:
    """The command ``argv`` names ("" when it names none: the help is all that is needed)."""
    first = next((a for a in argv if not a.startswith("-")), "")
    return first if first in COMMANDS else ""


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command(argv))
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
