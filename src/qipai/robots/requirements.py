"""The small language of a rule's requirements: what the hand (and the auction) must be like.

A requirement is a list of terms joined by ``,`` (and) or ``or``, with ``not`` and parentheses;
mixing ``,`` and ``or`` at one level needs parentheses, so every rule reads one way only::

    hcp 15-17, balanced
    hcp 8+, (H 4+ or S 4+)
    M 3+, dp 10-12, not passed

Ranges are ``12``, ``12+``, ``-11``, ``12-14`` or a list ``1/4``. Suits are ``C D H S``, a
variable bound by the auction pattern or the call (``M`` a major, ``m`` a minor, ``x y z w`` any
suit, ``OM``/``om`` the other major/minor), or one the table fixes: ``T`` the agreed trump suit,
``ps`` partner's suit, ``ms`` my own suit. The terms are listed in ``TERMS`` and docs/ROBOTS.md.

A requirement is evaluated two ways: on a known hand (a robot choosing a call), and without one
(anyone explaining a call), where hand terms are unknown and only the auction's terms decide; the
hand terms then become ``HandConstraints`` on the hidden hand.

>>> r = parse_requirement("hcp 15-17, balanced")
>>> str(r.constraints(Context.empty(), {}))
'15-17 HCP, S 2-5, H 2-5, D 2-5, C 2-5'
>>> parse_requirement("hcp 6+, H 4+ or S 4+")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
qipai.robots.requirements.RequirementError: mixing ',' and 'or' needs parentheses, ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from ..analysis import evaluate
from ..bridge.cards import Rank, Suit
from ..bridge.deal import Hand
from .constraints import MAX_HCP, HandConstraints

SUIT_LETTERS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
MAJORS = frozenset({Suit.HEARTS, Suit.SPADES})
MINORS = frozenset({Suit.CLUBS, Suit.DIAMONDS})
# Variables an auction pattern or a call may bind, and the suits each may stand for.
VARIABLES: dict[str, frozenset[Suit]] = {
    "M": MAJORS,
    "m": MINORS,
    "x": frozenset(Suit),
    "y": frozenset(Suit),
    "z": frozenset(Suit),
    "w": frozenset(Suit),
}
# Suits derived from a bound variable.
DERIVED = {"OM": "M", "om": "m"}
# Suits the table fixes from the auction (see Context).
TABLE_SUITS = ("T", "ps", "ms")
SUIT_SETS = ("unbid", "unbid-majors", "their", "majors", "minors", "all")

Bindings = Mapping[str, Suit]


class RequirementError(ValueError):
    """A requirement that cannot be read; the system loader adds the rule's name and line."""


# --- the table's public facts ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Context:
    """What everyone at the table knows when a seat is to call, from that seat's side."""

    we_vulnerable: bool = False
    they_vulnerable: bool = False
    seat: int = 1
    """The caller's position from the dealer: 1 for the dealer, up to 4."""
    passed: bool = False
    """The caller has passed before (a passed hand)."""
    forced: bool = False
    """Partner's last call forces this one (and the opponents did not take it off)."""
    game_forced: bool = False
    """The partnership is forced to game and has not reached it."""
    partner: HandConstraints = field(default_factory=HandConstraints)
    me: HandConstraints = field(default_factory=HandConstraints)
    suits: Mapping[str, Suit] = field(default_factory=dict)
    """The table's suits: ``T`` (agreed), ``ps`` (partner's), ``ms`` (mine), where they exist."""
    unbid: frozenset[Suit] = frozenset(Suit)
    their: frozenset[Suit] = frozenset()
    contested: bool = False
    """The opponents have made a bid."""
    level: int = 0
    """The level of the call being weighed (0 for pass, double, redouble)."""

    @classmethod
    def empty(cls) -> Context:
        return cls()


