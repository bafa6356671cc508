"""PBN 2.1 as a bridge player reads it: tags, auctions with notes and alerts, the play section,
comments, inheritance, repairs of real files' faults, and errors that say where."""

from __future__ import annotations

import re

import pytest

from qipai.bridge import (
    Card,
    Contract,
    Phase,
    Seat,
    Vulnerability,
    parse_call,
)
from qipai.formats import FormatError, Record, read_pbn, write_pbn

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(*lines: str, deal: str = DEAL, head: str = "") -> str:
    """A game on board 1 (North deals, none vulnerable) with the given extra lines."""
    return "\n".join(
        [
            *([head] if head else []),
            '[Board "1"]',
            '[Dealer "N"]',
            '[Vulnerable "None"]',
            f'[Deal "{deal}"]',
            *lines,
        ]
    )


def one(text: str, **kwargs: bool) -> Record:
    [record] = read_pbn(text, "t.pbn", **kwargs)
    return record


def calls(record: Record) -> list[str]:
    assert record.auction is not None
    return [str(e) for e in record.auction.entries]


# --- tags --------------------------------------------------------------------------------------


def test_a_scored_board_reads_with_its_tags_in_order() -> None:
    r = one(
        game(
            '[Declarer "S"]',
            '[Contract "4H"]',
            '[Result "10"]',
            '[Auction "N"]',
            "Pass Pass 1H Pass",
            "4H Pass Pass Pass",
            '[Score "NS 420"]',
            '[North "Li"]',
            '[South "Wang"]',
            '[Event "Club night"]',
        )
    )
    assert (r.number, r.dealer, r.vulnerability) == (1, Seat.NORTH, Vulnerability.NONE)
    assert (str(r.contract), r.declarer, r.result, r.score_ns) == ("4H", Seat.SOUTH, 10, 420)
    # Event first, then the players, then the rest as found
    assert [name for name, _ in r.tags] == ["Event", "North", "South", "Score"]
    assert r.tag("score") == "NS 420" and r.tag("Room") is None
    assert r.players == {Seat.NORTH: "Li", Seat.SOUTH: "Wang"}


