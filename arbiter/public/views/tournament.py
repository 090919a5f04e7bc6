"""Pages anyone may see: the published tournaments, a tournament's starting list and crosstable.

Only published tournaments are public (404 otherwise, for everyone), and of those only the
published and complete rounds: a draft round is invisible on every public page. The pairings,
standings and player cards live in `public_rounds`, `public_standings` and `public_players`; the
version stamp and cache that every page below the home page goes through in `public_live`.
"""

from django.conf import settings
from django.db.models import Count, F, Max, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from arbiter.core.crosstable import crosstable
from arbiter.core.models import Entry, Tournament, TournamentArbiter
from arbiter.core.services.entries import initial_ranking_key
from arbiter.core.standings import round_progress
from arbiter.events.models import Event
from arbiter.platform.public_live import HTML, Made, kept_response, live_page, public_tournament
from arbiter.platform.routes import Routes
from arbiter.public.names import add_names
from arbiter.publishing.mirror import mirrored_events, mirrored_version
from arbiter.ratings.change import public_changes
from judo.models import Competition
from pairing.engines.collation import name_key

routes = Routes()

STARTING_LIST_ORDERS = ("rating", "number", "alpha")


def starting_list(tournament: Tournament, order: str) -> list[Entry]:
    """The entries by rating (the initial ranking: tournament rating, title, then name or lot;
    C.04.2), by starting
    number (as drawn, for a round robin or a Monrad), or alphabetically in the alphabet of the
    tournament's federation (pairing/engines/collation.py)."""
    entries = list(tournament.entries.all())
    if order == "rating":
        return sorted(entries, key=initial_ranking_key(tournament))
    if order == "alpha":
        return sorted(
            entries, key=lambda e: (name_key(e.name, tournament.federation, get_language()), e.pk)
        )
    return sorted(entries, key=lambda e: (e.starting_number or 10**9, e.name))


def tournaments_version() -> str:
    """A version of every tournament, competition day and event at once, one query over each
    table: each change moves a tournament's version on, a new one raises the count and the
    highest id, a deleted one lowers the count; an event's save (and so its version) moves its
    save time, and a section added or removed moves its tournament's or day's save time
    (arbiter/public/signals.py). The day is part of it: at midnight an event may become past."""
    seen = Tournament.objects.aggregate(
        count=Count("id"), last=Max("id"), versions=Sum("version"), saved=Max("updated_at")
    )
    saved = seen["saved"].timestamp() if seen["saved"] else 0
    days = Competition.objects.aggregate(
        count=Count("id"), last=Max("id"), versions=Sum("version"), saved=Max("updated_at")
    )
    day_saved = days["saved"].timestamp() if days["saved"] else 0
    events = Event.objects.aggregate(
        count=Count("id"), last=Max("id"), versions=Sum("version"), saved=Max("updated_at")
    )
    event_saved = events["saved"].timestamp() if events["saved"] else 0
    return (
        f"{seen['count']}-{seen['last']}-{seen['versions']}-{saved}"
        f"-{days['count']}-{days['last']}-{days['versions']}-{day_saved}"
        f"-{events['count']}-{events['last']}-{events['versions']}-{event_saved}"
        f"-{timezone.localdate().isoformat()}"
        # a public site's copies of venues' events (docs/publishing.md)
        + (f"-{mirrored_version()}" if settings.PUBLISH_RECEIVE else "")
    )


#: Past events listed on one page of the home.
PAST_EVENTS_PER_PAGE = 20


def page_asked(request: HttpRequest) -> int:
    """The page of ``?page=N`` (1 without one): ASCII digits only, 1 to 9999, else 404."""
    asked = request.GET.get("page", "")
    if not asked:
        return 1
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 4) or int(asked) < 1:
        raise Http404(_("No such page."))
    return int(asked)


