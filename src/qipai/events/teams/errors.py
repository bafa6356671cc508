"""The errors of team events: each a :class:`~qipai.events.errors.EventError` whose message says
what was refused and why; the team, match, event or ladder it was tried on is unchanged (they
are immutable values).

>>> raise TeamSize("a team has 4 to 6 members, not 3 (Blue)")
Traceback (most recent call last):
...
qipai.events.teams.errors.TeamSize: a team has 4 to 6 members, not 3 (Blue)
"""

from __future__ import annotations

from ..errors import EventError

__all__ = [
    "ZH",
    "BadLineup",
    "ChallengeError",
    "ChallengeOpen",
    "ChallengeOutOfRange",
    "ClubError",
    "FieldError",
    "InAnotherClub",
    "MatchError",
    "NotCaptain",
    "NotClubOfficer",
    "NotOnTeam",
    "PlayerOnTwoTeams",
    "RosterError",
    "TeamSettingsError",
    "TeamSize",
]


class RosterError(EventError):
    """A team that cannot be formed or a line-up that cannot be named."""


class TeamSize(RosterError):
    """A team has four to six members (robots may fill the seats a team leaves empty)."""


class NotOnTeam(RosterError):
    """A captain, or a player named to play, who is not a member of the team."""


class NotCaptain(RosterError):
    """Only the team's captain names who plays."""


class BadLineup(RosterError):
    """A line-up that does not seat two pairs of four different members."""


class FieldError(EventError):
    """A field of teams one event cannot have: a player on two teams, two teams of one name."""


class PlayerOnTwoTeams(FieldError):
    """A player plays for at most one team of an event."""


class TeamSettingsError(EventError, ValueError):
    """Settings of a team event or a ladder that cannot run."""


class MatchError(EventError):
    """A board result, adjustment or forfeit a match refuses."""


class ClubError(EventError):
    """A club step that is not allowed: no such club, a request not made, the leader leaving."""


class InAnotherClub(ClubError):
    """A player belongs to one club at most."""


class NotClubOfficer(ClubError):
    """Only the leader or an officer accepts members and fields teams; the leader appoints."""


class ChallengeError(EventError):
    """A ladder challenge that cannot be made, played or settled."""


class ChallengeOutOfRange(ChallengeError):
    """A side challenges one up to N places above it on the ladder."""


class ChallengeOpen(ChallengeError):
    """A side has one open challenge at a time (made or received)."""


