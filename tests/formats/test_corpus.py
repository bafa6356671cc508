"""Every file of the shared corpus (../shared/data/bridge/corpus: real PBN and LIN files from
public projects, SOURCES.tsv names each one's repository, path and commit) through ``qipai
show``, ``qipai convert`` (PBN->LIN->PBN, LIN->PBN->LIN, ->JSON) and, where a board has several
results, ``qipai results``: no traceback; a located error (file, line, tag) only for the files
listed below as truly malformed; round trips that keep every deal, auction, play and result
(and say which boards lost what where LIN cannot hold a contract without its auction)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from qipai.cli import main
from qipai.formats import Record, read_file

from .conftest import DATA

CORPUS = DATA / "corpus"

# path under the corpus -> why it is refused (the start of the error's reason)
MALFORMED = {
    # an illegal auction: "4NT X Pass 3C"
    "Redoublet-org__Redoublet-website/example.pbn": "call 8 (3C): 3C is not higher than 4NT",
    # a rotated lesson whose Play tag was not rotated: West leads against North's 1NT
    "Rick-Wilson__Baker-Bridge/Rotations__6. Practice Deals__100 NT Openings__4-Board Sets__"
    "North-South__Baker Bridge 100NT Set 21 (4 hands) NS.pbn": "the opening lead is West's",
    # a template with $dealer-style placeholders, not a board file
    "larrycai__xin2pbn/template.pbn": "unknown seat '$dealer'",
    # "P AC 3C": AC is no call
    "lorserker__ben/Challenges__CTC_mayjun20.pbn": "call 2 (AC): bad call 'AC'",
    # a list of Deal tags with no blank lines between games
    "lorserker__ben/src__alphamju__test.pbn": "a second [Deal] in one game",
    # the PBN reference implementation's deliberate errors (PBN 1.0, 2.0, 2.1)
    "timheilman__bridge-pbn/spec__resource__reference_impl_tests__errors_10.pbn": "bad tag pair",
    "timheilman__bridge-pbn/spec__resource__reference_impl_tests__errors_20.pbn": "trick 4:",
    "timheilman__bridge-pbn/spec__resource__reference_impl_tests__errors_21.pbn": "a game with no",
    # a game-splitting fixture holding one Event tag: no board at all
    "timheilman__bridge-pbn/spec__resource__test_record_with_escape_in_comment.pbn": "a game with",
}


def _files() -> list[str]:
    if not CORPUS.is_dir():
        return []
    return sorted(
        str(p.relative_to(CORPUS))
        for p in CORPUS.rglob("*")
        if p.is_file() and p.suffix.lower() in (".pbn", ".lin")
    )


FILES = _files()
_LOST = re.compile(r", line (\d+)(?:, board [^:]*)?: LIN has no place")


def _kept(r: Record) -> tuple[object, ...]:
    """What every round trip keeps: the board, the deal, the auction, the play, the result."""
    return (
        r.number,
        r.dealer,
        r.vulnerability,
        r.deal,
        None if r.passed_out else r.auction,  # LIN writes a passed-out board's four passes
        r.contract,
        r.declarer,
        r.passed_out,
        r.result,
        r.play,
    )


def _without_contract(r: Record) -> Record:
    """``r`` as LIN holds it when its contract has no auction to come from."""
    return dataclasses.replace(r, contract=None, declarer=None, result=None, play=(), claim=None)


def _lost_in_lin(r: Record) -> bool:
    return r.contract is not None and (r.auction is None or not r.auction.is_complete)


def _convert(source: Path, target: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """``qipai convert source target``; the lines it wrote to stderr."""
    assert main(["convert", str(source), str(target)]) == 0
    return capsys.readouterr().err.splitlines()


@pytest.mark.skipif(not FILES, reason=f"{CORPUS} is not here")
@pytest.mark.parametrize("name", FILES)
def test_every_corpus_file(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / name
    if name in MALFORMED:
        for command in (["show", str(path)], ["convert", str(path), str(tmp_path / "x.json")]):
            assert main(command) == 1
            err = capsys.readouterr().err
            assert err.startswith(f"qipai {command[0]}: {path}, line "), err
            assert MALFORMED[name] in err and err.count("\n") == 1
        return
    records = read_file(path)
    assert records
    assert main(["show", str(path)]) == 0
    assert capsys.readouterr().out
    kind = path.suffix.lower()
    other = ".pbn" if kind == ".lin" else ".lin"
    there, back = tmp_path / f"there{other}", tmp_path / f"back{kind}"
    lost = [line for line in _convert(path, there, capsys) if "LIN has no place" in line]
    _convert(there, back, capsys)
    through = read_file(there)
    returned = read_file(back)
    expected = records
    if kind == ".pbn":  # PBN -> LIN: contracts LIN cannot hold are named, then left out
        named = {int(m.group(1)) for m in map(_LOST.search, lost) if m}
        assert len(named) == len(lost)
        assert all(_lost_in_lin(r) for r in records if r.line in named)
        expected = [_without_contract(r) if r.line in named else r for r in records]
    assert [_kept(r) for r in through] == [_kept(r) for r in expected]
    assert [_kept(r) for r in returned] == [_kept(r) for r in expected]
    assert [r.players for r in returned] == [r.players for r in records]
    as_json = tmp_path / "all.json"
    _convert(path, as_json, capsys)
    assert read_file(as_json) == records
    per_board = Counter((r.number, r.deal) for r in records if r.number is not None)
    if per_board and max(per_board.values()) > 1:
        teams = any(r.tag("HomeTeam") for r in records)
        scoring = "teams" if teams else "mp"
        code = main(["results", str(path), "--scoring", scoring, "--json"])
        out = capsys.readouterr().out
        assert code in (0, 1)
        assert json.loads(out)["scoring"] == scoring
