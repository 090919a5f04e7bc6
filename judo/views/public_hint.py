"""An unpublished competition's public links: a 404 for everyone, and for its own arbiters a
page saying it is not published yet and where to publish it (docs/competition.md).

Only the 404 path reads the visitor: a published competition's pages never look at the session
(they are the same for everyone and kept, arbiter/platform/public_live.py). The hint is not kept
and not for shared caches (``private, no-store``, ``Vary: Cookie``), and it is answered with the
404 status too, so a link checker or a crawler learns nothing either way.
"""

from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from judo.services.competition import NotPublished


def not_published_hint(view):
    """``view`` (a public page of a competition) with the arbiters' hint on its 404."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotPublished as refusal:
            competition = refusal.competition
            # no session cookie, no session read: a crawler's 404 does not vary on the cookie
            if settings.SESSION_COOKIE_NAME not in request.COOKIES:
                raise
            user = request.user
            if not (user.is_authenticated and competition.arbiters.filter(pk=user.pk).exists()):
                raise
            response = render(
                request,
                "pairing/competition/not_published.html",
                {"competition": competition},
                status=404,
            )
            response["Cache-Control"] = "private, no-store"
            response["Vary"] = "Cookie"
            return response

    return wrapper
