"""Bidding systems as data: the file format, its loader, and reading an auction through it.

A system file is plain UTF-8 text a bridge player can read (see docs/ROBOTS.md)::

    system natural
    title en Natural: 5-card majors, 15-17 notrump
    title zh 自然叫牌法: 五张高花, 15-17点无将

    @ 1NT P
    2C | 80 alert forcing | hcp 8+, (H 4+ or S 4+) | Stayman: asks for a 4-card major | 斯台曼问叫

``@`` starts a situation: the auction so far, read from the caller's side (leading passes left
out, the last call being the right-hand opponent's), ``-`` when nothing has been bid. Each rule
under it is one line: the call, its priority and flags, the hand's requirements
(``qipai.robots.requirements``), its meaning in English and in Chinese.

Everyone at the table reads every call through the same system: ``explain`` gives a call's
meaning in both languages and what it shows (``HandConstraints``); ``seat_constraints`` adds up
what each seat has shown; ``choose`` ranks the calls a known hand may make.

>>> s = natural()
>>> from qipai.bridge import Auction, Seat, parse_call
>>> a = Auction.from_calls(Seat.NORTH, [parse_call("1NT")])
>>> e = s.explain(a, 0)
>>> e.en, e.zh, str(e.constraints)
('15-17 HCP, balanced', '15-17点, 均型', '15-17 HCP, S 2-5, H 2-5, D 2-5, C 2-5')
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Generic, TypeVar

from ..bridge.auction import Auction
from ..bridge.board import Vulnerability
from ..bridge.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, parse_call
from ..bridge.cards import SEATS, Seat, Side, Strain, Suit
from ..bridge.deal import Hand
from ..bridge.errors import ParseError
from ..bridge.names import display_name
from .constraints import HandConstraints
from .requirements import (
    DERIVED,
    MAJORS,
    SUIT_LETTERS,
    TABLE_SUITS,
    VARIABLES,
    All,
    Always,
    Any_,
    Bindings,
    Compare,
    Context,
    HandMeasure,
    Keycards,
    Length,
    Node,
    Not,
    Partnership,
    RequirementError,
    Shape,
    SuitMeasure,
    SuitTest,
    TableFact,
    is_suit_name,
    parse_requirement,
    resolve,
)

FLAGS = frozenset({"alert", "forcing", "gf"})


class SystemFileError(ParseError):
    """A system file that cannot be used, naming the file, line and rule."""

    def __init__(self, message: str, *, source: str, line: int, rule: str = "") -> None:
        where = f"{source} line {line}" + (f" (rule {rule})" if rule else "")
        super().__init__(f"{where}: {message}")
        self.source = source
        self.line = line
        self.rule = rule


# --- auction patterns and calls -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Atom:
    """One call in a pattern: ``P``, ``X``, ``XX``, ``1NT``, ``2x``, ``bid`` (any bid), ``*``."""

    kind: str  # "call", "bid", "anybid", "any"
    call: Call | None = None
    level: int | None = None
    var: str | None = None

    def match(self, call: Call, b: dict[str, Suit]) -> dict[str, Suit] | None:
        if self.kind == "any":
            return b
        if self.kind == "anybid":
            return b if isinstance(call, Bid) else None
        if self.kind == "call":
            return b if call == self.call else None
        if not isinstance(call, Bid) or call.level != self.level:
            return None
        suit = call.strain.suit
        if suit is None:
            return None
        assert self.var is not None
        return bind(self.var, suit, b)

    def __str__(self) -> str:
        if self.kind == "any":
            return "*"
        if self.kind == "anybid":
            return "bid"
        if self.kind == "call":
            return str(self.call)
        return f"{self.level}{self.var}"


def bind(var: str, suit: Suit, b: dict[str, Suit]) -> dict[str, Suit] | None:
    """``b`` with ``var`` bound to ``suit``, or None if that breaks a binding: a variable keeps
    one suit, different variables stand for different suits, M is a major and m a minor."""
    if var in DERIVED:
        base = b.get(DERIVED[var])
        if base is None:
            return None
        pair = MAJORS if var == "OM" else frozenset(Suit) - MAJORS
        return b if suit in pair and suit != base else None
    if var in b:
        return b if b[var] == suit else None
    if suit not in VARIABLES[var] or suit in b.values():
        return None
    return {**b, var: suit}


@dataclass(frozen=True, slots=True)
class Token:
    """A pattern position: alternatives (``P/X``), or ``..`` (any run of calls)."""

    alternatives: tuple[Atom, ...] = ()
    any_run: bool = False

    def __str__(self) -> str:
        return ".." if self.any_run else "/".join(str(a) for a in self.alternatives)


def match_pattern(
    tokens: Sequence[Token], calls: Sequence[Call], b: dict[str, Suit]
) -> Iterator[dict[str, Suit]]:
    """Every binding under which ``tokens`` match all of ``calls``."""
    if not tokens:
        if not calls:
            yield b
        return
    head, rest = tokens[0], tokens[1:]
    if head.any_run:
        for i in range(len(calls) + 1):
            yield from match_pattern(rest, calls[i:], b)
        return
    if not calls:
        return
    for atom in head.alternatives:
        nb = atom.match(calls[0], b)
        if nb is not None:
            yield from match_pattern(rest, calls[1:], nb)


@dataclass(frozen=True, slots=True)
class CallSpec:
    """A rule's call: ``1NT``, ``P``, ``X``; ``2y`` (a level and a suit); ``^y`` the cheapest bid
    in a suit (or ``^NT``); ``^^y`` a single jump."""

    kind: str  # "call", "bid", "cheap", "jump"
    call: Call | None = None
    level: int | None = None
    strain: Strain | None = None
    var: str | None = None

    def _level(self, strain: Strain, last: Bid | None) -> int:
        base = 1 if last is None else last.level + (0 if strain > last.strain else 1)
        return base + (1 if self.kind == "jump" else 0)

    def _strains(self, ctx: Context, b: Bindings) -> Iterator[tuple[Strain, dict[str, Suit]]]:
        if self.strain is not None:
            yield self.strain, dict(b)
            return
        assert self.var is not None
        if self.var in VARIABLES and self.var not in b:
            for suit in sorted(VARIABLES[self.var]):
                nb = bind(self.var, suit, dict(b))
                if nb is not None:
                    yield suit.strain, nb
            return
        found = resolve(self.var, ctx, b)
        if found is not None:
            yield found.strain, dict(b)

    def calls(
        self, ctx: Context, b: Bindings, last: Bid | None
    ) -> Iterator[tuple[Call, dict[str, Suit]]]:
        """The calls this spec stands for here, each with the bindings it makes."""
        if self.kind == "call":
            assert self.call is not None
            yield self.call, dict(b)
            return
        for strain, nb in self._strains(ctx, b):
            level = self.level if self.kind == "bid" else self._level(strain, last)
            assert level is not None
            if 1 <= level <= 7:
                yield ALL_BIDS[(level - 1) * 5 + strain], nb  # Bid(level, strain)

    def match(
        self, call: Call, ctx: Context, b: Bindings, last: Bid | None
    ) -> dict[str, Suit] | None:
        """The bindings under which this spec names ``call``, or None."""
        if self.kind == "call":
            return dict(b) if call == self.call else None
        if not isinstance(call, Bid):
            return None
        for c, nb in self.calls(ctx, b, last):
            if c == call:
                return nb
        return None

    def __str__(self) -> str:
        if self.kind == "call":
            return str(self.call)
        what = self.strain.letter if self.strain is not None else self.var
        if self.kind == "bid":
            return f"{self.level}{what}"
        return ("^^" if self.kind == "jump" else "^") + str(what)


_BID_VAR = re.compile(r"^([1-7])([A-Za-z]+)$")


def parse_atom(text: str) -> Atom:
    if text == "*":
        return Atom("any")
    if text == "bid":
        return Atom("anybid")
    m = _BID_VAR.match(text)
    if m and (m.group(2) in VARIABLES or m.group(2) in DERIVED):
        return Atom("bid", level=int(m.group(1)), var=m.group(2))
    try:
        return Atom("call", call=parse_call(text))
    except ParseError:
        raise ValueError(f"bad call {text!r} in the auction") from None


def parse_pattern(text: str) -> tuple[Token, ...]:
    """Read ``1NT P``, ``1x X P``, ``.. 4NT P``; ``-`` is the empty auction."""
    t = text.strip()
    if t == "-":
        return ()
    tokens: list[Token] = []
    for word in t.split():
        if word == "..":
            tokens.append(Token(any_run=True))
        else:
            tokens.append(Token(tuple(parse_atom(w) for w in word.split("/"))))
    if not tokens:
        raise ValueError("the auction is empty: write '-' for the opening seat")
    first = tokens[0]
    if not first.any_run and any(a.kind == "call" and a.call == PASS for a in first.alternatives):
        raise ValueError("leave out the passes before the opening bid; they are implied")
    return tuple(tokens)


def parse_callspec(text: str) -> CallSpec:
    t = text.strip()
    kind = "call"
    if t.startswith("^^"):
        kind, t = "jump", t[2:]
    elif t.startswith("^"):
        kind, t = "cheap", t[1:]
    if kind != "call":
        if t in ("NT", "N"):
            return CallSpec(kind, strain=Strain.NOTRUMP)
        if t in SUIT_LETTERS:
            return CallSpec(kind, strain=SUIT_LETTERS[t].strain)
        if is_suit_name(t):
            return CallSpec(kind, var=t)
        raise ValueError(f"bad call {text!r}: after ^ or ^^ write a suit, a variable or NT")
    m = _BID_VAR.match(t)
    if m and is_suit_name(m.group(2)) and m.group(2) not in SUIT_LETTERS:
        return CallSpec("bid", level=int(m.group(1)), var=m.group(2))
    try:
        return CallSpec("call", call=parse_call(t))
    except ParseError:
        raise ValueError(f"bad call {text!r}") from None


# --- rules and systems ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rule:
    """One line of a system: in this situation, with this hand, make this call; it means this."""

    source: str
    line: int
    situation: str
    pattern: tuple[Token, ...]
    call: CallSpec
    priority: int
    flags: frozenset[str]
    requirement: Node
    en: str
    zh: str

    @property
    def name(self) -> str:
        return f"[{self.situation}] {self.call}"

    @property
    def id(self) -> str:
        return f"{self.source}:{self.line}"

    @property
    def anchored(self) -> bool:
        """Starts at the opening bid (no ``..``): an exact situation, not a general one."""
        return not any(t.any_run for t in self.pattern)

    @property
    def specificity(self) -> int:
        """How exactly the situation is named: an anchored auction beats any general one, and
        of general ones, the one naming more calls (``.. 4NT P`` beats ``..``)."""
        if self.anchored:
            return 1000
        return sum(1 for t in self.pattern if not t.any_run)


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _bound_in_pattern(pattern: Sequence[Token]) -> set[str]:
    names: set[str] = set()
    for t in pattern:
        for a in t.alternatives:
            if a.var is not None:
                names.add(a.var)
    return names


def parse_rule(
    line_text: str, situation: str, pattern: tuple[Token, ...], source: str, line: int
) -> Rule:
    """One rule line: ``CALL | PRIORITY FLAGS | REQUIREMENTS | EN | ZH``."""
    fields = [f.strip() for f in line_text.split("|")]
    call_text = fields[0] if fields else ""
    name = f"[{situation}] {call_text}"

    def fail(msg: str) -> SystemFileError:
        return SystemFileError(msg, source=source, line=line, rule=name)

    if len(fields) != 5:
        raise fail(
            f"a rule has 5 fields (call | priority | requirements | en | zh), not {len(fields)}"
        )
    _, prio_text, req_text, en, zh = fields
    try:
        call = parse_callspec(call_text)
    except ValueError as e:
        raise fail(str(e)) from None
    words = prio_text.split()
    if not words or not re.fullmatch(r"-?\d+", words[0]):
        raise fail(f"priority must be a whole number, not {prio_text!r}")
    priority = int(words[0])
    if not 0 <= priority <= 100:
        raise fail(f"priority must be 0-100, not {priority}")
    unknown = set(words[1:]) - FLAGS
    if unknown:
        raise fail(f"unknown flag {sorted(unknown)[0]!r}: use {', '.join(sorted(FLAGS))}")
    try:
        requirement = parse_requirement(req_text)
    except RequirementError as e:
        raise fail(str(e)) from None
    if not en:
        raise fail("the English meaning is empty")
    if not zh or all(ord(ch) < 128 for ch in zh):
        raise fail("the Chinese meaning is empty or has no Chinese in it")
    bound = _bound_in_pattern(pattern)
    if call.var is not None and call.var in VARIABLES:
        bound.add(call.var)
    used = set(requirement.suit_names())
    if call.var is not None:
        used.add(call.var)
    for text in (en, zh):
        used |= set(_PLACEHOLDER.findall(text))
    for n in sorted(used):
        if n in SUIT_LETTERS or n in TABLE_SUITS or n in bound:
            continue
        if n in DERIVED:
            if DERIVED[n] in bound:
                continue
            raise fail(f"{n!r} needs {DERIVED[n]!r} bound by the auction or the call")
        if n in VARIABLES:
            raise fail(f"variable {n!r} is not bound by the auction or the call")
        raise fail(f"unknown suit name {{{n}}} in the meaning")
    return Rule(
        source, line, situation, pattern, call, priority, frozenset(words[1:]), requirement, en, zh
    )


@dataclass(frozen=True)
class Explanation:
    """What a call means under the table's system, for everyone to read."""

    call: Call
    en: str
    zh: str
    constraints: HandConstraints = field(default_factory=HandConstraints)
    alert: bool = False
    forcing: bool = False
    game_forcing: bool = False
    rules: tuple[str, ...] = ()
    """The ids (``file:line``) of the rules that give the meaning; empty when none does."""

    def text(self, lang: str = "en") -> str:
        return self.zh if lang.lower().startswith("zh") else self.en


