"""What the card's notifications partial (templates/venue/_card_notify.html) shows, from the
``entry`` any card page has: whether the site sends notifications, its VAPID public key and how
many browsers the card notifies."""

from django import template
from django.conf import settings

from arbiter.core.models import Entry
from arbiter.venue.services import subscriptions

register = template.Library()


@register.simple_tag
def push_state(entry: Entry) -> dict:
    return {
        "enabled": subscriptions.enabled(),
        "public_key": settings.VAPID_PUBLIC_KEY,
        "browsers": subscriptions.current(entry).count() if subscriptions.enabled() else 0,
        "most": settings.PUSH_SUBSCRIPTIONS_PER_CARD,
    }
