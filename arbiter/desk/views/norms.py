"""The arbiter's title norms page: each player's GM, IM, WGM and WIM norm reached, within reach
or out of it, with every requirement; the event's 1.4.3 exemption and the chief arbiter as the
report names them; and the norm report (FIDE's IT1) of a player and title as a PDF
(arbiter/ratings/norms.py, docs/ratings.md "Title norms")."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Entry, Tournament
from arbiter.desk.forms import NormSettingsForm
from arbiter.platform.routes import Routes
from arbiter.ratings import norm_text
from arbiter.ratings.models import NormSettings
from arbiter.ratings.norm_report import norm_report_pdf
from arbiter.ratings.norms import norms_apply, read_facts, save_norm_settings, tournament_norms
from pairing.engines import norms as engine

routes = Routes("arbiter/t/<int:tournament_id>/norms/")

#: The statuses the page lists a player under (the others say nothing about a norm to come).
LISTED = (engine.Status.REACHED, engine.Status.REACHABLE)


def _applicable(tournament: Tournament) -> None:
    if not norms_apply(tournament):
        raise Http404(_("Title norms are checked for FIDE-rated standard tournaments only."))


@routes.form("", name="norms")
@tournament_arbiter_required
def norms_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every player with a norm reached or within reach, each title's verdict with its
    requirements, a link to its report; the norm settings above them."""
    _applicable(tournament)
    facts = read_facts(tournament)
    instance = facts.settings or NormSettings(tournament=tournament)
    form = NormSettingsForm(request.POST or None, instance=instance)
    if request.method == "POST" and form.is_valid():
        save_norm_settings(request.user, tournament, form.cleaned_data)
        messages.success(request, _("Norm settings saved."))
        return redirect("norms", tournament_id=tournament.pk)
    verdicts = tournament_norms(tournament, facts=facts)
    rows = []
    for pk, row in sorted(facts.entries.items(), key=lambda item: (-item[1]["rating"], item[0])):
        found = verdicts.get(pk, {})
        shown = [found[t] for t in engine.TITLES if t in found and found[t].status in LISTED]
        if shown:
            report = reverse("norm_report", args=[tournament.pk, pk, engine.GM])
            rows.append(
                {
                    "entry": row,
                    "norms": [norm_text.view(r) for r in shown],
                    "report_url": report.removesuffix(f"{engine.GM}.pdf"),
                }
            )
    context = {
        "tournament": tournament,
        "form": form,
        "rows": rows,
        "others": len(facts.entries) - len(rows),
        "big_swiss": facts.event.big_swiss,
        "host": tournament.federation,
    }
    return render(request, "arbiter/norms.html", context)


@routes.get("<int:entry_id>/<str:title>.pdf", name="norm_report")
@tournament_arbiter_required
def norm_report(
    request: HttpRequest, tournament: Tournament, entry_id: int, title: str
) -> HttpResponse:
    """The norm report of one player and title (FIDE's IT1), written in the request."""
    _applicable(tournament)
    if title not in engine.TITLES:
        raise Http404(_("No such title norm."))
    entry = get_object_or_404(Entry, tournament=tournament, pk=entry_id)
    facts = read_facts(tournament)
    result = tournament_norms(tournament, {entry.pk}, facts=facts)[entry.pk][title]
    if result.status in (engine.Status.HELD, engine.Status.NOT_ELIGIBLE):
        raise Http404(norm_text.headline(result))
    pdf = norm_report_pdf(tournament, entry, result, facts)
    name = slugify(f"{tournament.name}-{entry.name}-{title}") or "norm"
    disposition = f'attachment; filename="{name}-norm.pdf"'
    return HttpResponse(
        pdf, content_type="application/pdf", headers={"Content-Disposition": disposition}
    )
