"""The team round robin's entry in the registry of systems (arbiter/core/systems.py): FIDE's
Berger tables (C.05 Annex 1) on the teams' pairing numbers, single or double, each round's
matches made from the teams' lineups and paired one round at a time through the round lifecycle
(docs/teams.md, "Team round robin")."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.systems import Link, PairingSystem, Stored, System
from arbiter.teams.pages import PUBLIC_PAGES
from arbiter.teams.trf_export import team_trf_file
from pairing.team_round_robin import services, views
from pairing.team_rounds.demo import make_teams, play_team_rounds
from pairing.team_rounds.services import edit_warnings

#: The pages of a team event that the team room builds (arbiter/teams/views.py).
TEAM_PAGES = (Link(_("Teams"), "teams"), Link(_("Lineups"), "lineups"))

#: What the team systems store beside the core's team matches.
TEAM_STORED = (Stored("pairing.EmptyBoard", "match__round__tournament"),)


def play(user, tournament: Tournament) -> None:
    """The demo: teams made of the players when there are none, four rounds played, the fifth
    left as a draft."""
    make_teams(user, tournament)
    play_team_rounds(user, tournament, complete=4)


TEAM_ROUND_ROBIN = PairingSystem(
    code=System.TEAM_ROUND_ROBIN,
    label=System.TEAM_ROUND_ROBIN.label,
    schema_value="team_round_robin",
    arbiter_pages=(Link(_("Pairing"), "team_round_robin"), *TEAM_PAGES),
    public_pages=PUBLIC_PAGES,
    crosstable="berger",
    all_play_all=True,
    live_standings=False,
    default_tiebreaks=("DE", "SB", "WIN", "KS"),
    starting_list_order="number",
    # the free round of an odd field (Berger's "dummy") is no game: the team bye's points are
    # the event's (TeamSettings); a player of the team scores nothing
    pairing_allocated_bye_points=Decimal(0),
    trf_type=services.round_robin_type,
    trf_file=team_trf_file,
    trf_program="arbiter app, FIDE Berger tables for teams",
    pairer=services.propose_round,
    round_page="team_round_robin",
    swapped_page=views.PAGE,
    edit_warnings=edit_warnings,
    rounds_possible=services.rounds_possible,
    team_event=True,
    demo=play,
    stored=TEAM_STORED,
    urls=views.routes.urlpatterns,
)
