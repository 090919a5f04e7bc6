"""The glue of the pages whose HTMX requests swap one section (:class:`SwappedPage`): the Swiss
pairing page, the Monrad evening and the knockout bracket. A change is made, then the answer is
the section again (HTMX) or the page itself (a plain form, after a redirect); a refused change
shows its message there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from arbiter.core import fide_mode
from arbiter.core.models import Entry, Tournament

#: The pages that answer some refusals of a change instead of its message: refusal class ->
#: ``(error) -> page``.
Answers = dict[type[Exception], Callable[[Exception], HttpResponse]]


@dataclass(frozen=True)
class SwappedPage:
    """An arbiter's page whose one section HTMX swaps after each change (docs/glossary.md,
    "swapped page"): its URL name, its template and the partial that is the section."""

    url_name: str  # the page
    template: str
    partial: str  # the section, swapped by HTMX
    context: Callable[[Tournament], dict]
    refusals: tuple[type[Exception], ...]  # a change refused with a message for the arbiter
    #: ``(tournament) -> BackgroundJob | None``: the job the page shows (waiting, running, or
    #: why it failed), as the ``job`` of the context.
    job: Callable[[Tournament], object] | None = None

    def render(self, request: HttpRequest, tournament: Tournament, **extra) -> HttpResponse:
        tournament.refresh_from_db()
        context = {"tournament": tournament, **self.context(tournament), **extra}
        if self.job is not None:
            context.setdefault("job", self.job(tournament))
        template = f"{self.template}#{self.partial}" if request.htmx else self.template
        return render(request, template, context)

    def done(self, request: HttpRequest, tournament: Tournament, **saved) -> HttpResponse:
        """The section after a change; ``saved`` tells the page what was saved (``notice``, and
        whatever else says where), shown beside it, or as a message after a plain form."""
        if request.htmx:
            return self.render(request, tournament, **saved)
        if saved.get("notice"):
            messages.success(request, saved["notice"])
        return redirect(reverse(self.url_name, args=[tournament.pk]))

    def fail(self, request: HttpRequest, tournament: Tournament, error: str) -> HttpResponse:
        if request.htmx:
            return self.render(request, tournament, error=error)
        messages.error(request, error)
        return redirect(reverse(self.url_name, args=[tournament.pk]))

    def act(
        self,
        request: HttpRequest,
        tournament: Tournament,
        change: Callable,
        answers: Answers | None = None,
        **saved,
    ) -> HttpResponse:
        """Make ``change``, then :meth:`done`. A refusal shows its message (:meth:`fail`), unless
        ``answers`` holds a page for its kind (refusal class -> ``(error) -> page``): the
        question that asks to confirm, or the form again with what the arbiter chose."""
        try:
            change()
        except (*self.refusals, fide_mode.RefusedInFideMode) as error:
            for kind, answer in (answers or {}).items():
                if isinstance(error, kind):
                    return answer(error)
            return self.fail(request, tournament, str(error))
        except fide_mode.NeedsConfirmation as needs:
            return self.confirm(request, tournament, needs)
        return self.done(request, tournament, **saved)

    def confirm(
        self, request: HttpRequest, tournament: Tournament, needs: fide_mode.NeedsConfirmation
    ) -> HttpResponse:
        """The page (HTMX: its section) with the warnings the rules attach to the change, and
        the form that posts it again confirmed (``arbiter/_rule_warnings.html``, in the
        section's ``needs``); cancelling goes back to the page."""
        return self.render(
            request,
            tournament,
            **fide_mode.repost(request.POST, needs),
            action=request.path,
            cancel=reverse(self.url_name, args=[tournament.pk]),
        )


def posted_int(value) -> int:
    """A whole number from a form field, 0 when it is missing or not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def posted_entry(tournament: Tournament, value) -> Entry:
    """The tournament's entry whose id a form sent (404 for anything else)."""
    return get_object_or_404(Entry, pk=posted_int(value), tournament=tournament)
