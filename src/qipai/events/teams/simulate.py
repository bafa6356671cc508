"""Team events played by robot teams: every board of every match is played in both rooms by
four level-0 robots through the rules core (:func:`qipai.robots.play_out`, by way of the pair
simulator's :func:`~qipai.events.simulate.play_board`, with its seeded slips so that the rooms
differ), on boards dealt from the event's seed (:func:`~qipai.events.teams.event.board_deal`).

A ladder simulation makes ``challenges`` challenges, a day apart, each by a side drawn from
those free to challenge against one drawn from those in reach; now and then (seeded) the
challenged side does not play and forfeits at the deadline. The same arguments always give
the same event.

>>> sim = TeamSimulation("round-robin", teams=3, boards=1, seed="doc")
>>> event = sim.run()
>>> event.over, [(r.number, len(r.matches), r.byes) for r in event.rounds]
(True, [(1, 1, (1,)), (2, 1, (2,)), (3, 1, (3,))])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta

from ...robots import Robot, robot_for
from ..simulate import SIM_START, play_board
from ..state import Played, played_from
from .errors import TeamSettingsError
from .event import TeamEvent, TeamEventSettings, TeamFormat, board_deal, create, record_board
from .ladder import Ladder, LadderSettings, challenge, expire, new_ladder
from .ladder import record_board as ladder_board
from .match import Match, Room
from .roster import robot_team

__all__ = ["FORFEIT_CHANCE", "FORMATS", "TeamSimulation"]

FORMATS = (*(f.value for f in TeamFormat), "ladder")
FORFEIT_CHANCE = 0.15
"""How often a simulated challenged side fails to play by the deadline."""


@dataclass(frozen=True)
class TeamSimulation:
    """How a simulated team event is run; :meth:`run` returns the finished event or ladder."""

    format: str
    teams: int
    boards: int
    seed: str
    rounds: int | None = None
    challenges: int | None = None
    segments: int = 1
    reach: int = 3

    def settings(self) -> TeamEventSettings:
        if self.format not in FORMATS or self.format == "ladder":
            raise TeamSettingsError(f"the format is one of {', '.join(FORMATS)}, not {self.format}")
        fmt = TeamFormat(self.format)
        rounds = self.rounds
        if fmt is TeamFormat.SWISS and rounds is None:
            rounds = min(4, self.teams - 1 if self.teams % 2 == 0 else self.teams)
        return TeamEventSettings(
            f"Simulated {fmt.value} {self.seed}",
            fmt,
            boards=self.boards,
            segments=self.segments,
            rounds=rounds,
        )

    def run(self) -> TeamEvent | Ladder:
        if self.teams < 2:
            raise TeamSettingsError(f"an event of teams needs at least 2 teams, not {self.teams}")
        robot = robot_for(0)
        if self.format == "ladder":
            return self._ladder(robot)
        teams = [robot_team(n) for n in range(1, self.teams + 1)]
        event = create(self.settings(), teams, self.seed)
        while (rnd := event.current_round) is not None:
            for i in range(1, len(rnd.matches) + 1):
                while not (m := event.round(rnd.number).matches[i - 1]).is_complete:
                    board, room = _next_to_play(m)
                    played = self._play(robot, self.seed, rnd.number, f"{i}", board, room)
                    event = record_board(event, rnd.number, i, board, room, played)
        return event

    def _play(
        self, robot: Robot, seed: str, round_number: int, match: str, board: int, room: Room
    ) -> Played:
        """One room's play of one board: the round's deal, a slip generator of its own."""
        deal = board_deal(seed, round_number, board)
        rng = random.Random(f"{seed}:teams:{round_number}:{match}:{board}:{room.value}")
        return played_from(play_board(board, deal, robot, rng))

    def _ladder(self, robot: Robot) -> Ladder:
        lad = new_ladder(
            LadderSettings(reach=self.reach, boards=self.boards, segments=self.segments),
            list(range(1, self.teams + 1)),
            self.seed,
        )
        rng = random.Random(f"{self.seed}:ladder")
        count = self.challenges if self.challenges is not None else self.teams
        for k in range(count):
            at = SIM_START + timedelta(days=k)
            lad = expire(lad, at)
            free = [t for t in lad.order[1:] if lad.open_challenge(t) is None]
            if not free:
                break
            challenger = rng.choice(free)
            place = lad.place(challenger)
            targets = [
                t
                for t in lad.order[max(0, place - 1 - self.reach) : place - 1]
                if lad.open_challenge(t) is None
            ]
            if not targets:
                continue
            lad = challenge(lad, challenger, rng.choice(targets), at)
            made = lad.challenges[-1]
            if rng.random() < FORFEIT_CHANCE:
                lad = expire(lad, made.deadline + timedelta(seconds=1))
                continue
            while (c := lad.challenges[made.number - 1]).is_open:
                board, room = _next_to_play(c.match)
                played = self._play(robot, f"{self.seed}:ladder", c.number, "c", board, room)
                lad = ladder_board(lad, c.number, board, room, played, at)
        return lad


def _next_to_play(m: Match) -> tuple[int, Room]:
    """The first board and room of ``m`` without a result."""
    for b in m.all_boards:
        if b.open is None:
            return b.board, Room.OPEN
        if b.closed is None:
            return b.board, Room.CLOSED
    raise AssertionError("a complete match has nothing to play")
