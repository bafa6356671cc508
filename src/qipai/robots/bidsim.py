"""Bidding by simulation (levels 1 and 2): where the system's book is silent or close, above all in
competitive auctions, weigh the candidate calls by where each is likely to end, double dummy.

At a robot's turn to call in a **contested** auction (both sides have bid, the last bid at
most at the five level), when the system's top choices are **close** (within ``CLOSE``
priority), or it is **silent** (nothing fits, with 8+ HCP), or its choice is a pass or one of
its judgement rules (priority below 50: competitive raises, sacrifices, penalty doubles), and
the call is not a conventional answer (alerted, or of priority 80 and up) or a forced one:

1. **Candidates**: the calls the system allows this hand (its ranked choices, at most four),
   and in a contested auction also Pass, Double, the cheapest bid in the longest fit with
   partner (8+ cards together) and in a six-card suit of its own, where the system gives
   them a meaning here (even if the hand does not quite fit it);
2. **Sampling**: the three hidden hands are dealt ``samples`` times to fit what each seat has
   shown (``BiddingSystem.seat_constraints``, the vectorised dealer via
   ``qipai.analysis.sampling.sample_deals``), and deals where a hidden hand would not have made
   its calls under the system (its call not among its two first choices) are put aside: the
   inferences of every pass and every call's denials, exactly, for the robots' own system;
3. **Rollout**: in every deal, after each candidate the auction is finished by the system's
   first choices at all four seats (level 0 on the sampled hands);
4. **Scoring**: each final contract is scored at its double-dummy tricks
   (``qipai.analysis.sampling.declarer_tricks``) from this side's view, for the table's
   scoring: IMPs (the mean IMPs of each candidate against the system's first choice, deal by
   deal), matchpoints (the share of deals where it scores more, ties half) or total points.

The robot makes the best candidate only when it beats the system's first choice clearly (by
``MARGIN`` IMPs, or 5% of matchpoints, and by more than one standard error); otherwise the
system's call stands. The explanation is always the system's meaning of the call (what partner
reads); a deviation says so: "…; chosen by simulation instead of the system's 3♥ (+1.2 IMPs over
24 sampled deals)" / "…; 模拟选择, 未按体系首选3♥ (24副模拟牌平均+1.2 IMP)".
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..analysis.dealer import HandConstraint, deals_from_owners
from ..analysis.sampling import declarer_tricks, sample_deals
from ..bridge.auction import Auction
from ..bridge.board import Vulnerability
from ..bridge.calls import DOUBLE, PASS, Bid, Call, Contract
from ..bridge.cards import Seat, Strain, Suit
from ..bridge.deal import Deal
from ..bridge.scoring import contract_score
from ..bridge.views import View
from ..duplicate.imps import imps
from .system import BiddingSystem, Choice

CLOSE = 2.0
"""Top choices within this many priority points are close: the simulation weighs them."""
MARGIN = {"imp": 0.5, "mp": 0.05, "tricks": 10.0}
"""How much a candidate must beat the system's first choice by (and by a standard error)."""
MAX_CANDIDATES = 4
_ROLLOUT_CALLS = 12
SAMPLER_TRIES = 30_000
"""Candidate deals a constraint step of the sampler tries (a call has less time than a card)."""
MIN_DEALS = 12
"""Fewer solved deals than this never overrule the system."""


@dataclass(frozen=True)
class BidAnalysis:
    """What a bidding simulation found: each candidate with its mean gain over the system's
    first choice (IMPs, matchpoint share or points) and that gain's standard error."""

    calls: tuple[Call, ...]
    gains: tuple[float, ...]
    errors: tuple[float, ...]
    deals: int
    kept: int
    """Sampled deals where every hidden hand would have bid as it did."""
    seconds: float
    chosen: Call
    first: Call


def worth_simulating(view: View, choices: Sequence[Choice], system: BiddingSystem) -> bool:
    """Is this call one the book leaves silent, close, or competitive (see the module)?"""
    if not choices:
        return False
    top = choices[0]
    if top.rule is not None and ("alert" in top.rule.flags or top.rule.priority >= 80):
        return False
    calls = [e.call for e in view.auction]
    if _forced(view, system):
        return False
    assert view.seat is not None
    hand = view.hands[view.seat]
    assert hand is not None
    if not _contested(view) or _last_level(calls) > 5:
        return False
    if top.rule is None:  # nothing fits: the book is silent
        return hand.hcp >= 8
    close = len(choices) > 1 and top.priority - choices[1].priority <= CLOSE
    # a competitive decision: the book's judgement rules (priority below 50) or close ones
    return close or top.priority < 50 or top.call == PASS


