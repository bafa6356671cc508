"""The classic ``dealer`` script language (Hans van Staveren's dealer), compiled to numpy.

A condition such as ``hcp(north) >= 15 && shape(north, any 4333 + any 4432 + any 5332)``
compiles to a :class:`Formula`: called on a :class:`~qipai.analysis.evaluate.DealFeatures`
batch it returns one truth value per deal, computed for the whole batch at once.

Expressions (C precedence, lowest first): ``a ? b : c``; ``||`` ``or``; ``&&`` ``and``;
``==`` ``!=``; ``<`` ``<=`` ``>`` ``>=``; ``+`` ``-``; ``*`` ``/`` ``%``; ``!`` ``not``
and unary ``-``. Comparisons give 1 or 0; ``/`` and ``%`` are C's integer division.

Functions, each of a seat (``north`` ... or ``n`` ...) and, where shown, a suit (``spades``
... or ``s`` ...):

* ``hcp(seat[, suit])``; ``controls(seat[, suit])`` (A 2, K 1); ``losers(seat[, suit])``
  (losing-trick count, see :func:`~qipai.analysis.evaluate.losers`)
* ``spades(seat)``, ``hearts(seat)``, ``diamonds(seat)``, ``clubs(seat)``: suit lengths
* ``shape(seat, any 4333 + any 4432 + 5xxx - 5332)``
* ``hascard(seat, AS)`` (rank then suit; ``SA`` is read too)
* ``tens`` ``jacks`` ``queens`` ``kings`` ``aces`` ``top2`` .. ``top5`` ``c13`` and
  ``pt0`` .. ``pt9`` (seat[, suit]): dealer's alternative point counts

A script is a list of statements: ``condition EXPR``, ``produce N``, ``generate N``,
``dealer SEAT``, ``vulnerable none|ns|ew|all``, ``predeal north SAK2, HQJ5, D, CAK987``
(more seats may follow on the same statement), ``pointcount 4, 3, 2, 1``,
``altcount N v, v, ...``, ``NAME = EXPR`` and ``action ...`` (read and kept, not run).
Comments are ``#``, ``//`` and ``/* */``. ``tricks``, ``score``, ``imps``, ``cccc``,
``quality`` and ``rnd`` are recognised but refused: they need analysis the dealer does not do.

>>> f = compile_condition("hcp(north) >= 15 && shape(north, any 4333 + any 4432 + any 5332)")
>>> sorted(f.seats), str(f)
([Seat.NORTH], '((hcp(north) >= 15) && shape(north, any 4333 + any 4432 + any 5332))')
>>> parse_expression("hcp(nort)")
Traceback (most recent call last):
...
qipai.analysis.dealscript.DealScriptError: unknown seat 'nort' at line 1, column 5
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from ..bridge.board import Vulnerability
from ..bridge.cards import Card, Rank, Seat, Suit
from ..bridge.errors import ParseError
from .evaluate import (
    CONTROLS_TABLE,
    HCP_TABLE,
    LENGTH_TABLE,
    LOSERS_TABLE,
    DealFeatures,
    ShapeSet,
    point_table,
)

__all__ = [
    "Action",
    "Binary",
    "Conditional",
    "DealScript",
    "DealScriptError",
    "Expr",
    "Formula",
    "HasCard",
    "Measure",
    "Number",
    "Shape",
    "Unary",
    "compile_condition",
    "parse_expression",
    "parse_script",
]


class DealScriptError(ParseError):
    """A dealer script that cannot be read: says what, and where (line and column from 1)."""

    def __init__(self, message: str, text: str, position: int, word: str | None = None) -> None:
        self.text = text
        self.position = position
        self.word = word or None
        self.line = text.count("\n", 0, position) + 1
        self.column = position - (text.rfind("\n", 0, position) + 1) + 1
        super().__init__(f"{message} at line {self.line}, column {self.column}")


# ---------------------------------------------------------------------------------------------
# The syntax tree. Every node prints back as dealer text that parses to an equal node.


@dataclass(frozen=True, slots=True)
class Number:
    value: int | float

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Measure:
    """A per-hand count: ``hcp``, ``length``, ``controls``, ``losers`` or ``pt0`` .. ``pt9``."""

    name: str
    seat: Seat
    suit: Suit | None = None

    def __str__(self) -> str:
        seat = self.seat.name.lower()
        if self.name == "length":
            return f"{_SUIT_NAMES[self.suit or Suit.SPADES]}({seat})"
        suit = "" if self.suit is None else f", {_SUIT_NAMES[self.suit]}"
        return f"{self.name}({seat}{suit})"


@dataclass(frozen=True, slots=True)
class Shape:
    seat: Seat
    shapes: ShapeSet
    text: str

    def __str__(self) -> str:
        return f"shape({self.seat.name.lower()}, {self.text})"


@dataclass(frozen=True, slots=True)
class HasCard:
    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"hascard({self.seat.name.lower()}, {self.card.rank.letter}{self.card.suit.letter})"


@dataclass(frozen=True, slots=True)
class Unary:
    op: str  # "!" or "-"
    operand: Expr

    def __str__(self) -> str:
        return f"{self.op}{self.operand}"


@dataclass(frozen=True, slots=True)
class Binary:
    op: str  # one of && || == != < <= > >= + - * / %
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


@dataclass(frozen=True, slots=True)
class Conditional:
    test: Expr
    if_true: Expr
    if_false: Expr

    def __str__(self) -> str:
        return f"({self.test} ? {self.if_true} : {self.if_false})"


Expr: TypeAlias = Number | Measure | Shape | HasCard | Unary | Binary | Conditional


@dataclass(frozen=True, slots=True)
class Action:
    """An ``action`` item, kept as read: ``printall``, ``average "label" expr``, ...

    ``args`` holds expressions, seats, label strings and numbers in the order written.
    """

    kind: str
    args: tuple[Expr | Seat | str | float, ...] = ()


@dataclass(frozen=True)
class DealScript:
    """A whole dealer script, read."""

    condition: Expr | None = None
    produce: int | None = None
    generate: int | None = None
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    predeal: Mapping[Seat, frozenset[Card]] = field(default_factory=dict)
    pointcount: tuple[float, ...] | None = None
    altcounts: Mapping[int, tuple[float, ...]] = field(default_factory=dict)
    variables: Mapping[str, Expr] = field(default_factory=dict)
    actions: tuple[Action, ...] = ()

    def formula(self) -> Formula | None:
        """The condition compiled with this script's point counts; None if it has none."""
        if self.condition is None:
            return None
        return Formula(self.condition, pointcount=self.pointcount, altcounts=self.altcounts)


