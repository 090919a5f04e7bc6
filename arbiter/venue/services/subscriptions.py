"""The browsers a player's card notifies (docs/venue.md, "Notifications").

A browser signs up from the card's page with what its Push API gave it (RFC 8030, 8291): the
push service's endpoint, where the server posts the encrypted messages, and the browser's keys.
Everything is checked before it is kept: the endpoint is an https URL of a known push service (the
server posts to it: never an address of the operator's own network), the keys have their exact
lengths, and a card notifies at most ``PUSH_SUBSCRIPTIONS_PER_CARD`` browsers. The same browser
signing up again replaces its keys (no second row). A subscription is the player's own browser,
not the tournament's data: it is not audited and moves no version.
"""

import base64
import binascii
import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from arbiter.core.models import Entry
from arbiter.venue.models import PushSubscription
from arbiter.venue.services.cards import key_for

MAX_ENDPOINT = 500  # PushSubscription.endpoint's length
MAX_P256DH = 100
MAX_AUTH = 50
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


class SubscriptionRefused(Exception):
    """A sign-up the card refuses, with the reason for the player."""


@dataclass(frozen=True)
class Browser:
    """A browser's subscription as checked: its endpoint and keys (base64url, no padding)."""

    endpoint: str
    p256dh: str
    auth: str


def enabled() -> bool:
    """Whether this site sends notifications: it has a VAPID key pair (settings)."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def _decoded(value: str) -> bytes | None:
    if not value or len(value) > MAX_P256DH:
        return None
    if value.strip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_="):
        return None
    try:
        return base64.urlsafe_b64decode(value.rstrip("=") + "=" * (-len(value.rstrip("=")) % 4))
    except (binascii.Error, ValueError):
        return None


def _loopback(host: str) -> bool:
    if host in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _known_service(host: str) -> bool:
    for allowed in settings.PUSH_SERVICE_HOSTS:
        allowed = allowed.lower()
        if host == allowed.lstrip(".") or (allowed.startswith(".") and host.endswith(allowed)):
            return True
    return False


def checked_endpoint(endpoint: str) -> str:
    """The endpoint if the server may post to it, else :class:`SubscriptionRefused`."""
    refused = SubscriptionRefused(
        _("This browser's push service is not one notifications can be sent to.")
    )
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
        raise refused
    if any(ord(c) <= 32 or ord(c) == 127 for c in endpoint):
        raise refused
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 (a port out of range raises)
    except ValueError as error:
        raise refused from error
    if parts.username is not None or parts.password is not None or not host:
        raise refused
    if settings.PUSH_ALLOW_LOOPBACK and _loopback(host) and parts.scheme in ("http", "https"):
        return endpoint
    if parts.scheme != "https" or not _known_service(host):
        raise refused
    return endpoint


def checked(endpoint: object, p256dh: object, auth: object) -> Browser:
    """What a browser sent, checked (:class:`SubscriptionRefused` says what is wrong)."""
    if not all(isinstance(value, str) for value in (endpoint, p256dh, auth)):
        raise SubscriptionRefused(_("This browser sent no subscription to keep."))
    assert isinstance(endpoint, str) and isinstance(p256dh, str) and isinstance(auth, str)
    checked_endpoint(endpoint)
    key, secret = _decoded(p256dh), _decoded(auth) if len(auth) <= MAX_AUTH else None
    if key is None or len(key) != 65 or secret is None or len(secret) != 16:
        raise SubscriptionRefused(_("This browser's notification keys are not valid."))
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key)
    except ValueError as error:
        raise SubscriptionRefused(_("This browser's notification keys are not valid.")) from error
    encode = base64.urlsafe_b64encode
    return Browser(endpoint, encode(key).decode().rstrip("="), encode(secret).decode().rstrip("="))


def current(entry: Entry):
    """The subscriptions of the player's card as it is now (not those of a revoked card)."""
    return PushSubscription.objects.filter(entry=entry, card_issued=key_for(entry).issued)


def subscribe(entry: Entry, browser: Browser, language: str) -> PushSubscription:
    """Keep the browser's subscription for the player's card: the same browser again replaces
    its keys; a card already notifying ``PUSH_SUBSCRIPTIONS_PER_CARD`` others is refused. The
    subscriptions of a revoked card go."""
    with transaction.atomic():
        card = key_for(entry)
        Entry.objects.select_for_update().filter(pk=entry.pk).first()  # one sign-up at a time
        PushSubscription.objects.filter(entry=entry).exclude(card_issued=card.issued).delete()
        mine = PushSubscription.objects.filter(entry=entry)
        same = mine.filter(endpoint=browser.endpoint).first()
        if same is None and mine.count() >= settings.PUSH_SUBSCRIPTIONS_PER_CARD:
            raise SubscriptionRefused(
                _(
                    "This card already notifies %(count)s browsers, the most one card may. Turn "
                    "notifications off on one of them first, or ask the arbiter for a new card."
                )
                % {"count": settings.PUSH_SUBSCRIPTIONS_PER_CARD}
            )
        fields = {
            "p256dh": browser.p256dh,
            "auth": browser.auth,
            "language": language[:8],
            "card_issued": card.issued,
            "failures": 0,
        }
        try:
            with transaction.atomic():
                subscription, _created = PushSubscription.objects.update_or_create(
                    entry=entry, endpoint=browser.endpoint, defaults=fields
                )
        except IntegrityError:  # the same browser twice at once: the other one kept it
            subscription = PushSubscription.objects.get(entry=entry, endpoint=browser.endpoint)
    return subscription


def unsubscribe(entry: Entry, endpoint: str) -> bool:
    """Forget the browser of ``endpoint`` for the player's card (whether it was kept or not:
    turning off twice is no error). True if it was kept."""
    if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT:
        return False
    deleted, _kinds = PushSubscription.objects.filter(entry=entry, endpoint=endpoint).delete()
    return bool(deleted)
