"""The login page and the password-reset form, with limits an outsider cannot turn against an
arbiter (Django's cache counts; no extra package).

Failed logins are counted three ways, each within ``LOGIN_LOCKOUT_SECONDS``:

- **per username and address together**: after ``LOGIN_SLOWDOWN_AFTER`` failures each further
  try from that address for that username must wait 2, 4, 8 ... seconds; after
  ``LOGIN_FAILURES_PER_USERNAME_AND_IP`` it is locked. Only the guesser's own address is slowed
  and locked, so a stranger who knows an arbiter's username cannot lock the arbiter out;
- **per address** (``LOGIN_FAILURES_PER_IP``): one address trying many usernames;
- **per username from every address** (``LOGIN_FAILURES_PER_USERNAME``): many addresses guessing
  one account. Past it the username is locked for unknown addresses only.

A **known address** is one the username logged in from before (kept for
``KNOWN_ADDRESS_DAYS``): from there the right password still gets in past the per-address and
per-username locks (a shared address, a distributed guess); only its own slow-down and lock for
the pair apply. A refused try gets HTTP 429 with ``Retry-After`` and the password is not checked.
A success clears the pair's count and nothing else, so logging in to one's own account does not
refill a guesser's budget against others.

Each try is counted *before* its password is checked (``begin_login``: atomic increments in the
``logins`` cache, which is Redis shared by every app server when ``REDIS_URL`` is set) and taken
back when it is refused or succeeds (``end_login``). A burst of tries sent at the same moment to
any number of processes therefore cannot all slip under a limit while none has failed yet, and
past the slow-down only one try at a time is let through.

Password-reset mails: at most ``PASSWORD_RESET_MAILS_PER_ADDRESS`` per e-mail address and
``PASSWORD_RESET_REQUESTS_PER_IP`` requests per client address within ``LOGIN_LOCKOUT_SECONDS``;
past either the page answers as usual (it never says whether an address is known) and no mail
goes out.
"""

import contextlib
import hashlib
import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import redirect_to_login
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from arbiter.platform import i18n

CACHE = "logins"
KNOWN_ADDRESS_DAYS = 90
#: How many known addresses are kept per username (the most recent ones).
KNOWN_ADDRESSES = 10

log = logging.getLogger(__name__)


def client_address(request: HttpRequest) -> str:
    """The visitor's address; behind a proxy, the last one it added to X-Forwarded-For."""
    if getattr(settings, "BEHIND_PROXY", False):
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if hops[-1]:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "")


def _digest(*values: str) -> str:
    text = "\0".join(value.strip().casefold() for value in values)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def throttle_key(kind: str, *values: str) -> str:
    return f"login-failures:{kind}:{_digest(*values)}"


def count_try(key: str, now: float) -> int:
    """Counts one more try under ``key`` and returns the count with it. The increment is atomic
    (in Redis, and under a lock in memory), so tries sent at the same moment, to one app server
    or several, each get a number of their own. A count lasts ``LOGIN_LOCKOUT_SECONDS`` from
    its first try; ``key:until`` says when it ends."""
    cache, period = caches[CACHE], settings.LOGIN_LOCKOUT_SECONDS
    cache.add(f"{key}:until", now + period, period)
    cache.add(key, 0, period)
    try:
        return cache.incr(key)
    except ValueError:  # the period ended right between the two calls: this try begins one
        cache.add(key, 1, period)
        return 1


def _release(key: str) -> None:
    """Takes back a try ``count_try`` counted: one refused, or one that logged in."""
    with contextlib.suppress(ValueError):  # its period has ended meanwhile
        caches[CACHE].decr(key)


def _ends(key: str, now: float) -> float:
    return caches[CACHE].get(f"{key}:until") or now + settings.LOGIN_LOCKOUT_SECONDS


def _slowdown(failures: int) -> int:
    """Seconds the pair's next try waits after its ``failures``-th failure (0: no wait yet)."""
    if failures < settings.LOGIN_SLOWDOWN_AFTER:
        return 0
    return 2 ** (failures - settings.LOGIN_SLOWDOWN_AFTER + 1)


def _known_key(username: str) -> str:
    return f"login-known:{_digest(username)}"


def is_known_address(username: str, address: str) -> bool:
    return _digest(address) in (caches[CACHE].get(_known_key(username)) or [])


def remember_address(username: str, address: str) -> None:
    known = [a for a in caches[CACHE].get(_known_key(username)) or [] if a != _digest(address)]
    known = [_digest(address), *known][:KNOWN_ADDRESSES]
    caches[CACHE].set(_known_key(username), known, KNOWN_ADDRESS_DAYS * 24 * 3600)


