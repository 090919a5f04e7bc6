"""What the arbiter records before a Swiss round is paired: byes asked for, absences,
withdrawals, forbidden pairs and acceleration. Each is a record replayed at pairing time, never
an edit of the history; each change is audited.
"""

from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import Entry, Tournament
from arbiter.core.services.audit import record, save_recorded
from arbiter.core.systems import System
from pairing.engines.messages import N_
from pairing.rounds.services import RoundError, locked_tournament
from pairing.swiss.models import Acceleration, ForbiddenPair, PlayerRoundRecord


class SwissError(RoundError):
    """A record the Swiss cannot take now; the message is for the arbiter."""


def locked_swiss(tournament: Tournament) -> Tournament:
    tournament = locked_tournament(tournament)
    if tournament.system != System.SWISS_DUTCH:
        raise SwissError(gettext("Only a FIDE Dutch Swiss keeps these records."))
    return tournament


def _check_unpaired(tournament: Tournament, round_number: int) -> None:
    if round_number > settings.MAX_ROUNDS:
        raise SwissError(
            gettext("Round %(number)s: a tournament has at most %(most)s rounds (MAX_ROUNDS).")
            % {"number": round_number, "most": settings.MAX_ROUNDS}
        )
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    if round_number <= last:
        raise SwissError(
            gettext("Round %(number)s is already paired: delete its draft to change who plays.")
            % {"number": round_number}
        )


@transaction.atomic
def set_player_round_record(
    user, tournament: Tournament, entry: Entry, round_number: int, kind: str
) -> None:
    """Record a bye, an absence or a withdrawal for ``round_number``; ``""`` makes them present."""
    tournament = locked_swiss(tournament)
    _check_unpaired(tournament, round_number)
    if kind and kind not in PlayerRoundRecord.Kind.values:
        raise SwissError(
            gettext("%(kind)s is not a kind of bye or absence.") % {"kind": repr(kind)}
        )
    current = PlayerRoundRecord.objects.filter(entry=entry, round_number=round_number).first()
    before = current.kind if current else ""
    if before == kind:
        return
    if current:
        current.delete()
    if kind:
        PlayerRoundRecord.objects.create(
            tournament=tournament,
            entry=entry,
            round_number=round_number,
            kind=kind,
            created_by=user if user.is_authenticated else None,
        )
    if kind == PlayerRoundRecord.Kind.WITHDRAWN or before == PlayerRoundRecord.Kind.WITHDRAWN:
        entry.withdrawn = kind == PlayerRoundRecord.Kind.WITHDRAWN
        entry.save(update_fields=["withdrawn"])
    shown = PlayerRoundRecord.Kind(kind).label if kind else "plays"
    record(
        user,
        tournament,
        "round.player_record",
        f"Round {round_number}: {entry.name}: {shown}",
        before={"kind": before},
        after={"kind": kind},
    )


@transaction.atomic
def forbid_pair(user, tournament: Tournament, first: Entry, second: Entry) -> ForbiddenPair:
    """Rule that two players must not meet from the next round on (C.04.1, [C1])."""
    tournament = locked_swiss(tournament)
    if first.pk == second.pk:
        raise SwissError(gettext("Choose two different players."))
    low, high = sorted((first, second), key=lambda e: e.pk)
    pair, created = ForbiddenPair.objects.get_or_create(
        tournament=tournament,
        first=low,
        second=high,
        defaults={"created_by": user if user.is_authenticated else None},
    )
    if created:
        record(
            user,
            tournament,
            "pair.forbid",
            f"{low.name} and {high.name} may not meet",
            after={"forbidden": [low.pk, high.pk]},
        )
    return pair


@transaction.atomic
def allow_pair(user, pair: ForbiddenPair) -> None:
    tournament = locked_swiss(pair.tournament)
    names = f"{pair.first.name} and {pair.second.name}"
    if ForbiddenPair.objects.filter(pk=pair.pk).delete()[0]:
        record(
            user,
            tournament,
            "pair.allow",
            f"{names} may meet again",
            before={"forbidden": [pair.first_id, pair.second_id]},
        )


@transaction.atomic
def set_baku_acceleration(user, tournament: Tournament, on: bool) -> None:
    """Baku acceleration (C.04.7) can only be chosen before the first round is paired."""
    tournament = locked_swiss(tournament)
    if tournament.baku_acceleration == on:
        return
    if tournament.rounds.exists():
        raise SwissError(gettext("Acceleration is chosen before round 1 is paired."))
    if on and Acceleration.objects.filter(tournament=tournament).exists():
        raise SwissError(
            gettext("Players have accelerations of their own: remove them before choosing Baku.")
        )
    summary = f"Baku acceleration {'on' if on else 'off'}"
    save_recorded(
        user, tournament, "tournament.acceleration", summary, tournament, baku_acceleration=on
    )


