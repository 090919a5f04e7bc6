"""The FIDE Dutch Swiss's entry in the registry of systems (arbiter/core/systems.py): C.04.3,
paired one round at a time by the Dutch engine through the round lifecycle."""

from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.systems import Link, PairingSystem, Stored, System, entry_keys
from pairing.rounds import services as rounds
from pairing.rounds.check_in import CHECK_IN
from pairing.rounds.demo import play_rounds
from pairing.swiss import services, views
from pairing.swiss.models import EnginePairing
from pairing.swiss.reasons import pairing_reasons
from pairing.swiss.trf.export import engine_system


def pair_swiss(user, tournament: Tournament, complete: int = 3) -> None:
    """The demo: rounds paired by the Dutch engine through the pairing page's services,
    ``complete`` rounds with results, then the next one left as a draft to review."""
    tournament.initial_colour = "w"
    tournament.save(update_fields=["initial_colour"])
    for _round in range(complete):
        rounds.publish_round(user, rounds.pair_next_round(user, tournament))
        play_rounds(user, tournament, rounds=tournament.rounds.count())
    rounds.pair_next_round(user, tournament)


def _boards(value, entry):
    return [[entry(white), entry(black)] for white, black in value]


SWISS_DUTCH = PairingSystem(
    code=System.SWISS_DUTCH,
    label=System.SWISS_DUTCH.label,
    schema_value="swiss_dutch",
    arbiter_pages=(
        Link(_("Pairing"), "swiss"),
        Link("TRF-2026", "trf_export", ("2026",), download=True),
        Link("TRF-16", "trf_export", ("16",), download=True),
    ),
    default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
    numbers_follow_ranking_through_round=3,
    fide_rated=True,
    trf_type=engine_system,
    trf_program="arbiter app, FIDE Dutch engine",
    pairer=services.propose_round,
    round_page="swiss",
    swapped_page=views.PAGE,
    engine_record=EnginePairing,
    pairing_reasons=pairing_reasons,
    publish_notes=services.publish_notes,
    edit_warnings=services.edit_warnings,
    recheck_round=services.recheck_round,
    rounds_possible=services.rounds_possible,
    demo=pair_swiss,
    check_in=CHECK_IN,
    stored=(
        Stored("pairing.PlayerRoundRecord", "tournament"),
        Stored("pairing.ForbiddenPair", "tournament"),
        Stored(
            "pairing.EnginePairing",
            "round__tournament",
            {"boards": _boards, "explanations": entry_keys},
        ),
        Stored("pairing.Acceleration", "tournament"),
        Stored("pairing.TrfSource", "tournament"),
        Stored("pairing.TrfPlayerColumns", "entry__tournament"),
        Stored("pairing.TrfRoundBlock", "entry__tournament"),
        Stored("pairing.RoundCheckIn", "entry__tournament"),
    ),
    urls=views.routes.urlpatterns,
)