# ---------------------------------------------------------------------------------------------
# Words.

_SEATS = {
    **{s.name.lower(): s for s in Seat},
    **{s.letter.lower(): s for s in Seat},
}
_SUITS = {
    **{s.name.lower(): s for s in Suit},
    **{s.name.lower()[:-1]: s for s in Suit},
    **{s.letter.lower(): s for s in Suit},
    "notrump": None,
}
_SUIT_NAMES = {s: s.name.lower() for s in Suit}
_VULS = {
    "none": Vulnerability.NONE,
    "ns": Vulnerability.NS,
    "ew": Vulnerability.EW,
    "all": Vulnerability.BOTH,
    "both": Vulnerability.BOTH,
}

# Function name -> (measure name, takes an optional suit).
_MEASURES: dict[str, tuple[str, bool]] = {
    "hcp": ("hcp", True),
    "hcps": ("hcp", True),
    "control": ("controls", True),
    "controls": ("controls", True),
    "loser": ("losers", True),
    "losers": ("losers", True),
}
for _suit in Suit:
    _MEASURES[_suit.name.lower()] = ("length", False)
    _MEASURES[_suit.name.lower()[:-1]] = ("length", False)
_ALT_NAMES: tuple[tuple[str, ...], ...] = (
    ("ten", "tens"),
    ("jack", "jacks"),
    ("queen", "queens"),
    ("king", "kings"),
    ("ace", "aces"),
    *((f"top{k}",) for k in range(2, 6)),
    ("c13",),
)
for _i, _names in enumerate(_ALT_NAMES):
    for _name in (*_names, f"pt{_i}"):
        _MEASURES[_name] = (f"pt{_i}", True)

