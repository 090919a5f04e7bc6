"""The event's desk for its staff (docs/events.md, "The event and its sections"): the event page
with its sections, the settings and logo, the staff, the schedule and the event-wide downloads.

Every write posts the event's version its page showed (``version``): the services refuse a
stale page, saying so. An HTMX request gets the part of the page it changed (its
``{% partialdef %}``); a plain form gets the whole page again (with the form's errors) or a
redirect to it.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from arbiter.core.once import once_per_submission
from arbiter.events import exports
from arbiter.events.access import event_staff_required, organiser_required
from arbiter.events.event_forms import (
    AttachForm,
    CompetitionSectionForm,
    EventForm,
    LogoForm,
    RoleForm,
    ScheduleForm,
    StaffForm,
    TournamentSectionForm,
)
from arbiter.events.models import MAX_LOGO_BYTES, Event, EventStaff, Section
from arbiter.events.services import events as service
from arbiter.platform.routes import Routes
from arbiter.platform.spreadsheets import SEPARATORS, csv_text

routes = Routes("arbiter/e/")


def posted_version(request: HttpRequest) -> int:
    """The event's version the page posted (-1, never a version, when missing or not a number:
    such a page is stale)."""
    try:
        return int(request.POST.get("version", ""))
    except (TypeError, ValueError):
        return -1


def is_organiser(request: HttpRequest) -> bool:
    return getattr(request, "event_role", None) == EventStaff.Role.ORGANISER


def _organiser_only(request: HttpRequest) -> None:
    if request.method == "POST" and not is_organiser(request):
        raise PermissionDenied(_("Only the event's organisers can do this."))


def _fresh(event: Event) -> Event:
    return Event.objects.get(pk=event.pk)


# --- creating an event ---------------------------------------------------------------------------


@routes.form("new/", name="event_create")
@login_required
@once_per_submission
def create(request: HttpRequest) -> HttpResponse:
    """A new event; its creator becomes its organiser, then adds its sections."""
    form = EventForm(request.POST or None, initial={"currency": "EUR"})
    if request.method == "POST" and form.is_valid():
        try:
            event = service.create_event(request.user, form.cleaned_data)
        except service.EventError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, _("%(name)s created. Now add its sections.") % {"name": event.name}
            )
            return redirect("event_desk", event_id=event.pk)
    return render(request, "events/event_form.html", {"form": form})


# --- the event page and its sections -------------------------------------------------------------


def sections_of(event: Event) -> list[Section]:
    """The sections in order, each with its tournament or competition day, its current round
    and its players or categories counted (one query)."""
    return list(
        event.sections.select_related("tournament", "competition")
        .annotate(
            current_round=Max("tournament__rounds__number"),
            people=Count("tournament__entries", distinct=True),
            categories=Count("competition__categories", distinct=True),
        )
        .order_by("position", "id")
    )


def _desk_context(request: HttpRequest, event: Event, **forms) -> dict:
    organiser = is_organiser(request)
    context = {
        "event": event,
        "sections": sections_of(event),
        "is_organiser": organiser,
        "tournament_form": forms.get("tournament_form") or TournamentSectionForm(),
        "competition_form": forms.get("competition_form") or CompetitionSectionForm(),
        "error": forms.get("error", ""),
        "notice": forms.get("notice", ""),
    }
    if organiser:
        context["attach_form"] = forms.get("attach_form") or _attach_form(request)
    return context


def _attach_form(request: HttpRequest, data=None) -> AttachForm:
    return AttachForm(
        data,
        tournaments=service.attachable_tournaments(request.user),
        competitions=service.attachable_competitions(request.user),
    )


def _sections_answer(request: HttpRequest, event: Event, status: int = 200, **forms):
    """After a change of the sections: the sections' part (HTMX), the page again with the
    form's errors (a plain form refused), or a redirect to the page."""
    event = _fresh(event)
    if request.htmx:
        context = _desk_context(request, event, **forms)
        return render(request, "events/event.html#sections", context, status=status)
    if status != 200 or any(form.errors for form in forms.values() if hasattr(form, "errors")):
        if forms.get("error"):
            messages.error(request, forms.pop("error"))
        context = _desk_context(request, event, **forms)
        return render(request, "events/event.html", context, status=status)
    if forms.get("error"):
        messages.error(request, forms["error"])
    elif forms.get("notice"):
        messages.success(request, forms["notice"])
    return redirect("event_desk", event_id=event.pk)


