"""The knockout's entry in the registry of systems (arbiter/core/systems.py): a bracket with
its bouts instead of rounds, placings instead of points (judo and the other combat sports)."""

from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.systems import Link, PairingSystem, Stored, System, entry_keys
from pairing.knockout import services, views


def fight_first_round(user, tournament: Tournament) -> None:
    """The demo: seed two, draw (a fixed random seed) and fight the first round; the
    better-numbered competitor wins each, so the quarter-finals wait on the bracket page."""
    first, second = tournament.entries.order_by("name")[:2]
    services.set_seeds(user, tournament, {first.pk: 1, second.pk: 2})
    services.draw_bracket(user, tournament, random_seed=2026)
    state = services.sheet(tournament).state
    for ms in [m for m in state.ready() if m.match.round == 1]:
        services.record_bout(user, tournament, ms.match.id, int(ms.a))


def _slots(value, entry):
    return [entry(slot) if slot is not None else None for slot in value]


def _log(value, entry):
    return [{**step, "competitor": str(entry(int(step["competitor"])))} for step in value]


KNOCKOUT = PairingSystem(
    code=System.KNOCKOUT,
    label=System.KNOCKOUT.label,
    schema_value="knockout",
    arbiter_pages=(Link(_("Bracket"), "bracket"),),
    public_pages=(
        Link(_("Bracket"), "public_bracket"),
        Link(_("Standings"), "public_standings"),
        Link(_("bracket (PDF)"), "public_bracket_pdf", download=True),
    ),
    has_rounds=False,
    crosstable="",
    placings=services.placings,
    progress=services.progress,
    demo=fight_first_round,
    bouts=services.bouts,
    people=_("Competitors"),
    add_person=_("Add competitor"),
    chess_fields=False,
    stored=(
        Stored(
            "pairing.Bracket",
            "tournament",
            {"seeds": entry_keys, "placed": entry_keys, "slots": _slots, "log": _log},
        ),
        Stored("pairing.Bout", "bracket__tournament"),
    ),
    urls=views.routes.urlpatterns,
    public_urls=views.public_routes.urlpatterns,
)
