from django.apps import AppConfig


class PlatformConfig(AppConfig):
    """The platform: background jobs, languages, limits, logs, backups and caches."""

    name = "arbiter.platform"
    label = "platform"
    verbose_name = "Platform"

    def ready(self) -> None:
        from arbiter.platform import i18n  # noqa: F401  (applies an arbiter's kept language at login)
