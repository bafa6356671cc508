"""A time limit on a request's line and headers, which uvicorn does not have.

uvicorn (0.54) times out only an idle keep-alive connection (``timeout_keep_alive``), and that
timer stops at the first byte: a client that sends its headers a byte at a time holds the
connection for ever (slowloris). ``with_header_timeout`` gives uvicorn's own h11 protocol a
second timer, armed when a connection opens and after each response, that closes the
connection if a request's headers are not all there when it fires. Everything else (parsing,
limits, websockets) is uvicorn's.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers are slower than
    ``header_timeout`` seconds."""

    header_timeout = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        """Close the connection if it still waits for a request's headers (h11's IDLE: no
        complete request line and headers yet); not once a request runs, nor after the
        connection became a websocket (the transport then has another protocol)."""
        self._header_timer = None
        transport = self.transport
        if transport.is_closing() or transport.get_protocol() is not self:
            return
        if self.conn.their_state is h11.IDLE:
            transport.close()


def with_header_timeout(seconds: float) -> type[HeaderTimeoutProtocol]:
    """The protocol class to give uvicorn (``http=``) for a limit of ``seconds``."""
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": seconds})
