"""The public page of an event (a festival of sections), in chess-results' conventions: the
header, each published section with its current round and links to its own pages, the event's
schedule by day, and a search for a person across every section (docs/events.md, "The public
event page"), with the event's people as JSON for the public copy's search (docs/publishing.md,
"The event's search").

Both are kept like every public page (arbiter/platform/public_live.py) under the event's version:
its own row and every section's, read in one query (:func:`event_version`), so a result in any
section, a section added or removed, or a change of the event renders the page again. The page is
built in a constant number of queries whatever the number of sections.
"""

import datetime
import hashlib
import json
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.db.models import Count, Max, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import AuditEntry, Bye, Entry, Game, Round, Tournament
from arbiter.core.public_cache import shared
from arbiter.core.standings import BEING_PLAYED, COMPLETE, COUNTED_STATES, NOT_STARTED
from arbiter.events.models import Event, ScheduleItem, Section
from arbiter.platform.names import FOUND, SEARCH_MIN, folded, matching, search_text
from arbiter.platform.public_live import (
    HTML,
    Made,
    keep,
    kept_names,
    kept_response,
    not_modified,
    served,
)
from arbiter.platform.routes import Routes
from judo.models import Competition

routes = Routes("e/<int:event_id>/")

#: What the event's people (:func:`event_people`) are served as.
JSON = "application/json"


def published_event(event_id: int) -> Event:
    """The published event, else 404 (one query), with what its schedule holds (how many
    lines, the last added, the latest time) for its version."""
    event = (
        Event.objects.filter(pk=event_id, is_published=True)
        .annotate(
            schedule_count=Count("schedule"),
            schedule_last=Max("schedule__pk"),
            schedule_latest=Max("schedule__starts_at"),
        )
        .order_by("pk")
        .first()
    )
    if event is None:
        raise Http404(_("No published event here."))
    return event


def published_sections(event: Event):
    """The event's sections whose tournament or competition day is published, in order."""
    return event.sections.filter(
        Q(tournament__is_published=True) | Q(competition__is_published=True)
    )


def event_version(event: Event) -> str:
    """What the event's public responses are kept under, in one query: the event's own version
    and save time, and for every section (published or not, so that publishing one moves it)
    its place and its tournament's or competition day's version and save time, with the number
    and versions of the day's categories (a result in a category moves its tournament's).

    A section added or removed changes the list. A line of the schedule added, removed or
    moved shows in the schedule's count, last id and latest time (read with the event); a
    title changed only through ``Event.version``, which the desk's services move with every
    change of the event."""
    rows = (
        event.sections.order_by("position", "pk")
        .values_list(
            "pk",
            "position",
            "tournament_id",
            "tournament__version",
            "tournament__updated_at",
            "tournament__is_published",
            "competition_id",
            "competition__version",
            "competition__updated_at",
            "competition__is_published",
        )
        .annotate(
            categories=Count("competition__categories"),
            category_versions=Sum("competition__categories__tournament__version"),
            last_category=Max("competition__categories__pk"),
        )
    )
    schedule = (event.schedule_count, event.schedule_last, event.schedule_latest)
    parts = [str(event.version), event.updated_at.isoformat(), repr(schedule)]
    parts += [repr(row) for row in rows]
    # the split of past and current days moves at midnight; the schedule's "today" with it
    parts.append(timezone.localdate().isoformat())
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=12).hexdigest()
    return f"{event.version}-{digest}"


@dataclass
class SectionRow:
    """One section as the event page lists it."""

    section: Section
    name: str
    url: str
    kind: str  # "chess" or "judo"
    system: str = ""
    players: int = 0
    #: The current (last published) round and its progress (arbiter/core/standings.py).
    round: int | None = None
    progress: str = ""
    planned: int | None = None
    categories: int = 0
    drawn: int = 0
    decided: int = 0
    date: datetime.date | None = None
    links: list[tuple[str, str]] = field(default_factory=list)


