"""How contracts, results, cards, calls, seats, scores and scoring methods read, in zh-CN and
en: the one display every page, ``qipai show`` and the browser's script use.

Built from typed values (``Contract``, ``Seat``, ``Card``, tricks); text from outside (a record's
JSON) is read once at the edge with the values' own parsers (``Contract.parse``...), never by
pattern matching. The words are the bridge terms of ``qipai.bridge.names`` (GLOSSARY.md): a
result is made ``=`` (成), an overtrick ``+1`` (超一), down ``-2`` (宕二). The script of the table
page gets the same words as data (:func:`terms`, in ``i18n.strings``) and ``static/display.js``
puts them together as these functions do (a test runs both over every contract and result).

Display text comes as :data:`Bits`, ``(text, css class)`` pieces, the class marking suit symbols
red or black; :func:`text` joins them.

>>> from qipai.bridge import Contract, Seat
>>> c = Contract.parse
>>> text(contract_bits(c("3NT"), "zh")), text(contract_bits(c("4SX"), "en"))
('3无将', '4♠ X')
>>> result_text(Contract.parse("4S"), 8, "zh"), result_text(Contract.parse("4S"), 11, "en")
('宕二', '+1')
>>> result_text(Contract.parse("7NT"), 0, "zh"), result_text(Contract.parse("1C"), 13, "zh")
('宕十三', '超六')
>>> text(result_bits(Contract.parse("6S"), Seat.SOUTH, 11, "zh"))
'6♠ 南 宕一'
>>> text(result_bits(None, None, None, "en"))
'Passed out'
>>> text(par_bits("NS 3SX-1", "zh")), text(par_bits("N 3NT, EW 5DX-2", "en"))
('南北 3♠ 加倍 宕一', 'North 3NT, EW 5♦ X -2')
>>> text(par_bits("Pass", "zh")), scoring_name("ximp", "en"), scoring_name("IMP", "zh")
('四家不叫', 'Cross-IMPs (XIMP)', 'IMP')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..bridge.board import Vulnerability
from ..bridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Doubling
from ..bridge.cards import Card, Rank, Seat, Side, Strain, Suit
from ..bridge.errors import ParseError
from ..bridge.names import display_name

Bits = list[tuple[str, str]]
"""Display text in pieces: ``(text, css class)``; the class marks suit symbols red or black."""

ZH_NUMERALS = ("零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十")
MAX_UNDER = 13
MAX_OVER = 6
SCORING_KEYS = {
    "MP": "mp",
    "IMP": "imp",
    "mp": "mp",
    "imp": "butler",
    "butler": "butler",
    "ximp": "ximp",
}
"""A scoring method as tables (``MP``, ``IMP``), events (``mp``, ``imp`` = Butler, ``ximp``)
and ``duplicate.Method`` spell it -> its bridge term."""
_VUL_KEYS = {
    Vulnerability.NONE: "vul_none",
    Vulnerability.NS: "vul_ns",
    Vulnerability.EW: "vul_ew",
    Vulnerability.BOTH: "vul_both",
}


def zh(lang: str) -> bool:
    return lang.lower().startswith("zh")


def term(key: str, lang: str) -> str:
    return display_name(key, "zh" if zh(lang) else "en")


def text(bits: Iterable[tuple[str, str]]) -> str:
    """The pieces as one plain string."""
    return "".join(t for t, _ in bits)


# --- the pieces -------------------------------------------------------------------------------


def seat_name(seat: Seat | None, lang: str) -> str:
    return "" if seat is None else term(seat.name.lower(), lang)


def side_name(side: Side, lang: str) -> str:
    """南北/东西; NS/EW in English, as scores and par lines print them."""
    return term(side.value, lang) if zh(lang) else side.value


def vulnerability_text(vul: Vulnerability, lang: str) -> str:
    return term(_VUL_KEYS[vul], lang)


def suit_class(suit: Suit | Strain) -> str:
    return "red" if suit.name in ("HEARTS", "DIAMONDS") else "black"


def rank_text(rank: Rank) -> str:
    """Ten as players write it: ``10``."""
    return "10" if rank is Rank.TEN else rank.letter


def strain_bits(strain: Strain, lang: str) -> Bits:
    if strain is Strain.NOTRUMP:
        return [(term("notrump", lang) if zh(lang) else "NT", "")]
    return [(Suit(int(strain)).symbol, suit_class(strain))]


def card_bits(card: Card) -> Bits:
    """A red ``♥10``."""
    return [(card.suit.symbol + rank_text(card.rank), suit_class(card.suit))]


def card_name(card: Card, lang: str) -> str:
    """A card as a screen reader says it: 红心A, ace of hearts, 10 of clubs."""
    rank = rank_text(card.rank)
    if card.rank >= Rank.JACK:
        rank = term("rank_" + card.rank.letter, lang)
    suit = term(card.suit.name.lower(), lang)
    return f"{suit}{rank}" if zh(lang) else f"{rank} of {suit}"


def call_bits(call: Call, lang: str) -> Bits:
    """A call as an auction shows it: level and strain symbol, or the word for a pass and the
    doubles (加倍/再加倍 in Chinese, X/XX in English as printed records have them)."""
    if isinstance(call, Bid):
        return [(str(call.level), ""), *strain_bits(call.strain, lang)]
    word = str(call)
    if word == "P":
        return [(term("pass", lang), "")]
    return [(term("double" if word == "X" else "redouble", lang) if zh(lang) else word, "")]


def doubling_text(doubling: Doubling, lang: str) -> str:
    """`` X``/`` XX`` (`` 加倍``/`` 再加倍``) after a contract; nothing undoubled."""
    if doubling is Doubling.NONE:
        return ""
    if not zh(lang):
        return " " + str(doubling)
    return " " + term("double" if doubling is Doubling.DOUBLED else "redouble", lang)


def contract_bits(contract: Contract | None, lang: str) -> Bits:
    """A contract (``4SX``) as shown; None is a passed-out board."""
    if contract is None:
        return [(term("passed_out", lang), "")]
    out: Bits = [(str(contract.level), ""), *strain_bits(contract.strain, lang)]
    doubled = doubling_text(contract.doubling, lang)
    if doubled:
        out.append((doubled, ""))
    return out


def count_text(n: int, lang: str) -> str:
    """一 … 十三 in Chinese, figures in English."""
    if not zh(lang):
        return str(n)
    return ZH_NUMERALS[n] if n <= 10 else "十" + ZH_NUMERALS[n - 10]


def over_text(over: int, lang: str) -> str:
    """Tricks over (+) or under (-) the contract: ``=``/``+1``/``-2``; 成/超一/宕二."""
    if not zh(lang):
        return "=" if over == 0 else f"{over:+d}"
    if over == 0:
        return term("made", lang)
    return term("overtrick" if over > 0 else "down", lang) + count_text(abs(over), lang)


def result_text(contract: Contract, tricks: int, lang: str) -> str:
    """Declarer's ``tricks`` in ``contract``: ``=``, ``+1``, ``-2`` (成, 超一, 宕二)."""
    return over_text(tricks - contract.tricks_needed, lang)