@dataclass
class LoginTry:
    """One login try, counted before its password is checked (``begin_login``) and settled
    after (``end_login``): a burst of tries cannot all pass a limit while none has failed yet.
    ``wait`` > 0 means refused: try again in that many seconds (a slow-down if ``slowed``,
    else a lock)."""

    username: str
    address: str
    counters: dict[str, str]
    pair_count: int = 0
    wait: int = 0
    slowed: bool = False

    @property
    def gate(self) -> str:
        """While this key lives, the pair's tries wait (its value: until when)."""
        return f"login-slowdown:{_digest(self.username, self.address)}"


def begin_login(username: str, address: str) -> LoginTry:
    """Counts a try of this username from this address and says whether it may go on."""
    now = time.time()
    counters = {"ip": throttle_key("ip", address)}
    named = bool(username.strip())
    if named:
        counters |= {
            "pair": throttle_key("pair", username, address),
            "user": throttle_key("user", username),
        }
    counts = {kind: count_try(key, now) for kind, key in counters.items()}
    attempt = LoginTry(username, address, counters, pair_count=counts.get("pair", 0))
    limits = {"pair": settings.LOGIN_FAILURES_PER_USERNAME_AND_IP}
    if not (named and is_known_address(username, address)):
        limits["ip"] = settings.LOGIN_FAILURES_PER_IP
        limits["user"] = settings.LOGIN_FAILURES_PER_USERNAME
    waits = [
        (_ends(counters[kind], now) - now, False)
        for kind, limit in limits.items()
        if counts.get(kind, 0) > limit
    ]
    # Past the slow-down, one try at a time: this one holds the gate while it is checked.
    delay = _slowdown(attempt.pair_count - 1) if named and not waits else 0
    if delay and not caches[CACHE].add(attempt.gate, now + delay, delay):
        waits.append(((caches[CACHE].get(attempt.gate) or now + 1) - now, True))
    if waits:
        wait, attempt.slowed = max(waits)
        attempt.wait = max(1, math.ceil(wait))
        for key in counters.values():
            _release(key)
    return attempt


def end_login(attempt: LoginTry, succeeded: bool) -> None:
    """A success takes the try back and clears the pair's count (nothing else, so logging in to
    one's own account does not refill a guesser's budget against others); a failure stays
    counted and makes the pair's next try wait."""
    if succeeded:
        pair = attempt.counters["pair"]
        caches[CACHE].delete_many([pair, f"{pair}:until", attempt.gate])
        _release(attempt.counters["ip"])
        _release(attempt.counters["user"])
        remember_address(attempt.username, attempt.address)
    elif delay := _slowdown(attempt.pair_count):
        caches[CACHE].set(attempt.gate, time.time() + delay, delay)


class LoginView(auth_views.LoginView):
    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        self.login_try = begin_login(request.POST.get("username", ""), client_address(request))
        if self.login_try.wait:
            return self.refused(request, self.login_try.wait, self.login_try.slowed)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form) -> HttpResponse:
        end_login(self.login_try, succeeded=True)
        return i18n.login_response(self.request, super().form_valid(form))

    def form_invalid(self, form) -> HttpResponse:
        end_login(self.login_try, succeeded=False)
        return super().form_invalid(form)

    def refused(self, request: HttpRequest, wait: int, slowed: bool) -> HttpResponse:
        if slowed:
            message = ngettext(
                "Too many failed logins: wait %(seconds)s second before trying again.",
                "Too many failed logins: wait %(seconds)s seconds before trying again.",
                wait,
            ) % {"seconds": wait}
        else:
            minutes = max(1, math.ceil(wait / 60))
            message = ngettext(
                "Too many failed logins. Try again in %(minutes)s minute, or ask an "
                "administrator to set a new password.",
                "Too many failed logins. Try again in %(minutes)s minutes, or ask an "
                "administrator to set a new password.",
                minutes,
            ) % {"minutes": minutes}
        form = self.get_form_class()(request, initial={"username": request.POST.get("username")})
        context = self.get_context_data(form=form, locked_out=message)
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(wait)
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, sending at most a few mails per address and per visitor."""

    def form_valid(self, form) -> HttpResponse:
        now = time.time()
        visitor = count_try(throttle_key("reset-ip", client_address(self.request)), now)
        if visitor > settings.PASSWORD_RESET_REQUESTS_PER_IP or (
            count_try(throttle_key("reset-mail", form.cleaned_data["email"]), now)
            > settings.PASSWORD_RESET_MAILS_PER_ADDRESS
        ):
            log.warning("password reset mail not sent: too many asked for")
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


def admin_login(request: HttpRequest, extra_context=None) -> HttpResponse:
    """The admin's login (`admin.site.login`): Django's own form would bypass the limit above, so
    a visitor logs in on the app's login page; a logged-in user who is not staff is refused."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("admin:index"))
    if not (request.user.is_active and request.user.is_staff):
        raise PermissionDenied(_("The administration pages are for staff only."))
    return redirect("admin:index")
