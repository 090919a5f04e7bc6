"""The embedded SQLite database while an arbiter writes: visitors' reads never fail and a second
writer waits its turn, on a real database file (WAL, a busy timeout, immediate write
transactions: arbiter/settings.py)."""

import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from arbiter.core.models import Entry
from arbiter.core.services import entries

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own locking"),
]

#: How long the import keeps its write transaction open (after writing its rows).
HOLD = 1.5


def test_the_database_is_a_file_in_wal_mode_with_a_busy_timeout():
    assert ".sqlite3" in connection.settings_dict["NAME"]  # each xdist worker's: "_gw0" after
    with connection.cursor() as cursor:
        assert cursor.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert cursor.execute("PRAGMA busy_timeout").fetchone() == (20_000,)
    assert connection.transaction_mode == "IMMEDIATE"


def test_reads_during_a_long_import_never_fail_and_a_second_writer_waits(
    anna, bergen_open, bergen_players, monkeypatch, settings
):
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    writing = threading.Event()
    done = threading.Event()
    original = entries.record

    def slow_record(*args, **kwargs):
        """The import's last step, inside its transaction: the write lock is held meanwhile."""
        entry = original(*args, **kwargs)
        if not writing.is_set():
            writing.set()
            time.sleep(HOLD)
        return entry

    monkeypatch.setattr(entries, "record", slow_record)
    rows = [{"name": f"Late, Player {n}", "rating": 1500 + n} for n in range(300)]
    reads: list[tuple[float, int]] = []
    failures: list[BaseException] = []

    def in_thread(work):
        def run():
            try:
                work()
            except BaseException as error:  # every failure is the finding
                failures.append(error)
            finally:
                connections.close_all()

        return threading.Thread(target=run)

    def read_pages():
        client = Client()
        pages = [
            reverse("tournament", args=[bergen_open.pk]),
            reverse("public_standings", args=[bergen_open.pk]),
        ]
        writing.wait(10)
        while not done.is_set():
            for page in pages:
                reads.append((time.monotonic(), client.get(page).status_code))

    def second_writer():
        writing.wait(10)
        entries.add_entry(anna, bergen_open, {"name": "Waiting, Wenche", "rating": 1800})

    readers = [in_thread(read_pages) for _ in range(3)]
    writers = [in_thread(lambda: entries.import_entries(anna, bergen_open, rows))]
    writers.append(in_thread(second_writer))
    for thread in readers + writers:
        thread.start()
    assert writing.wait(10)
    held_from = time.monotonic()
    for thread in writers:
        thread.join(30)
    done.set()
    for thread in readers:
        thread.join(30)

    assert not failures, failures
    during = [status for at, status in reads if held_from <= at < held_from + HOLD - 0.2]
    assert len(during) >= 3  # the visitors were answered while the import held the lock
    assert {status for _, status in reads} == {200}
    assert Entry.objects.filter(tournament=bergen_open).count() == 6 + 300 + 1
