"""The organiser's registration list of an event and the printed check-in list (docs/events.md,
"Registrations, fees and check-in").

Every registration in one table: state, section, fee due and paid, a possible-duplicate flag,
and per row the actions (approve, refuse, place in a section, fee due, fee paid, keep a
possible duplicate, check in), each an HTMX swap of its row with a plain-form fallback. Each
form carries the row's version: a change from a stale page is refused saying what changed.
Organisers act; the event's arbiters see the list and check players in (docs/events.md).
The list costs the same few queries whatever its length.
"""

from decimal import Decimal

from django.contrib import messages
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.core.once import once_per_submission
from arbiter.events.access import event_staff_required, organiser_required
from arbiter.events.forms_registrations import FeeForm, PlaceForm, RegisterForm, seen_version
from arbiter.events.models import MAX_FEE, Event, EventStaff, Registration
from arbiter.events.services import registrations as service
from arbiter.platform.pdf import Document
from arbiter.platform.routes import Routes

routes = Routes("arbiter/e/<int:event_id>/")

TEMPLATE = "events/registrations.html"
#: The list's filters (``?show=``).
FILTERS = ("all", "pending", "unpaid")


def _filtered(event: Event, show: str):
    rows = Registration.objects.filter(event=event).select_related("tournament")
    if show == "pending":
        rows = rows.filter(state=Registration.State.PENDING)
    elif show == "unpaid":
        rows = rows.filter(fee_paid__lt=F("fee_due")).exclude(state=Registration.State.REFUSED)
    return rows.order_by("name", "pk")


def _context(request: HttpRequest, event: Event) -> dict:
    return {
        "event": event,
        "organiser": request.event_role == EventStaff.Role.ORGANISER,
        "sections": service.placeable(event),
    }


@routes.get("registrations/", name="event_registrations")
@event_staff_required
def registrations(request: HttpRequest, event: Event) -> HttpResponse:
    """Every registration of the event (``?show=pending`` or ``unpaid`` to narrow it)."""
    return _list_page(request, event)


@routes.post("registrations/add/", name="event_registration_add")
@organiser_required
@once_per_submission
def add(request: HttpRequest, event: Event) -> HttpResponse:
    """The organiser registers someone (pending, like a self-entry: approving is its own step).
    A refusal shows the list with the form and its messages; nothing is saved."""
    form = RegisterForm(request.POST, sections=service.placeable(event))
    if form.is_valid():
        try:
            registration = service.register(request.user, event, form.cleaned_data)
        except service.RegistrationError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(name)s registered.") % {"name": registration.name})
            return redirect("event_registrations", event_id=event.pk)
    return _list_page(request, event, form)


def _list_page(request: HttpRequest, event: Event, form=None) -> HttpResponse:
    show = request.GET.get("show", "all")
    show = show if show in FILTERS else "all"
    everyone = list(
        Registration.objects.filter(event=event).select_related("tournament").order_by("name")
    )
    duplicates = service.possible_duplicates(everyone)
    shown = _filtered(event, show) if show != "all" else everyone
    shown = list(shown)
    for registration in shown:
        registration.duplicates = duplicates.get(registration.pk, [])
    context = {
        **_context(request, event),
        "registrations": shown,
        "show": show,
        "filters": [
            ("all", _("All")),
            ("pending", _("Waiting for approval")),
            ("unpaid", _("Fee not paid")),
        ],
        "totals": _totals(everyone),
    }
    if context["organiser"]:
        context["add_form"] = form or RegisterForm(sections=context["sections"])
    return render(request, TEMPLATE, context)


def _totals(rows) -> dict:
    counted = [r for r in rows if r.state != Registration.State.REFUSED]
    return {
        "count": len(counted),
        "pending": sum(r.state == Registration.State.PENDING for r in counted),
        "due": sum((r.fee_due for r in counted), Decimal(0)),
        "paid": sum((r.fee_paid for r in counted), Decimal(0)),
        "owed": sum((r.fee_owed for r in counted), Decimal(0)),
        "checked_in": sum(r.checked_in for r in counted),
    }


def _row(request: HttpRequest, event: Event, registration_id: int) -> Registration:
    return get_object_or_404(Registration, pk=registration_id, event=event)


