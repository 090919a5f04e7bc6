"""A draft published otherwise than the engine paired it: what FIDE's checklist asks of manual
pairings at the end of the manual phase (Q64-Q69, spec §1.3).

Publishing is the end of the manual phase: the published draft is compared with the engine's
pairing of the same round, kept beside the round by the system's ``engine_record`` (Q68). A
difference asks for a level-4 confirmation that lists it and shows the engine's pairing (Q69,
as the TEC Manual asks: level 4, the correct pairing shown), and writes ``### MPA @ Round n:``
into the TRF, the differences in starting numbers (``engine 1-2 3-4, published 1-3 2-4``).
Deleting the round to pair it again clears that record (Q65, arbiter/core/fide_mode.py).
"""

from __future__ import annotations

from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.models import Bye, Round


def _text(pairs: list[tuple[int, int]], bye: int | None) -> str:
    """Pairs as ``1-2 3-4`` (White first) and the pairing-allocated bye as ``bye 5``."""
    parts = [f"{white}-{black}" for white, black in pairs]
    return " ".join(parts + ([f"bye {bye}"] if bye is not None else [])) or "-"


def manual_pairing_warnings(round_: Round) -> list[fide_mode.RuleWarning]:
    """The level-4 warning of a draft that differs from the engine's pairing (Q68-Q69), with
    its ``### MPA`` record; none when it does not, or when the system is not FIDE's (its
    rounds are not FIDE-rated) or keeps no engine pairing."""
    system = round_.tournament.pairing_system
    if not system.fide_rated or system.engine_record is None:
        return []
    proposed = system.engine_record._default_manager.filter(round=round_).first()
    if proposed is None:
        return []
    number = dict(round_.tournament.entries.values_list("pk", "starting_number"))
    engine = [(number[white], number[black]) for white, black, *_ in proposed.boards]
    engine_bye = number.get(proposed.bye_id)
    published = [
        (number[white], number[black])
        for white, black in round_.games.order_by("board").values_list("white_id", "black_id")
    ]
    bye_ids = round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list("entry_id", flat=True)
    published_bye = number.get(next(iter(bye_ids), None))
    byes_differ = engine_bye != published_bye
    engine_only = [pair for pair in engine if pair not in published]
    published_only = [pair for pair in published if pair not in engine]
    if not engine_only and not published_only and not byes_differ:
        return []
    differences = (
        f"engine {_text(engine_only, engine_bye if byes_differ else None)}, "
        f"published {_text(published_only, published_bye if byes_differ else None)}"
    )
    message = gettext(
        "Round %(number)s differs from the engine's pairing (%(differences)s; starting "
        "numbers, White first). The engine's pairing: %(engine)s. FIDE's rules record a manual "
        "pairing in the TRF."
    ) % {
        "number": round_.number,
        "differences": differences,
        "engine": _text(engine, engine_bye),
    }
    note = fide_mode.trf_note("MPA", round_.number, differences)
    return [fide_mode.RuleWarning(fide_mode.Level.DOUBLE_CONFIRM, message, note)]
