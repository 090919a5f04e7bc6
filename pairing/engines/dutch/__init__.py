"""FIDE (Dutch) Swiss system: pair the next round from the history (C.04.3, 2026 and 2017 rules).

Usage::

    from pairing.engines.trf import parse_trf
    from pairing.engines.dutch import pair_trf
    pairing = pair_trf(parse_trf(text))          # rules chosen by the start date
    for white, black in pairing.boards: ...
"""

from pairing.engines.dutch.api import (
    Board,
    RoundPairing,
    default_rules,
    pair_round,
    pair_trf,
)
from pairing.engines.dutch.explain import Explanation
from pairing.engines.dutch.pairer import NoValidPairing

__all__ = [
    "Board",
    "Explanation",
    "NoValidPairing",
    "RoundPairing",
    "default_rules",
    "pair_round",
    "pair_trf",
]
