"""State changes of a tournament itself and of its arbiters."""

from django.db import models, transaction
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import (
    Entry,
    Tournament,
    TournamentArbiter,
    rules_version_for,
    tiebreak_rules_for,
)
from arbiter.core.services.audit import record, snapshot
from arbiter.core.services.entries import renumber_by_rating
from arbiter.core.services.status import has_begun
from arbiter.core.systems import SYSTEMS

#: What the arbiter sets on a tournament: the settings form's fields, and what the audit records.
TOURNAMENT_FIELDS = [
    "name",
    "system",
    "rules_version",
    "start_date",
    "end_date",
    "city",
    "federation",
    "time_control",
    "planned_rounds",
    "tiebreak_rules",
    "tiebreaks",
    "unrated_rating",
    "rating_method",
    "national_federation",
    "initial_order_by_lot",
    "is_published",
]
#: The settings of the initial order (C.04.2), fixed once a round is paired from it.
INITIAL_ORDER_FIELDS = ("rating_method", "national_federation", "initial_order_by_lot")


class TournamentError(Exception):
    """A change the rules of the app do not allow; the message is for the arbiter."""


def system_change_refused(tournament: Tournament, system: str) -> str:
    """Why the tournament cannot take ``system`` ("" when it can): once it has begun, its rounds,
    records and bracket belong to the system they were made by."""
    if system == tournament.system or not has_begun(tournament):
        return ""
    return gettext(
        "The system cannot change once the tournament has begun: it stays %(system)s."
    ) % {"system": tournament.get_system_display()}


def initial_order_change_refused(tournament: Tournament, data: dict) -> str:
    """Why the initial order's settings cannot change ("" when they can): the rounds were
    paired by the starting numbers it gave, and a late entrant is ranked among them by it."""
    changed = any(
        name in data and data[name] != getattr(tournament, name) for name in INITIAL_ORDER_FIELDS
    )
    if not changed or not tournament.rounds.exists():
        return ""
    return gettext(
        "The initial order (rating method, national list, drawing of lots) cannot change once a "
        "round is paired: the starting numbers of the rounds come from it."
    )


@transaction.atomic
def create_tournament(user, data: dict) -> Tournament:
    """A new tournament with `user` as its chief arbiter.

    Without an explicit rule set, the one in force on the start date is chosen (tie-breaks: the
    club rule for a system that has one).
    """
    values = {name: data[name] for name in TOURNAMENT_FIELDS if name in data}
    if not values.get("rules_version"):
        values["rules_version"] = rules_version_for(values.get("start_date"))
    if not values.get("tiebreak_rules"):
        values["tiebreak_rules"] = tiebreak_rules_for(
            values.get("start_date"), values.get("system", "")
        )
    values["fide_mode"] = SYSTEMS[values["system"]].fide_rated
    tournament = Tournament.objects.create(**values)
    TournamentArbiter.objects.create(
        tournament=tournament, user=user, role=TournamentArbiter.Role.CHIEF
    )
    record(
        user,
        tournament,
        "tournament.create",
        f"Created {tournament.name}",
        after=snapshot(tournament, TOURNAMENT_FIELDS),
    )
    return tournament


@transaction.atomic
def update_tournament(user, tournament: Tournament, data: dict) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    refused = system_change_refused(
        tournament, data.get("system", tournament.system)
    ) or initial_order_change_refused(tournament, data)
    if refused:
        raise TournamentError(refused)
    before = snapshot(tournament, TOURNAMENT_FIELDS)
    for name in TOURNAMENT_FIELDS:
        if name in data:
            setattr(tournament, name, data[name])
    if not tournament.rules_version:
        tournament.rules_version = rules_version_for(tournament.start_date)
    if tournament.fide_mode_left_round is None:
        tournament.fide_mode = tournament.pairing_system.fide_rated
    if not tournament.tiebreak_rules:
        tournament.tiebreak_rules = tiebreak_rules_for(tournament.start_date, tournament.system)
    tournament.save()
    after = snapshot(tournament, TOURNAMENT_FIELDS)
    changed = {k: v for k, v in after.items() if before[k] != v}
    if any(name in changed for name in INITIAL_ORDER_FIELDS):
        renumber_by_rating(tournament)  # no round yet: the numbers follow the new order
    if changed:
        record(
            user,
            tournament,
            "tournament.update",
            f"Changed {', '.join(changed)}",
            before={k: before[k] for k in changed},
            after=changed,
        )
    return tournament


