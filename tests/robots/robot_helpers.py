"""Small builders shared by the robot tests, and a harness that plays robots among random humans."""

from __future__ import annotations

import random
from collections.abc import Callable

from qipai.bridge import (
    DECK,
    BoardState,
    Card,
    Claim,
    Deal,
    Hand,
    MakeCall,
    Phase,
    RespondToClaim,
    Seat,
    View,
    Vulnerability,
    apply,
    new_board,
    parse_call,
    view,
)
from qipai.bridge.game import PlayCard
from qipai.robots import Candidate, Robot, is_legal, natural


def calls(text: str):
    return [parse_call(c) for c in text.split()]


def bid(hand: str, auction: str = "", vul: Vulnerability = Vulnerability.NONE) -> str:
    """The natural system's first choice for ``hand`` after ``auction`` (North dealt)."""
    choices = natural().choose(Hand.parse(hand), Seat.NORTH, calls(auction), vul)
    return str(choices[0].call)


def deal_with(**hands: str) -> Deal:
    """A deal with the given hands (``north="AKQ.."``); the other cards fill the rest in order."""
    given = {Seat.parse(k): Hand.parse(v) for k, v in hands.items()}
    used = set().union(*(h.cards for h in given.values())) if given else set()
    rest = [c for c in DECK if c not in used]
    full: dict[Seat, Hand] = dict(given)
    for seat in Seat:
        if seat not in full:
            full[seat], rest = Hand(rest[:13]), rest[13:]
    return Deal.from_hands(full)


def board(deal: Deal, auction: str, played: str = "", dealer: Seat = Seat.NORTH) -> BoardState:
    s = new_board(1, deal, dealer=dealer, vulnerability=Vulnerability.NONE)
    for c in calls(auction):
        s = apply(s, MakeCall(c))
    for c in played.split():
        s = apply(s, PlayCard(Card.parse(c)))
    return s


def acting(s: BoardState) -> Seat:
    """Who acts now: declarer plays dummy's cards."""
    seat = s.acting
    assert seat is not None
    return seat


def human_action(s: BoardState, seat: Seat, rng: random.Random) -> MakeCall | PlayCard | Claim:
    """A random legal action, as a careless human might make: mostly passes late in the
    auction (so auctions end), any legal card, now and then a claim of any size."""
    v = view(s, seat)
    if s.phase is Phase.AUCTION:
        calls = list(v.legal_calls)
        if len(s.auction.entries) > 3 and rng.random() < 0.6:
            return MakeCall(calls[0], seat)
        return MakeCall(rng.choice(calls), seat)
    if seat == s.declarer and rng.random() < 0.03:
        left = 13 - len(s.completed_tricks)
        return Claim(rng.randint(0, left), seat)
    return PlayCard(rng.choice(v.legal_cards), seat)


def answer_claim(s: BoardState, humans: set[Seat], robot: Robot, rng: random.Random) -> BoardState:
    """The next defender's answer to the pending claim: a human's at random, else the robot's."""
    assert s.declarer is not None and s.claim is not None
    for defender in (s.declarer.lho, s.declarer.rho):
        if defender in s.claim.accepted_by:
            continue
        if defender in humans:
            accept = rng.random() < 0.5
        else:
            accept = robot.accept_claim(view(s, defender), s.claim.tricks)
        return apply(s, RespondToClaim(defender, accept))
    raise AssertionError("a pending claim every defender accepted")


def play_among_humans(
    seed: int,
    humans: set[Seat],
    robot: Robot,
    check: Callable[[BoardState, View, list[Candidate]], None] | None = None,
    *,
    auction_only: bool = False,
) -> BoardState:
    """Board ``seed`` played by ``robot`` in every seat but ``humans`` (who act at random, see
    ``human_action``), to the end or, with ``auction_only``, to the end of the auction. Every
    robot action is checked: offered, legal, explained, and whatever ``check`` asserts."""
    rng = random.Random(seed)
    s = new_board(seed % 32 + 1, Deal.from_seed(seed))
    steps = 0
    while s.phase is not Phase.DONE:
        steps += 1
        assert steps < 400, "the board does not end"
        if auction_only and s.phase is not Phase.AUCTION:
            break
        if s.claim is not None:
            s = answer_claim(s, humans, robot, rng)
            continue
        seat = acting(s)
        action: MakeCall | PlayCard | Claim
        if seat in humans:
            action = human_action(s, seat, rng)
        else:
            v = view(s, seat)
            candidates = robot.choose(v, rng)
            assert candidates, f"robot offered nothing at {seat} in board {seed}"
            action = candidates[0].action
            assert is_legal(v, action), f"illegal robot action {action} in board {seed}"
            assert candidates[0].explanation and candidates[0].explanation_zh
            if check is not None:
                check(s, v, candidates)
        s = apply(s, action)
    return s