#: The arbiter's choices for the colour of the top player in round 1 (C.04.3 art. 5.2.5).
#: Marked for translation, shown through gettext (the audit log keeps the English word).
INITIAL_COLOURS = {"": N_("drawn by lot"), "w": N_("White"), "b": N_("Black")}


@transaction.atomic
def set_initial_colour(user, tournament: Tournament, colour: str) -> None:
    """Choose the colour of the top player in round 1, or (``""``) leave it to a lot drawn
    when round 1 is paired (C.04.3 art. 5.2.5: the initial colour is drawn by lot, or chosen
    where the regulations of the event say so). Only before round 1 is paired."""
    tournament = locked_swiss(tournament)
    if colour not in INITIAL_COLOURS:
        raise SwissError(
            gettext("The top player's colour in round 1 is White (w), Black (b) or drawn.")
        )
    if tournament.initial_colour == colour:
        return
    if tournament.rounds.exists():
        raise SwissError(gettext("The initial colour is chosen before round 1 is paired."))
    summary = f"Top player's colour in round 1: {INITIAL_COLOURS[colour]}"
    save_recorded(
        user, tournament, "tournament.initial_colour", summary, tournament, initial_colour=colour
    )


@transaction.atomic
def score_missed_rounds(user, tournament: Tournament, entry: Entry, kind: str) -> int:
    """Give a late entrant the points the regulations give for the rounds they missed.

    ``kind`` is ``"H"`` (half a point each, where the regulations allow it) or ``"Z"`` (zero,
    the default of a blank). Each paired round the entry took no part in gets a bye of that kind;
    returns how many. Rounds already scored this way are changed to the new kind.
    """
    from arbiter.core.models import Bye, Round

    tournament = locked_swiss(tournament)
    if kind not in ("H", "Z"):
        raise SwissError(gettext("Missed rounds score half a point (H) or nothing (Z)."))
    rounds = (
        tournament.rounds.exclude(state=Round.State.DRAFT)
        .exclude(games__white=entry)
        .exclude(games__black=entry)
    )
    count = 0
    for round_ in rounds:
        current = round_.byes.filter(entry=entry).first()
        if current is None:
            Bye.objects.create(round=round_, entry=entry, kind=kind)
        elif current.kind in ("H", "Z") and current.kind != kind:
            current.kind = kind
            current.save(update_fields=["kind"])
        else:
            continue
        count += 1
    if count:
        label = "half a point" if kind == "H" else "zero"
        record(
            user,
            tournament,
            "entry.missed_rounds",
            f"{entry.name}: {count} missed round(s) scored {label}",
            after={"kind": kind, "rounds": count},
        )
    return count


@transaction.atomic
def set_acceleration(
    user, tournament: Tournament, entry: Entry, first: int, last: int, points: str
) -> int:
    """Give ``entry`` ``points`` for pairing only in rounds ``first`` to ``last`` (C.04.7:
    accelerated pairings as the event's regulations define them; TRF ``XXA``); 0 removes them.
    Rounds already paired keep theirs. Returns how many rounds changed."""
    tournament = locked_swiss(tournament)
    try:
        value = Decimal(str(points).strip().replace(",", "."))
    except InvalidOperation:
        raise SwissError(
            gettext("%(points)s is not a number of points.") % {"points": repr(points)}
        ) from None
    if not value.is_finite() or value < 0 or value > 99 or value != value.quantize(Decimal("0.1")):
        raise SwissError(gettext("Acceleration points are 0 to 99, in tenths at most (1, 0.5)."))
    if not 1 <= first <= last:
        raise SwissError(gettext("The rounds run from the first to the last, from round 1."))
    _check_unpaired(tournament, last)
    _check_unpaired(tournament, first)
    if tournament.baku_acceleration:
        raise SwissError(
            gettext("Baku acceleration is on: turn it off to accelerate players by hand.")
        )
    stored = Acceleration.objects.filter(
        entry=entry, round_number__gte=first, round_number__lte=last
    )
    before = {str(a.round_number): str(a.points) for a in stored}
    stored.delete()
    if value:
        Acceleration.objects.bulk_create(
            Acceleration(
                tournament=tournament,
                entry=entry,
                round_number=number,
                points=value,
                created_by=user if user is not None and user.is_authenticated else None,
            )
            for number in range(first, last + 1)
        )
    after = {str(number): str(value) for number in range(first, last + 1)} if value else {}
    if before == after:
        return 0
    record(
        user,
        tournament,
        "entry.acceleration",
        f"{entry.name}: {value} acceleration point(s) in rounds {first}-{last}"
        if value
        else f"{entry.name}: no acceleration in rounds {first}-{last}",
        before={"entry": entry.pk, "points": before},
        after={"entry": entry.pk, "points": after},
    )
    return last - first + 1
