"""Reading and writing files, the format chosen by the file's extension (.pbn, .lin, .json)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from .errors import FormatError
from .jsonfmt import read_json, write_json
from .lin import read_lin, write_lin
from .pbn import read_pbn, write_pbn
from .record import Record

__all__ = ["EXTENSIONS", "read_file", "read_text", "write_file", "write_text"]

EXTENSIONS = (".pbn", ".lin", ".json")


def _kind(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in EXTENSIONS:
        raise FormatError(
            f"cannot tell the format from {suffix or 'no extension'!r}: "
            "use a .pbn, .lin or .json file",
            source=str(path),
        )
    return suffix


def read_text(
    text: str, kind: str, source: str = "<string>", *, strict: bool = False
) -> list[Record]:
    """Records from ``text`` in format ``kind`` (``.pbn``, ``pbn``, ``lin``, ``json`` ...)."""
    key = "." + kind.lower().lstrip(".")
    if key == ".pbn":
        return read_pbn(text, source, strict=strict)
    if key == ".lin":
        return read_lin(text, source, strict=strict)
    if key == ".json":
        return read_json(text, source)
    raise FormatError(f"unknown format {kind!r}: use pbn, lin or json", source=source)


def write_text(records: Iterable[Record], kind: str) -> str:
    """``records`` as text in format ``kind``."""
    writers: dict[str, Callable[[Iterable[Record]], str]] = {
        ".pbn": write_pbn,
        ".lin": write_lin,
        ".json": write_json,
    }
    key = "." + kind.lower().lstrip(".")
    if key not in writers:
        raise FormatError(f"unknown format {kind!r}: use pbn, lin or json")
    return writers[key](records)


def read_file(path: str | Path, *, strict: bool = False) -> list[Record]:
    """Every record in a .pbn, .lin or .json file; errors name the file.

    Text is read as UTF-8, or as Latin-1 (PBN's own character set) where it is not UTF-8.
    """
    kind = _kind(path)
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_text(text, kind, str(path), strict=strict)


def write_file(path: str | Path, records: Iterable[Record]) -> int:
    """Write ``records`` to a .pbn, .lin or .json file (UTF-8); returns how many were written."""
    kind = _kind(path)
    records = list(records)
    text = write_text(records, kind)
    Path(path).write_text(text, encoding="utf-8")
    return len(records)
