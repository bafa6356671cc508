"""国际象棋 under the FIDE Laws of Chess (2023), on python-chess (GPL-3; see the README).

python-chess holds the board and the laws of movement; this module makes it an immutable
:class:`~qipai.games.base.Game`: claims (threefold repetition, Art. 9.2; the fifty-move rule,
Art. 9.3) are the player's to make, fivefold repetition and the seventy-five-move rule
(Art. 9.6) and a dead position by insufficient material (Art. 5.2.2, as python-chess judges it)
end the game by themselves, and a flag fall loses unless the opponent cannot mate (Art. 6.9).
Moves are UCI (``e2e4``, ``e7e8q``) in and out; SAN is read too and written in views and PGN.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, ClassVar

import chess
import chess.pgn

from .base import (
    JSON,
    Common,
    Game,
    GameRuleError,
    MoveTextError,
    Outcome,
    reason,
    why,
)

RULES = "FIDE Laws of Chess"


@dataclass(frozen=True, slots=True)
class Claim:
    """A draw claimed by the player to move: ``kind`` is "threefold" (Art. 9.2) or "fifty"
    (Art. 9.3); with ``move``, the claim is for the position that move makes (Art. 9.2.1.1),
    and the game ends in the position that move makes if the claim is right."""

    kind: str
    move: chess.Move | None = None


ChessMove = chess.Move | Claim
CLAIMS = {"threefold": "reason.threefold", "fifty": "reason.fifty_moves"}


@dataclass(frozen=True)
class ChessState:
    start_fen: str
    moves: tuple[ChessMove | Common, ...] = ()
    ended: Outcome | None = None
    draw_offer: int | None = None
    board_: chess.Board = field(default_factory=chess.Board, compare=False, repr=False)
    written: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The board moves in SAN, each written in its position (derived)."""
    """The position (python-chess's Board, with its move stack): never handed out, only
    copies (:meth:`board`)."""

    def board(self) -> chess.Board:
        return self.board_.copy()

    @property
    def fen(self) -> str:
        return self.board_.fen()


def perft(board: chess.Board, depth: int) -> int:
    """Leaf nodes of the legal-move tree ``depth`` plies deep (python-chess's generator)."""
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


