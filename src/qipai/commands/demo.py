"""``qipai demo [--seed S] [--boards N] [--lang zh|en]``: four level-0 robots bid and play
boards dealt from a seed, through the same rules path and per-seat views as any table, and the
boards are shown as hand diagrams with the auction, the explanations and the score."""

from __future__ import annotations

import argparse
import random
import secrets
from dataclasses import replace

from ..bridge.deal import Deal
from ..bridge.game import BoardState, new_board
from ..formats.record import Record
from ..robots import explain, play_out, robot_for
from . import SUMMARIES
from .show import render


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help=SUMMARIES["demo"])
    p.add_argument("--seed", help="deal seed (default: a fresh random one, printed)")
    p.add_argument("--boards", "-n", type=int, default=1, help="how many boards (default 1)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh")
    p.set_defaults(handler=run)


def play_board(number: int, deal: Deal, seed: str) -> BoardState:
    """Four robots play one board; each acts only on its own seat's view."""
    return play_out(new_board(number, deal), robot_for(0), random.Random(f"{seed}:{number}"))


def record_of(state: BoardState, lang: str) -> Record:
    """The played board as a hand record, its calls explained in ``lang`` by the system card."""
    auction = state.auction
    for i, entry in enumerate(auction.entries):
        meaning = explain(auction, i, state.vulnerability)
        text = meaning.zh if lang == "zh" else meaning.en
        auction = auction.annotate(i, alert=entry.alert, explanation=text)
    return Record.from_state(replace(state, auction=auction), tags=(("Event", "qipai demo"),))


def run(args: argparse.Namespace) -> int:
    seed = args.seed or secrets.token_hex(4)
    print(f"seed {seed}\n")
    for number in range(1, max(1, args.boards) + 1):
        deal = Deal.from_seed(f"{seed}:{number}")
        state = play_board(number, deal, seed)
        print(render(record_of(state, args.lang), args.lang))
    return 0