def section_rows(event: Event) -> list[SectionRow]:
    """The published sections with their state and links: three queries, whatever their
    number (the sections with their rows, the chess rounds, the competition days' counts)."""
    sections = list(
        published_sections(event)
        .select_related("tournament", "competition")
        .annotate(
            players=Count("tournament__entries", filter=Q(tournament__entries__withdrawn=False))
        )
        .order_by("position", "pk")
    )
    tournament_ids = [s.tournament_id for s in sections if s.tournament_id]
    current = _current_rounds(tournament_ids)
    days = _day_counts([s.competition_id for s in sections if s.competition_id])
    rows = []
    for section in sections:
        if section.tournament_id:
            tournament = section.tournament
            row = SectionRow(
                section,
                tournament.name,
                reverse("tournament", args=[tournament.pk]),
                "chess",
                system=tournament.get_system_display(),
                players=section.players,
                planned=tournament.planned_rounds,
                date=tournament.start_date,
            )
            row.round, row.progress = current.get(tournament.pk, (None, ""))
            row.links = _chess_links(tournament, row.round)
        else:
            day = section.competition
            row = SectionRow(
                section,
                day.name,
                reverse("public_competition", args=[day.pk]),
                "judo",
                date=day.date,
            )
            row.categories, row.drawn, row.decided = days.get(day.pk, (0, 0, 0))
            row.links = [(str(_("Categories and mats")), row.url)]
            row.links += [
                (str(_("Mat %(n)s") % {"n": n}), reverse("public_mat", args=[day.pk, n]))
                for n in range(1, day.mats + 1)
            ]
        rows.append(row)
    return rows


def _current_rounds(tournament_ids: list[int]) -> dict[int, tuple[int, str]]:
    """Each tournament's last published round and its progress: one query over their rounds."""
    rows = (
        Round.objects.filter(tournament_id__in=tournament_ids, state__in=COUNTED_STATES)
        .annotate(
            games_count=Count("games"),
            results=Count("games", filter=~Q(games__result="")),
        )
        .order_by("tournament_id", "number")
        .values_list("tournament_id", "number", "state", "games_count", "results")
    )
    current = {}
    for tournament_id, number, state, games, results in rows:
        if state == Round.State.COMPLETE or (games and results == games):
            progress = COMPLETE
        else:
            progress = BEING_PLAYED if results else NOT_STARTED
        current[tournament_id] = (number, progress)  # the last one, by number, stays
    return current


def _day_counts(competition_ids: list[int]) -> dict[int, tuple[int, int, int]]:
    """Each competition day's categories, those drawn and the bouts decided: one query."""
    rows = (
        Competition.objects.filter(pk__in=competition_ids)
        .annotate(
            n=Count("categories", distinct=True),
            drawn=Count("categories__tournament__bracket", distinct=True),
            decided=Count("categories__tournament__bracket__bouts", distinct=True),
        )
        .values_list("pk", "n", "drawn", "decided")
    )
    return {pk: (n, drawn, decided) for pk, n, drawn, decided in rows}


def _chess_links(tournament: Tournament, current: int | None) -> list[tuple[str, str]]:
    """The section's public pages as its tabs name them (templates/public/_tournament_tabs.html):
    the starting list, the current round's pairings, the standings and the crosstable; a team
    event's team pages; a knockout's bracket."""
    pk = tournament.pk
    system = tournament.pairing_system
    links = [(str(_("Starting list")), reverse("tournament", args=[pk]))]
    if system.has_page("public_team_standings"):
        if current:
            links.append(
                (
                    str(_("Round %(n)s pairings") % {"n": current}),
                    reverse("public_team_round", args=[pk, current]),
                )
            )
            links.append((str(_("Standings")), reverse("public_team_standings", args=[pk])))
            links.append((str(_("Crosstable")), reverse("public_team_crosstable", args=[pk])))
        return links
    if not system.has_rounds:
        for link in system.public_pages:
            if not link.download:
                links.append((str(link.label), reverse(link.url_name, args=[pk, *link.args])))
        return links
    if current:
        links.append(
            (
                str(_("Round %(n)s pairings") % {"n": current}),
                reverse("public_round", args=[pk, current]),
            )
        )
        links.append((str(_("Standings")), reverse("public_standings", args=[pk])))
        links.append((str(_("Crosstable")), reverse("crosstable", args=[pk])))
    return links


def schedule_days(event: Event) -> list[tuple[datetime.date, list[ScheduleItem]]]:
    """The event's schedule by day (in the site's time zone), leaving out the lines of a
    section not published: one query."""
    items = (
        ScheduleItem.objects.filter(event=event)
        .filter(
            Q(section__isnull=True)
            | Q(section__tournament__is_published=True)
            | Q(section__competition__is_published=True)
        )
        .order_by("starts_at", "pk")
    )
    days: list[tuple[datetime.date, list[ScheduleItem]]] = []
    for item in items:
        item.local = timezone.localtime(item.starts_at)
        if not days or days[-1][0] != item.local.date():
            days.append((item.local.date(), []))
        days[-1][1].append(item)
    return days