# --- ranges ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Span:
    """An inclusive range, or a list of allowed values."""

    lo: int
    hi: int
    values: frozenset[int] | None = None

    def __contains__(self, n: object) -> bool:
        if not isinstance(n, int):
            return False
        if self.values is not None:
            return n in self.values
        return self.lo <= n <= self.hi

    def __str__(self) -> str:
        if self.values is not None:
            return "/".join(str(v) for v in sorted(self.values))
        return f"{self.lo}-{self.hi}"


_RANGE = re.compile(r"^(?:(\d+)\+|-(\d+)|(\d+)-(\d+)|(\d+))$")


def parse_span(text: str, top: int) -> Span:
    """Read ``12``, ``12+``, ``-11``, ``12-14`` or ``1/4``, at most ``top``."""
    if "/" in text:
        try:
            values = frozenset(int(v) for v in text.split("/"))
        except ValueError:
            raise RequirementError(f"bad range {text!r}") from None
        if not all(0 <= v <= top for v in values):
            raise RequirementError(f"range {text!r} is outside 0-{top}")
        return Span(min(values), max(values), values)
    m = _RANGE.match(text)
    if not m:
        raise RequirementError(f"bad range {text!r}: use 12, 12+, -11 or 12-14")
    if m.group(1):
        lo, hi = int(m.group(1)), top
    elif m.group(2):
        lo, hi = 0, int(m.group(2))
    elif m.group(3):
        lo, hi = int(m.group(3)), int(m.group(4))
    else:
        lo = hi = int(m.group(5))
    if lo > hi:
        raise RequirementError(f"bad range {text!r}: {lo} is more than {hi}")
    if hi > top:
        raise RequirementError(f"range {text!r} is outside 0-{top}")
    return Span(lo, hi)


# --- hand measures --------------------------------------------------------------------------
# The terms below call the one set of hand measures, ``qipai.analysis.evaluate``; only their
# words (``pts``, ``dp``, ``stop`` ...) belong to the system files.


def ranks(hand: Hand, suit: Suit) -> list[Rank]:
    return [c.rank for c in hand.suit(suit)]


# --- terms ----------------------------------------------------------------------------------

Value = bool | None  # None: cannot tell without the hand


class Node:
    """One node of a requirement: evaluate on a hand, or turn into constraints without one."""

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        raise NotImplementedError

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        """What the hand must satisfy; None when the auction already rules this out."""
        return HandConstraints()

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return HandConstraints()

    def suit_names(self) -> set[str]:
        """Every suit variable this node mentions (for the loader's check that all are bound)."""
        return set()


def resolve(name: str, ctx: Context, b: Bindings) -> Suit | None:
    """A suit name to the suit it stands for here, or None if the table has none."""
    if name in SUIT_LETTERS:
        return SUIT_LETTERS[name]
    if name in b:
        return b[name]
    if name in DERIVED:
        base = b.get(DERIVED[name])
        if base is None:
            return None
        pair = MAJORS if name == "OM" else MINORS
        return next(s for s in pair if s != base)
    return ctx.suits.get(name)


def is_suit_name(word: str) -> bool:
    return word in SUIT_LETTERS or word in VARIABLES or word in DERIVED or word in TABLE_SUITS


def suit_set(name: str, ctx: Context) -> frozenset[Suit]:
    if name == "unbid":
        return ctx.unbid
    if name == "unbid-majors":
        return ctx.unbid & MAJORS
    if name == "their":
        return ctx.their
    if name == "majors":
        return MAJORS
    if name == "minors":
        return MINORS
    return frozenset(Suit)


@dataclass(frozen=True)
class Always(Node):
    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        return True

    def __str__(self) -> str:
        return "any"


