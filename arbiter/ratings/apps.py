from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Rating lists (FIDE's monthly files and national lists), the lookup of a player in them,
    rating change and title norms (issue 29; docs/ratings.md)."""

    name = "arbiter.ratings"
    label = "ratings"
    verbose_name = "Ratings"
