"""The audit trail: every service function that changes a tournament records who, when and what."""

import datetime
from decimal import Decimal
from typing import Any

from django.db import models

from arbiter.core.models import AuditEntry, Tournament
from arbiter.core.services.status import tournament_changed
from arbiter.core.signals import changed_after_commit


def snapshot(instance: models.Model, fields: list[str]) -> dict[str, Any]:
    """The named fields of a model instance as JSON-ready values."""
    values: dict[str, Any] = {}
    for name in fields:
        value = getattr(instance, name)
        if isinstance(value, datetime.date | datetime.time | Decimal):
            value = str(value)
        values[name] = value
    return values


def record(
    user,
    tournament: Tournament | None,
    action: str,
    summary: str,
    before: dict | None = None,
    after: dict | None = None,
    *,
    moves_version: bool = True,
    trf_note: str = "",
) -> AuditEntry:
    """Write who changed what. Every change of a tournament ends here, so its version and status
    follow in the same transaction (arbiter/core/services/status.py). A change that is not the
    tournament's but beside it (``moves_version=False``: a judo table's score entry, kept in its
    own ``LiveScore`` with its own version) is logged with the tournament and leaves its version
    and its public pages as they are (docs/competition.md, "Versions"). Either way, once the
    transaction commits, the rooms above hear of it (``arbiter.core.signals``: the live pages'
    push, docs/live.md). ``trf_note`` is the
    ``###`` record the change writes into the tournament's TRF (arbiter/core/fide_mode.py),
    kept as ``after["trf_note"]``."""
    if trf_note:
        after = {**(after or {}), "trf_note": trf_note}
    entry = AuditEntry.objects.create(
        tournament=tournament,
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        summary=summary[:300],
        before=before,
        after=after,
    )
    if tournament is not None:
        if moves_version:
            tournament_changed(tournament)
        changed_after_commit(tournament.pk, moves_version)
    return entry


def save_recorded(
    user, tournament: Tournament | None, action: str, summary: str, row: models.Model, **fields
) -> AuditEntry:
    """Set ``fields`` on ``row``, save them, and :func:`record` the change with their values
    before and after."""
    before = {name: getattr(row, name) for name in fields}
    for name, value in fields.items():
        setattr(row, name, value)
    row.save(update_fields=list(fields))
    return record(user, tournament, action, summary, before=before, after=fields)
