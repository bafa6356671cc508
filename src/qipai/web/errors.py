"""The Chinese (zh-CN) of every error message players and directors see.

The server writes its errors in English (what programs and logs read); ``zh`` gives the Chinese
a page shows. ``ZH`` maps each English message template to its Chinese; a ``{field}`` holds
what varies. A seat, suit or event status in a field is translated too, a message wrapped in
another (``{error}``) is translated in turn, and the rest (cards, calls, numbers, names,
field names) is kept as it is. A rule error's Law is cited the Chinese way.

>>> zh("it is North's turn to call, not East's (Laws 28-32)")
'轮到北叫牌，不是东（《桥牌规则》第28-32条）'
>>> zh("West must follow suit to spades and cannot play H5 (Law 44C)")
'西有黑桃，必须跟牌，不能出H5（《桥牌规则》第44条C款）'
>>> zh("bad card 'Z5': unknown suit 'Z': use C, D, H or S")
"牌'Z5'写法不对：花色'Z'无法识别：请用C（梅花）、D（方块）、H（红心）或S（黑桃）"
>>> zh("no such thing") is None
True
"""

from __future__ import annotations

import re
import string

from ..bridge.names import TERMS
from ..events.errors import ZH as EVENTS_ZH
from ..events.teams.errors import ZH as TEAMS_ZH

__all__ = ["ZH", "match", "zh"]