# dealer's default alternative counts, ace first: tens, jacks, queens, kings, aces, top2..top5, c13.
_ALT_SCALES: dict[int, tuple[float, ...]] = {
    0: (0, 0, 0, 0, 1),
    1: (0, 0, 0, 1),
    2: (0, 0, 1),
    3: (0, 1),
    4: (1,),
    5: (1, 1),
    6: (1, 1, 1),
    7: (1, 1, 1, 1),
    8: (1, 1, 1, 1, 1),
    9: (6, 4, 2, 1),
}

_UNSUPPORTED = {
    "tricks": "double-dummy tricks",
    "trick": "double-dummy tricks",
    "score": "scores of played contracts",
    "imps": "IMP conversions",
    "imp": "IMP conversions",
    "cccc": "the Kaplan-Rubens evaluation",
    "quality": "Kaplan-Rubens suit quality",
    "rnd": "random numbers inside conditions",
}

_STATEMENTS = frozenset(
    {
        "condition",
        "produce",
        "generate",
        "dealer",
        "vulnerable",
        "predeal",
        "pointcount",
        "altcount",
        "action",
    }
)
_ACTIONS = frozenset(
    {
        "printall",
        "printew",
        "printpbn",
        "printcompact",
        "printoneline",
        "print",
        "printes",
        "average",
        "frequency",
    }
)

# Binary operators: token -> (canonical op, precedence). Higher binds tighter.
_BINARY = {
    "||": ("||", 2),
    "or": ("||", 2),
    "&&": ("&&", 3),
    "and": ("&&", 3),
    "==": ("==", 4),
    "!=": ("!=", 4),
    "<": ("<", 5),
    "<=": ("<=", 5),
    ">": (">", 5),
    ">=": (">=", 5),
    "+": ("+", 6),
    "-": ("-", 6),
    "*": ("*", 7),
    "/": ("/", 7),
    "%": ("%", 7),
}
_TERNARY_PRECEDENCE = 1

_TOKEN = re.compile(
    r"(?P<num>\d+(?:\.\d+)?)(?![A-Za-z_])"
    r"|(?P<word>[A-Za-z_][A-Za-z0-9_]*)"
    r'|(?P<str>"[^"\n]*")'
    r"|(?P<op>&&|\|\||==|!=|<=|>=|[<>+\-*/%!()?:,=])"
)
_SPACE = re.compile(r"(?:\s+|#[^\n]*|//[^\n]*|/\*.*?\*/)+", re.S)
_RAW = re.compile(r"[A-Za-z0-9_]+")
_HOLDING = re.compile(r"^([SHDC])((?:10|[AKQJT98765432])*)$", re.I)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # num, word, str, op, end
    text: str
    pos: int

    @property
    def word(self) -> str:
        return self.text.lower() if self.kind == "word" else ""


