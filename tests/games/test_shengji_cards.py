"""升级 with 10 fixed: the trump order, every tractor example and non-example of the seed, the
亮牌 precedence, the points, the kitty's multiplier and the level change."""

from __future__ import annotations

import pytest

from qipai.games import shengji as sj
from qipai.games.base import GameRuleError, MoveTextError


def cards(text: str) -> tuple[sj.Card, ...]:
    return sj.parse_cards(text)


def test_the_trump_order_from_the_top() -> None:
    order = "BJ LJ H10 S10 HA HK HQ HJ H9 H8 H7 H6 H5 H4 H3 H2"
    places = [sj.place(c, "H") for c in cards(order)]
    assert places == sorted(places, reverse=True) and len(set(places)) == len(places)
    assert sj.place(sj.parse_card("S10"), "H") == sj.place(sj.parse_card("C10"), "H")  # 副10s
    assert all(sj.is_trump(c, "H") for c in cards(order + " D10 C10"))
    side = [sj.place(c, "H") for c in cards("SA SK SQ SJ S9 S2")]
    assert side == sorted(side, reverse=True)
    assert not sj.is_trump(sj.parse_card("SA"), "H") and sj.group(sj.parse_card("S10"), "H") == "T"
    # no trump: the jokers and the four 10s, all 10s equal
    nt = [sj.place(c, "NT") for c in cards("BJ LJ S10 H10")]
    assert nt[0] > nt[1] > nt[2] == nt[3]
    assert not sj.is_trump(sj.parse_card("HA"), "NT")


@pytest.mark.parametrize(
    ("shown", "trump"),
    [
        ("SK SK SQ SQ", "H"),  # KKQQ
        ("SJ SJ S9 S9", "H"),  # JJ99: the 10 is out of the side suit
        ("S5 S5 S4 S4 S3 S3", "H"),  # 554433
        ("LJ LJ H10 H10", "H"),  # 小王 pair with 主10 pair
        ("H10 H10 S10 S10", "H"),  # 主10 pair with 副10 pair
        ("S10 S10 HA HA", "H"),  # 副10 pair with trump A pair
        ("BJ BJ LJ LJ", "S"),
        ("HA HA HK HK HQ HQ", "H"),
        ("HJ HJ H9 H9", "H"),  # in the trump suit too the 10 is out of the run
        ("LJ LJ D10 D10", "NT"),  # no trump: 小王 over the 10s
        ("HK HK HQ HQ", "NT"),
    ],
)
def test_the_seeds_tractors(shown: str, trump: str) -> None:
    assert sj.is_tractor(cards(shown), trump)
    assert sj.is_tractor(tuple(reversed(cards(shown))), trump)  # in any order


@pytest.mark.parametrize(
    ("shown", "trump"),
    [
        ("S5 S5 S4", "H"),  # 554
        ("S5 S4 S4", "H"),  # 544
        ("S5 S5 S3 S3", "H"),  # 5533
        ("SJ SJ SQ", "H"),  # JJQ
        ("S10 S10 D10 D10", "H"),  # two pairs of 副10: equal places
        ("SJ SJ S10 S10", "H"),  # JJ1010: the 10s are trumps, the Js not
        ("SA SA S2 S2", "H"),  # AA22: no wrapping round
        ("HJ HJ H10 H10", "H"),  # the 主10 sits above the A, not next to the J
        ("S10 S10 D10 D10", "NT"),
        ("SK SK HK HK", "D"),  # two suits
        ("SK SK", "H"),  # one pair
        ("SK SQ", "H"),
        ("LJ LJ S10 S10", "H"),  # 小王 is next to 主10 (H10), not a 副10
    ],
)
def test_the_seeds_non_tractors(shown: str, trump: str) -> None:
    assert not sj.is_tractor(cards(shown), trump)


def test_cards_are_read_and_checked() -> None:
    assert str(sj.parse_card("bj")) == "BJ" and str(sj.parse_card("h10")) == "H10"
    with pytest.raises(MoveTextError, match="cannot read the card 'H1'"):
        sj.parse_card("H1")
    with pytest.raises(GameRuleError, match="two decks hold two of S5, not 3"):
        cards("S5 S5 S5")
    with pytest.raises(MoveTextError, match="should be S, H, D, C or NT"):
        sj.check_trump("X")
    assert sj.check_trump("无主") == "NT"


def test_points_and_the_deck() -> None:
    d = sj.deck()
    assert len(d) == 108 and sj.points(d) == 200
    assert sj.points(cards("S5 H10 DK SA BJ")) == 25