@pytest.mark.parametrize(
    ("text", "vul"),
    [
        ("None", Vulnerability.NONE),
        ("Love", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("EW", Vulnerability.EW),
        ("All", Vulnerability.BOTH),
        ("Both", Vulnerability.BOTH),
    ],
)
def test_every_spelling_of_vulnerable(text: str, vul: Vulnerability) -> None:
    r = one(game().replace('[Vulnerable "None"]', f'[Vulnerable "{text}"]'))
    assert r.vulnerability is vul


def test_dealer_and_vulnerability_follow_the_board_number_when_left_out() -> None:
    r = one(f'[Board "7"]\n[Deal "{DEAL}"]')
    assert (r.dealer, r.vulnerability) == (Seat.SOUTH, Vulnerability.BOTH)
    # but a Dealer tag is obeyed, North included (a Seat that is 0)
    r = one(f'[Board "2"]\n[Dealer "N"]\n[Deal "{DEAL}"]')
    assert r.dealer is Seat.NORTH


@pytest.mark.parametrize(
    ("text", "contract"),
    [("3N", "3NT"), ("3NT", "3NT"), ("4Sx", "4SX"), ("4SX", "4SX"), ("1NR", "1NTXX")],
)
def test_contract_spellings(text: str, contract: str) -> None:
    r = one(game('[Declarer "N"]', f'[Contract "{text}"]', '[Result "9"]'))
    assert r.contract == Contract.parse(contract)


def test_a_passed_out_board() -> None:
    r = one(game('[Declarer ""]', '[Contract "Pass"]', '[Result ""]', '[Auction "N"]', "Pass AP"))
    assert r.passed_out and r.contract is None and r.declarer is None and r.result is None
    assert calls(r) == ["P", "P", "P", "P"] and r.score_ns == 0


def test_deal_with_any_first_seat_and_hidden_hands() -> None:
    r = one(game(deal="E:T98.765.432.AKQJ - 432.AKQJ.T98.765 -"))
    assert len(r.deal[Seat.EAST]) == 13 and len(r.deal[Seat.NORTH]) == 0
    assert not r.deal.is_complete
    text = game(deal="W:432.AKQJ.T98.765 - T98.765.432.AKQJ 765.432.AKQJ.T98")
    # one hand hidden, the other three known: a replay works the fourth out
    assert one(text).to_state().deal[Seat.NORTH] == one(game()).deal[Seat.NORTH]


def test_quotes_and_backslashes_in_values() -> None:
    r = one(game(r'[Event "The \"Big\" One \\ 2024"]', r'[Annotator "C:\x\2R"]'))
    assert r.tag("Event") == 'The "Big" One \\ 2024'
    assert r.tag("Annotator") == "C:\\x\\2R"  # a backslash before other text stays as it is
    assert read_pbn(write_pbn([r])) == [r]


def test_table_sections_are_kept_verbatim() -> None:
    text = game(
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        "N NT  7",
        "S  S  4",
        '[Competition "Teams"]',
    )
    r = one(text)
    assert r.tag("OptimumResultTable") == "Declarer;Denomination\\2R;Result\\2R\nN NT  7\nS  S  4"
    out = write_pbn([r])
    assert "N NT  7\nS  S  4\n" in out
    assert read_pbn(out) == [r]


# --- comments and escapes ----------------------------------------------------------------------


def test_comments_and_percent_lines_are_skipped() -> None:
    text = "\n".join(
        [
            "% PBN 2.1",
            "% a note for programs",
            '[Event "E"] { a comment',
            "",
            'over [Board "9"] several lines }',
            '[Board "1"] ; the rest is a comment [Board "2"]',
            '[Dealer "N"]',
            '[Vulnerable "None"]',
            f'[Deal "{DEAL}"]',
            '[Auction "N"]',
            "1NT { strong } Pass ; comment",
            "Pass Pass",
        ]
    )
    r = one(text)
    assert r.number == 1 and r.tag("Event") == "E"
    assert calls(r) == ["1NT", "P", "P", "P"]


# --- auction ------------------------------------------------------------------------------------


def test_auction_notes_alerts_nags_and_all_pass() -> None:
    r = one(
        game(
            '[Declarer "W"]',
            '[Contract "2S"]',
            '[Result "8"]',
            '[Auction "N"]',
            "1C! =1= 1H $12 X =2=",
            "1S",
            "Pass 2S AP",
            '[Note "1:Precision, 16+"]',
            '[Note "2: 4 spades"]',
        )
    )
    assert r.auction is not None
    first, second, third = r.auction.entries[:3]
    assert (first.alert, first.explanation) == (True, "Precision, 16+")
    assert (second.alert, second.explanation) == (False, "")
    assert (third.call, third.alert, third.explanation) == (parse_call("X"), False, "4 spades")
    assert calls(r)[-3:] == ["P", "P", "P"] and r.auction.is_complete
    assert not r.repairs
    assert read_pbn(write_pbn([r])) == [r]


def test_notes_listed_after_the_play_still_explain_the_auction() -> None:
    r = one(
        game(
            '[Declarer "N"]',
            '[Contract "1N"]',
            '[Auction "N"]',
            "1NT =1= AP",
            '[Play "E"]',
            "CA C8 C5 C2",
            "*",
            '[Note "1:12-14"]',
        )
    )
    assert r.auction is not None and r.auction.entries[0].explanation == "12-14"


def test_an_unfinished_auction_ends_with_a_star() -> None:
    r = one(game('[Auction "N"]', "1NT Pass 2C *"))
    assert r.auction is not None and not r.auction.is_complete
    assert calls(r) == ["1NT", "P", "2C"] and r.contract is None
    state = r.to_state()
    assert state.phase is Phase.AUCTION and state.turn is Seat.WEST
    assert read_pbn(write_pbn([r])) == [r]


def test_an_unknown_call_ends_what_is_known() -> None:
    r = one(game('[Declarer "N"]', '[Contract "3N"]', '[Auction "N"]', "1NT Pass - "))
    assert calls(r) == ["1NT", "P"] and str(r.contract) == "3NT"
    with pytest.raises(FormatError, match="after an unknown call"):
        one(game('[Auction "N"]', "1NT - 2C"))


# --- play ---------------------------------------------------------------------------------------

# 3NT by South; West leads. Rows run in seat order from West (the Play tag), whoever leads.
PLAYED = game(
    '[Declarer "S"]',
    '[Contract "3NT"]',
    '[Result "10"]',
    '[Auction "N"]',
    "Pass Pass 1NT Pass",
    "3NT AP",
    '[Play "W"]',
    "HA H8 H5 H2",
    "C5 C2 CA C8",
    "- - D2 DA",
    "*",
)


def test_play_rows_are_in_seat_order_from_the_opening_leader() -> None:
    r = one(PLAYED)
    # West wins the heart lead, East the club switch, then East leads and South follows
    played = ["HA", "H8", "H5", "H2", "C5", "C2", "CA", "C8", "D2", "DA"]
    assert r.play == tuple(map(Card.parse, played))
    trick3 = r.tricks[2]
    assert trick3.leader is Seat.EAST and not trick3.is_complete


def test_a_result_on_an_unfinished_play_settles_the_rest_as_a_claim() -> None:
    state = one(PLAYED).to_state()
    assert state.phase is Phase.DONE and state.declarer_tricks == 10
    assert state.claimed_tricks == 10  # declarer had won none of the two tricks played
    assert state.score_ns == 430


def test_write_puts_play_rows_in_seat_order_again() -> None:
    r = one(PLAYED)
    out = write_pbn([r])
    assert '[Play "W"]\nHA H8 H5 H2\nC5 C2 CA C8\n- - D2 DA\n*' in out
    assert read_pbn(out) == [r]


def test_the_opening_lead_must_come_from_declarers_left() -> None:
    with pytest.raises(FormatError, match=r"t.pbn, line 11, board 1, \[Play\]: the opening lead"):
        one(PLAYED.replace('[Play "W"]', '[Play "N"]'))


def test_a_card_the_player_does_not_hold() -> None:
    with pytest.raises(FormatError) as e:
        one(PLAYED.replace("C5 C2 CA C8", "C5 C2 CA D9"))
    assert str(e.value) == (
        "t.pbn, line 13, board 1, [Play]: trick 2: D9 is in South's column, but West holds it"
    )


# --- inheritance ------------------------------------------------------------------------------


def test_hash_repeats_the_previous_games_value() -> None:
    text = game('[Event "Spring Pairs"]', '[Site "Beijing"]')
    text += "\n\n" + game('[Event "#"]', '[Site "#"]').replace('"1"', '"2"', 1)
    _, second = read_pbn(text)
    assert second.tag("Event") == "Spring Pairs" and second.tag("Site") == "Beijing"


def test_import_format_second_room_and_later_boards_inherit() -> None:
    text = "\n".join(
        [
            '[Event "Final"]',
            '[North "N1"]',
            '[South "S1"]',
            '[Board "1"]',
            '[Dealer "N"]',
            '[Vulnerable "None"]',
            f'[Deal "{DEAL}"]',
            '[Declarer "N"]',
            '[Contract "3N"]',
            '[Result "9"]',
            "",
            '[North "N2"]',
            '[South "S2"]',
            '[Declarer "N"]',
            '[Contract "4H"]',
            '[Result "8"]',
            "",
            '[Board "2"]',
            '[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
            '[Declarer "E"]',
            '[Contract "1S"]',
            '[Result "7"]',
            "",
            '[Declarer "W"]',
            '[Contract "2S"]',
            '[Result "8"]',
        ]
    )
    b1open, b1closed, b2open, b2closed = read_pbn(text)
    assert b1closed.number == 1 and b1closed.deal == b1open.deal
    assert b1closed.tag("Event") == "Final" and b1closed.players[Seat.NORTH] == "N2"
    # a new board: dealer and vulnerability from its number, players by table
    assert (b2open.number, b2open.dealer, b2open.vulnerability) == (2, Seat.EAST, Vulnerability.NS)
    assert b2open.players[Seat.NORTH] == "N1" and b2closed.players[Seat.NORTH] == "N2"
    assert b2closed.deal == b2open.deal and b2open.tag("Event") == "Final"


def test_export_format_takes_nothing_from_the_game_before() -> None:
    text = "% EXPORT\n" + game('[Event "Final"]') + "\n\n" + f'[Board "2"]\n[Deal "{DEAL}"]'
    _, second = read_pbn(text)
    assert second.tag("Event") is None


# --- repairs of real files' faults ----------------------------------------------------------


def test_left_out_opening_passes_are_put_back_and_noted() -> None:
    # rpbridge.net style: North dealt and passed, East opened
    text = game('[Declarer "E"]', '[Contract "1N"]', '[Result "7"]', '[Auction "N"]', "1NT AP")
    r = one(text)
    assert calls(r) == ["P", "1NT", "P", "P", "P"] and r.declarer is Seat.EAST
    assert len(r.repairs) == 1
    assert r.repairs[0].startswith("t.pbn, line 8, board 1, [Auction]: the auction leaves out")
    with pytest.raises(FormatError, match="leaves out the 1 pass"):
        one(text, strict=True)


def test_a_contract_tag_without_the_double_keeps_the_auctions() -> None:
    text = game('[Declarer "N"]', '[Contract "4S"]', '[Result "9"]', '[Auction "N"]', "4S X AP")
    r = one(text)
    assert str(r.contract) == "4SX" and r.score_ns == -100
    assert "the Contract tag says 4S, but the auction ends in 4SX" in r.repairs[0]
    with pytest.raises(FormatError, match=r"\[Contract\]"):
        one(text, strict=True)


def test_play_rows_out_of_column_order_are_read_by_who_holds_the_cards() -> None:
    # the third row is written from its leader, East, not in the Play tag's column order
    text = PLAYED.replace("- - D2 DA", "D2 DA - -")
    r = one(text)
    assert r.play == one(PLAYED).play
    assert "trick 3 are not in the Play section's column order" in r.repairs[0]


def test_a_result_the_play_cannot_reach_keeps_the_result() -> None:
    text = PLAYED.replace('[Result "10"]', '[Result "12"]')
    r = one(text)
    assert r.result == 12 and len(r.play) == 4  # after two lost tricks 12 cannot be made
    assert "the play is kept to trick 1" in r.repairs[0]


# --- errors that say where ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (('[Contract "3N"]', '[Contract "9S"]'), "line 6, board 1, [Contract]"),
        (('[Result "9"]', '[Result "15"]'), "line 7, board 1, [Result]"),
        (('[Dealer "N"]', '[Dealer "Q"]'), "line 2, board 1, [Dealer]"),
        (('[Vulnerable "None"]', '[Vulnerable "Some"]'), "line 3, board 1, [Vulnerable]"),
        (("N:AKQJ.", "N:AKQJA."), "line 4, board 1, [Deal]"),
        (("1NT Pass", "1NT 1C"), "line 9, board 1, [Auction]"),
        (("3NT AP", "3NT XX"), "line 10, board 1, [Auction]"),
        (('[Auction "N"]', '[Auction "E"]'), "line 9, board 1, [Auction]"),  # no '-' for N
        (('[Contract "3N"]', '[Contract "4S"]'), "line 6, board 1, [Contract]"),
        (('[Board "1"]', '[Board "0"]'), "line 1, [Board]"),
        (("1NT Pass", "=1= 1NT Pass"), "line 9, board 1, [Auction]"),
    ],
)
def test_malformed_input_names_file_line_and_tag(change: tuple[str, str], where: str) -> None:
    good = game(
        '[Declarer "N"]', '[Contract "3N"]', '[Result "9"]', '[Auction "N"]', "1NT Pass", "3NT AP"
    )
    one(good)  # the unchanged game reads
    old, new = change
    with pytest.raises(FormatError) as e:
        read_pbn(good.replace(old, new, 1), "t.pbn")
    message = str(e.value)
    assert message.startswith(f"t.pbn, {where}: "), message
    assert "\n" not in message