ZH: dict[str, str] = {
    # -- board-game tables (server/board_routes.py, board_socket.py; the games' own refusals
    # carry their Chinese from qipai.games.terms) ------------------------------------------
    "'game' must be one of: {games}": "'game'须为以下之一：{games}",
    "this game is over": "本局已结束",
    "'size' must be 9, 13 or 19": "'size'（围棋路数）须为9、13或19",
    "'komi' must be a number of points from 0 to 20": "'komi'（贴目）须为0到20之间的数",
    "'robots' must be two entries, each null (a person) or 0 or 1": (
        "'robots'须为两项，每项为null（真人）或0、1（机器人级别）"
    ),
    "'minutes' must be null (no clock) or 0 to {most}": (
        "'minutes'须为null（不计时）或0到{most}分钟"
    ),
    "'increment' must be whole seconds from 0 to 60": "'increment'须为0到60的整秒数",
    "'minutes' is too short for the robots' move time": "'minutes'太短，机器人每步的思考时间不够",
    "no such board table": "没有这张棋桌",
    "a private board table: for its owner and players": "私人棋桌：只对桌主和对局者开放",
    "'seat' must be null, 0 or 1": "'seat'须为null、0或1",
    "you have {n} board tables in play: finish one first": "您已有{n}张棋桌正在对局：请先下完一局",
    "the form's numbers could not be read": "表单中的数字无法识别",
    "'periods' (byo-yomi) must be a whole number from 0 to 10": (
        "'periods'（读秒次数）须为0到10的整数"
    ),
    "'period' (byo-yomi) must be whole seconds from 1 to 120": "'period'（每次读秒）须为1到120秒",
    "byo-yomi needs a clock: give 'minutes' too": "读秒须有基本用时：请同时给出'minutes'",
    "'seat' must be 0 or 1": "'seat'须为0或1",
    "'move' must be the text of a move (1 to {n} characters)": "'move'须为着法文字（1到{n}个字符）",
    "'answer' must be offer, accept or decline": "'answer'须为offer、accept或decline",
    # -- the auction and the play (qipai.bridge); the Law is added by zh() -------------------
    "the auction is over; {call} cannot be made": "叫牌已结束，不能再叫{call}",
    "it is {turn}'s turn to call, not {seat}'s": "轮到{turn}叫牌，不是{seat}",
    "{call} is not higher than {last}": "叫品不足：{call}不高于{last}",
    "there is no bid to double": "没有可以加倍的叫品",
    "only an opponent's bid may be doubled": "只能加倍对方的叫品",
    "{bid} is already doubled": "{bid}已经被加倍",
    "only a double may be redoubled": "没有加倍，不能再加倍",
    "only your own side's doubled bid may be redoubled": "只能再加倍本方被加倍的叫品",
    "the auction is not over yet": "叫牌还没有结束",
    "the board is over": "本副已结束",
    "a claim is pending: the defenders must accept or dispute it first": (
        "庄家已摊牌：须先由防守方同意或拒绝"
    ),
    "dummy's cards are played by declarer": "明手的牌由庄家出",
    "it is {turn}'s turn to play, not {seat}'s": "轮到{turn}出牌，不是{seat}",
    "{seat} does not hold {card}": "{seat}手中没有{card}",
    "{seat} must follow suit to {suit} and cannot play {card}": (
        "{seat}有{suit}，必须跟牌，不能出{card}"
    ),
    "only declarer claims here; defenders concede by accepting a claim": (
        "这里只有庄家可以摊牌；防守方以同意摊牌的方式认输"
    ),
    "a claim is for 0 to {left} of the remaining tricks, not {tricks}": (
        "摊牌只能要求剩余牌中的0到{left}墩，不能是{tricks}墩"
    ),
    "there is no claim to answer": "没有需要答复的摊牌",
    "only the defenders answer declarer's claim": "只有防守方可以答复庄家的摊牌",
    # -- calls, cards and seats a client sends (bridge parse errors) --------------------------
    "bad call {text}: use a bid like 1C..7NT, or P, X, XX": (
        "叫品{text}无法识别：请用1C…7NT这样的叫品，或P（不叫）、X（加倍）、XX（再加倍）"
    ),
    "unknown suit {text}: use C, D, H or S": (
        "花色{text}无法识别：请用C（梅花）、D（方块）、H（红心）或S（黑桃）"
    ),
    "unknown strain {text}: use C, D, H, S or NT": (
        "花色{text}无法识别：请用C、D、H、S或NT（无将）"
    ),
    "unknown rank {text}: use 2-9, T (or 10), J, Q, K or A": (
        "点数{text}无法识别：请用2-9、T（或10）、J、Q、K或A"
    ),
    "bad card {text}: write suit then rank, like SA, HT or H10": (
        "牌{text}写法不对：先写花色再写点数，如SA、HT或H10"
    ),
    "bad card {text}: {error}": "牌{text}写法不对：{error}",
    "unknown seat {text}: use N, E, S or W": (
        "座位{text}无法识别：请用N（北）、E（东）、S（南）或W（西）"
    ),
    # -- the table (server/table.py, actor.py, tables.py) -----------------------------------
    "this table is closed": "牌桌已关闭",
    "log in (or play as a guest) first": "请先登录（或以游客身份进入）",
    "seats at an event's table are assigned: no one sits or stands": (
        "比赛牌桌的座位由编排决定：不能自行入座或离座"
    ),
    "only the table's owner may close it": "只有开桌人可以关闭牌桌",
    "you are not sitting at this table": "你没有在这张牌桌入座",
    "play is paused by the director": "裁判已暂停比赛",
    "play is paused by the director: {reason}": "裁判已暂停比赛：{reason}",
    "an event's table goes on to its next board by itself": "比赛牌桌会自动进入下一副",
    "the board is still being played": "本副牌还在进行中",
    "every seat must be taken before the next board": "四个座位都坐满后才能开始下一副",
    "only a new table can be set up for an event": "只有新开的牌桌才能设为比赛牌桌",
    "an event's table needs at least one board": "比赛牌桌至少要有一副牌",
    "no board is being played": "现在没有在打的牌",
    "a claim is pending: answer it first": "有待答复的摊牌：请先答复",
    "an undo is already waiting for an answer": "已有一个撤回请求在等待答复",
    "you have made no call or card on this board to take back": (
        "本副牌你还没有可以撤回的叫牌或出牌"
    ),
    "someone else has acted since your last call or card": "你上次叫牌或出牌之后，别人已经行动了",
    "there is no undo to answer": "没有需要答复的撤回请求",
    "only the opponents of the player who asked answer an undo": "撤回请求只能由提出者的对手答复",
    "you have already agreed to this undo": "你已经同意了这次撤回",
    "undo is not allowed at an event's tables (Laws 25 and 45C)": (
        "比赛牌桌上不能撤回（《桥牌规则》第25条和第45条C款）"
    ),
    "robots agree to undo only your last call or card, before anyone else acts": (
        "机器人只同意撤回你的最后一次叫牌或出牌，而且须在别人行动之前"
    ),
    "robots agree to one undo per round of the auction for each side": (
        "机器人每轮叫牌只同意每方撤回一次"
    ),
    "robots agree to one undo per trick for each side": "机器人每墩牌只同意每方撤回一次",
    "robots do not take back the opening lead: dummy is faced (Law 41D)": (
        "机器人不同意撤回首攻：明手已摊开（《桥牌规则》第41条D款）"
    ),
    "you already sit at {seat}; stand up first": "你已坐在{seat}：请先离座",
    "{seat} is taken": "{seat}已有人入座",
    "you played {seat} on this board: you may sit only there until the board ends": (
        "本副你打的是{seat}：本副结束前只能坐在那里"
    ),
    "an undo is waiting for the opponents' answer": "撤回请求正在等待对手答复",
    "seats at this table are by invitation: open the owner's invitation link to sit": (
        "本桌凭邀请入座：请打开开桌人的邀请链接后再入座"
    ),
    "someone is already asking for {seat}: wait for the owner's answer": (
        "已有人请求坐{seat}：请等待开桌人答复"
    ),
    "only the table's owner answers a request to sit": "只有开桌人可以答复入座请求",
    "the one asking may not sit yet: {error}": "请求入座的人现在还不能入座：{error}",
    "no one is asking to sit at {seat}": "没有人请求坐{seat}",
    "'seat_policy' must be open, invitation or consent": (
        "'seat_policy'须为open（任何人）、invitation（凭邀请）或consent（须经同意）"
    ),
    "unknown command {command}": "未知命令{command}",
    "this table is not running": "这张牌桌没有在运行",
    "the table is busy; try again in a moment": "牌桌正忙，请稍后再试",
    "internal error: the table is unchanged": "内部错误：牌桌状态未改变",
    "you saw all four hands of board {board} at table #{table}: you may sit here once this"
    " table has played it": (
        "你在{table}号桌旁观第{board}副时看到了四家的牌：本桌打完这副后才能入座"
    ),
    "the table changed meanwhile: try again": "牌桌状态刚刚有变化，请再试一次",
    "could not save: the table is unchanged, try again": "保存失败：牌桌状态未改变，请再试一次",
    "this table is over": "这张牌桌已结束",
    "the server is stopping; reconnect soon": "服务器正在停止，请稍后重新连接",
    # -- the table websocket (server/protocol.py, app.py) ----------------------------------
    "send JSON text frames, not binary": "请发送JSON文本帧，不要发送二进制数据",
    "message too long: at most {n} bytes": "消息过长：最多{n}字节",
    "not valid JSON": "不是有效的JSON",
    "a message must be a JSON object": "消息必须是JSON对象",
    "'type' must be one of: {types}": "'type'须为以下之一：{types}",
    "'{kind}' is called '{new}' since protocol {version}": (
        "自协议第{version}版起，'{kind}'改名为'{new}'"
    ),
    "'id' must be a whole number or a string of at most 40 characters": (
        "'id'须为整数或不超过40个字符的字符串"
    ),
    "unknown field(s) for {kind}: {fields}": "{kind}消息中有未知字段：{fields}",
    "'since' must be null or the last event number seen (0 or more)": (
        "'since'须为null或最后收到的事件编号（0或以上）"
    ),
    "'tricks' must be a whole number from 0 to 13": "'tricks'须为0到13的整数",
    "'seat' must be one of N, E, S, W": "'seat'须为N、E、S、W之一",
    "'{field}' must be a non-empty string": "'{field}'须为非空字符串",
    "'{field}' is too long: at most {n} characters": "'{field}'过长：最多{n}个字符",
    "'{field}' must be a string": "'{field}'须为字符串",
    "'{field}' must not be empty": "'{field}'不能为空",
    "'{field}' must be true or false": "'{field}'须为true或false",
    "too many messages: slow down (this one was dropped)": "消息发得太快：请慢一点（这条已被丢弃）",
    "text must be valid Unicode (a lone surrogate)": "文字须为有效的Unicode（有孤立的代理码位）",
    "the server could not send an answer": "服务器无法发送回复",
    "send hello first": "请先发送hello",
    "too far behind: reconnect": "连接落后太多：请重新连接",
    "logged out": "已退出登录",
    "no such table": "没有这张牌桌",
    "cross-site connection refused": "拒绝跨站连接",
    "a private table: use its invitation link": "这是私人桌：请用邀请链接进入",
    "too many connections to this table": "这张牌桌的连接数已满",
    "you play the same boards at table #{table}: you may not watch this one": (
        "你在第{table}桌打同样的牌：不能旁观这张桌"
    ),
    # -- accounts (server/auth.py, app.py, store) ------------------------------------------
    "a name is 2 to 20 letters, digits, '_' or '-', starting with a letter or digit": (
        "用户名为2到20个字母、数字、'_'或'-'，须以字母或数字开头"
    ),
    "names starting with 'guest' or 'robot' are reserved": (
        "以'guest'或'robot'开头的用户名为系统保留"
    ),
    "a password is {low} to {high} characters long": "密码长度为{low}到{high}个字符",
    "the name {name} is taken": "用户名{name}已被占用",
    "too many {what}: try again in {seconds} s": "{what}过多，请{seconds}秒后再试",
    "give a name and a password": "请填写用户名和密码",
    "wrong name or password": "用户名或密码错误",
    "could not make a guest account: try again": "无法创建游客账号，请再试一次",
    # -- the JSON API and the forms (server/app.py) ----------------------------------------
    "request body too large: at most {n} bytes": "请求内容过大：最多{n}字节",
    "the body is not valid UTF-8 JSON": "请求内容不是有效的UTF-8 JSON",
    "the request holds a NUL character, which no text here may hold": (
        "请求中含有NUL字符，这里的文字都不能含有它"
    ),
    "no such page": "没有这个页面",
    "something went wrong on the server: it has been logged": "服务器出错了：已记入日志",
    "the body must be a JSON object": "请求内容必须是JSON对象",
    "only the table's owner may change its invitation link": "只有牌桌的主人可以更换邀请链接",
    "the form could not be read": "无法读取表单",
    "the form or request is missing its CSRF token: reload the page": (
        "表单或请求缺少CSRF令牌：请刷新页面"
    ),
    "'{field}' must be {low} to {high} characters": "'{field}'须为{low}到{high}个字符",
    "'scoring' must be MP or IMP": "'scoring'须为MP（比赛分）或IMP",
    "'robot_level' must be null (no robots) or a robot level ({levels})": (
        "'robot_level'须为null（不要机器人）或机器人等级（{levels}）"
    ),
    "'board_set' must be 1 to 40 letters, digits, '_' or '-' (or empty)": (
        "'board_set'须为1到40个字母、数字、'_'或'-'（也可留空）"
    ),
    "unknown field(s): {fields}": "未知字段：{fields}",
    "you have {n} open tables: close one before making another": (
        "你已有{n}张未关闭的牌桌：请先关闭一张再开新桌"
    ),
    "you are watching table #{table}, which plays the same boards": (
        "你正在旁观打同样牌的第{table}桌"
    ),
    "you are watching table #{table}, which plays the same boards: leave it first": (
        "你正在旁观打同样牌的第{table}桌：请先离开那张桌"
    ),
    "no such table (or it is closed)": "没有这张牌桌（或已关闭）",
    "you direct {n} events not yet over: at most {most}": (
        "你主持的未结束比赛已有{n}场：最多{most}场"
    ),
    "the event has {n} robot pairs: at most {most} in all": "本赛事已有{n}对机器人：最多共{most}对",
    "a private table: open it with its invitation link": "这是私人桌：请用邀请链接进入",
    "no table action {action}: use sit, seat_answer, stand, next or close": (
        "没有牌桌操作{action}：可用sit、seat_answer（答复入座请求）、stand、next或close"
    ),
    "board {n} has not been dealt at this table": "本桌还没有发第{n}副牌",
    "board {n} is still being played": "第{n}副还在进行中",
    "board {n} was not finished at this table": "第{n}副在本桌没有打完",
    "you have still to play this board at table #{table}: not yet": (
        "你还要在第{table}桌打这副牌：现在还不能看"
    ),
    "hand records come as .pbn or .lin": "牌局记录只有.pbn和.lin两种格式",
    "this invitation link is not valid (or its table is closed)": "邀请链接无效（或牌桌已关闭）",
    # -- events: the JSON API (server/events_api.py, events_pages.py, event_runner.py) -----
    "events are not running on this server": "本服务器没有开启比赛功能",
    "'{field}' must be a number, not {value}": "'{field}'须为数字，不能是{value}",
    "'{field}' must be a number": "'{field}'须为数字",
    "'{field}' must be from {low} to {high}, not {value}": (
        "'{field}'须在{low}到{high}之间，不能是{value}"
    ),
    "'{field}' must be a whole number, not {value}": "'{field}'须为整数，不能是{value}",
    "'start' must be a date and time (ISO 8601, with its offset)": (
        "'start'须为日期和时间（ISO 8601格式，带时区偏移）"
    ),
    "'start' is not an ISO 8601 time: {text}": "'start'不是ISO 8601格式的时间：{text}",
    "'start' needs its UTC offset (e.g. 2026-12-01T19:30+08:00)": (
        "'start'须带UTC偏移（如2026-12-01T19:30+08:00）"
    ),
    "'scoring' must be ximp, imp or mp": "'scoring'须为ximp、imp或mp",
    "'bye_score' must be average, average-plus or own-average": (
        "'bye_score'须为average、average-plus或own-average"
    ),
    "board {n} has not been played in this event": "本场比赛还没有打过第{n}副",
    "board {n} is in the round being played: wait for its end": (
        "第{n}副所在的一轮还在进行：请等本轮结束"
    ),
    "you have still to play board {n}: not yet": "你还要打第{n}副：现在还不能看",
    "round {n} is being played: its tables may be watched by its director, and by its "
    "players once they have finished its boards": (
        "第{n}轮正在进行：本轮的牌桌只有裁判可以观看，本轮选手打完本轮各副后也可以观看"
    ),
    "no such event": "没有这场比赛",
    "{name} has 1 to {most} rounds, not {rounds}": "{name}有1到{most}轮，不能是{rounds}轮",
    "no Howell named {name} for {pairs} pairs (there: {names})": (
        "没有适合{pairs}对的名为{name}的豪威尔移位（可选：{names}）"
    ),
    "no Howell movement for {pairs} pairs: the movements serve {sizes}": (
        "没有适合{pairs}对的豪威尔移位：现有移位适用于{sizes}对"
    ),
    "a Mitchell needs at least one table and one board a round": (
        "米切尔移位至少要一张桌、每轮至少一副牌"
    ),
    "a Mitchell of {tables} tables plays 1 to {most} rounds, not {rounds}": (
        "{tables}桌的米切尔移位打1到{most}轮，不能是{rounds}轮"
    ),
    "arrow-switch rounds must be among 1-{rounds}": "换向轮须在第1到{rounds}轮之间",
    "log in with an account to direct an event": "用账号登录后才能主持比赛",
    "no event action {action}: one of {actions}": "没有比赛操作{action}：可用{actions}",
    "no event action {action}": "没有比赛操作{action}",
    "log in with an account first (guests cannot enter events)": "请先用账号登录（游客不能参赛）",
    "only the event's director may do that": "只有本场比赛的裁判可以这样做",
    "'asker' must name the player whose request you decline": "'asker'须为你要谢绝的邀请人的用户名",
    "you are not in a pair of this event": "你不在本场比赛的参赛对中",
    "{error}: it is over": "{error}：比赛已结束",
    "there is no running event {number}": "没有正在进行的{number}号比赛",
    "'reason' must be text of at most 200 characters": "'reason'须为不超过200个字的文字",
    "'partner' must name your partner's account": "'partner'须为同伴的用户名",
    "your partner must be someone else": "同伴不能是你自己",
    "no account is named {name}": "没有名为{name}的账号",
    "results come as .pbn, .csv, .json or .xml (USEBIO)": (
        "成绩只有.pbn、.csv、.json和.xml（USEBIO）四种格式"
    ),
    "no player is named {name}": "没有名为{name}的选手",
    # -- events: registration (events/registration.py) -----------------------------------
    "registration for {event} is closed (the event is {status})": (
        "“{event}”的报名已截止（比赛{status}）"
    ),
    "a player is named by a non-empty name, not {name}": "选手须有非空的用户名，不能是{name}",
    "{player} and {partner} are already registered as pair {n}": (
        "{player}和{partner}已经报名，是第{n}对"
    ),
    "{player} is already registered with {partner} (pair {n})": (
        "{player}已与{partner}报名（第{n}对）"
    ),
    "{player} cannot partner themselves: a pair is two players": (
        "{player}不能和自己搭档：一对是两名选手"
    ),
    "{player} has already asked {partner}": "{player}已经邀请了{partner}",
    "{player} has already asked {partner}; lower that hand first": (
        "{player}已经邀请了{partner}：请先放下手"
    ),
    "{player} has not asked anyone to partner them": "{player}没有邀请任何人做同伴",
    "{asker} has not asked {player} to partner them": "{asker}没有邀请{player}做同伴",
    "{player} is not registered for {event}": "{player}没有报名“{event}”",
    # -- events: running the event (events/lifecycle.py, state.py) ---------------------------
    "{event} has not started": "“{event}”还没有开始",
    "{event} has not started: before the start a pair unregisters": (
        "“{event}”还没有开始：开赛前请取消报名，而不是退赛"
    ),
    "{event} is {status}": "比赛“{event}”{status}",
    "{event} is already {status}": "比赛“{event}”{status}",
    "{event} is paused: results wait until it resumes": "“{event}”已暂停：恢复比赛后才能登记成绩",
    "{event} is already paused": "“{event}”已经暂停",
    "{event} is not paused": "“{event}”没有暂停",
    "cannot resume at {time}, before the pause at {paused}": (
        "不能在{time}恢复比赛：早于暂停时间{paused}"
    ),
    "round {round} has not been seated": "第{round}轮还没有编排",
    "round {round} closed at {time}: its unfinished boards were not played and cannot be made up": (
        "第{round}轮已于{time}结束：未打完的牌不再进行，也不能补打"
    ),
    "a result at {time} is before round {round} started ({start})": (
        "{time}的成绩早于第{round}轮开始的时间（{start}）"
    ),
    "round {round} has no table {table}": "第{round}轮没有第{table}桌",
    "board {board} at table {table} of round {round} is already recorded": (
        "第{round}轮第{table}桌第{board}副的成绩已经登记"
    ),
    "there is no pair {n}": "没有第{n}对",
    "pair {n} ({pair}) withdrew after round {round}": "第{n}对（{pair}）已在第{round}轮后退赛",
    "a passed-out board has no declarer and no tricks": "四家不叫的牌没有庄家，也没有赢墩",
    "the contract is {contract} but no declarer is named": "定约是{contract}，但没有指明庄家",
    "declarer takes 0 to 13 tricks, not {tricks}": "庄家的赢墩数须为0到13，不能是{tricks}",
    "board {n} is not finished": "第{n}副还没有打完",
    # -- events: settings (events/settings.py) ----------------------------------------------
    "the event needs a name": "请填写比赛名称",
    "the start time must be a timezone-aware datetime, not {start}": (
        "开始时间须为带时区的时间，不能是{start}"
    ),
    "now must be a timezone-aware datetime, not {now}": "当前时间须为带时区的时间，不能是{now}",
    "a round must last some time, not {length}": "每轮时间须大于零，不能是{length}",
    "the break between rounds cannot be {length}": "轮间休息时间不能是{length}",
    "scoring is one of {names}, not {value}": "记分方式须为{names}之一，不能是{value}",
    "the bye score is one of {names}, not {value}": "轮空得分须为{names}之一，不能是{value}",
    "the completion threshold is {low}% to {high}% of the boards, not {value}%": (
        "排名门槛须为总副数的{low}%到{high}%，不能是{value}%"
    ),
    "robot levels are {levels}, not {value}": "机器人等级须为{levels}，不能是{value}",
    "{what} must be a whole number of at least 1, not {value}": (
        "{what}须为不小于1的整数，不能是{value}"
    ),
    "the start time {start} is not after now ({now})": "开始时间{start}必须晚于现在（{now}）",
    # -- events: the engine's formats and the director (kept in events/errors.py) -----------
    **EVENTS_ZH,
    **TEAMS_ZH,
    # -- team events on the server (server/teams_api.py, team_events.py, access.py) ---------
    "no such team event": "没有这项队式赛",
    "log in with an account to play in or direct a team event": "请用账号登录后参加或主持队式赛",
    "no such action: {action} (one of {actions})": "没有这种操作：{action}（可用：{actions}）",
    "no account called {name}": "没有名为{name}的账号",
    "{name} is on no team of this event": "{name}不是本项比赛任何一队的队员",
    "{team} plays no match in round {round}": "“{team}”在第{round}轮没有比赛",
    "no round is being played": "现在没有进行中的一轮",
    "'{key}' must be a list of {low} to {high} player names": (
        "'{key}'须为{low}至{high}个选手名字的列表"
    ),
    "'format' must be one of {formats}": "'format'须为以下之一：{formats}",
    "a ruling is a forfeit ('forfeited_by') or VPs ('vp'), one": (
        "判定须为弃权（'forfeited_by'）或胜利分（'vp'），二者选一"
    ),
    "'vp' must be the home and the away team's VPs": "'vp'须为主队和客队的胜利分",
    "no such file: .{fmt} (pbn, csv or json)": "没有这种文件：.{fmt}（可用pbn、csv或json）",
    "a match's files are ready once it is over and each of its boards may be seen": (
        "比赛结束、且每副牌都可以查看后，才能下载本场比赛的文件"
    ),
    "segment {segment} of this match is seated: a line-up is named before it is": (
        "本场第{segment}节已经入座：上场阵容须在入座前提交"
    ),
    "event {event} is not a team event": "第{event}项比赛不是队式赛",
    "board {board} is not finished in both rooms of your match: not yet": (
        "第{board}副牌在你们这场比赛的两个房间还没有都打完：现在还不能看"
    ),
    "board {board} is not finished in both rooms of every match of round {round}": (
        "第{board}副牌在第{round}轮每场比赛的两个房间还没有都打完"
    ),
    "round {round} is being played: a player of it may not watch its tables": (
        "第{round}轮正在进行：本轮的选手不能观看本轮的牌桌"
    ),
    # -- events: the API's fields for formats and rulings (server/events_api.py) ------------
    "'format' must be swiss, mitchell or howell": (
        "'format'须为swiss（瑞士移位）、mitchell（双冠军）或howell（单冠军）"
    ),
    "'movement' must name a movement": "'movement'须为移位表的名称",
    "'arrow_switch' must list round numbers, like 2,4": "'arrow_switch'须列出轮次，如2,4",
    "'name' must name the account to direct with you": "'name'须为与你一同担任裁判的用户名",
    "'player' and 'substitute' must name the two players": (
        "'player'和'substitute'须为被替换的选手和替补的用户名"
    ),
    "'kind' must be artificial, assigned or corrected": (
        "'kind'须为artificial（人为调整分）、assigned（指定调整分）或corrected（更正成绩）"
    ),
    "'{side}' must be average, average-plus or average-minus": (
        "'{side}'须为average（平均分）、average-plus（平均分加）或average-minus（平均分减）"
    ),
    "'contract' must be a contract like 4SX, or Pass": "'contract'须为定约（如4SX），或Pass",
    "'contract' and 'declarer': {error}": "'contract'和'declarer'：{error}",
}

