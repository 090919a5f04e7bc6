"""A mat's venue screen (docs/screens.md): in large type for a screen beside the mat or in the
hall, the bout being fought with its scoreboard (white and blue rows, waza-ari, yuko where the
rules have it, shido), the next bout and the one after that (JudoInfo's "current / next" lines).

Public like the mat's public page (judo/views/mats_public.py), kept under the same mat version and
polled the same way; it reads only the categories on that mat.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from arbiter.platform.public_live import live_page
from arbiter.platform.routes import Routes
from judo.services import call_times, public_day
from judo.services import mats as service
from judo.services.competition import public_competition
from judo.views.mats import mat_number, sides, team_board
from judo.views.public_hint import not_published_hint

routes = Routes("screen/c/<int:competition_id>/")


@routes.get("mat/<int:mat>/", name="screen_mat")
@not_published_hint
def mat_screen(request: HttpRequest, competition_id: int, mat: int) -> HttpResponse:
    """Now (the scoreboard), next and after that on one mat."""
    competition = public_competition(competition_id)
    mat = mat_number(competition, mat)
    competition.public_version = call_times.mat_version(competition, mat)

    def build() -> dict:
        today = service.day(competition, mat)
        now, after = service.on_the_mat(today.order(mat))
        coming = [
            {"called": called, **sides(today.sheets[called.category.pk], called.match)}
            for called in after[:2]
        ]
        team, board = team_board(now, today)
        times = call_times.of_day(today, mats=[mat])[mat]
        return {"mat": mat, "now": board, "team": team, "coming": coming, "times": times}

    return live_page(
        request,
        competition,
        "public/screens/mat.html",
        f"screen-mat-{mat}",
        {},
        build,
        poll=True,
        topic=public_day.mat_topic(competition.pk, mat, screen=True),
    )