def result_bits(
    contract: Contract | None, declarer: Seat | None, tricks: int | None, lang: str
) -> Bits:
    """A table's result of a board, as every page and the table say it: ``4♥ 南 超一``,
    ``3NT North -2``, ``四家不叫``."""
    out = contract_bits(contract, lang)
    if contract is None:
        return out
    if declarer is not None:
        out.append((" " + seat_name(declarer, lang), ""))
    if tricks is not None:
        out.append((" " + result_text(contract, tricks, lang), ""))
    return out


def tricks_text(contract: Contract, tricks: int, lang: str) -> str:
    """Declarer's tricks and what they make of the contract: ``8墩 (宕三)``, ``10 tricks (=)``."""
    unit = term("tricks", lang)
    count = f"{tricks}{unit}" if zh(lang) else f"{tricks} {unit}"
    return f"{count} ({result_text(contract, tricks, lang)})"


def score_text(score: float | int | None) -> str:
    """A score or IMPs signed (``+420``, ``-50``, ``0``); nothing for None."""
    if score is None:
        return ""
    shown = f"{score:g}" if isinstance(score, float) else str(score)
    return "+" + shown if score > 0 else shown


def ns_score_text(score: int | None, lang: str) -> str:
    """North-South's score with the side named: ``南北 +420``, ``NS -50``."""
    return f"{side_name(Side.NS, lang)} {score_text(score) or '0'}"


