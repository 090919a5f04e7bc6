"""The event's downloads for its staff (docs/events.md): every section's rating report file in
one zip, and the registrations as one CSV.

The TRF of a section is the one its own page downloads (the system's ``trf_file``, else the
individual rating report of pairing/swiss/trf/export.py), written by the same function; a
section whose system writes none (a Monrad evening, a judo day) is left out.
"""

import io
import zipfile
from decimal import Decimal

from django.utils.text import slugify

from arbiter.events.models import Event, Registration
from pairing.swiss.trf.export import RatingReportWaits, trf_file

#: The registrations CSV's columns, in order.
REGISTRATION_COLUMNS = [
    "name",
    "fide_id",
    "federation",
    "birth_year",
    "rating",
    "section",
    "state",
    "fee_due",
    "fee_paid",
    "checked_in",
]


def trf_sections(event: Event) -> list:
    """The event's tournament sections whose system writes a rating report file, in order."""
    sections = event.sections.filter(tournament__isnull=False).select_related("tournament")
    return [
        s for s in sections.order_by("position", "id") if s.tournament.pairing_system.trf_export
    ]


def trf_zip(event: Event) -> tuple[bytes, list[str]]:
    """A zip of one TRF-2026 file per section (``01-open-a.trf``, in the event's order), and the
    sections left out with why (a finished section whose adjourned game waits for its result:
    FIDE's checklist Q169), which the zip also carries in ``WAITING.txt``."""
    buffer, waiting = io.BytesIO(), []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for number, section in enumerate(trf_sections(event), start=1):
            tournament = section.tournament
            writer = tournament.pairing_system.trf_file or trf_file
            try:
                text, _rounds = writer(tournament, legacy=False)
            except RatingReportWaits as waits:
                waiting.append(f"{tournament.name}: {waits}")
                continue
            name = f"{number:02d}-{slugify(tournament.name) or 'section'}.trf"
            archive.writestr(name, text)
        if waiting:
            archive.writestr("WAITING.txt", "\n".join(waiting) + "\n")
    return buffer.getvalue(), waiting


def _money(value: Decimal) -> str:
    return f"{value:.2f}"


def registration_rows(event: Event) -> list[dict]:
    """One row per registration, in name order, with the section it is placed in (one query)."""
    registrations = (
        Registration.objects.filter(event=event).select_related("tournament").order_by("name", "id")
    )
    return [
        {
            "name": r.name,
            "fide_id": r.fide_id or "",
            "federation": r.federation,
            "birth_year": r.birth_year or "",
            "rating": r.rating or "",
            "section": r.tournament.name if r.tournament else "",
            "state": r.state,
            "fee_due": _money(r.fee_due),
            "fee_paid": _money(r.fee_paid),
            "checked_in": "yes" if r.checked_in else "no",
        }
        for r in registrations
    ]
