from django.apps import AppConfig


class VenueConfig(AppConfig):
    """The players' own side of the venue (issue 32; docs/venue.md): the secret behind each
    player's QR code (their card), self check-in, results the players give from their phones and
    web push notifications. Everything a player does goes through their card's secret; every
    tournament has it off until its arbiter turns it on."""

    name = "arbiter.venue"
    label = "venue"
    verbose_name = "Venue"

    def ready(self) -> None:
        from arbiter.venue import signals

        signals.connect()
