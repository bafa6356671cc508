"""Team events on the event engine: teams and their line-ups (:mod:`.roster`), the two-room
match scored in IMPs and VPs (:mod:`.match`), standings (:mod:`.standings`), the draws of
round robin, Swiss teams and knockouts (:mod:`.formats`) run by one state machine
(:mod:`.event`), the ladder (:mod:`.ladder`) and clubs, 帮派 (:mod:`.clubs`). Pure values
and functions, no I/O; the simulator (:mod:`.simulate`, it needs the robots, so it is not
imported here) plays them with robot teams. See docs/TEAMS.md.
"""

from .clubs import Club, Clubs
from .errors import (
    BadLineup,
    ChallengeError,
    ChallengeOpen,
    ChallengeOutOfRange,
    ClubError,
    FieldError,
    InAnotherClub,
    MatchError,
    NotCaptain,
    NotClubOfficer,
    NotOnTeam,
    PlayerOnTwoTeams,
    RosterError,
    TeamSettingsError,
    TeamSize,
)
from .event import TeamEvent, TeamEventSettings, TeamFormat, TeamRound, create, standings
from .ladder import Challenge, Ladder, LadderSettings, Outcome, challenge, expire, new_ladder
from .match import Match, MatchBoard, Room, Ruling, RulingKind, adjust, forfeit, new_match
from .roster import Lineup, Member, Team, check_field, lineup, robot_team, team
from .standings import TeamRow, team_standings

__all__ = [
    "BadLineup",
    "Challenge",
    "ChallengeError",
    "ChallengeOpen",
    "ChallengeOutOfRange",
    "Club",
    "ClubError",
    "Clubs",
    "FieldError",
    "InAnotherClub",
    "Ladder",
    "LadderSettings",
    "Lineup",
    "Match",
    "MatchBoard",
    "MatchError",
    "Member",
    "NotCaptain",
    "NotClubOfficer",
    "NotOnTeam",
    "Outcome",
    "PlayerOnTwoTeams",
    "Room",
    "RosterError",
    "Ruling",
    "RulingKind",
    "Team",
    "TeamEvent",
    "TeamEventSettings",
    "TeamFormat",
    "TeamRound",
    "TeamRow",
    "TeamSettingsError",
    "TeamSize",
    "adjust",
    "challenge",
    "check_field",
    "create",
    "expire",
    "forfeit",
    "lineup",
    "new_ladder",
    "new_match",
    "robot_team",
    "standings",
    "team",
    "team_standings",
]
