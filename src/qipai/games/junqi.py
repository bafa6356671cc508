"""军棋 (2 players) and 四国军棋 (4 players in two alliances), by the competition's seed: the
pieces and what each capture gives, the deployment rules of one side's half, and the seed's
anti-cheating scoring rules. (The board's railways, the moves and the referee's play are still
to come: see docs/GAMES.md.)

One side's half (阵地) is 6 rows of 5 points, row 1 the front (next to the frontier), row 6
the back; its five camps (行营) are row 2 columns 2 and 4, row 3 column 3, row 4 columns 2
and 4 (columns 1-5 from the side's left), empty at the start; its two headquarters (大本营)
are row 6 columns 2 and 4. Each side deploys its 25 pieces on the other 25 points, hidden:
炸弹 not in row 1, 地雷 only in rows 5 and 6, 军旗 only in a headquarters.

Captures: 司令 > 军长 > 师长 > 旅长 > 团长 > 营长 > 连长 > 排长 > 工兵; equal ranks both leave;
炸弹 and whatever it meets both leave; 地雷 beats every piece but 工兵, which takes it (and a
炸弹, which goes with it); 军旗 is taken by any piece (by a 炸弹, both leave: the flag is lost
all the same). 地雷 and 军旗 never move, so never attack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .base import GameRuleError

RULES = "军棋规则（数院棋牌大赛）"
RANKED = ("司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵")
"""The ranked pieces, the strongest first."""
BOMB, MINE, FLAG, SAPPER = "炸弹", "地雷", "军旗", "工兵"
PIECES: Mapping[str, int] = {
    "司令": 1,
    "军长": 1,
    "师长": 2,
    "旅长": 2,
    "团长": 2,
    "营长": 2,
    "连长": 3,
    "排长": 3,
    "工兵": 3,
    "地雷": 3,
    "炸弹": 2,
    "军旗": 1,
}
"""Each side's 25 pieces."""
ROWS, COLS = 6, 5
CAMPS = frozenset({(2, 2), (2, 4), (3, 3), (4, 2), (4, 4)})
HEADQUARTERS = frozenset({(6, 2), (6, 4)})
IMMOBILE = frozenset({MINE, FLAG})

Result = Literal["attacker", "defender", "both"]


def attack(attacker: str, defender: str) -> Result:
    """Who stays when ``attacker`` moves onto ``defender``: ``"attacker"`` (the defender is
    taken), ``"defender"`` (the attacker is lost) or ``"both"`` (both leave the board)."""
    for piece in (attacker, defender):
        if piece not in PIECES:
            raise GameRuleError("error.junqi_piece", RULES, piece=piece)
    if attacker in IMMOBILE:
        raise GameRuleError("error.junqi_immobile", RULES, piece=attacker)
    if attacker == BOMB or defender == BOMB:
        return "both"
    if defender == FLAG:
        return "attacker"
    if defender == MINE:
        return "attacker" if attacker == SAPPER else "defender"
    a, d = RANKED.index(attacker), RANKED.index(defender)
    return "both" if a == d else "attacker" if a < d else "defender"


def check_deployment(layout: Mapping[tuple[int, int], str]) -> None:
    """Whether ``layout`` (one side's half: (row, column) -> piece, row 1 the front) follows
    the rules; GameRuleError naming the rule and the point otherwise."""
    for (row, col), piece in layout.items():
        where = f"({row},{col})"
        if not (1 <= row <= ROWS and 1 <= col <= COLS):
            raise GameRuleError("error.junqi_off_half", RULES, point=where)
        if (row, col) in CAMPS:
            raise GameRuleError("error.junqi_camp_at_start", RULES, point=where)
        if piece not in PIECES:
            raise GameRuleError("error.junqi_piece", RULES, piece=piece)
        if piece == BOMB and row == 1:
            raise GameRuleError("error.junqi_bomb_front", RULES, point=where)
        if piece == MINE and row < ROWS - 1:
            raise GameRuleError("error.junqi_mine_back", RULES, point=where)
        if piece == FLAG and (row, col) not in HEADQUARTERS:
            raise GameRuleError("error.junqi_flag_hq", RULES, point=where)
    counts = Counter(layout.values())
    for piece, n in PIECES.items():
        if counts[piece] != n:
            raise GameRuleError("error.junqi_count", RULES, piece=piece, count=counts[piece], n=n)


# --- the seed's scoring rules (anti-cheating) -------------------------------------------------

SURRENDER_FROM = 20
"""No surrender in the first 20 moves."""
SCORING_FROM = {2: 30, 4: 40}
"""A win in fewer moves than this scores nothing (2 players, 4 players)."""
QUIET_DRAW = 70
"""70 moves in a row without a capture: a draw."""


def may_surrender(moves: int) -> bool:
    """Whether a side may surrender after ``moves`` moves of the game."""
    return moves >= SURRENDER_FROM


def check_surrender(moves: int) -> None:
    if not may_surrender(moves):
        raise GameRuleError("error.junqi_surrender_early", RULES, moves=moves, n=SURRENDER_FROM)


def win_scores(players: int, moves: int) -> bool:
    """Whether a win after ``moves`` moves scores (the seed: not under 30 for 2 players, 40
    for 4)."""
    return moves >= SCORING_FROM[players]


def quiet_draw(moves_since_capture: int) -> bool:
    return moves_since_capture >= QUIET_DRAW


@dataclass(frozen=True, slots=True)
class Runaway:
    """How a game ends when a player runs away (leaves), by the seed: in 2 players the other
    side wins; in 4 players, if one of the runner's side had already lost, the other alliance
    wins; if neither had lost, nobody scores. ``winner`` is the side (0 or 1: seats 0 and 2
    are side 0, seats 1 and 3 side 1) that wins, None when nobody scores."""

    winner: int | None


def runaway(players: int, runner: int, lost: frozenset[int] = frozenset()) -> Runaway:
    """The end when seat ``runner`` runs away; ``lost``: the seats already out of the game."""
    if players == 2:
        return Runaway(1 - runner)
    side = runner % 2
    partner = (runner + 2) % 4
    if partner in lost:
        return Runaway(1 - side)
    return Runaway(None)
