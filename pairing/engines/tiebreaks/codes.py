"""The tie-break codes, their legend, and which rule set and system offers which.

Codes follow FIDE C.07 acronyms with the modifier after a hyphen (C.07 writes ``BH/C1``; both
spellings are read, the hyphen is written).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

RULE_SETS = ("2023", "2026")
SYSTEMS = ("swiss", "round_robin")

#: code -> (column heading, full name)
LEGEND: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "DE": ("DE", "Direct encounter"),
        "WIN": ("WIN", "Number of wins (with or without playing)"),
        "WON": ("WON", "Number of games won over the board"),
        "BPG": ("BPG", "Number of games played with Black"),
        "BWG": ("BWG", "Number of games won with Black"),
        "PS": ("PS", "Progressive score"),
        "PS-C1": ("PS-C1", "Progressive score cut 1"),
        "PS-C2": ("PS-C2", "Progressive score cut 2"),
        "BH": ("BH", "Buchholz"),
        "BH-C1": ("BH-C1", "Buchholz cut 1"),
        "BH-C2": ("BH-C2", "Buchholz cut 2"),
        "BH-M1": ("BH-M1", "Buchholz median 1"),
        "BH-M2": ("BH-M2", "Buchholz median 2"),
        "AOB": ("AOB", "Average of opponents' Buchholz"),
        "SB": ("SB", "Sonneborn-Berger"),
        "SB-C1": ("SB-C1", "Sonneborn-Berger cut 1"),
        "SB-C2": ("SB-C2", "Sonneborn-Berger cut 2"),
        "KS": ("KS", "Koya system"),
        "ARO": ("ARO", "Average rating of opponents"),
        "ARO-C1": ("ARO-C1", "Average rating of opponents cut 1"),
        "TPR": ("TPR", "Tournament performance rating"),
        "RTNG": ("RTNG", "Rating"),
    }
)

_BOTH = ("DE", "WIN", "WON", "BPG", "BWG", "PS", "PS-C1", "PS-C2", "SB", "SB-C1", "SB-C2")
_RATING = ("ARO", "ARO-C1", "TPR")
_SWISS_ONLY = ("BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "AOB")
_ROUND_ROBIN_ONLY = ("KS",)
_NEW_IN_2026 = ("RTNG",)


def normalise(code: str) -> str:
    """``BH/C1`` and ``bh-c1`` are ``BH-C1``."""
    return code.strip().upper().replace("/", "-")


def system_of(system: str) -> str:
    """The engine's two families: the app's ``swiss_dutch`` and ``monrad`` are Swiss."""
    if system in ("swiss", "swiss_dutch", "monrad"):
        return "swiss"
    if system == "round_robin":
        return "round_robin"
    raise ValueError(f"no tie-breaks for the system {system!r}")


def available_codes(rules: str = "2026", system: str = "swiss") -> tuple[str, ...]:
    """The codes a rule set offers for a system, in the order of C.07's list.

    Buchholz and its relatives are not for round robins (C.07 Art. 8.1), Koya only for them
    (Art. 9.2); RTNG is new in the 2026 text (Art. 10.6).
    """
    if rules not in RULE_SETS:
        raise ValueError(f"unknown rule set {rules!r}: {', '.join(RULE_SETS)}")
    family = system_of(system)
    offered = set(_BOTH + _RATING)
    offered |= set(_SWISS_ONLY if family == "swiss" else _ROUND_ROBIN_ONLY)
    if rules == "2026":
        offered |= set(_NEW_IN_2026)
    return tuple(code for code in LEGEND if code in offered)


def check_codes(codes: Iterable[str], rules: str, system: str) -> tuple[str, ...]:
    """The codes normalised, or a ValueError naming the first one not offered."""
    offered = available_codes(rules, system)
    result = tuple(normalise(code) for code in codes)
    for code in result:
        if code not in offered:
            raise ValueError(f"{code} is not a {rules} tie-break for {system_of(system)}")
    return result


def legend(codes: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """(heading, full name) for each code, in the order given."""
    return tuple(LEGEND[normalise(code)] for code in codes)
