"""The round lifecycle's buttons, the same for every system that pairs round by round (Swiss,
Monrad): pair, swap players, set colours, publish, delete the last round.

Each answers with the system's own page (its SwappedPage, named in arbiter/core/systems.py): the
page's section again for HTMX, the page after a redirect for a plain form. Every action on a
round posts ``seen``, the round's token as the page showed it (pairing/rounds/services.py); a
deletion that loses a public round or results answers with what it would lose and a button that
confirms.
"""

from collections.abc import Callable
from functools import partial

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbiter.core import engine_text, fide_mode
from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import BackgroundJob, Entry, Round, Tournament
from arbiter.platform import jobs
from arbiter.platform.routes import Routes
from pairing.rounds import services as lifecycle
from pairing.rounds.jobs import PAIRING_ROUND, next_round_number, round_page
from pairing.rounds.swapped_page import Answers, SwappedPage, posted_entry, posted_int

routes = Routes("arbiter/t/<int:tournament_id>/rounds/")


def _page(tournament: Tournament) -> SwappedPage:
    system = tournament.pairing_system
    if not system.pairer:
        raise Http404(_("This tournament's rounds are not paired one at a time."))
    return system.swapped_page


def _act_on_round(
    request: HttpRequest,
    tournament: Tournament,
    number: int,
    change: Callable[..., object],
    *args,
    answers: Answers | None = None,
    **options,
) -> HttpResponse:
    """Run ``change(user, round, *args, seen=seen, **options)`` on round ``number`` as the page
    saw it (``seen``, its token); ``answers`` as :meth:`SwappedPage.act`."""
    page = _page(tournament)
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None:
        return page.fail(request, tournament, lifecycle.gone_message(tournament, number))
    seen = request.POST.get("seen", "")
    return page.act(
        request,
        tournament,
        lambda: change(request.user, round_, *args, seen=seen, **options),
        answers,
    )


@routes.post("pair/", name="round_pair")
@tournament_arbiter_required
def pair(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Queue the pairing of the next round as a background job (arbiter/platform/jobs.py), or join
    the one under way (a second press, a second tab); the page shows its progress, then the draft
    or why it failed. What the rules say about pairing now (games without a result to adjourn)
    is confirmed first, and the job pairs on that confirmation."""
    page = _page(tournament)
    number = next_round_number(tournament)
    confirmation = request.POST.get("confirmation", "")
    try:
        fide_mode.require(
            tournament.fide_mode, lifecycle.pairing_warnings(tournament), confirmation
        )
    except fide_mode.NeedsConfirmation as needs:
        return page.confirm(request, tournament, needs)
    except fide_mode.RefusedInFideMode as refusal:
        return page.fail(request, tournament, str(refusal))
    try:
        job, joined = jobs.start(
            request.user,
            "pair",
            PAIRING_ROUND % {"number": number},
            tournament=tournament,
            options={"round": number, "confirmation": confirmation},
            result_url=round_page(tournament),
        )
    except jobs.TooManyJobs as refused:
        return page.fail(request, tournament, str(refused))
    if job.state == BackgroundJob.State.FAILED:
        return page.fail(request, tournament, job.message)
    if not joined:
        return page.done(request, tournament)
    # Translators: %(asked)s is "by anna at 14:02:11" (who asked for the job, and when).
    notice = gettext(
        "%(job)s was already asked for %(asked)s: this is that job, not a second one."
    ) % {
        "job": engine_text.translate(job.title),
        "asked": job.asked,
    }
    return page.done(request, tournament, notice=notice, joined=True)


@routes.post("<int:number>/swap/", name="round_swap")
@tournament_arbiter_required
def swap(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Swap two players of a draft, named by entry (``first``, ``second``) or by the starting
    numbers the arbiter typed (``first_number``, ``second_number``)."""
    if "first_number" in request.POST:
        try:
            first, second = (
                _numbered_entry(tournament, request.POST.get(field, ""))
                for field in ("first_number", "second_number")
            )
        except LookupError as error:
            return _page(tournament).fail(request, tournament, str(error))
    else:
        first = posted_entry(tournament, request.POST.get("first"))
        second = posted_entry(tournament, request.POST.get("second"))
    return _act_on_round(
        request,
        tournament,
        number,
        lifecycle.swap_players,
        first,
        second,
        confirmation=_confirmation(request),
    )


def _numbered_entry(tournament: Tournament, typed: str) -> Entry:
    """The entry with the starting number typed ("12", or "12 Carlsen, Magnus" as the list
    suggests it); LookupError with a message for the arbiter otherwise."""
    digits = typed.strip().split(" ", 1)[0]
    number = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else 0
    entry = tournament.entries.filter(starting_number=number).first() if number else None
    if entry is None:
        shown = typed.strip() or "(empty)"
        raise LookupError(
            gettext("No player has the starting number %(number)s: type a number to swap.")
            % {"number": shown}
        )
    return entry


@routes.post("<int:number>/colours/", name="round_colours")
@tournament_arbiter_required
def colours(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """One board's colours as the arbiter set them: ``white`` is who gets White."""
    board = posted_int(request.POST.get("board"))
    white = posted_entry(tournament, request.POST.get("white"))
    return _act_on_round(
        request,
        tournament,
        number,
        lifecycle.set_colours,
        board,
        white,
        confirmation=_confirmation(request),
    )


def _confirmation(request: HttpRequest) -> str:
    """The token a confirmation of the rules' warnings posted (arbiter/core/fide_mode.py)."""
    return request.POST.get("confirmation", "")[:100]


@routes.post("<int:number>/publish/", name="round_publish")
@tournament_arbiter_required
def publish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    return _act_on_round(
        request,
        tournament,
        number,
        lifecycle.publish_round,
        confirmation=_confirmation(request),
    )


@routes.post("<int:number>/delete/", name="round_delete")
@tournament_arbiter_required
def delete(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Delete the last round; one that is public or has results needs a second press that
    confirms the loss."""

    def confirm_first(refused: lifecycle.ConfirmationNeeded) -> HttpResponse:
        confirm = {"number": number, "lost": refused.lost, "seen": request.POST.get("seen", "")}
        return _page(tournament).render(request, tournament, confirm_delete=confirm)

    return _act_on_round(
        request,
        tournament,
        number,
        partial(lifecycle.delete_last_round, confirm=request.POST.get("confirm") == "yes"),
        answers={lifecycle.ConfirmationNeeded: confirm_first},
    )
