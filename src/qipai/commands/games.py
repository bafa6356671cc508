"""``qipai games``: the board games from the command line (names other checks rely on).

* ``qipai games perft chess|xiangqi FEN DEPTH``: the leaf count of the legal-move tree, on its
  last line;
* ``qipai games play GAME --robots LEVEL,LEVEL --seed S [--json]``: a whole game between
  robots; with ``--json`` one line ``{"game", "moves", "result", "reason"}``, the moves in the
  game's machine notation (UCI, ICCS, ``h8``, SGF points or ``pass``; checkers ``m5-i5``),
  and for the games of #23 ``"scores"``, each side's (``{"r": 1.0, "b": 0.0}``); checkers
  takes 2, 3, 4 or 6 levels, one robot each;
* ``qipai games check renju MOVES...``: whether Black's last stone of ``h8 h9 ...`` is
  forbidden: ``33``, ``44``, ``overline`` or ``ok`` on its last line;
* ``qipai games check shengji-tractor CARDS --trump SUIT``: ``tractor`` or ``not a tractor``
  on its last line (cards ``LJ LJ H10 H10``: ``BJ`` 大王, ``LJ`` 小王; SUIT S, H, D, C or NT).
"""

from __future__ import annotations

import argparse
import json

from ..bridge.errors import ParseError
from . import SUMMARIES

