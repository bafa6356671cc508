"""The board games: perft nodes per second of our xiangqi move generator against
python-chess's chess generator in the same run (a ratio), and the robots' move times.

Run ``python bench/games_bench.py [--depth 3] [--moves 6]``. Reports only; asserts nothing
about time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import chess

from qipai.games import game
from qipai.games import xiangqi_board as xb
from qipai.games.chess import perft as chess_perft
from qipai.games.robots import make

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def perft_rates(depth: int) -> None:
    rows = []
    start = time.perf_counter()
    nodes = chess_perft(chess.Board(KIWIPETE), depth)
    chess_rate = nodes / (time.perf_counter() - start)
    rows.append(("python-chess, Kiwipete", nodes, chess_rate))
    start = time.perf_counter()
    nodes = chess_perft(chess.Board(), depth)
    rows.append(("python-chess, start", nodes, nodes / (time.perf_counter() - start)))
    for name, fen in (
        ("qipai xiangqi, start", xb.START_FEN),
        (
            "qipai xiangqi, position 2",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        ),
    ):
        board, red = xb.parse_fen(fen)
        start = time.perf_counter()
        nodes = xb.perft(board, red, depth)
        rows.append((name, nodes, nodes / (time.perf_counter() - start)))
    print(f"perft depth {depth}: nodes, nodes/s, ratio to python-chess on Kiwipete")
    for name, nodes, rate in rows:
        print(f"  {name:28} {nodes:>9} {rate:>11,.0f}/s  {rate / chess_rate:5.2f}x")


def robot_times(moves: int) -> None:
    print(f"robot move times over {moves} moves each from a seeded game (median, max; seconds)")
    setups: list[tuple[str, dict[str, Any]]] = [
        ("chess", {}),
        ("xiangqi", {}),
        ("renju", {}),
        ("go", {"size": 9}),
        ("go", {"size": 19}),
    ]
    for name, settings in setups:
        for level in (0, 1):
            g = game(name, **settings)
            robot = make(name, level, 3)
            rng = random.Random(7)
            state = g.new()
            times = []
            try:
                for _ in range(moves):
                    if g.is_terminal(state) or g.to_move(state) is None:
                        break
                    player = g.to_move(state)
                    view = g.view(state, player)
                    start = time.perf_counter()
                    text = robot.choose(view)
                    times.append(time.perf_counter() - start)
                    state = g.apply(state, g.parse(state, text))
                    # the other side plays a random legal move
                    if not g.is_terminal(state) and g.to_move(state) is not None:
                        state = g.apply(state, rng.choice(g.legal_moves(state)))
            finally:
                robot.close()
            label = f"{name}{'x' + str(settings['size']) if settings else ''} level {level}"
            print(f"  {label:22} {statistics.median(times):7.3f} {max(times):7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=3, help="perft depth")
    parser.add_argument("--moves", type=int, default=6, help="robot moves timed per level")
    args = parser.parse_args()
    perft_rates(args.depth)
    robot_times(args.moves)


if __name__ == "__main__":
    main()
