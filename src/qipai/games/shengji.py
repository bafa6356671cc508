"""升级（拖拉机）with 10 as the fixed trump rank, by the competition's seed: the cards, the trump
order, tractors, the declarations while dealing (亮牌), the points and the hand's score. (The
play of a whole hand (following suit), its views and robots are still to come: see docs/GAMES.md.)

Two decks with jokers, 108 cards. Cards are written ``BJ`` (大王), ``LJ`` (小王), else suit
and rank: suits ``S H D C`` (♠ ♥ ♦ ♣), ranks ``2``-``9``, ``10``, ``J Q K A`` (``H10``, ``SA``).

Trump order, from the top: 大王, 小王, 主10 (the 10 of the trump suit), 副10 (the other three
10s, equal to each other), then the trump suit's A K Q J 9 ... 2; each side suit A K Q J 9 ... 2
(the 10s being trumps). With no trump (无主, after 反无主) the trumps are the jokers and the
four 10s, all 10s equal.

A tractor (拖拉机) is two or more pairs (a pair: two identical cards, one from each deck) of
one suit group (the trumps, or one side suit) whose places in that order are adjacent:
KKQQ, JJ99 (the 10 being out of the side suits), 554433; among the trumps 小王小王 with 主10主10,
主10主10 with 副10副10, 副10副10 with 主A主A. Not: 554, 544, 5533, JJQ, two pairs of 副10 (equal
places), JJ1010 of a side suit (the 10s are trumps), AA22 (no wrapping round).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from .base import GameRuleError, MoveTextError

RULES = "升级（拖拉机）规则（数院棋牌大赛，打10）"
SUITS = "SHDC"
NO_TRUMP = "NT"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LEVEL = "10"
JOKERS = ("LJ", "BJ")
SIDE_ORDER = tuple(r for r in RANKS if r != LEVEL)
"""A suit's ranks from the lowest, without the 10: 2 ... 9 J Q K A (12 places)."""
POINTS = {"5": 5, "10": 10, "K": 10}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: ``suit`` one of ``SHDC`` and ``rank`` ``2``-``A``, or suit ``J`` for a joker
    with rank ``L`` (小王) or ``B`` (大王)."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return f"{self.rank}J" if self.suit == "J" else f"{self.suit}{self.rank}"

    @property
    def points(self) -> int:
        return 0 if self.suit == "J" else POINTS.get(self.rank, 0)


def parse_card(text: str) -> Card:
    t = text.strip().upper()
    if t in JOKERS:
        return Card("J", t[0])
    if len(t) >= 2 and t[0] in SUITS and t[1:] in RANKS:
        return Card(t[0], t[1:])
    why = "a card is BJ, LJ or a suit (S H D C) and a rank (2-9, 10, J, Q, K, A), like H10"
    raise MoveTextError("error.bad_card", RULES, text=text, why=why)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from ``"LJ LJ H10 H10"`` (or a list of such words); at most two of each card."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(w) for w in words)
    for card, n in Counter(cards).items():
        if n > 2:
            raise GameRuleError("error.too_many_copies", RULES, card=str(card), count=n)
    return cards


def check_trump(trump: str) -> str:
    t = trump.strip().upper()
    if t in ("NT", "无主", "无主"):
        return NO_TRUMP
    if t in tuple(SUITS):
        return t
    raise MoveTextError("error.bad_trump", RULES, text=trump)


def is_trump(card: Card, trump: str) -> bool:
    return card.suit == "J" or card.rank == LEVEL or card.suit == trump


def group(card: Card, trump: str) -> str:
    """The suit a card follows as: ``T`` for a trump, else its own suit."""
    return "T" if is_trump(card, trump) else card.suit


def place(card: Card, trump: str) -> int:
    """The card's place in its group's order, 0 the lowest; equal places are equal cards for
    play (two 副10 of different suits)."""
    top = len(SIDE_ORDER)  # 12 places for the suit's A ... 2
    if card.suit == "J":
        return top + (3 if card.rank == "B" else 2)
    if card.rank == LEVEL:
        return top + 1 if card.suit == trump or trump == NO_TRUMP else top
    return SIDE_ORDER.index(card.rank)


