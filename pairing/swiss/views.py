"""The Swiss pairing page: records before the round, pair, review the draft, edit, publish.

One page, one template (`pairing/swiss.html`); with HTMX every button swaps only the
`swiss-round` section, without it each form posts and the page reloads. Pairing, editing,
publishing and deleting are the round lifecycle's buttons (pairing/rounds/views.py).
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Bye, Game, Round, Tournament
from arbiter.core.once import once_per_submission
from arbiter.core.pairing_lists import pairings
from arbiter.core.standings import points_before
from arbiter.platform.routes import Routes
from pairing.rounds.jobs import shown_pair_job
from pairing.rounds.services import RoundError, draft_token
from pairing.rounds.swapped_page import SwappedPage, posted_entry, posted_int
from pairing.swiss import records
from pairing.swiss import services as service
from pairing.swiss.models import Acceleration, EnginePairing, ForbiddenPair, PlayerRoundRecord

routes = Routes("arbiter/t/<int:tournament_id>/swiss/")


@routes.get("", name="swiss")
@tournament_arbiter_required
def swiss_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return PAGE.render(request, tournament)


@routes.post("attendance/", name="swiss_player_record")
@tournament_arbiter_required
def player_record(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entry = posted_entry(tournament, request.POST.get("entry"))
    number = posted_int(request.POST.get("round"))
    kind = request.POST.get("kind", "")
    shown = dict(PlayerRoundRecord.Kind.choices).get(kind, gettext("plays"))
    return PAGE.act(
        request,
        tournament,
        lambda: records.set_player_round_record(
            request.user, tournament, entry, number, kind, confirmation=confirmation(request)
        ),
        notice=gettext("Saved: %(name)s, round %(number)s: %(record)s.")
        % {"name": entry.name, "number": number, "record": shown.lower()},
        saved_entry=entry.pk,
    )


@routes.post("missed-rounds/", name="swiss_missed_rounds")
@tournament_arbiter_required
def missed_rounds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A late entrant's missed rounds: half a point each, or back to nothing."""
    entry = posted_entry(tournament, request.POST.get("entry"))
    kind = request.POST.get("kind", "H")
    return PAGE.act(
        request,
        tournament,
        lambda: records.score_missed_rounds(request.user, tournament, entry, kind),
    )


