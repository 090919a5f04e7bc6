"""The arbiter's side of the players' cards (docs/venue.md): the tournament's switches, who is
in for the next round, the printouts with the QR codes (badges, a round's pairing list by name)
and a player's card with its "new card" (the old QR opens nothing after it); a competition's
weigh-in slips and badges.

Every write carries the CSRF token and what its page showed (the switches' version, the round
of the check-in); a stale page's write is refused with the reason, on the page shown again as it
is now (200, as the desk's forms answer); each change is audited by its service.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Entry, Round, Tournament
from arbiter.core.pairing_lists import public_pairings
from arbiter.platform.routes import Routes
from arbiter.venue import qr
from arbiter.venue.pdf import ListLine, badges_pdf, pairing_list_pdf, weigh_in_slips_pdf
from arbiter.venue.services import cards
from arbiter.venue.services.check_in import CheckInRefused, attendance, check_in_by_arbiter
from arbiter.venue.services.switches import StaleSwitches, settings_of, update_switches
from arbiter.venue.views.posted import posted_int
from judo.access import competition_arbiter_required
from judo.models import Competition

routes = Routes("arbiter/t/<int:tournament_id>/venue/")
competition_routes = Routes("arbiter/c/<int:competition_id>/venue/")


def _pdf(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(name) or "cards"}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response


def _rows(tournament: Tournament, present: frozenset[int]) -> dict:
    """Who is in for the round open and who is missing, by name; withdrawn players left out."""
    entries = list(tournament.entries.order_by("name"))
    active = [e for e in entries if not e.withdrawn]
    return {
        "in": [e for e in active if e.pk in present],
        "missing": [e for e in active if e.pk not in present],
    }


@routes.get("", name="venue")
@tournament_arbiter_required
def venue_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The players' side of the tournament: its switches, the check-in of the next round and
    the printouts with the players' QR codes."""
    return render(request, "venue/desk.html", _context(tournament))


def _context(tournament: Tournament, **extra) -> dict:
    taken = attendance(tournament)
    rounds = list(
        tournament.rounds.filter(state__in=(Round.State.PUBLISHED, Round.State.COMPLETE))
        .order_by("number")
        .values_list("number", flat=True)
    )
    return {
        "tournament": tournament,
        "switches": settings_of(tournament),
        "attendance": taken,
        "rows": _rows(tournament, taken.present) if taken else None,
        "published_rounds": rounds,
        **extra,
    }


