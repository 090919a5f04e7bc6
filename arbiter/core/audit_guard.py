"""The audit log is append-only in the database as well as in the app.

Triggers (migration 0008, one dialect each) refuse to change or delete an audit entry, whoever
asks: the app, the admin, a shell. The one change let through is the database's own when a user
is deleted (``user`` becomes empty, ``on_delete=SET_NULL``): the entry and what it says stay.

A transaction may lift the guard on purpose with :func:`audit_log_unlocked`: a restore writing
back the original times of the entries it has just inserted, a whole tournament deleted with
its log (``delete_tournament``), ``manage.py flush`` emptying every
table, a test emptying the database. On PostgreSQL it sets ``arbiter.audit_unlocked`` for the
transaction; on SQLite it answers the trigger's ``arbiter_audit_unlocked()`` for the connection.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.dispatch import receiver

MESSAGE = "the audit log is append-only: entries are never changed or deleted"


@contextmanager
def audit_log_unlocked(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Let the enclosed work change and delete audit entries (one transaction)."""
    connection = connections[using]
    with transaction.atomic(using=using):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT set_config('arbiter.audit_unlocked', 'on', true)")
            try:
                yield
            finally:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT set_config('arbiter.audit_unlocked', 'off', true)")
        else:
            connection.audit_log_unlocked = True
            try:
                yield
            finally:
                connection.audit_log_unlocked = False


@receiver(connection_created)
def _sqlite_unlock_function(sender, connection: BaseDatabaseWrapper, **kwargs) -> None:
    """SQLite's triggers ask this connection whether the guard is lifted."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(
            "arbiter_audit_unlocked",
            0,
            lambda: int(getattr(connection, "audit_log_unlocked", False)),
        )
