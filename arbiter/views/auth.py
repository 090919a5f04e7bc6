"""The login page, with a limit on failed attempts (Django's cache counts them; no extra package).

After `LOGIN_FAILURES_PER_USERNAME` failed logins for one username, or `LOGIN_FAILURES_PER_IP` from
one client address, within `LOGIN_LOCKOUT_SECONDS`, every further attempt for that username or
from that address is refused with HTTP 429 until the period is over, even with the right password
(the password is not even checked). A successful login clears its username's count; the address's
count runs out with the period, so logging in to one's own account does not reset a guesser's
budget for other accounts.
"""

import hashlib
import math
import time

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import redirect_to_login
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

CACHE = "logins"


def client_address(request: HttpRequest) -> str:
    """The visitor's address; behind a proxy, the last one it added to X-Forwarded-For."""
    if getattr(settings, "BEHIND_PROXY", False):
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if hops[-1]:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "")


def _key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().casefold().encode()).hexdigest()[:32]
    return f"login-failures:{kind}:{digest}"


def _counters(request: HttpRequest) -> list[tuple[str, int]]:
    """(cache key, limit) of the counters this attempt falls under."""
    counters = [(_key("ip", client_address(request)), settings.LOGIN_FAILURES_PER_IP)]
    username = request.POST.get("username", "")
    if username.strip():
        counters.append((_key("user", username), settings.LOGIN_FAILURES_PER_USERNAME))
    return counters


def locked_for(request: HttpRequest) -> int:
    """Seconds until the attempt may be made (0: it may be made now)."""
    now = time.time()
    waits = [0]
    for key, limit in _counters(request):
        failures = caches[CACHE].get(key)
        if failures and failures["count"] >= limit:
            waits.append(math.ceil(failures["until"] - now))
    return max(waits)


def count_failure(request: HttpRequest) -> None:
    now = time.time()
    for key, _limit in _counters(request):
        failures = caches[CACHE].get(key) or {
            "count": 0,
            "until": now + settings.LOGIN_LOCKOUT_SECONDS,
        }
        failures["count"] += 1
        caches[CACHE].set(key, failures, max(1, math.ceil(failures["until"] - now)))


class LoginView(auth_views.LoginView):
    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        wait = locked_for(request)
        if wait > 0:
            return self.refused(request, wait)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form) -> HttpResponse:
        caches[CACHE].delete(_key("user", self.request.POST.get("username", "")))
        return super().form_valid(form)

    def form_invalid(self, form) -> HttpResponse:
        count_failure(self.request)
        return super().form_invalid(form)

    def refused(self, request: HttpRequest, wait: int) -> HttpResponse:
        minutes = max(1, math.ceil(wait / 60))
        form = self.get_form_class()(request, initial={"username": request.POST.get("username")})
        context = self.get_context_data(
            form=form,
            locked_out=(
                "Too many failed logins. Try again in "
                f"{minutes} minute{'' if minutes == 1 else 's'}, "
                "or ask an administrator to set a new password."
            ),
        )
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(wait)
        return response


def admin_login(request: HttpRequest, extra_context=None) -> HttpResponse:
    """The admin's login (`admin.site.login`): Django's own form would bypass the limit above, so
    a visitor logs in on the app's login page; a logged-in user who is not staff is refused."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("admin:index"))
    if not (request.user.is_active and request.user.is_staff):
        raise PermissionDenied("The administration pages are for staff only.")
    return redirect("admin:index")