def last_change(event: Event, rows: list[SectionRow]) -> datetime.datetime:
    """When the event or any of its published sections last changed: the event's save, and the
    sections' audit log (every change of a tournament writes its entry): one query."""
    times = [event.updated_at]
    for row in rows:
        kept = row.section.tournament or row.section.competition
        times.append(kept.updated_at)
    chess = [r.section.tournament_id for r in rows if r.section.tournament_id]
    days = [r.section.competition_id for r in rows if r.section.competition_id]
    audited = AuditEntry.objects.filter(
        Q(tournament_id__in=chess) | Q(tournament__category__competition_id__in=days)
    ).aggregate(last=Max("at"))["last"]
    if audited:
        times.append(audited)
    return max(times)


@routes.get("", name="public_event")
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's header, its published sections (each with its current round or its
    categories, and links to its pages), the schedule by day and the search box."""
    event = published_event(event_id)

    def make() -> Made:
        rows = section_rows(event)
        context = {
            "event": event,
            "sections": rows,
            "days": schedule_days(event),
            "last_updated": last_change(event, rows),
            "page_path": request.path,
        }
        return render_to_string("public/event.html", context), HTML, {}

    return kept_response(request, event.public_scope, event_version(event), "event", make)


# --- the search across every section


def published_entries(event: Event):
    """Everyone in a published section of the event: a chess section's entries and the entries
    of every category of a published competition day."""
    sections = published_sections(event)
    return Entry.objects.filter(
        Q(tournament__section__in=sections)
        | Q(tournament__category__competition__section__in=sections)
    )


def name_index(event: Event, version: str) -> list[tuple[str, str, int]]:
    """(folded name, name, entry id) of everyone in a published section of the event, by name
    (then id: the order the search lists them in); kept once per event version (one query to
    build), so a search reads no name from the database."""

    def build() -> list[tuple[str, str, int]]:
        entries = published_entries(event).values_list("name", "pk")
        return [(folded(name), name, pk) for name, pk in sorted(entries)]

    # "by-name": the order changed from the folded names'; an index kept before is not read
    return shared(f"public:{event.public_scope}:names-by-name:{version}", build)


@dataclass
class Hit:
    """A person found: their entry, the section, and (chess) their current-round pairing."""

    entry: Entry
    section: str
    url: str
    category: str = ""
    round: int | None = None
    board: int | None = None
    colour: str = ""
    opponent: Entry | None = None
    bye: str = ""


def find(event: Event, version: str, query: str) -> tuple[list[Hit], bool]:
    """Everyone whose name holds every word of `query` (accents and case aside,
    arbiter/platform/names.py), at most FOUND, by name, and whether more matched: the index
    kept per version, then four queries (:func:`hits_of`)."""
    index = name_index(event, version)
    ids, more = matching(((key, pk) for key, _name, pk in index), query)
    if not ids:
        return [], more
    return hits_of(Entry.objects.filter(pk__in=ids), ids), more


def hits_of(entries, ids: list[int] | None = None) -> list[Hit]:
    """What the search shows of each of `entries` (a query of entries of the event's published
    sections; `ids`, when given, are theirs), by name then id: four queries whatever their
    number (the entries, their sections' current rounds, the games and byes of those rounds,
    of `ids` only when given). The search's hits and the event's people (:func:`event_people`)
    are both made here."""
    entries = sorted(
        entries.select_related("tournament", "tournament__category__competition"),
        key=lambda e: (e.name, e.pk),
    )
    chess = [e for e in entries if not _is_category(e.tournament)]
    current = _current_rounds(sorted({e.tournament_id for e in chess}))
    games, byes = _pairings(chess, current, ids is not None)
    hits = []
    for entry in entries:
        tournament = entry.tournament
        if _is_category(tournament):
            category = tournament.category
            day = category.competition
            hits.append(
                Hit(
                    entry,
                    day.name,
                    reverse("public_fight", args=[day.pk, entry.pk]),
                    category=category.label,
                )
            )
            continue
        hit = Hit(entry, tournament.name, reverse("player_card", args=[tournament.pk, entry.pk]))
        hit.round = current.get(tournament.pk, (None, ""))[0]
        game = games.get(entry.pk)
        if game is not None:
            white = game.white_id == entry.pk
            hit.board = game.board
            hit.colour = "w" if white else "b"
            hit.opponent = game.black if white else game.white
        elif entry.pk in byes:
            hit.bye = byes[entry.pk]
        hits.append(hit)
    return hits


def _is_category(tournament: Tournament) -> bool:
    """Whether the tournament is a judo category's (read with the entry: no query)."""
    try:
        return tournament.category is not None
    except Tournament.category.RelatedObjectDoesNotExist:
        return False


