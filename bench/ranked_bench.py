"""Does the weekly Rate find the skill? ``python bench/ranked_bench.py [--players 64]
[--weeks 8] [--seeds 6]``.

Runs ``qipai.ranked.simulate`` (players of hidden skill playing the pool with random partners
and opponents) over several seeds, with and without a strong player who always partners a weak
one, and prints the mean Spearman correlation between the hidden skill and (a) the Rate, (b) the
plain mean IMPs a board, (c) OpenSkill's ordinal (the reference: an established rating
library on the same results), and in the carried case the place each measure gives the
strongest player (1 is right). Also the time a week's Rate recomputation takes against a
week's OpenSkill updates, in the same run. Prints figures only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from qipai.ranked.rate import weekly_rates
from qipai.ranked.simulate import simulate

MEASURES = ("rate", "mean_ximp", "openskill")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--weeks", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=6)
    args = parser.parse_args()
    print(f"{args.players} players, {args.weeks} weeks of 12 boards, {args.seeds} seeds")
    for carry in (False, True):
        found: dict[str, list[float]] = {m: [] for m in MEASURES}
        places: dict[str, list[int]] = {m: [] for m in MEASURES}
        for seed in range(args.seeds):
            sim = simulate(args.players, args.weeks, seed, carry=carry)
            for m, v in sim.spearman().items():
                found[m].append(v)
            top = max(range(args.players), key=lambda p: sim.skills[p])
            values = {
                "rate": [sim.rates[p].rate for p in range(args.players)],
                "mean_ximp": sim.mean_ximp,
                "openskill": sim.openskill,
            }
            for m, v in values.items():
                places[m].append(sorted(range(args.players), key=lambda p: -v[p]).index(top) + 1)
        label = "strong player carrying weak partners" if carry else "random partners"
        line = ", ".join(f"{m} {statistics.mean(found[m]):.3f}" for m in MEASURES)
        print(f"{label:<38} Spearman: {line}")
        if carry:
            line = ", ".join(f"{m} {statistics.mean(places[m]):.1f}" for m in MEASURES)
            print(f"{'':<38} the strongest player's place: {line}")

    sim = simulate(args.players, 1, 0)
    scores = sim.weeks[0].scores()
    start = time.perf_counter()
    weekly_rates({}, scores)
    ours = time.perf_counter() - start
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {p: model.rating() for p in range(args.players)}
    start = time.perf_counter()
    for s in scores:
        model.rate([[ratings[p] for p in s.ns], [ratings[p] for p in s.ew]], ranks=[0.0, 1.0])
    reference = time.perf_counter() - start
    print(
        f"a week's Rate ({len(scores)} results): {ours * 1000:.1f} ms; OpenSkill's updates "
        f"{reference * 1000:.1f} ms (x{reference / ours:.2f} ours)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
