"""Importing a rating list file: the one function the background job, the command line and the
tests call (docs/ratings.md, "Rating lists").

The list is written while nobody reads it: a new :class:`RatingList` is ``IMPORTING`` (lookups
read ``COMPLETE`` lists only: lookup.list_in_force), its players go in in batches, each batch
its own short transaction (PostgreSQL: COPY; SQLite: executemany), so that a SQLite file is never
locked for more than a moment and the page can show how far it is (``players``, ``bytes_read``).
Then one transaction makes it ``COMPLETE`` and sets aside the list it replaces (the same source,
federation and month) and the months past ``RATING_LISTS_KEPT``: those become ``DELETING``,
unread from that moment, and their players are deleted in batches after. So a month imported
again replaces the old one only once it is whole, and lookups answer throughout.

A refused or failed import deletes the players it wrote and stays as a ``FAILED`` list with the
reason (the line named). An import whose worker was killed is left ``IMPORTING``; it stops
writing, and the next import (or ``clean_up``) deletes it once it has written nothing for
``STALE_AFTER``.

Lists are the server's, not a tournament's: there is no tournament audit log to write to, so the
list keeps who imported it (``imported_by``) and the app's log says who imported what and how it
ended.
"""

from __future__ import annotations

import datetime
import logging
import os
import time
from collections.abc import Callable, Iterator, Mapping
from itertools import islice
from pathlib import Path

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from arbiter.ratings.lookup import name_key
from arbiter.ratings.models import ListedPlayer, RatingList
from pairing.engines import rating_lists as reader
from pairing.engines.messages import N_

logger = logging.getLogger(__name__)

#: Players written per transaction: a batch takes well under a second (docs/ratings.md).
BATCH = 20_000
#: Players deleted per transaction when a list is set aside or refused.
DELETE_BATCH = 50_000
#: An import that has written nothing for this long lost its worker: it is cleaned up.
STALE_AFTER = datetime.timedelta(minutes=5)
#: A zip may unpack to at most this many times RATING_LIST_MAX_BYTES.
UNPACKED_FACTOR = 8

#: The columns written, in the order of :func:`_row`.
COLUMNS = (
    "rating_list_id",
    "fide_id",
    "national_id",
    "name",
    "name_key",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "standard",
    "standard_games",
    "standard_k",
    "rapid",
    "rapid_games",
    "rapid_k",
    "blitz",
    "blitz_games",
    "blitz_k",
    "birth_year",
    "flag",
)

NO_MONTH = N_(
    "The file's name gives no month (FIDE's monthly archives do: standard_oct26frl.zip): "
    "say which month the list is for (YYYY-MM)"
)
BAD_MONTH = N_("%(month)s is not a month: write it as YYYY-MM (2026-10)")
NO_FILE = N_("There is no file %(name)s")
TOO_LARGE = N_("The file is larger than %(size)s bytes (RATING_LIST_MAX_BYTES)")
FEDERATION_NEEDED = N_("A national list needs its federation (three letters, e.g. NOR)")
BAD_FEDERATION = N_("%(federation)s is not a federation code (three letters, e.g. NOR)")
BAD_SOURCE = N_("%(source)s is not a source of lists (fide or national)")
STOPPED = N_("The import stopped before it was whole (its worker was lost): nothing was changed")
RACED = N_("Another import of the same month finished first: this one was not kept")
UNEXPECTED = N_("An unexpected error stopped the import: nothing was changed (the log says more)")
IMPORTED = N_("%(players)s players imported: the %(list)s list")


class ImportRefused(Exception):
    """The file was not imported: the message says why (in English, as the engines write;
    ``engine_text.translate`` shows it in the reader's language). ``rating_list`` is the
    ``FAILED`` list kept for the record, when one was made."""

    def __init__(self, message: str, rating_list: RatingList | None = None) -> None:
        super().__init__(message)
        self.rating_list = rating_list


Progress = Callable[[RatingList], None]


