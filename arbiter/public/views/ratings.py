"""The rating report of a tournament FIDE rates (a Swiss, a round robin): every player's rating
change from the published rounds (arbiter/ratings/change.py; docs/ratings.md, "Rating change"),
its CSV a download (arbiter/public/views/exports.py). A system FIDE does not rate has none
(404)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from arbiter.core.standings import round_progress
from arbiter.platform.public_live import live_page, public_tournament
from arbiter.platform.routes import Routes
from arbiter.ratings.change import public_changes, rated_system

routes = Routes("t/<int:tournament_id>/")


def rated_tournament(tournament_id: int):
    tournament = public_tournament(tournament_id)
    if not rated_system(tournament):
        raise Http404(_("FIDE does not rate this system: no rating change."))
    return tournament


@routes.get("rating-report/", name="rating_report")
def rating_report(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Every player with rating, K and why, games rated, score, expected score, change and new
    rating; then the unrated players' initial ratings from this event, published or not and
    why. Entries and round tabs, and the changes kept per version."""
    tournament = rated_tournament(tournament_id)

    def build() -> dict:
        rounds = round_progress(tournament)
        changes = public_changes(tournament)
        entries = sorted(
            tournament.entries.all(), key=lambda e: (e.starting_number or 10**9, e.name, e.pk)
        )
        lines = [(e, changes.of(e.pk)) for e in entries if changes.of(e.pk) is not None]
        by_id = {e.pk: e for e in entries}
        return {
            "rounds": rounds,
            "rated": [(e, c) for e, c in lines if c.rated],
            "unrated": [(e, c) for e, c in lines if not c.rated],
            "junior_born": changes.year - 18,
            "waiting": any(c.waiting for _, c in lines),
            "adjourned_games": [
                (number, by_id[white], by_id[black])
                for number, white, black in changes.adjourned
                if white in by_id and black in by_id
            ],
        }

    return live_page(
        request, tournament, "public/rating_report.html", "rating-report", {}, build, poll=True
    )
