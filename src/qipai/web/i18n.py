"""The UI's words in zh-CN and en: one table. Bridge terms come from ``qipai.bridge.names``
(the table every page and message shares); this adds the words of the pages themselves.

>>> t("sit", "zh"), t("sit", "en")
('入座', 'Sit')
>>> t("north", "zh")
'北'
>>> t("claim_pending", "en", seat="North", n=3)
'North claims 3 of the remaining tricks'
"""

from __future__ import annotations

import re

from ..bridge.names import TERMS, display_name

LANGS = ("zh", "en")
HTML_LANG = {"zh": "zh-CN", "en": "en"}
_TAG_RE = re.compile(r"^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$")
_Q_RE = re.compile(r"^(0(\.\d{0,3})?|1(\.0{0,3})?)$")  # RFC 9110 12.4.2 qvalue

UI: dict[str, tuple[str, str]] = {
    # key: (zh-CN, en)
    "site": ("棋牌 · 桥牌俱乐部", "qipai bridge club"),
    "lobby": ("大厅", "Lobby"),
    "tables": ("牌桌", "Tables"),
    "no_tables": ("暂无牌桌，开一张吧。", "No open tables yet: create one."),
    "create_table": ("开新桌", "Create a table"),
    "table_name": ("桌名", "Table name"),
    "scoring": ("记分方式", "Scoring"),
    "mp": ("比赛分 (MP)", "Matchpoints (MP)"),
    "imp": ("IMP", "IMPs"),
    "robot_level": ("机器人水平", "Robot level"),
    "no_robots": ("不要机器人", "No robots"),
    "level": ("等级", "Level"),
    "private": ("私人桌（凭邀请链接进入）", "Private (by invitation link)"),
    "create": ("创建", "Create"),
    "your_seat": ("我的座位", "My seat"),
    "sit": ("入座", "Sit"),
    "stand": ("离座", "Stand up"),
    "watch": ("旁观", "Watch"),
    "robot": ("机器人", "Robot"),
    "empty": ("空位", "Empty"),
    "you": ("你", "you"),
    "spectator": ("旁观", "Watching"),
    "login": ("登录", "Log in"),
    "logout": ("退出", "Log out"),
    "register": ("注册", "Register"),
    "guest": ("游客进入", "Play as a guest"),
    "name": ("用户名", "Name"),
    "password": ("密码", "Password"),
    "hello_user": ("你好，{name}", "Hello, {name}"),
    "guest_note": (
        "游客账号无需密码，退出后无法再登录。",
        "A guest account needs no password; once you log out you cannot log back in.",
    ),
    "your_turn": ("轮到你了", "Your turn"),
    "your_turn_dummy": ("轮到你出明手的牌", "Your turn: play from dummy"),
    "waiting_for": ("等待{seat}", "Waiting for {seat}"),
    "alert": ("提醒", "Alert"),
    "explanation": ("解释", "Explanation"),
    "chat": ("聊天", "Chat"),
    "send": ("发送", "Send"),
    "next_board": ("下一副", "Next board"),
    "claim_btn": ("摊牌", "Claim"),
    "claim_prompt": ("要求再赢几墩（剩余{n}墩）", "Tricks you claim of the {n} left"),
    "claim_pending": (
        "{seat}摊牌，要求剩余牌中赢{n}墩",
        "{seat} claims {n} of the remaining tricks",
    ),
    "accept": ("同意", "Accept"),
    "reject": ("拒绝", "Reject"),
    "connected": ("已连接", "Connected"),
    "reconnecting": ("连接中断，正在重连…", "Connection lost: reconnecting…"),
    "invite_link": ("邀请链接", "Invitation link"),
    "results": ("成绩", "Results"),
    "no_results": ("还没有打完的牌", "No boards finished yet"),
    "waiting_players": ("等待玩家入座", "Waiting for players to sit"),
    "robots_missing": (
        "机器人暂未安装：空位需真人入座。",
        "Robots are not installed: empty seats wait for people.",
    ),
    "language": ("语言", "Language"),
    "close_table": ("关闭牌桌", "Close the table"),
    "back": ("返回大厅", "Back to the lobby"),
    "tricks_won": ("赢墩", "Tricks"),
    "passed_out": ("四家不叫", "Passed out"),
    "board_over": ("本副结束", "Board over"),
    "error": ("出错了", "Error"),
    "open_table": ("进入", "Open"),
    "private_tag": ("私人", "private"),
    "players": ("玩家", "Players"),
    "table": ("牌桌", "Table"),
    "table_closed": ("牌桌已关闭", "This table is closed"),
    "login_needed": ("登录或以游客身份进入后才能入座。", "Log in or play as a guest to sit."),
    "by": ("", "by"),
    # hand records
    "hand_record": ("牌局记录", "Hand record"),
    "dd_table": ("双明手分析", "Double-dummy tricks"),
    "par": ("最优定约 (Par)", "Par"),
    "other_tables": ("各桌成绩", "This board at every table"),
    "table_col": ("牌桌", "Table"),
    "mp_col": ("比赛分", "MP"),
    "pct_col": ("%", "%"),
    "imp_col": ("IMP", "IMPs"),
    "step": ("第{n}/{total}张", "Card {n} of {total}"),
    "step_start": ("开始", "Start"),
    "first": ("«", "«"),
    "prev": ("‹ 上一张", "‹ Back"),
    "next_step": ("下一张 ›", "Next ›"),
    "last": ("»", "»"),
    "download": ("下载", "Download"),
    "dd_cost": ("双明手损失墩数", "tricks lost double dummy"),
    "analysing": ("正在分析…", "Analysing…"),
    "record_unavailable": ("暂无牌局记录", "No hand record yet"),
    "close": ("关闭", "Close"),
    "result_made": ("{tricks}墩", "{tricks} tricks"),
    # the hand record page (/tables/{id}/boards/{n})
    "result": ("结果", "Result"),
    "score_ns": ("南北得分", "N-S score"),
    "vul_short": ("有局", "Vul"),
    "claimed_note": (
        "庄家{seat}摊牌：剩余牌中再得{n}墩",
        "Declarer {seat} claimed {n} of the remaining tricks",
    ),
    "replay": ("逐张回放", "Card-by-card replay"),
    "replay_keys": ("也可用键盘 ← → 逐张查看", "Or use the ← → keys to step card by card"),
    "to_start": ("回到开始", "To the start"),
    "to_end": ("跳到结束", "To the end"),
    "notes": ("叫品解释", "Explanations"),
    "trick_col": ("墩", "Trick"),
    "led_by": ("领出", "Led by"),
    "won_by": ("赢墩", "Won by"),
    "dd_legend": (
        "标出的数字：按双明手分析，该张牌损失的墩数",
        "Marked figures: the tricks a card lost double dummy",
    ),
    "analysis_unavailable": ("暂无双明手分析", "No double-dummy analysis yet"),
    "no_play": ("本副四家不叫，没有打牌", "Passed out: no cards were played"),
    "this_table": ("本桌", "this table"),
    # undo
    "undo": ("撤回", "Undo"),
    "undo_asked": ("{seat}请求撤回 {what}", "{seat} asks to take back {what}"),
    "undo_waiting": ("等待对方同意撤回", "Waiting for the opponents to agree"),
    # presence, clocks, settings
    "away": ("断线", "away"),
    "robot_playing": ("机器人代打", "robot playing"),
    "board_set": (
        "牌组（同名牌桌打同样的牌）",
        "Board set (tables of one set play the same deals)",
    ),
    "spectators_see_all": ("旁观者可看四家牌", "Spectators see all four hands"),
    "clock": ("用时", "Time"),
}


