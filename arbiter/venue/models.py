"""What the players' side of the venue keeps: the secret of each card, the results players give
from their phones, their web push subscriptions and the tournament's switches. The check-ins are
the systems' own (the Monrad's; the Swiss's in pairing/rounds/models.py, ``RoundCheckIn``): a
system's registry entry names its check-in, and the registry is below the venue."""

from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import RESULT_CHOICES


class VenueSettings(models.Model):
    """What a tournament lets its players do from their own cards: all off by default (the
    issue: "off by default, per tournament"). ``version`` is what the settings form saw."""

    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="venue_settings"
    )
    self_check_in = models.BooleanField(_("Players check in by scanning their card"), default=False)
    players_results = models.BooleanField(
        _("Players give their results from their phones"), default=False
    )
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"Venue settings of {self.tournament_id}"


class CardKey(models.Model):
    """The secret of a player's card: printed as a QR code (pairing lists, weigh-in slips,
    badges), it opens the player's own card, where they check in, give a result or ask for
    notifications. The arbiter revokes it by issuing a new one (``issued`` counts them): the old
    printouts stop working."""

    entry = models.OneToOneField("arbiter.Entry", on_delete=models.CASCADE, related_name="card_key")
    secret = models.CharField(max_length=43, unique=True)
    issued = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Card key of {self.entry_id} (#{self.issued})"


class ResultClaim(models.Model):
    """A result as one player of a game gave it from their card: it waits for the opponent's
    confirmation (the same result: it is entered) or the arbiter's; the arbiter has the last
    word, and a result already entered is never overwritten by a claim."""

    game = models.ForeignKey("arbiter.Game", on_delete=models.CASCADE, related_name="claims")
    entry = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE, related_name="claims")
    result = models.CharField(max_length=3, choices=RESULT_CHOICES)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "entry"], name="one_claim_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} says {self.result} on game {self.game_id}"


class PushSubscription(models.Model):
    """A browser that asked for notifications from a card (Push API; RFC 8030, 8291, 8292):
    where the push service takes messages for it and its keys. Dropped when the push service
    says it is gone (404, 410)."""

    entry = models.ForeignKey(
        "arbiter.Entry", on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=500)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=50)
    #: The language of the card page it was asked from: its notifications are written in it.
    language = models.CharField(max_length=8, default="en")
    #: The card (``CardKey.issued``) it was asked from: a card the arbiter revoked notifies no
    #: more the browsers its old printout signed up.
    card_issued = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    last_ok = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(100)])

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "endpoint"], name="one_subscription_per_browser"
            )
        ]

    def __str__(self) -> str:
        return f"Push subscription of {self.entry_id}"


class PushSent(models.Model):
    """A notification a player was sent (docs/venue.md, "Notifications"), remembered so that
    each goes once: a round's pairing once per publishing, a judo bout's call once per
    fighter, however often the mats move on."""

    entry = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["entry", "key"], name="push_sent_once")]

    def __str__(self) -> str:
        return f"{self.key} sent to {self.entry_id}"