@dataclass(frozen=True)
class HandMeasure(Node):
    """``hcp 12-14``, ``pts 16+``, ``dp 10-12``, ``controls 4+`` (no suit)."""

    word: str
    span: Span

    def value(self, hand: Hand) -> int:
        return _MEASURES[self.word](hand)

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        return None if hand is None else self.value(hand) in self.span

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        lo, hi = self.span.lo, self.span.hi
        if self.word == "hcp":
            return HandConstraints().with_hcp(lo, hi)
        if self.word in ("pts", "dp"):
            # Distribution adds a few points: the HCP floor is a little lower.
            return HandConstraints().with_hcp(max(0, lo - 4), hi)
        return HandConstraints()

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        if self.word == "hcp" and self.span.values is None:
            if self.span.lo == 0:
                return HandConstraints().with_hcp(self.span.hi + 1, MAX_HCP)
            if self.span.hi >= MAX_HCP:
                return HandConstraints().with_hcp(0, self.span.lo - 1)
        return HandConstraints()

    def __str__(self) -> str:
        return f"{self.word} {self.span}"


_MEASURES: dict[str, Callable[[Hand], int]] = {
    "hcp": evaluate.hcp,
    "pts": evaluate.length_points,
    "dp": evaluate.dummy_points,
    "controls": evaluate.controls,
    "aces": evaluate.aces,
    "kings": evaluate.kings,
}


@dataclass(frozen=True)
class Length(Node):
    """``S 5+``, ``M 3+``, ``unbid 3+``: the length of one suit, or of each suit of a set."""

    suit: str
    span: Span

    def _suits(self, ctx: Context, b: Bindings) -> list[Suit] | None:
        if self.suit in SUIT_SETS:
            return sorted(suit_set(self.suit, ctx))
        s = resolve(self.suit, ctx, b)
        return None if s is None else [s]

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        suits = self._suits(ctx, b)
        if suits is None:
            return False
        if hand is None:
            return None
        return all(hand.length(s) in self.span for s in suits)

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        suits = self._suits(ctx, b)
        if suits is None:
            return None
        c = HandConstraints()
        for s in suits:
            c = c.with_length(s, self.span.lo, self.span.hi)
        return c

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        suits = self._suits(ctx, b)
        if suits is None or len(suits) != 1 or self.span.values is not None:
            return HandConstraints()
        (s,) = suits
        if self.span.lo == 0:
            return HandConstraints().with_length(s, self.span.hi + 1, 13)
        if self.span.hi >= 13:
            return HandConstraints().with_length(s, 0, self.span.lo - 1)
        return HandConstraints()

    def suit_names(self) -> set[str]:
        return set() if self.suit in SUIT_SETS else {self.suit}

    def __str__(self) -> str:
        return f"{self.suit} {self.span}"


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
    "=": lambda a, b: a == b,
    "<=": lambda a, b: a <= b,
    "<": lambda a, b: a < b,
}


@dataclass(frozen=True)
class Compare(Node):
    """``S >= H``: compares the lengths of two suits."""

    left: str
    op: str
    right: str

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        a, c = resolve(self.left, ctx, b), resolve(self.right, ctx, b)
        if a is None or c is None:
            return False
        if hand is None:
            return None
        return _COMPARE[self.op](hand.length(a), hand.length(c))

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        a, c = resolve(self.left, ctx, b), resolve(self.right, ctx, b)
        return None if a is None or c is None else HandConstraints()

    def suit_names(self) -> set[str]:
        return {self.left, self.right}

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"


@dataclass(frozen=True)
class SuitTest(Node):
    """``longest x``, ``stop x``, ``good x``, ``controlled x``: a fact about one suit."""

    word: str
    suit: str

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        if self.suit == "their" and self.word == "stop":
            if hand is None:
                return None
            return all(evaluate.has_stopper(hand, s) for s in ctx.their)
        s = resolve(self.suit, ctx, b)
        if s is None:
            return False
        if hand is None:
            return None
        return _SUIT_TESTS[self.word](hand, s)

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        if self.suit == "their":
            return HandConstraints()
        s = resolve(self.suit, ctx, b)
        if s is None:
            return None
        if self.word == "longest":
            return HandConstraints().with_length(s, 4, 13)
        if self.word == "good":
            return HandConstraints().with_length(s, 3, 13)
        if self.word == "stop":
            return HandConstraints().with_length(s, 1, 13)
        return HandConstraints()

    def suit_names(self) -> set[str]:
        return set() if self.suit == "their" else {self.suit}

    def __str__(self) -> str:
        return f"{self.word} {self.suit}"