@dataclass(frozen=True, slots=True)
class Choice:
    """A call a known hand may make under the system, and the rule that allows it."""

    call: Call
    priority: float
    en: str
    zh: str
    alert: bool
    rule: Rule | None


@dataclass(slots=True)
class _Option:
    rule: Rule
    call: Call
    bindings: Mapping[str, Suit]
    ctx: Context
    _texts: tuple[str, str] | None = None

    def texts(self) -> tuple[str, str]:
        """The rule's meaning here in English and Chinese (its suit names filled in)."""
        if self._texts is None:
            rule, ctx, b = self.rule, self.ctx, self.bindings
            self._texts = (fill(rule.en, ctx, b, "en"), fill(rule.zh, ctx, b, "zh"))
        return self._texts


_Tally = tuple[tuple[HandConstraints, ...], tuple[tuple[Suit, ...], ...], frozenset[Suit]]
"""What the calls so far showed: each seat's constraints (by seat number), the suits each seat
has named, in order, and the suits nobody has named."""
_NOTHING_SHOWN: _Tally = ((HandConstraints(),) * 4, ((),) * 4, frozenset(Suit))


@dataclass(slots=True)
class _Situation:
    """The auction so far, seen from the seat to call next."""

    dealer: Seat
    calls: tuple[Call, ...]
    bidder: Seat
    stripped: tuple[Call, ...]
    last_bid: Bid | None
    legal: frozenset[Call]
    ctx: Context
    auction: Auction
    tally: _Tally
    options: list[_Option] | None = None
    choices: list[tuple[Call, list[_Option]]] | None = None
    """The options by call (in the order the calls first appear), each call's most specific
    ones only: what ``choose`` weighs a hand against."""


