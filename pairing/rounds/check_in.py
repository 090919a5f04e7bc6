"""The check-in of the next round for the systems that pair one round at a time without an
attendance of their own (the Swiss): who is in, given by the player from their card or by an
arbiter (docs/venue.md, "Check-in"). Its registry entry's ``check_in`` is :data:`CHECK_IN`.

The check-in is open for the round after the last one paired (a draft closes it), up to the
planned rounds. It says who is here; the pairing stays the arbiter's: a player who has not
checked in is paired until the arbiter marks them absent (a Swiss player may come late, FIDE's
default time), and the arbiter sees who is missing before pairing.

Each change locks the tournament first (the round lifecycle's lock order), names the round the
page showed and is refused once another is open, sets a state (in or out, never a toggle: a
second click changes nothing), and is audited.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import Entry, Tournament
from arbiter.core.services.audit import record
from arbiter.core.systems import CheckIn
from pairing.rounds.models import RoundCheckIn
from pairing.rounds.services import RoundError, locked_tournament


def next_round(tournament: Tournament) -> int | None:
    """The round whose check-in is open: the one after the last round paired, None once the
    planned rounds are all paired."""
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    number = (last or 0) + 1
    if tournament.planned_rounds and number > tournament.planned_rounds:
        return None
    return number


def present(tournament: Tournament, number: int) -> set[int]:
    """The entries checked in for round ``number``."""
    return set(
        RoundCheckIn.objects.filter(entry__tournament=tournament, round_number=number).values_list(
            "entry_id", flat=True
        )
    )


def open_round(tournament: Tournament, number: int | None, opened: int | None) -> int:
    """The round a check-in is for: ``number``, the one the page showed, as long as it is the
    one open (``opened``); refused otherwise, saying which is."""
    if opened is None:
        raise RoundError(gettext("Every round is paired: there is no check-in any more."))
    if number is not None and number != opened:
        raise RoundError(
            gettext(
                "The check-in is for round %(open)s now (the page showed round %(shown)s): "
                "look again."
            )
            % {"open": opened, "shown": number}
        )
    return opened


@transaction.atomic
def set_present(
    user,
    tournament: Tournament,
    entry: Entry,
    present: bool,
    *,
    by_player: bool = False,
    number: int | None = None,
) -> bool:
    """Check the player in for the round open (``number``: the one the page showed), or out
    again; whether anything changed."""
    tournament = locked_tournament(tournament)
    if entry.tournament_id != tournament.pk:
        raise RoundError(
            gettext("%(name)s does not play in this tournament.") % {"name": entry.name}
        )
    number = open_round(tournament, number, next_round(tournament))
    entry = Entry.objects.get(pk=entry.pk)
    if present and entry.withdrawn:
        raise RoundError(gettext("%(name)s has withdrawn from the event.") % {"name": entry.name})
    existing = RoundCheckIn.objects.filter(entry=entry, round_number=number)
    if present == existing.exists():
        return False
    if present:
        RoundCheckIn.objects.create(entry=entry, round_number=number, by_player=by_player)
    else:
        existing.delete()
    who = " (by scanning their card)" if by_player else ""
    record(
        user,
        tournament,
        "round.check_in" if present else "round.check_out",
        f"Round {number}: {entry.name} {'in' if present else 'not in'}{who}",
        after={"round": number, "entry": entry.pk, "present": present, "by_player": by_player},
        moves_version=False,
    )
    return True


#: The check-in of the Swiss (and of any system that names it).
CHECK_IN = CheckIn(next_round=next_round, present=present, set_present=set_present)