# The words the code puts in a field, by field name. Seats and suits come from the one table of
# bridge terms; an event's status uses the event page's words (qipai.web.i18n imports this
# module, so they cannot be looked up there).
_SEATS_AND_SUITS = {
    en.lower(): zh_name
    for key, (zh_name, en) in TERMS.items()
    if key in ("north", "east", "south", "west", "clubs", "diamonds", "hearts", "spades")
}
_STATUS = {
    "registration": "报名中",
    "running": "进行中",
    "finished": "已结束",
    "cancelled": "已取消",
}
_VALUES: dict[str, dict[str, str]] = {
    "seat": _SEATS_AND_SUITS,
    "turn": _SEATS_AND_SUITS,
    "suit": _SEATS_AND_SUITS,
    "status": _STATUS,
    "what": {
        # too many {what} (rate limits, server/app.py)
        "new accounts from your address": "你的网络地址注册的新账号",
        "failed logins for this name": "该用户名的登录失败次数",
        "failed logins from your address": "你的网络地址的登录失败次数",
        "new events": "新建的比赛",
        "requests for robot pairs": "添加机器人对的请求",
        # {what} must be a whole number (events/settings.py)
        "the number of rounds": "轮数",
        "boards per round": "每轮副数",
    },
}

# A field that can only hold these words matches nothing else, so that a short template like
# "{event} is {status}" does not claim every English sentence with "is" in it.
_CLOSED = {"status": _STATUS}

