"""The one harness every game goes through (tests/games/test_harness.py runs it): seeded
random legal playouts end (by the game's own rules or a draw rule), illegal moves raise and
leave the state as it was, views show nothing a player may not see, replaying the moves
rebuilds an equal state, and every move's text reads back to the move."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from qipai.games.base import AcceptDraw, Game, GameError, GameRuleError, Resign


@dataclass
class Spec:
    name: str
    settings: dict[str, Any] = field(default_factory=dict)
    max_plies: int = 3000
    """A playout that has not ended by then fails the test."""
    finish_after: int | None = None
    """After this many plies, ``finish`` picks the move (go's passes: random go rarely ends)."""
    finish: Callable[[Game[Any, Any], Any], Any] | None = None
    check_every: int = 1
    """Check views, texts and illegal moves at every n-th position (the slow part)."""


def playout(game: Game[Any, Any], spec: Spec, seed: int) -> list[Any]:
    """The states of one random legal game from the start, the last one terminal."""
    rng = random.Random(seed)
    state = game.new()
    states = [state]
    while not game.is_terminal(state):
        assert len(states) <= spec.max_plies, f"{spec.name}: no end after {spec.max_plies} plies"
        legal = game.legal_moves(state)
        assert legal, f"{spec.name}: no legal move but not terminal"
        if spec.finish and spec.finish_after is not None and len(states) > spec.finish_after:
            move = spec.finish(game, state)
        else:
            move = rng.choice(legal)
        state = game.apply(state, move)
        states.append(state)
    return states


def check_state(game: Game[Any, Any], state: Any, seen: set[Any]) -> None:
    legal = game.legal_moves(state)
    before_view = json.dumps(game.view(state, None), sort_keys=True)
    # move text round-trips
    for move in legal:
        assert game.parse(state, game.text(state, move)) == move, (game.name, move)
    # illegal moves raise and leave the state unchanged
    legal_set = set(legal)
    for move in seen - legal_set:
        try:
            game.apply(state, move)
        except GameError:
            pass
        else:
            raise AssertionError(f"{game.name}: {move!r} was applied but is not legal")
    try:
        game.apply(state, AcceptDraw(0))
    except GameRuleError:
        pass
    else:
        assert state.draw_offer == 1, "accepting a draw nobody offered"
    assert json.dumps(game.view(state, None), sort_keys=True) == before_view
    # views
    spectator = game.view(state, None)
    assert "you" not in spectator and "legal" not in spectator
    for player in range(game.players):
        v = game.view(state, player)
        json.dumps(v)
        mine = {k: x for k, x in v.items() if k not in ("you", "legal")}
        assert mine == spectator, f"{game.name}: a player's view differs from the public one"
        if "legal" in v:
            assert game.to_move(state) == player
            assert v["legal"] == [game.text(state, m) for m in legal]
        else:
            assert game.to_move(state) != player or game.is_terminal(state)
    # the views depend on the public record alone: the replayed state shows the same
    rebuilt = game.replay(state)
    assert rebuilt == state
    assert game.view(rebuilt, None) == spectator


def run(spec: Spec, seeds: range) -> list[Any]:
    """Every check over playouts from ``seeds``; the final states, for the caller to look at."""
    from qipai.games import game as make

    game = make(spec.name, **spec.settings)
    finals = []
    for seed in seeds:
        states = playout(game, spec, seed)
        final = states[-1]
        finals.append(final)
        seen: set[Any] = set()
        for s in states:
            seen.update(game.legal_moves(s))
        for s in states[:: spec.check_every]:
            check_state(game, s, seen)
        check_state(game, final, seen)
        # replaying the text of the whole game rebuilds it
        assert game.play(game.start(final), game.texts(final)) == final
        # a finished game takes no more moves, and stays as it was
        try:
            game.apply(final, Resign(0))
        except GameRuleError:
            pass
        else:
            raise AssertionError("a finished game took a resignation")
        outcome = game.outcome(final)
        assert outcome is not None
        if outcome.ranks:
            assert len(outcome.ranks) == game.players and min(outcome.ranks) == 1
            assert outcome.result == "-".join(map(str, outcome.ranks))
        else:
            assert outcome.result in ("1-0", "0-1", "1/2-1/2")
        assert len(outcome.scores(game.players)) == game.players
        assert outcome.reason.text("zh-CN") and outcome.reason.text("en")
    return finals