GAME_LIST = "chess, xiangqi, renju (gomoku), go or checkers (tiaoqi)"
PLAYERS: dict[str, tuple[int, ...]] = {"checkers": (2, 3, 4, 6)}
"""The games of more players (#23): how many robots ``--robots`` may name."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("games", help=SUMMARIES["games"])
    games = p.add_subparsers(dest="games_command", metavar="ACTION", required=True)

    perft = games.add_parser("perft", help="count the leaves of the legal-move tree")
    perft.add_argument("game", help="chess or xiangqi")
    perft.add_argument("fen", help="the position (quote it), or 'start'")
    perft.add_argument("depth", help="plies, 0 or more")
    perft.set_defaults(handler=run_perft)

    play = games.add_parser("play", help="robots play a whole game")
    play.add_argument("game", help=GAME_LIST)
    play.add_argument(
        "--robots",
        default="0,0",
        help="the robots' levels, first player's "
        "first: 0 (fast) or 1 (stronger), like 0,1 (checkers: 2, 3, 4 or 6 of "
        "them)",
    )
    play.add_argument("--seed", default="1", help="a whole number: the robots' choices")
    play.add_argument("--json", action="store_true", help="one line of JSON")
    play.add_argument("--size", default="19", help="go: 9, 13 or 19")
    play.add_argument("--komi", default="7.5", help="go: komi in points (7.5 = 3¾ stones)")
    play.add_argument(
        "--anti-block",
        action="store_true",
        help="checkers: a full target with one's own piece in it counts as home",
    )
    play.set_defaults(handler=run_play)

    check = games.add_parser(
        "check",
        help="is Black's last stone a forbidden move (renju); "
        "are these cards a tractor (shengji-tractor)",
    )
    check.add_argument("game", help="renju or shengji-tractor")
    check.add_argument(
        "moves",
        nargs="+",
        help="renju: the stones in order: h8 h9 ...; "
        "shengji-tractor: the cards, like LJ LJ H10 H10 (BJ 大王, LJ 小王)",
    )
    check.add_argument(
        "--trump", default=None, help="shengji-tractor: the trump suit, S, H, D, C or NT (no trump)"
    )
    check.set_defaults(handler=run_check)


def _int(text: str, what: str, low: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ParseError(f"{what} must be a whole number, not {text!r}") from None
    if value < low:
        raise ParseError(f"{what} must be at least {low}, not {value}")
    return value


def run_perft(args: argparse.Namespace) -> int:
    depth = _int(args.depth, "DEPTH")
    if args.game == "chess":
        import chess

        from ..games.chess import Chess, perft

        fen = chess.STARTING_FEN if args.fen == "start" else args.fen
        Chess(fen)  # the position is checked
        nodes = perft(chess.Board(fen), depth)
    elif args.game == "xiangqi":
        from ..games import xiangqi_board as xb
        from ..games.xiangqi import Xiangqi

        fen = xb.START_FEN if args.fen == "start" else args.fen
        Xiangqi(fen)
        board, red = xb.parse_fen(fen)
        nodes = xb.perft(board, red, depth)
    else:
        raise ParseError(f"perft is for chess or xiangqi, not {args.game!r}")
    print(f"perft {args.game} depth {depth}: {fen}")
    print(nodes)
    return 0


def run_play(args: argparse.Namespace) -> int:
    from ..games import ALIASES, NAMES, game
    from ..games.robots import make, play_out

    name = ALIASES.get(args.game, args.game)
    if name not in NAMES:
        raise ParseError(f"no such game {args.game!r}: {GAME_LIST}")
    levels = args.robots.split(",")
    counts = PLAYERS.get(name, (2,))
    if len(levels) not in counts or any(level not in ("0", "1") for level in levels):
        many = " or ".join(filter(None, (", ".join(map(str, counts[:-1])), str(counts[-1]))))
        raise ParseError(
            f"--robots takes {many} levels for {name}, each 0 or 1, like 0,1; not {args.robots!r}"
        )
    seed = _int(args.seed, "--seed")
    settings: dict[str, object] = {}
    if name == "checkers":
        settings = {"players": len(levels), "anti_block": args.anti_block}
    if name == "go":
        size = _int(args.size, "--size")
        if size not in (9, 13, 19):
            raise ParseError(f"--size must be 9, 13 or 19, not {size}")
        try:
            komi = float(args.komi)
        except ValueError:
            raise ParseError(f"--komi must be a number of points, not {args.komi!r}") from None
        settings = {"size": size, "komi": komi}
    g = game(name, **settings)
    robots = [make(name, int(levels[p]), seed * len(levels) + p) for p in range(len(levels))]
    try:
        state = play_out(g, robots)
    finally:
        for robot in robots:
            robot.close()
    outcome = g.outcome(state)
    view = g.view(state, None)
    result = outcome.result if outcome else "*"
    key = outcome.reason.key.removeprefix("reason.") if outcome else "unfinished"
    if args.json:
        record: dict[str, object] = {
            "game": name,
            "moves": view["moves"],
            "result": result,
            "reason": key,
        }
        if name in PLAYERS:  # the games of part 2 (#23) give each side's score
            scores = outcome.scores(g.players) if outcome else (0.0,) * g.players
            record["scores"] = dict(zip(g.sides, scores, strict=True))
        print(json.dumps(record, ensure_ascii=False))
        return 0
    print(" ".join(view["moves"]))
    if outcome is None:
        awaiting = view.get("awaiting_arbiter")
        print(awaiting or "the game did not finish")
    else:
        print(outcome.text(g.side_terms, "zh-CN"))
        print(outcome.text(g.side_terms, "en"))
    print(result)
    return 0


def run_check(args: argparse.Namespace) -> int:
    if args.game == "shengji-tractor":
        return run_check_tractor(args)
    if args.game not in ("renju", "gomoku"):
        raise ParseError(f"check is for renju or shengji-tractor, not {args.game!r}")
    from ..games.renju import Renju
    from ..games.terms import text

    moves = [m for word in args.moves for m in word.replace(",", " ").split()]
    shape = Renju().check_last_black(moves)
    print(f"{text('shape.' + shape, 'zh-CN')} / {text('shape.' + shape, 'en')}")
    print(shape)
    return 0


def run_check_tractor(args: argparse.Namespace) -> int:
    """``check shengji-tractor CARDS --trump SUIT``: ``tractor`` or ``not a tractor``."""
    from ..games import shengji as sj

    if args.trump is None:
        raise ParseError("check shengji-tractor needs --trump S, H, D, C or NT")
    trump = sj.check_trump(args.trump)
    cards = sj.parse_cards(" ".join(args.moves))
    yes = sj.is_tractor(cards, trump)
    print(
        f"{' '.join(map(str, cards))} ({'主' + trump if trump != sj.NO_TRUMP else '无主'}): "
        f"{'是拖拉机' if yes else '不是拖拉机'}"
    )
    print("tractor" if yes else "not a tractor")
    return 0
