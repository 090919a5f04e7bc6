"""What keeps the public pages cheap and live: a version stamp, a cache keyed on it, polling.

Many phones follow a tournament at once, and most of their requests find nothing new. Each public
page therefore starts with one query that fetches the published tournament together with a
fingerprint of everything the public pages show (the tournament's last change, its last audit
entry, and aggregates over the entries and over the games, byes and rounds of its published and
complete rounds). The page body is rendered once per (tournament, page, fingerprint) and kept in
Django's cache; a new result, a published round or an edited entry changes the fingerprint, so the
next request renders afresh and the stale body simply ages out.

The pairings and standings pages poll their body every 20 seconds with htmx, sending the
fingerprint they show; an unchanged one is answered with 204 (htmx then leaves the page alone)
after that single query.
"""

import hashlib
from collections.abc import Callable
from urllib.parse import urlencode

from django.core.cache import cache
from django.db.models import (
    BigIntegerField,
    Case,
    Count,
    ExpressionWrapper,
    F,
    Max,
    OuterRef,
    Subquery,
    Sum,
    Value,
    When,
)
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe

from arbiter.models import AuditEntry, Bye, Entry, Game, Round, Tournament
from arbiter.scoring import COUNTED_STATES
from pairing.engines import results

#: How often the pairings and standings pages ask whether something changed.
POLL_EVERY = "20s"
#: A cached body is found again by its fingerprint; this only bounds how long an unused one stays.
CACHE_SECONDS = 60 * 60

_RESULT_CODES = {result: code for code, result in enumerate(["", *results.BY_CODE], start=1)}
_BYE_CODES = {kind: code for code, kind in enumerate(Bye.Kind.values, start=1)}
_STATE_CODES = {state: code for code, state in enumerate(COUNTED_STATES, start=1)}


def _coded(field: str, codes: dict[str, int]):
    """The id times a code of the field's value: the sum changes when one row's value does."""
    code = Case(*(When(**{field: value}, then=Value(n)) for value, n in codes.items()), default=0)
    return ExpressionWrapper(F("id") * code, output_field=BigIntegerField())


def _per_tournament(queryset, tournament_path: str, aggregate) -> Subquery:
    """One aggregate over the rows of the outer tournament, as a subquery column."""
    rows = queryset.filter(**{tournament_path: OuterRef("pk")}).order_by()
    return Subquery(rows.values(tournament_path).annotate(value=aggregate).values("value")[:1])


def public_tournament(tournament_id: int) -> Tournament:
    """The published tournament (else 404) with `version`, its public fingerprint: one query."""
    games = Game.objects.filter(round__state__in=COUNTED_STATES)
    byes = Bye.objects.filter(round__state__in=COUNTED_STATES)
    rounds = Round.objects.filter(state__in=COUNTED_STATES)
    fingerprint = {
        "v_audit": _per_tournament(AuditEntry.objects.all(), "tournament", Max("id")),
        "v_entries": _per_tournament(Entry.objects.all(), "tournament", Count("id")),
        "v_games": _per_tournament(
            games, "round__tournament", Sum(_coded("result", _RESULT_CODES))
        ),
        "v_last_game": _per_tournament(games, "round__tournament", Max("id")),
        "v_byes": _per_tournament(byes, "round__tournament", Sum(_coded("kind", _BYE_CODES))),
        "v_rounds": _per_tournament(rounds, "tournament", Sum(_coded("state", _STATE_CODES))),
    }
    tournament = (
        Tournament.objects.filter(pk=tournament_id, is_published=True)
        .annotate(**fingerprint)
        .first()
    )
    if tournament is None:
        raise Http404("No published tournament here.")
    parts = [tournament.pk, tournament.updated_at.isoformat()]
    parts += [getattr(tournament, name) for name in fingerprint]
    tournament.version = hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest()
    return tournament


def round_asked(request: HttpRequest) -> int | None:
    """The round of ``?round=N`` (None without one): ASCII digits only, else 404 (``²`` and
    ``٣`` pass ``str.isdigit``, and ``int`` reads the second)."""
    asked = request.GET.get("round", "")
    if not asked:
        return None
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 4):
        raise Http404("No such round.")
    return int(asked)


def live_page(
    request: HttpRequest,
    tournament: Tournament,
    template: str,
    page: str,
    params: dict[str, str | int],
    build: Callable[[], dict],
    poll: bool = False,
) -> HttpResponse:
    """Render `template`, whose `live` partial is the page body, from the cache when it can.

    `page` names the page among the tournament's and `params` are its normalised query
    parameters: both are part of the cache key. `build` makes the body's context, raising
    Http404 when there is no such page. With `poll`, the body asks for itself again every
    POLL_EVERY, sending the version it shows; an htmx request with the current version gets 204
    without touching anything else.
    """
    if request.htmx and request.GET.get("since") == tournament.version:
        return _vary(HttpResponse(status=204))
    key = f"public:{tournament.pk}:{page}:{urlencode(params)}:{tournament.version}"
    body = cache.get(key)
    if body is None:
        context = {"tournament": tournament, **build()}
        if poll:
            query = urlencode({**params, "since": tournament.version})
            context["poll_url"] = f"{request.path}?{query}"
            context["poll_every"] = POLL_EVERY
        body = {
            "title": render_to_string(f"{template}#title", context).strip(),
            "html": render_to_string(f"{template}#live", context),
        }
        cache.set(key, body, CACHE_SECONDS)
    if request.htmx:
        return _vary(HttpResponse(body["html"]))
    context = {
        "tournament": tournament,
        "title": body["title"],
        "live_html": mark_safe(body["html"]),
    }
    return _vary(render(request, template, context))


def _vary(response: HttpResponse) -> HttpResponse:
    """The same URL answers with a whole page or only its body: caches must tell them apart."""
    patch_vary_headers(response, ["HX-Request"])
    return response
