"""The errors of the rules core: one base, parse errors apart from rule errors.

Every rule error names the Law of Duplicate Bridge (2017) it enforces, so a player or
a director sees why an action was refused.
"""

from __future__ import annotations


class QipaiError(Exception):
    """Base of every error qipai raises on purpose."""


class ParseError(QipaiError, ValueError):
    """A text form (card, call, contract, deal, file) could not be read."""


class RuleError(QipaiError):
    """An action the Laws do not allow; the state it was tried on is unchanged."""

    law: str = ""

    def __init__(self, message: str) -> None:
        if self.law:
            message = f"{message} ({self.law})"
        super().__init__(message)


class NotYourTurn(RuleError):
    """A call or card by a seat whose turn it is not."""

    law = "Laws 28-32 and 53-57"


class CallOutOfTurn(NotYourTurn):
    law = "Laws 28-32"


class PlayOutOfTurn(NotYourTurn):
    law = "Laws 53-57"


class InsufficientBid(RuleError):
    law = "Law 27"


class InadmissibleDouble(RuleError):
    """A double or redouble the Laws do not permit (Law 19; Law 36 when made)."""

    law = "Laws 19 and 36"


class AuctionOver(RuleError):
    """A call after the auction has ended."""

    law = "Law 39"


class AuctionNotOver(RuleError):
    """A card, claim or result asked for before the auction has ended."""

    law = "Law 41"


class PlayOver(RuleError):
    """An action after the board's result is settled."""

    law = "Law 65"


class CardNotHeld(RuleError):
    """A card that the hand to play does not hold."""

    law = "Law 45"


class RevokeAttempt(RuleError):
    """Failing to follow suit while able to: refused before it happens."""

    law = "Law 44C"


class DummyMayNotPlay(RuleError):
    """Dummy's cards are played by declarer."""

    law = "Law 45B"


class InvalidClaim(RuleError):
    law = "Laws 68-71"