def pairs(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The pairs ``cards`` are made of (one card of each), or None if they are not all pairs."""
    counts = Counter(cards)
    if not cards or any(n != 2 for n in counts.values()):
        return None
    return tuple(counts)


def is_tractor(cards: Sequence[Card], trump: str) -> bool:
    """Whether ``cards`` are a tractor with ``trump`` the trump suit (or ``NT``)."""
    made = pairs(cards)
    if made is None or len(made) < 2:
        return False
    if len({group(c, trump) for c in made}) != 1:
        return False
    places = sorted(place(c, trump) for c in made)
    return all(b - a == 1 for a, b in pairwise(places))


def points(cards: Iterable[Card]) -> int:
    """The points in ``cards``: 5 for a 5, 10 for a 10 or a K (200 in the two decks)."""
    return sum(c.points for c in cards)


def deck() -> tuple[Card, ...]:
    """The two decks with their jokers, 108 cards."""
    one = [Card(s, r) for s in SUITS for r in RANKS] + [Card("J", "L"), Card("J", "B")]
    return tuple(one + one)


# --- the hand's result ----------------------------------------------------------------------


def units(cards: Sequence[Card], trump: str) -> list[tuple[Card, ...]]:
    """``cards`` of one group split into units: the longest tractors first, then pairs, then
    singles, each unit from its highest card down."""
    if len({group(c, trump) for c in cards}) > 1:
        raise GameRuleError("error.mixed_throw", RULES, cards=" ".join(map(str, cards)))
    counts = Counter(cards)
    free = sorted((c for c, n in counts.items() if n == 2), key=lambda c: -place(c, trump))
    out: list[tuple[Card, ...]] = []
    while free:
        best: list[Card] = []
        for start in free:
            run = [start]
            while True:
                want = place(run[-1], trump) - 1
                below = [c for c in free if c not in run and place(c, trump) == want]
                if not below:
                    break
                run.append(below[0])
            if len(run) > len(best):
                best = run
        out.append(tuple(c for c in best for _ in (0, 1)))
        free = [c for c in free if c not in best]
    singles = sorted((c for c, n in counts.items() if n == 1), key=lambda c: -place(c, trump))
    out.sort(key=lambda u: (-len(u), -place(u[0], trump)))
    return out + [(c,) for c in singles]


def _beats(hand: Sequence[Card], unit: Sequence[Card], trump: str) -> bool:
    """Whether ``hand`` holds a unit of the same group and shape that beats ``unit``."""
    g, top = group(unit[0], trump), max(place(c, trump) for c in unit)
    mine = [c for c in hand if group(c, trump) == g]
    if len(unit) == 1:
        return any(place(c, trump) > top for c in mine)
    held = [u for u in units(mine, trump) if len(u) >= len(unit) and len(u) > 1] if mine else []
    if len(unit) == 2:
        return any(place(u[0], trump) > top for u in held)
    k = len(unit) // 2
    for u in held:  # a longer tractor holds one of k pairs whose top is its own top
        ps = sorted({place(c, trump) for c in u}, reverse=True)
        if len(ps) >= k and ps[0] > top:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Throw:
    """A throw's (甩牌) judgement: ``played`` the cards that stand (all, or the unit the
    thrower must play instead), ``penalty`` the points the other side gets for a failed throw
    (10 for each card taken back)."""

    played: tuple[Card, ...]
    penalty: int

    @property
    def failed(self) -> bool:
        return self.penalty > 0


THROW_PENALTY = 10
"""Points to the other side for each card of a failed throw taken back."""


def judge_throw(throw: Sequence[Card], others: Sequence[Sequence[Card]], trump: str) -> Throw:
    """A lead of several units of one group, checked against the other three hands: it stands
    if no other hand can beat any of its units (a single by a higher card, a pair by a higher
    pair, a tractor by a higher one as long); if one can, the thrower plays the smallest unit
    that can be beaten (the shortest, then the lowest) and the rest goes back to the hand."""
    parts = units(throw, trump)
    beaten = [u for u in parts if any(_beats(h, u, trump) for h in others)]
    if not beaten or len(parts) == 1:
        return Throw(tuple(throw), 0)
    forced = min(beaten, key=lambda u: (len(u), max(place(c, trump) for c in u)))
    return Throw(forced, THROW_PENALTY * (len(throw) - len(forced)))


def _pair_count(cards: Iterable[Card]) -> int:
    return sum(n // 2 for n in Counter(cards).values())


def _longest_tractor(cards: Sequence[Card], trump: str) -> int:
    """The most pairs of a tractor in ``cards`` (of one group), 0 if none."""
    return max((len(u) // 2 for u in units(cards, trump) if len(u) >= 4), default=0)


def check_follow(
    lead: Sequence[Card], hand: Sequence[Card], played: Sequence[Card], trump: str
) -> None:
    """Whether ``played`` from ``hand`` follows ``lead`` (GameRuleError naming the rule if
    not): as many cards; of the lead's group as far as the hand holds it; as many pairs of it
    as the lead has (a tractor's pairs counted) as far as the hand holds pairs of it; and a
    tractor as long as the lead's longest when the hand holds one."""
    if len(played) != len(lead):
        raise GameRuleError("error.follow_count", RULES, n=len(lead), count=len(played))
    if Counter(played) - Counter(hand):
        raise GameRuleError("error.not_in_hand", RULES, cards=" ".join(map(str, played)))
    g = group(lead[0], trump)
    have = [c for c in hand if group(c, trump) == g]
    mine = [c for c in played if group(c, trump) == g]
    if len(mine) < min(len(lead), len(have)):
        raise GameRuleError("error.follow_suit", RULES)
    need_pairs = min(sum(len(u) // 2 for u in units(lead, trump) if len(u) >= 2), _pair_count(have))
    if _pair_count(mine) < need_pairs:
        raise GameRuleError("error.follow_pairs", RULES, n=need_pairs)
    longest = _longest_tractor(lead, trump)
    if longest and _longest_tractor(have, trump) >= longest > _longest_tractor(mine, trump):
        raise GameRuleError("error.follow_tractor", RULES, n=longest)


def _shape(cards: Sequence[Card], trump: str) -> tuple[int, ...]:
    return tuple(sorted((len(u) for u in units(cards, trump)), reverse=True))


def trick_winner(plays: Sequence[Sequence[Card]], trump: str) -> int:
    """Which of ``plays`` (the lead first, each a legal follow) wins the trick: a play beats
    the one winning so far if it is of the same shape (the same units: a tractor for a
    tractor, pairs for pairs) and either of the winner's group and higher by the top card of
    its largest unit, or all trumps over a side suit's (a ruff); equal plays, and any play
    of another shape, lose to the earlier."""
    lead = plays[0]
    shape = _shape(lead, trump)
    best, best_key = 0, (group(lead[0], trump) == "T", _top(lead, trump))
    for i, play in enumerate(plays[1:], 1):
        groups = {group(c, trump) for c in play}
        if len(groups) != 1 or _shape(play, trump) != shape:
            continue
        g = groups.pop()
        if g != "T" and g != group(lead[0], trump):
            continue
        key = (g == "T", _top(play, trump))
        if key > best_key:
            best, best_key = i, key
    return best


def _top(cards: Sequence[Card], trump: str) -> int:
    return max(place(c, trump) for c in units(cards, trump)[0])


def kitty_multiplier(last_lead: Sequence[Card], trump: str) -> int:
    """What the kitty's points are multiplied by when the defenders win the last trick: twice
    the size of the largest unit of the lead: 2 for a single, 4 for a pair, 4k for a tractor
    of k pairs (a throw counts by its largest unit)."""
    return 2 * max(len(u) for u in units(last_lead, trump))


def level_change(defenders: int) -> tuple[str, int]:
    """The hand's result from the defenders' points, as the level change would be scored
    (the rank itself stays at 10): under 80 the declarers go up, 3 levels for none, 2 for
    5-35, 1 for 40-75; from 80 the defenders take over, going up 1 more level for each 40
    beyond 80 (0 at 80-115, 1 at 120-155, 2 at 160-195, 3 at 200 and more).
    Returns (the side that scores: ``"declarers"`` or ``"defenders"``, the levels)."""
    if defenders < 0 or defenders % 5:
        raise GameRuleError("error.bad_points", RULES, points=defenders)
    if defenders == 0:
        return "declarers", 3
    if defenders < 40:
        return "declarers", 2
    if defenders < 80:
        return "declarers", 1
    return "defenders", min(3, (defenders - 80) // 40)


# --- 亮牌: declaring trumps while dealing ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration:
    """Cards shown while dealing: one 10 (the first fixes the trump suit), a pair of 10s, or a
    pair of jokers (反无主: no trump)."""

    player: int
    cards: tuple[Card, ...]

    @property
    def suit(self) -> str:
        return NO_TRUMP if self.cards[0].suit == "J" else self.cards[0].suit

    @property
    def strength(self) -> int:
        """1 a single 10, 2 a pair of 10s, 3 a pair of 小王, 4 a pair of 大王."""
        if self.cards[0].suit == "J":
            return 4 if self.cards[0].rank == "B" else 3
        return len(self.cards)


def declaration(player: int, cards: Sequence[Card]) -> Declaration:
    """``cards`` as a declaration (GameRuleError if they are not one)."""
    one = len(cards) == 1 and cards[0].rank == LEVEL and cards[0].suit != "J"
    pair = (
        len(cards) == 2
        and cards[0] == cards[1]
        and (cards[0].rank == LEVEL or cards[0].suit == "J")
    )
    if not (one or pair):
        why = "a declaration is one 10, a pair of 10s of one suit or a pair of jokers of one kind"
        shown = " ".join(map(str, cards))
        raise GameRuleError("error.bad_declaration", RULES, cards=shown, why=why)
    return Declaration(player, tuple(cards))


def overcall(current: Declaration | None, new: Declaration) -> str:
    """What ``new`` is over ``current``, by the precedence (docs/GAMES.md): ``"declare"`` (the
    first 10), ``"自保"`` (the declarer pairs its own single 10: the same suit made safe),
    ``"自反"`` (the declarer changes suit with a pair), ``"反主"`` (another player's pair of 10s
    over a single), ``"反无主"`` (a pair of jokers: no trump, 大王 over 小王). A declaration must
    be strictly stronger (single 10 < pair of 10s < pair of 小王 < pair of 大王); a pair of the
    declared suit only the declarer may show. GameRuleError otherwise."""
    if current is None:
        return "declare"
    if new.strength <= current.strength:
        shown, standing = (" ".join(map(str, d.cards)) for d in (new, current))
        why = f"{shown} is not stronger than {standing}"
        raise GameRuleError("error.weak_declaration", RULES, why=why)
    if new.suit == NO_TRUMP:
        return "反无主"
    same_player = new.player == current.player
    if new.suit == current.suit:
        if not same_player:
            why = "only the declarer may pair the declared suit (自保)"
            raise GameRuleError("error.weak_declaration", RULES, why=why)
        return "自保"
    return "自反" if same_player else "反主"
