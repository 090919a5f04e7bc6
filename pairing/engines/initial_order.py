"""The tournament rating of the initial order: the methods of TRF-2026 record ``172``.

C.04.2 (initial order) ranks the players by strength before round 1; where players have a FIDE
and a national rating, the event's regulations say which counts. TRF-2026 names the choices in
record ``172`` (federation of the national list in columns 5-7, the method in 9-13), and each
national rating is an ``NRS`` line (the layout of ``001``, columns 1-3 the federation, the
rating in 49-52). The checklist of FIDE endorsement asks for FIDE, NRO, FIDON, NIDOF and HBFN
(Q145); LBFN comes with them. ``OTHER`` (any other way) is not offered: it is no rule a program
can apply.

A rating of 0 is no rating: "if present" and the higher or lower of two read only the ratings
a player has (an unrated player's tournament rating is 0 whatever the method).
"""

from __future__ import annotations

#: FIDE rating only.
FIDE = "FIDE"
#: National rating only.
NRO = "NRO"
#: FIDE rating if present, else the national one.
FIDON = "FIDON"
#: National rating if present, else the FIDE one.
NIDOF = "NIDOF"
#: The higher of the FIDE and the national rating.
HBFN = "HBFN"
#: The lower of the FIDE and the national rating.
LBFN = "LBFN"

#: The methods offered, in the order TRF-2026 lists them.
METHODS = (FIDE, NRO, FIDON, NIDOF, HBFN, LBFN)


def tournament_rating(method: str, fide: int, national: int) -> int:
    """The rating ``method`` ranks a player by, from their FIDE and national ratings (0: none)."""
    if method == FIDE:
        return fide
    if method == NRO:
        return national
    if method == FIDON:
        return fide or national
    if method == NIDOF:
        return national or fide
    present = [rating for rating in (fide, national) if rating]
    if method == HBFN:
        return max(present, default=0)
    if method == LBFN:
        return min(present, default=0)
    raise ValueError(f"unknown initial-order method {method!r}")


def uses_national(method: str) -> bool:
    """Whether the method reads national ratings (so the event names the national list)."""
    return method != FIDE