def test_the_kittys_multiplier_by_the_last_leads_shape() -> None:
    assert sj.kitty_multiplier(cards("SA"), "H") == 2
    assert sj.kitty_multiplier(cards("SA SA"), "H") == 4
    assert sj.kitty_multiplier(cards("SA SA SK SK"), "H") == 8
    assert sj.kitty_multiplier(cards("S5 S5 S4 S4 S3 S3"), "H") == 12
    assert sj.kitty_multiplier(cards("SA SA SK"), "H") == 4  # a throw: its largest unit
    assert sj.kitty_multiplier(cards("SA SQ"), "H") == 2


@pytest.mark.parametrize(
    ("points", "side", "levels"),
    [
        (0, "declarers", 3),
        (5, "declarers", 2),
        (35, "declarers", 2),
        (40, "declarers", 1),
        (75, "declarers", 1),
        (80, "defenders", 0),
        (115, "defenders", 0),
        (120, "defenders", 1),
        (155, "defenders", 1),
        (160, "defenders", 2),
        (200, "defenders", 3),
        (280, "defenders", 3),
    ],
)
def test_the_level_change(points: int, side: str, levels: int) -> None:
    assert sj.level_change(points) == (side, levels)


def test_points_not_of_fives_are_refused() -> None:
    with pytest.raises(GameRuleError, match="multiple of 5"):
        sj.level_change(7)


def d(player: int, shown: str) -> sj.Declaration:
    return sj.declaration(player, cards(shown))


@pytest.mark.parametrize(
    ("current", "new", "kind"),
    [
        (None, (0, "H10"), "declare"),
        (None, (0, "S10 S10"), "declare"),
        ((0, "H10"), (0, "H10 H10"), "自保"),
        ((0, "H10"), (0, "S10 S10"), "自反"),
        ((0, "H10"), (1, "S10 S10"), "反主"),
        ((0, "H10"), (2, "LJ LJ"), "反无主"),
        ((0, "H10 H10"), (1, "LJ LJ"), "反无主"),
        ((1, "LJ LJ"), (2, "BJ BJ"), "反无主"),
    ],
)
def test_declarations_that_stand(
    current: tuple[int, str] | None, new: tuple[int, str], kind: str
) -> None:
    now = None if current is None else d(*current)
    assert sj.overcall(now, d(*new)) == kind


@pytest.mark.parametrize(
    ("current", "new", "says"),
    [
        ((0, "H10"), (1, "S10"), "not stronger"),  # a single over a single
        ((0, "H10 H10"), (1, "S10 S10"), "not stronger"),  # a pair over a pair
        ((0, "H10"), (1, "H10 H10"), "only the declarer"),  # another's 自保
        ((0, "BJ BJ"), (1, "LJ LJ"), "not stronger"),
        ((0, "S10 S10"), (0, "D10 D10"), "not stronger"),  # 自反 needs a stronger one too
    ],
)
def test_declarations_that_do_not(
    current: tuple[int, str], new: tuple[int, str], says: str
) -> None:
    with pytest.raises(GameRuleError, match=says):
        sj.overcall(d(*current), d(*new))


@pytest.mark.parametrize("shown", ["S9", "S10 D10", "LJ BJ", "S10 S10 D10", "SA SA", "LJ"])
def test_what_is_not_a_declaration(shown: str) -> None:
    with pytest.raises(GameRuleError, match="cannot be declared"):
        sj.declaration(0, cards(shown))


def shapes(shown: str, trump: str = "H") -> list[str]:
    return [" ".join(map(str, u)) for u in sj.units(cards(shown), trump)]


def test_units_split_the_longest_tractors_first_then_pairs_then_singles() -> None:
    assert shapes("SA SA SK SK SQ SQ S9 S9 S7 S7 S3") == [
        "SA SA SK SK SQ SQ",
        "S9 S9",
        "S7 S7",
        "S3",
    ]
    assert shapes("SJ SJ S9 S9 S2") == ["SJ SJ S9 S9", "S2"]
    assert shapes("LJ LJ H10 H10 S10 S10 HA HA", "H") == ["LJ LJ H10 H10 S10 S10 HA HA"]
    assert shapes("S10 S10 D10 D10 HA HA", "H")[0].count("10") == 2  # one 副10 pair per run
    with pytest.raises(GameRuleError, match="one suit"):
        sj.units(cards("SA HA"), "D")


