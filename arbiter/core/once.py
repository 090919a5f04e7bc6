"""One effect per form: a double click or a resent request must not add a player twice.

Forms that create something carry a one-time token (``{% once_field %}``, from the ``once``
template library); :func:`once_per_submission` stores it in the same transaction as the view's
effect, under a unique constraint. The second request with the same token finds it taken (or
waits for the first to commit, then finds it) and changes nothing: a plain form is sent back to
the page with a message, an HTMX request gets 204 (htmx leaves the page as the first answer
made it). A form shown again after an error carries a fresh token.
"""

from __future__ import annotations

import uuid
from functools import wraps

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import View
from arbiter.core.models import Submission

FIELD = "once"


def once_per_submission(view: View) -> View:
    """Run the view at most once per token; a request without a token runs as usual."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        token = _token(request)
        if token is None:
            return view(request, *args, **kwargs)
        with transaction.atomic():
            try:
                with transaction.atomic():
                    user = request.user if request.user.is_authenticated else None
                    Submission.objects.create(token=token, user=user)
            except IntegrityError:
                return _already_done(request)
            return view(request, *args, **kwargs)

    return wrapper


def _token(request: HttpRequest) -> uuid.UUID | None:
    if request.method != "POST":
        return None
    try:
        return uuid.UUID(request.POST.get(FIELD, ""))
    except ValueError:
        return None


def _already_done(request: HttpRequest) -> HttpResponse:
    if getattr(request, "htmx", False):
        return HttpResponse(status=204)
    messages.info(request, _("That form was already sent; it was acted on once."))
    return redirect(request.path)
