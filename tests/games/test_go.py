"""围棋: captures, 禁着点, positional superko, the end by passes and the marking of dead
stones, 数子法 on positions with known counts, komi, SGF."""

from __future__ import annotations

import pytest

from qipai.games.base import GameRuleError, MoveTextError
from qipai.games.go import Accept, Go, GoState, MarkDead, Pass, Resume, area


def from_rows(rows: list[str]) -> str:
    return "".join(r.replace(" ", "") for r in rows)


def test_captures_and_suicide() -> None:
    g = Go(9)
    # Black surrounds the white stone at bb: ab, cb, ba, bc, and captures it
    s = g.play(g.new(), ["ab", "bb", "cb", "ii", "ba", "hh", "bc"])
    assert s.board[g.parse_point("bb")] == "." and g.to_move(s) == 1
    # White may not play back into the eye: no liberty, and nothing captured
    with pytest.raises(GameRuleError, match="suicide") as e:
        g.apply(s, g.parse_point("bb"))
    assert "禁着点" in e.value.text("zh-CN")
    assert g.parse_point("bb") not in g.legal_moves(s)


def test_ko_is_refused_by_positional_superko() -> None:
    g = Go(9)
    # Black: dc cd de and ed; White: ec fd ee, then dd takes the black stone at ed
    s = g.play(g.new(), ["dc", "ec", "cd", "fd", "de", "ee", "ed", "dd"])
    assert s.board[g.parse_point("ed")] == "."
    with pytest.raises(GameRuleError, match="earlier whole-board") as e:
        g.apply(s, g.parse_point("ed"))
    assert "同形再现" in e.value.text("zh-CN")
    # after a move elsewhere each, the retake is legal and takes dd
    s2 = g.play(s, ["aa", "ii", "ed"])
    assert s2.board[g.parse_point("dd")] == "."


# 9x9, Black's wall on the e column, White's on the f column: Black 9 + 36, White 9 + 27
WALLS = from_rows(["....XO..."] * 9)
# the same with an empty e column between walls on d and f: 9 shared points, 4½ each
DAME = from_rows(["...X.O..."] * 9)


def test_area_counts_of_known_positions() -> None:
    assert area(WALLS, 9) == (45, 36)
    assert area(DAME, 9) == (40.5, 40.5)
    # a white stone at bb inside Black's area: alive, the area around it is shared;
    # marked dead, it counts for Black
    board = WALLS[:10] + "O" + WALLS[11:]
    assert area(board, 9) == (9 + 35 / 2, 9 + 1 + 27 + 35 / 2)
    assert area(board, 9, frozenset({10})) == (45, 36)


def finish(g: Go, board: str, *actions: str) -> GoState:
    s = GoState(g.size, board, seen=frozenset({board}))
    return g.play(s, ["pass", "pass", *actions])


def test_guiben_decides_with_and_without_komi() -> None:
    # 45 against 36 with komi 7.5 (Black gives 3¾ stones): 45 - 3.75 = 41.25 > 40.5
    out = Go(9, komi=7.5).outcome(finish(Go(9, komi=7.5), WALLS, "accept-dead", "accept-dead"))
    assert out is not None and out.result == "1-0"
    assert "45" in out.reason.text("zh-CN") and "3.75" in out.reason.text("zh-CN")
    # 40½ each: with no komi exactly 归本数, a draw; with komi, White wins
    g0 = Go(9, komi=0)
    out = g0.outcome(finish(g0, DAME, "accept-dead", "accept-dead"))
    assert out is not None and out.result == "1/2-1/2"
    g = Go(9)
    out = g.outcome(finish(g, DAME, "accept-dead", "accept-dead"))
    assert out is not None and out.result == "0-1"


def test_19x19_counts_against_180_and_a_half() -> None:
    # Black's wall on column j (10th), White's on k: Black 19 x 10 = 190, White 19 x 9 = 171
    board = from_rows(["." * 9 + "XO" + "." * 8] * 19)
    assert area(board, 19) == (190, 171)
    g = Go(19, komi=7.5)
    out = g.outcome(finish(g, board, "accept-dead", "accept-dead"))
    assert out is not None and out.result == "1-0"  # 190 - 3.75 > 180.5
    g = Go(19, komi=20)
    out = g.outcome(finish(g, board, "accept-dead", "accept-dead"))
    assert out is not None and out.result == "0-1"  # 190 - 10 < 180.5


def test_marking_dead_stones_proposes_accepts_or_resumes() -> None:
    g = Go(9)
    board = WALLS[:10] + "O" + WALLS[11:]  # a white stone at bb inside Black's area
    s = finish(g, board)
    assert s.marking and g.view(s, None)["phase"] == "marking"
    with pytest.raises(GameRuleError, match="marking"):
        g.apply(s, g.parse_point("aa"))
    # Black proposes the stone dead; White's acceptance ends the game by the count
    s1 = g.apply(s, MarkDead(g.parse_point("bb")))
    assert g.view(s1, None)["dead"] == ["bb"]
    assert g.outcome(s1) is None
    done = g.apply(s1, Accept())
    out = g.outcome(done)
    assert out is not None and out.result == "1-0" and "45" in out.reason.text("en")
    # or White refuses and resumes play: Black (the other player) moves first
    back = g.apply(s1, Resume())
    assert not back.marking and g.to_move(back) == 0 and back.dead == frozenset()
    with pytest.raises(GameRuleError, match="not in the dead-stone"):
        g.apply(back, Accept())
    with pytest.raises(GameRuleError, match="no stone"):
        g.apply(s, MarkDead(g.parse_point("aa")))


def test_sgf_in_and_out_and_the_point_names() -> None:
    g = Go(9)
    s = g.play(g.new(), ["ee", "cc", "pass", "gc"])
    text = g.to_sgf(s, {"PB": "甲", "PW": "乙"})
    assert "SZ[9]" in text and "KM[7.5]" in text and ";B[ee]" in text and "PB[甲]" in text
    back = g.from_sgf(text)
    assert back == s
    assert g.parse_point("E5") == g.parse_point("ee") and g.gtp_vertex(g.parse_point("aa")) == "A9"
    assert isinstance(g.parse(s, "pass"), Pass)
    with pytest.raises(MoveTextError):
        g.parse(s, "zz")
    with pytest.raises(MoveTextError, match="19x19"):
        g.from_sgf("(;FF[4]SZ[19];B[pd])")
    with pytest.raises(GameRuleError):
        Go(10)


def test_sgf_colours_follow_the_side_to_play_after_play_resumes() -> None:
    g = Go(9)
    s = g.play(g.new(), ["ee", "pass", "pass", "dead:ee", "resume", "cc"])
    assert g.to_move(s) == 0  # Black resumed, White moved first, now Black
    assert ";B[ee];W[tt];B[tt];W[cc]" in g.to_sgf(s)