def normalize(lang: str | None) -> str:
    """``zh``/``zh-CN``/``zh-Hans`` -> ``zh``; anything else -> ``en``."""
    return "zh" if lang and lang.lower().startswith("zh") else "en"


DEFAULT_LANG = "zh"
"""The language of a visitor who has chosen none and whose browser does not prefer English."""


def accept_language(header: str | None) -> list[tuple[str, float]]:
    """An ``Accept-Language`` header (RFC 9110 12.5.4) as ``(tag, q)`` pairs, tags lower-cased,
    in the header's order; ``q=0`` (not acceptable) is kept, malformed entries are skipped.

    >>> accept_language("en-US,en;q=0.9,zh-CN;q=0.8, *;q=0.1")
    [('en-us', 1.0), ('en', 0.9), ('zh-cn', 0.8), ('*', 0.1)]
    >>> accept_language("fr;q=2, de;q=x, it; q=0.5")
    [('it', 0.5)]
    """
    out: list[tuple[str, float]] = []
    for item in (header or "")[:2000].split(",")[:50]:
        tag, *params = (part.strip() for part in item.split(";"))
        if not _TAG_RE.match(tag):
            continue
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                value = value.strip()
                q = float(value) if _Q_RE.match(value) else -1.0
        if 0 <= q <= 1:
            out.append((tag.lower(), q))
    return out


def preferred(header: str | None) -> str:
    """The page language for an ``Accept-Language`` header: ``en`` where the browser prefers
    English to Chinese (a higher q, or an equal q listed first), else zh-CN, the default.

    >>> preferred("en-US,en;q=0.9"), preferred("zh-CN,zh;q=0.9,en;q=0.8"), preferred(None)
    ('en', 'zh', 'zh')
    >>> preferred("fr-FR,fr;q=0.9"), preferred("fr, en;q=0.5"), preferred("en;q=0, fr")
    ('zh', 'en', 'zh')
    >>> preferred("en-GB;q=0.7, zh-TW;q=0.8"), preferred("*;q=0.5, en"), preferred("en;q=0.5, *")
    ('zh', 'en', 'zh')
    """
    entries = accept_language(header)

    def rank(lang: str) -> tuple[float, int]:
        """(q, minus the position of the tag that gave it): a match by name beats ``*``."""
        named = [
            (q, -i)
            for i, (tag, q) in enumerate(entries)
            if tag == lang or tag.startswith(lang + "-")
        ]
        if named:
            return max(named)
        wild = [(q, -i) for i, (tag, q) in enumerate(entries) if tag == "*"]
        return max(wild) if wild else (0.0, 0)

    en, zh = rank("en"), rank("zh")
    return "en" if en[0] > 0 and en > zh else DEFAULT_LANG


def t(key: str, lang: str = "en", **values: object) -> str:
    """A UI string (or a bridge term) in ``lang``, with ``{name}`` fields filled in."""
    pair = UI.get(key)
    text = display_name(key, lang) if pair is None else pair[0 if normalize(lang) == "zh" else 1]
    return text.format(**values) if values else text


def strings(lang: str) -> dict[str, str]:
    """Every UI string and bridge term in ``lang``: what the table page's script uses."""
    out = {key: display_name(key, lang) for key in TERMS}
    out.update({key: t(key, lang) for key in UI})
    return out