def test_a_throw_stands_when_no_other_hand_beats_a_unit() -> None:
    throw = cards("SA SK SK")
    others = [cards("SQ SQ S9 HA"), cards("D5"), cards("S2 S3")]
    judged = sj.judge_throw(throw, others, "H")
    assert judged.played == throw and not judged.failed


def test_a_failed_throw_plays_its_smallest_beaten_unit_and_is_penalised() -> None:
    throw = cards("SA SQ SQ")  # the QQ pair is beaten by a KK pair
    others = [cards("SK SK"), cards("D5"), cards("S2")]
    judged = sj.judge_throw(throw, others, "H")
    assert judged.failed and judged.played == cards("SQ SQ") and judged.penalty == 10
    # a single beaten: the single is played, two cards back
    judged = sj.judge_throw(cards("SK SA SA"), [cards("SQ"), cards("SA"), cards("S2")], "H")
    assert [str(c) for c in judged.played] == ["SK"] and judged.penalty == 20
    # a tractor beaten by a longer higher one: taken back too
    judged = sj.judge_throw(
        cards("SQ SQ SJ SJ SA"), [cards("SA SK SK SQ SQ"), cards("D5"), cards("C2")], "H"
    )
    assert judged.failed
    # a trump held by another does not beat a side suit's unit for a throw
    assert not sj.judge_throw(cards("SA SK"), [cards("BJ"), cards("H2"), cards("C2")], "H").failed


def test_the_multiplier_of_a_throw_is_by_its_largest_unit() -> None:
    assert sj.kitty_multiplier(cards("SA SA SK SK S3"), "H") == 8


@pytest.mark.parametrize(
    ("lead", "hand", "played", "says"),
    [
        ("SA", "SK H2", "H2", "follow the led suit"),
        ("SA SA", "SK SK S3 D4", "SK S3", "pairs led are followed with pairs"),
        ("SA SA SK SK", "SQ SQ SJ SJ S3 S3", "SQ SQ S3 S3", "followed with a tractor"),
        ("SA SA", "SK SK", "SK", "2 cards are to be played"),
        ("SA", "SK", "SQ", "does not hold"),
        ("H5 H5", "S10 H2 D3", "H2 D3", "follow the led suit"),  # S10 is a trump: follow with it
    ],
)
def test_following_that_breaks_a_rule(lead: str, hand: str, played: str, says: str) -> None:
    with pytest.raises(GameRuleError, match=says):
        sj.check_follow(cards(lead), cards(hand), cards(played), "H")


@pytest.mark.parametrize(
    ("lead", "hand", "played"),
    [
        ("SA", "H2 D3", "D3"),  # void: anything
        ("SA", "H2 D3", "H2"),  # a trump (a ruff)
        ("SA SA", "SK S3 D4", "SK S3"),  # no pair: any two of the suit
        ("SA SA", "SK D4", "SK D4"),  # one of the suit, then anything
        ("SA SA SK SK", "SQ SQ S9 S9 S3", "SQ SQ S9 S9"),  # QQ99 is a tractor (no 10)
        ("SA SA SK SK", "SQ SQ S8 S8 S3", "SQ SQ S8 S8"),  # no tractor held: two pairs
        ("H5 H5", "S10 S10 H2", "S10 S10"),  # a pair of 副10 follows a trump pair
    ],
)
def test_following_that_stands(lead: str, hand: str, played: str) -> None:
    sj.check_follow(cards(lead), cards(hand), cards(played), "H")


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["SK", "SA", "SQ", "S2"], 1),  # the highest of the suit
        (["SK", "SA", "H2", "S2"], 2),  # a ruff
        (["SK", "H3", "H2", "BJ"], 3),  # the higher ruff
        (["SK", "H2", "H2", "S2"], 1),  # equal ruffs: the earlier
        (["SA", "D2", "C3", "SK"], 0),  # discards do not win
        (["SK SK", "SA SQ", "H2 H3", "S2 S3"], 0),  # no pair to beat a pair
        (["SK SK", "SA SA", "H2 H2", "S2 S2"], 2),  # a pair of trumps ruffs a pair
        (["S10", "H10", "D10", "LJ"], 3),  # 主10 over 副10, 小王 over both
        (["D10", "C10", "S10", "H9"], 0),  # 副10s are equal: the first stays
        (["SQ SQ SJ SJ", "SA SA SK SK", "S3 S3 S2 S2", "H3 H3 H2 H2"], 3),
    ],
)
def test_who_wins_the_trick(plays: list[str], winner: int) -> None:
    assert sj.trick_winner([cards(p) for p in plays], "H") == winner