def _forced(view: View, system: BiddingSystem) -> bool:
    calls = [e.call for e in view.auction]
    if len(calls) < 2 or calls[-1] != PASS or calls[-2] == PASS:
        return False
    e = system.explain_calls(view.dealer, calls[:-1], view.vulnerability)[-1]
    return e.forcing


def _contested(view: View) -> bool:
    sides = {(view.dealer + i) % 2 for i, e in enumerate(view.auction) if isinstance(e.call, Bid)}
    return len(sides) == 2


def _last_level(calls: Sequence[Call]) -> int:
    for c in reversed(calls):
        if isinstance(c, Bid):
            return c.level
    return 0


def candidates(
    view: View, choices: Sequence[Choice], system: BiddingSystem
) -> list[tuple[Call, bool]]:
    """The calls to weigh, the system's first choice first; each with whether the hand fits a
    rule for it (False: the system gives it a meaning here that the hand does not quite fit)."""
    legal = set(view.legal_calls)
    out: list[tuple[Call, bool]] = []
    for ch in choices:
        if ch.call in legal and ch.call not in [c for c, _ in out]:
            out.append((ch.call, ch.rule is not None))
        if len(out) >= MAX_CANDIDATES:
            break
    if _contested(view):
        calls = [e.call for e in view.auction]
        extra: list[Call] = [PASS, DOUBLE]
        shown = system.seat_constraints(view.dealer, calls, view.vulnerability)
        assert view.seat is not None
        hand = view.hands[view.seat]
        assert hand is not None
        pd = shown[view.seat.partner]
        best = max(Suit, key=lambda s: (hand.length(s) + pd.lengths[s][0], s))
        last = Auction.from_calls(view.dealer, calls).last_bid
        strain = best.strain
        level = 1 if last is None else last.level + (0 if strain > last.strain else 1)
        if hand.length(best) + pd.lengths[best][0] >= 8 and level <= 5:
            extra.append(Bid(level, strain))
        own = max(Suit, key=lambda s: (hand.length(s), s))
        level = 1 if last is None else last.level + (0 if own.strain > last.strain else 1)
        if hand.length(own) >= 6 and level <= 4:
            extra.append(Bid(level, own.strain))
        for call in extra:
            if call in legal and call not in [c for c, _ in out]:
                e = system.explain_calls(view.dealer, (*calls, call), view.vulnerability)[-1]
                if e.rules or call == PASS:
                    out.append((call, False))
    return out


def _rollout(
    system: BiddingSystem, deal: Deal, dealer: Seat, vul: Vulnerability, calls: list[Call]
) -> tuple[Contract | None, Seat | None]:
    """The auction finished by the system's first choices with every hand known."""
    auction = Auction.from_calls(dealer, calls)
    n = 0
    while not auction.is_complete and n < _ROLLOUT_CALLS:
        seat = auction.turn
        assert seat is not None
        choice = system.choose(deal[seat], dealer, auction.calls, vul)[0]
        auction = auction.add(choice.call)
        n += 1
    while not auction.is_complete:
        auction = auction.add(PASS)
    return auction.contract, auction.declarer


