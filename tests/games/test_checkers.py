"""跳棋: the star, steps and chained jumps, finishing and places, the anti-blocking rule, and
the common harness for 2, 3, 4 and 6 players."""

from __future__ import annotations

import pytest

from qipai.games import checkers as ck
from qipai.games import game
from qipai.games.base import GameRuleError, MoveTextError, OfferDraw, Resign

from .harness import Spec, run


def board(**where: str) -> str:
    """A board with ``player="e5 e6 ..."`` pieces (players by digit: ``p0``, ``p1``...)."""
    cells = [ck.EMPTY] * len(ck.CUBES)
    for player, names in where.items():
        for name in names.split():
            cells[ck.parse_point(name)] = player.removeprefix("p")
    return "".join(cells)


def at(g: ck.CheckersGame, b: str, turn: int = 0) -> ck.CheckersState:
    return ck.CheckersState(b, turn=turn)


def test_the_star_has_121_points_six_points_of_ten_and_a_hexagon_of_61() -> None:
    assert len(ck.CUBES) == 121 and len(set(ck.NAMES)) == 121
    assert [len(c) for c in ck.CORNERS] == [10] * 6
    assert len(frozenset().union(*ck.CORNERS)) == 60  # the six points are disjoint
    rows = [sum(1 for c in ck.CUBES if c[2] == z) for z in range(-8, 9)]
    assert rows == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    inner = [i for i in range(121) if all(n is not None for n in ck.NEIGHBOURS[i])]
    assert len(inner) == 61 - 6 + 6 * 3  # the hexagon but its vertices, three in each point
    assert ck.steps(ck.TIPS[0], ck.TIPS[3]) == 16
    for k in range(6):  # each tip is 16 steps from the opposite one, 8 from the centre
        assert ck.steps(ck.TIPS[k], ck.BY_NAME["i5"]) == 8


def test_a_step_goes_to_each_of_six_empty_neighbours() -> None:
    g = ck.Checkers()
    s = at(g, board(p0="i5"))
    assert sorted(ck.point_name(m.to) for m in g.legal_moves(s)) == sorted(
        ["h5", "h6", "i4", "i6", "j5", "j6"]
    )


def test_jumps_chain_over_single_pieces_of_any_colour_and_may_stop_anywhere() -> None:
    g = ck.Checkers()
    # red at i5 jumps over blue h6 to g7, over red g8 to g9, over blue h9 (turning) to i9
    s = at(g, board(p0="i5 g8", p1="h6 h9"))
    dest = ck.destinations(s.board, ck.BY_NAME["i5"])
    path = [ck.point_name(p) for p in dest[ck.BY_NAME["i9"]]]
    assert path == ["g7", "g9", "i9"]
    for stop in ("g7", "g9", "i9"):
        assert ck.BY_NAME[stop] in ck.jumps_from(s.board, ck.BY_NAME["i5"])
    # the whole chain is one move, named by its ends or by its path
    move = g.parse(s, "i5-g7-g9-i9")
    assert move == g.parse(s, "i5-i9") == ck.Step(ck.BY_NAME["i5"], ck.BY_NAME["i9"])
    after = g.apply(s, move)
    assert after.board[ck.BY_NAME["i9"]] == "0" and after.board[ck.BY_NAME["i5"]] == "."
    assert after.turn == 1
    assert g.view(after, None)["last_path"] == ["i5", "g7", "g9", "i9"]
    # a path that is not a chain of jumps is refused, naming the hop
    with pytest.raises(MoveTextError, match="g7-i9 is not a jump"):
        g.parse(s, "i5-g7-i9")


def test_no_jump_over_two_pieces_over_a_gap_or_onto_a_piece() -> None:
    g = ck.Checkers()
    s = at(g, board(p0="i5", p1="h6 g7 j6 j5 k5 i4 i3"))
    dest = ck.destinations(s.board, ck.BY_NAME["i5"])
    names = {ck.point_name(p) for p in dest}
    assert "f8" not in names and "g7" not in names  # over h6 g7 (two) / onto g7
    assert "k7" in names  # over j6 to the empty k7
    assert "m5" not in names  # over j5 lands on k5 (occupied): no jump that way
    # a jump needs the piece adjacent: i5 over i4 lands i3, occupied; h5 is a step
    assert "h5" in names
    with pytest.raises(GameRuleError, match="neither a step"):
        g.apply(s, g.parse(s, "i5-e9"))
    with pytest.raises(GameRuleError, match="already occupied"):
        g.apply(s, g.parse(s, "i5-g7"))
    with pytest.raises(GameRuleError, match="no piece of the player"):
        g.apply(s, g.parse(s, "h6-h7"))


def test_the_chain_may_not_use_its_own_start_as_the_piece_jumped() -> None:
    b = board(p0="i5", p1="i6")
    dest = ck.jumps_from(b, ck.BY_NAME["i5"])
    assert {ck.point_name(p) for p in dest} == {"i7"}


def test_two_players_first_home_wins() -> None:
    g = ck.Checkers()
    target = sorted(ck.CORNERS[3])  # red's target: the top point
    red = " ".join(ck.point_name(i) for i in target if ck.point_name(i) != "d4") + " e8"
    s = at(g, board(p0=red, p1="n1"))
    assert g.outcome(s) is None
    after = g.play(s, ["e8-d4"])
    out = g.outcome(after)
    assert out is not None and out.result == "1-0" and out.reason.key == "reason.checkers_home"
    assert out.scores(2) == (1.0, 0.0)


