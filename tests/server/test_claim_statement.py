"""A claim carries its statement of the line of play (Law 68C): every seat and watcher sees it
while the claim is pending, the log keeps it, a rebuilt table has it, and bad statements are
answered at the edge."""

from qipai.bridge import (
    Claim,
    Deal,
    PlayCard,
    RespondToClaim,
    Seat,
    apply,
    legal_cards,
    new_board,
    parse_call,
)
from qipai.bridge.game import MakeCall
from qipai.bridge.views import view
from qipai.server.actor import replay
from qipai.store import Store, sqlite_url

LINE = "先清将，再兑现梅花 / draw trumps, then run the clubs"


def test_the_rules_core_keeps_the_statement_until_the_claim_is_answered() -> None:
    board = new_board(1, Deal.from_seed("claim-statement"))
    for call in ("1NT", "P", "P", "P"):
        board = apply(board, MakeCall(parse_call(call)))
    board = apply(board, PlayCard(legal_cards(board)[0]))
    board = apply(board, Claim(12, board.declarer, LINE))
    assert all(view(board, s).claim_statement == LINE for s in Seat)
    lho, rho = board.declarer.lho, board.declarer.lho.partner
    board = apply(board, RespondToClaim(lho, True))
    assert board.claim is not None and board.claim.statement == LINE
    board = apply(board, RespondToClaim(rho, True))
    assert board.claim is None and view(board, lho).claim_statement is None


def test_every_seat_sees_the_statement_and_the_log_keeps_it(server, h, db_path) -> None:
    table_id, _players, conns = h.four_at_table(server)
    h.play_calls(conns, ["1NT", "P", "P", "P"])  # North declares
    lead = conns["E"].view["legal_cards"][0]
    assert not h.errors(conns["E"].request({"type": "card", "card": lead}))
    h.sync_all(conns)
    msgs = conns["N"].request({"type": "claim", "tricks": 7, "statement": LINE})
    assert not h.errors(msgs)
    h.sync_all(conns)
    for seat in "NESW":
        assert conns[seat].view["claim"] == 7
        assert conns[seat].view["claim_statement"] == LINE, seat
    claim_events = [
        m["event"]
        for m in conns["E"].messages
        if m["type"] == "event" and m["event"]["type"] == "claim"
    ]
    assert claim_events and claim_events[-1]["statement"] == LINE
    store = Store.open(sqlite_url(db_path))
    try:
        logged = [e.payload for e in store.entries(table_id) if e.type == "claim"]
        rebuilt = replay(
            store.table(table_id), [(e.type, e.payload) for e in store.entries(table_id)]
        )
    finally:
        store.close()
    assert logged[-1]["statement"] == LINE
    assert rebuilt.board is not None and rebuilt.board.claim is not None
    assert rebuilt.board.claim.statement == LINE


def test_a_claim_without_a_statement_has_none(server, h) -> None:
    _table_id, _players, conns = h.four_at_table(server)
    h.play_calls(conns, ["1NT", "P", "P", "P"])
    lead = conns["E"].view["legal_cards"][0]
    conns["E"].request({"type": "card", "card": lead})
    h.sync_all(conns)
    assert not h.errors(conns["N"].request({"type": "claim", "tricks": 7}))
    h.sync_all(conns)
    assert conns["W"].view["claim"] == 7 and conns["W"].view["claim_statement"] == ""


def test_bad_statements_are_answered_and_change_nothing(server, h) -> None:
    _table_id, _players, conns = h.four_at_table(server)
    h.play_calls(conns, ["1NT", "P", "P", "P"])
    lead = conns["E"].view["legal_cards"][0]
    conns["E"].request({"type": "card", "card": lead})
    h.sync_all(conns)
    for bad, says in (
        ("x" * 301, "statement"),
        (17, "statement"),
    ):
        msgs = conns["N"].request({"type": "claim", "tricks": 7, "statement": bad})
        assert any(says in e for e in h.errors(msgs)), (bad, msgs)
    h.sync_all(conns)
    assert conns["N"].view["claim"] is None