@routes.post("forbid/", name="swiss_forbid")
@tournament_arbiter_required
@once_per_submission
def forbid(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    first = posted_entry(tournament, request.POST.get("first"))
    second = posted_entry(tournament, request.POST.get("second"))
    return PAGE.act(
        request,
        tournament,
        lambda: records.forbid_pair(
            request.user, tournament, first, second, confirmation=confirmation(request)
        ),
    )


@routes.post("forbid/<int:pair_id>/remove/", name="swiss_allow")
@tournament_arbiter_required
def allow(request: HttpRequest, tournament: Tournament, pair_id: int) -> HttpResponse:
    pair = get_object_or_404(ForbiddenPair, pk=pair_id, tournament=tournament)
    return PAGE.act(request, tournament, lambda: records.allow_pair(request.user, pair))


@routes.post("acceleration/", name="swiss_acceleration")
@tournament_arbiter_required
def acceleration(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    on = request.POST.get("baku") == "on"
    return PAGE.act(
        request, tournament, lambda: records.set_baku_acceleration(request.user, tournament, on)
    )


@routes.post("accelerate/", name="swiss_accelerate")
@tournament_arbiter_required
def accelerate(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Acceleration points for one player in a range of rounds (0 removes them)."""
    entry = posted_entry(tournament, request.POST.get("entry"))
    first = posted_int(request.POST.get("first"))
    last = posted_int(request.POST.get("last") or request.POST.get("first"))
    points = request.POST.get("points", "")[:10]
    return PAGE.act(
        request,
        tournament,
        lambda: records.set_acceleration(
            request.user,
            tournament,
            entry,
            first,
            last,
            points,
            confirmation=confirmation(request),
        ),
    )


@routes.post("initial-colour/", name="swiss_initial_colour")
@tournament_arbiter_required
def initial_colour(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The top player's colour in round 1: drawn by lot, White or Black (C.04.3 art. 5.2.5)."""
    colour = request.POST.get("colour", "")
    saved = {
        "": gettext("Saved: the top player's colour in round 1 is drawn by lot."),
        "w": gettext("Saved: the top player's colour in round 1 is White."),
        "b": gettext("Saved: the top player's colour in round 1 is Black."),
    }
    return PAGE.act(
        request,
        tournament,
        lambda: records.set_initial_colour(request.user, tournament, colour),
        notice=saved.get(colour, ""),
        saved_setting="initial_colour",
    )


def confirmation(request: HttpRequest) -> str:
    """The token a confirmation of the rules' warnings posted (arbiter/core/fide_mode.py)."""
    return request.POST.get("confirmation", "")[:100]


def _round_context(tournament: Tournament) -> dict:
    last = tournament.rounds.select_related("changed_by").order_by("-number").first()
    if last is not None and last.state == Round.State.DRAFT:
        return _draft_context(tournament, last)
    number = last.number + 1 if last else 1
    entries = list(tournament.entries.order_by("starting_number", "name"))
    kinds = dict(
        PlayerRoundRecord.objects.filter(tournament=tournament, round_number=number).values_list(
            "entry_id", "kind"
        )
    )
    before = points_before(tournament, number)
    appearances = _appearances(tournament)
    record_options = _record_options()
    for entry in entries:
        entry.record = kinds.get(entry.pk, "W" if entry.withdrawn else "")
        entry.record_options = record_options[entry.record]
        entry.points = before.get(entry.pk, 0)
        entry.missed = (number - 1) - appearances.get(entry.pk, 0)
    return {
        "last_round": last,
        "last_seen": draft_token(last) if last else "",
        "next_number": number,
        "finished": bool(tournament.planned_rounds and number > tournament.planned_rounds),
        "entries": entries,
        "entry_options": format_html_join(
            "",
            '<option value="{}">{} {}</option>',
            ((e.pk, e.starting_number or "", e.name) for e in entries),
        ),
        "initial_colours": [(v, gettext(label)) for v, label in records.INITIAL_COLOURS.items()],
        "forbidden": ForbiddenPair.objects.filter(tournament=tournament).select_related(
            "first", "second"
        ),
        "accelerations": Acceleration.objects.filter(tournament=tournament).select_related("entry"),
    }


def _record_options() -> dict[str, SafeString]:
    """The options after "plays" of the attendance select, by the entry's record: made once per
    kind rather than once per player."""
    kinds = PlayerRoundRecord.Kind.choices

    def options(record: str) -> SafeString:
        chosen = ((value, " selected" if value == record else "", label) for value, label in kinds)
        return format_html_join("", '<option value="{}"{}>{}</option>', chosen)

    return {record: options(record) for record in ("", *(value for value, _ in kinds))}


def _appearances(tournament: Tournament) -> dict[int, int]:
    """Rounds each entry was in (a game or any bye): two queries for the whole field."""
    counts: dict[int, int] = {}
    games = Game.objects.filter(round__tournament=tournament).values_list("white_id", "black_id")
    for white, black in games:
        counts[white] = counts.get(white, 0) + 1
        counts[black] = counts.get(black, 0) + 1
    for entry_id in Bye.objects.filter(round__tournament=tournament).values_list(
        "entry_id", flat=True
    ):
        counts[entry_id] = counts.get(entry_id, 0) + 1
    return counts


def _draft_context(tournament: Tournament, draft: Round) -> dict:
    games, byes = pairings(tournament, draft)
    engine = EnginePairing.objects.filter(round=draft).first()
    explanations = engine.explanations if engine else {}
    warnings = service.draft_warnings(draft)
    for game in games:
        numbers = {game.white.starting_number, game.black.starting_number}
        game.warnings = [w for w in warnings if numbers & set(w.players)]
        game.white_why = explanations.get(str(game.white_id))
        game.black_why = explanations.get(str(game.black_id))
    for bye in byes:
        bye.why = explanations.get(str(bye.entry_id))
        bye.warnings = [w for w in warnings if bye.entry.starting_number in w.players]
    paired = [g.white for g in games] + [g.black for g in games]
    paired += [b.entry for b in byes if b.kind == "U"]
    return {
        "draft": draft,
        "seen": draft_token(draft),
        "games": games,
        "byes": byes,
        "warnings": warnings,
        "engine": engine,
        "paired": sorted(paired, key=lambda e: e.starting_number),
    }


PAGE = SwappedPage(
    "swiss", "pairing/swiss.html", "swiss-round", _round_context, (RoundError,), job=shown_pair_job
)
