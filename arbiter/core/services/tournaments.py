"""State changes of a tournament itself and of its arbiters."""

from django.db import models, transaction
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.audit_guard import audit_log_unlocked
from arbiter.core.models import (
    Entry,
    Team,
    TiebreakRules,
    Tournament,
    TournamentArbiter,
    rules_version_for,
    tiebreak_rules_for,
)
from arbiter.core.services.audit import record, snapshot
from arbiter.core.services.entries import renumber_by_rating
from arbiter.core.services.status import has_begun
from arbiter.core.standings import check_tiebreaks, tiebreak_codes
from arbiter.core.systems import SYSTEMS
from pairing.engines import tiebreaks as tb
from pairing.engines import time_control

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
    "rating_type",
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
    club rule for a system that has one); without a rating type, the one of its time control.
    """
    values = {name: data[name] for name in TOURNAMENT_FIELDS if name in data}
    _check_tiebreak_list(Tournament(**values))
    if not values.get("rules_version"):
        values["rules_version"] = rules_version_for(values.get("start_date"))
    if not values.get("tiebreak_rules"):
        values["tiebreak_rules"] = tiebreak_rules_for(
            values.get("start_date"), values.get("system", "")
        )
    if not values.get("rating_type"):
        values["rating_type"] = time_control.rating_type(values.get("time_control", ""))
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
def update_tournament(
    user, tournament: Tournament, data: dict, *, confirmation: str = ""
) -> Tournament:
    """Change the tournament's settings. After the start, a new number of rounds or tie-break
    list asks for the rules' confirmation first (:func:`changing_settings`) and writes its
    ``###`` records into the TRF."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    refused = system_change_refused(
        tournament, data.get("system", tournament.system)
    ) or initial_order_change_refused(tournament, data)
    if refused:
        raise TournamentError(refused)
    before = snapshot(tournament, TOURNAMENT_FIELDS)
    previous = Tournament(**{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS})
    for name in TOURNAMENT_FIELDS:
        if name in data:
            setattr(tournament, name, data[name])
    if not tournament.rules_version:
        tournament.rules_version = rules_version_for(tournament.start_date)
    if not tournament.rating_type:
        tournament.rating_type = time_control.rating_type(tournament.time_control)
    if tournament.fide_mode_left_round is None:
        tournament.fide_mode = tournament.pairing_system.fide_rated
    if not tournament.tiebreak_rules:
        tournament.tiebreak_rules = tiebreak_rules_for(tournament.start_date, tournament.system)
    _check_tiebreak_list(tournament)
    warnings = changing_settings(previous, tournament)
    fide_mode.require(tournament.fide_mode, warnings, confirmation)
    tournament.save()
    after = snapshot(tournament, TOURNAMENT_FIELDS)
    changed = {k: v for k, v in after.items() if before[k] != v}
    if any(name in changed for name in INITIAL_ORDER_FIELDS):
        renumber_by_rating(tournament)  # no round yet: the numbers follow the new order
    notes = [w.trf_note for w in warnings if w.trf_note]
    if changed:
        record(
            user,
            tournament,
            "tournament.update",
            f"Changed {', '.join(changed)}",
            before={k: before[k] for k in changed},
            after=changed,
            trf_note=notes[0] if notes else "",
        )
    # an audit entry keeps one ``###`` record: a second one (rounds and tie-breaks changed at
    # once) has its own entry
    for note in notes[1:]:
        record(user, tournament, "tournament.trf_note", note, after={}, trf_note=note)
    return tournament


def _check_tiebreak_list(tournament: Tournament) -> None:
    """Refuse codes the system does not offer: a round robin never ranks by Buchholz, Fore
    Buchholz or AOB (C.07 Art. 8; checklist Q105, a hard fail), whatever the page sent."""
    codes = tournament.tiebreaks.split()
    rules = tournament.tiebreak_rules or tiebreak_rules_for(
        tournament.start_date, tournament.system
    )
    if not codes or tournament.system not in SYSTEMS or rules == TiebreakRules.CLUB:
        return
    try:
        check_tiebreaks(codes, rules, tournament.pairing_system)
    except ValueError as error:
        raise TournamentError(str(error)) from error


