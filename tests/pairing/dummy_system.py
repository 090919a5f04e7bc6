"""A fifth system, made only for the tests, as docs/adding-a-system.md says to add one: an
entry of the registry with its pairer, its page and its URL, and nothing else anywhere.

It pairs the next round by starting number, the players not yet paired in this round taken two
by two (1-2, 3-4, ...; an odd field's last player gets the pairing-allocated bye): enough to go
through the round lifecycle, the pages, the backup and the exports every system shares.
"""

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from arbiter.core.access import tournament_arbiter_required
from arbiter.core.models import Tournament
from arbiter.core.systems import Link, PairingSystem
from arbiter.platform.routes import Routes
from pairing.rounds import services as rounds
from pairing.rounds.demo import play_rounds
from pairing.rounds.swapped_page import SwappedPage

CODE = "dummy"
routes = Routes("arbiter/t/<int:tournament_id>/dummy/")


def propose_round(user, tournament: Tournament, number: int) -> rounds.Proposal:
    """Pair by starting number: 1-2, 3-4, ...; the last of an odd field gets the bye."""
    entries = tournament.entries.filter(withdrawn=False).order_by("starting_number", "pk")
    ids = list(entries.values_list("pk", flat=True))
    bye = ids.pop() if len(ids) % 2 else None
    boards = list(zip(ids[::2], ids[1::2], strict=True))
    return rounds.Proposal(boards=boards, summary=f"Round {number} paired by number", bye=bye)


def play(user, tournament: Tournament) -> None:
    """The demo: two rounds paired, published and played, a third left as a draft."""
    for number in (1, 2):
        rounds.publish_round(user, rounds.pair_next_round(user, tournament))
        play_rounds(user, tournament, rounds=number)
    rounds.pair_next_round(user, tournament)


@routes.get("", name="dummy_page")
@tournament_arbiter_required
def dummy_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The system's own page: its rounds, as plain text."""
    names = ", ".join(str(r.number) for r in tournament.rounds.order_by("number"))
    return HttpResponse(f"{tournament.name}: rounds {names}", content_type="text/plain")


DUMMY = PairingSystem(
    code=CODE,
    label="Dummy (by starting number)",
    schema_value="dummy",
    arbiter_pages=(Link(_("Pairing"), "dummy_page"),),
    default_tiebreaks=("BH", "SB"),
    pairer=propose_round,
    round_page="dummy_page",
    swapped_page=SwappedPage("dummy_page", "", "", lambda tournament: {}, (rounds.RoundError,)),
    demo=play,
    urls=routes.urlpatterns,
)
