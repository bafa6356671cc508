"""A whole event of any format played by robot pairs in accelerated time: the simulator is the
event's only clock, moving ``now`` from one stored timestamp or finished board to the next.

Every pair is a pair of level-0 robots, and every board is played through the rules core
(``apply``), each decision taken on the acting seat's own view. So that tables differ (level-0
robots are deterministic and would otherwise produce the same result at every table), the
simulated players sometimes take their robot's second choice: a slip drawn from a random
generator seeded by the event's seed, the round, the table and the board.

Each board takes a time drawn from the same kind of seeded generator: mostly 4-7 minutes, now
and then a slow one of 9-16 minutes; with ``minutes_per_board`` of 7 a few tables run out of
time and have boards cut. The same arguments always give the same event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from ..bridge.deal import Deal
from ..bridge.game import BoardState, MakeCall, Phase, PlayCard, new_board
from ..bridge.views import View
from ..robots import Robot, is_legal, play_out, robot_for
from .errors import SettingsError
from .formats import movement_for
from .lifecycle import advance, create_event, record_result, withdraw
from .registration import raise_hand
from .settings import ByeScore, EventSettings, Format, Scoring
from .state import EventState, Round, played_from

__all__ = ["SIM_START", "Simulation", "play_board"]

SIM_START = datetime(2025, 1, 4, 12, 0, tzinfo=UTC)
"""When a simulated event starts (a fixed time, so a simulation is reproducible)."""

BID_SLIP = 0.15
PLAY_SLIP = 0.03
SLOW_BOARD = 0.06


@dataclass(frozen=True)
class Simulation:
    """How a simulated event is run; :meth:`run` returns the finished event state."""

    pairs: int
    rounds: int | None
    """None for a Howell: the movement's."""
    boards: int | None
    """Boards a round; None for a Howell: the movement's."""
    seed: str
    scoring: Scoring = Scoring.XIMP
    withdrawals: Mapping[int, int] | None = None
    """Pair number -> the last round it plays."""
    robot_fill: bool = True
    bye_score: ByeScore = ByeScore.AVERAGE
    minutes_per_board: float = 7.0
    completion_percent: int = 70
    format: Format = Format.SWISS
    movement: str | None = None
    arrow_switch: tuple[int, ...] = ()

    def settings(self) -> EventSettings:
        """The event's settings; a Howell's rounds and boards left out are its movement's."""
        rounds, boards = self.rounds, self.boards
        if self.format is Format.HOWELL:  # a field no Howell serves is refused here
            probe = EventSettings(
                "probe",
                SIM_START,
                rounds or 1,
                boards or 1,
                timedelta(minutes=1),
                format=Format.HOWELL,
                movement=self.movement,
            )
            movement = movement_for(probe, self.pairs)
            rounds = movement.rounds if rounds is None else rounds
            boards = max(len(s.boards) for s in movement.sittings) if boards is None else boards
        if rounds is None or boards is None:
            raise SettingsError("rounds and boards a round are given, except for a Howell")
        name = "Swiss" if self.format is Format.SWISS else self.format.value.capitalize()
        return EventSettings(
            name=f"Simulated {name} {self.seed}",
            start=SIM_START,
            rounds=rounds,
            boards_per_round=boards,
            round_length=timedelta(minutes=self.minutes_per_board * boards),
            scoring=self.scoring,
            completion_percent=self.completion_percent,
            robot_fill=self.robot_fill,
            bye_score=self.bye_score,
            format=self.format,
            movement=self.movement,
            arrow_switch=self.arrow_switch,
        )

    def run(self, hook: Callable[[EventState], EventState] | None = None) -> EventState:
        """Register the pairs, then play the event to its end. ``hook`` (for tests) is applied
        to the state after every transition, e.g. to store it and read it back."""
        step = hook or (lambda s: s)
        state = step(
            create_event(self.settings(), seed=self.seed, now=SIM_START - timedelta(days=1))
        )
        t = SIM_START - timedelta(hours=1)
        for i in range(1, self.pairs + 1):
            a, b = f"sim{i:02d}a", f"sim{i:02d}b"
            state = step(raise_hand(state, a, b, t + timedelta(seconds=2 * i)))
            state = step(raise_hand(state, b, a, t + timedelta(seconds=2 * i + 1)))
        robot = robot_for(state.settings.robot_level)
        while not state.is_over:
            rnd = state.current_round
            if rnd is None:
                assert state.next_round_at is not None
                state = step(advance(state, state.next_round_at))
                continue
            for pair, after in sorted((self.withdrawals or {}).items()):
                if after == rnd.number:
                    state = step(withdraw(state, pair, rnd.starts_at))
            for at, table, board in self._timeline(rnd):
                played = play_board(
                    board,
                    state.deal(board),
                    robot,
                    random.Random(self._key("play", rnd, table, board)),
                )
                state = step(
                    record_result(state, rnd.number, table, board, played_from(played), at)
                )
            current = state.current_round
            if current is not None and current.number == rnd.number:
                state = step(advance(state, rnd.ends_at))
        return state

    def _key(self, what: str, rnd: Round, table: int, board: int = 0) -> str:
        return f"{self.seed}:{what}:{rnd.number}:{table}:{board}"

    def _timeline(self, rnd: Round) -> list[tuple[datetime, int, int]]:
        """When each table finishes each board it reaches before the round's clock runs out."""
        out = []
        for table in rnd.tables:
            rng = random.Random(self._key("clock", rnd, table.number))
            at = rnd.starts_at
            for board in table.boards:
                slow = rng.random() < SLOW_BOARD
                seconds = rng.randint(540, 960) if slow else rng.randint(240, 420)
                at += timedelta(seconds=seconds)
                if at >= rnd.ends_at:
                    break  # this board and the rest are cut
                out.append((at, table.number, board))
        out.sort()
        return out


def _choose(robot: Robot, v: View, rng: random.Random) -> MakeCall | PlayCard:
    """The robot's action for this view, or now and then (a seeded slip) its second choice."""
    legal = [c.action for c in robot.choose(v, rng) if is_legal(v, c.action)]
    if not legal:
        if v.legal_calls:
            return MakeCall(v.legal_calls[0], v.seat)
        return PlayCard(v.legal_cards[0], v.seat)
    slip = BID_SLIP if v.phase is Phase.AUCTION else PLAY_SLIP
    if len(legal) > 1 and rng.random() < slip:
        return legal[1] if v.phase is Phase.AUCTION else rng.choice(legal[1:])
    return legal[0]


def play_board(number: int, deal: Deal, robot: Robot, rng: random.Random) -> BoardState:
    """Four robots play board ``number`` to the end, each acting on its own seat's view."""
    return play_out(new_board(number, deal), robot, rng, decide=_choose)
