"""Display names of bridge terms in zh-CN and en: the one table every page and message uses.

The Chinese terms are those of ../shared/GLOSSARY.md (the ones Chinese clubs use).

>>> display_name("spades", "zh")
'黑桃'
"""

from __future__ import annotations

LANGUAGES = ("zh", "en")

TERMS: dict[str, tuple[str, str]] = {
    # key: (zh-CN, en)
    "clubs": ("梅花", "clubs"),
    "diamonds": ("方块", "diamonds"),
    "hearts": ("红心", "hearts"),
    "spades": ("黑桃", "spades"),
    "notrump": ("无将", "notrump"),
    "north": ("北", "North"),
    "east": ("东", "East"),
    "south": ("南", "South"),
    "west": ("西", "West"),
    "NS": ("南北", "North-South"),
    "EW": ("东西", "East-West"),
    "pass": ("不叫", "Pass"),
    "double": ("加倍", "Double"),
    "redouble": ("再加倍", "Redouble"),
    "dealer": ("发牌人", "Dealer"),
    "board": ("牌号", "Board"),
    "vulnerability": ("局况", "Vulnerability"),
    "vul_none": ("双方无局", "None vulnerable"),
    "vul_ns": ("南北有局", "N-S vulnerable"),
    "vul_ew": ("东西有局", "E-W vulnerable"),
    "vul_both": ("双方有局", "Both vulnerable"),
    "contract": ("定约", "Contract"),
    "declarer": ("庄家", "Declarer"),
    "dummy": ("明手", "Dummy"),
    "opening_lead": ("首攻", "Opening lead"),
    "tricks": ("墩", "tricks"),
    "down": ("宕", "down"),
    "made": ("成", "made"),
    "passed_out": ("四家不叫", "Passed out"),
    "score": ("得分", "Score"),
    "auction": ("叫牌", "Auction"),
    "play": ("打牌", "Play"),
    "claim": ("摊牌", "Claim"),
    "hcp": ("大牌点", "HCP"),
    # results (宕一, 宕二 as GLOSSARY.md gives them; 超一 an overtrick)
    "result": ("结果", "Result"),
    "overtrick": ("超", "+"),
    # card names as a screen reader says them (红心A / ace of hearts)
    "rank_A": ("A", "ace"),
    "rank_K": ("K", "king"),
    "rank_Q": ("Q", "queen"),
    "rank_J": ("J", "jack"),
    "one_C": ("梅花", "club"),
    "one_D": ("方块", "diamond"),
    "one_H": ("红心", "heart"),
    "one_S": ("黑桃", "spade"),
    # scoring methods
    "mp": ("比赛分 (MP)", "Matchpoints (MP)"),
    "imp": ("IMP", "IMPs"),
    "butler": ("IMP（Butler）", "IMPs (Butler)"),
    "ximp": ("交叉IMP (XIMP)", "Cross-IMPs (XIMP)"),
}


def display_name(key: str, lang: str = "en") -> str:
    """The display name of a term; unknown keys come back unchanged."""
    pair = TERMS.get(key)
    if pair is None:
        return key
    return pair[0] if lang.lower().startswith("zh") else pair[1]
