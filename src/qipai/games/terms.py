"""Every string of the board games a person meets, in zh-CN and en: rule errors, results and
their reasons, the names of games, sides and actions. One table, looked up by key;
``text(key, lang, **fields)`` fills in the fields.

The table is checked by tests: every key has both languages and both take the same fields.
"""

from __future__ import annotations

import string
from typing import Final

LANGS: Final = ("zh-CN", "en")

TERMS: Final[dict[str, tuple[str, str]]] = {
    # games and sides
    "game.chess": ("國際象棋", "chess"),
    "game.xiangqi": ("中國象棋", "xiangqi"),
    "game.renju": ("五子棋（連珠）", "gomoku (renju)"),
    "game.go": ("圍棋", "go"),
    "side.white": ("白方", "White"),
    "side.black": ("黑方", "Black"),
    "side.red": ("紅方", "Red"),
    "game.checkers": ("跳棋", "Chinese checkers"),
    "side.green": ("綠方", "Green"),
    "side.yellow": ("黃方", "Yellow"),
    "side.blue": ("藍方", "Blue"),
    # results
    "result.win": ("{side}勝", "{side} wins"),
    "result.draw": ("和棋", "draw"),
    "result.place": ("{side}第{place}名", "{side} {place}."),
    # reasons (a finished game's)
    "reason.checkmate": ("將死", "checkmate"),
    "reason.stalemate": ("逼和（無子可動）", "stalemate"),
    "reason.no_moves": ("困斃（無子可動）", "no legal move (困斃)"),
    "reason.resignation": ("認輸", "resignation"),
    "reason.time": ("超時", "loss on time"),
    "reason.time_draw": (
        "超時，但對方無法將死，和棋",
        "time ran out, but the opponent cannot checkmate: draw",
    ),
    "reason.agreement": ("雙方同意和棋", "draw by agreement"),
    "reason.threefold": ("三次重複局面（申請）", "threefold repetition (claimed)"),
    "reason.fifty_moves": ("五十回合規則（申請）", "fifty-move rule (claimed)"),
    "reason.fivefold": ("五次重複局面", "fivefold repetition"),
    "reason.seventyfive_moves": ("七十五回合規則", "seventy-five-move rule"),
    "reason.insufficient_material": ("子力不足以將死", "insufficient material"),
    "reason.perpetual_check": ("長將，應變不變，判負", "perpetual check, not varied: loss"),
    "reason.perpetual_chase": ("長捉，應變不變，判負", "perpetual chase, not varied: loss"),
    "reason.repetition_draw": ("重複局面，雙方不違例，判和", "repetition, no side forbidden: draw"),
    "reason.natural_limit": (
        "自然限著（六十回合未吃子），和棋",
        "move limit (60 moves without capture): draw",
    ),
    "reason.arbiter": ("裁判裁決", "arbiter's ruling"),
    "reason.five": ("連成五子", "five in a row"),
    "reason.forbidden": (
        "黑方禁手（{shape}），白方指出",
        "Black's forbidden move ({shape}), claimed by White",
    ),
    "reason.full_board": ("棋盤下滿，和棋", "full board: draw"),
    "reason.score": (
        "數子：黑{black}子，白{white}子（黑貼{komi}子）",
        "area count: Black {black}, White {white} (Black gives {komi} stones of komi)",
    ),
    "reason.checkers_home": ("棋子全部跳入對角", "all ten pieces in the opposite point"),
    "reason.checkers_stopped": (
        "每方已走{limit}步，按到家先後及距離排名",
        "each player has made {limit} moves: placed by finishing order, then distance",
    ),
    "reason.forfeit": ("棄權（遲到或中途離席）", "forfeit (late or left the game)"),
    # renju shapes
    "shape.33": ("三三", "three-three"),
    "shape.44": ("四四", "four-four"),
    "shape.overline": ("長連", "overline"),
    "shape.ok": ("非禁手", "not forbidden"),
    # the arbiter's prompt (xiangqi repetition)
    "prompt.repetition": (
        "局面第三次重複：紅方著法為「{red}」，黑方著法為「{black}」。本程序不自動裁決此種情形，"
        "請裁判依規則判定勝負或和棋。",
        "The position has occurred a third time: Red's moves were '{red}', Black's '{black}'. "
        "This case is not ruled automatically: the arbiter decides win, loss or draw by the rules.",
    ),
    "cycle.check": ("將", "checks"),
    "cycle.chase": ("捉", "chases"),
    "cycle.unclear": ("待定之捉", "attacks to be judged"),
    "cycle.idle": ("閒著", "idle moves"),
    # errors
    "error.game_over": ("對局已結束", "the game is over"),
    "error.not_your_turn": ("未輪到{side}行棋", "it is not {side}'s turn"),
    "error.illegal_move": ("{move}不合規則：{why}", "{move} is not legal: {why}"),
    "error.bad_move_text": ("看不懂著法「{text}」：{why}", "cannot read the move {text!r}: {why}"),
    "error.bad_position": ("局面不合法：{why}", "not a valid position: {why}"),
    "error.occupied": ("{point}已有棋子", "{point} is already occupied"),
    "error.off_board": ("{point}不在棋盤上", "{point} is not on the board"),
    "error.suicide": ("{point}是禁著點（自殺）", "{point} would be suicide (no liberties)"),
    "error.superko": ("{point}造成全局同形再現", "{point} repeats an earlier whole-board position"),
    "error.no_claim": ("沒有可以申請的{what}", "there is no {what} to claim"),
    "error.no_offer": ("對方沒有提和", "there is no draw offer to accept"),
    "error.claim_late": (
        "黑方禁手須在白方落子前指出；白方已經繼續應子",
        "Black's forbidden move must be pointed out before White moves; White has moved on",
    ),
    "error.not_forbidden": ("黑方上一手不是禁手", "Black's last move is not forbidden"),
    "error.not_marking": ("不在點目（提死子）階段", "not in the dead-stone marking phase"),
    "error.marking": (
        "正在點目，請提議死子、同意或恢復對局",
        "marking dead stones: propose, accept or resume",
    ),
    "error.no_stone": ("{point}沒有棋子", "there is no stone at {point}"),
    "error.not_arbiter": ("此時不需要裁判裁決", "no ruling is awaited from the arbiter"),
    "error.awaiting_arbiter": ("等待裁判裁決", "awaiting the arbiter's ruling"),
    "error.offer_own": ("不能接受自己的提和", "a player cannot accept their own draw offer"),
    "error.pass_with_moves": ("有棋可走時不能停一手", "a player with a legal move may not pass"),
    "error.draw_two_players": ("只有兩人對局可以提和", "draw offers are for two players only"),
    "error.bad_setting": ("設定{name}不可為{value}", "the setting {name} cannot be {value}"),
    "error.bad_card": ("看不懂牌「{text}」：{why}", "cannot read the card {text!r}: {why}"),
    "error.too_many_copies": (
        "兩副牌中{card}只有兩張，不能有{count}張",
        "two decks hold two of {card}, not {count}",
    ),
    "error.bad_trump": (
        "主牌花色「{text}」應為 S、H、D、C 或 NT（無主）",
        "the trump suit {text!r} should be S, H, D, C or NT (no trump)",
    ),
    "error.mixed_throw": (
        "甩牌須同一門（全是主或同一副牌花色）：{cards}",
        "a throw is of one suit (all trumps or one side suit): {cards}",
    ),
    "error.follow_count": ("應出{n}張，出了{count}張", "{n} cards are to be played, not {count}"),
    "error.not_in_hand": ("手中沒有這些牌：{cards}", "the hand does not hold {cards}"),
    "error.follow_suit": (
        "有首家那一門的牌須跟出",
        "follow the led suit as far as the hand holds it",
    ),
    "error.follow_pairs": (
        "首家出對，有對須跟對（應跟{n}對）",
        "pairs led are followed with pairs as far as the hand holds them ({n} here)",
    ),
    "error.follow_tractor": (
        "首家出拖拉機，有拖拉機須跟（{n}對連）",
        "a tractor led is followed with a tractor when the hand holds one ({n} pairs)",
    ),
    "error.bad_points": ("分數{points}不是5的倍數", "{points} points is not a multiple of 5"),
    "error.bad_declaration": ("{cards}不能亮主：{why}", "{cards} cannot be declared: {why}"),
    "error.weak_declaration": ("亮主無效：{why}", "the declaration does not stand: {why}"),
    "error.junqi_piece": ("沒有「{piece}」這種棋子", "no such piece: {piece}"),
    "error.junqi_immobile": ("{piece}不能移動", "a {piece} never moves"),
    "error.junqi_off_half": ("{point}不在本方陣地", "{point} is not on the side's half"),
    "error.junqi_camp_at_start": (
        "佈陣時行營{point}須空着",
        "the camp {point} stays empty at the start",
    ),
    "error.junqi_bomb_front": (
        "炸彈不能放在第一排（{point}）",
        "a 炸彈 (bomb) may not stand in the first row ({point})",
    ),
    "error.junqi_mine_back": (
        "地雷只能放在最後兩排（{point}）",
        "a 地雷 (mine) stands only in the last two rows ({point})",
    ),
    "error.junqi_flag_hq": (
        "軍旗只能放在大本營（{point}）",
        "the 軍旗 (flag) stands only in a headquarters ({point})",
    ),
    "error.junqi_count": (
        "{piece}應有{n}個，佈了{count}個",
        "{n} of {piece} are deployed, not {count}",
    ),
    "error.junqi_surrender_early": (
        "前{n}步不能投降（現在第{moves}步）",
        "no surrender in the first {n} moves (this is move {moves})",
    ),
    "error.unknown_game": ("沒有這種棋：{name}", "no such game: {name}"),
}


def text(key: str, lang: str = "en", **fields: object) -> str:
    """The string ``key`` in ``lang`` ("zh-CN" or "en") with ``fields`` filled in.

    >>> text("result.win", "zh-CN", side=text("side.red", "zh-CN"))
    '紅方勝'
    >>> text("error.occupied", point="h8")
    'h8 is already occupied'
    """
    zh, en = TERMS[key]
    return (zh if lang == "zh-CN" else en).format(**fields)


def fields(key: str) -> tuple[set[str], set[str]]:
    """The field names each language's string of ``key`` takes (tests check they agree)."""
    out = []
    for s in TERMS[key]:
        out.append({name for _, name, _, _ in string.Formatter().parse(s) if name})
    return out[0], out[1]