class _Parser:
    def __init__(self, text: str, variables: Mapping[str, Expr] | None = None) -> None:
        self.text = text
        self.pos = 0
        self.variables: dict[str, Expr] = dict(variables or {})

    # -- scanning --------------------------------------------------------------------------

    def error(self, message: str, pos: int, word: str | None = None) -> DealScriptError:
        return DealScriptError(message, self.text, pos, word)

    def _skip(self) -> None:
        m = _SPACE.match(self.text, self.pos)
        if m:
            self.pos = m.end()
        if self.text.startswith("/*", self.pos):
            raise self.error("comment '/*' is never closed", self.pos)

    def peek(self) -> _Token:
        self._skip()
        if self.pos >= len(self.text):
            return _Token("end", "", self.pos)
        m = _TOKEN.match(self.text, self.pos)
        if not m or m.lastgroup is None:
            ch = self.text[self.pos]
            raise self.error(f"unexpected character {ch!r}", self.pos, ch)
        return _Token(m.lastgroup, m.group(), self.pos)

    def next(self) -> _Token:
        tok = self.peek()
        self.pos = tok.pos + len(tok.text)
        return tok

    def at_op(self, *ops: str) -> bool:
        tok = self.peek()
        return tok.kind == "op" and tok.text in ops

    def expect(self, op: str) -> _Token:
        tok = self.next()
        if tok.kind != "op" or tok.text != op:
            raise self.error(f"expected {op!r} but found {_describe(tok)}", tok.pos, tok.text)
        return tok

    def raw_word(self, what: str) -> tuple[str, int]:
        """Letters and digits read as one word (shape patterns, cards, holdings)."""
        self._skip()
        m = _RAW.match(self.text, self.pos)
        if not m:
            found = _describe(self.peek())
            raise self.error(f"expected {what} but found {found}", self.pos)
        self.pos = m.end()
        return m.group(), m.start()

    # -- expressions -----------------------------------------------------------------------

    def expression(self, min_precedence: int = 0) -> Expr:
        left = self.unary()
        while True:
            tok = self.peek()
            key = tok.text if tok.kind == "op" else tok.word
            if key == "?" and min_precedence <= _TERNARY_PRECEDENCE:
                self.next()
                if_true = self.expression()
                self.expect(":")
                if_false = self.expression(_TERNARY_PRECEDENCE)  # right-associative
                left = Conditional(left, if_true, if_false)
                continue
            is_binary = (tok.kind == "op" and key in _BINARY) or key in ("and", "or")
            if not is_binary:
                return left
            op, precedence = _BINARY[key]
            if precedence <= min_precedence:
                return left
            self.next()
            right = self.expression(precedence)
            left = Binary(op, left, right)

    def unary(self) -> Expr:
        tok = self.peek()
        if (tok.kind == "op" and tok.text in ("!", "-")) or tok.word == "not":
            self.next()
            operand = self.unary()
            op = "-" if tok.text == "-" else "!"
            if op == "-" and isinstance(operand, Number):
                return Number(-operand.value)
            return Unary(op, operand)
        return self.primary()

    def primary(self) -> Expr:
        tok = self.next()
        if tok.kind == "num":
            value = float(tok.text)
            return Number(int(value) if value.is_integer() and "." not in tok.text else value)
        if tok.kind == "op" and tok.text == "(":
            inner = self.expression()
            self.expect(")")
            return inner
        if tok.kind == "word":
            name = tok.word
            if self.at_op("("):
                return self.call(name, tok)
            if tok.text in self.variables:
                return self.variables[tok.text]
            raise self.error(f"unknown word {tok.text!r}", tok.pos, tok.text)
        if tok.kind == "end":
            raise self.error("unexpected end of input: an expression is missing", tok.pos)
        raise self.error(f"unexpected {_describe(tok)}", tok.pos, tok.text)

    def call(self, name: str, tok: _Token) -> Expr:
        if name in _UNSUPPORTED:
            raise self.error(
                f"{tok.text}() is not supported: qipai deal does not compute {_UNSUPPORTED[name]}",
                tok.pos,
                tok.text,
            )
        if name not in _MEASURES and name not in ("shape", "hascard"):
            raise self.error(f"unknown function {tok.text!r}", tok.pos, tok.text)
        self.expect("(")
        seat = self.seat()
        result: Expr
        if name == "shape":
            self.expect(",")
            result = self.shape_list(seat)
        elif name == "hascard":
            self.expect(",")
            result = HasCard(seat, self.card())
        else:
            measure, takes_suit = _MEASURES[name]
            suit: Suit | None = None
            if measure == "length":
                suit = _SUITS[name]
            elif takes_suit and self.at_op(","):
                self.next()
                suit = self.suit()
            result = Measure(measure, seat, suit)
        close = self.peek()
        if not self.at_op(")"):
            raise self.error(
                f"expected ')' to close {tok.text}( but found {_describe(close)}",
                close.pos,
                close.text,
            )
        self.next()
        return result

    def seat(self) -> Seat:
        tok = self.next()
        if tok.kind == "word" and tok.word in _SEATS:
            return _SEATS[tok.word]
        raise self.error(f"unknown seat {tok.text!r}", tok.pos, tok.text)

    def suit(self) -> Suit:
        tok = self.next()
        suit = _SUITS.get(tok.word) if tok.kind == "word" else None
        if suit is None:
            raise self.error(f"unknown suit {tok.text!r}", tok.pos, tok.text)
        return suit

    def card(self) -> Card:
        text, pos = self.raw_word("a card like AS")
        t = text.upper().replace("10", "T")
        for rank_text, suit_text in ((t[:-1], t[-1:]), (t[1:], t[:1])):
            try:
                return Card(Suit.parse(suit_text), Rank.parse(rank_text))
            except ParseError:
                continue
        raise self.error(f"unknown card {text!r}", pos, text)

    def shape_list(self, seat: Seat) -> Shape:
        start = self.pos
        result: ShapeSet | None = None
        op = "+"
        while True:
            if result is not None:
                if not self.at_op("+", "-"):
                    break
                op = self.next().text
            text, pos = self.raw_word("a shape pattern like 4333 or 5xxx")
            any_order = text.lower() == "any"
            if any_order:
                text, pos = self.raw_word("a shape pattern after 'any'")
            term = None if any_order else ShapeSet.named(text)
            if term is None:
                try:
                    term = ShapeSet.pattern(text, any_order)
                except ParseError:
                    raise self.error(
                        f"bad shape pattern {text!r}: four digits or x, spades first, "
                        "adding up to 13",
                        pos,
                        text,
                    ) from None
            result = term if result is None else (result | term if op == "+" else result - term)
        assert result is not None
        words = self.text[start : self.pos].split()
        return Shape(seat, result, " ".join(words))

    # -- scripts ---------------------------------------------------------------------------

    def script(self) -> DealScript:
        conditions: list[Expr] = []
        values: dict[str, Any] = {"predeal": {}, "altcounts": {}, "actions": []}
        while self.peek().kind != "end":
            tok = self.next()
            word = tok.word
            if tok.kind == "word" and word not in _STATEMENTS and self.at_op("="):
                self.next()
                self.variables[tok.text] = self.expression()
            elif word == "condition":
                conditions.append(self.expression())
            elif word in ("produce", "generate"):
                values[word] = self.whole_number(word)
            elif word == "dealer":
                values["dealer"] = self.seat()
            elif word == "vulnerable":
                v = self.next()
                if v.word not in _VULS:
                    raise self.error(f"unknown vulnerability {v.text!r}", v.pos, v.text)
                values["vulnerable"] = _VULS[v.word]
            elif word == "predeal":
                self.predeal(values["predeal"])
            elif word == "pointcount":
                values["pointcount"] = self.number_list()
                if len(values["pointcount"]) > 13:
                    raise self.error("pointcount has more than 13 values", tok.pos, tok.text)
            elif word == "altcount":
                n_tok = self.peek()
                n = self.whole_number("altcount")
                if n not in _ALT_SCALES:
                    raise self.error(f"altcount must be 0 to 9, not {n}", n_tok.pos, n_tok.text)
                values["altcounts"][n] = self.number_list()
            elif word == "action":
                values["actions"].extend(self.actions())
            elif tok.kind == "word":
                raise self.error(f"unknown word {tok.text!r}", tok.pos, tok.text)
            else:
                raise self.error(f"unexpected {_describe(tok)}", tok.pos, tok.text)
        condition: Expr | None = None
        for c in conditions:
            condition = c if condition is None else Binary("&&", condition, c)
        return DealScript(
            condition=condition,
            produce=values.get("produce"),
            generate=values.get("generate"),
            dealer=values.get("dealer"),
            vulnerable=values.get("vulnerable"),
            predeal={s: frozenset(c) for s, c in values["predeal"].items()},
            pointcount=values.get("pointcount"),
            altcounts=values["altcounts"],
            variables=dict(self.variables),
            actions=tuple(values["actions"]),
        )

    def whole_number(self, what: str) -> int:
        tok = self.next()
        if tok.kind != "num" or not tok.text.isdigit():
            raise self.error(
                f"{what} needs a whole number, not {_describe(tok)}", tok.pos, tok.text
            )
        return int(tok.text)

    def number_list(self) -> tuple[float, ...]:
        numbers: list[float] = []
        while True:
            tok = self.next()
            if tok.kind != "num":
                raise self.error(f"expected a number but found {_describe(tok)}", tok.pos)
            value = float(tok.text)
            numbers.append(int(value) if value.is_integer() else value)
            if not self.at_op(","):
                return tuple(numbers)
            self.next()

    def predeal(self, hands: dict[Seat, set[Card]]) -> None:
        seat_tok = self.next()
        if seat_tok.word not in _SEATS or len(seat_tok.word) == 1:
            raise self.error(f"unknown seat {seat_tok.text!r}", seat_tok.pos, seat_tok.text)
        while True:
            seat = _SEATS[seat_tok.word]
            hand = hands.setdefault(seat, set())
            while True:
                text, pos = self.raw_word("a holding like SAK2")
                m = _HOLDING.match(text)
                if not m:
                    raise self.error(f"bad holding {text!r}: write SAK2, HQJ5, ...", pos, text)
                suit = Suit.parse(m.group(1))
                for r in re.findall(r"10|.", m.group(2)):
                    card = Card(suit, Rank.parse(r))
                    if any(card in cards for cards in hands.values()):
                        raise self.error(f"card {card} is predealt twice", pos, text)
                    hand.add(card)
                if len(hand) > 13:
                    raise self.error(f"more than 13 cards predealt to {seat.name.lower()}", pos)
                if not self.at_op(","):
                    break
                self.next()
            nxt = self.peek()
            if nxt.kind != "word" or nxt.word not in _SEATS or len(nxt.word) == 1:
                return
            seat_tok = self.next()

    def actions(self) -> list[Action]:
        found = [self.action()]
        while self.at_op(","):
            self.next()
            found.append(self.action())
        return found

    def action(self) -> Action:
        tok = self.next()
        word = tok.word
        if word in ("printall", "printew", "printpbn"):
            return Action(word)
        if word in ("printcompact", "printoneline"):
            nxt = self.peek()
            if nxt.kind == "end" or nxt.word in _STATEMENTS or self.at_op(","):
                return Action(word)
            return Action(word, (self.expression(),))
        if word == "print":
            self.expect("(")
            seats: list[Expr | Seat | str | float] = [self.seat()]
            while self.at_op(","):
                self.next()
                seats.append(self.seat())
            self.expect(")")
            return Action(word, tuple(seats))
        if word == "printes":
            items: list[Expr | Seat | str | float] = [self.printes_item()]
            while self.at_op(",") and not self.action_follows():
                self.next()
                items.append(self.printes_item())
            return Action(word, tuple(items))
        if word in ("average", "frequency"):
            args: list[Expr | Seat | str | float] = []
            if self.peek().kind == "str":
                args.append(self.next().text[1:-1])
            if word == "average":
                args.append(self.expression())
                return Action(word, tuple(args))
            self.expect("(")
            args.append(self.expression())
            for _ in range(2):
                self.expect(",")
                args.append(self.signed_number())
            if self.at_op(","):
                self.next()
                args.append(self.expression())
                for _ in range(2):
                    self.expect(",")
                    args.append(self.signed_number())
            self.expect(")")
            return Action(word, tuple(args))
        raise self.error(f"unknown action {tok.text!r}", tok.pos, tok.text)

    def action_follows(self) -> bool:
        """Whether the comma ahead starts the next action rather than another item."""
        saved = self.pos
        self.next()
        word = self.peek().word
        self.pos = saved
        return word in _ACTIONS

    def printes_item(self) -> Expr | str:
        if self.peek().kind == "str":
            return self.next().text[1:-1]
        return self.expression()

    def signed_number(self) -> float:
        expr = self.unary()
        if not isinstance(expr, Number):
            raise self.error("expected a number", self.pos)
        return expr.value