@routes.get("<int:event_id>/", name="event_desk")
@event_staff_required
def desk(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's sections, each linking to its own desk; the organisers add, attach, order
    and detach them here."""
    return render(request, "events/event.html", _desk_context(request, event))


@routes.post("<int:event_id>/sections/tournament/", name="event_section_tournament")
@organiser_required
@once_per_submission
def add_tournament(request: HttpRequest, event: Event) -> HttpResponse:
    form = TournamentSectionForm(request.POST)
    if not form.is_valid():
        return _sections_answer(request, event, tournament_form=form)
    try:
        section = service.add_tournament_section(
            request.user, event, form.cleaned_data, seen=posted_version(request)
        )
    except service.EventError as error:
        return _sections_answer(request, event, error=str(error))
    notice = _("%(name)s added.") % {"name": section.tournament.name}
    return _sections_answer(request, event, notice=notice)


@routes.post("<int:event_id>/sections/competition/", name="event_section_competition")
@organiser_required
@once_per_submission
def add_competition(request: HttpRequest, event: Event) -> HttpResponse:
    form = CompetitionSectionForm(request.POST)
    if not form.is_valid():
        return _sections_answer(request, event, competition_form=form)
    try:
        section = service.add_competition_section(
            request.user, event, form.cleaned_data, seen=posted_version(request)
        )
    except service.EventError as error:
        return _sections_answer(request, event, error=str(error))
    notice = _("%(name)s added.") % {"name": section.competition.name}
    return _sections_answer(request, event, notice=notice)


@routes.post("<int:event_id>/sections/attach/", name="event_section_attach")
@organiser_required
def attach(request: HttpRequest, event: Event) -> HttpResponse:
    form = _attach_form(request, request.POST)
    if not form.is_valid():
        return _sections_answer(request, event, attach_form=form)
    tournament, competition = form.cleaned_data["tournament"], form.cleaned_data["competition"]
    try:
        section = service.attach_section(
            request.user,
            event,
            seen=posted_version(request),
            tournament_id=tournament.pk if tournament else None,
            competition_id=competition.pk if competition else None,
        )
    except service.EventError as error:
        return _sections_answer(request, event, error=str(error))
    return _sections_answer(request, event, notice=_("%(name)s added.") % {"name": section})


@routes.post("<int:event_id>/sections/<int:section_id>/move/", name="event_section_move")
@organiser_required
def move(request: HttpRequest, event: Event, section_id: int) -> HttpResponse:
    step = -1 if request.POST.get("direction") == "up" else 1
    try:
        service.move_section(request.user, event, section_id, step, seen=posted_version(request))
    except service.EventError as error:
        return _sections_answer(request, event, error=str(error))
    return _sections_answer(request, event)


@routes.form("<int:event_id>/sections/<int:section_id>/detach/", name="event_section_detach")
@organiser_required
def detach(request: HttpRequest, event: Event, section_id: int) -> HttpResponse:
    """Take a section out of the event: a page saying what stays (the tournament and all it
    holds), then the confirmation posted with the event's version."""
    section = Section.objects.filter(event=event, pk=section_id).first()
    error = ""
    if request.method == "POST":
        try:
            service.detach_section(
                request.user,
                event,
                section_id,
                seen=posted_version(request),
                confirm=request.POST.get("confirm") == "yes",
            )
        except service.EventError as refused:
            error = str(refused)
        else:
            messages.success(request, _("%(name)s left the event.") % {"name": section})
            url = reverse("event_desk", args=[event.pk])
            if request.htmx:
                response = HttpResponse(status=204)
                response["HX-Redirect"] = url
                return response
            return redirect(url)
    context = {"event": event, "section": section, "error": error}
    return render(
        request, "events/section_detach.html", context, status=404 if not section else 200
    )


# --- settings and logo ---------------------------------------------------------------------------


@routes.form("<int:event_id>/settings/", name="event_settings")
@organiser_required
def settings(request: HttpRequest, event: Event) -> HttpResponse:
    form = EventForm(request.POST or None, instance=_fresh(event))
    if request.method == "POST" and form.is_valid():
        try:
            service.update_event(
                request.user, event, form.cleaned_data, seen=posted_version(request)
            )
        except service.EventError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Event saved."))
            return redirect("event_settings", event_id=event.pk)
    return _render_settings(request, _fresh(event), form, LogoForm())


def _render_settings(request, event, form, logo_form, logo_error="") -> HttpResponse:
    context = {
        "event": event,
        "logo_error": logo_error,
        "form": form,
        "logo_form": logo_form,
        "max_logo_kb": MAX_LOGO_BYTES // 1024,
    }
    return render(request, "events/settings.html", context)


@routes.post("<int:event_id>/logo/", name="event_logo")
@organiser_required
def logo(request: HttpRequest, event: Event) -> HttpResponse:
    """A new logo (uploaded), or none (``remove``)."""
    logo_form = LogoForm(request.POST, request.FILES)
    try:
        if request.POST.get("remove") == "yes":
            if request.POST.get("confirm") != "yes":
                raise service.EventError(_("Confirm the removal."))
            service.remove_logo(request.user, event, seen=posted_version(request))
            messages.success(request, _("Logo removed."))
            return redirect("event_settings", event_id=event.pk)
        if logo_form.is_valid():
            upload = logo_form.cleaned_data["logo"]
            if upload.size > MAX_LOGO_BYTES:
                raise service.EventError(
                    _("The logo is too large: at most %(kb)s kB.") % {"kb": MAX_LOGO_BYTES // 1024}
                )
            raw = upload.read(MAX_LOGO_BYTES + 1)
            service.set_logo(request.user, event, raw, seen=posted_version(request))
            messages.success(request, _("Logo saved."))
            return redirect("event_settings", event_id=event.pk)
    except service.EventError as error:
        logo_error = str(error)
    else:
        logo_error = ""
    event = _fresh(event)
    return _render_settings(
        request, event, EventForm(instance=event), logo_form, logo_error=logo_error
    )


# --- staff ---------------------------------------------------------------------------------------


def _staff_answer(request, event, form=None, error="", notice="") -> HttpResponse:
    event = _fresh(event)
    staff = EventStaff.objects.filter(event=event).select_related("user")
    context = {
        "event": event,
        "staff": staff,
        "form": form or StaffForm(),
        "roles": EventStaff.Role.choices,
        "error": error,
        "notice": notice,
    }
    template = "events/staff.html#staff" if request.htmx else "events/staff.html"
    if not request.htmx and request.method == "POST" and not (form and form.errors) and not error:
        messages.success(request, notice)
        return redirect("event_staff", event_id=event.pk)
    return render(request, template, context)


@routes.form("<int:event_id>/staff/", name="event_staff")
@organiser_required
@once_per_submission
def staff(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's organisers and arbiters; an organiser adds one by username."""
    if request.method != "POST":
        return _staff_answer(request, event)
    form = StaffForm(request.POST)
    if not form.is_valid():
        return _staff_answer(request, event, form=form)
    try:
        added = service.add_staff(
            request.user,
            event,
            form.cleaned_data["username"],
            form.cleaned_data["role"],
            seen=posted_version(request),
        )
    except service.EventError as error:
        return _staff_answer(request, event, form=form, error=str(error))
    notice = _("%(username)s added.") % {"username": added.user.username}
    return _staff_answer(request, event, notice=notice)


@routes.post("<int:event_id>/staff/<int:staff_id>/role/", name="event_staff_role")
@organiser_required
def staff_role(request: HttpRequest, event: Event, staff_id: int) -> HttpResponse:
    form = RoleForm(request.POST)
    if not form.is_valid():
        return _staff_answer(request, event, error=_("Choose a role: organiser or arbiter."))
    try:
        changed = service.change_staff_role(
            request.user, event, staff_id, form.cleaned_data["role"], seen=posted_version(request)
        )
    except service.EventError as error:
        return _staff_answer(request, event, error=str(error))
    notice = _("%(username)s is now %(role)s.") % {
        "username": changed.user.username,
        "role": changed.get_role_display(),
    }
    return _staff_answer(request, event, notice=notice)


@routes.post("<int:event_id>/staff/<int:staff_id>/remove/", name="event_staff_remove")
@organiser_required
def staff_remove(request: HttpRequest, event: Event, staff_id: int) -> HttpResponse:
    if request.POST.get("confirm") != "yes":
        return _staff_answer(request, event, error=_("Confirm the removal."))
    try:
        service.remove_staff(request.user, event, staff_id, seen=posted_version(request))
    except service.EventError as error:
        return _staff_answer(request, event, error=str(error))
    return _staff_answer(request, event, notice=_("Removed from the staff."))


# --- schedule ------------------------------------------------------------------------------------


def _schedule_answer(request, event, form=None, error="", notice="") -> HttpResponse:
    event = _fresh(event)
    items = event.schedule.select_related("section__tournament", "section__competition")
    context = {
        "event": event,
        "items": items,
        "form": form or ScheduleForm(event=event),
        "is_organiser": is_organiser(request),
        "error": error,
        "notice": notice,
    }
    template = "events/schedule.html#schedule" if request.htmx else "events/schedule.html"
    if not request.htmx and request.method == "POST" and not (form and form.errors) and not error:
        messages.success(request, notice)
        return redirect("event_schedule", event_id=event.pk)
    return render(request, template, context)


@routes.form("<int:event_id>/schedule/", name="event_schedule")
@event_staff_required
@once_per_submission
def schedule(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's schedule; the organisers add lines."""
    _organiser_only(request)
    if request.method != "POST":
        return _schedule_answer(request, event)
    form = ScheduleForm(request.POST, event=event)
    if not form.is_valid():
        return _schedule_answer(request, event, form=form)
    try:
        service.add_schedule_item(
            request.user, event, form.cleaned_data, seen=posted_version(request)
        )
    except service.EventError as error:
        return _schedule_answer(request, event, form=form, error=str(error))
    return _schedule_answer(request, event, notice=_("Added to the schedule."))


@routes.post("<int:event_id>/schedule/<int:item_id>/remove/", name="event_schedule_remove")
@organiser_required
def schedule_remove(request: HttpRequest, event: Event, item_id: int) -> HttpResponse:
    if request.POST.get("confirm") != "yes":
        return _schedule_answer(request, event, error=_("Confirm the removal."))
    try:
        service.remove_schedule_item(request.user, event, item_id, seen=posted_version(request))
    except service.EventError as error:
        return _schedule_answer(request, event, error=str(error))
    return _schedule_answer(request, event, notice=_("Taken off the schedule."))


# --- the event-wide downloads --------------------------------------------------------------------


def _attachment(event: Event, suffix: str) -> str:
    return f'attachment; filename="{slugify(event.name) or "event"}{suffix}"'


@routes.get("<int:event_id>/export/trf.zip", name="event_export_trf")
@event_staff_required
def export_trf(request: HttpRequest, event: Event) -> HttpResponse:
    """Every section's rating report file (TRF-2026) in one zip (arbiter/events/exports.py)."""
    content, _waiting = exports.trf_zip(event)
    response = HttpResponse(content, content_type="application/zip")
    response["Content-Disposition"] = _attachment(event, "-trf.zip")
    return response


@routes.get("<int:event_id>/export/registrations.csv", name="event_export_registrations")
@event_staff_required
def export_registrations(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's registrations as CSV (``?sep=semicolon`` for a comma-decimal spreadsheet)."""
    separator = SEPARATORS.get(request.GET.get("sep", ""), ",")
    rows = exports.registration_rows(event)
    text = csv_text(rows, exports.REGISTRATION_COLUMNS, separator)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = _attachment(event, "-registrations.csv")
    return response
