"""The standings after each round, chess-results style: Rk., SNo, Name, FED, Rtg, Club, Pts., TBs.

The ranking itself comes from `arbiter.core.standings.standings`; this page only renders it, with
one column per tie-break headed as its legend says and the legend spelled out under the table. A
system without rounds (a knockout category) is ranked by its placings instead: 1, 2, 3, 3, 5, 5,
7, 7 for a bracket, the standing of a pool (its registry entry's ``placings``).
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.standings import (
    BEING_PLAYED,
    COMPLETE,
    games_text,
    public_standings,
    round_progress,
)
from arbiter.core.templatetags.chess import tiebreak_text
from arbiter.platform.public_live import live_page, public_tournament, round_asked
from arbiter.platform.routes import Routes
from arbiter.public.names import add_names

routes = Routes("t/<int:tournament_id>/")


@routes.get("standings/", name="public_standings")
def standings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ranking after the last round with every result in (with any result, where the system
    follows its round live), or after `?round=n` of a public round; the heading says which round
    is being played. Only the rounds that have begun are offered. Standings with an adjourned
    game say they are provisional and name it; only a finished tournament's are final (FIDE's
    checklist Q161)."""
    tournament = public_tournament(tournament_id)
    through = round_asked(request)

    system = tournament.pairing_system
    if system.placings:
        return _placings_page(request, tournament)

    def build() -> dict:
        rounds = round_progress(tournament)
        if through is not None and through not in dict(rounds):
            raise Http404(_("No such public round."))
        table = public_standings(tournament, through)
        add_names(tournament.pk, (row.entry for row in table.rows))
        adjourned = table.adjourned_players
        begun = [n for n, now in rounds if now in (BEING_PLAYED, COMPLETE)]
        rows = [
            {
                "rank": row.rank,
                "entry": row.entry,
                "points": row.points,
                "adjourned": row.entry.pk in adjourned,
                "expelled": row.entry.expelled and not tournament.pairing_system.all_play_all,
                "tiebreaks": [tiebreak_text(value) for value in row.tiebreaks],
            }
            for row in table.rows
        ]
        return {
            "standings": table,
            "rows": rows,
            "rounds": rounds,
            "after_rounds": sorted({*begun, table.through_round} - {0}),
            "through": table.through_round,
            "adjourned_games": games_text(list(table.adjourned)),
            # the rounds under way; after an earlier round asked for, only whether it is
            "being_played": [
                n for n in table.being_played if through is None or n == table.through_round
            ],
        }

    params = {"round": through} if through is not None else {}
    return live_page(
        request, tournament, "public/standings.html", "standings", params, build, poll=True
    )


def _placings_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def build() -> dict:
        results = tournament.pairing_system.placings(tournament)
        return {
            "places": results.lines,
            "drawn": results.drawn,
            "finished": results.finished,
            "rounds": [],
        }

    return live_page(request, tournament, "public/placings.html", "standings", {}, build, poll=True)
