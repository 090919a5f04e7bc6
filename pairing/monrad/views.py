"""The Monrad club evening page: check in, pair, the round as the cards lie on the table,
results, the standing; and each member's card.

One template (`pairing/monrad.html`); with HTMX every button swaps only the `monrad-evening`
section (which holds the standing, so a result changes it at once), without it each form posts
and the page reloads.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Bye, Entry, Game, Round, TiebreakRules, Tournament
from arbiter.core.once import once_per_submission
from arbiter.core.services.results import ResultError, record_result
from arbiter.platform.routes import Routes
from pairing.engines import monrad as engine
from pairing.monrad import services as service
from pairing.monrad.models import MonradPairing, MonradSettings
from pairing.rounds.jobs import shown_pair_job
from pairing.rounds.services import RoundError, draft_token
from pairing.rounds.swapped_page import SwappedPage, posted_entry, posted_int

routes = Routes("arbiter/t/<int:tournament_id>/monrad/")


@routes.get("", name="monrad")
@tournament_arbiter_required
def monrad_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return PAGE.render(request, tournament)


@routes.post("check-in/", name="monrad_check_in")
@tournament_arbiter_required
def check_in(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entry = posted_entry(tournament, request.POST.get("entry"))
    present = request.POST.get("present") == "yes"
    return PAGE.act(
        request, tournament, lambda: service.set_present(request.user, tournament, entry, present)
    )


@routes.post("late/", name="monrad_late_member")
@tournament_arbiter_required
@once_per_submission
def late_member(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    name = request.POST.get("name", "")
    rating = posted_int(request.POST.get("rating"))
    return PAGE.act(
        request,
        tournament,
        lambda: service.add_late_member(request.user, tournament, name, min(max(rating, 0), 3500)),
    )


@routes.post("games/<int:game_id>/result/", name="monrad_result")
@tournament_arbiter_required
def result(request: HttpRequest, tournament: Tournament, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id, round__tournament=tournament)
    value = request.POST.get("result", "")
    expected = request.POST.get("expected")
    return PAGE.act(request, tournament, lambda: record_result(request.user, game, value, expected))


@routes.post("settings/", name="monrad_settings")
@tournament_arbiter_required
def update_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    fields = ("scoring", "bye_value", "tie_order", "tiebreak")
    values = {name: request.POST[name] for name in fields if name in request.POST}
    return PAGE.act(
        request, tournament, lambda: service.update_settings(request.user, tournament, **values)
    )


@routes.get("cards/<int:entry_id>/", name="monrad_card")
@tournament_arbiter_required
def member_card(request: HttpRequest, tournament: Tournament, entry_id: int) -> HttpResponse:
    """A member's card: every evening's opponent, colour, result and points."""
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    season = service.read_season(tournament)
    card = next(c for c in season.cards if c.id == str(entry.pk))
    row = next(r for r in season.standing if r.entry.pk == entry.pk)
    lines = [
        {
            "line": line,
            "opponent": season.entries[line.opponent] if line.opponent else None,
        }
        for line in card.lines
    ]
    return render(
        request,
        "pairing/monrad_card.html",
        {"tournament": tournament, "entry": entry, "card": card, "row": row, "lines": lines},
    )


def evening_context(tournament: Tournament) -> dict:
    """Everything the page shows, in a fixed number of queries whatever the number of members."""
    chosen = service.settings_of(tournament)
    options = service.engine_settings(chosen)
    read = service.players_and_evenings(tournament)
    players, evenings, entries = read.players, read.evenings, read.entries
    cards = engine.season(players, evenings, options)
    last = tournament.rounds.select_related("changed_by").order_by("-number").first()
    context = {
        "settings": chosen,
        "settings_form": _settings_choices(chosen),
        "tiebreak_label": MonradSettings.Tiebreak(chosen.tiebreak).label,
        "standing": read.standing(options.rules),
        # the public pages show this standing only under the club rule (docs/standings.md)
        "public_rules": ""
        if tournament.tiebreak_rules == TiebreakRules.CLUB
        else tournament.get_tiebreak_rules_display(),
        "last_round": last,
    }
    if last is not None and (last.state == Round.State.DRAFT or last.games.filter(result="")):
        context.update(_round_context(tournament, last, players, evenings, options, entries))
        return context
    number = last.number + 1 if last else 1
    present = service.check_ins(tournament, number)
    members = [
        {
            "card": c,
            "entry": entries[c.id],
            "present": int(c.id) in present,
            "scanned": present.get(int(c.id), False),
        }
        for c in cards
    ]
    context.update(
        next_number=number,
        members=members,
        present_count=sum(m["present"] for m in members),
        finished=bool(tournament.planned_rounds and number > tournament.planned_rounds),
    )
    return context


def _round_context(tournament, round_, players, evenings, options, entries) -> dict:
    """The round being played, laid out as the cards lie: each board with both players'
    position, score and colour counts from before the round."""
    counted = evenings[: round_.number - 1]
    before = {c.id: c for c in engine.season(players, counted, options)}
    games = list(round_.games.order_by("board"))
    byes = list(round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED))
    seated = [str(g.white_id) for g in games] + [str(g.black_id) for g in games]
    seated += [str(b.entry_id) for b in byes]
    # positions tonight: the present players' order, numbered 1, 2, 3, ...
    tonight = {c.id: c for c in engine.position_order(list(before.values()), seated)}
    pairing = MonradPairing.objects.filter(round=round_).first()
    repeats = service.repeat_boards(round_)
    boards = [
        {
            "game": g,
            "white": tonight[str(g.white_id)],
            "black": tonight[str(g.black_id)],
            "white_entry": entries[str(g.white_id)],
            "black_entry": entries[str(g.black_id)],
            "repeat": g.board in repeats,
        }
        for g in games
    ]
    bye = byes[0] if byes else None
    return {
        "round": round_,
        "seen": draft_token(round_),
        "boards": boards,
        "bye": {"card": tonight[str(bye.entry_id)], "entry": entries[str(bye.entry_id)]}
        if bye
        else None,
        "bye_points": options.bye_points,
        "pairing": pairing,
        "seated": sorted(
            (entries[pid] for pid in seated), key=lambda e: tonight[str(e.pk)].position
        ),
        "tonight": sorted(tonight.values(), key=lambda c: c.position),
    }


def _settings_choices(chosen: MonradSettings) -> list[dict]:
    fields = [
        ("scoring", _("Points for win / draw / loss"), MonradSettings.Scoring.choices),
        ("bye_value", _("The bye is worth"), MonradSettings.ByeValue.choices),
        ("tie_order", _("Inside a score pile, keep"), MonradSettings.TieOrder.choices),
        ("tiebreak", _("Tie-break after score and games played"), MonradSettings.Tiebreak.choices),
    ]
    return [
        {"name": name, "label": label, "choices": choices, "value": getattr(chosen, name)}
        for name, label, choices in fields
    ]


PAGE = SwappedPage(
    "monrad",
    "pairing/monrad.html",
    "evening",
    evening_context,
    (RoundError, ResultError),
    job=shown_pair_job,
)