# A field holding a whole message of its own, translated in turn.
_NESTED = "error"

# A rule error ends with the Law it enforces: " (Law 27)", " (Laws 28-32 and 53-57)".
_LAW_SUFFIX = re.compile(r"^(?P<body>.+) \((?P<law>Laws? [^()]+)\)$", re.DOTALL)
_LAW_ITEM = re.compile(r"^(\d+)(?:-(\d+))?([A-Z])?(\d+)?$")


def _compile(template: str) -> re.Pattern[str]:
    pattern = []
    for literal, field, _, _ in string.Formatter().parse(template):
        pattern.append(re.escape(literal))
        if field is not None:
            closed = _CLOSED.get(field)
            words = "|".join(re.escape(w) for w in closed) if closed else ".+?"
            pattern.append(f"(?P<{field}>{words})")
    return re.compile("".join(pattern), re.DOTALL)


def _literal_length(template: str) -> int:
    return sum(len(literal) for literal, *_ in string.Formatter().parse(template))


_PATTERNS: list[tuple[str, re.Pattern[str], int]] = [
    (template, _compile(template), _literal_length(template)) for template in sorted(ZH)
]


def _best(message: str) -> tuple[int, str, dict[str, str]] | None:
    """The template that explains most of ``message`` as its own text, counting the text of
    a message nested in an ``{error}`` field: "there is no running event 7: it is over" is
    "{error}: it is over" around another message, not an event numbered "7: it is over"."""
    best: tuple[int, str, dict[str, str]] | None = None
    for template, pattern, length in _PATTERNS:
        found = pattern.fullmatch(message)
        if found is None:
            continue
        values = found.groupdict()
        score = length
        if _NESTED in values:
            inner = _best(values[_NESTED])
            score += inner[0] if inner else 0
        if best is None or score > best[0]:
            best = score, template, values
    return best


