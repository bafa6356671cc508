"""The key a user's name is found by: one form for every way of writing the same name.

SQLite's ``lower()`` folds ASCII only, so the key is made here, in Python, and stored beside
the name (``users.name_key``, unique): NFKC folds full-width and compatibility forms, then
``casefold`` folds case in every script (NFKC again, as casefolding can undo it).

>>> name_key("ＡＮＮ"), name_key("Straße"), name_key("ÄNN") == name_key("änn")
('ann', 'strasse', True)
"""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """The key of ``name`` (stripped, NFKC, casefolded)."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    return unicodedata.normalize("NFKC", folded)
