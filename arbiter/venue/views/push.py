"""Notifications from a player's card (docs/venue.md, "Notifications"): the card's button signs
the browser up (``push/subscribe/``) or off (``push/unsubscribe/``), the card's web app manifest
(so that an iPhone can add the card to its Home Screen, where web push works), a page with the
button alone (``notify/``), and the service worker, served from the site's root so that it may
show the notifications of every page.

The sign-ups take JSON (``{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}``, what
``PushSubscription.toJSON()`` gives) or a form with the same fields, with the CSRF token, and
answer JSON: ``{"ok": ..., "message": ...}`` with the status (400 refused, 404 notifications off,
429 too many sign-ups from the address).
"""

import json
import time
from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbiter.core.models import Entry
from arbiter.platform.routes import Routes
from arbiter.platform.views.auth import client_address, count_try, throttle_key
from arbiter.venue.access import card_required
from arbiter.venue.services import subscriptions
from arbiter.venue.services.subscriptions import SubscriptionRefused

#: The card's pages (public: served in every language, arbiter/venue/urls.py).
routes = Routes("card/<str:secret>/")
#: The service worker, at the site's root in no language (its scope is the whole site).
root_routes = Routes("")

SERVICE_WORKER = Path(settings.BASE_DIR) / "static" / "js" / "sw.js"
MAX_BODY = 4096


def _secret(request: HttpRequest) -> str:
    return request.resolver_match.kwargs["secret"]


def notify_context(request: HttpRequest, entry: Entry) -> dict:
    """What ``venue/_card_notify.html`` is given by a card's page."""
    return {"entry": entry, "tournament": entry.tournament, "secret": _secret(request)}


@routes.get("notify/", name="card_notify")
@card_required
def notify_page(request: HttpRequest, entry: Entry) -> HttpResponse:
    """The card's notifications alone: the button, what it needs on an iPhone, its state."""
    return render(request, "venue/notify.html", notify_context(request, entry))


def _answer(ok: bool, message: str, status: int = 200, **extra) -> JsonResponse:
    return JsonResponse({"ok": ok, "message": message, **extra}, status=status)


def _sent(request: HttpRequest) -> dict:
    """The fields a browser sent, as JSON or as a form (empty when neither)."""
    if request.content_type == "application/json":
        if len(request.body) > MAX_BODY:
            return {}
        try:
            data = json.loads(request.body)
        except (ValueError, UnicodeDecodeError):
            return {}
        if not isinstance(data, dict):
            return {}
        keys = data.get("keys") if isinstance(data.get("keys"), dict) else {}
        return {
            "endpoint": data.get("endpoint"),
            "p256dh": keys.get("p256dh"),
            "auth": keys.get("auth"),
        }
    return {name: request.POST.get(name) for name in ("endpoint", "p256dh", "auth")}


def _off() -> JsonResponse:
    return _answer(False, _("Notifications are off on this site."), 404)


def _too_many() -> JsonResponse:
    minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
    response = _answer(
        False,
        _(
            "Too many sign-ups for notifications from your address: at most %(count)s in "
            "%(minutes)s minutes. Try again later, or ask the arbiter."
        )
        % {"count": settings.PUSH_SUBSCRIPTIONS_PER_IP, "minutes": minutes},
        429,
    )
    response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
    return response


@routes.post("push/subscribe/", name="card_push_subscribe")
@card_required
def subscribe(request: HttpRequest, entry: Entry) -> HttpResponse:
    """Sign the browser up for the card's notifications."""
    if not subscriptions.enabled():
        return _off()
    key = throttle_key("push-subscribe", client_address(request))
    if count_try(key, time.time()) > settings.PUSH_SUBSCRIPTIONS_PER_IP:
        return _too_many()
    sent = _sent(request)
    try:
        browser = subscriptions.checked(sent.get("endpoint"), sent.get("p256dh"), sent.get("auth"))
        subscriptions.subscribe(entry, browser, get_language() or settings.LANGUAGE_CODE)
    except SubscriptionRefused as refused:
        return _answer(False, str(refused), 400)
    return _answer(
        True,
        _("Notifications are on for this phone: %(name)s's pairings and calls to the mat.")
        % {"name": entry.name},
        browsers=subscriptions.current(entry).count(),
    )


@routes.post("push/unsubscribe/", name="card_push_unsubscribe")
@card_required
def unsubscribe(request: HttpRequest, entry: Entry) -> HttpResponse:
    """Sign the browser off (nothing to do when it was not signed up)."""
    endpoint = _sent(request).get("endpoint")
    if not isinstance(endpoint, str) or not endpoint:
        return _answer(False, _("This browser sent no subscription to turn off."), 400)
    subscriptions.unsubscribe(entry, endpoint)
    return _answer(
        True,
        _("Notifications are off for this phone."),
        browsers=subscriptions.current(entry).count(),
    )


@routes.get("manifest.webmanifest", name="card_manifest")
@card_required
def manifest(request: HttpRequest, entry: Entry) -> HttpResponse:
    """The card as a web app (display standalone): added to an iPhone's Home Screen it opens
    the card, and there (iOS 16.4 and later) it may show notifications."""
    secret = _secret(request)
    start = reverse("card_notify", kwargs={"secret": secret})
    data = {
        "name": f"{entry.name} · {entry.tournament.name}"[:100],
        "short_name": entry.name[:30],
        "start_url": start,
        "id": start,
        "scope": "/",
        "display": "standalone",
        "lang": get_language() or settings.LANGUAGE_CODE,
        "background_color": "#ffffff",
        "theme_color": "#1f5f99",
        "icons": [
            {
                "src": static(f"img/card-icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ],
    }
    body = json.dumps(data, ensure_ascii=False)
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")


@cache
def _service_worker() -> bytes:
    return SERVICE_WORKER.read_bytes()


@root_routes.get("sw.js", name="service_worker")
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js at the site's root: a worker's scope is at most its own folder, and the
    notifications of the cards in every language (/card/..., /sv/card/...) need the root."""
    response = HttpResponse(_service_worker(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True, max_age=0)
    return response
