"""How well level-0 robots play, against double dummy.

    python bench/robots/robots_quality.py [BOARDS]

Four level-0 robots bid and play BOARDS seeded deals (default 200); each contract's result is
compared with the double-dummy tricks for the same declarer and strain (``qipai.analysis``).
Both sides are level 0, so the figure measures declarer play against level-0 defence.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter

from qipai.analysis.dds import dd_tables
from qipai.bridge import Deal, new_board
from qipai.bridge.game import BoardState
from qipai.robots import Level0Robot, play_out


def play(boards: int) -> list[BoardState]:
    robot = Level0Robot()
    done = []
    for seed in range(boards):
        s = new_board(seed % 16 + 1, Deal.from_seed(f"dd-{seed}"))
        rng = random.Random(seed)
        done.append(play_out(s, robot, rng))
    return done


def main(boards: int) -> None:
    played = [s for s in play(boards) if s.contract is not None]
    tables = dd_tables([s.deal for s in played])
    gaps: list[int] = []
    made = dd_made = 0
    for s, table in zip(played, tables, strict=True):
        assert s.contract is not None and s.declarer is not None and s.declarer_tricks is not None
        dd = table.tricks(s.declarer, s.contract.strain)
        gaps.append(s.declarer_tricks - dd)
        made += s.declarer_tricks >= s.contract.tricks_needed
        dd_made += dd >= s.contract.tricks_needed
    print(f"{len(played)} contracts of {boards} boards")
    print(f"declarer's tricks minus double dummy: mean {statistics.mean(gaps):+.2f}")
    print(f"made {made}, makeable double dummy {dd_made}")
    print("gaps:", ", ".join(f"{k:+d}: {v}" for k, v in sorted(Counter(gaps).items())))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