def _pairings(
    entries: list[Entry], current: dict[int, tuple[int, str]], only: bool = True
) -> tuple[dict[int, Game], dict[int, str]]:
    """The games and byes of `entries` in their tournaments' current rounds (`only` theirs, else
    every one of those rounds, for a whole event's people): two queries."""
    if not entries or not current:
        return {}, {}
    rounds = Q()
    for tournament_id, (number, _progress) in current.items():
        rounds |= Q(round__tournament_id=tournament_id, round__number=number)
    games_of, byes_of = Game.objects.filter(rounds), Bye.objects.filter(rounds)
    if only:
        ids = [e.pk for e in entries]
        games_of = games_of.filter(Q(white_id__in=ids) | Q(black_id__in=ids))
        byes_of = byes_of.filter(entry_id__in=ids)
    games = {}
    for game in games_of.select_related("white", "black"):
        games[game.white_id] = game
        games[game.black_id] = game
    byes = {bye.entry_id: bye.get_kind_display() for bye in byes_of}
    return games, byes


@routes.get("search/", name="public_event_search")
def event_search(request: HttpRequest, event_id: int) -> HttpResponse:
    """Find a person in every published section of the event by part of their name (accents
    and case aside; the words in any order): each one found with the section, a chess player's
    pairing in the current round, and a link to their card.

    Like the competition day's search, the page has its ETag (a visitor asking again gets 304)
    but is kept nowhere, so no text a visitor types makes a key in the shared cache; what is
    kept is the event's name index, once per version."""
    event = published_event(event_id)
    query = search_text(request)
    version = event_version(event)
    etag = kept_names(event.public_scope, version, f"search?{urlencode({'q': query})}")[1]
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    hits, more = find(event, version, query) if len(query) >= SEARCH_MIN else ([], False)
    page_path = f"{request.path}?{urlencode({'q': query})}" if query else request.path
    context = {
        "event": event,
        "query": query,
        "hits": hits,
        "short": bool(query) and len(query) < SEARCH_MIN,
        "limit": FOUND,
        "more": more,
        "page_path": page_path,
    }
    page = render_to_string("public/event_search.html", context)
    return served(request, keep(etag, page, HTML, {}), etag)


@routes.get("search/people.json", name="public_event_people")
def event_people(request: HttpRequest, event_id: int) -> HttpResponse:
    """Everyone in a published section of the event with what the search shows of them (the
    same :func:`hits_of`), by name, for the public copy's search (docs/publishing.md, "The
    event's search"): the event's page links it, so the publisher collects it in each language,
    and the public site filters it as :func:`find` does. Kept like the event's page under its
    version, in each language (a category's label, a bye's kind and the links are the
    language's); six queries to build, whatever the number of people and sections; bounded by
    what an event holds (MAX_SECTIONS sections of at most MAX_PLAYERS)."""
    event = published_event(event_id)

    def make() -> Made:
        people = [person(hit) for hit in hits_of(published_entries(event))]
        data = {"event": {"id": event.pk, "name": event.name}, "people": people}
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return body, JSON, {}

    return kept_response(request, event.public_scope, event_version(event), "people", make)


def person(hit: Hit) -> dict:
    """A hit as the event's people list it: the folded name it is found by, then what the
    search page shows."""
    return {
        "key": folded(hit.entry.name),
        "name": hit.entry.name,
        "title": hit.entry.title,
        "club": hit.entry.club,
        "section": hit.section,
        "url": hit.url,
        "category": str(hit.category),
        "round": hit.round,
        "board": hit.board,
        "colour": hit.colour,
        "opponent": hit.opponent.name if hit.opponent else None,
        "bye": str(hit.bye),
    }