_SUIT_TESTS: dict[str, Callable[[Hand, Suit], bool]] = {
    "longest": lambda h, s: all(h.length(s) >= h.length(t) for t in Suit),
    "stop": evaluate.has_stopper,
    "good": evaluate.is_good_suit,
    "controlled": evaluate.is_controlled,
    "feature": lambda h, s: any(r >= Rank.KING for r in ranks(h, s)),
    "trumpq": lambda h, s: Rank.QUEEN in ranks(h, s) or h.length(s) >= 10,
}


@dataclass(frozen=True)
class SuitMeasure(Node):
    """``honors x 2+`` (A, K, Q), ``controls x 1+`` (A 2, K 1): a count within one suit."""

    word: str
    suit: str
    span: Span

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        s = resolve(self.suit, ctx, b)
        if s is None:
            return False
        if hand is None:
            return None
        count = evaluate.top_three if self.word == "honors" else evaluate.controls
        return count(hand, s) in self.span

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        s = resolve(self.suit, ctx, b)
        if s is None:
            return None
        return HandConstraints().with_length(s, self.span.lo and 1, 13)

    def suit_names(self) -> set[str]:
        return {self.suit}

    def __str__(self) -> str:
        return f"{self.word} {self.suit} {self.span}"


@dataclass(frozen=True)
class Keycards(Node):
    """``keycards 1/4``: aces plus the king of the agreed suit ``T``; ``ourkeycards 5``: mine
    plus those partner has shown in answer to RKCB; ``sidekings 1``: kings outside ``T`` (the
    answer to the king ask)."""

    word: str
    span: Span

    def _mine(self, ctx: Context, hand: Hand) -> int | None:
        trump = ctx.suits.get("T")
        if trump is None:
            return None
        if self.word == "sidekings":
            return evaluate.side_kings(hand, trump)
        return evaluate.keycards(hand, trump)

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        if "T" not in ctx.suits:
            return False
        if self.word == "ourkeycards" and ctx.partner.keycards is None:
            return False
        if hand is None:
            return None
        mine = self._mine(ctx, hand)
        assert mine is not None
        if self.word in ("keycards", "sidekings"):
            return mine in self.span
        return mine + partner_keycards(ctx, mine) in self.span

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        if "T" not in ctx.suits:
            return None
        if self.word == "keycards":
            values = self.span.values or frozenset(range(self.span.lo, min(self.span.hi, 5) + 1))
            return HandConstraints().with_keycards(values)
        return HandConstraints()

    def __str__(self) -> str:
        return f"{self.word} {self.span}"


def partner_keycards(ctx: Context, mine: int) -> int:
    """Which of partner's shown keycard counts (1430: 1 or 4, 0 or 3) is real: of those that
    leave at most five in all, the highest partner's shown strength can hold (k keycards need
    about 4k-1 HCP), else the lowest."""
    shown = sorted(ctx.partner.keycards or {0})
    possible = [k for k in shown if k + mine <= 5] or shown[:1]
    strength = expected_hcp(ctx.partner)
    fits = [k for k in possible if 4 * k - 1 <= strength]
    return fits[-1] if fits else possible[0]


def expected_hcp(c: HandConstraints) -> int:
    """What to count on from a hand known only by its range: the middle of its range, where
    the top is taken at most eight above the bottom (``13+`` counts as 17, ``15-17`` as 16)."""
    lo, hi = c.hcp
    return (lo + min(hi, lo + 8)) // 2


