"""Build an auction for a rule's situation, to check every rule can be reached and explained."""

from __future__ import annotations

import itertools

from qipai.bridge import PASS, Auction, Bid, Call, Seat, Strain, Suit, Vulnerability
from qipai.bridge.errors import RuleError
from qipai.robots.requirements import DERIVED, MAJORS, VARIABLES
from qipai.robots.system import BiddingSystem, Rule


def _vars(rule: Rule) -> list[str]:
    names: list[str] = []
    for t in rule.pattern:
        for a in t.alternatives:
            if a.var is not None and a.var in VARIABLES and a.var not in names:
                names.append(a.var)
    return names


def _atom_call(atom, b: dict[str, Suit]) -> Call | None:
    if atom.kind == "call":
        return atom.call
    if atom.kind == "any":
        return PASS
    if atom.kind == "anybid":
        return Bid(3, Strain.SPADES)
    var = atom.var
    if var in DERIVED:
        base = b[DERIVED[var]]
        pair = MAJORS if var == "OM" else frozenset({Suit.CLUBS, Suit.DIAMONDS})
        suit = next(s for s in pair if s != base)
    else:
        suit = b[var]
    return Bid(atom.level, suit.strain)


def auctions_for(rule: Rule):
    """Concrete (dealer, vulnerability, calls) for an anchored rule's situation."""
    names = _vars(rule)
    for suits in itertools.product(list(Suit), repeat=len(names)):
        b = dict(zip(names, suits, strict=True))
        if len(set(b.values())) != len(b):
            continue
        if any(s not in VARIABLES[n] for n, s in b.items()):
            continue
        choices = []
        ok = True
        for t in rule.pattern:
            opts = [c for c in (_atom_call(a, b) for a in t.alternatives) if c is not None]
            if not opts:
                ok = False
                break
            choices.append(opts)
        if not ok:
            continue
        for calls in itertools.product(*choices):
            for passes in range(4):
                full = [PASS] * passes + list(calls)
                try:
                    Auction.from_calls(Seat.NORTH, full)
                except RuleError:
                    continue
                for vul in Vulnerability:
                    yield Seat.NORTH, vul, tuple(full)


def _may_name(rule: Rule, bid: Bid) -> bool:
    spec = rule.call
    if spec.kind == "call":
        return True
    if spec.kind == "bid" and bid.level != spec.level:
        return False
    if spec.strain is not None:
        return bid.strain == spec.strain
    if spec.var in VARIABLES:
        return bid.strain.suit in VARIABLES[spec.var]
    return bid.strain is not Strain.NOTRUMP


def reaches(system: BiddingSystem, rule: Rule) -> bool:
    """Does some auction of the rule's situation give one of its calls this rule's meaning?"""
    for dealer, vul, calls in auctions_for(rule):
        auction = Auction.from_calls(dealer, calls)
        legal = set(auction.legal_calls())
        for call in legal:
            if rule.call.kind == "call" and call != rule.call.call:
                continue
            if rule.call.kind != "call" and not isinstance(call, Bid):
                continue
            if isinstance(call, Bid) and not _may_name(rule, call):
                continue
            e = system.explain_calls(dealer, (*calls, call), vul)[-1]
            if rule.id in e.rules:
                return True
    return False