def _describe(tok: _Token) -> str:
    return "the end of input" if tok.kind == "end" else repr(tok.text)


def parse_expression(text: str, variables: Mapping[str, Expr] | None = None) -> Expr:
    """Read one dealer expression (no statements).

    >>> print(parse_expression("hcp(n) + hcp(s) >= 25 and not spades(north) < 4"))
    (((hcp(north) + hcp(south)) >= 25) && (!spades(north) < 4))
    """
    p = _Parser(text, variables)
    expr = p.expression()
    tok = p.peek()
    if tok.kind == "word" and not _is_known_word(tok.word):
        raise p.error(f"unknown word {tok.text!r}", tok.pos, tok.text)
    if tok.kind != "end":
        raise p.error(f"unexpected {_describe(tok)} after the expression", tok.pos, tok.text)
    return expr


def _is_known_word(word: str) -> bool:
    return (
        word in _STATEMENTS
        or word in _MEASURES
        or word in _UNSUPPORTED
        or word in _SEATS
        or word in _SUITS
        or word in ("shape", "hascard", "and", "or", "not", "any")
    )


def parse_script(text: str) -> DealScript:
    """Read a whole dealer script; a plain expression is read as its condition.

    >>> s = parse_script('''
    ...     # a strong notrump opposite a game force
    ...     produce 10
    ...     dealer north
    ...     predeal south SAK2, HQJ5
    ...     nt = hcp(north) >= 15 && hcp(north) <= 17
    ...     condition nt && shape(north, any 4333 + any 4432 + any 5332)
    ... ''')
    >>> s.produce, s.dealer, sorted(str(c) for c in s.predeal[Seat.SOUTH])
    (10, Seat.NORTH, ['H5', 'HJ', 'HQ', 'S2', 'SA', 'SK'])
    """
    p = _Parser(text)
    first = p.peek()
    is_script = first.word in _STATEMENTS
    if first.kind == "word" and not is_script:
        p.next()
        is_script = p.at_op("=")
        p.pos = 0
    if is_script or first.kind == "end":
        return p.script()
    return DealScript(condition=parse_expression(text))


