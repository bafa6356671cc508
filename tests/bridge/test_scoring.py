"""Law 77 scoring: every one of the 2,940 cases equals an independent oracle (endplay's scorer,
a test dependency only), plus worked examples a player can check by hand."""

import pytest

from qipai.bridge import ParseError, score

endplay_types = pytest.importorskip("endplay.types")


def _oracle(contract: str, tricks: int, vulnerable: bool) -> int:
    level = int(contract[0])
    doubling = contract.rstrip("X")[1:]
    dbl = contract[len(contract.rstrip("X")) :]
    c = endplay_types.Contract(f"{level}{doubling}N{dbl}")
    c.result = tricks - (6 + level)
    return c.score(endplay_types.Vul.ns if vulnerable else endplay_types.Vul.none)


CASES = [
    (f"{level}{strain}{dbl}", tricks, vul)
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for dbl in ("", "X", "XX")
    for vul in (False, True)
    for tricks in range(14)
]


def test_all_2940_cases_match_the_oracle():
    assert len(CASES) == 2940
    wrong = [
        (c, t, v, score(c, t, v), _oracle(c, t, v))
        for c, t, v in CASES
        if score(c, t, v) != _oracle(c, t, v)
    ]
    assert wrong == []


@pytest.mark.parametrize(
    "contract,tricks,vul,expected",
    [
        ("1NT", 7, False, 90),
        ("2S", 9, True, 140),
        ("3NT", 9, True, 600),
        ("5C", 11, False, 400),
        ("6S", 12, True, 1430),
        ("7NT", 13, False, 1520),
        ("1CX", 7, False, 140),  # 40 + 50 part-score + 50 insult
        ("2HX", 8, False, 470),  # 120 game + 300 + 50
        ("1NTXX", 8, True, 1160),  # 160 + 500 game + 100 insult + 400 overtrick
        ("3NT", 6, False, -150),
        ("4SX", 7, False, -500),  # 100 + 200 + 200
        ("4SX", 6, False, -800),  # + 300 for the fourth
        ("4SX", 7, True, -800),  # 200 + 300 + 300
        ("4SXX", 9, True, -400),
        ("7NTX", 0, True, -3800),  # 200 + 12 x 300
        ("7NTXX", 0, False, -7000),  # (100 + 200 + 200 + 10 x 300) x 2
    ],
)
def test_worked_examples(contract, tricks, vul, expected):
    assert score(contract, tricks, vul) == expected


def test_bad_input():
    with pytest.raises(ParseError, match="bad contract"):
        score("8NT", 9, False)
    with pytest.raises(ValueError, match="0 to 13"):
        score("3NT", 14, False)
    with pytest.raises(ParseError):
        score("3NT", "nine", False)  # type: ignore[arg-type]


def test_the_ns_sign_is_taken_in_one_place() -> None:
    """Every NS score is signed by ``bridge.scoring.ns_relative`` (issue #14): no other module
    writes the sign out again."""
    import pathlib
    import re

    import qipai

    root = pathlib.Path(qipai.__file__).parent
    sign = re.compile(
        r"\bif\s+[\w.]*side\s+(?:is|==)\s+Side\.NS\s+else\s+-|== \"NS\" else (?:0 - |-)"
    )
    home = root / "bridge" / "scoring.py"
    found = [
        f"{p.relative_to(root)}:{n}"
        for p in root.rglob("*.py")
        if p != home
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if sign.search(line)
    ]
    assert found == []
