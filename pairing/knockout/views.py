"""A knockout category's bracket: seed, draw, enter who won each match, and the public bracket.

The arbiter's page swaps its bracket section over HTMX (partial ``bracket-sheet``); without
JavaScript every button is a plain form and the page reloads. The public page is read-only,
cached and polled like the other public pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Entry, Tournament
from arbiter.platform.pdf import bracket_pdf
from arbiter.platform.public_live import Made, live_page, public_tournament
from arbiter.platform.public_pdf import public_pdf
from arbiter.platform.routes import Routes
from pairing.engines import knockout as ko
from pairing.knockout import services as service
from pairing.knockout.models import Bracket
from pairing.rounds.services import ConfirmationNeeded, RoundError, draft_token
from pairing.rounds.swapped_page import Answers, SwappedPage

routes = Routes("arbiter/t/<int:tournament_id>/bracket/")
#: The public bracket and its PDF, in every language (arbiter/urls.py's i18n_patterns).
public_routes = Routes("t/<int:tournament_id>/")

STAGE_TITLES = {
    "main": _("Main bracket"),
    "final": _("Final"),
    "repechage": _("Repechage"),
    "bronze": _("Bronze matches"),
    "pool": _("Pool"),
}


@dataclass
class Side:
    entry: Entry | None
    state: str  # "known", "bye" or "waiting"
    won: bool = False


@dataclass
class MatchBox:
    """One match's box in the drawn bracket as the page lays it out: its two sides and its
    status (waiting, ready, done, bye)."""

    id: int
    stage: str
    round: int
    a: Side
    b: Side
    status: str


def _side(value: str | None, winner: str | None, entries: dict[str, Entry]) -> Side:
    if value == ko.PENDING:
        return Side(None, "waiting")
    if value is None:
        return Side(None, "bye")
    return Side(entries.get(value), "known", won=winner == value)


def bracket_context(sheet: service.BracketSheet) -> dict:
    """The bracket as columns of matches per stage and round, and the medal table."""
    if sheet.state is None:
        return {"sheet": sheet, "sections": []}
    columns: dict[str, dict[int, list[MatchBox]]] = {}
    for ms in sheet.state.matches:
        m = ms.match
        stage = "main" if m.stage == "final" else m.stage
        box = MatchBox(
            m.id,
            m.stage,
            m.round,
            _side(ms.a, ms.winner, sheet.entries),
            _side(ms.b, ms.winner, sheet.entries),
            ms.status,
        )
        columns.setdefault(stage, {}).setdefault(m.round, []).append(box)
    sections = [
        {
            "title": STAGE_TITLES[stage],
            "stage": stage,
            "columns": [rounds[r] for r in sorted(rounds)],
        }
        for stage in ("main", "repechage", "bronze", "pool")
        if (rounds := columns.get(stage))
    ]
    pool = []
    if ko.SYSTEMS[sheet.bracket.system].is_pool:
        pool = [(row, sheet.entries.get(row.competitor)) for row in sheet.standings()]
    # a pool's standing says it all until its last match; a bracket lists the places fought for
    places = sheet.placings() if sheet.finished or not pool else []
    return {
        "sheet": sheet,
        "sections": sections,
        "places": places,
        "pool": pool,
        "finished": sheet.finished,
    }


@routes.get("", name="bracket")
@tournament_arbiter_required
def bracket_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if not tournament.pairing_system.has_page("bracket"):
        messages.error(request, _("Only a knockout category has a bracket."))
        return redirect("tournament_settings", tournament_id=tournament.pk)
    return PAGE.render(request, tournament)


def _posted_seeds(request: HttpRequest) -> dict[int, int | None] | None:
    """The seeds the page's selects show (entry id -> seed), None when the form has none."""
    chosen: dict[int, int | None] = {}
    for key, value in request.POST.items():
        if key.startswith("seed-") and _whole(key[5:]) is not None:
            chosen[_whole(key[5:])] = _whole(value)
    return chosen if chosen else None


def _seeds_refused(request: HttpRequest, tournament: Tournament, chosen: dict) -> Answers:
    """Seeds refused: the page again with the arbiter's own choice kept and the clashing seeds
    marked (a redirect would show the seeds saved before instead: none at all the first time)."""

    def again(error: service.SeedsRefused) -> HttpResponse:
        return PAGE.render(
            request,
            tournament,
            error=str(error),
            seed_of={entry: seed for entry, seed in chosen.items() if seed},
            duplicates=error.duplicates,
            unsaved=True,
        )

    return {service.SeedsRefused: again}


