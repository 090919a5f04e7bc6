"""A competition's entries and its weigh-in, the busiest page of the morning
(docs/competition.md, "The arbiter's pages").

The weigh-in page finds competitors by name (HTMX swaps the list as the arbiter types); each row
weighs, and over the limit offers the move to the class the weight lands in or putting the
competitor out: the arbiter decides. A row's buttons carry the category (and for a move the
weight) the row showed, refused when another page changed them since. Without JavaScript every
button is a plain form and the page reloads.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from arbiter.core.models import CONTROL_CHARACTERS, Entry
from arbiter.core.once import once_per_submission
from arbiter.core.services.entries import EntryError
from arbiter.platform.routes import Routes
from judo.access import competition_arbiter_required
from judo.forms import CompetitorForm, WeighForm
from judo.models import Category, Competition
from judo.services import competition as service
from judo.views.competition import categories_with_counts
from pairing.rounds.swapped_page import posted_int

routes = Routes("arbiter/c/<int:competition_id>/")

#: Rows the weigh-in list shows at most; a search by name finds the others.
SHOWN = 300


@routes.form("entries/", name="competition_entries")
@competition_arbiter_required
@once_per_submission
def entries(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Enter a competitor (in the category chosen, or where the declared weight lands); the
    competitors of every category."""
    categories = list(categories_with_counts(competition).select_related("tournament"))
    form = CompetitorForm(request.POST or None, competition=competition)
    notice = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            category = service.landing(competition, data, among=categories)
        except service.CompetitionError as error:
            form.add_error(None, str(error))
        else:
            fields = ("name", "club", "federation", "birth_year")
            try:
                entry = service.enter(request.user, category, {k: data[k] for k in fields})
            except (service.CompetitionError, EntryError) as error:
                form.add_error(None, str(error))
            except ValidationError as error:
                form.add_error(None, " ".join(error.messages))
            else:
                added = _("%(name)s entered in %(category)s.") % {
                    "name": entry.name,
                    "category": category.label,
                }
                if not request.htmx:
                    messages.success(request, added)
                    return redirect("competition_entries", competition_id=competition.pk)
                categories = list(categories_with_counts(competition).select_related("tournament"))
                form = CompetitorForm(competition=competition)
                notice = added
    listed = Entry.objects.filter(tournament__category__competition=competition).order_by("name")
    by_tournament: dict[int, list[Entry]] = {}
    for entry in listed.select_related("weigh_in"):
        by_tournament.setdefault(entry.tournament_id, []).append(entry)
    template = "pairing/competition/entries.html"
    return render(
        request,
        f"{template}#entries-section" if request.htmx else template,
        {
            "competition": competition,
            "form": form,
            "notice": notice,
            "groups": [(c, by_tournament.get(c.tournament_id, [])) for c in categories],
        },
    )


@dataclass
class Row:
    """A competitor as the weigh-in list shows them."""

    entry: Entry
    category: Category
    weight: Decimal | None
    over: bool
    lands_in: Category | None
    drawn: bool


def _rows(competition: Competition, entries, categories: list[Category]) -> list[Row]:
    by_tournament = {c.tournament_id: c for c in categories}
    rows = []
    for entry in entries:
        category = by_tournament[entry.tournament_id]
        weighed = getattr(entry, "weigh_in", None)
        weight = weighed.weight if weighed else None
        over = (
            weight is not None
            and category.weight_limit is not None
            and weight > category.weight_limit
        )
        lands_in = None
        if over:
            lands_in = service.category_for(
                competition, category.sex, entry.birth_year, weight, among=categories
            )
        rows.append(Row(entry, category, weight, over, lands_in, category.drawn))
    return rows


def _search(request: HttpRequest) -> str:
    """The name (or club) searched for: at most 100 characters, no control characters (a NUL
    cannot even be sent to PostgreSQL)."""
    text = CONTROL_CHARACTERS.sub(" ", request.GET.get("q", request.POST.get("q", ""))[:100])
    return " ".join(text.split())


def _found(competition: Competition, q: str):
    listed = Entry.objects.filter(
        tournament__category__competition=competition, tournament__category__team=False
    )
    if q:
        listed = listed.filter(Q(name__icontains=q) | Q(club__icontains=q))
    return listed


def _counts(competition: Competition, q: str) -> dict:
    """How many of those found wait, are weighed, are out: one query. The page's headings show
    them, and a row's answer updates them (HTMX out of band), so they never wait for a reload."""
    still_in = Q(withdrawn=False)
    return _found(competition, q).aggregate(
        waiting=Count("pk", filter=still_in & Q(weigh_in__isnull=True)),
        weighed=Count("pk", filter=still_in & Q(weigh_in__isnull=False)),
        out=Count("pk", filter=Q(withdrawn=True)),
    )


def _weigh_in_context(competition: Competition, q: str, **extra) -> dict:
    categories = list(categories_with_counts(competition))
    listed = list(_found(competition, q).select_related("weigh_in").order_by("name")[: SHOWN + 1])
    rows = _rows(competition, listed[:SHOWN], categories)
    return {
        "competition": competition,
        "q": q,
        "waiting": [r for r in rows if r.weight is None and not r.entry.withdrawn],
        "weighed": [r for r in rows if r.weight is not None and not r.entry.withdrawn],
        "out": [r for r in rows if r.entry.withdrawn],
        "counts": _counts(competition, q),
        "more": len(listed) > SHOWN,
        "shown": SHOWN,
        "form": WeighForm(),
        **extra,
    }


