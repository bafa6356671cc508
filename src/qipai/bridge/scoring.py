"""Duplicate scoring, Law 77: the score of a contract from the tricks declarer took.

>>> score("4S", 10, True)  # 4S= vul: 120 trick score + 500 game
620
>>> score("3NT", 9, False)  # 40 + 30 + 30 = 100 + 300 game
400
>>> score("4HX", 8, True)  # down 2 doubled vul: 200 + 300
-500
>>> score("7NTXX", 13, True)  # 220 x 4 = 880 + 500 game + 1500 grand + 100 for the redouble
2980
"""

from __future__ import annotations

from .board import Vulnerability
from .calls import Contract, Doubling
from .cards import Seat, Side, Strain
from .errors import ParseError


def trick_score(contract: Contract) -> int:
    """Points for the contracted odd tricks: minors 20, majors 30, notrump 40 then 30; x2 doubled,
    x4 redoubled (Law 77, trick score)."""
    if contract.strain is Strain.NOTRUMP:
        base = 40 + 30 * (contract.level - 1)
    elif contract.strain.is_major:
        base = 30 * contract.level
    else:
        base = 20 * contract.level
    return base * contract.doubling


def making_bonus(contract: Contract, vulnerable: bool) -> int:
    """Game (300 NV / 500 V) or part-score (50), slams (500/750, 1000/1500), and 50 or 100 for
    making a doubled or redoubled contract (Law 77, premium points)."""
    bonus = (500 if vulnerable else 300) if trick_score(contract) >= 100 else 50
    if contract.level == 6:
        bonus += 750 if vulnerable else 500
    elif contract.level == 7:
        bonus += 1500 if vulnerable else 1000
    bonus += {Doubling.NONE: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}[contract.doubling]
    return bonus


def overtrick_score(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    """Undoubled at trick value (30 in notrump); doubled 100 NV / 200 V each; redoubled twice
    that."""
    if contract.doubling is Doubling.NONE:
        per = 20 if contract.strain.is_minor else 30
    else:
        per = (200 if vulnerable else 100) * (contract.doubling // 2)
    return per * overtricks


def undertrick_penalty(contract: Contract, undertricks: int, vulnerable: bool) -> int:
    """The defenders' points for undertricks (Law 77, undertrick table).

    Undoubled 50 NV / 100 V each. Doubled, not vulnerable: 100 for the first, 200 each for the
    second and third, 300 each after (100, 300, 500, 800, 1100...). Doubled, vulnerable: 200 for
    the first, 300 each after (200, 500, 800, 1100...). Redoubled: twice the doubled amounts.
    """
    if undertricks <= 0:
        return 0
    if contract.doubling is Doubling.NONE:
        return (100 if vulnerable else 50) * undertricks
    if vulnerable:
        doubled = 200 + 300 * (undertricks - 1)
    else:
        doubled = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return doubled * (contract.doubling // 2)


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score for taking ``tricks`` of 13 in ``contract``."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"declarer takes 0 to 13 tricks, not {tricks}")
    over = tricks - contract.tricks_needed
    if over < 0:
        return -undertrick_penalty(contract, -over, vulnerable)
    return (
        trick_score(contract)
        + making_bonus(contract, vulnerable)
        + overtrick_score(contract, over, vulnerable)
    )


def ns_relative(points: int, side: Side) -> int:
    """A score ``side`` made, as North-South's: the one place the NS sign is taken.

    The map is its own inverse, so it also turns an NS score into ``side``'s.

    >>> ns_relative(620, Side.EW), ns_relative(-620, Side.EW), ns_relative(100, Side.NS)
    (-620, 620, 100)
    """
    return points if side is Side.NS else -points


def score_ns(contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> int:
    """North-South's score (Law 77) when ``declarer`` takes ``tricks`` in ``contract``.

    >>> score_ns(Contract.parse("4S"), Seat.EAST, 10, Vulnerability.BOTH)  # EW's 620
    -620
    """
    vulnerable = vulnerability.is_vulnerable(declarer)
    return ns_relative(contract_score(contract, tricks, vulnerable), declarer.side)


def score(contract: str, tricks: int, vulnerable: bool) -> int:
    """Declarer's score for ``contract`` (like ``4S``, ``3NT``, ``6HX``, ``7NTXX``) making
    ``tricks`` tricks, vulnerable or not."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise ParseError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    return contract_score(Contract.parse(contract), tricks, vulnerable)
