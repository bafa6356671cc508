"""One display of contracts, results, cards and calls (``qipai.web.display``), and the browser's
``static/display.js`` saying exactly the same from the words it is given (run by Node.js)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from qipai.bridge import DECK, Contract, Seat, parse_call
from qipai.bridge.calls import Doubling
from qipai.bridge.cards import Strain
from qipai.web import display, i18n
from qipai.web.display import (
    call_bits,
    card_bits,
    card_name,
    contract_bits,
    par_bits,
    result_bits,
    result_text,
    scoring_name,
    text,
    tricks_text,
)

STATIC = Path(display.__file__).parent / "static"
CONTRACTS = [
    Contract(level, strain, doubling)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
]
CALLS = ["P", "X", "XX", *(f"{lv}{st}" for lv in range(1, 8) for st in ("C", "D", "H", "S", "NT"))]


def test_results_read_as_the_glossary_gives_them() -> None:
    four_spades = Contract.parse("4S")
    zh = [result_text(four_spades, n, "zh") for n in (10, 11, 13, 9, 8, 0)]
    assert zh == ["成", "超一", "超三", "宕一", "宕二", "宕十"]
    en = [result_text(four_spades, n, "en") for n in (10, 11, 13, 9, 8, 0)]
    assert en == ["=", "+1", "+3", "-1", "-2", "-10"]
    assert result_text(Contract.parse("7NT"), 0, "zh") == "宕十三"
    assert result_text(Contract.parse("7NT"), 2, "zh") == "宕十一"
    # every count of tricks in every contract has a word, and no two results share one
    for c in CONTRACTS:
        words = [result_text(c, n, "zh") for n in range(14)]
        assert len(set(words)) == 14 and all(words)


def test_contracts_results_and_par_in_both_languages() -> None:
    assert text(contract_bits(Contract.parse("3NT"), "zh")) == "3无将"
    assert text(contract_bits(Contract.parse("3NT"), "en")) == "3NT"
    assert text(contract_bits(Contract.parse("4SX"), "zh")) == "4♠ 加倍"
    assert text(contract_bits(Contract.parse("7HXX"), "en")) == "7♥ XX"
    assert contract_bits(Contract.parse("2D"), "en") == [("2", ""), ("♦", "red")]
    assert text(contract_bits(None, "zh")) == "四家不叫"
    assert text(result_bits(Contract.parse("6S"), Seat.SOUTH, 11, "zh")) == "6♠ 南 宕一"
    assert text(result_bits(Contract.parse("6S"), Seat.SOUTH, 11, "en")) == "6♠ South -1"
    assert tricks_text(Contract.parse("5SX"), 8, "zh") == "8墩 (宕三)"
    assert tricks_text(Contract.parse("5SX"), 11, "en") == "11 tricks (=)"
    assert text(par_bits("NS 3SX-1", "zh")) == "南北 3♠ 加倍 宕一"
    assert text(par_bits("NS 3SX-1", "en")) == "NS 3♠ X -1"
    assert text(par_bits("N 3NT+1, NS 5C", "zh")) == "北 3无将 超一, 南北 5♣"
    assert text(par_bits("Pass", "en")) == "Passed out"
    assert text(call_bits(parse_call("X"), "zh")) == "加倍"
    assert text(call_bits(parse_call("X"), "en")) == "X"
    assert card_name(DECK[50], "zh") == "黑桃K" and card_name(DECK[50], "en") == "king of spades"
    assert card_bits(DECK[8]) == [("♣10", "black")]


def test_scoring_methods_named_however_spelt() -> None:
    assert [scoring_name(m, "zh") for m in ("MP", "IMP", "imp", "butler", "ximp", "mp")] == [
        "比赛分 (MP)",
        "IMP",
        "IMP（Butler）",
        "IMP（Butler）",
        "交叉IMP (XIMP)",
        "比赛分 (MP)",
    ]
    assert scoring_name("ximp", "en") == "Cross-IMPs (XIMP)"
    # the event pages' keys name the same words
    assert i18n.t("ev_scoring_imp", "en") == scoring_name("imp", "en")


def test_the_page_strings_carry_the_display_terms() -> None:
    for lang in ("zh", "en"):
        assert i18n.strings(lang)["display"] == display.terms(lang)
        assert json.dumps(display.terms(lang), ensure_ascii=False)  # JSON, as the page embeds it


NODE = shutil.which("node")


def run_js(lang: str, cases: dict[str, list[list[object]]]) -> dict[str, list[str]]:
    """``static/display.js`` over the cases, with the terms the page gives it."""
    assert NODE is not None
    program = (
        "import { display, text } from " + json.dumps((STATIC / "display.js").as_uri()) + ";\n"
        "import { readFileSync } from 'node:fs';\n"
        "const input = JSON.parse(readFileSync(0, 'utf-8'));\n"
        "const d = display(input.terms);\n"
        "const out = {};\n"
        "out.results = input.results.map(([c, s, t]) => text(d.resultBits(c, s, t)));\n"
        "out.contracts = input.contracts.map(([c]) => text(d.contractBits(c)));\n"
        "out.calls = input.calls.map(([c]) => text(d.callBits(c)));\n"
        "out.cards = input.cards.map(([c]) => JSON.stringify(d.cardBits(c)));\n"
        "out.scores = input.scores.map(([n]) => d.nsScoreText(n));\n"
        "console.log(JSON.stringify(out));\n"
    )
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", program],
        input=json.dumps({"terms": display.terms(lang), **cases}),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out: dict[str, list[str]] = json.loads(done.stdout)
    return out


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (apt-get install nodejs)")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_browser_says_exactly_what_the_pages_say(lang: str) -> None:
    results = [
        (c, seat, tricks)
        for c, seat, tricks in itertools.product(CONTRACTS, [*Seat, None], range(14))
        if seat is not None or tricks == 7
    ]
    scores = [0, 50, -50, 1430, -7600]
    cases = {
        "results": [[str(c), s.letter if s else None, t] for c, s, t in results],
        "contracts": [[str(c)] for c in CONTRACTS] + [["Pass"], [None]],
        "calls": [[c] for c in CALLS],
        "cards": [[str(c)] for c in DECK],
        "scores": [[n] for n in scores],
    }
    js = run_js(lang, cases)
    assert js["results"] == [text(result_bits(c, s, t, lang)) for c, s, t in results]
    assert (
        js["contracts"]
        == [text(contract_bits(c, lang)) for c in CONTRACTS] + [text(contract_bits(None, lang))] * 2
    )
    assert js["calls"] == [text(call_bits(parse_call(c), lang)) for c in CALLS]
    assert [json.loads(c) for c in js["cards"]] == [[list(b) for b in card_bits(c)] for c in DECK]
    assert js["scores"] == [display.ns_score_text(n, lang) for n in scores]
