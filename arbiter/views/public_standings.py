"""The standings after each round, chess-results style: Rk., SNo, Name, FED, Rtg, Club, Pts., TBs.

The ranking itself comes from `arbiter.standings.standings`; this page only renders it, with one
column per tie-break headed as its legend says and the legend spelled out under the table. A
system without rounds (a knockout category) is ranked by its placings instead: 1, 2, 3, 3, 5, 5,
7, 7 for a bracket, the standing of a pool (its registry entry's ``placings``).
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from arbiter.models import Round, Tournament
from arbiter.standings import standings
from arbiter.templatetags.chess import tiebreak_text
from arbiter.views.public_live import (
    live_page,
    public_round_states,
    public_tournament,
    round_asked,
)


@require_GET
def standings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ranking after the last public round, or after `?round=n` of a public round."""
    tournament = public_tournament(tournament_id)
    through = round_asked(request)

    system = tournament.pairing_system
    if system.placings:
        return _placings_page(request, tournament)

    def build() -> dict:
        rounds = public_round_states(tournament)
        states = dict(rounds)
        if through is not None and through not in states:
            raise Http404("No such public round.")
        table = standings(tournament, through)
        rows = [
            {
                "rank": row.rank,
                "entry": row.entry,
                "points": row.points,
                "tiebreaks": [tiebreak_text(value) for value in row.tiebreaks],
            }
            for row in table.rows
        ]
        return {
            "standings": table,
            "rows": rows,
            "rounds": rounds,
            "through": table.through_round,
            "in_progress": states.get(table.through_round) == Round.State.PUBLISHED,
        }

    params = {"round": through} if through is not None else {}
    return live_page(
        request, tournament, "public/standings.html", "standings", params, build, poll=True
    )


def _placings_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def build() -> dict:
        results = tournament.pairing_system.call("placings", tournament)
        return {
            "places": results.lines,
            "drawn": results.drawn,
            "finished": results.finished,
            "rounds": [],
        }

    return live_page(request, tournament, "public/placings.html", "standings", {}, build, poll=True)
