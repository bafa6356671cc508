"""The one error the file formats raise: a ParseError that says where.

>>> e = FormatError("bad contract '9S'", source="club.pbn", line=57, tag="Contract", board=11)
>>> str(e)
"club.pbn, line 57, board 11, [Contract]: bad contract '9S'"
>>> isinstance(e, ParseError)
True
"""

from __future__ import annotations

from ..bridge.errors import ParseError


class FormatError(ParseError):
    """A file (or text) that cannot be read into, or written from, bridge values.

    ``source`` names the file (``"<string>"`` for text), ``line`` the line where the trouble is,
    ``tag`` the PBN tag, LIN token or JSON key, ``board`` the board number when known. The
    message is one line, so ``qipai`` can print it as it is.
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        line: int | None = None,
        tag: str | None = None,
        board: int | None = None,
    ) -> None:
        self.reason = " ".join(reason.split())
        self.source = source
        self.line = line
        self.tag = tag
        self.board = board
        super().__init__(self._message())

    def _message(self) -> str:
        where = []
        if self.source is not None:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.board is not None:
            where.append(f"board {self.board}")
        if self.tag is not None:
            where.append(f"[{self.tag}]")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason

    def at(
        self,
        *,
        source: str | None = None,
        line: int | None = None,
        tag: str | None = None,
        board: int | None = None,
    ) -> FormatError:
        """The same error with the context it lacked filled in (what it already names stays)."""
        return FormatError(
            self.reason,
            source=self.source if self.source is not None else source,
            line=self.line if self.line is not None else line,
            tag=self.tag if self.tag is not None else tag,
            board=self.board if self.board is not None else board,
        )

    def __reduce__(self) -> tuple[object, ...]:  # keep the keywords when pickled
        return (_rebuild, (self.reason, self.source, self.line, self.tag, self.board))


def _rebuild(
    reason: str, source: str | None, line: int | None, tag: str | None, board: int | None
) -> FormatError:
    return FormatError(reason, source=source, line=line, tag=tag, board=board)