def home_events(page: int) -> dict:
    """The published events: the current and coming ones (not ended before today, or without
    dates), then the past ones, each newest first by start date, the past ones paged; each
    with its published sections counted. Two queries (one when there is no past event), and a
    404 for a page past the last."""
    today = timezone.localdate()
    published = Q(sections__tournament__is_published=True) | Q(
        sections__competition__is_published=True
    )
    events = Event.objects.filter(is_published=True).annotate(
        section_count=Count("sections", filter=published, distinct=True)
    )
    ended = Q(end_date__lt=today) | Q(end_date__isnull=True, start_date__lt=today)
    order = [F("start_date").desc(nulls_last=True), "-id"]
    past = events.filter(ended).order_by(*order)
    start = (page - 1) * PAST_EVENTS_PER_PAGE
    # one more than a page: whether a next page exists, without counting them all
    past_rows = list(past[start : start + PAST_EVENTS_PER_PAGE + 1])
    if page > 1 and not past_rows:
        raise Http404(_("No such page."))
    return {
        "current_events": list(events.exclude(ended).order_by(*order)) if page == 1 else [],
        "past_events": past_rows[:PAST_EVENTS_PER_PAGE],
        "page": page,
        "next_page": page + 1 if len(past_rows) > PAST_EVENTS_PER_PAGE else None,
        "previous_page": page - 1 if page > 1 else None,
    }


@routes.get("", name="home")
def home(request: HttpRequest) -> HttpResponse:
    """The published events (current and coming first, then the past ones, paged with
    ``?page=N``), then the published tournaments and competition days of no published event,
    with their numbers of players and categories: counted once per change of any of them,
    whatever the size of their fields; otherwise four queries. Only the first page lists the
    tournaments and days."""
    page = page_asked(request)

    def make() -> Made:
        context = home_events(page)
        in_event = Q(section__event__is_published=True)
        if page == 1:
            context["tournaments"] = (
                Tournament.objects.filter(is_published=True, category=None)
                .exclude(in_event)
                .annotate(player_count=Count("entries", filter=Q(entries__withdrawn=False)))
            )
            context["competitions"] = (
                Competition.objects.filter(is_published=True)
                .exclude(in_event)
                .annotate(category_count=Count("categories"))
            )
            if settings.PUBLISH_RECEIVE:
                context["venue_events"] = mirrored_events()
        context["page_path"] = request.path + (f"?page={page}" if page > 1 else "")
        return render_to_string("public/home.html", context), HTML, {}

    name = "home" if page == 1 else f"home?page={page}"
    return kept_response(request, "home", tournaments_version(), name, make)


@routes.get("t/<int:tournament_id>/", name="tournament")
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The tournament header and its starting list: by rating, by starting (or card) number,
    alphabetical; it opens in the system's order (a Monrad's cards, a round robin's drawn
    numbers, a Swiss's initial ranking)."""
    tournament = public_tournament(tournament_id)
    system = tournament.pairing_system
    order = request.GET.get("order", "")
    if order not in STARTING_LIST_ORDERS:
        order = system.starting_list_order

    def build() -> dict:
        staff = TournamentArbiter.objects.filter(tournament=tournament).select_related("user")
        # arbiters by their names only: a username is half of a login (and a lock-out target)
        staff = [s for s in staff if s.user.get_full_name()]
        entries = starting_list(tournament, order)
        add_names(tournament.pk, entries)
        return {
            "entries": entries,
            "order": order,
            "number_name": system.number_name,
            "staff": staff,
            "rounds": round_progress(tournament),
        }

    return live_page(request, tournament, "public/tournament.html", "list", {"order": order}, build)


@routes.get("t/<int:tournament_id>/crosstable/", name="crosstable")
def crosstable_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Berger's grid for a round robin, one column per round otherwise; points and rank; where
    FIDE rates the system, each rated player's rating change (Δ)."""
    tournament = public_tournament(tournament_id)

    def build() -> dict:
        if not tournament.pairing_system.has_rounds:
            raise Http404(_("A knockout category has no crosstable: its bouts are in the bracket."))
        table = crosstable(tournament)
        add_names(tournament.pk, (row.entry for row in table.rows))
        changes = public_changes(tournament)
        if changes is not None:
            for row in table.rows:
                mine = changes.of(row.entry.pk)
                row.rating_change = mine.change_text if mine is not None else ""
        return {"table": table, "rounds": table.rounds, "rating_change": changes is not None}

    return live_page(request, tournament, "public/crosstable.html", "crosstable", {}, build)