def test_an_illegal_call_cites_the_law() -> None:
    with pytest.raises(FormatError, match=r"call 2 \(1C\).*Law 27"):
        one(game('[Auction "N"]', "1NT 1C"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[Board 1]", "bad tag pair"),
        ('foo\n[Board "1"]', "'foo' is outside any tag"),
        ('[Board "1"]\nfoo bar', "unexpected text after [Board]: 'foo bar'"),
        ('Pass [Board "1"]', "'Pass' is outside any tag"),
        ("{ never closed", "never closed"),
        ('[Board "1"]\n{ a { nested } comment }', "a '}' that closes no comment"),
        (game('[Deal "N:- - - -"]'), "a second [Deal] in one game"),
        ('[Deal "#"]\n[Board "1"]', "no previous game value"),
        (game('[Contract "4S"]') + "\nextra", "unexpected text after [Contract]"),
    ],
)
def test_structure_errors(text: str, reason: str) -> None:
    with pytest.raises(FormatError, match=re.escape(reason)) as e:
        read_pbn(text, "t.pbn")
    assert str(e.value).startswith("t.pbn, line ")


def test_a_repeated_free_tag_is_ignored_as_pbn_says() -> None:
    r = one(game('[Event "A"]', '[Event "B"]'))
    assert r.tag("Event") == "A"


# --- writing ------------------------------------------------------------------------------------


def test_written_pbn_is_export_format_in_standard_tag_order() -> None:
    r = one(PLAYED.replace('[Board "1"]', '[Board "1"]\n[Site "Here"]\n[West "W1"]'))
    out = write_pbn([r, r])
    lines = out.splitlines()
    assert lines[:3] == ["% PBN 2.1", "% EXPORT", ""]
    tags = [line.split()[0][1:] for line in lines if line.startswith("[")][:13]
    assert tags == [
        "Site",
        "Board",
        "West",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Declarer",
        "Contract",
        "Result",
        "Auction",
        "Play",
        "Site",
        "Board",
    ]
    assert read_pbn(out) == [r, r]