# ---------------------------------------------------------------------------------------------
# Compiling to numpy.

Value: TypeAlias = NDArray[Any] | int | float | bool
_Compiled: TypeAlias = Callable[[DealFeatures], Value]


def _truth(v: Value) -> Value:
    if isinstance(v, np.ndarray):
        return v if v.dtype == np.bool_ else v != 0
    return bool(v)


def _number(v: Value) -> Value:
    if isinstance(v, np.ndarray):
        return v.astype(np.int64) if v.dtype == np.bool_ else v
    return int(v) if isinstance(v, bool) else v


def _c_divide(a: Value, b: Value, remainder: bool) -> Value:
    """C's ``/`` and ``%``: division truncates toward zero; by zero gives 0 (dealer crashes)."""
    if not isinstance(a, np.ndarray) and not isinstance(b, np.ndarray):
        if b == 0:
            return 0
        if isinstance(a, float) or isinstance(b, float):
            return float(np.fmod(a, b)) if remainder else a / b
        q = abs(int(a)) // abs(int(b)) * (1 if (a >= 0) == (b >= 0) else -1)
        return a - b * q if remainder else q
    a_arr, b_arr = np.asarray(a), np.asarray(b)
    shape = np.broadcast_shapes(a_arr.shape, b_arr.shape)
    nonzero = b_arr != 0
    safe_b = np.where(nonzero, b_arr, 1)
    if a_arr.dtype.kind == "f" or b_arr.dtype.kind == "f":
        out = np.fmod(a_arr, safe_b) if remainder else a_arr / safe_b
    else:
        q = np.abs(a_arr) // np.abs(safe_b) * np.where((a_arr >= 0) == (safe_b >= 0), 1, -1)
        out = a_arr - safe_b * q if remainder else q
    return np.broadcast_to(np.where(nonzero, out, 0), shape)


