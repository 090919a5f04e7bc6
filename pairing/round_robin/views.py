"""The live drawing of lots for a round robin: each step swaps the drawing's section over HTMX.

Without JavaScript every button is a plain form or link and the page reloads; with HTMX only the
drawing's section (`lot-drawing`) is swapped.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.platform.routes import Routes
from pairing.engines.group_separation import same_group_meetings
from pairing.round_robin import services as service
from pairing.round_robin.forms import PickForm, StartDrawingForm, StepForm
from pairing.round_robin.models import LotDrawing

routes = Routes("arbiter/t/<int:tournament_id>/drawing/")


@routes.get("", name="drawing")
@tournament_arbiter_required
def drawing_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _render(request, tournament, envelope=request.GET.get("envelope"))


@routes.post("start/", name="drawing_start")
@tournament_arbiter_required
def start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = StartDrawingForm(request.POST)
    if not form.is_valid():
        return _render(request, tournament, start_form=form)
    return _act(
        request,
        tournament,
        lambda: service.start_drawing(request.user, tournament, **form.cleaned_data),
    )


@routes.post("pick/", name="drawing_pick")
@tournament_arbiter_required
def pick(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    refusal = _("Choose an envelope and a number.")
    return _posted_step(request, tournament, PickForm, service.record_pick, refusal)


@routes.post("random/", name="drawing_random")
@tournament_arbiter_required
def draw_at_random(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    refusal = _("The page was out of date; here is the drawing now.")
    return _posted_step(request, tournament, StepForm, service.draw_for_player, refusal)


@routes.post("undo/", name="drawing_undo")
@tournament_arbiter_required
def undo(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _on_drawing(request, tournament, service.undo_last_pick)


@routes.post("restart/", name="drawing_restart")
@tournament_arbiter_required
def restart(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _on_drawing(request, tournament, service.restart_drawing)


@routes.post("confirm/", name="drawing_confirm")
@tournament_arbiter_required
def confirm(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    drawing = LotDrawing.objects.filter(tournament=tournament).first()
    if drawing is None:
        return _fail(request, tournament, _("There is no drawing to confirm."))
    try:
        rounds = service.confirm_drawing(request.user, drawing)
    except service.DrawingError as error:
        return _fail(request, tournament, str(error))
    messages.success(
        request,
        ngettext(
            "Starting numbers locked; %(count)s round created.",
            "Starting numbers locked; %(count)s rounds created.",
            len(rounds),
        )
        % {"count": len(rounds)},
    )
    target = reverse("drawing", args=[tournament.pk])
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect(target)


def _posted_step(request, tournament, form_class, step, refusal: str) -> HttpResponse:
    """``step(user, drawing, **data)`` on the drawing with the ``data`` posted in ``form_class``
    (its fields are the step's arguments); ``refusal`` is the message when the form is not valid
    or there is no drawing."""
    form = form_class(request.POST)
    drawing = LotDrawing.objects.filter(tournament=tournament).first()
    if not form.is_valid() or drawing is None:
        return _fail(request, tournament, refusal)
    return _act(request, tournament, lambda: step(request.user, drawing, **form.cleaned_data))


def _on_drawing(request, tournament, action) -> HttpResponse:
    drawing = LotDrawing.objects.filter(tournament=tournament).first()
    if drawing is None:
        return _fail(request, tournament, _("There is no drawing yet."))
    return _act(request, tournament, lambda: action(request.user, drawing))


def _act(request, tournament, action) -> HttpResponse:
    try:
        action()
    except service.DrawingError as error:
        return _fail(request, tournament, str(error))
    if request.htmx:
        return _render(request, tournament)
    return redirect("drawing", tournament_id=tournament.pk)


def _fail(request, tournament, message: str) -> HttpResponse:
    if request.htmx:
        return _render(request, tournament, error=message)
    messages.error(request, message)
    return redirect("drawing", tournament_id=tournament.pk)


def _render(request, tournament, *, envelope=None, error=None, start_form=None) -> HttpResponse:
    drawing = LotDrawing.objects.filter(tournament=tournament).first()
    context = {"tournament": tournament, "drawing": drawing, "error": error}
    if drawing is None:
        context["start_form"] = start_form or StartDrawingForm()
        entries = service.active_entries(tournament)
        try:
            service.check_field(tournament, entries)
        except service.DrawingError as problem:
            context["field_problem"] = str(problem)
    else:
        try:
            context.update(_drawing_context(drawing, envelope))
        except service.DrawingError as problem:
            context["error"] = str(problem)
    template = "pairing/drawing.html#lot-drawing" if request.htmx else "pairing/drawing.html"
    return render(request, template, context)


def _drawing_context(drawing: LotDrawing, envelope: str | None) -> dict:
    """The drawing as its section shows it: the drawing order, the envelopes, the chosen one."""
    state, by_key = service.engine_state(drawing)
    picks = {pick.key: pick for pick in state.picks}
    allowed = state.allowed_envelopes()
    rows = [
        {
            "step": step + 1,
            "drawer": drawer,
            "pick": picks.get(drawer.key),
            "current": step == len(state.picks),
        }
        for step, drawer in enumerate(state.order)
    ]
    envelopes = [
        {
            "label": e.label,
            "left": state.left_in(e.label),
            "allowed": e.label in allowed,
            "reserved": e.reserved_for,
        }
        for e in state.envelopes
    ]
    context = {
        "state": state,
        "rows": rows,
        "envelopes": envelopes,
        "step": len(state.picks),
        "chosen": envelope if envelope in allowed else (allowed[0] if len(allowed) == 1 else None),
        "confirmed": drawing.confirmed_at is not None,
    }
    if context["chosen"]:
        context["numbers"] = state.left_in(context["chosen"])
    if state.finished:
        numbers = state.numbers()
        names = {key: entry.name for key, entry in by_key.items()}
        cycle = len(state.order) + len(state.order) % 2 - 1
        context["meetings"] = [
            {
                "round": m.round,
                "late": m.round > cycle - 3,
                "group": m.group,
                "first": names[m.first],
                "second": names[m.second],
                "numbers": (numbers[m.first], numbers[m.second]),
            }
            for m in same_group_meetings(numbers, state.order)
        ]
    return context