def import_rating_list(
    path: str | os.PathLike[str],
    *,
    source: str = RatingList.Source.FIDE,
    federation: str = "",
    month: str | datetime.date | None = None,
    rating_type: str | None = None,
    columns: Mapping[str, str] | None = None,
    encoding: str = "utf-8",
    user=None,
    file_name: str | None = None,
    progress: Progress | None = None,
    check: Callable[[], None] | None = None,
) -> RatingList:
    """Import the list in the file at ``path`` (zipped or not; ``file_name``: the name it was
    uploaded under, which may give its month and rating type) and return it, ``COMPLETE``.

    ``month``: YYYY-MM or a date, else the file's name's (or a per-type list's header's), else
    refused. ``rating_type`` (standard, rapid, blitz): where a per-type list's ratings (or a
    national list's ``rating`` column) go, else the file's name's. ``columns``: a national list's
    mapping (pairing/engines/rating_lists.py, ``CSV_FIELDS``). ``progress(rating_list)`` is
    called after each batch; ``check()`` too, and stops the import by raising (a time limit, a
    lost lease): the import is then cleaned up and the exception raised again.

    Raises :class:`ImportRefused` when the file is not imported (a ``FAILED`` list records it
    once the file was opened)."""
    path = Path(path)
    name = file_name or path.name
    source, federation = _source(source, federation)
    started = time.monotonic()
    clean_up()
    if not path.is_file():
        raise ImportRefused(NO_FILE % {"name": name})
    size = path.stat().st_size
    if size > settings.RATING_LIST_MAX_BYTES:
        raise ImportRefused(TOO_LARGE % {"size": settings.RATING_LIST_MAX_BYTES})
    options = reader.Options(
        kind=reader.Kind.NATIONAL_CSV if source == RatingList.Source.NATIONAL else None,
        rating_type=reader.RatingKind(rating_type) if rating_type else None,
        columns=dict(columns or {}),
        encoding=encoding or "utf-8",
        federation=federation,
        bounds=reader.Bounds(
            max_players=settings.RATING_LIST_MAX_PLAYERS,
            max_bytes=settings.RATING_LIST_MAX_BYTES * UNPACKED_FACTOR,
        ),
    )
    with path.open("rb") as raw:
        try:
            opened = reader.ListReader(raw, name, options)
            records = opened.records()
            first = None
            list_month = _month(month) if month else _from_names(opened)
            if list_month is None:
                # a per-type list's header names its month: read it (and the first player)
                first = next(records, None)
                list_month = _from_names(opened)
            if list_month is None:
                raise ImportRefused(NO_MONTH)
        except reader.ListRefused as refused:
            raise ImportRefused(str(refused)) from None
        rating_list = RatingList.objects.create(
            source=source,
            federation=federation,
            month=list_month,
            file_name=name[:200],
            imported_by=user if user is not None and user.is_authenticated else None,
            size=size,
        )
        logger.info(
            "Rating list import started: %s from %s by %s",
            rating_list,
            name,
            getattr(user, "username", None) or "the command line",
        )
        try:
            stream = records if first is None else _chain_first(first, records)
            _write(rating_list, stream, opened, raw, progress, check)
            opened.close()
            _complete(rating_list)
        except reader.ListRefused as refused:
            _fail(rating_list, str(refused))
            raise ImportRefused(str(refused), rating_list) from None
        except ImportRefused as refused:
            _fail(rating_list, str(refused))
            refused.rating_list = rating_list
            raise
        except BaseException as error:
            _fail(rating_list, _message_of(error))
            raise
    logger.info(
        "Rating list imported: %s, %s players from %s in %.1f s",
        rating_list,
        rating_list.players,
        name,
        time.monotonic() - started,
    )
    _delete_set_aside()
    _analyze()
    return rating_list


def _analyze() -> None:
    """PostgreSQL: the players' statistics brought up to date at once (autovacuum would in a
    while): a million new names change which plan the lookups should get."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f'ANALYZE "{ListedPlayer._meta.db_table}"')


def outcome_message(rating_list: RatingList) -> str:
    """What a finished import says (English, translated on display)."""
    return IMPORTED % {"players": rating_list.players, "list": str(rating_list)}


def _source(source: str, federation: str) -> tuple[str, str]:
    if source not in RatingList.Source.values:
        raise ImportRefused(BAD_SOURCE % {"source": str(source)[:20]})
    federation = (federation or "").strip().upper()
    if source == RatingList.Source.FIDE:
        return source, ""
    if not federation:
        raise ImportRefused(FEDERATION_NEEDED)
    if len(federation) != 3 or not federation.isascii() or not federation.isalpha():
        raise ImportRefused(BAD_FEDERATION % {"federation": federation[:20]})
    return source, federation


def _month(value: str | datetime.date) -> datetime.date:
    """The first day of ``value``'s month (YYYY-MM, or a date)."""
    if isinstance(value, datetime.date):
        return value.replace(day=1)
    text = str(value).strip()
    try:
        year, month = text.split("-")
        if len(year) != 4 or not 1 <= len(month) <= 2:
            raise ValueError(text)
        return datetime.date(int(year), int(month), 1)
    except ValueError:
        raise ImportRefused(BAD_MONTH % {"month": text[:20]}) from None


