"""The demo's players' side (docs/venue.md): a tournament with its switches on and a few players
checked in for the next round from their cards, so the arbiter's check-in list and a card show
what the venue looks like."""

from __future__ import annotations

from arbiter.core.models import Tournament
from arbiter.venue.services.check_in import attendance, check_in_from_card
from arbiter.venue.services.switches import settings_of, update_switches


def open_the_cards(user, tournament: Tournament, scanned: int = 3) -> None:
    """Turn the tournament's switches on and check ``scanned`` players in by their cards for the
    round open (those the arbiter has not checked in already)."""
    update_switches(
        user,
        tournament,
        seen=settings_of(tournament).version,
        self_check_in=True,
        players_results=True,
    )
    taken = attendance(tournament)
    if taken is None or taken.number is None:
        return
    waiting = tournament.entries.filter(withdrawn=False).exclude(pk__in=taken.present)
    for entry in waiting.order_by("name")[:scanned]:
        check_in_from_card(entry, True, taken.number)