@routes.get("weigh-in/", name="competition_weigh_in")
@competition_arbiter_required
def weigh_in_page(request: HttpRequest, competition: Competition) -> HttpResponse:
    context = _weigh_in_context(competition, _search(request))
    template = "pairing/competition/weigh_in.html"
    return render(request, f"{template}#weigh-list" if request.htmx else template, context)


def _posted_entry(competition: Competition, entry_id: int) -> Entry:
    return get_object_or_404(Entry, pk=entry_id, tournament__category__competition=competition)


def _row(competition: Competition, entry: Entry) -> Row:
    categories = list(categories_with_counts(competition))
    entry = Entry.objects.select_related("weigh_in").get(pk=entry.pk)
    return _rows(competition, [entry], categories)[0]


def _answer(
    request: HttpRequest,
    competition: Competition,
    entry: Entry,
    *,
    notice: str = "",
    error: str = "",
    confirm_out: bool = False,
) -> HttpResponse:
    """The row again (HTMX), else the page after a redirect with the notice or the error."""
    if request.htmx:
        context = {
            "competition": competition,
            "row": _row(competition, entry),
            "form": WeighForm(),
            "notice": notice,
            "error": error,
            "confirm_out": confirm_out,
            "q": _search(request),
            "counts": _counts(competition, _search(request)),
        }
        return render(request, "pairing/competition/weigh_in.html#weigh-answer", context)
    if confirm_out:
        context = _weigh_in_context(competition, entry.name, confirm_out=entry.pk)
        return render(request, "pairing/competition/weigh_in.html", context)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    url = reverse("competition_weigh_in", args=[competition.pk])
    q = _search(request)
    return redirect(f"{url}?{urlencode({'q': q})}" if q else url)


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text[:10].replace(",", "."))
    except ArithmeticError:
        return None
    return value if value.is_finite() else None


def _moved_since(request: HttpRequest, entry: Entry) -> str:
    """Why the row the page showed is stale (the competitor moved since), or empty."""
    shown = posted_int(request.POST.get("category"))
    now = Category.objects.filter(tournament_id=entry.tournament_id).first()
    if now is not None and shown != now.pk:
        return _("%(name)s is in %(category)s now: look at the row again.") % {
            "name": entry.name,
            "category": now.label,
        }
    return ""


@routes.post("weigh-in/<int:entry_id>/", name="competition_weigh")
@competition_arbiter_required
def weigh(request: HttpRequest, competition: Competition, entry_id: int) -> HttpResponse:
    """Record a competitor's weight (again: the last weighing counts)."""
    entry = _posted_entry(competition, entry_id)
    form = WeighForm(request.POST)
    if not form.is_valid():
        return _answer(request, competition, entry, error=" ".join(form.errors["weight"]))
    if stale := _moved_since(request, entry):
        return _answer(request, competition, entry, error=stale)
    try:
        weighed = service.weigh_in(request.user, entry, form.cleaned_data["weight"])
    except (service.CompetitionError, ValidationError) as error:
        text = " ".join(error.messages) if isinstance(error, ValidationError) else str(error)
        return _answer(request, competition, entry, error=text)
    if weighed.over:
        notice = _("%(name)s: %(weight)s kg, over %(limit)s.") % {
            "name": entry.name,
            "weight": weighed.weight,
            "limit": weighed.category.weight_label,
        }
    else:
        notice = _("%(name)s: %(weight)s kg, within %(limit)s.") % {
            "name": entry.name,
            "weight": weighed.weight,
            "limit": weighed.category.weight_label,
        }
    return _answer(request, competition, entry, notice=notice)


@routes.post("weigh-in/<int:entry_id>/move/", name="competition_move")
@competition_arbiter_required
def move(request: HttpRequest, competition: Competition, entry_id: int) -> HttpResponse:
    """Move an over-the-limit competitor to the class the row offered."""
    entry = _posted_entry(competition, entry_id)
    target = competition.categories.filter(pk=posted_int(request.POST.get("target"))).first()
    if target is None:
        return _answer(request, competition, entry, error=_("Choose a category of this event."))
    if stale := _moved_since(request, entry):
        return _answer(request, competition, entry, error=stale)
    weighed = getattr(Entry.objects.select_related("weigh_in").get(pk=entry.pk), "weigh_in", None)
    if weighed is None or _decimal(request.POST.get("weight", "")) != weighed.weight:
        return _answer(
            request,
            competition,
            entry,
            error=_("%(name)s was weighed again since your page was loaded: look again.")
            % {"name": entry.name},
        )
    try:
        service.move_entry(request.user, entry, target)
    except service.CompetitionError as error:
        return _answer(request, competition, entry, error=str(error))
    notice = _("%(name)s moved to %(category)s.") % {"name": entry.name, "category": target.label}
    return _answer(request, competition, entry, notice=notice)


@routes.post("weigh-in/<int:entry_id>/out/", name="competition_out")
@competition_arbiter_required
def put_out(request: HttpRequest, competition: Competition, entry_id: int) -> HttpResponse:
    """Put a competitor out of the competition; the row asks first."""
    entry = _posted_entry(competition, entry_id)
    if stale := _moved_since(request, entry):
        return _answer(request, competition, entry, error=stale)
    if request.POST.get("confirm") != "yes":
        return _answer(request, competition, entry, confirm_out=True)
    try:
        service.put_out(request.user, entry)
    except (service.CompetitionError, EntryError) as error:
        return _answer(request, competition, entry, error=str(error))
    notice = _("%(name)s is out of the competition.") % {"name": entry.name}
    return _answer(request, competition, entry, notice=notice)
