"""qipai 棋牌: an open, self-hosted bridge club and tournament platform."""

__version__ = "0.1.0"
