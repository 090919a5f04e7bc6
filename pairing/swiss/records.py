"""What the arbiter records before a Swiss round is paired: byes asked for, absences,
withdrawals, forbidden pairs and acceleration. Each is a record replayed at pairing time, never
an edit of the history; each change is audited.
"""

from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.fide_mode import Level, RuleWarning
from arbiter.core.models import Bye, Entry, Round, Tournament
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


def _begun(tournament: Tournament) -> bool:
    """Round 1 is out: a round was published (a draft can still be paired again)."""
    return tournament.rounds.exclude(state=Round.State.DRAFT).exists()


def bye_warnings(entry: Entry, round_number: int, kind: str) -> list[RuleWarning]:
    """What the rules say about a requested bye (spec §1.9): a half-point bye to a player the
    event's regulations make ineligible is refused in FIDE mode, confirmed outside it (Q171-176);
    a second half-point bye is confirmed (Q174); a full-point bye to one player is deprecated,
    acknowledged and recorded with the player's starting number (Q177-Q179)."""
    if kind == PlayerRoundRecord.Kind.HALF_POINT_BYE and entry.no_half_point_byes:
        message = gettext(
            "%(name)s is not eligible for half-point byes under the event's regulations (see "
            "their entry)."
        ) % {"name": entry.name}
        return [RuleWarning(Level.REFUSE if entry.tournament.fide_mode else Level.CONFIRM, message)]
    if kind == PlayerRoundRecord.Kind.HALF_POINT_BYE:
        earlier = Bye.objects.filter(entry=entry, kind=Bye.Kind.HALF_POINT).count()
        earlier += (
            PlayerRoundRecord.objects.filter(entry=entry, kind=kind)
            .exclude(round_number=round_number)
            .count()
        )
        if earlier:
            message = gettext(
                "%(name)s already has a half-point bye: this would be bye number %(count)s."
            ) % {"name": entry.name, "count": earlier + 1}
            return [RuleWarning(Level.CONFIRM, message)]
    if kind == PlayerRoundRecord.Kind.FULL_POINT_BYE:
        message = gettext(
            "A full-point bye to a single player is deprecated by FIDE: give it only where the "
            "regulations of the event say so."
        )
        note = fide_mode.trf_note("FPB", round_number, str(entry.starting_number or entry.name))
        return [RuleWarning(Level.ACKNOWLEDGE, message, note)]
    return []


@transaction.atomic
def set_player_round_record(
    user,
    tournament: Tournament,
    entry: Entry,
    round_number: int,
    kind: str,
    *,
    confirmation: str = "",
) -> None:
    """Record a bye, an absence or a withdrawal for ``round_number``; ``""`` makes them present.
    A bye the rules warn about waits for the arbiter's confirmation (:func:`bye_warnings`)."""
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
    warnings = bye_warnings(entry, round_number, kind)
    fide_mode.require(tournament.fide_mode, warnings, confirmation)
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
        entry.expelled = entry.expelled and entry.withdrawn  # reinstated: no longer expelled
        entry.save(update_fields=["withdrawn", "expelled"])
    shown = PlayerRoundRecord.Kind(kind).label if kind else "plays"
    record(
        user,
        tournament,
        "round.player_record",
        f"Round {round_number}: {entry.name}: {shown}",
        before={"kind": before},
        after={"kind": kind},
        trf_note=next((w.trf_note for w in warnings if w.trf_note), ""),
    )


@transaction.atomic
def forbid_pair(
    user, tournament: Tournament, first: Entry, second: Entry, *, confirmation: str = ""
) -> ForbiddenPair:
    """Rule that two players must not meet from the next round on (C.04.1, [C1]). Prohibited
    pairs are entered before round 1 (TRF-2026 ``260``, Q194-Q195): adding one later is refused
    in FIDE mode (level 5, Q196)."""
    tournament = locked_swiss(tournament)
    if first.pk == second.pk:
        raise SwissError(gettext("Choose two different players."))
    if _begun(tournament):
        late = gettext("Prohibited pairs are entered before round 1 is published.")
        fide_mode.require(tournament.fide_mode, [RuleWarning(Level.REFUSE, late)], confirmation)
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
    user,
    tournament: Tournament,
    entry: Entry,
    first: int,
    last: int,
    points: str,
    *,
    confirmation: str = "",
) -> int:
    """Give ``entry`` ``points`` for pairing only in rounds ``first`` to ``last`` (C.04.7:
    accelerated pairings as the event's regulations define them; TRF ``XXA``); 0 removes them.
    Rounds already paired keep theirs. Returns how many rounds changed. The acceleration is the
    event's method, set before round 1: FIDE mode refuses to change it once round 1 is out
    (level 5, Q109-Q110)."""
    tournament = locked_swiss(tournament)
    if _begun(tournament):
        late = gettext("The acceleration cannot be changed once round 1 is published.")
        fide_mode.require(tournament.fide_mode, [RuleWarning(Level.REFUSE, late)], confirmation)
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
