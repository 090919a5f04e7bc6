from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Rating lists (FIDE's monthly files and national lists), the lookup of a player in them,
    rating change and title norms (issue 29; docs/ratings.md)."""

    name = "arbiter.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from arbiter.platform import jobs
        from arbiter.ratings.import_jobs import RATING_LIST_IMPORT

        jobs.register(RATING_LIST_IMPORT)
