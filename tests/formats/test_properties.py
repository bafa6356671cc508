"""Property tests: random legal boards, played through the rules' one path, survive every format
unchanged, and replay to the very state they came from."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from qipai.bridge import (
    PASS,
    BoardState,
    Deal,
    MakeCall,
    Phase,
    agree_claim,
    apply,
    legal_actions,
    new_board,
)
from qipai.formats import Record, read_json, read_lin, read_pbn, write_json, write_lin, write_pbn

EXPLANATIONS = [
    "",
    "",
    "",
    "Stayman",
    "15-17 HCP",
    "弱二, 6-10 点",
    "♠ and a minor",
    'a "quoted" word',
    "back\\slash and \\\\ two",
    "!S transfer; 5+",
    "semi; colon { brace }",
]
NAMES = ["张伟", "Li Wei", "O'Brien", "Zmudzinski", "A.N. Other", "~~M2509087"]


@st.composite
def boards(draw: st.DrawFn) -> tuple[BoardState, tuple[tuple[str, str], ...]]:
    """A board dealt from a seed and played, legally and at random, to some point: part way
    through the auction, part way through the play, all the way, or to an agreed claim."""
    rnd: random.Random = draw(st.randoms(use_true_random=False))
    state = new_board(draw(st.integers(1, 36)), Deal.from_seed(draw(st.integers(0, 10**9))))
    stop = draw(st.one_of(st.integers(0, 30), st.just(200)))
    for _ in range(stop):
        if state.phase is Phase.DONE:
            break
        actions = legal_actions(state)
        if state.phase is Phase.AUCTION:
            chosen = MakeCall(PASS) if rnd.random() < 0.6 else rnd.choice(actions)
            assert isinstance(chosen, MakeCall)
            chosen = MakeCall(chosen.call, None, rnd.random() < 0.2, rnd.choice(EXPLANATIONS))
            state = apply(state, chosen)
        else:
            state = apply(state, rnd.choice(actions))
    if state.phase is Phase.PLAY and rnd.random() < 0.5:
        left = 13 - len(state.completed_tricks)
        state = agree_claim(state, rnd.randint(0, left))
    players = {seat: rnd.choice(NAMES) for seat in ("North", "East", "South", "West")}
    tags = tuple((k, v) for k, v in players.items() if rnd.random() < 0.8)
    return state, tags


EXTRA = (("Event", 'Spring "Open" \\ 2024'), ("Room", "Open"), ("Score", "NS 420"))


@settings(max_examples=40, deadline=None)
@given(boards())
def test_pbn_keeps_everything_but_the_claim_mark(
    board: tuple[BoardState, tuple[tuple[str, str], ...]],
) -> None:
    state, tags = board
    record = Record.from_state(state, tags=tags + EXTRA)
    [back] = read_pbn(write_pbn([record]))
    # PBN has no claim: the claimed total is the Result, which replays to the same state
    assert back == dataclasses.replace(record, claim=None)
    assert back.to_state() == state


@settings(max_examples=40, deadline=None)
@given(boards())
def test_lin_keeps_the_board_and_its_players(
    board: tuple[BoardState, tuple[tuple[str, str], ...]],
) -> None:
    state, tags = board
    record = Record.from_state(state, tags=(*tags, ("Room", "Closed")))
    [back] = read_lin(write_lin([record]))
    assert back == record
    assert back.to_state() == state


@settings(max_examples=40, deadline=None)
@given(boards())
def test_json_keeps_everything(board: tuple[BoardState, tuple[tuple[str, str], ...]]) -> None:
    state, tags = board
    record = Record.from_state(state, tags=tags + EXTRA)
    [back] = read_json(write_json([record]))
    assert back == record
    assert back.to_state() == state
    assert back.score_ns == (state.score_ns if state.phase is Phase.DONE else None)
