from django.apps import AppConfig


class ArbiterConfig(AppConfig):
    name = "arbiter"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from arbiter import (
            audit_guard,  # noqa: F401  (connects SQLite's unlock function)
            i18n,  # noqa: F401  (applies an arbiter's kept language at login)
            import_jobs,  # noqa: F401  (marks its sentences for pairing/engine_text.py)
            public_cache,  # noqa: F401  (forgets a changed tournament's row)
        )
