"""The Swedish attendance Monrad's entry in the registry of systems (arbiter/core/systems.py):
club evenings where only the members present are paired."""

import random

from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.systems import CheckIn, Link, PairingSystem, Stored, System
from pairing.monrad import services, views
from pairing.monrad.models import MonradPairing
from pairing.rounds import services as rounds
from pairing.rounds.demo import play_rounds


def club_evenings(user, tournament: Tournament, evenings: int = 2) -> None:
    """The demo: evenings through the club evening's services; a different few stay home each
    time, a newcomer joins on the second evening, and the next evening's check-in has begun."""
    rng = random.Random(2026)
    members = list(tournament.entries.order_by("name"))
    for evening in range(1, evenings + 1):
        for entry in members:
            if rng.random() < 0.8:
                services.set_present(user, tournament, entry, True)
        if evening == 2:
            members.append(services.add_late_member(user, tournament, "Ekström, Vera", 1450))
        rounds.pair_next_round(user, tournament)
        play_rounds(user, tournament, rounds=evening)
    for entry in members[:5]:
        services.set_present(user, tournament, entry, True)


def _boards(value, entry):
    return [[entry(white), entry(black), *rest] for white, black, *rest in value]


MONRAD = PairingSystem(
    code=System.MONRAD,
    label=System.MONRAD.label,
    schema_value="monrad",
    arbiter_pages=(Link(_("Club evening"), "monrad"),),
    default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
    number_name=_("card number"),
    starting_list_order="number",
    pairer=services.propose_evening,
    round_page="monrad",
    swapped_page=views.PAGE,
    engine_record=MonradPairing,
    publish_notes=services.publish_notes,
    club_rules=services.club_rules,
    demo=club_evenings,
    check_in=CheckIn(
        next_round=services.next_evening,
        present=services.present_ids,
        set_present=services.check_in,
        page="monrad",
    ),
    stored=(
        Stored("pairing.MonradSettings", "tournament"),
        Stored("pairing.MonradCheckIn", "tournament"),
        Stored("pairing.MonradPairing", "round__tournament", {"boards": _boards}),
    ),
    urls=views.routes.urlpatterns,
)