@dataclass(frozen=True, slots=True)
class _Group:
    """Rules in a row under one situation: its pattern is matched once for all of them.
    ``levels`` says which of them read the level of the call weighed (``level 2``)."""

    pattern: tuple[Token, ...]
    rules: tuple[Rule, ...]
    levels: tuple[bool, ...]


# Terms that never read the level of the call weighed (only ``TableFact("level")`` does).
_LEVEL_FREE: frozenset[type[Node]] = frozenset(
    {Always, HandMeasure, Length, Compare, SuitTest, SuitMeasure, Keycards, Partnership, Shape}
)


def _reads_level(node: Node) -> bool:
    """Whether a requirement looks at the level of the call weighed; a kind of term not known
    here (a subclass included) is taken to."""
    if isinstance(node, TableFact) and type(node) is TableFact:
        return node.word == "level"
    if isinstance(node, Not) and type(node) is Not:
        return _reads_level(node.inner)
    if isinstance(node, All | Any_) and type(node) in (All, Any_):
        return any(_reads_level(p) for p in node.parts)
    return type(node) not in _LEVEL_FREE


K = TypeVar("K")
V = TypeVar("V")


class _Recent(Generic[K, V]):
    """The ``size`` values used most recently. Robots in worker threads share a system: a race
    between them costs no more than a value worked out twice."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._kept.get(key)
        if found is not None:
            with suppress(KeyError):
                self._kept.move_to_end(key)
        return found

    def peek(self, key: K) -> V | None:
        """The value if kept, leaving the order alone."""
        return self._kept.get(key)

    def put(self, key: K, value: V) -> None:
        kept = self._kept
        kept[key] = value
        while len(kept) > self.size:
            try:
                kept.popitem(last=False)
            except KeyError:
                break

    def __len__(self) -> int:
        return len(self._kept)


_ALL_CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)


def _calls_matched(token: Token) -> frozenset[Call] | None:
    """The calls a pattern position can match; None for any call (``*``, ``..``)."""
    found: set[Call] = set()
    for a in token.alternatives if not token.any_run else ():
        if a.kind == "any":
            return None
        if a.kind == "anybid":
            found.update(ALL_BIDS)
        elif a.kind == "call":
            assert a.call is not None
            found.add(a.call)
        else:  # a level and a suit variable: every suit at that level may fit
            found.update(b for b in ALL_BIDS if b.level == a.level and b.strain.suit is not None)
    return None if token.any_run else frozenset(found)


def _index(groups: Sequence[_Group]) -> dict[Call | None, tuple[_Group, ...]]:
    """The groups that may match an auction ending in each call (None: the empty auction), in
    their order in the file. A pattern's last position must match the auction's last call,
    unless it is ``..``; only a pattern of ``..`` alone matches the empty auction."""
    last = [_calls_matched(g.pattern[-1]) if g.pattern else frozenset() for g in groups]
    out: dict[Call | None, tuple[_Group, ...]] = {
        c: tuple(g for g, m in zip(groups, last, strict=True) if m is None or c in m)
        for c in _ALL_CALLS
    }
    out[None] = tuple(g for g in groups if all(t.any_run for t in g.pattern))
    return out


def _display(suit: Suit, lang: str) -> str:
    return display_name(suit.name.lower(), lang)


def fill(text: str, ctx: Context, b: Bindings, lang: str) -> str:
    """Replace ``{x}`` with the suit's name in ``lang``."""

    def one(m: re.Match[str]) -> str:
        s = resolve(m.group(1), ctx, b)
        return "?" if s is None else _display(s, lang)

    return _PLACEHOLDER.sub(one, text)


