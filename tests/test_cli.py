"""The command line as a user meets it: every subcommand loads, the demo plays whole boards."""

import pytest

from qipai.cli import COMMANDS, build_parser, main


def test_every_command_is_listed_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    parser_commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(parser_commands) == set(COMMANDS)
    for name in COMMANDS:
        assert name in out


def test_score_prints_the_score_last(capsys):
    assert main(["score", "4HX", "8", "--vulnerable"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "-500"


def test_bad_contract_is_one_clear_line(capsys):
    assert main(["score", "4Z", "8"]) == 1
    err = capsys.readouterr().err
    assert "bad contract '4Z'" in err and "like 4S, 3NT, 6HX" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "lang,words", [("en", ["Contract", "Score", "North"]), ("zh", ["定约", "得分", "北"])]
)
def test_demo_plays_whole_boards(capsys, lang, words):
    assert main(["demo", "--seed", "7", "-n", "2", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert out.count("♠") >= 8  # four hands a board


def test_demo_is_reproducible(capsys):
    main(["demo", "--seed", "7"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "7"])
    assert capsys.readouterr().out == first