_ARITHMETIC: dict[str, Callable[[Any, Any], Value]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: _c_divide(a, b, remainder=False),
    "%": lambda a, b: _c_divide(a, b, remainder=True),
}
_COMPARISON: dict[str, Callable[[Any, Any], Value]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


class Formula:
    """A compiled dealer expression over batches of deals.

    ``formula(features)`` gives one bool per deal (non-zero is true, as in C);
    ``formula.values(features)`` gives the expression's numbers.
    """

    def __init__(
        self,
        expr: Expr | str,
        *,
        pointcount: Sequence[float] | None = None,
        altcounts: Mapping[int, Sequence[float]] | None = None,
    ) -> None:
        self.expr: Expr = parse_expression(expr) if isinstance(expr, str) else expr
        self._tables: dict[str, NDArray[Any]] = {
            "hcp": HCP_TABLE if pointcount is None else point_table(pointcount),
            "length": LENGTH_TABLE,
            "controls": CONTROLS_TABLE,
            "losers": LOSERS_TABLE,
        }
        scales = {**_ALT_SCALES, **(altcounts or {})}
        for i, scale in scales.items():
            self._tables[f"pt{i}"] = point_table(scale)
        self.seats: frozenset[Seat] = _seats_of(self.expr)
        self._run = self._compile(self.expr)

    def values(self, features: DealFeatures) -> NDArray[Any]:
        v = self._run(features)
        return np.broadcast_to(np.asarray(v), (len(features),))

    def __call__(self, features: DealFeatures) -> NDArray[np.bool_]:
        v = _truth(self._run(features))
        return np.broadcast_to(np.asarray(v, dtype=np.bool_), (len(features),))

    def __str__(self) -> str:
        return str(self.expr)

    def __repr__(self) -> str:
        return f"Formula({str(self.expr)!r})"

    def _compile(self, e: Expr) -> _Compiled:
        if isinstance(e, Number):
            value = e.value
            return lambda f: value
        if isinstance(e, Measure):
            table, seat, suit = self._tables[e.name], e.seat, e.suit
            if e.name == "hcp" and table is HCP_TABLE:
                return lambda f: f.hcp(seat, suit)
            if e.name == "length":
                return lambda f: f.length(seat, suit if suit is not None else Suit.SPADES)
            if e.name == "controls":
                return lambda f: f.controls(seat, suit)
            if e.name == "losers":
                return lambda f: f.losers(seat, suit)
            return lambda f: f.points(seat, table, suit)
        if isinstance(e, Shape):
            shape_seat, shapes = e.seat, e.shapes
            return lambda f: f.shape_in(shape_seat, shapes)
        if isinstance(e, HasCard):
            card_seat, card = e.seat, e.card
            return lambda f: f.has_card(card_seat, card)
        if isinstance(e, Unary):
            inner = self._compile(e.operand)
            if e.op == "-":
                return lambda f: -_number(inner(f))
            return lambda f: _not(_truth(inner(f)))
        if isinstance(e, Conditional):
            test, yes, no = (self._compile(x) for x in (e.test, e.if_true, e.if_false))
            return lambda f: _choose(_truth(test(f)), yes(f), no(f))
        left, right = self._compile(e.left), self._compile(e.right)
        if e.op == "&&":
            return lambda f: _and(_truth(left(f)), _truth(right(f)))
        if e.op == "||":
            return lambda f: _or(_truth(left(f)), _truth(right(f)))
        if e.op in _COMPARISON:
            cmp = _COMPARISON[e.op]
            return lambda f: cmp(_number(left(f)), _number(right(f)))
        arith = _ARITHMETIC[e.op]
        return lambda f: arith(_number(left(f)), _number(right(f)))


def _not(v: Value) -> Value:
    return ~v if isinstance(v, np.ndarray) else not v


def _and(a: Value, b: Value) -> Value:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.logical_and(a, b)
    return bool(a) and bool(b)


def _or(a: Value, b: Value) -> Value:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.logical_or(a, b)
    return bool(a) or bool(b)


def _choose(test: Value, yes: Value, no: Value) -> Value:
    if isinstance(test, np.ndarray):
        return np.where(test, _number(yes), _number(no))
    return yes if test else no


def _seats_of(e: Expr) -> frozenset[Seat]:
    if isinstance(e, Measure | Shape | HasCard):
        return frozenset({e.seat})
    if isinstance(e, Unary):
        return _seats_of(e.operand)
    if isinstance(e, Binary):
        return _seats_of(e.left) | _seats_of(e.right)
    if isinstance(e, Conditional):
        return _seats_of(e.test) | _seats_of(e.if_true) | _seats_of(e.if_false)
    return frozenset()


def compile_condition(text: str | Expr) -> Formula:
    """Compile a dealer expression (text or tree) to a vectorised :class:`Formula`."""
    return Formula(text)