_Key = tuple[Seat, Vulnerability, tuple[Call, ...]]
_SITUATIONS_KEPT = 1024
_EXPLAINED_KEPT = 20_000
_GAME = {Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4, Strain.SPADES: 4, Strain.NOTRUMP: 3}
_NO_MEANING = ("No agreed meaning in this system", "本体系中无约定含义")


class BiddingSystem:
    """A loaded system: its rules, and everything that reads an auction through them."""

    def __init__(self, name: str, title_en: str, title_zh: str, rules: Sequence[Rule]) -> None:
        self.name = name
        self.title_en = title_en
        self.title_zh = title_zh
        self.rules = tuple(rules)
        # Rules are matched by group (the rules in a row under one situation share its
        # pattern) and only where the pattern can fit the auction's length and last call:
        # anchored ones by both, general ones (with ``..``) by the last call. The groups keep
        # the file's order, anchored first, which is the order options are weighed in.
        anchored: dict[int, list[_Group]] = {}
        general: list[_Group] = []
        for r in self.rules:
            into = anchored.setdefault(len(r.pattern), []) if r.anchored else general
            level = _reads_level(r.requirement)
            if into and into[-1].pattern is r.pattern:
                last = into[-1]
                into[-1] = _Group(r.pattern, (*last.rules, r), (*last.levels, level))
            else:
                into.append(_Group(r.pattern, (r,), (level,)))
        self._anchored = {
            (n, last): found
            for n, groups in anchored.items()
            for last, found in _index(groups).items()
            if found and (last is None) == (n == 0)
        }
        self._general = _index(general)
        # Kept for the auctions met most recently: meanings of calls, and situations with
        # their options (a robot's call is chosen, then explained, in the same situation, and
        # tables meet the same early auctions over and over). Bounded: the garbage collector
        # walks all that is kept, and a long pause holds up every table.
        self._explained: _Recent[_Key, Explanation] = _Recent(_EXPLAINED_KEPT)
        self._situations: _Recent[_Key, _Situation] = _Recent(_SITUATIONS_KEPT)
        self.side: Side | None = None
        """The side playing this system when the opponents play another (``seated``); None
        when all four seats play it."""
        self._opponents: BiddingSystem | None = None

    def seated(self, side: Side, opponents: BiddingSystem) -> BiddingSystem:
        """This system played by ``side`` against ``opponents``' system: every call is read by
        the system of the side that made it, and ``choose`` for a seat of the other side uses
        theirs. The same object when both sides play one system.

        >>> nat, pre = natural(), builtin_system("precision")
        >>> t = pre.seated(Side.NS, nat)
        >>> from qipai.bridge import parse_call
        >>> [e.en for e in t.explain_calls(Seat.NORTH, [parse_call("1C"), parse_call("1S")])]
        ['Precision 1C: artificial, 16+ HCP, any shape', 'Overcall: 5+ spades, 8-16 HCP']
        """
        if opponents is self or opponents.rules is self.rules:
            return self
        if side is Side.NS:
            return table_systems(self, opponents)[side]
        return table_systems(opponents, self)[side]

    def _copy(self) -> BiddingSystem:
        return BiddingSystem(self.name, self.title_en, self.title_zh, self.rules)

    def __repr__(self) -> str:
        return f"<BiddingSystem {self.name}: {len(self.rules)} rules>"

    # -- reading the auction

    def explain_calls(
        self, dealer: Seat, calls: Sequence[Call], vulnerability: Vulnerability = Vulnerability.NONE
    ) -> list[Explanation]:
        """The explanation of every call of an auction, in order."""
        calls = tuple(calls)
        return [self._explain(dealer, vulnerability, calls[: i + 1]) for i in range(len(calls))]

    def explain(
        self, auction: Auction, index: int, vulnerability: Vulnerability = Vulnerability.NONE
    ) -> Explanation:
        """The meaning of call ``index`` of ``auction`` (as made so far) under this system."""
        calls = auction.calls
        if not 0 <= index < len(calls):
            raise IndexError(f"the auction has {len(calls)} calls; there is no call {index}")
        return self._explain(auction.dealer, vulnerability, calls[: index + 1])

    def seat_constraints(
        self, dealer: Seat, calls: Sequence[Call], vulnerability: Vulnerability = Vulnerability.NONE
    ) -> dict[Seat, HandConstraints]:
        """What each seat's calls have shown together (for robots and the DD sampler)."""
        shown = {s: HandConstraints() for s in Seat}
        for i, e in enumerate(self.explain_calls(dealer, calls, vulnerability)):
            seat = Seat((dealer + i) % 4)
            shown[seat] = _add(shown[seat], e.constraints)
        return {s: c.tightened() for s, c in shown.items()}

    def _explain(self, dealer: Seat, vul: Vulnerability, calls: tuple[Call, ...]) -> Explanation:
        if self._opponents is not None and SEATS[(dealer + len(calls) - 1) % 4].side != self.side:
            return self._opponents._explain(dealer, vul, calls)
        key = (dealer, vul, calls)
        found = self._explained.get(key)
        if found is not None:
            return found
        sit = self._situation(dealer, vul, calls[:-1])
        e = self._explain_in(sit, calls[-1])
        self._explained.put(key, e)
        return e

    def _explain_in(self, sit: _Situation, call: Call) -> Explanation:
        opts = _shadowed([o for o in self._options(sit) if o.call == call])
        if not opts:
            if call == PASS:
                # Nothing in the system fits: the pass denies every rule that would have.
                return Explanation(call, "Pass", "不叫", self._denied(sit, call, -1).tightened())
            return Explanation(call, *_NO_MEANING)
        opts.sort(key=lambda o: -o.rule.priority)
        shown: HandConstraints | None = None
        texts: list[tuple[str, str]] = []
        for o in opts:
            c = o.rule.requirement.constraints(o.ctx, o.bindings)
            if c is None:
                continue
            shown = c if shown is None else shown.hull(c)
            t = o.texts()
            if t not in texts:
                texts.append(t)
        top = opts[0].rule
        if not texts:
            texts.append(opts[0].texts())
        if shown is not None:
            # What the call denies: a rule of higher priority for another call did not fit.
            with_denial = shown.intersect(self._denied(sit, call, opts[-1].rule.priority))
            if not with_denial.tightened().is_empty:
                shown = with_denial
        en = "; or ".join(t[0] for t in texts[:3])
        zh = "; 或 ".join(t[1] for t in texts[:3])
        return Explanation(
            call,
            en,
            zh,
            (shown or HandConstraints()).tightened(),
            alert="alert" in top.flags,
            forcing=bool({"forcing", "gf"} & top.flags),
            game_forcing="gf" in top.flags,
            rules=tuple(o.rule.id for o in opts),
        )

    def _denied(self, sit: _Situation, call: Call, floor: float) -> HandConstraints:
        """What making ``call`` denies: a player who follows the system would have made any
        other call whose rule of priority above ``floor`` fitted the hand, so none did. Only a
        rule that turns on one hand term (beside facts of the auction) says something sound
        when it fails (``X | hcp 16+`` failing: at most 15 HCP); the rest deny nothing here."""
        denied = HandConstraints()
        for other, opts in self._choices(sit):
            if other == call:
                continue
            for o in opts:
                if o.rule.priority <= floor:
                    continue
                neg = _negation(o.rule.requirement, o.ctx, o.bindings)
                if neg is not None:
                    denied = denied.intersect(neg)
        return denied

    # -- choosing a call

    def choose(
        self,
        hand: Hand,
        dealer: Seat,
        calls: Sequence[Call],
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> list[Choice]:
        """The calls this system allows ``hand`` now, best first; Pass is always among them.

        Higher priority first; at equal priority a longer suit first, then of two five-card or
        longer suits the higher, of two four-card suits the lower (up the line)."""
        calls = tuple(calls)
        if self._opponents is not None and SEATS[(dealer + len(calls)) % 4].side != self.side:
            return self._opponents.choose(hand, dealer, calls, vulnerability)
        sit = self._situation(dealer, vulnerability, calls)
        scored: list[tuple[tuple[float, ...], Choice]] = []
        for call, opts in self._choices(sit):
            for o in opts:
                if o.rule.requirement.evaluate(o.ctx, o.bindings, hand) is not True:
                    continue
                key = (o.rule.priority, *_tiebreak(call, hand))
                en, zh = o.texts()
                choice = Choice(
                    call, float(o.rule.priority), en, zh, "alert" in o.rule.flags, o.rule
                )
                scored.append((key, choice))
        scored.sort(key=lambda kc: kc[0], reverse=True)
        out: list[Choice] = []
        seen: set[Call] = set()
        for _, ch in scored:
            if ch.call not in seen:
                seen.add(ch.call)
                out.append(ch)
        if PASS not in seen:
            out.append(
                Choice(
                    PASS,
                    -1.0,
                    "Pass: nothing in the system fits",
                    "不叫: 体系中无合适叫品",
                    False,
                    None,
                )
            )
        return out

    # -- the machinery

    def _situation(self, dealer: Seat, vul: Vulnerability, calls: tuple[Call, ...]) -> _Situation:
        """The auction so far from the next caller's side (its options worked out once)."""
        key = (dealer, vul, calls)
        sit = self._situations.get(key)
        if sit is None:
            sit = self._new_situation(dealer, vul, calls)
            self._situations.put(key, sit)
        return sit

    def _new_situation(
        self, dealer: Seat, vul: Vulnerability, calls: tuple[Call, ...]
    ) -> _Situation:
        # Built on the situation one call earlier where it is kept: its auction (already
        # checked) takes one more call, its tally of what each seat showed one more entry.
        cache = self._situations
        parent = cache.peek((dealer, vul, calls[:-1])) if calls else None
        if parent is not None:
            auction = parent.auction.add(calls[-1])
        else:
            auction = Auction.from_calls(dealer, calls)
        bidder = SEATS[(dealer + len(calls)) % 4]
        k = 0
        while k < len(calls) and calls[k] == PASS:
            k += 1
        history = [self._explain(dealer, vul, calls[: i + 1]) for i in range(len(calls))]
        parent = cache.peek((dealer, vul, calls[:-1])) if calls else None
        if parent is not None:
            tally = _tally(dealer, calls, history, len(calls) - 1, parent.tally)
        else:
            tally = _tally(dealer, calls, history, 0, _NOTHING_SHOWN)
        ctx = _context(dealer, vul, calls, bidder, history, tally)
        return _Situation(
            dealer,
            calls,
            bidder,
            calls[k:],
            auction.last_bid,
            frozenset(auction.legal_calls()),
            ctx,
            auction,
            tally,
        )

    def _options(self, sit: _Situation) -> list[_Option]:
        """Every (rule, call) the auction allows now, before looking at any hand."""
        if sit.options is not None:
            return sit.options
        found: list[_Option] = []
        stripped = sit.stripped
        last = stripped[-1] if stripped else None
        groups = (*self._anchored.get((len(stripped), last), ()), *self._general.get(last, ()))
        at_level: dict[int, Context] = {sit.ctx.level: sit.ctx}
        for group in groups:
            matches = list(match_pattern(group.pattern, stripped, {}))
            if not matches:
                continue
            for rule, reads_level in zip(group.rules, group.levels, strict=True):
                spec = rule.call
                if spec.kind == "call" and spec.call not in sit.legal:
                    continue  # a pass, double, redouble or bid that cannot be made here
                for b in matches:
                    for call, nb in spec.calls(sit.ctx, b, sit.last_bid):
                        if call not in sit.legal:
                            continue
                        # the call's level, where the rule reads it (the context is the same
                        # otherwise, and one less object to keep)
                        level = call.level if reads_level and isinstance(call, Bid) else 0
                        ctx = at_level.get(level)
                        if ctx is None:
                            ctx = at_level[level] = replace(sit.ctx, level=level)
                        if rule.requirement.evaluate(ctx, nb, None) is False:
                            continue
                        found.append(_Option(rule, call, nb, ctx))
        sit.options = found
        return found

    def _choices(self, sit: _Situation) -> list[tuple[Call, list[_Option]]]:
        if sit.choices is None:
            by_call: dict[Call, list[_Option]] = {}
            for o in self._options(sit):
                by_call.setdefault(o.call, []).append(o)
            sit.choices = [(call, _shadowed(opts)) for call, opts in by_call.items()]
        return sit.choices


def _shadowed(opts: list[_Option]) -> list[_Option]:
    """A call that an exact situation defines is not also read by a more general rule: only the
    most specific rules that allow a call give it its meaning (and may make it)."""
    if not opts:
        return opts
    top = max(o.rule.specificity for o in opts)
    return [o for o in opts if o.rule.specificity == top]


def _negation(node: Node, ctx: Context, b: Bindings) -> HandConstraints | None:
    """The constraints on a hand that fails ``node``, where one hand term decides it (the
    others being facts of the auction, already true here); None when nothing sound follows."""
    parts = node.parts if isinstance(node, All) else (node,)
    hand_parts = [p for p in parts if not isinstance(p, TableFact)]
    if len(hand_parts) != 1 or isinstance(hand_parts[0], All | Any_ | Not):
        return None
    neg = hand_parts[0].negated_constraints(ctx, b)
    return None if neg is None or neg.is_unconstrained else neg


def _tiebreak(call: Call, hand: Hand) -> tuple[float, float]:
    if not isinstance(call, Bid) or call.strain.suit is None:
        return (0.0, 0.0)
    suit = call.strain.suit
    n = hand.length(suit)
    return (float(n), float(suit) if n >= 5 else -float(suit))


def _add(a: HandConstraints, b: HandConstraints) -> HandConstraints:
    """Add a new call's constraints to a seat's. Where the two contradict (a player who bid
    beyond the system), the newer call wins, one measure at a time."""
    both = a.intersect(b)
    if not both.is_empty:
        return both
    hcp = both.hcp if both.hcp[0] <= both.hcp[1] else b.hcp
    ls = [
        both.lengths[s] if both.lengths[s][0] <= both.lengths[s][1] else b.lengths[s]
        for s in range(4)
    ]
    kc = both.keycards if both.keycards else b.keycards
    merged = HandConstraints(hcp, (ls[0], ls[1], ls[2], ls[3]), kc)
    return b if merged.is_empty else merged


def _tally(
    dealer: Seat,
    calls: tuple[Call, ...],
    history: Sequence[Explanation],
    start: int,
    before: _Tally,
) -> _Tally:
    """``before`` (the tally of ``calls[:start]``) with the calls from ``start`` on added."""
    shown, named, unbid = list(before[0]), list(before[1]), set(before[2])
    for i in range(start, len(calls)):
        call, seat = calls[i], (dealer + i) % 4
        shown[seat] = _add(shown[seat], history[i].constraints)
        if isinstance(call, Bid) and call.strain.suit is not None:
            unbid.discard(call.strain.suit)
            named[seat] = (*named[seat], call.strain.suit)
    return tuple(shown), tuple(named), frozenset(unbid)


def _context(
    dealer: Seat,
    vul: Vulnerability,
    calls: tuple[Call, ...],
    bidder: Seat,
    history: Sequence[Explanation],
    tally: _Tally,
) -> Context:
    partner = bidder.partner
    shown, named, unbid = tally
    mine = [i for i in range(len(calls)) if (dealer + i) % 4 == bidder]
    passed = bool(mine) and calls[mine[0]] == PASS
    # Forced: partner's last call was forcing and the right-hand opponent passed.
    forced = False
    n = len(calls)
    if n >= 2 and calls[n - 1] == PASS and calls[n - 2] != PASS and history[n - 2].forcing:
        forced = True
    game_forced = False

    def ours(i: int) -> bool:
        # a seat is on the bidder's side when its number differs from the bidder's by 0 or 2
        return (dealer + i - bidder) % 2 == 0

    last_bid_i = next((i for i in range(n - 1, -1, -1) if isinstance(calls[i], Bid)), None)
    our_bid_i = next(
        (i for i in range(n - 1, -1, -1) if isinstance(calls[i], Bid) and ours(i)), None
    )
    if last_bid_i is not None and our_bid_i is not None:
        gf = any(history[i].game_forcing and ours(i) for i in range(n))
        last, our_last = calls[last_bid_i], calls[our_bid_i]
        assert isinstance(last, Bid) and isinstance(our_last, Bid)
        # Forced to game until our side bids one; an opponent's bid below the five level does
        # not let us off (a game-forcing auction stays forcing over interference).
        below = our_last.level < _GAME[our_last.strain]
        if gf and below and (last_bid_i == our_bid_i or last.level < 5):
            game_forced = True
    suits: dict[str, Suit] = {}
    me_c, pd_c = shown[bidder], shown[partner]
    best: tuple[int, int, int] | None = None
    for s in Suit:
        total = me_c.lengths[s][0] + pd_c.lengths[s][0]
        if total >= 8:
            key = (total, int(s in MAJORS), int(s))
            if best is None or key > best:
                best = key
    if best is not None:
        suits["T"] = Suit(best[2])
    for label, seat in (("ps", partner), ("ms", bidder)):
        own = _own_suit(shown[seat], named[seat])
        if own is not None:
            suits[label] = own
    contested = any(
        isinstance(c, Bid) and (dealer + i - bidder) % 2 == 1 for i, c in enumerate(calls)
    )
    their = frozenset(
        s
        for s in Suit
        if max(shown[bidder.lho].lengths[s][0], shown[bidder.rho].lengths[s][0]) >= 4
    )
    return Context(
        we_vulnerable=vul.is_vulnerable(bidder),
        they_vulnerable=vul.is_vulnerable(bidder.lho),
        seat=(bidder - dealer) % 4 + 1,
        passed=passed,
        forced=forced or game_forced,
        game_forced=game_forced,
        partner=pd_c,
        me=me_c,
        suits=suits,
        unbid=unbid,
        their=their,
        contested=contested,
    )


def _own_suit(c: HandConstraints, named: Sequence[Suit]) -> Suit | None:
    """A seat's suit: the one it has shown longest (4+), the latest named breaking ties."""
    best = max(c.lengths[s][0] for s in Suit)
    if best < 4:
        return None
    tied = [s for s in Suit if c.lengths[s][0] == best]
    for s in reversed(named):
        if s in tied:
            return s
    return tied[-1]


# --- loading --------------------------------------------------------------------------------


def parse_system(text: str, source: str = "<system>") -> BiddingSystem:
    """Read a system file's text; raise ``SystemFileError`` naming the first broken line."""
    name, titles = "", {"en": "", "zh": ""}
    rules: list[Rule] = []
    situation: str | None = None
    pattern: tuple[Token, ...] = ()
    seen: dict[tuple[str, str, str], int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            situation = " ".join(line[1:].split())
            try:
                pattern = parse_pattern(situation)
            except ValueError as e:
                raise SystemFileError(
                    str(e), source=source, line=number, rule=f"[{situation}]"
                ) from None
            continue
        if "|" not in line:
            word, _, rest = line.partition(" ")
            if word == "system" and rest.strip():
                name = rest.strip()
                continue
            if word == "title":
                lang, _, title = rest.strip().partition(" ")
                if lang in titles and title.strip():
                    titles[lang] = title.strip()
                    continue
            raise SystemFileError(
                f"cannot read {line!r}: expected '@ auction', a rule 'call | priority | "
                "requirements | en | zh', 'system NAME' or 'title en|zh TEXT'",
                source=source,
                line=number,
            )
        if situation is None:
            raise SystemFileError("a rule before any '@ auction' line", source=source, line=number)
        rule = parse_rule(line, situation, pattern, source, number)
        key = (situation, str(rule.call), str(rule.requirement))
        if key in seen:
            raise SystemFileError(
                f"repeats the rule at line {seen[key]}", source=source, line=number, rule=rule.name
            )
        seen[key] = number
        rules.append(rule)
    if not name:
        raise SystemFileError("the file has no 'system NAME' line", source=source, line=1)
    if not rules:
        raise SystemFileError("the file has no rules", source=source, line=1)
    return BiddingSystem(name, titles["en"] or name, titles["zh"] or name, rules)


@cache
def table_systems(ns: BiddingSystem, ew: BiddingSystem) -> dict[Side, BiddingSystem]:
    """North-South playing ``ns`` and East-West ``ew``: a system for each side that reads
    every call by the system of the side that made it (see ``BiddingSystem.seated``). Kept per
    pair of systems, so the readings are worked out once for a table."""
    if ns is ew or ns.rules is ew.rules:
        return {Side.NS: ns, Side.EW: ns}
    a, b = ns._copy(), ew._copy()
    a.side, b.side = Side.NS, Side.EW
    a._opponents, b._opponents = b, a
    return {Side.NS: a, Side.EW: b}


def load_system(path: str | Path) -> BiddingSystem:
    """Load a system file from disk."""
    p = Path(path)
    return parse_system(p.read_text(encoding="utf-8"), p.name)


def builtin_system(name: str) -> BiddingSystem:
    """A system shipped with qipai, by name (``natural``)."""
    return _builtin(name)


@cache
def _builtin(name: str) -> BiddingSystem:
    files = resources.files("qipai.robots").joinpath("systems")
    target = files.joinpath(f"{name}.txt")
    if not target.is_file():
        known = sorted(p.name[:-4] for p in files.iterdir() if p.name.endswith(".txt"))
        raise ValueError(f"no built-in system {name!r}; there are {', '.join(known)}")
    return parse_system(target.read_text(encoding="utf-8"), f"{name}.txt")


def natural() -> BiddingSystem:
    """The default system: natural, five-card majors, 15-17 notrump."""
    return builtin_system("natural")


def precision() -> BiddingSystem:
    """Precision (精确): strong 1C, 1D nebulous, five-card majors, 13-15 notrump."""
    return builtin_system("precision")


def explain_at_table(
    auction: Auction,
    index: int,
    vulnerability: Vulnerability,
    ns: BiddingSystem,
    ew: BiddingSystem,
) -> Explanation:
    """The meaning of call ``index`` at a table where North-South play ``ns`` and East-West
    ``ew``: by the system of the side that made it."""
    return table_systems(ns, ew)[Side.NS].explain(auction, index, vulnerability)


def explain(
    auction: Auction,
    index: int,
    vulnerability: Vulnerability = Vulnerability.NONE,
    system: BiddingSystem | None = None,
) -> Explanation:
    """The meaning of call ``index`` under ``system`` (the natural system by default)."""
    return (system or natural()).explain(auction, index, vulnerability)
