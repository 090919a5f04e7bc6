from django.apps import AppConfig


class PublicConfig(AppConfig):
    """The public site: published pairings, results, standings, cards and downloads."""

    name = "arbiter.public"
    label = "public"
    verbose_name = "Public site"

    def ready(self) -> None:
        from arbiter.public import signals  # noqa: F401  (the receivers connect)