@routes.post("seeds/", name="bracket_seeds")
@tournament_arbiter_required
def seeds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    chosen = _posted_seeds(request) or {}
    return PAGE.act(
        request,
        tournament,
        lambda: service.set_seeds(request.user, tournament, chosen, seen=_seen(request)),
        _seeds_refused(request, tournament, chosen),
    )


@routes.post("rules/", name="bracket_rules")
@tournament_arbiter_required
def rules(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The event's draw rules: the system by field size, and where the seeds and byes go."""
    pool_up_to = request.POST.get("pool_up_to", "")
    knockout_system = request.POST.get("knockout_system", "")
    if _whole(pool_up_to) is None:
        return PAGE.fail(
            request, tournament, _("Give the largest field drawn as a pool (0 for none).")
        )
    return PAGE.act(
        request,
        tournament,
        lambda: service.set_rules(
            request.user,
            tournament,
            pool_up_to=int(pool_up_to),
            knockout_system=knockout_system,
            seeding=request.POST.get("seeding", Bracket.Seeding.JUDOSHIAI),
            byes_to_seeds=request.POST.get("byes_to_seeds") == "on",
            seen=_seen(request),
        ),
    )


@routes.post("place/", name="bracket_place")
@tournament_arbiter_required
def place(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entry, slot = request.POST.get("entry", ""), request.POST.get("slot", "")
    if _whole(entry) is None or not (_whole(slot) is not None or slot == ""):
        return PAGE.fail(request, tournament, _("Choose a competitor and a place."))
    return PAGE.act(
        request,
        tournament,
        lambda: service.place_by_hand(
            request.user, tournament, int(entry), int(slot) if slot else None, seen=_seen(request)
        ),
    )


@routes.post("draw/", name="bracket_draw")
@tournament_arbiter_required
def draw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    system = request.POST.get("system", "")
    separate_by = request.POST.get("separate_by", Bracket.SeparateBy.CLUB)
    if separate_by not in Bracket.SeparateBy.values:
        separate_by = Bracket.SeparateBy.CLUB
    raw_seed = request.POST.get("random_seed", "").strip()
    random_seed = _whole(raw_seed)
    fixed_seeds = request.POST.get("fixed_seeds", "")
    if fixed_seeds not in ("", "ijf", "international"):
        fixed_seeds = ""
    chosen = _posted_seeds(request)

    def confirm_first(refused: ConfirmationNeeded) -> HttpResponse:
        again = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        return PAGE.render(request, tournament, confirm_draw={"lost": refused.lost, **again})

    return PAGE.act(
        request,
        tournament,
        lambda: service.draw_bracket(
            request.user,
            tournament,
            system=system,
            separate_by=separate_by,
            random_seed=random_seed,
            fixed_seeds=fixed_seeds,
            seeds=chosen,
            seen=_seen(request),
            confirm=request.POST.get("confirm") == "yes",
        ),
        {**_seeds_refused(request, tournament, chosen or {}), ConfirmationNeeded: confirm_first},
    )


@routes.post("undraw/", name="bracket_undraw")
@tournament_arbiter_required
def undraw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Back to seeding while no match is fought; the page asks first."""

    def confirm_first(refused: ConfirmationNeeded) -> HttpResponse:
        return PAGE.render(request, tournament, confirm_undraw={"lost": refused.lost})

    return PAGE.act(
        request,
        tournament,
        lambda: service.undo_draw(
            request.user,
            tournament,
            seen=_seen(request),
            confirm=request.POST.get("confirm") == "yes",
        ),
        {ConfirmationNeeded: confirm_first},
    )


@routes.post("bout/", name="bracket_bout")
@tournament_arbiter_required
def bout(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    match = request.POST.get("match", "")
    winner = request.POST.get("winner", "")
    if _whole(match) is None or not (_whole(winner) is not None or winner == ""):
        return PAGE.fail(request, tournament, _("Choose the winner of a match."))
    confirm = request.POST.get("confirm_reset") == "1"

    def reset_first(error: service.ResetNeeded) -> HttpResponse:
        pending = {"match": match, "winner": winner, "matches": error.matches}
        return PAGE.render(request, tournament, error=str(error), reset=pending)

    return PAGE.act(
        request,
        tournament,
        lambda: service.record_bout(
            request.user,
            tournament,
            int(match),
            int(winner) if winner else None,
            confirm_reset=confirm,
            seen=_seen(request),
        ),
        {service.ResetNeeded: reset_first},
    )


def _seen(request: HttpRequest) -> str:
    """The bracket's token as the page showed it (every form of the page posts it)."""
    return request.POST.get("seen", "")


def _whole(text: str) -> int | None:
    """A whole number typed in a form, or None: ASCII digits only (``²`` passes ``isdigit`` but
    not ``int``), at most 18 of them (the random seed is kept in a 64-bit column)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _arbiter_context(tournament: Tournament) -> dict:
    """The arbiter's bracket page: the bracket sheet, and before the draw the seeding and
    placing."""
    service.bracket_of(tournament)  # the page shows the bracket's version from the start
    sheet = service.sheet(tournament)
    context = {
        "error": None,
        "reset": None,
        "systems": ko.SYSTEMS.values(),
        "separations": Bracket.SeparateBy.choices,
        "arbiter": True,
        "seen": draft_token(sheet.bracket),
        "seeded": service.seed_summary(sheet.bracket, sheet.entries),
        "seedings": Bracket.Seeding.choices,
        "draw_options": service.draw_options(sheet.bracket),
        "duplicates": frozenset(),
        "unsaved": False,
        **bracket_context(sheet),
    }
    drawn_bracket = sheet.state is not None and not ko.SYSTEMS[sheet.bracket.system].is_pool
    context["drawn_with"] = context["draw_options"] if drawn_bracket else ""
    names = {k: e.name for k, e in sheet.entries.items()}
    context["log"] = [
        {**step, "name": names.get(str(step["competitor"]), step["competitor"])}
        for step in sheet.bracket.log
    ]
    if sheet.state is None:
        context["competitors"] = sorted(sheet.entries.values(), key=lambda e: e.name)
        context["seed_of"] = {int(k): v for k, v in sheet.bracket.seeds.items()}
        context["seed_numbers"] = range(1, ko.model.MAX_SEEDS + 1)
        context["knockout_systems"] = [s for s in ko.SYSTEMS.values() if s.code != "pool"]
        hand = service.hand_placing(tournament)
        if not hand["system"]:
            context["error"] = _(
                "A category needs at least two competitors: enter them on the Players page "
                "before seeding and drawing."
            )
        if hand["size"]:
            hand["placed_rows"] = [
                (slot, sheet.entries.get(c.id)) for slot, c in sorted(hand["placed"].items())
            ]
            hand["next"] = sheet.entries.get(hand["waiting"][0].id) if hand["waiting"] else None
        context["hand"] = hand
    return context


PAGE = SwappedPage(
    "bracket", "pairing/bracket.html", "bracket-sheet", _arbiter_context, (RoundError,)
)


@public_routes.get("bracket/", name="public_bracket")
def public_bracket(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The bracket and the medals as they stand, for everyone."""
    tournament = public_tournament(tournament_id)

    def build() -> dict:
        if not tournament.pairing_system.has_page("public_bracket"):
            raise Http404(_("This tournament has no bracket."))
        return bracket_context(service.sheet(tournament))

    return live_page(request, tournament, "public/bracket.html", "bracket", {}, build, poll=True)


def bracket_pdf_made(tournament: Tournament) -> Made:
    """The bracket or pool sheet (a task may write it: arbiter/platform/public_pdf.py)."""
    if not tournament.pairing_system.has_page("public_bracket"):
        raise Http404(_("This tournament has no bracket."))
    name = slugify(tournament.name) or "category"
    disposition = {"Content-Disposition": f'attachment; filename="{name}-bracket.pdf"'}
    return bracket_pdf(tournament, service.sheet(tournament)), "application/pdf", disposition


@routes.get("pdf/", name="bracket_pdf")
@tournament_arbiter_required
def arbiter_bracket_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The bracket or pool sheet to print, for the arbiter (published or not)."""
    pdf, content_type, headers = bracket_pdf_made(tournament)
    return HttpResponse(pdf, content_type=content_type, headers=headers)


@public_routes.get("bracket.pdf", name="public_bracket_pdf")
def public_bracket_pdf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The bracket or pool sheet of a published category, for everyone, kept like its page."""
    tournament = public_tournament(tournament_id)
    if not tournament.pairing_system.has_page("public_bracket"):
        raise Http404(_("This tournament has no bracket."))
    return public_pdf(
        request,
        tournament,
        "bracket.pdf",
        {},
        notice=_("The PDF of the bracket is being prepared."),
        builder="pairing.knockout.views.bracket_pdf_made",
    )