def match(message: str) -> tuple[str, dict[str, str]] | None:
    """The ``ZH`` template that ``message`` is written from, and the English value of each of
    its fields; None when there is none.

    >>> match("South is taken")
    ('{seat} is taken', {'seat': 'South'})
    """
    found = _best(message)
    return None if found is None else found[1:]


def _law_zh(law: str) -> str | None:
    """``Laws 28-32 and 53-57`` -> ``《桥牌规则》第28-32条和第53-57条``; ``Law 44C`` ->
    ``《桥牌规则》第44条C款``; None for a citation of another shape."""
    items = re.split(r", | and ", law.split(" ", 1)[1])
    out = []
    for item in items:
        found = _LAW_ITEM.match(item)
        if found is None:
            return None
        first, last, section, number = found.groups()
        text = f"第{first}-{last}条" if last else f"第{first}条"
        if section:
            text += f"{section}{number or ''}款"
        out.append(text)
    return "《桥牌规则》" + "和".join(out)


def _value_zh(field: str, value: str) -> str:
    if field == _NESTED:
        return zh(value) or value
    words = _VALUES.get(field)
    if words is None:
        return value
    return words.get(value, words.get(value.lower(), value))


def zh(message: str) -> str | None:
    """The Chinese of an English error message, or None where ``ZH`` has no template for it
    (show the English then)."""
    law = None
    found = None
    cited = _LAW_SUFFIX.match(message)
    if cited is not None:  # the Law first, or a field at the end would take it in
        found, law = match(cited["body"]), cited["law"]
    if found is None:
        found, law = match(message), None
    if found is None:
        return None
    template, values = found
    text = ZH[template].format_map({k: _value_zh(k, v) for k, v in values.items()})
    if law is not None:
        text += f"（{_law_zh(law) or law}）"
    return text
