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
from typing import Any

from ..bridge.names import TERMS, display_name
from . import display, errors

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
    "close_table_confirm": (
        "关闭这张牌桌？正在打的牌不再继续，已打完的牌谱仍可查看。",
        "Close this table? The board in play ends here; finished boards' hand records stay.",
    ),
    "claim_prompt": ("要求再赢几墩（剩余{n}墩）", "Tricks you claim of the {n} left"),
    "claim_statement_label": (
        "打法说明（《桥牌规则》第68条C款）",
        "Your line of play (Law 68C)",
    ),
    "claim_statement_hint": ("例如：先清将，再兑现梅花", "e.g. draw trumps, then run the clubs"),
    "claim_statement": ("摊牌说明：{text}", "Claimer's statement: {text}"),
    "claim_pending": (
        "{seat}摊牌，要求剩余牌中赢{n}墩",
        "{seat} claims {n} of the remaining tricks",
    ),
    "claim_ruled": (
        "{seat}不同意摊牌，裁定庄家方在剩余牌中赢{n}墩（要求{claimed}墩）",
        "{seat} disputed the claim: declarer's side is given {n} of the remaining tricks"
        " ({claimed} claimed)",
    ),
    "accept": ("同意", "Accept"),
    "reject": ("拒绝", "Reject"),
    "connected": ("已连接", "Connected"),
    "reconnecting": ("连接中断，正在重连…", "Connection lost: reconnecting…"),
    "reload_page": (
        "服务器已更新：请刷新本页",
        "The server has been updated: reload this page",
    ),
    "invite_link": ("邀请链接", "Invitation link"),
    "new_invite": ("换新链接（旧链接作废）", "New link (the old one stops working)"),
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
    "board_over": ("本副结束", "Board over"),
    "error": ("出错了", "Error"),
    "open_table": ("进入", "Open"),
    "private_tag": ("私人", "private"),
    "players": ("玩家", "Players"),
    "table": ("牌桌", "Table"),
    "table_closed": ("牌桌已关闭", "This table is closed"),
    "play_paused": ("裁判已暂停比赛", "The director has paused play"),
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
    "seat_policy": ("谁可以入座", "Who may sit"),
    "seat_open": ("任何人", "Anyone"),
    "seat_invitation": ("凭邀请链接", "By invitation link"),
    "seat_consent": ("须经开桌人同意", "With the owner's consent"),
    "robot_meanings": (
        "显示机器人同伴叫品的含义（仅限休闲桌，比赛中不显示）",
        "Show what a robot partner's calls mean (casual tables only, never in events)",
    ),
    "robot_meanings_on": ("显示机器人同伴叫品含义", "Robot partner's meanings shown"),
    "seat_tag_open": ("任何人可入座", "Anyone may sit"),
    "seat_tag_invitation": ("凭邀请入座", "Seats by invitation"),
    "seat_tag_consent": ("入座须经开桌人同意", "Seats with the owner's consent"),
    "ask_to_sit": ("请求入座", "Ask to sit"),
    "seat_asked": ("{name}请求坐{seat}", "{name} asks to sit {seat}"),
    "seat_waiting": ("等待开桌人同意你坐{seat}", "Waiting for the owner to let you sit {seat}"),
    "seat_accepted": ("开桌人同意{name}坐{seat}", "The owner lets {name} sit {seat}"),
    "seat_refused": (
        "开桌人拒绝了{name}坐{seat}的请求",
        "The owner refuses {name} the seat {seat}",
    ),
    "let_sit": ("同意", "Let them sit"),
    "refuse_sit": ("拒绝", "Refuse"),
    "undo_declined": ("不能撤回：{why}", "No undo: {why}"),
    "clock": ("用时", "Time"),
    # the live table: card and call names for screen readers, the last trick, notices, keys
    "card_name": ("{suit}{rank}", "{rank} of {suit}"),
    "call_name": ("{level}{strain}", "{level} {strain}"),
    "seat_card": ("{seat}：{card}", "{seat}: {card}"),
    "n_cards": ("{n}张牌", "{n} cards"),
    "trick_area": ("本墩", "Current trick"),
    "last_trick": ("上一墩", "Last trick"),
    "last_trick_won": ("上一墩（{seat}赢）", "Last trick (won by {seat})"),
    "no_last_trick": ("还没有打完的墩", "No trick finished yet"),
    "vulnerable": ("有局", "vulnerable"),
    "four_colours": ("四色牌", "Four-colour deck"),
    "claim_accepted": ("{seat}同意摊牌", "{seat} accepts the claim"),
    "claim_rejected": ("{seat}不同意摊牌，继续打牌", "{seat} disputes the claim: play goes on"),
    "claim_made": ("{seat}摊牌，要求剩余牌中赢{n}墩", "{seat} claims {n} of the remaining tricks"),
    "undo_accepted": ("{seat}同意撤回", "{seat} agrees to the undo"),
    "undo_refused": ("{seat}拒绝撤回，继续", "{seat} refuses the undo: play goes on"),
    "undo_done": ("已撤回{seat}的 {what}", "{seat}'s {what} is taken back"),
    "keys": ("键盘操作", "Keyboard"),
    "keys_help": (
        "叫牌：键入 1h、2n、p（不叫）、x（加倍）、xx（再加倍），回车确认。"
        "出牌：键入花色和点数如 hq（红心Q），只有一门花色可出时只需点数，回车出牌。"
        "方向键在手牌或叫牌盒内移动；L 查看上一墩；Esc 返回。",
        "Bidding: type 1h, 2n, p (pass), x (double), xx (redouble), then Enter. "
        "Play: type suit and rank, such as hq (queen of hearts), or the rank alone when the suit"
        " is forced, then Enter. The arrow keys move within the hand or the bidding box; L shows"
        " the last trick; Esc goes back.",
    ),
    # events (瑞士移位自动双人赛): /events, /events/new, /events/{id}, its boards, /players/{name}
    "ev_events": ("比赛", "Events"),
    "ev_results_home": ("比赛与成绩", "Events and results"),
    "ev_create": ("创建比赛", "Create an event"),
    "ev_login_to_create": (
        "用账号登录后即可创建比赛（游客不能）。",
        "Log in with an account to create an event (guests cannot).",
    ),
    "ev_home_note": (
        "瑞士移位自动双人赛：与同伴举手报名，按时开赛，单数对由机器人补齐，成绩实时更新。",
        "Automatic Swiss pairs: raise your hand with a partner to register; rounds start on"
        " the clock, robots fill an odd field, and the results update live.",
    ),
    "ev_upcoming": ("报名中", "Open for registration"),
    "ev_running": ("进行中", "In progress"),
    "ev_recent": ("最近结束", "Recently over"),
    "ev_none": ("暂无", "None at the moment"),
    "ev_pairs_count": ("{n}对", "{n} pairs"),
    # -- team events (server/teams_pages.py) ------------------------------------------------
    "tm_events": ("队式赛", "Team events"),
    "tm_format_teams": ("VP队式赛", "VP team match"),
    "tm_format_round-robin": ("循环赛", "Round robin"),
    "tm_format_swiss-teams": ("瑞士移位队式赛", "Swiss teams"),
    "tm_format_knockout": ("淘汰赛", "Knockout"),
    "tm_teams": ("参赛队与队员", "Teams and rosters"),
    "tm_team": ("队伍", "Team"),
    "tm_captain": ("队长", "captain"),
    "tm_robot": ("机器人", "robot"),
    "tm_members": ("队员", "Members"),
    "tm_no_teams": ("还没有队伍报名。", "No team has entered yet."),
    "tm_rounds": ("各轮比赛", "Rounds and matches"),
    "tm_match": ("比赛", "Match"),
    "tm_home": ("主队", "Home"),
    "tm_away": ("客队", "Away"),
    "tm_open_room": ("开室", "Open room"),
    "tm_closed_room": ("闭室", "Closed room"),
    "tm_rooms_note": (
        "开室主队坐南北，闭室主队坐东西。",
        "In the open room the home team sits North-South, in the closed room East-West.",
    ),
    "tm_scorecard": ("记分表", "Scorecard"),
    "tm_board": ("牌号", "Board"),
    "tm_result": ("定约与结果", "Contract and result"),
    "tm_ns_score": ("南北得分", "NS score"),
    "tm_imps_home": ("主队IMP", "Home IMPs"),
    "tm_imps_away": ("客队IMP", "Away IMPs"),
    "tm_running": ("累计", "Running total"),
    "tm_total": ("合计", "Total"),
    "tm_carry_over": ("带分", "Carry-over"),
    "tm_vp": ("胜利分", "VPs"),
    "tm_imps_for": ("得IMP", "IMPs won"),
    "tm_imps_against": ("失IMP", "IMPs lost"),
    "tm_not_yet": ("两室都打完后公布", "Shown once both rooms have finished it"),
    "tm_played_rooms": (
        "开室已打{o}副，闭室已打{c}副",
        "Open room {o}, closed room {c} boards played",
    ),
    "tm_standings": ("排名", "Standings"),
    "tm_standings_note": (
        "按胜利分排名，其次为相关队之间的胜利分，再次为IMP商。只计已结束的轮次。",
        "Ranked by VPs, then the VPs among the tied teams, then the IMP quotient;"
        " rounds over only.",
    ),
    "tm_bracket": ("淘汰赛对阵图", "Knockout bracket"),
    "tm_bye": ("轮空", "bye"),
    "tm_tbd": ("待定", "to be decided"),
    "tm_byes": ("轮空", "Byes"),
    "tm_lineups": ("上场阵容", "Line-ups"),
    "tm_segment_n": ("第{n}节", "Segment {n}"),
    "tm_ruling": ("裁判判定", "Director's ruling"),
    "tm_live_tables": ("进入牌桌", "Live tables"),
    "tm_winner": ("胜队", "Winner"),
    "tm_stage_final": ("决赛", "final"),
    "tm_stage_semi-final": ("半决赛", "semi-final"),
    "tm_stage_quarter-final": ("四分之一决赛", "quarter-final"),
    "tm_stage_round": ("{n}强赛", "round of {n}"),
    "tm_no_round_over": ("还没有结束的轮次。", "No round is over yet."),
    "tm_your_table": ("进入你的牌桌（{room}）", "Go to your table ({room})"),
    "ev_status_registration": ("报名中", "Registration open"),
    "ev_status_running": ("比赛中", "In progress"),
    "ev_status_finished": ("已结束", "Finished"),
    "ev_status_cancelled": ("已取消", "Cancelled"),
    "ev_paused": ("暂停中", "paused"),
    "ev_paused_note": (
        "裁判已暂停比赛，计时停止。",
        "The director has paused the event: the clocks are stopped.",
    ),
    "ev_swiss_pairs": ("瑞士移位双人赛", "Swiss pairs"),
    "ev_format": ("赛制", "Format"),
    "ev_rounds": ("轮数", "Rounds"),
    "ev_rounds_value": ("{rounds}轮 × 每轮{boards}副", "{rounds} rounds × {boards} boards"),
    "ev_boards_per_round": ("每轮副数", "Boards per round"),
    "ev_round_minutes": ("每轮时间（分钟）", "Minutes per round"),
    "ev_break_minutes": ("轮间休息（分钟）", "Break between rounds (minutes)"),
    "ev_completion_percent": (
        "排名门槛（完成副数的百分比）",
        "Ranking threshold (% of the boards completed)",
    ),
    "ev_odd_field": ("单数对时", "Odd number of pairs"),
    "ev_robot_fill": ("由机器人对补齐", "A robot pair fills the field"),
    "ev_bye": ("轮空", "Bye"),
    "ev_bye_score": ("轮空得分", "Score for a bye"),
    "ev_bye_average": ("平均分（0 IMP / 50%）", "Average (0 IMPs / 50%)"),
    "ev_bye_average_plus": ("平均分加（+3 IMP / 60%）", "Average-plus (+3 IMPs / 60%)"),
    "ev_bye_own_average": ("本对的平均分", "The pair's own average"),
    # an event's scoring, by its setting's value: the bridge terms' names
    "ev_scoring_ximp": TERMS["ximp"],
    "ev_scoring_imp": TERMS["butler"],
    "ev_scoring_mp": TERMS["mp"],
    "ev_name": ("比赛名称", "Event name"),
    "ev_name_example": ("周二晚瑞士移位", "Tuesday evening Swiss"),
    "ev_start": ("开始时间", "Start"),
    "ev_start_note": ("按你的当地时间", "In your local time"),
    "ev_form_note": (
        "报名在开始时截止；不足两对则比赛取消。",
        "Registration closes at the start; with fewer than two pairs the event is cancelled.",
    ),
    "ev_fix_these": ("请改正以下内容：", "Please correct the following:"),
    "ev_err_name": ("请填写比赛名称（1–80个字）。", "Give the event a name (1 to 80 characters)."),
    "ev_err_start": ("请填写开始的日期和时间。", "Give the start's date and time."),
    "ev_err_start_past": ("开始时间必须晚于现在。", "The start must be later than now."),
    "ev_err_range": (
        "{field}须为{lo}到{hi}之间的{kind}。",
        "{field} must be a {kind} from {lo} to {hi}.",
    ),
    "ev_whole_number": ("整数", "whole number"),
    "ev_number": ("数", "number"),
    "ev_err_choice": ("请选择{field}。", "Choose one of the offered values for {field}."),
    "ev_err_create": ("无法创建比赛：{message}", "The event could not be created: {message}"),
    "ev_no_such_event": ("没有这场比赛。", "There is no such event."),
    "ev_no_such_board": (
        "本场比赛还没有打过第{n}副。",
        "Board {n} has not been played in this event.",
    ),
    "ev_board_in_play": (
        "第{n}副所在的一轮还在进行，本轮结束后才能查看。",
        "Board {n} is in the round being played: it can be seen once the round is over.",
    ),
    "ev_board_to_play": (
        "你还要打第{n}副：打完后才能查看。",
        "You have still to play board {n}: it can be seen once you have played it.",
    ),
    "ev_no_such_player": ("没有名为 {name} 的选手。", "No player is named {name}."),
    "ev_action_failed": ("操作未完成：{message}", "That did not go through: {message}"),
    "ev_starts": ("开始于", "Starts"),
    "ev_started": ("开始于", "Started"),
    "ev_time_left": ("还有 {t}", "in {t}"),
    "ev_round_of": ("第{n}轮（共{total}轮）", "Round {n} of {total}"),
    "ev_round_n": ("第{n}轮", "Round {n}"),
    "ev_round": ("轮次", "Round"),
    "ev_round_ends": ("本轮结束于", "The round ends at"),
    "ev_next_round": ("下一轮开始于", "The next round starts at"),
    "ev_registration_room": ("报名室", "Registration room"),
    "ev_login_to_register": (
        "用账号登录后才能报名（游客不能参赛）。",
        "Log in with an account to register (guests cannot enter events).",
    ),
    "ev_registered_with": (
        "你已与{partner}报名，第{n}对。",
        "You are registered with {partner}: pair {n}.",
    ),
    "ev_unregister": ("取消报名", "Unregister"),
    "ev_asks_you": ("{name}邀请你做同伴", "{name} asks you to be their partner"),
    "ev_confirm": ("确认", "Confirm"),
    "ev_decline": ("谢绝", "Decline"),
    "ev_waiting_partner": (
        "已举手，等待{name}确认。",
        "Hand raised: waiting for {name} to confirm.",
    ),
    "ev_lower_hand": ("放下手", "Lower your hand"),
    "ev_partner": ("同伴", "Partner"),
    "ev_raise_hand": ("举手报名", "Raise your hand"),
    "ev_raise_hand_note": (
        "填写同伴的用户名；同伴也举手选你后即报名成功。",
        "Name your partner's account; once your partner raises a hand naming you, you are"
        " registered.",
    ),
    "ev_pairs_registered": ("已报名", "Registered pairs"),
    "ev_no_pairs": ("还没有人报名。", "No pairs yet."),
    "ev_hands": ("举手中", "Hands raised"),
    "ev_hand_line": ("{player} → {partner}（等待确认）", "{player} → {partner} (waiting)"),
    "ev_robot_pair": ("机器人", "Robots"),
    "ev_your_table": ("你现在的牌桌", "Your table now"),
    "ev_table_n": ("第{n}桌", "Table {n}"),
    "ev_direction": ("方向", "Direction"),
    "ev_opponents": ("对手", "Opponents"),
    "ev_go_to_table": ("进入牌桌", "Go to your table"),
    "ev_bye_round": ("第{n}轮你们轮空。", "You have a bye in round {n}."),
    "ev_wait_next_round": ("等待下一轮编排。", "Waiting for the next round to be seated."),
    "ev_withdraw": ("退赛", "Withdraw"),
    "ev_confirm_withdraw": (
        "确定退赛吗？本轮打完后你们将不再被编排，无法撤回。",
        "Withdraw for good? You play out this round and are not seated again.",
    ),
    "ev_confirm_cancel": (
        "确定取消比赛吗？已打的成绩保留，不再授予大师分，无法撤回。",
        "Cancel the event for good? Results so far are kept; no masterpoints are awarded.",
    ),
    "ev_withdrawn": ("第{n}轮后退赛", "withdrew after round {n}"),
    "ev_standings": ("实时排名", "Live standings"),
    "ev_final_standings": ("最终成绩", "Final standings"),
    "ev_provisional": ("按已结束的轮次计算。", "After the rounds over so far."),
    "ev_threshold": (
        "完成 {n} 副（共{total}副的{pct}%）及以上才排名次。",
        "Ranked from {n} of {total} boards completed ({pct}%).",
    ),
    "ev_rank": ("名次", "Rank"),
    "ev_pair": ("对号", "Pair"),
    "ev_total": ("总分", "Total"),
    "ev_boards_completed": ("完成副数", "Boards"),
    "ev_masterpoints": ("大师分", "Masterpoints"),
    "ev_points_note_ximp": (
        "每副得分为交叉IMP；点击得分查看该副各桌成绩。",
        "Board scores are cross-IMPs: click one to compare that board across the tables.",
    ),
    "ev_points_note_imp": (
        "每副得分为对平均分 (Butler) 的IMP；点击得分查看该副各桌成绩。",
        "Board scores are IMPs against the datum (Butler): click one to compare that board"
        " across the tables.",
    ),
    "ev_points_note_mp": (
        "每副得分为比赛分百分比，总分为平均百分比；点击得分查看该副各桌成绩。",
        "Board scores are matchpoint percentages and the total is their average: click one to"
        " compare that board across the tables.",
    ),
    "ev_no_round_over": ("还没有结束的轮次。", "No round is over yet."),
    "ev_rounds_tables": ("各轮对阵", "Rounds and tables"),
    "ev_no_rounds": ("尚未开赛。", "No round yet."),
    "ev_in_play": ("进行中", "in play"),
    "ev_boards_done": ("已完成 {n}/{total} 副", "{n} of {total} boards done"),
    "ev_not_played": ("未打", "not played"),
    "ev_byes": ("轮空", "Byes"),
    "ev_board_n": ("第{n}副", "Board {n}"),
    "ev_director_controls": ("裁判操作", "Director's controls"),
    "ev_robot_pairs_count": ("机器人对数", "Robot pairs"),
    "ev_add_robots": ("加入机器人对", "Add robot pairs"),
    "ev_reason": ("原因", "Reason"),
    "ev_pause": ("暂停比赛", "Pause"),
    "ev_resume": ("继续比赛", "Resume"),
    "ev_cancel": ("取消比赛", "Cancel the event"),
    "ev_notes": ("比赛记录", "Event notes"),
    "ev_settings": ("比赛设置", "Settings"),
    "ev_board_comparison": ("各桌成绩对比", "Board comparison"),
    "ev_prev_board": ("‹ 上一副", "‹ Previous board"),
    "ev_next_board": ("下一副 ›", "Next board ›"),
    "ev_deal": ("牌型", "The deal"),
    "ev_points_ns": ("南北{unit}", "N-S {unit}"),
    "ev_points_ew": ("东西{unit}", "E-W {unit}"),
    "ev_player": ("选手", "Player"),
    "ev_total_masterpoints": ("大师分", "Masterpoints"),
    "ev_awards_count": ("获奖次数", "Awards"),
    "ev_awards": ("大师分记录", "Masterpoint awards"),
    "ev_history": ("参赛记录", "Events entered"),
    "ev_no_history": ("还没有参加过比赛。", "No events entered yet."),
    "ev_events_entered": ("参赛场次", "Events entered"),
    "my_profile": ("我的资料", "My profile"),
    "play_now": ("马上和机器人打牌", "Play with robots now"),
    "play_now_note": (
        "不用注册：以游客身份坐南家，三位机器人作同伴和对手。",
        "No sign-up: you sit South as a guest, robots are your partner and opponents.",
    ),
    "play_now_note_user": (
        "坐南家，三位机器人作同伴和对手。",
        "You sit South; robots are your partner and opponents.",
    ),
    "password_rule": ("密码8到128个字符。", "A password is 8 to 128 characters long."),
    "level_0": (
        "按叫牌体系和经验规则，出牌快",
        "bids by its system, plays by rules of thumb; fast",
    ),
    "level_1": (
        "按叫牌体系，用双明手模拟选牌（每张约1秒）",
        "bids by its system, plays by double-dummy simulation (about 1 s a card)",
    ),
    "level_2": (
        "同1级，模拟更多牌局，更强也更慢（每张约4秒）",
        "as level 1 with more simulated deals: stronger, slower (about 4 s a card)",
    ),
    "copy": ("复制", "Copy"),
    "copied": ("已复制", "Copied"),
    "back_to_event": ("返回比赛", "Back to the event"),
    "round_n": ("第{n}轮", "Round {n}"),
    "board_of": ("本轮第{k}/{n}副", "board {k} of {n}"),
    "time_left": ("剩余 {t}", "{t} left"),
    "ev_no_awards": ("还没有获得大师分。", "No masterpoints yet."),
    "ev_event": ("比赛", "Event"),
    "ev_date": ("日期", "Date"),
    # the event's log (web/event_notes.py)
    "note_registered": ("第{n}对报名：{pair}", "Pair {n} registered: {pair}"),
    "note_declined": ("{player}谢绝了{asker}的邀请", "{player} declined {asker}'s request"),
    "note_unregistered": ("第{n}对（{pair}）取消报名", "Pair {n} ({pair}) unregistered"),
    "note_cancelled_start": (
        "开赛时只有{k}对报名，比赛取消",
        "Cancelled at the start: {k} pair(s) registered",
    ),
    "note_registration_closed": ("报名截止，共{k}对", "Registration closed with {k} pairs"),
    "note_rematches": ("第{n}轮：{k}次重复对阵无法避免", "Round {n}: {k} rematch(es) unavoidable"),
    "note_round_closed": ("第{n}轮结束", "Round {n} closed"),
    "note_round_closed_cut": (
        "第{n}轮结束：{k}副未打",
        "Round {n} closed: {k} board(s) not played",
    ),
    "note_finished": ("比赛结束", "Event finished"),
    "note_withdrew": (
        "第{n}对（{pair}）在第{r}轮后退赛",
        "Pair {n} ({pair}) withdrew after round {r}",
    ),
    "note_paused": ("裁判暂停比赛", "Paused by the director"),
    "note_paused_why": ("裁判暂停比赛：{reason}", "Paused by the director: {reason}"),
    "note_resumed": ("裁判恢复比赛（暂停了{time}）", "Resumed by the director after {time}"),
    "note_cancelled": ("裁判取消比赛", "Cancelled by the director"),
    "note_cancelled_why": ("裁判取消比赛：{reason}", "Cancelled by the director: {reason}"),
    "note_cancelled_start_why": ("开赛时取消：{why}", "Cancelled at the start: {why}"),
    "note_movement": (
        "{movement}，{k}对：{rounds}轮，每轮{per}副",
        "{movement} for {k} pairs: {rounds} rounds of {per} boards",
    ),
    "note_ruled": ("{by}裁定：{what}（{reason}）", "{by} ruled: {what} ({reason})"),
    "note_adjusted": (
        "第{r}轮第{t}桌第{b}副：{adjustment}",
        "Round {r}, table {t}, board {b}: {adjustment}",
    ),
    "note_penalty": (
        "第{n}对（{pair}）：程序判罚 {points}",
        "Pair {n} ({pair}): procedural penalty of {points}",
    ),
    "note_substitute": ("第{n}对：{new}替补{player}", "Pair {n}: {new} substitutes for {player}"),
    "note_robots_play": (
        "第{n}对（{pair}）：由机器人代打",
        "Pair {n} ({pair}): robots play for it",
    ),
    "note_withdrawn": ("第{n}对（{pair}）被撤出", "Pair {n} ({pair}) withdrawn"),
    "note_director_named": ("{new}被任命为裁判", "{new} named a director"),
    "note_appointed": ("任命", "appointed"),
    "adj_artificial": ("人为调整分 南北{ns} / 东西{ew}", "artificial score: {ns} NS / {ew} EW"),
    "adj_assigned": ("指定调整分 {result}", "assigned score {result}"),
    "adj_corrected": ("更正成绩 {result}", "corrected result {result}"),
    "adj_average": ("平均分", "average"),
    "adj_average-plus": ("平均分加", "average-plus"),
    "adj_average-minus": ("平均分减", "average-minus"),
    "warn_rematches": (
        "{pairs}对打{rounds}轮：只有{limit}轮能不重复对阵",
        "{rounds} rounds with {pairs} pairs: only {limit} rounds can be played without two pairs"
        " meeting twice",
    ),
    # -- events: formats and the director's rulings (#17) ---------------------------------
    "ev_format_swiss": ("瑞士移位自动双人赛", "Automatic Swiss pairs"),
    "ev_format_mitchell": ("双人赛·双冠军（米切尔移位）", "Pairs, two winners (Mitchell)"),
    "ev_format_howell": ("双人赛·单冠军（豪威尔移位）", "Pairs, one winner (Howell)"),
    "ev_board": ("牌号", "Board"),
    "ev_adjust": ("给调整分", "Adjust the score"),
    "ev_adj_average-plus": ("平均分加 (60%/+3)", "Average-plus (60%/+3)"),
    "ev_adj_average": ("平均分 (50%/0)", "Average (50%/0)"),
    "ev_adj_average-minus": ("平均分减 (40%/-3)", "Average-minus (40%/-3)"),
    "ev_rulings": ("裁判判罚记录", "The director's rulings"),
    "ev_adjusted": ("调整分", "Adjusted"),
    # -- the director's rulings as page forms, the correction period (Law 79C) -----------------
    "ev_correction_minutes": (
        "更正期（分钟，《桥牌规则》第79条C款）",
        "Correction period (minutes, Law 79C)",
    ),
    "ev_correction_period": ("更正期", "Correction period"),
    "ev_minutes_value": ("{n}分钟", "{n} minutes"),
    "ev_corrections_until": (
        "裁判可在更正期内（至{t}，《桥牌规则》第79条C款）更正成绩",
        "The director may correct the results until {t} (the correction period, Law 79C)",
    ),
    "ev_results_final": (
        "更正期已于{t}结束：成绩已是最终成绩（《桥牌规则》第79条C款）",
        "The correction period ended at {t}: the results are final (Law 79C)",
    ),
    "ev_artificial_score": (
        "人为调整分（《桥牌规则》第12条C2款）",
        "Artificial adjusted score (Law 12C2)",
    ),
    "ev_assigned_score": ("指定调整分或更正成绩", "Assigned score or corrected result"),
    "ev_kind_assigned": (
        "指定调整分（《桥牌规则》第12条C1款）",
        "Assigned adjusted score (Law 12C1)",
    ),
    "ev_kind_corrected": ("更正成绩（《桥牌规则》第79条C款）", "Corrected result (Law 79C)"),
    "ev_contract_field": ("定约（如4SX，或Pass）", "Contract (like 4SX, or Pass)"),
    "ev_declarer": ("庄家", "Declarer"),
    "ev_tricks": ("庄家赢墩数", "Declarer's tricks"),
    "ev_assign": ("给出成绩", "Score the board so"),
    "ev_penalty": ("程序判罚（《桥牌规则》第90条）", "Procedural penalty (Law 90)"),
    "ev_penalty_points": (
        "扣分（IMP，或一副牌满分的百分比）",
        "Points off (IMPs, or % of a board's top)",
    ),
    "ev_penalize": ("判罚", "Penalize"),
    "ev_substitute": ("替补（轮与轮之间）", "Substitute (between rounds)"),
    "ev_substitute_player": ("被替换的选手", "Player replaced"),
    "ev_substitute_name": ("替补选手", "Substitute"),
    "ev_do_substitute": ("替换", "Substitute"),
    "ev_robots_for": ("机器人代打该对（轮与轮之间）", "Robots play for a pair (between rounds)"),
    "ev_do_robots_for": ("改由机器人打", "Robots play for it"),
    "ev_withdraw_pair": ("令该对退赛", "Withdraw a pair"),
    "ev_do_withdraw_pair": ("退赛", "Withdraw"),
    "ev_confirm_withdraw_pair": ("确定令该对退赛？", "Withdraw this pair from the event?"),
    "ev_appoint": ("任命另一名裁判", "Name another director"),
    "ev_appoint_name": ("用户名", "Account"),
    "ev_do_appoint": ("任命", "Appoint"),
    # -- score cards and hand records -----------------------------------------------------------
    "ev_score_card": ("计分卡", "Score card"),
    "ev_score_cards": ("各对计分卡", "Score cards"),
    "ev_score_card_title": ("第{n}对计分卡", "Score card of pair {n}"),
    "ev_hand_records": ("牌例记录", "Hand records"),
    "ev_hand_records_none": ("现在还没有您可以看的牌", "There are no boards you may see yet"),
    "ev_hand_records_hidden": (
        "另有{n}副牌要等打完它们的轮次才能看",
        "{n} more boards are shown once their rounds are over",
    ),
    "ev_card_none": ("现在还没有您可以看的牌", "No board of this card may be shown to you yet"),
    "ev_lead": ("首攻", "Lead"),
    "ev_score": ("得分", "Score"),
    "ev_points": ("分数", "Points"),
    "ev_card_total": ("总分", "Total"),
    "ev_no_such_pair": ("本比赛没有第{n}对", "This event has no pair {n}"),
    "ev_rounds_played": ("打的轮次", "Played in rounds"),
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


def error_text(message: str, lang: str) -> str:
    """An error message (the server writes them in English) as a ``lang`` reader sees it: the
    Chinese from ``qipai.web.errors`` where it has the message, else as it is."""
    if normalize(lang) == "zh":
        return errors.zh(message) or message
    return message


def strings(lang: str) -> dict[str, Any]:
    """Every UI string and bridge term in ``lang``: what the table page's script uses; under
    ``display`` the words of :mod:`qipai.web.display` (``static/display.js`` reads them)."""
    out: dict[str, Any] = {key: display_name(key, lang) for key in TERMS}
    out.update({key: t(key, lang) for key in UI})
    out["display"] = display.terms(lang)
    return out
