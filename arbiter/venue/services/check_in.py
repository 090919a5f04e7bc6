"""Checking in for the next round through the system's own check-in (its registry entry's
``check_in``, arbiter/core/systems.py): from the player's card, when the tournament's switch
allows it, or by an arbiter (docs/venue.md, "Check-in")."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from arbiter.core.models import Entry, Tournament
from arbiter.venue.services.switches import settings_of
from pairing.rounds.services import RoundError


class CheckInRefused(Exception):
    """The check-in cannot be taken; the message says why, for the player or the arbiter."""


@dataclass(frozen=True)
class Attendance:
    """Who is in for the round open (``number``; None: no round is open): ``present`` the
    entry ids checked in; ``page`` the system's own attendance page, if it has one."""

    number: int | None
    present: frozenset[int]
    page: str = ""


def attendance(tournament: Tournament) -> Attendance | None:
    """The check-in of the tournament's next round; None when its system has none."""
    way = tournament.pairing_system.check_in
    if way is None:
        return None
    number = way.next_round(tournament)
    present = frozenset(way.present(tournament, number)) if number is not None else frozenset()
    return Attendance(number, present, way.page)


def player_may_check_in(tournament: Tournament) -> bool:
    """The tournament lets its players check in from their cards, and its system has a
    check-in."""
    return tournament.pairing_system.check_in is not None and settings_of(tournament).self_check_in


def _set(user, entry: Entry, present: bool, number: int | None, by_player: bool) -> bool:
    tournament = entry.tournament
    way = tournament.pairing_system.check_in
    if way is None:
        raise CheckInRefused(gettext("This tournament has no check-in."))
    try:
        return way.set_present(user, tournament, entry, present, by_player=by_player, number=number)
    except RoundError as error:
        raise CheckInRefused(str(error)) from error


def check_in_from_card(entry: Entry, present: bool, number: int | None) -> bool:
    """The player checks in (or out) for round ``number`` from their card: refused unless the
    tournament's switch is on. Whether anything changed; audited by the system's check-in,
    with no user (the card's secret is who acted)."""
    if not settings_of(entry.tournament).self_check_in:
        raise CheckInRefused(
            gettext("The arbiter has not opened the check-in by card: check in at the desk.")
        )
    return _set(None, entry, present, number, by_player=True)


def check_in_by_arbiter(user, entry: Entry, present: bool, number: int | None) -> bool:
    """An arbiter checks a player in or out (the switch is for the players' cards only)."""
    return _set(user, entry, present, number, by_player=False)
