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
    "game.chess": ("国际象棋", "chess"),
    "game.xiangqi": ("中国象棋", "xiangqi"),
    "game.renju": ("五子棋（连珠）", "gomoku (renju)"),
    "game.go": ("围棋", "go"),
    "side.white": ("白方", "White"),
    "side.black": ("黑方", "Black"),
    "side.red": ("红方", "Red"),
    "game.checkers": ("跳棋", "Chinese checkers"),
    "side.green": ("绿方", "Green"),
    "side.yellow": ("黄方", "Yellow"),
    "side.blue": ("蓝方", "Blue"),
    # results
    "result.win": ("{side}胜", "{side} wins"),
    "result.draw": ("和棋", "draw"),
    "result.place": ("{side}第{place}名", "{side} {place}."),
    # reasons (a finished game's)
    "reason.checkmate": ("将死", "checkmate"),
    "reason.stalemate": ("逼和（无子可动）", "stalemate"),
    "reason.no_moves": ("困毙（无子可动）", "no legal move (困毙)"),
    "reason.resignation": ("认输", "resignation"),
    "reason.time": ("超时", "loss on time"),
    "reason.time_draw": (
        "超时，但对方无法将死，和棋",
        "time ran out, but the opponent cannot checkmate: draw",
    ),
    "reason.agreement": ("双方同意和棋", "draw by agreement"),
    "reason.threefold": ("三次重复局面（申请）", "threefold repetition (claimed)"),
    "reason.fifty_moves": ("五十回合规则（申请）", "fifty-move rule (claimed)"),
    "reason.fivefold": ("五次重复局面", "fivefold repetition"),
    "reason.seventyfive_moves": ("七十五回合规则", "seventy-five-move rule"),
    "reason.insufficient_material": ("子力不足以将死", "insufficient material"),
    "reason.perpetual_check": ("长将，应变不变，判负", "perpetual check, not varied: loss"),
    "reason.perpetual_chase": ("长捉，应变不变，判负", "perpetual chase, not varied: loss"),
    "reason.repetition_draw": ("重复局面，双方不违例，判和", "repetition, no side forbidden: draw"),
    "reason.natural_limit": (
        "自然限着（六十回合未吃子），和棋",
        "move limit (60 moves without capture): draw",
    ),
    "reason.arbiter": ("裁判裁决", "arbiter's ruling"),
    "reason.five": ("连成五子", "five in a row"),
    "reason.forbidden": (
        "黑方禁手（{shape}），白方指出",
        "Black's forbidden move ({shape}), claimed by White",
    ),
    "reason.full_board": ("棋盘下满，和棋", "full board: draw"),
    "reason.score": (
        "数子：黑{black}子，白{white}子（黑贴{komi}子）",
        "area count: Black {black}, White {white} (Black gives {komi} stones of komi)",
    ),
    "reason.checkers_home": ("棋子全部跳入对角", "all ten pieces in the opposite point"),
    "reason.checkers_stopped": (
        "每方已走{limit}步，按到家先后及距离排名",
        "each player has made {limit} moves: placed by finishing order, then distance",
    ),
    "reason.forfeit": ("弃权（迟到或中途离席）", "forfeit (late or left the game)"),
    # renju shapes
    "shape.33": ("三三", "three-three"),
    "shape.44": ("四四", "four-four"),
    "shape.overline": ("长连", "overline"),
    "shape.ok": ("非禁手", "not forbidden"),
    # the arbiter's prompt (xiangqi repetition)
    "prompt.repetition": (
        "局面第三次重复：红方着法为「{red}」，黑方着法为「{black}」。本程序不自动裁决此种情形，"
        "请裁判依规则判定胜负或和棋。",
        "The position has occurred a third time: Red's moves were '{red}', Black's '{black}'. "
        "This case is not ruled automatically: the arbiter decides win, loss or draw by the rules.",
    ),
    "cycle.check": ("将", "checks"),
    "cycle.chase": ("捉", "chases"),
    "cycle.unclear": ("待定之捉", "attacks to be judged"),
    "cycle.idle": ("闲着", "idle moves"),
    # errors
    # the board-game table's page (web/templates/board.html, static/board.js)
    "page.board": ("棋桌", "board table"),
    "page.to_move": ("轮到{side}行棋", "{side} to move"),
    "page.your_move": ("轮到您行棋", "your move"),
    "page.waiting": ("等待双方入座", "waiting for both players to sit"),
    "page.sit": ("坐{side}", "sit as {side}"),
    "page.robot": ("机器人（{level}级）", "robot (level {level})"),
    "page.empty": ("空位", "empty"),
    "page.resign": ("认输", "resign"),
    "page.offer_draw": ("提和", "offer a draw"),
    "page.accept_draw": ("同意和棋", "accept the draw"),
    "page.decline_draw": ("拒绝和棋", "decline the draw"),
    "page.draw_offered": ("{side}提和", "{side} offers a draw"),
    "page.pass": ("停一手", "pass"),
    "page.moves": ("着法", "moves"),
    "page.board_label": (
        "棋盘：用方向键移动，回车选择",
        "board: arrow keys to move, Enter to choose",
    ),
    "page.selected": ("已选{point}", "{point} selected"),
    "page.spectator": ("您在观战", "you are watching"),
    "page.confirm_resign": ("确定认输吗？", "resign this game?"),
    "page.connecting": ("连接中…", "connecting…"),
    "page.promote": ("升变为：", "promote to:"),
    "page.piece_q": ("后", "queen"),
    "page.piece_r": ("车", "rook"),
    "page.piece_b": ("象", "bishop"),
    "page.piece_n": ("马", "knight"),
    "page.claim-threefold": ("申请三次重复和棋", "claim a draw: threefold repetition"),
    "page.claim-fifty": ("申请五十回合和棋", "claim a draw: fifty-move rule"),
    "page.claim": ("指出黑方禁手", "point out Black's forbidden move"),
    "page.accept-dead": ("同意死子", "agree the dead stones"),
    "page.resume": ("继续对局", "resume play"),
    "page.boards_title": ("棋类对局", "board games"),
    "page.open_board": ("开一局", "open a game"),
    "page.game": ("棋种", "game"),
    "page.opponent": ("对手", "opponent"),
    "page.a_person": ("真人（等人入座）", "a person (wait for one to sit)"),
    "page.robot_level": ("机器人 {level} 级", "robot, level {level}"),
    "page.my_side": ("我执", "I play"),
    "page.minutes": ("每方用时（分钟，空：不计时）", "minutes each (empty: no clock)"),
    "page.increment": ("每步加秒", "seconds added a move"),
    "page.size": ("围棋路数", "go board size"),
    "page.periods": ("读秒次数", "byo-yomi periods"),
    "page.period": ("每次读秒（秒）", "seconds a period"),
    "page.byoyomi": ("读秒 {n}×{s}秒", "byo-yomi {n}×{s}s"),
    "page.none_open": ("暂无对局", "no games in play"),
    "page.watch": ("进入", "open"),
    "page.first": (
        "先手（白方、红方；五子棋与围棋为黑方）",
        "first (White, Red; Black in renju and go)",
    ),
    "page.second": ("后手", "second"),
    # a board-game table's refusals (server/board_table.py)
    "table.not_set_up": ("此桌尚未设定棋种", "this table has no game set up yet"),
    "table.set_up_once": (
        "棋种只在开桌时由服务器设定一次",
        "the game is set up once, by the server",
    ),
    "table.unknown_game": (
        "没有「{game}」这一棋种（可选：{games}）",
        "no game {game!r} (one of: {games})",
    ),
    "table.bad_settings": ("棋局设定有误：{detail}", "the game's settings are wrong: {detail}"),
    "table.log_in": ("请先登录", "log in first"),
    "table.not_seated": ("您未在此桌就座", "you do not sit at this table"),
    "table.no_leaving": (
        "对局进行中不能离座，请先认输（{rule}：中途退场判负）",
        "you may not leave a game in progress: resign first ({rule}: leaving midway loses)",
    ),
    "table.not_started": ("双方坐齐后对局才开始", "the game starts once both seats are taken"),
    "table.draw_word": (
        "提和只能是 offer、accept 或 decline",
        "a draw answer is one of: offer, accept, decline",
    ),
    "table.not_your_turn": ("还没轮到您行棋（{rule}）", "it is not your turn to move ({rule})"),
    "table.bad_seat": ("座位只能是 0 或 1", "the seat must be 0 or 1"),
    "table.seated_already": ("您已在此桌就座", "you already sit at this table"),
    "table.seat_taken": ("该座位已有人", "that seat is taken"),
    "error.game_over": ("对局已结束", "the game is over"),
    "error.not_your_turn": ("未轮到{side}行棋", "it is not {side}'s turn"),
    "error.illegal_move": ("{move}不合规则：{why}", "{move} is not legal: {why}"),
    "error.bad_move_text": ("看不懂着法「{text}」：{why}", "cannot read the move {text!r}: {why}"),
    "error.bad_position": ("局面不合法：{why}", "not a valid position: {why}"),
    "error.occupied": ("{point}已有棋子", "{point} is already occupied"),
    "error.off_board": ("{point}不在棋盘上", "{point} is not on the board"),
    "error.suicide": ("{point}是禁着点（自杀）", "{point} would be suicide (no liberties)"),
    "error.superko": ("{point}造成全局同形再现", "{point} repeats an earlier whole-board position"),
    "error.no_claim": ("没有可以申请的{what}", "there is no {what} to claim"),
    "error.no_offer": ("对方没有提和", "there is no draw offer to accept"),
    "error.claim_late": (
        "黑方禁手须在白方落子前指出；白方已经继续应子",
        "Black's forbidden move must be pointed out before White moves; White has moved on",
    ),
    "error.not_forbidden": ("黑方上一手不是禁手", "Black's last move is not forbidden"),
    "error.not_marking": ("不在点目（提死子）阶段", "not in the dead-stone marking phase"),
    "error.marking": (
        "正在点目，请提议死子、同意或恢复对局",
        "marking dead stones: propose, accept or resume",
    ),
    "error.no_stone": ("{point}没有棋子", "there is no stone at {point}"),
    "error.not_arbiter": ("此时不需要裁判裁决", "no ruling is awaited from the arbiter"),
    "error.awaiting_arbiter": ("等待裁判裁决", "awaiting the arbiter's ruling"),
    "error.offer_own": ("不能接受自己的提和", "a player cannot accept their own draw offer"),
    # why a move or position is refused (the field "why" of the errors above)
    "why.not_a_move": ("不是着法", "not a move"),
    "why.king_in_check": ("走后本方的王处于被将军状态", "it leaves the king in check"),
    "why.castling": ("此时不能王车易位", "castling is not allowed here"),
    "why.no_piece": ("该处没有行棋方的棋子", "no piece of the side to move stands there"),
    "why.piece_move": ("该棋子不能这样走", "the piece does not move that way"),
    "why.no_such_claim": ("没有这种申请", "no such claim"),
    "why.not_uci_san": (
        "既不是 UCI 也不是合法的 SAN（{detail}）",
        "neither UCI nor legal SAN ({detail})",
    ),
    "why.no_pgn": ("没有 PGN 对局", "no PGN game"),
    "why.board_size": ("棋盘{size}路：只能是 9、13 或 19 路", "board size {size}: 9, 13 or 19"),
    "why.komi": ("贴目{komi}：须为整数或半数", "komi {komi}: a whole or half number"),
    "why.not_a_point": ("不是棋盘上的点", "not a point"),
    "why.record_size": (
        "棋谱是{record}路，对局是{game}路",
        "the record is {record}x{record}, the game {game}x{game}",
    ),
    "why.out_of_turn": ("{color}不该此时行棋", "{color} to play out of turn"),
    "why.first_stone": ("黑方第一手须下在天元（h8）", "Black's first stone is on 天元 (h8)"),
    "why.no_stone": ("没有落子", "no stone"),
    "why.side_in_check": ("不行棋的一方正被将军", "the side not to move is in check"),
    "why.ruling": ("裁决只能是 1-0、0-1 或 1/2-1/2", "a ruling is 1-0, 0-1 or 1/2-1/2"),
    "why.xiangqi_text": (
        "既不是 ICCS 着法（h2e2），也不是本局面合法的中文（炮二平五）或 WXF（C2.5）着法",
        "neither ICCS (h2e2) nor a legal move in Chinese (炮二平五) or WXF (C2.5)",
    ),
    "why.send_king": (
        "走后本方帅（将）被攻击或与对方帅（将）照面（送将）",
        "it leaves one's own king attacked or facing the other (送将)",
    ),
    "why.ambiguous": (
        "可指多步着法（{moves}），请用 ICCS",
        "names more than one move ({moves}): use ICCS",
    ),
    "why.xq_K": (
        "帅（将）只能在九宫内直走一步",
        "帅/将 moves one step along a line inside the palace",
    ),
    "why.xq_A": (
        "仕（士）只能在九宫内斜走一步",
        "仕/士 moves one step diagonally inside the palace",
    ),
    "why.xq_B": (
        "相（象）斜走两步（走田字），不能过河，象眼被塞不能走",
        "相/象 moves two points diagonally, not across the river, "
        "and not over a blocked eye (塞象眼)",
    ),
    "why.xq_N": (
        "马走日字（先直一步再斜一步），马腿被绊不能走",
        "马 moves one point along a line and one diagonally, not over a blocked leg (蹩马腿)",
    ),
    "why.xq_R": ("车沿直线走，不能越过棋子", "车 moves along a line over empty points"),
    "why.xq_C": (
        "炮走法同车，吃子须隔一子（炮架）",
        "炮 moves as 车 and captures over exactly one screen (炮架)",
    ),
    "why.xq_P": (
        "兵（卒）向前走一步，过河后才可横走",
        "兵/卒 moves one point forward, sideways only after crossing the river",
    ),
    "error.pass_with_moves": ("有棋可走时不能停一手", "a player with a legal move may not pass"),
    "error.draw_two_players": ("只有两人对局可以提和", "draw offers are for two players only"),
    "error.bad_setting": ("设定{name}不可为{value}", "the setting {name} cannot be {value}"),
    "error.bad_card": ("看不懂牌「{text}」：{why}", "cannot read the card {text!r}: {why}"),
    "error.too_many_copies": (
        "两副牌中{card}只有两张，不能有{count}张",
        "two decks hold two of {card}, not {count}",
    ),
    "error.bad_trump": (
        "主牌花色「{text}」应为 S、H、D、C 或 NT（无主）",
        "the trump suit {text!r} should be S, H, D, C or NT (no trump)",
    ),
    "error.mixed_throw": (
        "甩牌须同一门（全是主或同一副牌花色）：{cards}",
        "a throw is of one suit (all trumps or one side suit): {cards}",
    ),
    "error.follow_count": ("应出{n}张，出了{count}张", "{n} cards are to be played, not {count}"),
    "error.not_in_hand": ("手中没有这些牌：{cards}", "the hand does not hold {cards}"),
    "error.follow_suit": (
        "有首家那一门的牌须跟出",
        "follow the led suit as far as the hand holds it",
    ),
    "error.follow_pairs": (
        "首家出对，有对须跟对（应跟{n}对）",
        "pairs led are followed with pairs as far as the hand holds them ({n} here)",
    ),
    "error.follow_tractor": (
        "首家出拖拉机，有拖拉机须跟（{n}对连）",
        "a tractor led is followed with a tractor when the hand holds one ({n} pairs)",
    ),
    "error.bad_points": ("分数{points}不是5的倍数", "{points} points is not a multiple of 5"),
    "error.bad_declaration": ("{cards}不能亮主：{why}", "{cards} cannot be declared: {why}"),
    "error.weak_declaration": ("亮主无效：{why}", "the declaration does not stand: {why}"),
    "error.junqi_piece": ("没有「{piece}」这种棋子", "no such piece: {piece}"),
    "error.junqi_immobile": ("{piece}不能移动", "a {piece} never moves"),
    "error.junqi_off_half": ("{point}不在本方阵地", "{point} is not on the side's half"),
    "error.junqi_camp_at_start": (
        "布阵时行营{point}须空着",
        "the camp {point} stays empty at the start",
    ),
    "error.junqi_bomb_front": (
        "炸弹不能放在第一排（{point}）",
        "a 炸弹 (bomb) may not stand in the first row ({point})",
    ),
    "error.junqi_mine_back": (
        "地雷只能放在最后两排（{point}）",
        "a 地雷 (mine) stands only in the last two rows ({point})",
    ),
    "error.junqi_flag_hq": (
        "军旗只能放在大本营（{point}）",
        "the 军旗 (flag) stands only in a headquarters ({point})",
    ),
    "error.junqi_count": (
        "{piece}应有{n}个，布了{count}个",
        "{n} of {piece} are deployed, not {count}",
    ),
    "error.junqi_surrender_early": (
        "前{n}步不能投降（现在第{moves}步）",
        "no surrender in the first {n} moves (this is move {moves})",
    ),
    "error.unknown_game": ("没有这种棋：{name}", "no such game: {name}"),
}


def text(key: str, lang: str = "en", **fields: object) -> str:
    """The string ``key`` in ``lang`` ("zh-CN" or "en") with ``fields`` filled in.

    >>> text("result.win", "zh-CN", side=text("side.red", "zh-CN"))
    '红方胜'
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
