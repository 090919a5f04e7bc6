from django.apps import AppConfig


class DeskConfig(AppConfig):
    """The arbiter's desk: the pages where a tournament is set up, entered and run."""

    name = "arbiter.desk"
    label = "desk"
    verbose_name = "Arbiter's desk"

    def ready(self) -> None:
        from arbiter.desk.import_jobs import PLAYER_IMPORT
        from arbiter.platform import jobs

        jobs.register(PLAYER_IMPORT)
