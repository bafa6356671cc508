"""The dealer script language: each piece of syntax, its meaning checked on real deals by
plain-Python evaluation and by endplay's interpreter, whole scripts, and errors."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np
import pytest

from qipai.analysis.dealscript import (
    Action,
    Binary,
    Conditional,
    DealScript,
    DealScriptError,
    Formula,
    HasCard,
    Measure,
    Number,
    Shape,
    Unary,
    compile_condition,
    parse_expression,
    parse_script,
)
from qipai.analysis.evaluate import BALANCED, DealFeatures, ShapeSet, controls, losers, shape
from qipai.bridge.board import Vulnerability
from qipai.bridge.cards import Card, Rank, Seat, Suit
from qipai.bridge.deal import Deal, Hand
from qipai.bridge.errors import ParseError

DEALS = [Deal.from_seed(f"dealscript-{i}") for i in range(150)]


def owners_of(deals: list[Deal]) -> np.ndarray:
    owners = np.zeros((len(deals), 52), dtype=np.uint8)
    for i, d in enumerate(deals):
        for seat in Seat:
            owners[i, [c.index for c in d[seat].cards]] = seat
    return owners


FEATURES = DealFeatures(owners_of(DEALS))


def values(text: str) -> list[int]:
    return [int(v) for v in Formula(text).values(FEATURES).tolist()]


def truths(text: str) -> list[bool]:
    return compile_condition(text)(FEATURES).tolist()


def expect(check: Callable[[Deal], object]) -> list[int]:
    return [int(check(d)) for d in DEALS]  # type: ignore[call-overload]


N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


# --- parsing each element ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("hcp(north)", Measure("hcp", N)),
        ("hcp(n)", Measure("hcp", N)),
        ("HCP(North)", Measure("hcp", N)),
        ("hcp(north, spades)", Measure("hcp", N, Suit.SPADES)),
        ("hcp(west, h)", Measure("hcp", W, Suit.HEARTS)),
        ("spades(north)", Measure("length", N, Suit.SPADES)),
        ("hearts(east)", Measure("length", E, Suit.HEARTS)),
        ("diamond(south)", Measure("length", S, Suit.DIAMONDS)),
        ("clubs(west)", Measure("length", W, Suit.CLUBS)),
        ("controls(north)", Measure("controls", N)),
        ("control(north, clubs)", Measure("controls", N, Suit.CLUBS)),
        ("losers(south)", Measure("losers", S)),
        ("loser(south, diamonds)", Measure("losers", S, Suit.DIAMONDS)),
        ("tens(north)", Measure("pt0", N)),
        ("aces(north, spades)", Measure("pt4", N, Suit.SPADES)),
        ("top3(east)", Measure("pt6", E)),
        ("c13(west)", Measure("pt9", W)),
        ("pt9(west)", Measure("pt9", W)),
        ("hascard(north, AS)", HasCard(N, Card.parse("SA"))),
        ("hascard(east, sa)", HasCard(E, Card.parse("SA"))),
        ("hascard(east, 10H)", HasCard(E, Card.parse("HT"))),
        ("hascard(east, 2c)", HasCard(E, Card.parse("C2"))),
        ("12", Number(12)),
        ("2.5", Number(2.5)),
        ("-3", Number(-3)),
        ("- hcp(north)", Unary("-", Measure("hcp", N))),
        ("!hcp(north)", Unary("!", Measure("hcp", N))),
        ("not hcp(north)", Unary("!", Measure("hcp", N))),
        ("1 + 2 * 3", Binary("+", Number(1), Binary("*", Number(2), Number(3)))),
        ("(1 + 2) * 3", Binary("*", Binary("+", Number(1), Number(2)), Number(3))),
        ("10 - 2 - 3", Binary("-", Binary("-", Number(10), Number(2)), Number(3))),
        ("1 and 2 or 3", Binary("||", Binary("&&", Number(1), Number(2)), Number(3))),
        ("1 || 2 && 3", Binary("||", Number(1), Binary("&&", Number(2), Number(3)))),
        ("1 < 2 == 3 > 4", Binary("==", Binary("<", Number(1), Number(2)), Binary(">", Number(3), Number(4)))),  # noqa: E501
        ("!1 + 2", Binary("+", Unary("!", Number(1)), Number(2))),
        ("1 ? 2 : 3", Conditional(Number(1), Number(2), Number(3))),
        ("1 ? 2 : 3 ? 4 : 5", Conditional(Number(1), Number(2), Conditional(Number(3), Number(4), Number(5)))),  # noqa: E501
        ("1 || 0 ? 2 : 3", Conditional(Binary("||", Number(1), Number(0)), Number(2), Number(3))),
    ],
)  # fmt: skip
def test_parse_elements(text: str, tree: object) -> None:
    assert parse_expression(text) == tree


def test_parse_shape() -> None:
    e = parse_expression("shape(north, any 4333 + any 4432 + 5xxx - 5332)")
    assert isinstance(e, Shape)
    assert e.seat is N
    assert e.shapes == ShapeSet.parse("any 4333 + any 4432 + 5xxx - 5332")
    assert e.text == "any 4333 + any 4432 + 5xxx - 5332"
    assert parse_expression("shape(s, 4xx3+any 55xx)") == Shape(
        S, ShapeSet.parse("4xx3 + any 55xx"), "4xx3+any 55xx"
    )
    assert parse_expression("shape(north, balanced)").shapes == BALANCED  # type: ignore[union-attr]


def test_operators_spelt_as_words_need_word_boundaries() -> None:
    with pytest.raises(DealScriptError, match="unknown word 'andy'"):
        parse_expression("hcp(north) > 3 andy")


@pytest.mark.parametrize(
    "text",
    [
        "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
        "!(spades(n) < 4) || not hearts(s) != 3",
        "-hcp(e) + 3 * controls(w, c) / 2 % 5",
        "hcp(n) > 10 ? losers(n) : losers(s, d) - 1",
        "hascard(w, KH) and tens(north) + c13(south, clubs) > 2.5",
        "1 ? 2 : 3 ? 4 : 5",
        "(1 ? 2 : 3) ? 4 : 5",
        "--3",
        "!!hcp(n)",
    ],
)
def test_text_round_trips(text: str) -> None:
    e = parse_expression(text)
    assert parse_expression(str(e)) == e
    assert Formula(str(e)).values(FEATURES).tolist() == Formula(e).values(FEATURES).tolist()


# --- meaning, checked deal by deal in plain Python ----------------------------------------


def test_measures_mean_what_they_say() -> None:
    assert values("hcp(north)") == expect(lambda d: d.north.hcp)
    assert values("hcp(east, hearts)") == expect(
        lambda d: sum(c.rank.hcp for c in d.east.suit(Suit.HEARTS))
    )
    assert values("spades(south)") == expect(lambda d: d.south.length(Suit.SPADES))
    assert values("clubs(west)") == expect(lambda d: d.west.length(Suit.CLUBS))
    assert values("controls(north)") == expect(
        lambda d: sum({Rank.ACE: 2, Rank.KING: 1}.get(c.rank, 0) for c in d.north.cards)
    )
    assert values("controls(north, diamonds)") == expect(lambda d: controls(d.north, Suit.DIAMONDS))
    assert values("losers(west)") == expect(lambda d: losers(d.west))
    assert values("losers(west, spades)") == expect(lambda d: losers(d.west, Suit.SPADES))
    assert values("aces(south)") == expect(
        lambda d: sum(1 for c in d.south.cards if c.rank is Rank.ACE)
    )
    assert values("tens(south, clubs)") == expect(lambda d: Card.parse("CT") in d.south)
    assert values("top3(east)") == expect(
        lambda d: sum(1 for c in d.east.cards if c.rank >= Rank.QUEEN)
    )
    assert values("c13(north)") == expect(
        lambda d: sum({14: 6, 13: 4, 12: 2, 11: 1}.get(c.rank, 0) for c in d.north.cards)
    )
    assert truths("hascard(east, QS)") == [Card.parse("SQ") in d.east for d in DEALS]


def test_shape_means_what_it_says() -> None:
    def check(d: Deal) -> bool:
        s = shape(d.north)
        fours = sorted(s, reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2])
        return fours or (s[0] == 5 and s != (5, 3, 3, 2))  # "- 5332" removes that one shape

    assert truths("shape(north, any 4333 + any 4432 + 5xxx - 5332)") == [check(d) for d in DEALS]
    assert truths("shape(west, x4x4)") == [
        d.west.length(Suit.HEARTS) == 4 == d.west.length(Suit.CLUBS) for d in DEALS
    ]


def test_arithmetic_and_logic() -> None:
    n_plus_s = expect(lambda d: d.north.hcp + d.south.hcp)
    assert values("hcp(north) + hcp(south)") == n_plus_s
    assert values("hcp(north) - 2 * hcp(south)") == expect(lambda d: d.north.hcp - 2 * d.south.hcp)
    assert truths("hcp(north) + hcp(south) >= 20 && spades(north) >= 4") == [
        d.north.hcp + d.south.hcp >= 20 and d.north.length(Suit.SPADES) >= 4 for d in DEALS
    ]
    # As in C, "not" binds tighter than "<": (not hcp(west)) < 8 always holds.
    assert truths("hcp(east) > 12 or not hcp(west) < 8") == [True] * len(DEALS)
    assert truths("hcp(east) > 12 or not (hcp(west) < 8)") == [
        d.east.hcp > 12 or not d.west.hcp < 8 for d in DEALS
    ]
    assert truths("!(hcp(north) == 10) && hcp(north) != 11") == [
        d.north.hcp not in (10, 11) for d in DEALS
    ]
    assert values("hcp(north) > hcp(south) ? hcp(north) : hcp(south)") == expect(
        lambda d: max(d.north.hcp, d.south.hcp)
    )
    assert values("(hcp(north) > 10) + (hcp(south) > 10)") == expect(
        lambda d: (d.north.hcp > 10) + (d.south.hcp > 10)
    )
    assert values("hcp(north) / 3") == expect(lambda d: d.north.hcp // 3)
    assert values("hcp(north) % 3") == expect(lambda d: d.north.hcp % 3)
    assert values("(hcp(north) - 20) / 3") == expect(lambda d: int((d.north.hcp - 20) / 3))
    assert values("(hcp(north) - 20) % 3") == expect(
        lambda d: (d.north.hcp - 20) - 3 * int((d.north.hcp - 20) / 3)
    )
    assert values("hcp(north) / (hcp(south) - hcp(south))") == [0] * len(DEALS)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 + 2 * 3", 7),
        ("10 - 2 - 3", 5),
        ("2 * 3 % 4", 2),
        ("-7 / 2", -3),
        ("-7 % 3", -1),
        ("7 % -3", 1),
        ("7 / 0", 0),
        ("7 % 0", 0),
        ("1 < 2 == 1", 1),
        ("0 || 1 && 0", 0),
        ("1 ? 2 : 0 ? 3 : 4", 2),
        ("0 ? 2 : 0 ? 3 : 4", 4),
        ("!0", 1),
        ("not 1", 0),
        ("- -4", 4),
        ("3 > 2 > 1", 0),
        ("5 / 2.0 * 2", 5),
    ],
)
def test_constant_expressions(text: str, value: int) -> None:
    got = Formula(text).values(FEATURES)
    assert got.shape == (len(DEALS),)
    assert set(got.tolist()) == {value}
    assert compile_condition(text)(FEATURES).tolist() == [bool(value)] * len(DEALS)


def test_formula_reports_seats_and_text() -> None:
    f = compile_condition("hcp(north) > 3 && spades(w) == 2 || 1")
    assert f.seats == {N, W}
    assert repr(f) == "Formula('(((hcp(north) > 3) && (spades(west) == 2)) || 1)')"
    assert compile_condition("1").seats == frozenset()


# --- against endplay's interpreter -------------------------------------------------------

ENDPLAY_CASES = [
    "hcp(north) >= 12",
    "hcp(south, spades) + hcp(south, hearts) > 6",
    "spades(north) >= 5 && hearts(north) < 3",
    "controls(east) >= 4 || losers(east) <= 6",
    "losers(west, diamonds) == 2",
    "shape(north, any 4333 + any 4432 + any 5332)",
    "shape(south, 5xxx - 5332) or shape(south, x5xx)",
    "!(hcp(north) > 10)",
    "hcp(north) + hcp(south) * 2 - 3 >= 30",
    "hcp(north) > 10 ? spades(north) : hearts(north)",
    "controls(north, spades) + controls(south, spades) >= 2",
    "aces(north) + kings(north, hearts)",
    "top3(south, hearts) + c13(east)",
    "hcp(east) > 8 and not hcp(west) > 8",
    "hcp(north) % 5",
]


@pytest.mark.parametrize("text", ENDPLAY_CASES)
def test_agrees_with_endplay(text: str) -> None:
    from endplay.dealer.constraint import ConstraintInterpreter
    from endplay.types import Deal as EpDeal

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # endplay's pyparsing calls are deprecated
        interpreter = ConstraintInterpreter()
        tree = interpreter.parse(text)
        theirs = [int(interpreter.evaluate(tree, EpDeal(d.pbn()))) for d in DEALS]
    assert values(text) == theirs


# --- whole scripts -----------------------------------------------------------------------

SCRIPT = """
# Practice: a strong notrump opposite a game-forcing hand.
generate 1000000
produce 25
dealer east
vulnerable ns
/* South is fixed,
   and so are two of North's cards */
