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

Password-reset mails: at most ``PASSWORD_RESET_MAILS_PER_ADDRESS`` per e-mail address and
``PASSWORD_RESET_REQUESTS_PER_IP`` requests per client address within ``LOGIN_LOCKOUT_SECONDS``;
past either the page answers as usual (it never says whether an address is known) and no mail
goes out.
"""

import hashlib
import logging
import math
import time

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import redirect_to_login
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse

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


def _key(kind: str, *values: str) -> str:
    return f"login-failures:{kind}:{_digest(*values)}"


def _read(key: str) -> dict | None:
    return caches[CACHE].get(key)


def _count(key: str, now: float) -> None:
    """One more failure under ``key``, counted until its period (from the first) ends."""
    failures = _read(key) or {"count": 0, "until": now + settings.LOGIN_LOCKOUT_SECONDS}
    failures["count"] += 1
    failures["last"] = now
    caches[CACHE].set(key, failures, max(1, math.ceil(failures["until"] - now)))


def _known_key(username: str) -> str:
    return f"login-known:{_digest(username)}"


def is_known_address(username: str, address: str) -> bool:
    return _digest(address) in (caches[CACHE].get(_known_key(username)) or [])


def remember_address(username: str, address: str) -> None:
    known = [a for a in caches[CACHE].get(_known_key(username)) or [] if a != _digest(address)]
    known = [_digest(address), *known][:KNOWN_ADDRESSES]
    caches[CACHE].set(_known_key(username), known, KNOWN_ADDRESS_DAYS * 24 * 3600)


def login_wait(username: str, address: str, now: float | None = None) -> tuple[int, bool]:
    """Seconds before this username may be tried from this address (0: now), and whether the
    wait is a slow-down rather than a lock."""
    now = time.time() if now is None else now
    waits: list[tuple[float, bool]] = [(0, False)]
    pair = _read(_key("pair", username, address)) if username.strip() else None
    if pair:
        if pair["count"] >= settings.LOGIN_FAILURES_PER_USERNAME_AND_IP:
            waits.append((pair["until"] - now, False))
        elif pair["count"] >= settings.LOGIN_SLOWDOWN_AFTER:
            delay = 2 ** (pair["count"] - settings.LOGIN_SLOWDOWN_AFTER + 1)
            waits.append((pair["last"] + delay - now, True))
    if not (username.strip() and is_known_address(username, address)):
        limits = [(_key("ip", address), settings.LOGIN_FAILURES_PER_IP)]
        if username.strip():
            limits.append((_key("user", username), settings.LOGIN_FAILURES_PER_USERNAME))
        for key, limit in limits:
            failures = _read(key)
            if failures and failures["count"] >= limit:
                waits.append((failures["until"] - now, False))
    wait, slowed = max(waits)
    return max(0, math.ceil(wait)), slowed


def count_failure(username: str, address: str) -> None:
    now = time.time()
    _count(_key("ip", address), now)
    if username.strip():
        _count(_key("pair", username, address), now)
        _count(_key("user", username), now)


class LoginView(auth_views.LoginView):
    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        wait, slowed = login_wait(request.POST.get("username", ""), client_address(request))
        if wait > 0:
            return self.refused(request, wait, slowed)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form) -> HttpResponse:
        username, address = self.request.POST.get("username", ""), client_address(self.request)
        caches[CACHE].delete(_key("pair", username, address))
        remember_address(username, address)
        return super().form_valid(form)

    def form_invalid(self, form) -> HttpResponse:
        count_failure(self.request.POST.get("username", ""), client_address(self.request))
        return super().form_invalid(form)

    def refused(self, request: HttpRequest, wait: int, slowed: bool) -> HttpResponse:
        if slowed:
            message = (
                f"Too many failed logins: wait {wait} second{'' if wait == 1 else 's'} before "
                "trying again."
            )
        else:
            minutes = max(1, math.ceil(wait / 60))
            message = (
                "Too many failed logins. Try again in "
                f"{minutes} minute{'' if minutes == 1 else 's'}, "
                "or ask an administrator to set a new password."
            )
        form = self.get_form_class()(request, initial={"username": request.POST.get("username")})
        context = self.get_context_data(form=form, locked_out=message)
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(wait)
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, sending at most a few mails per address and per visitor."""

    def form_valid(self, form) -> HttpResponse:
        now = time.time()
        mail_key = _key("reset-mail", form.cleaned_data["email"])
        visitor_key = _key("reset-ip", client_address(self.request))
        mails, requests = _read(mail_key), _read(visitor_key)
        _count(visitor_key, now)
        if (mails and mails["count"] >= settings.PASSWORD_RESET_MAILS_PER_ADDRESS) or (
            requests and requests["count"] >= settings.PASSWORD_RESET_REQUESTS_PER_IP
        ):
            log.warning("password reset mail not sent: too many asked for")
            return HttpResponseRedirect(self.get_success_url())
        _count(mail_key, now)
        return super().form_valid(form)


def admin_login(request: HttpRequest, extra_context=None) -> HttpResponse:
    """The admin's login (`admin.site.login`): Django's own form would bypass the limit above, so
    a visitor logs in on the app's login page; a logged-in user who is not staff is refused."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("admin:index"))
    if not (request.user.is_active and request.user.is_staff):
        raise PermissionDenied("The administration pages are for staff only.")
    return redirect("admin:index")