@dataclass(frozen=True)
class Partnership(Node):
    """``combined 25+`` (my HCP plus what partner has shown, counted by ``expected_hcp``) and
    ``fit x 8+`` (my length plus partner's shown minimum length)."""

    word: str
    suit: str | None
    span: Span

    def _partner_min(self, ctx: Context, b: Bindings) -> tuple[Suit | None, int] | None:
        if self.suit is None:
            return None, expected_hcp(ctx.partner)
        s = resolve(self.suit, ctx, b)
        if s is None:
            return None
        return s, ctx.partner.lengths[s][0]

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        found = self._partner_min(ctx, b)
        if found is None:
            return False
        if hand is None:
            return None
        s, pmin = found
        mine = hand.hcp if s is None else hand.length(s)
        return mine + pmin in self.span

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        """Sound for any player who counts partner anywhere in partner's shown range (the
        top taken at most eight above the bottom): a little wider than a robot's own test."""
        found = self._partner_min(ctx, b)
        if found is None:
            return None
        s, _ = found
        if s is None:
            p_lo, p_hi = ctx.partner.hcp
            p_hi = min(p_hi, p_lo + 8)
            lo, hi = max(0, self.span.lo - p_hi), self.span.hi - p_lo
            return HandConstraints().with_hcp(lo, max(lo, min(hi, MAX_HCP)))
        p_lo = ctx.partner.lengths[s][0]
        lo, hi = max(0, self.span.lo - p_lo), self.span.hi - p_lo
        return HandConstraints().with_length(s, lo, max(lo, min(hi, 13)))

    def suit_names(self) -> set[str]:
        return set() if self.suit is None else {self.suit}

    def __str__(self) -> str:
        return f"{self.word} {self.suit + ' ' if self.suit else ''}{self.span}"


@dataclass(frozen=True)
class Shape(Node):
    """``balanced``, ``semibalanced``, ``unbalanced``, ``rule20``, ``rule15``, ``twosuiter``
    (two suits of five or more cards)."""

    word: str

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        return None if hand is None else _SHAPES[self.word](hand)

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        c = HandConstraints()
        if self.word in ("balanced", "semibalanced"):
            top = 5 if self.word == "balanced" else 6
            for s in Suit:
                c = c.with_length(s, 2, top)
        return c

    def __str__(self) -> str:
        return self.word


_SHAPES: dict[str, Callable[[Hand], bool]] = {
    "balanced": evaluate.is_balanced,
    "semibalanced": evaluate.is_semi_balanced,
    "unbalanced": lambda h: not evaluate.is_balanced(h),
    "rule20": evaluate.rule_of_20,
    "rule15": evaluate.rule_of_15,
    "twosuiter": evaluate.is_two_suiter,
}


@dataclass(frozen=True)
class TableFact(Node):
    """A fact of the auction, not of the hand: ``vul``, ``fav``, ``passed``, ``forced``,
    ``agreed``, ``seat 3-4``, ``level 2``, ``major x``, ``x above y``..."""

    word: str
    args: tuple[str, ...] = ()
    span: Span | None = None

    def truth(self, ctx: Context, b: Bindings) -> bool:
        w = self.word
        if w == "seat":
            assert self.span is not None
            return ctx.seat in self.span
        if w == "level":
            assert self.span is not None
            return ctx.level in self.span
        if w in ("major", "minor"):
            s = resolve(self.args[0], ctx, b)
            return s is not None and (s in MAJORS) == (w == "major")
        if w in ("above", "below"):
            a, c = resolve(self.args[0], ctx, b), resolve(self.args[1], ctx, b)
            if a is None or c is None:
                return False
            return a > c if w == "above" else a < c
        return _FACTS[w](ctx)

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        return self.truth(ctx, b)

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return HandConstraints() if self.truth(ctx, b) else None

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return None if self.truth(ctx, b) else HandConstraints()

    def suit_names(self) -> set[str]:
        return set(self.args)

    def __str__(self) -> str:
        if self.word in ("above", "below"):
            return f"{self.args[0]} {self.word} {self.args[1]}"
        parts = [self.word, *self.args]
        if self.span is not None:
            parts.append(str(self.span))
        return " ".join(parts)