def _from_names(opened: reader.ListReader) -> datetime.date | None:
    found = opened.month
    if found is None:
        return None
    year, month = found
    return datetime.date(year, month, 1)


def _chain_first(
    first: reader.ListedRecord | None, rest: Iterator[reader.ListedRecord]
) -> Iterator[reader.ListedRecord]:
    if first is not None:
        yield first
    yield from rest


def _message_of(error: BaseException) -> str:
    """The message a failed list keeps: the refusal's, a time limit's, else a general one."""
    from arbiter.platform.jobs import LeaseLost
    from arbiter.platform.time_limit import TimeLimitExceeded

    if isinstance(error, TimeLimitExceeded):
        return str(error)
    if isinstance(error, LeaseLost):
        return STOPPED
    return UNEXPECTED


# --- writing -------------------------------------------------------------------------------------


def _row(list_id: int, record: reader.ListedRecord) -> tuple:
    """The database row of ``record`` (:data:`COLUMNS`)."""
    (
        fide_id,
        name,
        federation,
        sex,
        title,
        women_title,
        other_titles,
        _foa,
        standard,
        standard_games,
        standard_k,
        rapid,
        rapid_games,
        rapid_k,
        blitz,
        blitz_games,
        blitz_k,
        birth_year,
        flag,
        national_id,
    ) = record
    return (
        list_id,
        fide_id,
        national_id,
        name,
        name_key(name)[:100],
        federation,
        sex,
        title,
        women_title,
        other_titles,
        standard,
        standard_games,
        standard_k,
        rapid,
        rapid_games,
        rapid_k,
        blitz,
        blitz_games,
        blitz_k,
        birth_year,
        flag,
    )


def _write(
    rating_list: RatingList,
    records: Iterator[reader.ListedRecord],
    opened: reader.ListReader,
    raw,
    progress: Progress | None,
    check: Callable[[], None] | None,
) -> None:
    """Every player, a batch per transaction, the list's progress updated with each."""
    insert = _copy if connection.vendor == "postgresql" else _insert_many
    table = ListedPlayer._meta.db_table
    list_id = rating_list.pk
    with _import_connection():
        while True:
            batch = [_row(list_id, record) for record in islice(records, BATCH)]
            if not batch:
                break
            rating_list.players += len(batch)
            rating_list.bytes_read = min(raw.tell(), rating_list.size)
            rating_list.updated_at = timezone.now()
            with transaction.atomic():
                insert(table, batch)
                RatingList.objects.filter(pk=list_id).update(
                    players=rating_list.players,
                    bytes_read=rating_list.bytes_read,
                    updated_at=rating_list.updated_at,
                )
            if progress is not None:
                progress(rating_list)
            if check is not None:
                check()


def _copy(table: str, rows: list[tuple]) -> None:
    """PostgreSQL: the rows by COPY (psycopg 3), the fastest way in."""
    sql = f'COPY "{table}" ({", ".join(COLUMNS)}) FROM STDIN'
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        write_row = copy.write_row
        for row in rows:
            write_row(row)


def _insert_many(table: str, rows: list[tuple]) -> None:
    """SQLite (and any other database): one INSERT executed for every row."""
    placeholders = ", ".join(["%s"] * len(COLUMNS))
    sql = f'INSERT INTO "{table}" ({", ".join(COLUMNS)}) VALUES ({placeholders})'
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


class _import_connection:
    """SQLite: a larger page cache while the list is written (its indexes are then updated in
    memory, not read back from the file batch after batch); as it was after."""

    CACHE_KIB = 64 * 1024

    def __enter__(self) -> None:
        self.previous = None
        if connection.vendor == "sqlite":
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA cache_size")
                self.previous = cursor.fetchone()[0]
                cursor.execute(f"PRAGMA cache_size = -{self.CACHE_KIB}")

    def __exit__(self, *_) -> None:
        if self.previous is not None:
            with connection.cursor() as cursor:
                cursor.execute(f"PRAGMA cache_size = {int(self.previous)}")


