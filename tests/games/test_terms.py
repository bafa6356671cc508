"""The games' strings: every one in zh-CN and en, with the same fields."""

from __future__ import annotations

from qipai.games.base import GameRuleError
from qipai.games.terms import TERMS, fields


def test_every_term_has_both_languages_with_the_same_fields() -> None:
    for key, (zh, en) in TERMS.items():
        assert zh.strip() and en.strip(), key
        assert zh != en or key.startswith("game."), key
        zf, ef = fields(key)
        assert zf == ef, key


def test_an_error_reads_in_either_language_with_its_rule() -> None:
    e = GameRuleError("error.occupied", "Renju International Rules", point="h8")
    assert e.text("en") == "h8 is already occupied (Renju International Rules)"
    assert e.text("zh-CN") == "h8已有棋子 (Renju International Rules)"
    assert str(e) == e.text("en")
