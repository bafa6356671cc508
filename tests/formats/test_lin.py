"""BBO LIN: hand records as BBO writes them, vugraph rooms, and errors that say where."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from qipai.bridge import Card, Phase, Seat, Vulnerability
from qipai.formats import FormatError, Record, read_lin, write_lin

# South, West, North hands; East is left out, as BBO does.
MD = "md|3SAKQJHT98D765C432,S765H432DAKQJCT98,S432HAKQJDT98C765,|"


def test_the_real_file_has_eight_boards_as_bbo_shows_them(
    real_records: Callable[[str], list[Record]],
) -> None:
    boards = real_records("lin/endplay_example1.lin")
    assert [r.number for r in boards] == list(range(1, 9))
    # the md dealer digit and sv agree with the usual board cycle
    assert [r.dealer.letter for r in boards] == list("NESWNESW")
    assert [str(r.vulnerability) for r in boards] == [
        "None",
        "NS",
        "EW",
        "All",
        "NS",
        "EW",
        "All",
        "None",
    ]
    first = boards[0]
    assert first.players == {
        Seat.SOUTH: "domtp",
        Seat.WEST: "~~M25054gn",
        Seat.NORTH: "~~M2509087",
        Seat.EAST: "~~M25116nn",
    }
    assert first.deal.is_complete  # East's hand worked out from the other three
    assert (str(first.contract), first.declarer, first.result) == ("5H", Seat.SOUTH, 12)
    michaels = first.auction.entries[3] if first.auction else None
    assert michaels is not None and str(michaels) == "2H!"
    assert michaels.explanation.startswith("Michaels -- 5+ !S")
    # an explanation without an alert, as BBO's robots give
    opening = first.auction.entries[2] if first.auction else None
    assert opening is not None and not opening.alert and opening.explanation
    # claims: board 3 claimed at 9 tricks after 11 played, board 7 at 11 after 11
    assert [(r.number, r.claim, len(r.play)) for r in boards if r.claim] == [
        (3, 9, 44),
        (7, 11, 44),
    ]
    for r in boards:
        assert r.to_state().phase is Phase.DONE
        assert r.to_state().declarer_tricks == r.result


def test_a_real_file_round_trips(real_records: Callable[[str], list[Record]]) -> None:
    boards = real_records("lin/endplay_example1.lin")
    text = write_lin(boards)
    assert read_lin(text) == boards
    assert text.splitlines()[0].startswith("pn|domtp,~~M25054gn,~~M2509087,~~M25116nn|st||md|3S")


def test_fourth_hand_and_vulnerability_spellings() -> None:
    for letter, vul in [("o", "None"), ("0", "None"), ("-", "None"), ("n", "NS"), ("E", "EW")]:
        [r] = read_lin(f"{MD}sv|{letter}|")
        assert str(r.vulnerability) == vul
    [r] = read_lin(f"{MD}sv|b|")
    assert r.vulnerability is Vulnerability.BOTH and r.dealer is Seat.NORTH
    assert str(r.deal[Seat.EAST]) == "T98.765.432.AKQJ"
    [partial] = read_lin("md|1SAKQJ,,,|sv|o|")
    assert not partial.deal.is_complete and len(partial.deal[Seat.SOUTH]) == 4


def test_vugraph_rooms_and_eight_players() -> None:
    text = (
        "vg|Final,Seg 1,I,1,2,A,0,B,0|pn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n"
        f"qx|o1|{MD}sv|o|mb|1N|mb|p|mb|p|mb|p|pg||\n"
        f"qx|c1|{MD}sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
    )
    open_room, closed = read_lin(text)
    assert (open_room.number, open_room.tag("Room"), open_room.players[Seat.NORTH]) == (
        1,
        "Open",
        "n1",
    )
    assert (closed.tag("Room"), closed.players[Seat.NORTH], closed.passed_out) == (
        "Closed",
        "n2",
        True,
    )
    back = read_lin(write_lin([open_room, closed]))
    assert back == [open_room, closed]


def test_a_claim_finishes_the_board() -> None:
    [r] = read_lin(f"{MD}sv|o|mb|1N|mb|p|mb|p|mb|p|pc|CA|pc|C2|pc|C8|pc|C5|mc|8|")
    assert (r.claim, r.result, r.score_ns) == (8, 8, 120)
    state = r.to_state()
    assert state.phase is Phase.DONE and state.declarer_tricks == 8


def test_unknown_tokens_are_skipped_and_noted() -> None:
    [r] = read_lin(f"zz|whatever|{MD}sv|o|zz|again|")
    assert len(r.repairs) == 1 and "unknown token 'zz' skipped" in r.repairs[0]
    with pytest.raises(FormatError, match=r"\[zz\]: unknown token"):
        read_lin(f"zz|whatever|{MD}sv|o|", strict=True)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (f"{MD}sv|o|\nmb|1N|mb|1C|", "x.lin, line 2, [mb]: call 2 (1C)"),
        (f"{MD}sv|o|mb|1N|mb|p|mb|p|mb|p|pc|S2|", "x.lin, line 1, [pc]: trick 1: East plays S2"),
        (f"{MD}sv|q|", "x.lin, line 1, [sv]: unknown vulnerability"),
        ("md|3SAKQJJ,,,|sv|o|", "x.lin, line 1, [md]: bad LIN hand"),
        ("md|5,,,|", "x.lin, line 1, [md]: the dealer digit is 1 to 4"),
        (f"{MD}sv|o|an|what|", "x.lin, line 1, [an]: an explanation before any call"),
        (f"{MD}sv|o|mb|1N|mb|p|mb|p|mb|p|mc|15|", "x.lin, line 1, [mc]: bad claim"),
        ("mb|1N|", "x.lin, line 1, [mb]: a call before md"),
    ],
)
def test_errors_name_file_line_and_token(text: str, where: str) -> None:
    with pytest.raises(FormatError) as e:
        read_lin(text, "x.lin")
    assert str(e.value).startswith(where), str(e.value)


def test_writing_what_lin_cannot_hold() -> None:
    [r] = read_lin(f"pn|Smith, J,b,c,d|{MD}sv|o|")  # the comma splits the name, as BBO would
    assert r.players[Seat.WEST] == "J"
    # a contract without its auction has no place in LIN
    from qipai.formats import read_pbn

    [pbn] = read_pbn(
        '[Board "1"]\n[Deal "N:- - - -"]\n[Declarer "N"]\n[Contract "3N"]\n[Result "9"]', "c.pbn"
    )
    with pytest.raises(FormatError, match=r"c.pbn, line 1, board 1: LIN has no place"):
        write_lin([pbn])
    [passed] = read_pbn('[Board "1"]\n[Deal "N:- - - -"]\n[Contract "Pass"]')
    assert "mb|p|mb|p|mb|p|mb|p|" in write_lin([passed])
    [back] = read_lin(write_lin([passed]))
    assert back.passed_out


def test_explanations_keep_their_text() -> None:
    [r] = read_lin(f"{MD}sv|o|mb|2C!|an|strong  artificial; 22+ !S|mb|p|")
    assert r.auction is not None
    assert r.auction.entries[0].explanation == "strong  artificial; 22+ !S"
    assert read_lin(write_lin([r])) == [r]
    assert Card.parse("SA") in r.deal[Seat.SOUTH]
