from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The core: events, entries, rounds, games, results, the audit log and the versions.

    Its label stays ``arbiter`` (the tables, migrations and backups name it so)."""

    name = "arbiter.core"
    label = "arbiter"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from arbiter.core import (  # noqa: F401
            audit_guard,  # connects SQLite's unlock function
            public_cache,  # forgets a changed tournament's row
        )
