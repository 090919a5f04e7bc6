"""Faults on the real database: PostgreSQL dropping every connection, and a worker killed in
the middle of pairing a round. Both need PostgreSQL (CI runs them there)."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.db import connection

from arbiter.core.models import Game, Round
from pairing.rounds import services as rounds
from tests.pairing.conftest import play

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL faults (CI runs them there)"
    ),
]


def database_url() -> str:
    """The URL of the test database the suite runs on."""
    base = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(base._replace(path="/" + connection.settings_dict["NAME"]))


def admin() -> psycopg.Connection:
    return psycopg.connect(database_url(), autocommit=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=20) as response:
        return response.status


def test_the_app_answers_again_after_postgresql_drops_every_connection(trondheim_open):
    port = free_port()
    env = dict(
        os.environ,
        DATABASE_URL=database_url(),
        DEBUG="0",
        SECRET_KEY="x" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        PYTHONWARNINGS="ignore",
    )
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "arbiter.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                if get(port, f"/t/{trondheim_open.pk}/") == 200:
                    break
            except OSError:
                time.sleep(0.1)
        connection.ensure_connection()
        ours = connection.connection.info.backend_pid  # the test's own, kept for its teardown
        with admin() as conn:  # what a restart does to the worker's kept connection
            dropped = conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> %s",
                [ours],
            ).fetchone()[0]
        assert dropped >= 1
        assert get(port, f"/t/{trondheim_open.pk}/") == 200  # CONN_HEALTH_CHECKS reconnects
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_worker_killed_while_pairing_leaves_no_partial_round(anna, trondheim_open):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    with admin() as blocker, blocker.transaction():
        # games can still be read, not written: the pairing stops right after its round row
        blocker.execute("LOCK TABLE arbiter_game IN SHARE MODE")
        worker = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "swiss",
                str(trondheim_open.pk),
                "--user",
                anna.username,
                "pair",
            ],
            cwd=ROOT,
            env=dict(os.environ, DATABASE_URL=database_url()),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(300):
            waiting = blocker.execute(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                "WHERE c.relname = 'arbiter_round' AND l.mode = 'RowExclusiveLock' "
                "AND l.pid <> pg_backend_pid() "
                # this test database's: another xdist worker writes rounds in its own
                "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            ).fetchone()[0]
            if waiting:
                break
            time.sleep(0.05)
        assert waiting, "the pairing never reached the point of writing its round"
        worker.send_signal(signal.SIGKILL)  # the worker dies holding an open transaction
        worker.wait(timeout=10)
    assert list(
        Round.objects.filter(tournament=trondheim_open).values_list("number", flat=True)
    ) == [1]
    assert not Game.objects.filter(round__tournament=trondheim_open, round__number=2).exists()
    # nothing is left locked: the round can be paired now
    assert rounds.pair_next_round(anna, trondheim_open).number == 2
