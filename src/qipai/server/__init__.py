"""The table server: one ASGI app (Starlette) with pages, a JSON API and table websockets.

``create_app(db_url)`` builds it; ``qipai serve`` runs it under uvicorn. One actor per live table
(``actor.TableActor``) takes commands one at a time: rules (``qipai.bridge.apply``), then the
event log in the store, then numbered events to each connection with its own view. The protocol
is in docs/PROTOCOL.md.
"""

from .app import create_app

__all__ = ["create_app"]
