"""The arbiter's pages that set up a competition day (docs/competition.md, "The arbiter's pages"):
creating it, its settings and publishing, its categories. Entries and the weigh-in are in
competition_weigh_in.py, the draw of every category and the mats in competition_draw.py.

Every POST that changes the competition itself carries the version the page showed (``seen``)
and is refused, with nothing saved, when the competition changed since.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from arbiter.core.once import once_per_submission
from arbiter.platform.routes import Routes
from judo.access import competition_arbiter_required
from judo.forms import CategoryForm, CompetitionForm, CompetitionSettingsForm, WeightClassesForm
from judo.models import Category, Competition
from judo.services import competition as service
from pairing.knockout.models import Bracket

routes = Routes("arbiter/c/")


def seen_version(request: HttpRequest) -> int:
    """The competition version the page showed; -1 (always stale) when the form has none."""
    value = request.POST.get("seen", "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 19 else -1


def categories_with_counts(competition: Competition) -> QuerySet[Category]:
    """The competition's categories, each with its competitors (still in), how many of them
    weighed in and whether it is drawn: one query whatever their number."""
    still_in = Q(tournament__entries__withdrawn=False)
    drawn = Bracket.objects.filter(tournament=OuterRef("tournament")).exclude(slots=[])
    return competition.categories.annotate(
        competitors=Count("tournament__entries", filter=still_in, distinct=True),
        weighed=Count(
            "tournament__entries__weigh_in",
            filter=still_in & Q(tournament__entries__weigh_in__isnull=False),
            distinct=True,
        ),
        drawn=Exists(drawn),
    )


@routes.form("new/", name="competition_create")
@login_required
@once_per_submission
def create(request: HttpRequest) -> HttpResponse:
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        competition = service.create_competition(request.user, form.cleaned_data)
        messages.success(
            request, _("%(name)s created. Now add its categories.") % {"name": competition.name}
        )
        return redirect("competition_categories", competition_id=competition.pk)
    return render(request, "pairing/competition/create.html", {"form": form})


@routes.form("<int:competition_id>/", name="competition_settings")
@competition_arbiter_required
def settings(request: HttpRequest, competition: Competition) -> HttpResponse:
    form = CompetitionSettingsForm(request.POST or None, instance=competition)
    ask_rules = False
    if request.method == "POST" and form.is_valid():
        try:
            service.update_competition(
                request.user,
                competition,
                form.cleaned_data,
                seen=seen_version(request),
                confirm_rules=form.cleaned_data["confirm_rules"],
            )
        except service.ConfirmationNeeded as error:
            form.add_error(None, str(error))
            ask_rules = True
        except service.CompetitionError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Competition saved."))
            return redirect("competition_settings", competition_id=competition.pk)
    competition.refresh_from_db()  # the form above keeps what was posted
    return render(
        request,
        "pairing/competition/settings.html",
        {"competition": competition, "form": form, "ask_rules": ask_rules},
    )


@routes.post("<int:competition_id>/publish/", name="competition_publish")
@competition_arbiter_required
def publish(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Show the competition and its categories on the public pages, or hide them."""
    published = request.POST.get("published") == "yes"
    try:
        service.set_published(request.user, competition, published, seen=seen_version(request))
    except service.CompetitionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Published.") if published else _("Hidden from the public."))
    return redirect("competition_settings", competition_id=competition.pk)


@routes.form("<int:competition_id>/categories/", name="competition_categories")
@competition_arbiter_required
def categories(request: HttpRequest, competition: Competition) -> HttpResponse:
    """The categories with their competitors, weigh-ins, draw and mat; POST adds one."""
    form = CategoryForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            category = service.add_category(request.user, competition, **form.cleaned_data)
        except service.CompetitionError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(category)s added.") % {"category": category.label})
            return redirect("competition_categories", competition_id=competition.pk)
    return _categories_page(request, competition, form, WeightClassesForm())


@routes.post("<int:competition_id>/categories/weight-classes/", name="competition_weight_classes")
@competition_arbiter_required
def weight_classes(request: HttpRequest, competition: Competition) -> HttpResponse:
    """The IJF weight classes of one sex for an age group, in one click."""
    form = WeightClassesForm(request.POST)
    if form.is_valid():
        try:
            added = service.add_weight_classes(
                request.user, competition, form.cleaned_data["sex"], form.cleaned_data["age_group"]
            )
        except service.CompetitionError as error:
            form.add_error(None, str(error))
        else:
            if added:
                messages.success(
                    request,
                    _("Added: %(classes)s.")
                    % {"classes": ", ".join(c.weight_label for c in added)},
                )
            else:
                messages.info(request, _("Every IJF weight class of that group is there already."))
            return redirect("competition_categories", competition_id=competition.pk)
    return _categories_page(request, competition, CategoryForm(), form)


def _categories_page(request, competition, form, classes_form) -> HttpResponse:
    return render(
        request,
        "pairing/competition/categories.html",
        {
            "competition": competition,
            "categories": categories_with_counts(competition).select_related("tournament"),
            "form": form,
            "classes_form": classes_form,
        },
    )