_FACTS: dict[str, Callable[[Context], bool]] = {
    "vul": lambda c: c.we_vulnerable,
    "nonvul": lambda c: not c.we_vulnerable,
    "fav": lambda c: not c.we_vulnerable and c.they_vulnerable,
    "unfav": lambda c: c.we_vulnerable and not c.they_vulnerable,
    "passed": lambda c: c.passed,
    "forced": lambda c: c.forced,
    "gameforced": lambda c: c.game_forced,
    "agreed": lambda c: "T" in c.suits,
    "contested": lambda c: c.contested,
}


@dataclass(frozen=True)
class Not(Node):
    inner: Node

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        v = self.inner.evaluate(ctx, b, hand)
        return None if v is None else not v

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return self.inner.negated_constraints(ctx, b)

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return self.inner.constraints(ctx, b)

    def suit_names(self) -> set[str]:
        return self.inner.suit_names()

    def __str__(self) -> str:
        return f"not {_wrap(self.inner)}"


@dataclass(frozen=True)
class _Junction(Node):
    """``All`` and ``Any_``: three-valued (Kleene) "and" and "or" of ``parts``."""

    parts: tuple[Node, ...]
    decisive: ClassVar[bool]  # the value of one part that settles the whole: False for "and"

    def evaluate(self, ctx: Context, b: Bindings, hand: Hand | None) -> Value:
        result: Value = not self.decisive
        for p in self.parts:
            v = p.evaluate(ctx, b, hand)
            if v is self.decisive:
                return v
            if v is None:
                result = None
        return result

    def suit_names(self) -> set[str]:
        return set().union(*(p.suit_names() for p in self.parts))


@dataclass(frozen=True)
class All(_Junction):
    decisive = False

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        c = HandConstraints()
        for p in self.parts:
            pc = p.constraints(ctx, b)
            if pc is None:
                return None
            c = c.intersect(pc)
        return c

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return Any_(tuple(Not(p) for p in self.parts)).constraints(ctx, b)

    def __str__(self) -> str:
        return ", ".join(_wrap(p) for p in self.parts)


@dataclass(frozen=True)
class Any_(_Junction):
    decisive = True

    def constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        found: HandConstraints | None = None
        for p in self.parts:
            pc = p.constraints(ctx, b)
            if pc is None or pc.is_empty:
                continue
            found = pc if found is None else found.hull(pc)
        return found

    def negated_constraints(self, ctx: Context, b: Bindings) -> HandConstraints | None:
        return All(tuple(Not(p) for p in self.parts)).constraints(ctx, b)

    def __str__(self) -> str:
        return " or ".join(_wrap(p) for p in self.parts)


def _wrap(node: Node) -> str:
    return f"({node})" if isinstance(node, All | Any_) else str(node)


# --- reading --------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(\(|\)|,|[^\s(),]+)")
_SPAN_TOPS = {"hcp": MAX_HCP, "pts": 45, "dp": 45, "controls": 12, "aces": 4, "kings": 4}


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:  # pragma: no cover - the pattern matches any non-space run
            raise RequirementError(f"cannot read {text[pos:]!r}")
        out.append(m.group(1))
        pos = m.end()
    return out


