"""The system file format: the natural system loads, every rule can be reached and reads in both
languages, and a broken file is refused naming the line and the rule."""

from __future__ import annotations

import re

import pytest
from robot_reach import reaches

from qipai.bridge import ParseError
from qipai.robots import SystemFileError, natural, parse_system
from qipai.robots.system import Rule

HEADER = "system test\ntitle en Test\ntitle zh 测试\n"


def test_natural_system_loads_with_many_rules():
    s = natural()
    assert s.name == "natural"
    assert len(s.rules) > 350
    assert "自然" in s.title_zh and "15-17" in s.title_en


def test_every_rule_means_something_in_both_languages():
    for rule in natural().rules:
        assert rule.en.strip() and rule.zh.strip(), rule.name
        assert re.search(r"[\u4e00-\u9fff]", rule.zh), rule.name


@pytest.mark.parametrize("rule", [r for r in natural().rules if r.anchored], ids=lambda r: r.id)
def test_every_exact_rule_is_reached_and_explained(rule: Rule):
    assert reaches(natural(), rule), f"{rule.id} {rule.name} never explains its call"


def test_zh_uses_the_glossary_terms():
    text = " ".join(r.zh for r in natural().rules)
    for term in (
        "均型",
        "逼叫一轮",
        "逼叫到局",
        "斯台曼",
        "转移叫",
        "技术性加倍",
        "否定性加倍",
        "迈克尔斯",
        "不寻常2NT",
        "关键张",
        "阻击",
        "争叫",
        "牺牲叫",
        "惩罚性加倍",
    ):
        assert term in text, term


def load(body: str):
    return parse_system(HEADER + body, "test.txt")


def test_a_minimal_file_loads():
    s = load("@ -\n1NT | 90 | hcp 15-17, balanced | 15-17 HCP | 15-17点\n")
    assert len(s.rules) == 1 and s.rules[0].id == "test.txt:5"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("@ -\n1NT | 90 | hcpp 15-17 | x | 十\n", "unknown term 'hcpp 15-17'"),
        ("@ -\n1NT | 90 | hcp 17-15 | x | 十\n", "17 is more than 15"),
        ("@ -\n1NT | 90 | hcp 15-40 | x | 十\n", "outside 0-37"),
        ("@ -\n8NT | 90 | hcp 15-17 | x | 十\n", "bad call '8NT'"),
        ("@ -\n1NT | high | hcp 15-17 | x | 十\n", "priority must be a whole number"),
        ("@ -\n1NT | 90 loud | hcp 15-17 | x | 十\n", "unknown flag 'loud'"),
        ("@ -\n1NT | 90 | hcp 15-17 | x\n", "a rule has 5 fields"),
        ("@ -\n1NT | 90 | hcp 15-17 | x | ten\n", "no Chinese"),
        ("@ -\n1NT | 90 | hcp 15-17 |  | 十\n", "English meaning is empty"),
        ("@ -\n2y | 90 | y 5+, x 3+ | x | 十\n", "variable 'x' is not bound"),
        ("@ -\n2OM | 90 | OM 5+ | x | 十\n", "'OM' needs 'M' bound"),
        (
            "@ 1x P\n1NT | 9 | hcp 6+, S 4+ or H 4+ | x | 十\n",
            "mixing ',' and 'or' needs parentheses",
        ),
        ("@ 1x P\n1NT | 9 | hcp 6+ | {q} | 十\n", "unknown suit name {q}"),
        ("@ P 1x\n1NT | 9 | hcp 6+ | x | 十\n", "leave out the passes"),
        ("@ 1x 9Q\n1NT | 9 | hcp 6+ | x | 十\n", "bad call '9Q' in the auction"),
        ("1NT | 9 | hcp 6+ | x | 十\n", "a rule before any '@ auction'"),
        (
            "@ -\n1NT | 9 | hcp 6+ | x | 十\n1NT | 8 | hcp 6+ | y | 十\n",
            "repeats the rule at line 5",
        ),
        ("@ -\nwhat is this\n", "cannot read 'what is this'"),
    ],
)
def test_a_broken_rule_is_refused_naming_line_and_rule(body: str, message: str):
    with pytest.raises(SystemFileError) as e:
        load(body)
    text = str(e.value)
    assert message in text
    assert text.startswith("test.txt line ")
    assert e.value.line >= 4
    assert isinstance(e.value, ParseError)


def test_the_rule_is_named_in_the_error():
    with pytest.raises(SystemFileError, match=r"line 5 \(rule \[1M P\] 2NT\)"):
        load("@ 1M P\n2NT | 85 | M 4+, hcp 13+ ! | x | 十\n")


def test_a_file_without_a_name_or_rules_is_refused():
    with pytest.raises(SystemFileError, match="no 'system NAME'"):
        parse_system("@ -\n1NT | 90 | any | x | 十\n", "x.txt")
    with pytest.raises(SystemFileError, match="no rules"):
        parse_system(HEADER, "x.txt")


def test_load_system_from_disk(tmp_path):
    from qipai.robots import load_system

    path = tmp_path / "mine.txt"
    path.write_text(
        HEADER + "@ -\n1C | 90 alert forcing | hcp 16+ | Strong club | 强梅花\n", encoding="utf-8"
    )
    s = load_system(path)
    assert s.rules[0].flags == {"alert", "forcing"}
    path.write_text(HEADER + "@ -\n1C | 90 | hcp 16+ or | Strong club | 强梅花\n", encoding="utf-8")
    with pytest.raises(SystemFileError, match=r"mine\.txt line 5"):
        load_system(path)


def test_unknown_builtin_system():
    from qipai.robots import builtin_system

    with pytest.raises(ValueError, match="natural"):
        builtin_system("precision-not-yet")
