from django.apps import AppConfig


class JudoConfig(AppConfig):
    """The judo competition day: categories, weigh-in, the draw, the mats and the results."""

    name = "judo"
    label = "judo"
    verbose_name = "Judo competition day"

    def ready(self) -> None:
        from arbiter.platform import jobs
        from judo.jobs import COMPETITION_IMPORT
        from judo.services import competition_lists  # noqa: F401  (marks its job's sentences)

        jobs.register(COMPETITION_IMPORT)