class _Reader:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        t = self.toks[self.i]
        self.i += 1
        return t

    def expr(self) -> Node:
        conjs = [self.conj()]
        while self.peek() == "or":
            self.take()
            conjs.append(self.conj())
        if len(conjs) == 1:
            return conjs[0][0]
        if any(commas for _, commas in conjs):
            raise RequirementError("mixing ',' and 'or' needs parentheses, like 'a, (b or c)'")
        return Any_(tuple(node for node, _ in conjs))

    def conj(self) -> tuple[Node, bool]:
        """Terms joined by ',' at this level; the flag says whether there was a ','."""
        parts = [self.unary()]
        while self.peek() == ",":
            self.take()
            parts.append(self.unary())
        return (parts[0], False) if len(parts) == 1 else (All(tuple(parts)), True)

    def unary(self) -> Node:
        t = self.peek()
        if t is None:
            raise RequirementError("a term is missing at the end")
        if t == "not":
            self.take()
            return Not(self.unary())
        if t == "(":
            self.take()
            node = self.expr()
            if self.peek() != ")":
                raise RequirementError("a '(' is not closed")
            self.take()
            return node
        words: list[str] = []
        while self.peek() not in (None, ",", "(", ")", "or"):
            words.append(self.take())
        if not words:
            raise RequirementError(f"a term is missing before {t!r}")
        return parse_term(words)


def parse_term(words: list[str]) -> Node:
    """One term from its words, e.g. ``["hcp", "12-14"]`` or ``["S", ">=", "H"]``."""
    w, n = words[0], len(words)
    text = " ".join(words)
    if n == 1:
        if w == "any":
            return Always()
        if w in _SHAPES:
            return Shape(w)
        if w in _FACTS:
            return TableFact(w)
    if n == 2:
        if w in _MEASURES:
            return HandMeasure(w, parse_span(words[1], _SPAN_TOPS[w]))
        if w in ("keycards", "ourkeycards"):
            return Keycards(w, parse_span(words[1], 5))
        if w == "sidekings":
            return Keycards(w, parse_span(words[1], 3))
        if w == "combined":
            return Partnership(w, None, parse_span(words[1], MAX_HCP + 10))
        if w in ("seat", "level"):
            return TableFact(w, (), parse_span(words[1], 4 if w == "seat" else 7))
        if w in _SUIT_TESTS and (is_suit_name(words[1]) or (w == "stop" and words[1] == "their")):
            return SuitTest(w, words[1])
        if w in ("major", "minor") and is_suit_name(words[1]):
            return TableFact(w, (words[1],))
        if is_suit_name(w) or w in SUIT_SETS:
            return Length(w, parse_span(words[1], 13))
    if n == 3:
        if w in ("honors", "controls") and is_suit_name(words[1]):
            return SuitMeasure(w, words[1], parse_span(words[2], 3))
        if w == "fit" and is_suit_name(words[1]):
            return Partnership(w, words[1], parse_span(words[2], 26))
        if is_suit_name(w) and is_suit_name(words[2]):
            if words[1] in _COMPARE:
                return Compare(w, words[1], words[2])
            if words[1] in ("above", "below"):
                return TableFact(words[1], (w, words[2]))
    raise RequirementError(f"unknown term {text!r}")


def parse_requirement(text: str) -> Node:
    """Read a requirement; ``any`` or ``-`` (or nothing) always holds."""
    t = text.strip()
    if t in ("", "-", "any"):
        return Always()
    reader = _Reader(t)
    node = reader.expr()
    if reader.peek() is not None:
        raise RequirementError(f"unexpected {reader.peek()!r}")
    return node


TERMS = (
    "hcp R, pts R (HCP + length), dp R (HCP + shortness), controls R, aces R, kings R; "
    "SUIT R (length; SUIT a letter, variable, T/ps/ms), SET R (each of unbid, unbid-majors, "
    "their, majors, minors, all); SUIT >= SUIT (and > = <= <); longest/stop/good/controlled/"
    "feature/trumpq SUIT; stop their; honors SUIT R, controls SUIT R; keycards R, ourkeycards R, "
    "sidekings R; "
    "combined R, fit SUIT R; balanced, semibalanced, unbalanced, rule20, rule15, twosuiter; "
    "vul, nonvul, "
    "fav, unfav, passed, forced, gameforced, agreed, contested, seat R, level R, major SUIT, "
    "minor SUIT, SUIT above SUIT, SUIT below SUIT; any"
)
