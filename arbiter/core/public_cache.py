"""What the public pages keep: values computed once per tournament version, shared by processes.

Everything public about a tournament is a function of its rows, and every change of those rows
goes through a service that writes the audit log, which moves ``Tournament.version`` on in the
same transaction (arbiter/core/services/status.py). So a value computed for one version (standings,
a rendered page, a PDF) stays right until the version moves, and is kept in Django's ``default``
cache under a key that holds the version: Redis when several processes share it, else each
process's memory. Nothing is ever invalidated; a new version simply asks for new keys and the old
values age out.

Even the tournament's row, which holds the version, is kept (for at most HEAD_SECONDS): a public
request that finds its response kept then costs no query at all. Whatever changes a tournament
forgets its kept row at once and again when the change is committed (``tournament_changed``, and
any save or delete of the row), so the next request reads the new version from the database.
Without a shared cache, another process may go on with the old row for up to HEAD_SECONDS.

A value that takes seconds (the standings of a 2000-player event, its PDF) is built by one
process at a time: the others wait for it, or are given the previous version's value at once
when there is one (``stale``), instead of all computing the same thing (a "dogpile").
"""

import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from arbiter.core.models import Tournament

T = TypeVar("T")

#: How long a tournament's row is kept for the public pages, should a forgetting be lost.
HEAD_SECONDS = 5
#: How long a kept value may stay unused; its key changes with the version anyway.
KEEP_SECONDS = 60 * 60
#: How long the last version's value is kept for the next version's visitors: a day, so that a
#: PDF asked for again after a quiet hour is still answered at once while the new one is built.
LATEST_SECONDS = 24 * 60 * 60
#: How long one process may take building a value before another builds it too.
BUILD_SECONDS = 60
#: How long another process waits for that value: less than a gunicorn worker's 30 s timeout.
WAIT_SECONDS = 20
#: How often a process waiting for another's value looks again.
WAIT_STEP = 0.05


def stamp(tournament: Tournament) -> str:
    """The tournament's version as the public pages name it: the audited version, and the time
    the row was last saved (a tournament created in a deleted one's place on SQLite, which reuses
    the highest id, starts at version 0 again)."""
    saved = int(tournament.updated_at.timestamp() * 1_000_000)
    return f"{tournament.version}-{saved:x}"


def public_row(tournament_id: int) -> Tournament | None:
    """The tournament's row as kept for the public pages (None when there is no such row)."""
    key = _row_key(tournament_id)
    tournament = cache.get(key)
    if tournament is None:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is not None:
            cache.set(key, tournament, HEAD_SECONDS)
    return tournament


def forget(tournament_id: int) -> None:
    """The tournament is changing: its kept row goes now, and again once the change is committed
    (a request in between may have kept the row as it was before)."""
    key = _row_key(tournament_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


@receiver(post_save, sender=Tournament)
@receiver(post_delete, sender=Tournament)
def _saved_or_deleted(sender, instance: Tournament, **kwargs) -> None:
    forget(instance.pk)


def _row_key(tournament_id: int) -> str:
    return f"public:row:{tournament_id}"


def shared(key: str, build: Callable[[], T], stale_key: str | None = None) -> T:
    """The value kept under `key`, built by `build` when missing, by one process at a time.

    While another process builds it, the value last kept under `stale_key` (a previous version's)
    is returned at once when there is one; otherwise this process waits for the other's value
    and builds it itself only if that takes longer than WAIT_SECONDS. A fresh value is also kept
    under `stale_key`, for the next version's waiters.
    """
    value = cache.get(key)
    if value is not None:
        return value
    lock = f"{key}:building"
    deadline = time.monotonic() + WAIT_SECONDS
    while not cache.add(lock, True, BUILD_SECONDS):
        stale = cache.get(stale_key) if stale_key else None
        if stale is not None:
            return stale
        time.sleep(WAIT_STEP)
        value = cache.get(key)
        if value is not None:
            return value
        if time.monotonic() > deadline:
            break
    try:
        value = build()
        cache.set(key, value, KEEP_SECONDS)
        if stale_key:
            cache.set(stale_key, value, LATEST_SECONDS)
    finally:
        cache.delete(lock)
    return value
