from django.apps import AppConfig


class LiveConfig(AppConfig):
    """Pushed updates of the public pages, mat pages and venue screens (issue 32; docs/live.md):
    what a change publishes to Redis after its commit (``publisher``) and the push service that
    holds the visitors' Server-Sent Events connections (``service``, no Django)."""

    name = "arbiter.live"
    label = "live"
    verbose_name = "Live"

    def ready(self) -> None:
        from arbiter.live import publisher

        publisher.connect()
