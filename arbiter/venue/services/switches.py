"""A tournament's switches of the players' side (docs/venue.md, "Switches"): whether players
check in by scanning their card, and whether they give their results from their phones. Off
until an arbiter turns them on; each change is audited and names the version its page showed,
refused when another arbiter changed them since."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import Tournament
from arbiter.core.services.audit import record
from arbiter.venue.models import VenueSettings

SWITCHES = ("self_check_in", "players_results")


class StaleSwitches(Exception):
    """The page showed an older version of the switches; the message says so."""


def settings_of(tournament: Tournament) -> VenueSettings:
    """The tournament's switches: its row, or the defaults (all off, unsaved)."""
    found = VenueSettings.objects.filter(tournament=tournament).first()
    return found or VenueSettings(tournament=tournament)


@transaction.atomic
def update_switches(
    user,
    tournament: Tournament,
    *,
    seen: int,
    self_check_in: bool | None = None,
    players_results: bool | None = None,
) -> VenueSettings:
    """Set the switches (None: as it is) from a page that showed version ``seen``; audited
    when anything changed."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    current, _created = VenueSettings.objects.select_for_update().get_or_create(
        tournament=tournament
    )
    if seen != current.version:
        raise StaleSwitches(
            gettext(
                "Another arbiter changed these switches since this page was loaded; they are "
                "shown as they are now. Choose again."
            )
        )
    values = {"self_check_in": self_check_in, "players_results": players_results}
    before = {name: getattr(current, name) for name in SWITCHES}
    after = {name: before[name] if values[name] is None else values[name] for name in SWITCHES}
    if after == before:
        return current
    for name, value in after.items():
        setattr(current, name, value)
    current.version += 1
    current.save()
    said = ", ".join(f"{name} {'on' if after[name] else 'off'}" for name in SWITCHES)
    record(
        user,
        tournament,
        "venue.switches",
        f"Players' side: {said}",
        before=before,
        after=after,
        moves_version=False,
    )
    return current