predeal south SAK2, HQJ5, D, CAK987
predeal north HA, DA
pointcount 4, 3, 2, 1, 0
altcount 4 1
nt = hcp(north) >= 15 && hcp(north) <= 17   // the opening
condition nt
condition shape(north, any 4333 + any 4432 + any 5332)
action printall, average "north points" hcp(north),
       frequency "spades" (spades(north), 0, 13),
       frequency (hcp(north), 0, 37, hcp(south), 0, 37),
       print(north, south), printes "hcp ", hcp(north), printcompact, printoneline hcp(east)
"""


def test_whole_script() -> None:
    s = parse_script(SCRIPT)
    assert s.generate == 1_000_000
    assert s.produce == 25
    assert s.dealer is Seat.EAST
    assert s.vulnerable is Vulnerability.NS
    assert s.predeal[S] == Hand.parse("AK2.QJ5.-.AK987").cards
    assert s.predeal[N] == {Card.parse("HA"), Card.parse("DA")}
    assert s.pointcount == (4, 3, 2, 1, 0)
    assert s.altcounts == {4: (1,)}
    assert set(s.variables) == {"nt"}
    assert s.condition == Binary("&&", s.variables["nt"], parse_expression(
        "shape(north, any 4333 + any 4432 + any 5332)"
    ))  # fmt: skip
    kinds = [a.kind for a in s.actions]
    assert kinds == [
        "printall",
        "average",
        "frequency",
        "frequency",
        "print",
        "printes",
        "printcompact",
        "printoneline",
    ]
    assert s.actions[1] == Action("average", ("north points", Measure("hcp", N)))
    assert s.actions[2] == Action("frequency", ("spades", Measure("length", N, Suit.SPADES), 0, 13))
    assert s.actions[4] == Action("print", (N, S))
    formula = s.formula()
    assert formula is not None and formula.seats == {N}


def test_predeal_seats_on_one_statement() -> None:
    s = parse_script("predeal north SAKQ, H10 south S2\ncondition hcp(north) > 10")
    assert s.predeal == {
        N: frozenset(Hand.parse("AKQ.T..").cards),
        S: frozenset({Card.parse("S2")}),
    }
    assert s.condition == parse_expression("hcp(north) > 10")


def test_plain_expression_is_a_script_condition() -> None:
    s = parse_script("hcp(north) > 10")
    assert s == DealScript(condition=parse_expression("hcp(north) > 10"))
    assert parse_script("  # nothing\n") == DealScript()
    assert parse_script("").formula() is None
    assert parse_script("x = 3\ncondition x > 2").condition == parse_expression("3 > 2")


def test_pointcount_and_altcount_change_the_counts() -> None:
    f = parse_script("pointcount 6, 4, 2, 1\naltcount 0 0, 0, 0, 1\ncondition 1").formula()
    assert f is not None
    expected = [
        sum({14: 6, 13: 4, 12: 2, 11: 1}.get(c.rank, 0) for c in d.north.cards) for d in DEALS
    ]
    assert Formula(
        parse_expression("hcp(north)"), pointcount=(6, 4, 2, 1)
    ).values(FEATURES).tolist() == expected  # fmt: skip
    jacks = Formula(parse_expression("tens(north)"), altcounts={0: (0, 0, 0, 1)})
    assert jacks.values(FEATURES).tolist() == [
        sum(1 for c in d.north.cards if c.rank is Rank.JACK) for d in DEALS
    ]


# --- errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "word", "line", "column", "message"),
    [
        ("hcp(north) > foo", "foo", 1, 14, "unknown word 'foo'"),
        ("hcpp(north)", "hcpp", 1, 1, "unknown function 'hcpp'"),
        ("hcp(nort)", "nort", 1, 5, "unknown seat 'nort'"),
        ("hcp(north, spads)", "spads", 1, 12, "unknown suit 'spads'"),
        ("spades(north, spades)", ",", 1, 13, "expected ')' to close spades("),
        ("hascard(north, XS)", "XS", 1, 16, "unknown card 'XS'"),
        ("shape(north, any 4333 + 5xx9)", "5xx9", 1, 25, "bad shape pattern '5xx9'"),
        ("shape(north, 44332)", "44332", 1, 14, "bad shape pattern"),
        ("(hcp(north) > 3", None, 1, 16, "expected ')' but found the end of input"),
        ("hcp(north) >", None, 1, 13, "unexpected end of input"),
        ("hcp(north) 5", "5", 1, 12, "unexpected '5' after the expression"),
        ("hcp(north) @ 3", "@", 1, 12, "unexpected character '@'"),
        ("tricks(north, spades) >= 10", "tricks", 1, 1, "tricks() is not supported"),
        ("cccc(north) > 10", "cccc", 1, 1, "cccc() is not supported"),
        ("1 ? 2", None, 1, 6, "expected ':'"),
    ],
)
def test_expression_errors(
    text: str, word: str | None, line: int, column: int, message: str
) -> None:
    with pytest.raises(DealScriptError) as caught:
        parse_expression(text)
    e = caught.value
    assert isinstance(e, ParseError)
    assert message in str(e)
    assert f"line {line}, column {column}" in str(e)
    assert (e.word, e.line, e.column) == (word, line, column)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("condition hcp(north) > 10\nproduce x", 2, 9, "produce needs a whole number"),
        ("produce 10\nbogus 3", 2, 1, "unknown word 'bogus'"),
        ("condition 1\n  /* never closed", 2, 3, "comment '/*' is never closed"),
        ("predeal north SAX", 1, 15, "bad holding 'SAX'"),
        ("predeal north SA\npredeal south SA", 2, 15, "card SA is predealt twice"),
        ("predeal n SA", 1, 9, "unknown seat 'n'"),
        ("predeal north SAKQJT98765432, H2", 1, 31, "more than 13 cards"),
        ("vulnerable some", 1, 12, "unknown vulnerability 'some'"),
        ("altcount 12 1, 2", 1, 10, "altcount must be 0 to 9"),
        ("pointcount 1,2,3,4,5,6,7,8,9,10,11,12,13,14", 1, 1, "more than 13 values"),
        ("action dance", 1, 8, "unknown action 'dance'"),
        ("dealer up", 1, 8, "unknown seat 'up'"),
        ("condition 1\n)", 2, 1, "unexpected ')'"),
        ("pointcount 4, x", 1, 15, "expected a number"),
    ],
)
def test_script_errors(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_script(text)
    assert message in str(caught.value)
    assert isinstance(caught.value, DealScriptError)
    assert (caught.value.line, caught.value.column) == (line, column)
