"""Subcommands of the ``qipai`` command line, one module each (``qipai/commands/<name>.py``
defines ``register(subparsers)``; the handler it sets returns the exit status).

``SUMMARIES`` is each command's one line for ``qipai --help``, in the order listed there: the
help is built from it alone, so listing the commands imports none of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

SUMMARIES = {
    "score": "score a contract (Law 77)",
    "show": "print the boards of a PBN, LIN or JSON file as diagrams",
    "convert": "convert boards between PBN, LIN and JSON files",
    "deal": "deal random boards, optionally under constraints",
    "analyze": "double-dummy table and par of every board in a PBN or LIN file",
    "results": "score an event's results from a file",
    "robots": "robots bid and play the deals of a file",
    "swiss": "automatic Swiss pairs events",
    "events": "events of every format (Swiss, Mitchell, Howell, teams): simulate one with robots",
    "pool": "the duplicate pool and the weekly Rate: simulate weeks of it",
    "demo": "robots play demonstration boards",
    "serve": "run the bridge club server (pages, API, websockets)",
    "games": "chess, xiangqi, renju and go: perft, robot games, renju's forbidden moves",
}


def usage(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """The handler of a command given no action: its help, and status 2."""

    def show(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    return show