def changing_settings(before: Tournament, after: Tournament) -> list[fide_mode.RuleWarning]:
    """What the rules say about a change of settings once the tournament has begun (spec §1.4):
    a new number of rounds is confirmed in two steps and recorded (Q57-Q59), and when it makes
    the last paired round final or no longer final the engine pairs that round again: a
    pairing that is now wrong is confirmed and recorded too (Q60-Q61); a new tie-break list is
    confirmed in two steps and recorded with the previous one (TRF ``202``, Q201-Q202). FIDE's
    rules: a system FIDE does not rate (a Monrad club evening, a judo bracket) is not asked."""
    if after.pk is None or not after.pairing_system.fide_rated or not has_begun(after):
        return []
    last = last_round_number(after)
    warnings = []
    if before.planned_rounds != after.planned_rounds:
        old, new = before.planned_rounds or "-", after.planned_rounds or "-"
        warnings.append(
            fide_mode.RuleWarning(
                fide_mode.Level.DOUBLE_CONFIRM,
                gettext("The number of rounds changes after the start, from %(old)s to %(new)s.")
                % {"old": old, "new": new},
                fide_mode.trf_note("Configuration", last, f"rounds {old} -> {new}"),
            )
        )
        warnings += _last_round_rechecked(before, after, last)
    old_codes, new_codes = tiebreak_codes(before), tiebreak_codes(after)
    if old_codes != new_codes and after.pairing_system.has_rounds:
        previous = ",".join(map(tb.mtb26, old_codes))
        warnings.append(
            fide_mode.RuleWarning(
                fide_mode.Level.DOUBLE_CONFIRM,
                gettext("The tie-break list changes after the start: %(old)s becomes %(new)s.")
                % {"old": " ".join(old_codes) or "-", "new": " ".join(new_codes) or "-"},
                fide_mode.trf_note("Tiebreaks", last, f"previous 202 {previous}"),
            )
        )
    return warnings


def _last_round_rechecked(
    before: Tournament, after: Tournament, last: int
) -> list[fide_mode.RuleWarning]:
    """The last paired round, paired again by the engine when the new number of rounds makes it
    the final round or no longer the final one (the final round pairs by other rules: C.04.3
    [C3] and the colours of the top scorers): its pairing, if now wrong (Q60-Q61)."""
    recheck = after.pairing_system.recheck_round
    was_final = before.planned_rounds == last
    if recheck is None or last == 0 or was_final == (after.planned_rounds == last):
        return []
    differences = recheck(after, last)
    if not differences:
        return []
    return [
        fide_mode.RuleWarning(
            fide_mode.Level.CONFIRM,
            gettext(
                "Round %(number)s is paired as it should not be now: with %(rounds)s rounds "
                "the engine pairs it otherwise (%(differences)s)."
            )
            % {
                "number": last,
                "rounds": after.planned_rounds or "-",
                "differences": differences,
            },
            fide_mode.trf_note("Configuration", last, f"round {last} now differs: {differences}"),
        )
    ]


def completion_notices(tournament: Tournament) -> list[fide_mode.RuleWarning]:
    """Before the start: settings with which no complete tournament can be paired by the rules
    (Q62), as information. A player meets each other player once and has at most one
    pairing-allocated bye, so a field of n plays at most n - 1 rounds (n even) or n (odd) in
    one cycle; the system says how many cycles it can pair (``rounds_possible``)."""
    possible = tournament.pairing_system.rounds_possible
    planned = tournament.planned_rounds
    if possible is None or not planned or has_begun(tournament):
        return []
    players = tournament.entries.filter(withdrawn=False).count()
    most = possible(tournament, players)
    if players < 2 or planned <= most:
        return []
    return [
        fide_mode.RuleWarning(
            fide_mode.Level.INFORM,
            gettext(
                "%(planned)s rounds cannot all be paired by the rules with %(players)s players: "
                "at most %(most)s."
            )
            % {"planned": planned, "players": players, "most": most},
        )
    ]


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
    # The rows that protect the entries and teams they name (games, byes, a system's bouts, a
    # team's byes) go first, in bulk: every model with such a key, whichever room defines it.
    for protected in (Entry, Team):
        for relation in protected._meta.related_objects:
            if relation.on_delete is models.PROTECT:
                rows = relation.related_model._default_manager
                rows.filter(**{f"{relation.field.name}__tournament": tournament}).delete()
    # its audit log goes with it, on purpose (the append-only guard is lifted for this alone);
    # the entry below, naming what went, stays
    with audit_log_unlocked():
        tournament.delete()
    record(user, None, "tournament.delete", f"Deleted {before['name']}: " + "; ".join(lost), before)
