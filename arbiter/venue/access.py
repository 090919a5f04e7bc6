"""Who may use a player's card: whoever holds its secret (docs/venue.md, "Cards").

A card's pages take the secret from their address (``card/<secret>/...``, the QR code printed for
the player). Guessing is rate-limited per client address: each wrong secret counts, and an address
over ``CARD_GUESSES_PER_IP`` within ``LOGIN_LOCKOUT_SECONDS`` gets 429 on every card page, a right
secret too, until the period ends (counted in the logins' cache: Redis when set, shared by every
app server). A card's pages are never kept by a cache and send no referrer to another site
(``Referrer-Policy: same-origin``), so the secret in their address does not leave the app. Not
``no-referrer``: under it a browser posts the card's forms with ``Origin: null``, which Django's
CSRF check refuses (a 403 for every check-in from a phone).
"""

import functools
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from arbiter.core.models import Entry
from arbiter.platform.views.auth import CACHE, client_address, count_try, throttle_key
from arbiter.venue.services.cards import entry_of

CardView = Callable[..., HttpResponse]


def _guesses_key(request: HttpRequest) -> str:
    return throttle_key("card-secret", client_address(request))


def refused(request: HttpRequest, heading: str, explanation: str, status: int) -> HttpResponse:
    """A card page's refusal, said on the public layout."""
    context = {"heading": heading, "explanation": explanation}
    return _private(render(request, "venue/refused.html", context, status=status))


def _too_many(request: HttpRequest) -> HttpResponse:
    response = refused(
        request,
        _("Too many wrong card codes"),
        _(
            "Too many card codes that open nothing were tried from your address. Try again in "
            "%(minutes)s minutes, or ask the arbiter."
        )
        % {"minutes": max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)},
        429,
    )
    response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
    return response


def _private(response: HttpResponse) -> HttpResponse:
    add_never_cache_headers(response)
    response["Referrer-Policy"] = "same-origin"
    return response


def card_required(view: CardView) -> CardView:
    """The view gets the player the card's secret opens (``entry``) instead of the secret; a
    secret that opens nothing is a 404 saying so and counts as a guess."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, secret: str, *args, **kwargs) -> HttpResponse:
        key = _guesses_key(request)
        if (caches[CACHE].get(key) or 0) >= settings.CARD_GUESSES_PER_IP:
            return _too_many(request)
        entry: Entry | None = entry_of(secret)
        if entry is None:
            if count_try(key, time.time()) > settings.CARD_GUESSES_PER_IP:
                return _too_many(request)
            return refused(
                request,
                _("No card here"),
                _(
                    "This card code opens nothing: it was mistyped, or the arbiter gave the "
                    "player a new card. Ask the arbiter for yours."
                ),
                404,
            )
        return _private(view(request, *args, entry=entry, **kwargs))

    return wrapped
