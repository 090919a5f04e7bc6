"""The team Swiss's entry in the registry of systems (arbiter/core/systems.py): FIDE's Swiss
Team Pairing System (C.04.6, applied from 1 February 2026), paired one round at a time by its
pure engine through the round lifecycle (docs/teams.md, "Team Swiss in the app")."""

from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.systems import Link, PairingSystem, System
from arbiter.teams.pages import PUBLIC_PAGES
from arbiter.teams.trf_export import team_trf_file
from pairing.team_round_robin.system import TEAM_PAGES, TEAM_STORED
from pairing.team_rounds.demo import make_teams, play_team_rounds
from pairing.team_rounds.services import edit_warnings
from pairing.team_swiss import services, views


def play(user, tournament: Tournament) -> None:
    """The demo: teams made of the players when there are none, the initial colour White,
    three rounds played and the fourth left as a draft (fewer in a field too small for them:
    no two teams meet twice)."""
    make_teams(user, tournament)
    tournament.initial_colour = "w"
    tournament.save(update_fields=["initial_colour"])
    possible = services.rounds_possible(tournament, 0)
    play_team_rounds(user, tournament, complete=min(3, possible - 1))


TEAM_SWISS = PairingSystem(
    code=System.TEAM_SWISS,
    label=System.TEAM_SWISS.label,
    schema_value="team_swiss",
    arbiter_pages=(Link(_("Pairing"), "team_swiss"), *TEAM_PAGES),
    public_pages=PUBLIC_PAGES,
    default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
    trf_type=services.team_swiss_type,
    trf_file=team_trf_file,
    trf_program="arbiter app, FIDE C.04.6 team engine",
    pairer=services.propose_round,
    round_page="team_swiss",
    swapped_page=views.PAGE,
    edit_warnings=edit_warnings,
    rounds_possible=services.rounds_possible,
    team_event=True,
    demo=play,
    stored=TEAM_STORED,
    urls=views.routes.urlpatterns,
)