def scoring_name(method: str, lang: str) -> str:
    """A scoring method's name, however it is spelt (``MP``, ``IMP``, ``imp``/``butler``,
    ``ximp``): 比赛分 (MP), IMP, IMP（Butler）, 交叉IMP (XIMP)."""
    return term(SCORING_KEYS.get(method, method), lang)


# --- par ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParLine:
    """One contract of a par line: who declares it (a side, or one seat), the contract and its
    tricks over (+) or under (-)."""

    who: Side | Seat
    contract: Contract
    result: int = 0


def par_lines(pbn: str) -> list[ParLine]:
    """A PBN ``ParContract`` (``NS 4H``, ``EW 5DX-2``, ``N 3NT, NS 5C``, ``Pass``) as values;
    ParseError names what does not read.

    >>> par_lines("N 3NT, EW 5DX-2")
    [ParLine(who=Seat.NORTH, contract=Contract.parse('3NT'), result=0), \
ParLine(who=Side.EW, contract=Contract.parse('5DX'), result=-2)]
    """
    if pbn.strip().lower() in ("pass", ""):
        return []
    out = []
    for part in pbn.split(","):
        who_text, _, rest = part.strip().partition(" ")
        who: Side | Seat = Side(who_text) if who_text in ("NS", "EW") else Seat.parse(who_text)
        contract_text, result = rest.strip(), 0
        for sign in "+-":
            if sign in contract_text:
                contract_text, _, n = contract_text.partition(sign)
                if not n.isdigit():
                    raise ParseError(f"bad par contract {part!r}: {sign}{n} is not a count")
                result = int(n) if sign == "+" else -int(n)
        out.append(ParLine(who, Contract.parse(contract_text), result))
    return out


def par_bits(pbn: str, lang: str) -> Bits:
    """A par line as shown: ``NS 3SX-1`` -> 南北 3♠ 加倍 宕一 / NS 3♠ X -1."""
    lines = par_lines(pbn)
    if not lines:
        return [(term("passed_out", lang), "")]
    out: Bits = []
    for i, line in enumerate(lines):
        who = side_name(line.who, lang) if isinstance(line.who, Side) else seat_name(line.who, lang)
        out.append(((", " if i else "") + who + " ", ""))
        out.extend(contract_bits(line.contract, lang))
        if line.result:
            out.append((" " + over_text(line.result, lang), ""))
    return out


# --- the same words, as data for the browser --------------------------------------------------


def terms(lang: str) -> dict[str, Any]:
    """What ``static/display.js`` needs to say what these functions say, in ``lang``."""
    lang = "zh" if zh(lang) else "en"
    return {
        "lang": lang,
        "seats": {s.letter: seat_name(s, lang) for s in Seat},
        "sides": {s.value: side_name(s, lang) for s in Side},
        "strains": {st.letter: text(strain_bits(st, lang)) for st in Strain},
        "doubling": {str(d): doubling_text(d, lang) for d in Doubling},
        "calls": {w: text(call_bits(c, lang)) for w, c in _SIMPLE_CALLS.items()},
        "over": {str(n): over_text(n, lang) for n in range(-MAX_UNDER, MAX_OVER + 1)},
        "passed_out": term("passed_out", lang),
        "vulnerability": {v.value: vulnerability_text(v, lang) for v in Vulnerability},
        "scoring": {k: scoring_name(k, lang) for k in SCORING_KEYS},
    }


_SIMPLE_CALLS: dict[str, Call] = {"P": PASS, "X": DOUBLE, "XX": REDOUBLE}


# --- at the edge: a record's JSON text as values ----------------------------------------------


def contract_of(value: str | None) -> Contract | None:
    """A contract from JSON (``"4SX"``); None, ``""`` and ``"Pass"`` are a passed-out board."""
    if value in (None, "", "Pass"):
        return None
    assert value is not None
    return Contract.parse(value)


def seat_of(value: str | None) -> Seat | None:
    return None if not value else Seat.parse(value)