def _answer(
    request: HttpRequest,
    event: Event,
    registration: Registration,
    *,
    error: str = "",
    done: str = "",
    confirm: str = "",
) -> HttpResponse:
    """The row again (HTMX), with the refusal or the question in it; without HTMX, back to the
    list with the message (a question is asked on a page of its own)."""
    if request.htmx or confirm:
        fresh = Registration.objects.filter(pk=registration.pk).select_related("tournament").first()
        if fresh is None:
            return HttpResponse(status=204)
        everyone = list(
            Registration.objects.filter(event=event).only(
                "pk", "name", "birth_year", "state", "duplicate_kept", "fee_due", "fee_paid",
                "checked_in",
            )
        )  # fmt: skip
        fresh.duplicates = service.possible_duplicates(everyone).get(fresh.pk, [])
        context = {
            **_context(request, event),
            "registration": fresh,
            "row_error": error,
            "row_done": done,
            "confirm": confirm,
            "confirm_tournament": request.POST.get("tournament", ""),
        }
        if request.htmx:
            # the row, and the totals above the list out of band (they follow every change)
            context["totals"] = _totals(everyone)
            return render(request, "events/registrations_row.html", context)
        return render(request, "events/registrations_confirm.html", context)
    if error:
        messages.error(request, error)
    elif done:
        messages.success(request, done)
    return redirect("event_registrations", event_id=event.pk)


def _run(request, event, registration, change, done: str) -> HttpResponse:
    try:
        changed = change()
    except service.RegistrationError as error:
        return _answer(request, event, registration, error=str(error))
    return _answer(request, event, changed, done=done % {"name": changed.name})