def leaving_fide_mode(tournament: Tournament) -> list[fide_mode.RuleWarning]:
    """What leaving FIDE mode means, as the level-4 confirmation states it (Q43-Q45)."""
    return [
        fide_mode.RuleWarning(
            fide_mode.Level.DOUBLE_CONFIRM,
            gettext(
                "Leaving FIDE mode is for good: the tournament can never return to it, every "
                "page marks it, and its TRF records the round it was left at."
            ),
            fide_mode.trf_note("FIDEMODE", last_round_number(tournament), "left"),
        )
    ]


def last_round_number(tournament: Tournament) -> int:
    """The number of the last round paired (0 before round 1): the round a ``###`` record names."""
    return tournament.rounds.aggregate(last=models.Max("number"))["last"] or 0


@transaction.atomic
def leave_fide_mode(
    user, tournament: Tournament, *, confirmation: str = "", seen_version: int | None = None
) -> Tournament:
    """Take the tournament out of FIDE mode, once and for good, after the level-4 confirmation
    (:func:`leaving_fide_mode`); the audit log keeps the ``###`` record its TRF exports write."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.fide_mode:
        raise TournamentError(gettext("The tournament is not in FIDE mode."))
    if seen_version is not None and seen_version != tournament.version:
        raise TournamentError(
            gettext("The tournament changed since the page was loaded: look again, then confirm.")
        )
    warnings = leaving_fide_mode(tournament)
    fide_mode.require(True, warnings, confirmation)
    tournament.fide_mode = False
    tournament.fide_mode_left_round = last_round_number(tournament)
    tournament.save(update_fields=["fide_mode", "fide_mode_left_round", "updated_at"])
    record(
        user,
        tournament,
        "tournament.fide_mode_left",
        f"Left FIDE mode at round {tournament.fide_mode_left_round}",
        before={"fide_mode": True},
        after={"fide_mode": False, "round": tournament.fide_mode_left_round},
        trf_note=warnings[0].trf_note,
    )
    return tournament


@transaction.atomic
def add_deputy(user, tournament: Tournament, deputy) -> TournamentArbiter:
    if TournamentArbiter.objects.filter(tournament=tournament, user=deputy).exists():
        raise TournamentError(
            gettext("%(username)s is already an arbiter of this tournament.")
            % {"username": deputy.username}
        )
    staff = TournamentArbiter.objects.create(
        tournament=tournament, user=deputy, role=TournamentArbiter.Role.DEPUTY
    )
    record(
        user,
        tournament,
        "arbiter.add",
        f"Added deputy arbiter {deputy.username}",
        after={"username": deputy.username, "role": staff.role},
    )
    return staff


@transaction.atomic
def remove_deputy(user, tournament: Tournament, staff_id: int) -> None:
    staff = TournamentArbiter.objects.filter(
        tournament=tournament, pk=staff_id, role=TournamentArbiter.Role.DEPUTY
    ).first()
    if staff is None:
        raise TournamentError(gettext("That deputy arbiter is not on this tournament."))
    staff.delete()
    record(
        user,
        tournament,
        "arbiter.remove",
        f"Removed deputy arbiter {staff.user.username}",
        before={"username": staff.user.username, "role": staff.role},
    )


def what_deleting_loses(tournament: Tournament) -> list[str]:
    """The tournament's contents, as the confirmation before deleting it lists them."""
    from arbiter.core.models import Game

    games = Game.objects.filter(round__tournament=tournament)
    lost = [
        f"{tournament.entries.count()} player(s)",
        f"{tournament.rounds.count()} round(s) with {games.exclude(result='').count()} result(s)",
        f"{tournament.audit_entries.count()} audit log entries",
    ]
    if tournament.is_published:
        lost.append("its public pages and downloads")
    return lost


@transaction.atomic
def delete_tournament(user, tournament: Tournament, typed_name: str) -> None:
    """Delete a tournament and everything in it (a mistaken import, a test event). The chief
    arbiter confirms by typing its name; the audit log keeps one entry saying what went."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if typed_name.strip() != tournament.name:
        raise TournamentError(
            gettext("Type the tournament's name, %(name)s, to delete it.")
            % {"name": repr(tournament.name)}
        )
    lost = what_deleting_loses(tournament)
    before = {**snapshot(tournament, TOURNAMENT_FIELDS), "id": tournament.pk, "lost": lost}
    # The rows that protect the entries they name (games, byes, a system's bouts) go first, in
    # bulk: every model with such a key, whichever room defines it.
    for relation in Entry._meta.related_objects:
        if relation.on_delete is models.PROTECT:
            rows = relation.related_model._default_manager
            rows.filter(**{f"{relation.field.name}__tournament": tournament}).delete()
    # its audit log goes with it, on purpose (the append-only guard is lifted for this alone);
    # the entry below, naming what went, stays
    with audit_log_unlocked():
        tournament.delete()
    record(user, None, "tournament.delete", f"Deleted {before['name']}: " + "; ".join(lost), before)
