"""The tie-break codes, their legend, and which rule set and system offers which.

Codes follow FIDE C.07 acronyms with the modifier after a hyphen (C.07 writes ``BH/C1``; both
spellings are read, the hyphen is written). The ``club`` rule set is not C.07: it is the standing
of a Swedish attendance Monrad club evening (docs/monrad.md, "Standing"), with codes of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

RULE_SETS = ("2023", "2026", "club")

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
        "REP": ("REP", "Rounds one elected to play"),
        "STD": ("STD", "Standard points (1, ½, 0 a round)"),
        "TPN": ("TPN", "Tournament pairing number (lower first)"),
        "TPN-R": ("TPN-R", "Tournament pairing number, reversed (higher first)"),
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
        "KS-L1": ("KS-L1", "Koya system, limit raised by a half point"),
        "KS-L2": ("KS-L2", "Koya system, limit raised by a point"),
        "KS-L-1": ("KS-L-1", "Koya system, limit lowered by a half point"),
        "KS-L-2": ("KS-L-2", "Koya system, limit lowered by a point"),
        "ARO": ("ARO", "Average rating of opponents"),
        "ARO-C1": ("ARO-C1", "Average rating of opponents cut 1"),
        "TPR": ("TPR", "Tournament performance rating"),
        "RTNG": ("RTNG", "Rating"),
        "RTNG-R": ("RTNG-R", "Rating, reversed (lower first)"),
        "GP": ("GP", "Games played over the board (fewer first)"),
        "OS-C1": ("OS-C1", "Opponents' scores minus the lowest (SSF kvalitetspoäng)"),
        "OS-C2": ("OS-C2", "Opponents' scores minus the two lowest (NSF, DSU)"),
        "CSB": ("CSB", "Sonneborn-Berger: beaten opponents' scores plus half the drawn ones'"),
        "GW": ("GW", "Games won, forfeits included"),
    }
)

_BOTH = (
    "DE", "WIN", "WON", "BPG", "BWG", "PS", "PS-C1", "PS-C2", "REP", "SB", "SB-C1", "SB-C2",
)  # fmt: skip
_RATING = ("ARO", "ARO-C1", "TPR")
_SWISS_ONLY = ("BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "AOB")
_ROUND_ROBIN_ONLY = ("KS", "KS-L1", "KS-L2", "KS-L-1", "KS-L-2")
_NEW_IN_2026 = ("STD", "TPN", "TPN-R", "RTNG", "RTNG-R")
_CLUB = ("GP", "OS-C1", "OS-C2", "CSB", "GW")
#: Codes whose lower value ranks first: GP (the same points from fewer games were better
#: results), TPN (C.07 2026 Art. 7.8) and RTNG-R (Art. 10.6 reversed).
ASCENDING = frozenset({"GP", "TPN", "RTNG-R"})


def normalise(code: str) -> str:
    """``BH/C1`` and ``bh-c1`` are ``BH-C1``; ``KS/L-1`` is ``KS-L-1``."""
    return code.strip().upper().replace("/", "-")


def mtb26(code: str) -> str:
    """The code as FIDE's MTB26 list and TRF-2026's record 202 spell it: the modifier after a
    slash (``BH-C1`` is ``BH/C1``, ``KS-L-1`` is ``KS/L-1``, ``TPN-R`` is ``TPN/R``)."""
    head, hyphen, modifier = normalise(code).partition("-")
    return f"{head}/{modifier}" if hyphen else head


def kind_of_event(round_robin: bool) -> str:
    """How C.07 names the two kinds of pairing in its messages."""
    return "round robin" if round_robin else "Swiss"


def available_codes(rules: str = "2026", *, round_robin: bool = False) -> tuple[str, ...]:
    """The codes a rule set offers, in the order of C.07's list.

    ``round_robin``: the games were paired in advance by a round robin (C.07 Art. 15) rather
    than round by round by a Swiss system (Art. 16). Buchholz and its relatives are not for
    round robins (C.07 Art. 8.1), Koya and its limits only for them (Art. 9.2); STD, TPN and
    RTNG, each of the last two also reversed, are new in the 2026 text (Art. 7.7, 7.8, 10.6);
    REP is the 2023 text's GE renamed (Art. 7.6). The ``club`` rule set offers its own codes
    only, for any pairing.
    """
    if rules not in RULE_SETS:
        raise ValueError(f"unknown rule set {rules!r}: {', '.join(RULE_SETS)}")
    if rules == "club":
        return _CLUB
    offered = set(_BOTH + _RATING)
    offered |= set(_ROUND_ROBIN_ONLY if round_robin else _SWISS_ONLY)
    if rules == "2026":
        offered |= set(_NEW_IN_2026)
    return tuple(code for code in LEGEND if code in offered)


def check_codes(codes: Iterable[str], rules: str, *, round_robin: bool = False) -> tuple[str, ...]:
    """The codes normalised, or a ValueError naming the first one not offered."""
    offered = available_codes(rules, round_robin=round_robin)
    result = tuple(normalise(code) for code in codes)
    for code in result:
        if code not in offered:
            raise ValueError(
                f"{code} is not a {rules} tie-break for a {kind_of_event(round_robin)}"
            )
    return result


def legend(
    codes: Iterable[str], *, unrated_rating: int | None = None
) -> tuple[tuple[str, str], ...]:
    """(heading, full name) for each code, in the order given. The rating-based codes say how
    unrated opponents were counted, as C.07 Art. 10 asks the organiser to publish."""
    rows = []
    for code in codes:
        heading, name = LEGEND[normalise(code)]
        if normalise(code) in _RATING:
            name = f"{name} ({unrated_rule(unrated_rating)})"
        rows.append((heading, name))
    return tuple(rows)


def unrated_rule(unrated_rating: int | None) -> str:
    """The published rule for unrated opponents in ARO, ARO-C1 and TPR (C.07 Art. 10)."""
    if unrated_rating is None:
        return "games against unrated opponents are left out"
    return f"unrated opponents count as rated {unrated_rating}"