def simulate(
    view: View,
    options: Sequence[Call],
    system: BiddingSystem,
    rng: random.Random,
    *,
    samples: int,
    deadline: float | None,
    scoring: str = "imp",
) -> BidAnalysis | None:
    """Weigh ``options`` (the system's first choice first) over sampled deals (the module)."""
    start = time.perf_counter()
    me = view.seat
    assert me is not None
    hand = view.hands[me]
    assert hand is not None
    calls = [e.call for e in view.auction]
    vul = view.vulnerability
    shown = system.seat_constraints(view.dealer, calls, vul)
    constraints = [
        HandConstraint(s, **shown[s].ranges())  # type: ignore[arg-type]
        for s in Seat
        if s != me and not shown[s].is_unconstrained and not shown[s].is_empty
    ]
    sample = sample_deals(
        3 * samples,
        known={me: hand.cards},
        constraints=constraints,
        seed=rng.getrandbits(63),
        max_tries=SAMPLER_TRIES,
    )
    all_deals = deals_from_owners(sample.owners)
    kept_rows: list[int] = []
    for row, d in enumerate(all_deals):
        if len(kept_rows) >= samples:
            break
        if _fits(system, d, view.dealer, vul, calls, me):
            kept_rows.append(row)
        if deadline is not None and time.perf_counter() > start + 0.25 * (deadline - start):
            break
    kept = len(kept_rows)
    rows = kept_rows + [r for r in range(len(all_deals)) if r not in kept_rows]
    rows = rows[:samples] if kept >= samples // 2 else rows[: max(samples // 2, kept)]
    if not rows:
        return None
    # Roll every candidate out in every deal.
    finals: list[list[tuple[Contract | None, Seat | None]]] = []
    for row in rows:
        d = all_deals[row]
        finals.append([_rollout(system, d, view.dealer, vul, [*calls, c]) for c in options])
        # leave the solving at least 40% of the time
        if deadline is not None and time.perf_counter() > start + 0.6 * (deadline - start):
            break
    rows = rows[: len(finals)]
    need: dict[tuple[int, Strain, Seat], int] = {}
    for i, row in enumerate(rows):
        for contract, declarer in finals[i]:
            if contract is not None and declarer is not None:
                need.setdefault((row, contract.strain, declarer), len(need))
    keys = list(need)
    tricks = declarer_tricks(sample.owners, keys, deadline=deadline)
    scores = np.zeros((len(rows), len(options)))
    ok = np.ones(len(rows), dtype=bool)
    for i, row in enumerate(rows):
        for j, (contract, declarer) in enumerate(finals[i]):
            if contract is None or declarer is None:
                continue
            t = int(tricks[need[(row, contract.strain, declarer)]])
            if t < 0:
                ok[i] = False
                continue
            points = contract_score(contract, t, vul.is_vulnerable(declarer))
            scores[i, j] = points if declarer.side is me.side else -points
    scores = scores[ok]
    if len(scores) == 0:
        return None
    gains, errors = _gains(scores, scoring)
    best = int(np.argmax(gains))
    margin = MARGIN.get(scoring, 0.5)
    chosen = options[0]
    # Deviate only on enough deals that fit the auction, and clearly.
    trusted = len(scores) >= MIN_DEALS and kept >= MIN_DEALS
    if best != 0 and trusted and gains[best] > max(margin, errors[best]):
        chosen = options[best]
    return BidAnalysis(
        tuple(options),
        tuple(float(g) for g in gains),
        tuple(float(e) for e in errors),
        len(scores),
        kept,
        time.perf_counter() - start,
        chosen,
        options[0],
    )


def _gains(scores: np.ndarray, scoring: str) -> tuple[np.ndarray, np.ndarray]:
    """Each candidate's mean gain over the first, deal by deal, and its standard error."""
    n = len(scores)
    base = scores[:, :1]
    if scoring == "imp":
        diff = np.vectorize(imps)(scores - base).astype(float)
    elif scoring == "mp":
        diff = (scores > base) + 0.5 * (scores == base) - 0.5
    else:
        diff = scores - base
    gains = diff.mean(axis=0)
    errors = diff.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.full(len(gains), math.inf)
    return gains, errors


def _fits(
    system: BiddingSystem,
    deal: Deal,
    dealer: Seat,
    vul: Vulnerability,
    calls: Sequence[Call],
    me: Seat,
) -> bool:
    """Would every hidden hand of ``deal`` have made its calls (among its two first choices)?"""
    for i, call in enumerate(calls):
        seat = Seat((dealer + i) % 4)
        if seat == me:
            continue
        ranked = system.choose(deal[seat], dealer, calls[:i], vul)
        if call not in [c.call for c in ranked[:2]]:
            return False
    return True


def deviation_note(a: BidAnalysis, scoring: str) -> tuple[str, str]:
    """The words added to a call's explanation when the robot deviated from its system."""
    j = a.calls.index(a.chosen)
    g = a.gains[j]
    unit_en, unit_zh, value = {
        "imp": ("IMPs", "IMP", f"{g:+.1f}"),
        "mp": ("of the matchpoints", "比赛分", f"{100 * g:+.0f}%"),
    }.get(scoring, ("points", "分", f"{g:+.0f}"))
    first = _call_text(a.first, "en"), _call_text(a.first, "zh")
    return (
        f"; chosen by simulation instead of the system's {first[0]} "
        f"({value} {unit_en} over {a.deals} sampled deals)",
        f"; 模拟选择, 未按体系首选{first[1]} ({a.deals}副模拟牌平均{value} {unit_zh})",
    )


def _call_text(call: Call, lang: str) -> str:
    if isinstance(call, Bid):
        return f"{call.level}{'♣♦♥♠'[call.strain] if call.strain < 4 else 'NT'}"
    return {"P": ("Pass", "不叫"), "X": ("Double", "加倍"), "XX": ("Redouble", "再加倍")}[
        str(call)
    ][lang == "zh"]


__all__ = [
    "CLOSE",
    "MARGIN",
    "BidAnalysis",
    "candidates",
    "deviation_note",
    "simulate",
    "worth_simulating",
]
