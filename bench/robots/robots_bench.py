"""How fast level-0 robots bid and play, against the rules core they drive.

    python bench/robots/robots_bench.py [BOARDS]

Four level-0 robots bid and play BOARDS seeded deals (default 1000) through ``bridge.apply``;
every robot action is checked legal on the way (this is also the long run of the property
test). The robot's time is reported per call and per card, and as a ratio to the rules core's
own time on the same boards (``view`` + ``apply``); nothing is asserted about time.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from qipai.bridge import Deal, MakeCall, Phase, PlayCard, Seat, View, new_board
from qipai.robots import Level0Robot, Robot, is_legal, play_out
from qipai.robots.playout import first_choice


def checked(robot: Robot, v: View, rng: random.Random) -> MakeCall | PlayCard:
    """The robot's first choice, which must be legal."""
    action = first_choice(robot, v, rng)
    if not is_legal(v, action):
        raise AssertionError(f"illegal robot action {action} on board {v.number}")
    return action


def main(boards: int) -> None:
    robot = Level0Robot()
    core = 0.0
    spent = {True: 0.0, False: 0.0}  # robot seconds, by "in the auction"
    moves = {True: 0, False: 0}
    contracts: Counter[str] = Counter()

    def timed(_seat: Seat, phase: Phase, dt: float) -> None:
        spent[phase is Phase.AUCTION] += dt
        moves[phase is Phase.AUCTION] += 1

    for seed in range(boards):
        s = new_board(seed % 16 + 1, Deal.from_seed(f"bench-{seed}"))
        before = sum(spent.values())
        t0 = time.perf_counter()
        s = play_out(s, robot, random.Random(seed), decide=checked, on_action=timed)
        # view + apply (+ the loop itself)
        core += time.perf_counter() - t0 - (sum(spent.values()) - before)
        contract = s.contract
        kind = "passed out"
        if contract is not None:
            level = contract.level
            kind = "slam" if level >= 6 else "game" if _is_game(contract) else "part-score"
        contracts[kind] += 1
    robot_auction, robot_play = spent[True], spent[False]
    calls, cards = moves[True], moves[False]
    robot_total = robot_auction + robot_play
    print(f"{boards} boards, {calls} calls, {cards} cards, every robot action legal")
    per_call, per_card = robot_auction / calls * 1e3, robot_play / cards * 1e3
    print(f"robot: {per_call:.2f} ms a call, {per_card:.3f} ms a card")
    print(
        f"robot {robot_total:.2f} s vs rules core (view + apply) {core:.2f} s:"
        f" ratio {robot_total / core:.2f}"
    )
    print("contracts:", ", ".join(f"{k} {v}" for k, v in contracts.most_common()))


def _is_game(contract) -> bool:  # type: ignore[no-untyped-def]
    need = {0: 5, 1: 5, 2: 4, 3: 4, 4: 3}[int(contract.strain)]
    return bool(contract.level >= need)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