# --- completing, failing, cleaning up ------------------------------------------------------------


def _complete(rating_list: RatingList) -> None:
    """In one transaction: the list becomes the one read, and the list it replaces and the
    months past RATING_LISTS_KEPT are set aside (their players deleted after, in batches)."""
    now = timezone.now()
    try:
        with transaction.atomic():
            alive = (
                RatingList.objects.select_for_update()
                .filter(pk=rating_list.pk, state=RatingList.State.IMPORTING)
                .exists()
            )
            if not alive:  # cleaned up as stale meanwhile (it stopped writing for minutes)
                raise ImportRefused(STOPPED)
            same = RatingList.objects.filter(
                source=rating_list.source,
                federation=rating_list.federation,
                state=RatingList.State.COMPLETE,
            )
            same.filter(month=rating_list.month).update(
                state=RatingList.State.DELETING, updated_at=now
            )
            RatingList.objects.filter(pk=rating_list.pk).update(
                state=RatingList.State.COMPLETE, completed_at=now, updated_at=now
            )
            # the RATING_LISTS_KEPT newest months stay, and the one just imported (an old
            # month brought in on purpose stays until the next import)
            months = list(same.order_by("-month").values_list("pk", flat=True))
            keep = {*months[: settings.RATING_LISTS_KEPT], rating_list.pk}
            drop = [pk for pk in months if pk not in keep]
            if drop:
                RatingList.objects.filter(pk__in=drop).update(
                    state=RatingList.State.DELETING, updated_at=now
                )
    except IntegrityError:
        raise ImportRefused(RACED) from None
    rating_list.state = RatingList.State.COMPLETE
    rating_list.completed_at = now


def _fail(rating_list: RatingList, message: str) -> None:
    """A list refused or stopped: its players deleted (in batches), kept as FAILED with why."""
    try:
        _delete_players(rating_list.pk)
        RatingList.objects.filter(pk=rating_list.pk).exclude(
            state=RatingList.State.COMPLETE
        ).update(state=RatingList.State.FAILED, message=message, updated_at=timezone.now())
    except Exception:
        # the database is away: the list stays IMPORTING, and is cleaned up as stale later
        logger.exception("Could not clean up the failed rating list %s", rating_list.pk)
    rating_list.state = RatingList.State.FAILED
    rating_list.message = message
    logger.warning(
        "Rating list import refused: %s (%s): %s", rating_list, rating_list.file_name, message
    )


def _delete_players(list_id: int) -> None:
    """The players of a list, deleted a batch per transaction."""
    while True:
        with transaction.atomic():
            batch = ListedPlayer.objects.filter(rating_list_id=list_id).values("pk")[:DELETE_BATCH]
            deleted, _ = ListedPlayer.objects.filter(pk__in=batch).delete()
        if deleted < DELETE_BATCH:
            return


def _delete_set_aside() -> None:
    """The lists set aside (replaced, or past RATING_LISTS_KEPT), deleted with their players."""
    for list_id in RatingList.objects.filter(state=RatingList.State.DELETING).values_list(
        "pk", flat=True
    ):
        _delete_players(list_id)
        RatingList.objects.filter(pk=list_id, state=RatingList.State.DELETING).delete()


def clean_up(now: datetime.datetime | None = None) -> int:
    """Delete what imports left behind: the lists set aside, and the imports that have written
    nothing for STALE_AFTER (their worker was killed), kept as FAILED. Returns how many lists."""
    now = now or timezone.now()
    stale = list(
        RatingList.objects.filter(
            state=RatingList.State.IMPORTING, updated_at__lt=now - STALE_AFTER
        ).values_list("pk", flat=True)
    )
    for list_id in stale:
        # first out of IMPORTING (so that a late batch of a live one stops at _complete)
        RatingList.objects.filter(pk=list_id, state=RatingList.State.IMPORTING).update(
            state=RatingList.State.FAILED, message=STOPPED, updated_at=now
        )
        _delete_players(list_id)
        logger.warning("Rating list %s stopped being imported: cleaned up", list_id)
    deleting = RatingList.objects.filter(state=RatingList.State.DELETING).count()
    _delete_set_aside()
    return len(stale) + deleting
