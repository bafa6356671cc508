"""What a table server computes for each action, without the network or the store
(``python bench/server/hot_path_bench.py [BOARDS=200]``).

Per action, as ``qipai.server.actor.TableActor`` does it: a level-0 robot (North, East, West)
gets its view, chooses, has its call explained by the system card and its action checked with
``apply``; a scripted South (the load test's person: a bid in the first round half the time,
else a pass; a random legal card) has its action parsed from text and checked; the action is
parsed back from its event and folded in with ``apply``; and South and a spectator each get
their view as JSON (``view`` + ``serialize.view_json``, then the actor's ``json.dumps``, timed
apart). Each part is reported per action, and the whole as a ratio to the reference, the rules
core alone (``apply`` over the same actions). Nothing is asserted about time. The digest printed
covers every action, explanation and view's length: it stays the same from run to run, and
across a change meant to leave behaviour alone.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from collections import Counter

from qipai.bridge import (
    BoardState,
    Card,
    Deal,
    MakeCall,
    Phase,
    PlayCard,
    Seat,
    apply,
    new_board,
    parse_call,
    spectator_view,
    view,
)
from qipai.robots import Level0Robot, explain, is_legal
from qipai.server.serialize import view_json


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def play(boards: int) -> tuple[Counter[str], int, int, str, list[tuple[BoardState, list[object]]]]:
    """Play ``boards`` boards the server's way; the time of each part, the calls and cards, a
    digest of everything chosen, and the boards' actions for the reference."""
    robot = Level0Robot()
    spent: Counter[str] = Counter()
    digest = hashlib.sha256()
    calls = cards = 0
    played: list[tuple[BoardState, list[object]]] = []
    clock = time.perf_counter
    for i in range(boards):
        s = new_board(i % 16 + 1, Deal.from_seed(f"hot-{i}"))
        actions: list[object] = []
        played.append((s, actions))
        rng = random.Random(i)
        explanations: list[str] = []
        while (seat := s.acting) is not None:
            auction = s.phase is Phase.AUCTION
            t0 = clock()
            if seat is Seat.SOUTH:  # the person: a message parsed into an action, then checked
                seen = view(s, seat)
                t1 = clock()
                if auction:
                    legal = seen.legal_calls
                    bid = len(seen.auction) < 4 and rng.random() < 0.5
                    text = str(legal[1] if bid and len(legal) > 1 else legal[0])
                    action: MakeCall | PlayCard = MakeCall(parse_call(text), seat)
                else:
                    action = PlayCard(Card.parse(str(rng.choice(seen.legal_cards))), seat)
                t2 = clock()
                apply(s, action)
                t3 = clock()
                spent["view"] += t1 - t0
                spent["apply"] += t3 - t2
            else:  # a robot: its view, its choice, the system's explanation, the check
                seen = view(s, seat)
                t1 = clock()
                choice = next(c.action for c in robot.choose(seen, rng) if is_legal(seen, c.action))
                t2 = clock()
                if isinstance(choice, MakeCall):
                    after = apply(s, MakeCall(choice.call))
                    t3 = clock()
                    e = explain(after.auction, len(after.auction.entries) - 1, s.vulnerability)
                    explanations.append(f"{e.en}|{e.zh}|{e.alert}")
                    choice = MakeCall(choice.call, seat, e.alert, e.en)
                    t4 = clock()
                    spent["apply"] += t3 - t2
                    spent["explain"] += t4 - t3
                    t2 = t4
                apply(s, choice)
                t3 = clock()
                action = choice
                spent["view"] += t1 - t0
                spent["robot call" if auction else "robot card"] += t2 - t1
                spent["apply"] += t3 - t2
            # the event is parsed back and folded in: the action applied for good
            t0 = clock()
            if isinstance(action, MakeCall):
                folded: MakeCall | PlayCard = MakeCall(
                    parse_call(str(action.call)), action.seat, action.alert, action.explanation
                )
                calls += 1
            else:
                folded = PlayCard(Card.parse(str(action.card)), action.seat)
                cards += 1
            s = apply(s, folded)
            t1 = clock()
            actions.append(folded)
            digest.update(repr(folded).encode())
            # published: each connection gets its own view as JSON
            views = view_json(view(s, Seat.SOUTH)), view_json(spectator_view(s))
            t2 = clock()
            south, spectator = (_dumps(v) for v in views)
            t3 = clock()
            spent["apply"] += t1 - t0
            spent["published views"] += t2 - t1
            spent["json.dumps"] += t3 - t2
            digest.update(f"{len(south)} {len(spectator)}".encode())
        digest.update(f"{s.contract} {s.declarer} {s.score_ns} {explanations}".encode())
    return spent, calls, cards, digest.hexdigest()[:16], played


def rules_core(played: list[tuple[BoardState, list[object]]]) -> float:
    """The reference: the same actions through ``apply`` alone."""
    start = time.perf_counter()
    for first, actions in played:
        s = first
        for a in actions:
            s = apply(s, a)  # type: ignore[arg-type]
    return time.perf_counter() - start


def main(boards: int) -> None:
    spent, calls, cards, digest, played = play(boards)
    core = min(rules_core(played) for _ in range(3))
    n = calls + cards
    total = sum(spent.values())
    print(f"{boards} boards, {calls} calls and {cards} cards (digest {digest})")
    print(f"{'part':<16} {'us/action':>10} {'share':>6}")
    parts = ("robot call", "robot card", "explain", "apply", "view", "published views")
    for part in (*parts, "json.dumps"):
        t = spent[part]
        per = t / (calls if part in ("robot call", "explain") else cards if "card" in part else n)
        print(f"{part:<16} {1e6 * per:>10.1f} {100 * t / total:>5.0f}%")
    print(f"{'all, per action':<16} {1e6 * total / n:>10.1f}")
    print(
        f"rules core alone (reference): {1e6 * core / n:.1f} us/action;"
        f" the server's work per action is {total / core:.1f}x that"
    )
    print("(robot call and explain are per call, robot card per card, the rest per action;")
    print(" view is the acting seat's, published views South's and a spectator's)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