def test_anti_blocking_a_target_held_by_a_piece_left_at_home_counts_when_full() -> None:
    target = sorted(ck.CORNERS[3])
    blocker = "a1"  # blue never leaves its tip
    red = " ".join(ck.point_name(i) for i in target if ck.point_name(i) not in ("a1", "d4"))
    b = board(p0=red + " e8 n1", p1=blocker + " i5")
    plain, house = ck.Checkers(), ck.Checkers(anti_block=True)
    for g in (plain, house):
        s = g.play(at(g, b), ["e8-d4"])
        assert (g.outcome(s) is not None) is (g is house)
    assert house.view(at(house, b), None)["anti_block"] is True


def test_three_players_rank_by_finishing_then_the_last_is_placed_last() -> None:
    g = ck.Checkers(players=3)

    # red (corner 0) aims at 3, yellow (2) at 5, white (4) at 1
    def filled_but(corner: int, missing: str) -> str:
        return " ".join(
            ck.point_name(i) for i in sorted(ck.CORNERS[corner]) if ck.point_name(i) != missing
        )

    tgt5 = sorted(ck.CORNERS[5], key=lambda i: ck.steps(i, ck.TIPS[5]))
    tgt1 = sorted(ck.CORNERS[1], key=lambda i: ck.steps(i, ck.TIPS[1]))
    y_missing = ck.point_name(tgt5[-1])
    w_missing = ck.point_name(tgt1[-1])
    y_from = next(
        ck.point_name(n)
        for n in ck.NEIGHBOURS[tgt5[-1]]
        if n is not None and n not in ck.CORNERS[5]
    )
    w_from = next(
        ck.point_name(n)
        for n in ck.NEIGHBOURS[tgt1[-1]]
        if n is not None and n not in ck.CORNERS[1]
    )
    b = board(
        p0="i5",
        p1=filled_but(5, y_missing) + " " + y_from,
        p2=filled_but(1, w_missing) + " " + w_from,
    )
    s = at(g, b)
    s = g.play(s, ["i5-h5", f"{y_from}-{y_missing}"])
    assert s.finished == (1,) and g.outcome(s) is None and s.turn == 2  # yellow done
    s = g.play(s, [f"{w_from}-{w_missing}"])
    out = g.outcome(s)
    assert out is not None and out.ranks == (3, 1, 2) and out.result == "3-1-2"
    assert out.winner == 1 and out.scores(3) == (0.0, 2.0, 1.0)
    assert "第1名" in out.text(g.side_terms, "zh-CN")


def test_a_stopped_game_ranks_by_distance_and_the_resigner_last() -> None:
    g = ck.Checkers(players=4, move_limit=1)
    s = g.play(g.new(), ["n4-m9"])
    assert s.turn == 1
    s = g.apply(s, g.legal_moves(s)[0])
    out = g.outcome(g.apply(s, Resign(2)))
    assert out is not None and out.ranks[2] == 4 and sorted(out.ranks)[0] == 1
    assert out.reason.key == "reason.resignation"
    # at the move limit, smaller distance first; equal distances share a place
    while g.outcome(s) is None:
        s = g.apply(s, g.legal_moves(s)[0])
    out = g.outcome(s)
    assert out is not None and out.reason.key == "reason.checkers_stopped"
    d = g.distances(s)
    for p in range(4):
        for o in range(4):
            if d[p] < d[o]:
                assert out.ranks[p] < out.ranks[o]
            if d[p] == d[o]:
                assert out.ranks[p] == out.ranks[o]


def test_draw_offers_are_for_two_players_and_pass_only_without_a_move() -> None:
    g3 = ck.Checkers(players=3)
    with pytest.raises(GameRuleError, match="two players only"):
        g3.apply(g3.new(), OfferDraw(0))
    g = ck.Checkers()
    with pytest.raises(GameRuleError, match="may not pass"):
        g.apply(g.new(), g.parse(g.new(), "pass"))
    # red's only piece boxed in by blue pieces two deep: no step, no jump
    around = " ".join(ck.point_name(n) for n in ck.NEIGHBOURS[ck.BY_NAME["i5"]] if n is not None)
    beyond = " ".join(ck.point_name(n) for n in ck.BEYOND[ck.BY_NAME["i5"]] if n is not None)
    s = at(g, board(p0="i5", p1=around + " " + beyond))
    assert g.legal_moves(s) == (ck.Pass(),)
    assert g.apply(s, ck.Pass()).turn == 1


def test_settings_are_checked() -> None:
    with pytest.raises(GameRuleError, match="players"):
        game("checkers", players=5)
    with pytest.raises(GameRuleError, match="move_limit"):
        game("checkers", move_limit=0)
    assert game("tiaoqi", players=6).players == 6


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_common_harness(players: int) -> None:
    finals = run(Spec("checkers", {"players": players, "move_limit": 25}, check_every=10), range(2))
    for final in finals:
        assert final.plies == 25 * players


def test_the_common_harness_with_the_anti_blocking_rule() -> None:
    run(
        Spec("checkers", {"players": 2, "anti_block": True, "move_limit": 25}, check_every=10),
        range(1),
    )