class Chess(Game[ChessState, ChessMove]):
    name: ClassVar[str] = "chess"
    sides: ClassVar[tuple[str, str]] = ("w", "b")
    side_terms: ClassVar[tuple[str, str]] = ("side.white", "side.black")
    rules: ClassVar[str] = RULES

    def __init__(self, fen: str = chess.STARTING_FEN) -> None:
        self.fen = fen
        self.from_fen(fen)  # checks it

    def from_fen(self, fen: str) -> ChessState:
        try:
            board = chess.Board(fen)
        except ValueError as e:
            raise MoveTextError("error.bad_position", RULES, why=str(e)) from None
        status = board.status()
        if status != chess.STATUS_VALID:
            raise MoveTextError("error.bad_position", RULES, why=status.name or str(status))
        return ChessState(board.fen(), board_=board)

    def new(self) -> ChessState:
        return self.from_fen(self.fen)

    def start(self, state: ChessState) -> ChessState:
        return self.from_fen(state.start_fen)

    def to_move(self, state: ChessState) -> int | None:
        if self.outcome(state) is not None:
            return None
        return 0 if state.board_.turn == chess.WHITE else 1

    def legal_moves(self, state: ChessState) -> tuple[ChessMove, ...]:
        if self.outcome(state) is not None:
            return ()
        board = state.board_
        moves: list[ChessMove] = list(board.legal_moves)
        if board.is_repetition(3):
            moves.append(Claim("threefold"))
        if board.halfmove_clock >= 100:
            moves.append(Claim("fifty"))
        return tuple(moves)

    def _apply(self, state: ChessState, move: ChessMove) -> ChessState:
        board = state.board_
        mover = 0 if board.turn == chess.WHITE else 1
        if isinstance(move, Claim):
            return self._claim(state, move, mover)
        if not isinstance(move, chess.Move):
            raise MoveTextError(
                "error.bad_move_text", RULES, text=repr(move), why=why("not_a_move")
            )
        self._check_legal(board, move)
        san = board.san(move)
        after = board.copy()
        after.push(move)
        return ChessState(
            state.start_fen,
            (*state.moves, move),
            None,
            self.offer_after_move(state, mover),
            after,
            (*state.written, san),
        )

    def _check_legal(self, board: chess.Board, move: chess.Move) -> None:
        if board.is_legal(move):
            return
        uci = move.uci()
        if board.is_pseudo_legal(move):
            reason_, rule = why("king_in_check"), f"{RULES}, Art. 3.9"
        elif board.is_castling(move) or (
            board.piece_type_at(move.from_square) == chess.KING
            and abs(chess.square_file(move.from_square) - chess.square_file(move.to_square)) == 2
        ):
            reason_, rule = why("castling"), f"{RULES}, Art. 3.8.2"
        elif board.color_at(move.from_square) != board.turn:
            reason_, rule = why("no_piece"), f"{RULES}, Art. 3.1"
        else:
            reason_, rule = why("piece_move"), f"{RULES}, Art. 3"
        raise GameRuleError("error.illegal_move", rule, move=uci, why=reason_)

    def _claim(self, state: ChessState, claim: Claim, mover: int) -> ChessState:
        board = state.board_.copy()
        if claim.kind not in CLAIMS:
            raise MoveTextError(
                "error.bad_move_text", RULES, text=claim.kind, why=why("no_such_claim")
            )
        if claim.move is not None:
            self._check_legal(board, claim.move)
            board.push(claim.move)
        ok = board.is_repetition(3) if claim.kind == "threefold" else board.halfmove_clock >= 100
        if not ok:
            what = "threefold repetition" if claim.kind == "threefold" else "fifty-move rule"
            article = "Art. 9.2" if claim.kind == "threefold" else "Art. 9.3"
            raise GameRuleError("error.no_claim", f"{RULES}, {article}", what=what)
        key = CLAIMS[claim.kind].removeprefix("reason.")
        written = state.written + ((state.board_.san(claim.move),) if claim.move else ())
        return ChessState(
            state.start_fen,
            (*state.moves, claim),
            Outcome(None, reason(key)),
            None,
            board,
            written,
        )

    def _outcome(self, state: ChessState) -> Outcome | None:
        out = state.board_.outcome(claim_draw=False)
        if out is None:
            return None
        winner = None if out.winner is None else (0 if out.winner == chess.WHITE else 1)
        key = {
            chess.Termination.CHECKMATE: "checkmate",
            chess.Termination.STALEMATE: "stalemate",
            chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
            chess.Termination.SEVENTYFIVE_MOVES: "seventyfive_moves",
            chess.Termination.FIVEFOLD_REPETITION: "fivefold",
        }[out.termination]
        return Outcome(winner, reason(key))

    def time_out_outcome(self, state: ChessState, player: int) -> Outcome:
        opponent = chess.BLACK if player == 0 else chess.WHITE
        if state.board_.has_insufficient_material(opponent):
            return Outcome(None, reason("time_draw"))
        return Outcome(1 - player, reason("time"))

    def move_text(self, state: ChessState, move: ChessMove) -> str:
        if isinstance(move, Claim):
            return f"claim-{move.kind}" + (f"+{move.move.uci()}" if move.move else "")
        return move.uci()

    def parse_move(self, state: ChessState, move_text: str) -> ChessMove:
        t = move_text.strip()
        if t.startswith("claim-"):
            kind, _, then = t.removeprefix("claim-").partition("+")
            if kind not in CLAIMS:
                raise MoveTextError("error.bad_move_text", RULES, text=t, why=why("no_such_claim"))
            return Claim(kind, self.parse_move(state, then) if then else None)  # type: ignore[arg-type]
        board = state.board_
        try:
            return chess.Move.from_uci(t)
        except ValueError:
            pass
        try:
            return board.parse_san(t)
        except ValueError as e:
            raise MoveTextError(
                "error.bad_move_text", RULES, text=t, why=why("not_uci_san", detail=str(e))
            ) from None

    def san(self, state: ChessState, move: chess.Move) -> str:
        return state.board_.san(move)

    def public_view(self, state: ChessState) -> JSON:
        board = state.board_
        uci = [m.uci() for m in board.move_stack]
        san = list(state.written)
        last = board.move_stack[-1].uci() if board.move_stack else None
        return {
            "game": self.name,
            "start_fen": state.start_fen,
            "fen": board.fen(),
            "to_move": self.sides[0 if board.turn == chess.WHITE else 1],
            "moves": uci,
            "san": san,
            "last": last,
            "check": board.is_check(),
            "claimable": [c.kind for c in self.legal_moves(state) if isinstance(c, Claim)],
        }

    # --- PGN -----------------------------------------------------------------------------------

    def to_pgn(self, state: ChessState, headers: dict[str, str] | None = None) -> str:
        game = chess.pgn.Game()
        if state.start_fen != chess.STARTING_FEN:
            game.setup(state.start_fen)
        for k, v in (headers or {}).items():
            game.headers[k] = v
        node: Any = game
        for m in state.board_.move_stack:
            node = node.add_variation(m)
        outcome = self.outcome(state)
        game.headers["Result"] = outcome.result if outcome else "*"
        if outcome is not None:
            game.headers["Termination"] = outcome.reason.text("en")
        return str(game)

    def from_pgn(self, pgn: str) -> ChessState:
        """The game of a PGN text: its moves replayed through the rules (a bad move in the
        file is an error naming it); a result the moves do not give is taken as an agreement
        or a resignation."""
        game = chess.pgn.read_game(io.StringIO(pgn))
        if game is None:
            raise MoveTextError("error.bad_move_text", RULES, text=pgn[:40], why=why("no_pgn"))
        if game.errors:
            detail = str(game.errors[0])
            raise MoveTextError("error.bad_move_text", RULES, text=pgn[:40], why=detail)
        state = self.from_fen(game.board().fen())
        for move in game.mainline_moves():
            state = self.apply(state, move)
        return self.end_as_recorded(state, game.headers.get("Result", "*"))
