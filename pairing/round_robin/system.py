"""The round robin's entry in the registry of systems (arbiter/core/systems.py): FIDE's Berger
tables (C.05 Annex 1), starting numbers drawn by lot with the Varma tables (C.05 Annex 2)."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.systems import Link, PairingSystem, Stored, System
from pairing.round_robin import services, views
from pairing.round_robin.models import LotDrawing
from pairing.rounds.demo import play_rounds


def round_robin_type(tournament: Tournament) -> str:
    """The ``192`` tournament type of a round robin (ETT26): the FIDE Berger tables of C.05
    Annex 1 (pairing/engines/berger.py), ``FIDE_ROUNDROBIN``; twice, the second cycle with
    colours reversed: ``FIDE_DOUBLEROUNDROBIN`` with the last two rounds of the first cycle
    swapped, as FIDE recommends, else ``BERGER_DOUBLEROUNDROBIN``."""
    drawing = LotDrawing.objects.filter(tournament=tournament).first()
    if drawing is None or not drawing.double_round_robin:
        return "FIDE_ROUNDROBIN"
    return "FIDE_DOUBLEROUNDROBIN" if drawing.swap_last_two_rounds else "BERGER_DOUBLEROUNDROBIN"


def rounds_possible(tournament: Tournament, players: int) -> int:
    """A cycle has one round fewer than the players, or as many when they are odd; a double
    round robin (chosen at the drawing of lots) two cycles."""
    drawing = LotDrawing.objects.filter(tournament=tournament).first()
    cycles = 2 if drawing is not None and drawing.double_round_robin else 1
    return (players - 1 + players % 2) * cycles


def draw_lots(user, tournament: Tournament) -> None:
    """The demo: the drawing of lots done by the app with a fixed seed, confirmed, and the
    first four rounds played."""
    drawing = services.start_drawing(user, tournament, seed=2026)
    for step in range(tournament.entries.count()):
        services.draw_for_player(user, drawing, step)
    services.confirm_drawing(user, drawing)
    play_rounds(user, tournament, rounds=4)


ROUND_ROBIN = PairingSystem(
    code=System.ROUND_ROBIN,
    label=System.ROUND_ROBIN.label,
    schema_value="round_robin",
    arbiter_pages=(
        Link(_("Drawing of lots"), "drawing"),
        Link("TRF-2026", "trf_export", ("2026",), download=True),
        Link("TRF-16", "trf_export", ("16",), download=True),
    ),
    crosstable="berger",
    default_tiebreaks=("DE", "SB", "WIN", "KS"),
    all_play_all=True,
    live_standings=False,
    starting_list_order="number",
    # the free round of an odd field is a game against Berger's "dummy": no point
    pairing_allocated_bye_points=Decimal(0),
    closed_once_rounds_exist=True,
    fide_rated=True,
    trf_type=round_robin_type,
    trf_program="arbiter app, FIDE Berger tables",
    rounds_possible=rounds_possible,
    demo=draw_lots,
    stored=(
        Stored("pairing.LotDrawing", "tournament"),
        Stored("pairing.LotPick", "drawing__tournament"),
    ),
    urls=views.routes.urlpatterns,
)