ZH: dict[str, str] = {
    # The Chinese of the messages raised in qipai.events.teams; qipai.web.errors.ZH takes them
    # in. A {field} holds what varies.
    "a team has {low} to {high} members, not {count} ({name})": (
        "一支队伍须有{low}至{high}名队员，不能是{count}名（{name}）"
    ),
    "a team needs a name": "队伍须有队名",
    "the event has started: teams enter before it does": "比赛已经开始：须在开始前报名",
    "team {number} is not entered in this event": "第{number}队没有报名本项比赛",
    "only the captain of {team} ({captain}) withdraws it": (
        "只有“{team}”的队长（{captain}）才能退赛"
    ),
    "{player} is a robot's name: robots fill the seats left empty": (
        "{player}是机器人的名字：机器人只填补空出的座位"
    ),
    "{name} is twice on the team {team}": "{name}在队伍“{team}”中出现了两次",
    "the captain {captain} is not a member of {team}": "队长{captain}不是“{team}”的队员",
    "{player} is not a member of {team}": "{player}不是“{team}”的队员",
    "only the captain of {team} ({captain}) names who plays, not {by}": (
        "只有“{team}”的队长（{captain}）才能安排上场队员，{by}不能"
    ),
    "a line-up seats four different members, not {players}": (
        "上场阵容须为四名不同的队员，不能是{players}"
    ),
    "{player} already plays for {team} in this event": "{player}已经代表“{team}”参加本项比赛",
    "two teams of this event are called {name}": "本项比赛有两支队伍都叫“{name}”",
    "team {number} is twice in the field": "第{number}队在参赛名单中出现了两次",
    "boards a segment must be a whole number of at least 1, not {value}": (
        "每节的副数须为不小于1的整数，不能是{value}"
    ),
    "segments a match must be a whole number of at least 1, not {value}": (
        "每场的节数须为不小于1的整数，不能是{value}"
    ),
    "tie-break boards must be a whole number of at least 1, not {value}": (
        "加赛副数须为不小于1的整数，不能是{value}"
    ),
    "a ladder's reach must be a whole number of at least 1, not {value}": (
        "梯级的挑战范围须为不小于1的整数，不能是{value}"
    ),
    "a match has at least one segment": "一场比赛至少有一节",
    "the bye's VPs must be between 0 and 20, not {value}": (
        "轮空的胜利分须在0至20之间，不能是{value}"
    ),
    "a forfeit's VPs must be between 0 and 20, not {value}": (
        "弃权判给对方的胜利分须在0至20之间，不能是{value}"
    ),
    "the carry-over fraction must be between 0 and 1, not {value}": (
        "带入分的比例须在0至1之间，不能是{value}"
    ),
    "{n} teams cannot play a round of matches: an even field can": (
        "{n}支队伍不能进行一轮对抗赛：队伍数须为偶数"
    ),
    "an event of teams needs at least 2 teams, not {n}": "队式赛至少需要2支队伍，不能是{n}支",
    "a round robin needs at least 2 teams, not {n}": "循环赛至少需要2支队伍，不能是{n}支",
    "a knockout needs at least 2 teams, not {n}": "淘汰赛至少需要2支队伍，不能是{n}支",
    "board {board} is not one of this match's boards (1 to {last})": (
        "第{board}副不是本场比赛的牌（第1至{last}副）"
    ),
    "board {board} already has a result in the {room} room": "第{board}副在{room}室已有成绩",
    "an adjusted result or a forfeit needs a reason": "调整成绩或判负须写明理由",
    "a team's VPs are 0 to 20 and the two together at most 20, not {home} and {away}": (
        "每队的胜利分须在0至20之间，两队合计不超过20，不能是{home}和{away}"
    ),
    "segment {segment} is not one of this match's segments (1 to {count})": (
        "第{segment}节不是本场比赛的一节（第1至{count}节）"
    ),
    "segment {segment} has started: players are replaced between segments only": (
        "第{segment}节已经开始：只能在节与节之间换人"
    ),
    "the match is over: {kind} ({reason})": "本场比赛已经结束：{kind}（{reason}）",
    "team {team} does not play this match": "第{team}队不参加本场比赛",
    "team {team} is not on the ladder": "第{team}队不在梯级上",
    "a side cannot challenge itself": "不能向自己挑战",
    "team {challenger} may challenge up to {reach} places above it (places {low} to {high}), "
    "not place {place}": (
        "第{challenger}队只能向上挑战{reach}名以内（第{low}至{high}名），不能挑战第{place}名"
    ),
    "team {team} already has an open challenge (challenge {number})": (
        "第{team}队已有一个未结束的挑战（挑战{number}）"
    ),
    "a challenge's deadline is a time after it is made, not {deadline}": (
        "挑战的期限须晚于挑战提出的时间，不能是{deadline}"
    ),
    "rounds must be a whole number of at least 1, not {rounds}": (
        "轮数须为不小于1的整数，不能是{rounds}"
    ),
    "no open challenge {number}": "没有未结束的挑战{number}",
    "the deadline of challenge {number} has passed: it is a forfeit": (
        "挑战{number}已过期限：按弃权处理"
    ),
    "round {round} is not being played": "第{round}轮不在进行中",
    "round {round} has no match {match}": "第{round}轮没有第{match}场比赛",
    "the event is over": "比赛已经结束",
    "{rounds} rounds of a round robin of {teams} teams: it has {most}": (
        "{teams}支队伍的循环赛共{most}轮，不能是{rounds}轮"
    ),
    "{rounds} rounds of Swiss teams with {teams} teams: at most {most} without a rematch": (
        "{teams}支队伍的瑞士移位队式赛不重复相遇最多{most}轮，不能是{rounds}轮"
    ),
    "a knockout seeds each team once: {seeding}": "淘汰赛每支队伍只能有一个种子位：{seeding}",
    "a seasons ladder starts from a list of its teams, each once: {order}": (
        "新赛季的梯级须列出每支队伍各一次：{order}"
    ),
    "there is no club called {name}": "没有名为“{name}”的帮派",
    "{player} already belongs to {club}": "{player}已经是“{club}”的成员",
    "a club needs a name": "帮派须有名称",
    "there is already a club called {name}": "已经有名为“{name}”的帮派",
    "{player} has already asked to join {club}": "{player}已经申请加入“{club}”",
    "only the leader or an officer of {club} may do this, not {by}": (
        "只有“{club}”的帮主或管理员才能这样做，{by}不能"
    ),
    "{player} has not asked to join {club}": "{player}没有申请加入“{club}”",
    "only the leader of {club} appoints officers, not {by}": (
        "只有“{club}”的帮主才能任命管理员，{by}不能"
    ),
    "the leader of {club} leaves last": "“{club}”的帮主须最后一个离开",
}