@routes.post("switches/", name="venue_switches")
@tournament_arbiter_required
def switches(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Turn the players' switches on or off (each a checkbox; ``version``: the one shown)."""
    seen = posted_int(request.POST.get("version"))
    try:
        update_switches(
            request.user,
            tournament,
            seen=-1 if seen is None else seen,
            self_check_in=request.POST.get("self_check_in") == "on",
            players_results=request.POST.get("players_results") == "on",
        )
    except StaleSwitches as error:
        return render(request, "venue/desk.html", _context(tournament, refused=str(error)))
    messages.success(request, _("The players' switches are saved."))
    return redirect("venue", tournament_id=tournament.pk)


@routes.post("check-in/", name="venue_check_in")
@tournament_arbiter_required
def check_in(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Check a player in or out (``entry``, ``present`` yes or no) for the round the page
    showed (``round``)."""
    entry_id = posted_int(request.POST.get("entry"))
    entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first() if entry_id else None
    try:
        if entry is None:
            raise CheckInRefused(_("Choose a player of this tournament."))
        entry.tournament = tournament
        present = request.POST.get("present") == "yes"
        check_in_by_arbiter(request.user, entry, present, posted_int(request.POST.get("round")))
    except CheckInRefused as error:
        return render(request, "venue/desk.html", _context(tournament, refused=str(error)))
    return redirect(reverse("venue", args=[tournament.pk]) + "#check-in")


@routes.get("badges.pdf", name="venue_badges")
@tournament_arbiter_required
def badges(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A badge for every player still in, by name."""
    entries = list(tournament.entries.filter(withdrawn=False).order_by("name"))
    title = _("Badges: %(name)s") % {"name": tournament.name}
    pdf = badges_pdf(title, entries, qr.base_url(request), tournament.name)
    return _pdf(pdf, f"{tournament.name}-badges")


@routes.get("rounds/<int:number>/cards.pdf", name="venue_round_cards")
@tournament_arbiter_required
def round_cards(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A published round's pairing list by name with each player's QR code."""
    round_ = get_object_or_404(
        tournament.rounds.filter(state__in=(Round.State.PUBLISHED, Round.State.COMPLETE)),
        number=number,
    )
    games, byes = public_pairings(tournament, round_)
    lines = []
    for game in games:
        lines.append(ListLine(game.white, str(game.board), _("White"), game.black.name))
        lines.append(ListLine(game.black, str(game.board), _("Black"), game.white.name))
    for bye in byes:
        lines.append(ListLine(bye.entry, "", "", _("bye")))
    lines.sort(key=lambda line: line.entry.name.casefold())
    subtitle = _("Round %(number)s: pairings by name, with your card") % {"number": number}
    pdf = pairing_list_pdf(tournament.name, subtitle, lines, qr.base_url(request))
    return _pdf(pdf, f"{tournament.name}-round-{number}-cards")


@routes.form("players/<int:entry_id>/card/", name="venue_player_card")
@tournament_arbiter_required
def player_card(request: HttpRequest, tournament: Tournament, entry_id: int) -> HttpResponse:
    """A player's card: its QR code to show or print, and a new card (``confirm=yes`` after
    the question), which makes the old QR code open nothing."""
    entry = get_object_or_404(Entry, tournament=tournament, pk=entry_id)
    entry.tournament = tournament
    asking = False
    if request.method == "POST":
        if request.POST.get("confirm") == "yes":
            seen = posted_int(request.POST.get("issued"))
            current = cards.key_for(entry)
            if seen is not None and seen != current.issued:
                messages.info(request, _("This player already has a new card: it is shown below."))
            else:
                cards.revoke(request.user, entry)
                messages.success(
                    request,
                    _("New card for %(name)s: print it; the old one opens nothing.")
                    % {"name": entry.name},
                )
            return redirect("venue_player_card", tournament_id=tournament.pk, entry_id=entry.pk)
        asking = True
    key = cards.key_for(entry)
    url = qr.card_url(request, key.secret)
    context = {
        "tournament": tournament,
        "entry": entry,
        "key": key,
        "url": url,
        "svg": qr.svg(url, entry.name),
        "asking": asking,
    }
    return render(request, "venue/player_card.html", context)


@competition_routes.get("weigh-in-slips.pdf", name="venue_weigh_in_slips")
@competition_arbiter_required
def weigh_in_slips(request: HttpRequest, competition: Competition) -> HttpResponse:
    """A weigh-in slip for every competitor not weighed yet, by category then name."""
    entries = _competitors(competition).filter(weigh_in__isnull=True)
    title = _("Weigh-in slips: %(name)s") % {"name": competition.name}
    pdf = weigh_in_slips_pdf(title, list(entries), qr.base_url(request))
    return _pdf(pdf, f"{competition.name}-weigh-in-slips")


@competition_routes.get("badges.pdf", name="venue_competition_badges")
@competition_arbiter_required
def competition_badges(request: HttpRequest, competition: Competition) -> HttpResponse:
    """A badge for every competitor, by category then name."""
    entries = list(_competitors(competition))
    title = _("Badges: %(name)s") % {"name": competition.name}
    pdf = badges_pdf(title, entries, qr.base_url(request), competition.name)
    return _pdf(pdf, f"{competition.name}-badges")


def _competitors(competition: Competition):
    return (
        Entry.objects.filter(tournament__category__competition=competition, withdrawn=False)
        .select_related("tournament__category")
        .order_by("tournament__category__sex", "tournament__category__weight_limit", "name")
    )