@routes.post("registrations/<int:registration_id>/approve/", name="event_registration_approve")
@organiser_required
def approve(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    registration = _row(request, event, registration_id)
    seen = seen_version(request.POST)
    return _run(
        request,
        event,
        registration,
        lambda: service.approve(request.user, registration, seen=seen),
        _("%(name)s approved."),
    )


@routes.post("registrations/<int:registration_id>/refuse/", name="event_registration_refuse")
@organiser_required
def refuse(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """Asks first (``confirm=yes`` sends it): an approved person leaves their section."""
    registration = _row(request, event, registration_id)
    if request.POST.get("confirm") != "yes":
        return _answer(request, event, registration, confirm="refuse")
    seen = seen_version(request.POST)
    return _run(
        request,
        event,
        registration,
        lambda: service.refuse(request.user, registration, seen=seen),
        _("%(name)s refused."),
    )


@routes.post("registrations/<int:registration_id>/place/", name="event_registration_place")
@organiser_required
def place(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """Place in a section; an approved person's entry moves, which is asked first."""
    registration = _row(request, event, registration_id)
    form = PlaceForm(request.POST, sections=service.placeable(event))
    if not form.is_valid():
        return _answer(request, event, registration, error=_("Choose one of the event's sections."))
    target = form.cleaned_data["tournament"]
    moving = registration.entry_id is not None and registration.tournament_id != target.pk
    if moving and request.POST.get("confirm") != "yes":
        return _answer(request, event, registration, confirm="place")
    seen = seen_version(request.POST)
    return _run(
        request,
        event,
        registration,
        lambda: service.place(request.user, registration, target, seen=seen),
        _("%(name)s placed."),
    )


@routes.post("registrations/<int:registration_id>/fee/", name="event_registration_fee")
@organiser_required
def fee(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """The fee due (``kind=due``) or what has been paid in all (``kind=paid``)."""
    registration = _row(request, event, registration_id)
    form = FeeForm(request.POST)
    if not form.is_valid():
        error = _("An amount is a number between 0 and %(most)s.") % {"most": MAX_FEE}
        return _answer(request, event, registration, error=error)
    amount = form.cleaned_data["amount"]
    seen = seen_version(request.POST)
    if request.POST.get("kind") == "due":
        change, done = service.set_fee_due, _("Fee due of %(name)s saved.")
    else:
        change, done = service.set_fee_paid, _("Payment of %(name)s saved.")
    return _run(
        request,
        event,
        registration,
        lambda: change(request.user, registration, amount, seen=seen),
        done,
    )


@routes.post("registrations/<int:registration_id>/check-in/", name="event_registration_check_in")
@event_staff_required
def check_in(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """Checked in (``checked_in=1``) or undone (``0``); an event arbiter may do it too."""
    registration = _row(request, event, registration_id)
    checked = request.POST.get("checked_in") == "1"
    seen = seen_version(request.POST)
    return _run(
        request,
        event,
        registration,
        lambda: service.set_checked_in(request.user, registration, checked, seen=seen),
        _("%(name)s checked in.") if checked else _("Check-in of %(name)s undone."),
    )


@routes.post("registrations/<int:registration_id>/keep/", name="event_registration_keep")
@organiser_required
def keep(request: HttpRequest, event: Event, registration_id: int) -> HttpResponse:
    """A possible duplicate kept: two people after all."""
    registration = _row(request, event, registration_id)
    seen = seen_version(request.POST)
    return _run(
        request,
        event,
        registration,
        lambda: service.keep_duplicate(request.user, registration, seen=seen),
        _("%(name)s kept."),
    )


@routes.get("check-in/", name="event_check_in_list")
@event_staff_required
def check_in_list(request: HttpRequest, event: Event) -> HttpResponse:
    """The printed check-in list: per section, by name, each person's fee due, paid and owed and
    a box to tick, with totals per section and for the event. Refused registrations are left
    out; those not approved yet are marked. Print CSS, or the same as a PDF (``check-in.pdf``)."""
    groups, rows = _check_in_groups(event)
    context = {"event": event, "groups": groups, "totals": _totals(rows)}
    return render(request, "events/registrations_check_in.html", context)


@routes.get("check-in.pdf", name="event_check_in_pdf")
@event_staff_required
def check_in_pdf(request: HttpRequest, event: Event) -> HttpResponse:
    """The check-in list as a PDF (arbiter/platform/pdf.py's document: its fonts print every
    name), for a desk without a browser's print dialog."""
    groups, rows = _check_in_groups(event)
    doc = Document(event.name, _("Check-in list"))
    headings = ["", _("Name"), _("FED"), _("Rtg"), _("Due"), _("Paid"), _("Owed")]
    widths = (8, 82, 14, 14, 22, 22, 22)
    align = ("CENTER", "LEFT", "LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT")
    for group in groups:
        doc.set_font("DejaVu", "B", 11)
        doc.cell(0, 8, group["label"], new_x="LMARGIN", new_y="NEXT")
        lines = [headings]
        for row in group["rows"]:
            pending = f" ({_('not approved yet')})" if row.state == "pending" else ""
            lines.append(
                [
                    "\u2713" if row.checked_in else "\u25a1",
                    row.name + pending,
                    row.federation,
                    str(row.rating or ""),
                    str(row.fee_due),
                    str(row.fee_paid),
                    str(row.fee_owed or ""),
                ]
            )
        totals = group["totals"]
        count = ngettext("%(count)s person", "%(count)s people", totals["count"])
        lines.append(
            [
                "",
                count % {"count": totals["count"]},
                "",
                "",
                str(totals["due"]),
                str(totals["paid"]),
                str(totals["owed"]),
            ]
        )
        doc.grid(lines, widths, align)
        doc.ln(3)
    totals = _totals(rows)
    doc.set_font("DejaVu", "B", 10)
    doc.cell(
        0,
        6,
        _("Event total (%(currency)s): due %(due)s, paid %(paid)s, owed %(owed)s")
        % {**totals, "currency": event.currency},
        new_x="LMARGIN",
        new_y="NEXT",
    )
    response = HttpResponse(bytes(doc.output()), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="check-in-{event.pk}.pdf"'
    response["Cache-Control"] = "no-store"
    return response


def _check_in_groups(event: Event) -> tuple[list[dict], list[Registration]]:
    rows = list(
        Registration.objects.filter(event=event)
        .exclude(state=Registration.State.REFUSED)
        .select_related("tournament")
        .order_by("name", "pk")
    )
    sections = service.placeable(event)
    order = {t.pk: position for position, t in enumerate(sections)}
    labels = {t.pk: t.section_label for t in sections}
    grouped: dict = {}
    for row in sorted(rows, key=lambda r: (order.get(r.tournament_id, len(order)), r.name)):
        label = labels.get(row.tournament_id, _("Not placed"))
        grouped.setdefault(label, []).append(row)
    groups = [
        {"label": label, "rows": members, "totals": _totals(members)}
        for label, members in grouped.items()
    ]
    return groups, rows
