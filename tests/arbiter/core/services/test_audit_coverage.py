"""Every service function that changes state writes its audit entries (issue 9, "Hardening").

The rule that finds them: a public (no leading underscore) function defined in a module of
``arbiter/core/services/``, ``judo/services/`` or :data:`SERVICE_MODULES` (the pairing systems',
the ratings') that is decorated with ``transaction.atomic`` changes state, and must have a
scenario in :data:`SCENARIOS` saying exactly which entries it writes (user, tournament, action,
before, after). Every other public function there must be listed in :data:`NOT_AUDITED` with the
reason it writes no entry. A new service function in neither list fails
:func:`test_every_service_function_is_classified`.

Each scenario builds its world from the personas (tests/conftest.py) and the factories, calls the
discovered function object itself, and returns the entries it expects, in the order written.
"""

import datetime
import importlib
import inspect
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from unittest.mock import ANY

import pytest
from django.db import transaction

from arbiter.core import fide_mode
from arbiter.core.models import AuditEntry, Bye, Round, TournamentArbiter
from arbiter.core.services import tournaments
from arbiter.core.systems import System
from arbiter.ratings import refresh
from pairing.monrad.models import MonradPairing
from pairing.round_robin import services as round_robin
from pairing.rounds import services as rounds
from pairing.swiss.models import ForbiddenPair
from tests.factories import (
    ByeFactory,
    EntryFactory,
    GameFactory,
    RoundFactory,
    TournamentFactory,
)
from tests.pairing.trf_helpers import vector

pytestmark = pytest.mark.django_db

SERVICE_PACKAGES = ["arbiter.core.services", "judo.services", "arbiter.teams.services"]
#: The pairing systems' service modules, one or two per room (docs/layout.md).
SERVICE_MODULES = [
    "pairing.rounds.services",
    "pairing.round_robin.services",
    "pairing.swiss.services",
    "pairing.swiss.records",
    "pairing.monrad.services",
    "pairing.knockout.services",
    "pairing.swiss.trf.export",
    "pairing.swiss.trf.imports",
    # the team systems (issue 30): their rounds of team matches, and their pairers
    "pairing.team_rounds.services",
    "pairing.team_round_robin.services",
    "pairing.team_swiss.services",
    # the ratings' changes (issue 29): the refresh before round 1 and the norm settings
    "arbiter.ratings.refresh",
    "arbiter.ratings.norms",
    # an event's own changes (issue 31): its settings, logo, sections, staff and schedule
    "arbiter.events.services.events",
    # an event's registration list (issue 31)
    "arbiter.events.services.registrations",
    # publishing an event (issue 31): the event's state on this machine, or what a public site
    # received; no tournament changes, so nothing for a tournament's audit log
    "arbiter.publishing.services",
    # players' results from their cards (issue 32)
    "arbiter.venue.services.claims",
    # the players' side (issue 32): the check-in of the systems without their own, the cards'
    # secrets, the switches and the check-in by card or by an arbiter
    "pairing.rounds.check_in",
    "arbiter.venue.services.cards",
    "arbiter.venue.services.switches",
    "arbiter.venue.services.check_in",
    # notifications from players' cards (issue 32): a player's own browser, not the tournament
    "arbiter.venue.services.subscriptions",
    "arbiter.venue.services.notify",
]

NOT_AUDITED = {
    "judo.services.call_times.tick": "the clock's 5-minute tick the pages add to their versions",
    "judo.services.call_times.of_day": "reads the day's bouts and their times",
    "judo.services.call_times.first_entries": "reads the first score entry of each bout",
    "judo.services.call_times.clock": "now (a function a test may set)",
    "judo.services.call_times.mat_version": "reads a mat's public version and the tick",
    "judo.services.public_day.mat_topic": "names a mat's live topic",
    "arbiter.venue.services.claims.players_results_on": "reads the tournament's switch",
    "arbiter.venue.services.claims.code_for": "a player's word as a result code",
    "arbiter.venue.services.claims.saying_of": "a result code as a player's word",
    "arbiter.venue.services.claims.state_of": "a board as a page shows it",
    "arbiter.venue.services.claims.pending": "reads the boards waiting for the arbiter",
    "arbiter.venue.services.claims.pending_count": "counts the boards waiting for the arbiter",
    "arbiter.venue.services.claims.pending_boards": "an annotation counting them",
    "arbiter.venue.services.claims.current_game": "reads a player's current game",
    "pairing.rounds.check_in.next_round": "reads the rounds",
    "pairing.rounds.check_in.present": "reads the check-ins",
    "pairing.rounds.check_in.open_round": "compares the round shown with the one open",
    "pairing.monrad.services.check_ins": "reads the check-ins",
    "arbiter.venue.services.cards.key_for": (
        "makes a card's secret at its first printout: no change of the tournament (revoke is"
        " audited)"
    ),
    "arbiter.venue.services.cards.keys_for": "key_for in bulk, for a printout",
    "arbiter.venue.services.cards.well_formed": "checks a secret's form",
    "arbiter.venue.services.cards.entry_of": "reads the player a secret opens",
    "arbiter.venue.services.switches.settings_of": "reads the switches (unsaved defaults)",
    "arbiter.venue.services.check_in.attendance": "reads the check-in of the next round",
    "arbiter.venue.services.check_in.player_may_check_in": "reads the switch and the registry",
    "arbiter.venue.services.check_in.check_in_from_card": (
        "the system's check-in (pairing.rounds.check_in.set_present, monrad check_in) audits it"
    ),
    "arbiter.venue.services.check_in.check_in_by_arbiter": (
        "the system's check-in (pairing.rounds.check_in.set_present, monrad check_in) audits it"
    ),
    "arbiter.events.services.events.locked_event": "locks the row inside a service",
    "arbiter.events.services.events.last_change": "reads the event's last audit entry",
    "arbiter.events.services.events.logo_type": "reads an image's type, a check that raises",
    "arbiter.events.services.events.attachable_tournaments": "reads the user's tournaments",
    "arbiter.events.services.events.attachable_competitions": "reads the user's competitions",
    "arbiter.events.services.events.events_of": "reads the user's events",
    "arbiter.events.services.registrations.placeable": "reads the event's sections",
    "arbiter.events.services.registrations.accepting": "reads which sections take entries",
    "arbiter.events.services.registrations.listed_values": "reads the rating list",
    "arbiter.events.services.registrations.possible_duplicates": "compares names in memory",
    "arbiter.publishing.services.publication_of": "the event's publishing row, made on first look",
    "arbiter.publishing.services.target_of": "reads where the event is published",
    "arbiter.publishing.services.set_target": "the event's public site, not a tournament's data",
    "arbiter.publishing.services.publish_now": "wakes the publisher, changes no tournament",
    "arbiter.publishing.services.take_over": "the event's publishing epoch, no tournament's data",
    "arbiter.publishing.services.due": "reads which events the publisher looks at",
    "arbiter.publishing.services.publish_event": "the publisher's outbox row, no tournament's data",
    "arbiter.publishing.services.manifest_sha256": "a hash",
    "arbiter.publishing.services.canonical": "a JSON text",
    "arbiter.publishing.services.register_venue": "the public site's accepted keys",
    "arbiter.publishing.services.missing_blobs": "reads which blobs the public site lacks",
    "arbiter.publishing.services.store_blob": "the public site's copy of a venue's page",
    "arbiter.publishing.services.commit": "the public site's copy of a venue's pages",
    # notifications (docs/venue.md): a player's own browser, not the tournament's data
    "arbiter.venue.services.subscriptions.enabled": "reads whether the site has a VAPID key",
    "arbiter.venue.services.subscriptions.checked_endpoint": "checks an endpoint (raises)",
    "arbiter.venue.services.subscriptions.checked": "checks a subscription, a check that raises",
    "arbiter.venue.services.subscriptions.current": "reads a card's subscriptions",
    "arbiter.venue.services.subscriptions.subscribe": "a player's own browser signing up",
    "arbiter.venue.services.subscriptions.unsubscribe": "a player's own browser signing off",
    "arbiter.venue.services.notify.payload": "writes a notification's JSON",
    "arbiter.venue.services.notify.send": "sends one; drops a gone browser's subscription",
    "arbiter.venue.services.notify.deliver": "sends notifications, remembering which went out",
    "arbiter.venue.services.notify.round_messages": "reads what a round's players are told",
    "arbiter.venue.services.notify.round_published": "notifies a round's players (a task)",
    "arbiter.venue.services.notify.mat_messages": "reads which fighters are three bouts away",
    "arbiter.venue.services.notify.bout_decided": "notifies fighters near their turn (a task)",
    "arbiter.core.services.tournaments.leaving_fide_mode": "states the warnings, changes nothing",
    "arbiter.core.services.tournaments.last_round_number": "reads the rounds",
    "arbiter.core.services.tournaments.initial_order_change_refused": "reads why it cannot change",
    "arbiter.core.services.tournaments.changing_settings": "states the warnings, changes nothing",
    "arbiter.core.services.tournaments.completion_notices": "states the warnings, changes nothing",
    "pairing.swiss.services.recheck_round": "pairs a round again in memory, changes nothing",
    "pairing.swiss.services.rounds_possible": "a number from the field's size",
    "pairing.swiss.services.edit_warnings": "states the warnings, changes nothing",
    "pairing.swiss.records.bye_warnings": "states the warnings, changes nothing",
    "arbiter.core.services.audit.record": "the audit writer itself",
    "arbiter.core.services.audit.snapshot": "reads an instance's fields",
    "arbiter.core.services.audit.save_recorded": (
        "the audit writer for a row's changed fields, a step of its callers' transactions"
    ),
    "arbiter.core.services.entries.initial_ranking_key": "a sort key",
    "arbiter.core.services.entries.numbers_follow_ranking": "reads the rounds",
    "arbiter.core.services.entries.late_entry_renumbering": "reads what a late entry would move",
    "arbiter.core.services.entries.correction_renumbering": "reads what a correction would move",
    "arbiter.core.services.entries.deletion_moves": "reads what a deletion would move",
    "arbiter.core.services.entries.moves_seen": "words moves for a page",
    "arbiter.core.services.entries.renumber_by_rating": (
        "a step of add_entry, update_entry, import_entries, update_tournament and "
        "swiss.pair_round, in their transaction and audited by their entries"
    ),
    "arbiter.core.services.entries.check_open_for_entries": "a check that raises",
    "arbiter.core.services.entries.deletion_refused": "reads why an entry cannot be deleted",
    "arbiter.core.services.tournaments.what_deleting_loses": "reads the tournament's contents",
    "pairing.knockout.services.bracket_of": (
        "creates the empty bracket row on first use (defaults only, nothing an arbiter chose)"
    ),
    "pairing.knockout.services.system_for": "a pure choice from the rules",
    "pairing.knockout.services.hand_placing": "reads the bracket for the placing page",
    "pairing.knockout.services.sheet": "reads the bracket for the pages",
    "pairing.knockout.services.seed_summary": "words the seeds for the page",
    "pairing.knockout.services.draw_options": "words the draw rules for the page and the log",
    "pairing.knockout.services.placings": "reads the bracket for the standings",
    "pairing.monrad.services.settings_of": "reads the settings (unsaved defaults)",
    "pairing.monrad.services.engine_settings": "converts settings for the engine",
    "pairing.monrad.services.club_rules": "reads the settings into the club rule set",
    "pairing.monrad.services.players_and_evenings": "reads the season",
    "pairing.monrad.services.read_season": "reads the season",
    "pairing.monrad.services.next_evening": "reads the rounds",
    "pairing.monrad.services.present_ids": "reads the check-ins",
    "pairing.monrad.services.locked_monrad": "locks the tournament row inside a service",
    "pairing.monrad.services.repeat_boards": "reads the rounds",
    "pairing.round_robin.services.active_entries": "reads the entries",
    "pairing.round_robin.services.drawers_for": "converts entries for the engine",
    "pairing.round_robin.services.check_field": "a check that raises",
    "pairing.round_robin.services.check_rounds": "a check that raises",
    "pairing.swiss.trf.imports.trf_limits": "the reader's bounds from the settings",
    "pairing.swiss.trf.imports.trf_lines_allowed": "a bound from the settings",
    "pairing.round_robin.services.engine_state": "replays the stored picks",
    "pairing.swiss.records.locked_swiss": "locks the tournament row inside a service",
    "pairing.swiss.services.propose_round": (
        "the Swiss pairer: rounds.pair_next_round writes its round and its audit entry"
    ),
    "pairing.swiss.services.publish_notes": "reads a draft's warnings for round.publish",
    "pairing.monrad.services.propose_evening": (
        "the Monrad pairer: rounds.pair_next_round writes its round and its audit entry (the "
        "cards drawn before round 1 are audited as monrad.draw_cards)"
    ),
    "pairing.monrad.services.publish_notes": (
        "notes who accepted the draft, in rounds.publish_round's transaction and audit entry"
    ),
    "pairing.rounds.services.locked_tournament": "locks the tournament row inside a service",
    "pairing.rounds.services.locked_round": "locks the rows inside a service",
    "pairing.rounds.services.gone_message": "reads the audit log for a message",
    "pairing.rounds.services.draft_token": "reads a round",
    "pairing.rounds.services.check_seen": "a check that raises",
    "pairing.rounds.services.check_unchanged": "a check that raises",
    "pairing.rounds.services.pairing_warnings": "states the warnings, changes nothing",
    "pairing.rounds.services.mark_changed": "a step of the changes, audited by their entries",
    "pairing.knockout.services.progress": "reads the bracket",
    "arbiter.core.services.status.has_begun": "reads the rounds and the system's progress",
    "pairing.knockout.services.bouts": "reads the bracket",
    "pairing.team_rounds.services.teams_in_order": (
        "a step of the team pairers, in rounds.pair_next_round's transaction; numbers given to "
        "teams without one are audited as team.number"
    ),
    "pairing.team_rounds.services.plan_match": "reads the lineups into a match",
    "pairing.team_rounds.services.propose": "builds a proposal for rounds.pair_next_round",
    "pairing.team_rounds.services.met_before": "reads the rounds",
    "pairing.team_rounds.services.edit_warnings": "states the warnings, changes nothing",
    "pairing.team_rounds.services.board_codes": "reads a match's boards",
    "pairing.team_rounds.services.match_score": "reads a match's boards",
    "pairing.team_rounds.services.partial_score": "reads a match's boards",
    "pairing.team_round_robin.services.cycle_rounds": "a number from the field's size",
    "pairing.team_round_robin.services.is_double": "reads the settings",
    "pairing.team_round_robin.services.propose_round": (
        "the team round robin's pairer: rounds.pair_next_round writes its round and its audit entry"
    ),
    "pairing.team_round_robin.services.rounds_possible": "a number from the field's size",
    "pairing.team_round_robin.services.round_robin_type": "reads the settings",
    "pairing.team_swiss.services.initial_colour": (
        "a step of the team Swiss pairer in rounds.pair_next_round's transaction, audited as "
        "team_swiss.initial_colour"
    ),
    "pairing.team_swiss.services.states": "reads the teams' history for the engine",
    "pairing.team_swiss.services.propose_round": (
        "the team Swiss pairer: rounds.pair_next_round writes its round and its audit entry"
    ),
    "pairing.team_swiss.services.rounds_possible": "a number from the field's size",
    "pairing.team_swiss.services.team_swiss_type": "reads the settings",
    "arbiter.core.services.status.rounds_progress": "reads the rounds",
    "arbiter.core.services.status.status_of": "reads the tournament",
    "arbiter.core.services.tournaments.system_change_refused": "a check (update_tournament's)",
    "arbiter.core.services.status.tournament_changed": (
        "moves the version and status on, inside every change's own audit entry"
    ),
    "pairing.swiss.services.draft_warnings": "reads a draft for its warnings",
    "pairing.swiss.trf.export.engine_system": "reads the tournament",
    "pairing.swiss.trf.export.completed_rounds": "reads the rounds",
    "pairing.swiss.trf.export.tournament_trf": "writes a TRF text, not the database",
    "pairing.swiss.trf.export.trf_file": "writes a TRF text, not the database",
    "judo.services.public_day.versions": "reads the categories' versions",
    "judo.services.public_day.live": "reads the live scores' versions",
    "judo.services.competition.competition_changed": (
        "moves the competition's version on, inside its changes (audited by them)"
    ),
    "judo.services.competition.locked_competition": "locks the row inside a service",
    "judo.services.competition.add_weight_classes": (
        "add_category for each class, each audited by its own entry"
    ),
    "judo.services.competition.category_for": "reads where a weight lands",
    "judo.services.competition.put_out": "entries.set_withdrawn in its transaction, audited",
    "judo.services.competition.not_weighed": "reads the entries",
    "judo.services.competition.public_competition": "reads the published competition",
    "judo.services.competition.check_rules_change": (
        "a check that raises, inside update_competition"
    ),
    "judo.services.mats.live_score": "reads a bout's score under its rules",
    "judo.services.mats.enter": "a table's entry, inside score()",
    "judo.services.mat_clock.rules_of": "reads a bout's clock rules",
    "judo.services.mat_clock.replay": "replays a stored clock log, nothing written",
    "judo.services.mat_clock.clock_of": "reads a bout's clock",
    "judo.services.mat_clock.stored_clock": "reads a bout's clock from its stored log",
    "judo.services.mat_clock.now_ms": "reads the server's time",
    "judo.services.teams.bout_order": "reads a team event's order of classes",
    "judo.services.teams.weighed_class": "reads where an athlete's weight lands",
    "judo.services.teams.match_of": "reads a team match for the pages",
    "judo.services.mats.rest_in_bouts": "converts the organiser's minutes",
    "judo.services.mats.day": "reads the competition for the pages",
    "judo.services.mats.read_once": "lets day() read each mat once while the live push renders",
    "judo.services.mats.on_the_mat": "chooses the bout on the mat from its order",
    "judo.services.mats.propose_mats": "assign_mats with the engine's proposal, audited",
    "pairing.knockout.services.sheets": "reads the brackets for the pages",
    "judo.services.competition.landing": "reads where an entry lands",
    "judo.services.competition.not_drawn": "a check that raises",
    "judo.services.competition_lists.keep_list": (
        "keeps an uploaded file for its preview: nothing of the competition changes"
    ),
    "judo.services.competition_lists.start_import": (
        "queues the import's job; the import itself is import_list, audited"
    ),
    "judo.services.competition_lists.imported_already": "words a refusal",
    "arbiter.ratings.refresh.refresh_refused": "reads why the refresh cannot be applied",
    "arbiter.ratings.refresh.plan": "reads the list and the entries for the page",
    "arbiter.ratings.refresh.no_list_message": "words a refusal",
    "arbiter.ratings.norms.norms_apply": "reads the tournament's system and rating type",
    "arbiter.ratings.norms.settings_of": "reads the norm settings",
    "arbiter.ratings.norms.read_facts": "reads the entries, games, byes and settings",
    "arbiter.ratings.norms.player_of": "converts an entry for the engine",
    "arbiter.ratings.norms.tournament_norms": "reads the verdicts",
    "arbiter.ratings.norms.shown_norms": "reads the verdicts",
    "arbiter.ratings.norms.public_norms": "reads the verdicts, kept per tournament version",
    "arbiter.ratings.norms.chief_arbiter": "reads the chief arbiter's name for the report",
    "arbiter.teams.services.rosters.settings_of": (
        "creates the settings row on first use (defaults only, nothing an arbiter chose)"
    ),
    "arbiter.teams.services.rosters.is_paired": "reads the team's matches and byes",
    "arbiter.teams.services.rosters.paired_teams": "reads the matches and byes",
    "arbiter.teams.services.rosters.order_locked": "reads whether the board order is locked",
    "arbiter.teams.services.rosters.deletion_refused": "reads why a team cannot be deleted",
    "arbiter.teams.services.rosters.average_rating": "reads a team's first boards' ratings",
    "arbiter.teams.services.lineups.next_round_number": "reads the rounds",
    "arbiter.teams.services.byes.requested_bye": "reads a team's requested bye",
    "arbiter.teams.services.byes.requested_byes": "reads a round's requested byes",
    "arbiter.teams.services.byes.withdrawn_from": "reads the withdrawn teams",
    "arbiter.teams.services.lineups.is_round_paired": "reads the rounds",
    "arbiter.teams.services.lineups.deadline_of": "reads a round's deadline",
    "arbiter.teams.services.lineups.lineup_problems": "states the rules a lineup breaks",
    "arbiter.teams.services.lineups.read_boards": "reads the entries a lineup names",
    "arbiter.teams.services.lineups.stored": "reads a team's lineup",
    "arbiter.teams.services.lineups.check_open": "a check that raises",
}


def is_atomic(function: Callable) -> bool:
    """Decorated with ``transaction.atomic`` (Django wraps it in a closure over an Atomic)."""
    cells = function.__closure__ or ()
    return any(isinstance(cell.cell_contents, transaction.Atomic) for cell in cells)


def service_modules() -> list[str]:
    names = list(SERVICE_MODULES)
    for package_name in SERVICE_PACKAGES:
        package = importlib.import_module(package_name)
        names += [f"{package_name}.{info.name}" for info in pkgutil.iter_modules(package.__path__)]
    return names


def service_functions() -> dict[str, Callable]:
    found = {}
    for module_name in service_modules():
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(value):
                continue
            if value.__module__ != module.__name__:
                continue  # imported from elsewhere
            found[f"{module.__name__}.{name}"] = value
    return found


@dataclass
class Expected:
    user: Any
    tournament: Any
    action: str
    before: Any = None
    after: Any = None

    def row(self) -> dict:
        return {
            "user": self.user.username if self.user is not None else None,
            "tournament": self.tournament.pk if self.tournament is not None else None,
            "action": self.action,
            "before": self.before,
            "after": self.after,
        }


@dataclass
class World:
    """The personas, fetched from pytest's fixtures when a scenario asks for them."""

    request: Any
    cache: dict = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        if name in ("request", "cache"):
            raise AttributeError(name)
        return self.request.getfixturevalue(name)


SCENARIOS: dict[str, Callable[[World, Callable], list[Expected]]] = {}


def scenario(name: str):
    def register(function):
        assert name not in SCENARIOS, name
        SCENARIOS[name] = function
        return function

    return register


# --- arbiter.core.services.tournaments ------------------------------------------------------------

TOURNAMENT_AFTER = {
    "name": "Stavanger Open",
    "system": "swiss_dutch",
    "rules_version": "2026",
    "start_date": "2026-12-01",
    "end_date": None,
    "city": "",
    "federation": "",
    "time_control": "",
    "rating_type": "standard",
    "planned_rounds": None,
    "tiebreak_rules": "2026",
    "tiebreaks": "",
    "unrated_rating": None,
    "rating_method": "FIDE",
    "national_federation": "",
    "initial_order_by_lot": False,
    "is_published": False,
}


@scenario("arbiter.core.services.tournaments.create_tournament")
def _(w, fn):
    start = datetime.date(2026, 12, 1)
    data = {"name": "Stavanger Open", "system": "swiss_dutch", "start_date": start}
    t = fn(w.anna, data)
    return [Expected(w.anna, t, "tournament.create", after=TOURNAMENT_AFTER)]


@scenario("arbiter.core.services.tournaments.update_tournament")
def _(w, fn):
    fn(w.dag, w.bergen_open, {"city": "Bergen", "name": "Bergen Open"})
    return [Expected(w.dag, w.bergen_open, "tournament.update", {"city": ""}, {"city": "Bergen"})]


@scenario("arbiter.core.services.tournaments.leave_fide_mode")
def _(w, fn):
    w.bergen_open.fide_mode = True
    w.bergen_open.save()
    warnings = tournaments.leaving_fide_mode(w.bergen_open)
    fn(w.anna, w.bergen_open, confirmation=fide_mode.confirmation_token(warnings, 2))
    after = {"fide_mode": False, "round": 0, "trf_note": "### FIDEMODE @ Round 0: left"}
    return [
        Expected(w.anna, w.bergen_open, "tournament.fide_mode_left", {"fide_mode": True}, after)
    ]


@scenario("arbiter.core.services.tournaments.add_deputy")
def _(w, fn):
    fn(w.anna, w.bergen_open, w.boris)
    after = {"username": "boris", "role": "deputy"}
    return [Expected(w.anna, w.bergen_open, "arbiter.add", after=after)]


@scenario("arbiter.core.services.tournaments.remove_deputy")
def _(w, fn):
    staff = TournamentArbiter.objects.get(tournament=w.bergen_open, user=w.dag)
    fn(w.anna, w.bergen_open, staff.pk)
    before = {"username": "dag", "role": "deputy"}
    return [Expected(w.anna, w.bergen_open, "arbiter.remove", before=before)]


@scenario("arbiter.core.services.tournaments.delete_tournament")
def _(w, fn):
    fn(w.anna, w.bergen_open, w.bergen_open.name)
    return [Expected(w.anna, None, "tournament.delete", before=ANY)]


# --- arbiter.core.services.entries ----------------------------------------------------------------

ENTRY_AFTER = {
    "name": "Vik, Ola",
    "title": "",
    "sex": "",
    "federation": "NOR",
    "club": "",
    "rating": 1800,
    "national_rating": 0,
    "fide_id": None,
    "k_factor": None,
    "birth_year": None,
    "no_half_point_byes": False,
}


@scenario("arbiter.core.services.entries.add_entry")
def _(w, fn):
    fn(w.dag, w.bergen_open, {"name": "Vik, Ola", "federation": "NOR", "rating": 1800})
    return [Expected(w.dag, w.bergen_open, "entry.add", after=ENTRY_AFTER)]


@scenario("arbiter.core.services.entries.update_entry")
def _(w, fn):
    entry = w.bergen_players[0]
    fn(w.anna, entry, {"rating": 1999, "name": entry.name})
    return [
        Expected(w.anna, w.bergen_open, "entry.update", {"rating": entry.rating}, {"rating": 1999})
    ]


@scenario("arbiter.core.services.entries.set_withdrawn")
def _(w, fn):
    fn(w.anna, w.bergen_players[2], True, expelled=True)  # an expulsion withdraws too
    before, after = {"withdrawn": False, "expelled": False}, {"withdrawn": True, "expelled": True}
    return [Expected(w.anna, w.bergen_open, "entry.expel", before, after)]


@scenario("arbiter.core.services.entries.delete_entry")
def _(w, fn):
    mistake = w.bergen_players[2]
    fn(w.anna, mistake)
    return [Expected(w.anna, w.bergen_open, "entry.delete", before=ANY)]


@scenario("arbiter.core.services.entries.import_entries")
def _(w, fn):
    fn(w.anna, w.bergen_open, [{"name": "Aa, Per", "rating": 1500}, {"name": "Bo, Kim"}])
    after = {"names": ["Aa, Per", "Bo, Kim"]}
    return [Expected(w.anna, w.bergen_open, "entry.import", after=after)]


# --- arbiter.core.services.results ----------------------------------------------------------------


@scenario("arbiter.core.services.results.record_result")
def _(w, fn):
    white, black = w.bergen_players[:2]
    round_ = RoundFactory(tournament=w.bergen_open, number=1, state=Round.State.PUBLISHED)
    game = GameFactory(round=round_, white=white, black=black)
    fn(w.dag, game, "1/2")
    return [
        Expected(w.dag, w.bergen_open, "result.record", {"result": ""}, {"result": "1/2"}),
        Expected(
            w.dag, w.bergen_open, "round.complete", {"state": "published"}, {"state": "complete"}
        ),
    ]


@scenario("arbiter.core.services.results.adjourn_unfinished")
def _(w, fn):
    white, black = w.bergen_players[:2]
    round_ = RoundFactory(tournament=w.bergen_open, number=1, state=Round.State.PUBLISHED)
    GameFactory(round=round_, white=white, black=black)
    fn(w.dag, round_)
    return [
        Expected(w.dag, w.bergen_open, "result.adjourn_unfinished", None, {"adjourned": [1]}),
        Expected(
            w.dag, w.bergen_open, "round.complete", {"state": "published"}, {"state": "complete"}
        ),
    ]


# --- pairing.knockout.services ---------------------------------------------------------------


def cup(w):
    if "cup" not in w.cache:
        t = TournamentFactory(name="Judo Cup -60", system=System.KNOCKOUT, chief=w.anna)
        for n in range(6):
            EntryFactory(tournament=t, name=f"Judoka {n}, Test", club=f"Club {n % 3}", rating=0)
        w.cache["cup"] = t
    return w.cache["cup"]


def judoka(w):
    return list(cup(w).entries.order_by("name"))


@scenario("pairing.knockout.services.set_seeds")
def _(w, fn):
    first = judoka(w)[0]
    fn(w.anna, cup(w), {first.pk: 1})
    return [Expected(w.anna, cup(w), "bracket.seeds", {}, {str(first.pk): 1})]


@scenario("pairing.knockout.services.set_rules")
def _(w, fn):
    fn(w.anna, cup(w), pool_up_to=3, knockout_system="single_bronze", seeding="lot")
    options = {"seeding": "judoshiai", "byes_to_seeds": False}
    before = {"pool_up_to": 5, "knockout_system": "ijf_repechage", **options}
    after = {"pool_up_to": 3, "knockout_system": "single_bronze", **options, "seeding": "lot"}
    return [Expected(w.anna, cup(w), "bracket.rules", before, after)]


@scenario("pairing.knockout.services.place_by_hand")
def _(w, fn):
    from pairing.knockout.services import set_rules

    set_rules(w.anna, cup(w), pool_up_to=0, knockout_system="single")
    first = judoka(w)[0]
    fn(w.anna, cup(w), first.pk, 3)
    return [Expected(w.anna, cup(w), "bracket.place", after={str(first.pk): 3})]


@scenario("pairing.knockout.services.draw_bracket")
def _(w, fn):
    bracket = fn(w.anna, cup(w), random_seed=11)
    assert bracket.system == "ijf_repechage"  # six competitors, pools up to five
    return [
        Expected(
            w.anna,
            cup(w),
            "bracket.draw",
            after={"system": "ijf_repechage", "seed": 11, "slots": bracket.slots},
        )
    ]


@scenario("pairing.knockout.services.undo_draw")
def _(w, fn):
    from pairing.knockout import services as knockout

    drawn = knockout.draw_bracket(w.anna, cup(w), random_seed=11)
    fn(w.anna, cup(w), confirm=True)
    before = {"system": "ijf_repechage", "seed": 11, "slots": drawn.slots}
    return [Expected(w.anna, cup(w), "bracket.undraw", before)]


@scenario("pairing.knockout.services.record_bout")
def _(w, fn):
    from pairing.knockout import services as knockout

    knockout.draw_bracket(w.anna, cup(w), random_seed=11)
    ready = knockout.sheet(cup(w)).state.ready()[0]
    fn(w.anna, cup(w), ready.match.id, int(ready.a))
    after = {"results": {str(ready.match.id): ready.a}}
    return [Expected(w.anna, cup(w), "bracket.bout", {"results": {}}, after)]


# --- pairing.monrad.services -----------------------------------------------------------------


def club(w):
    if "club" not in w.cache:
        t = TournamentFactory(
            name="Tuesday Club", system=System.MONRAD, chief=w.anna, planned_rounds=10
        )
        for n in range(1, 7):
            EntryFactory(tournament=t, name=f"Member {n}, Club", starting_number=n)
        w.cache["club"] = t
    return w.cache["club"]


def members(w):
    return list(club(w).entries.order_by("name"))


def draft_evening(w):
    """Round 1 of the club as a draft of two boards and a bye (made by hand)."""
    m = members(w)
    round_ = RoundFactory(tournament=club(w), number=1, state=Round.State.DRAFT)
    GameFactory(round=round_, board=1, white=m[0], black=m[1])
    GameFactory(round=round_, board=2, white=m[2], black=m[3])
    ByeFactory(round=round_, entry=m[4], kind=Bye.Kind.PAIRING_ALLOCATED)
    MonradPairing.objects.create(round=round_, boards=[], bye=m[4])
    return round_, m


@scenario("pairing.monrad.services.set_present")
def _(w, fn):
    entry = members(w)[0]
    fn(w.anna, club(w), entry, True)
    after = {"round": 1, "entry": entry.pk, "present": True}
    return [Expected(w.anna, club(w), "monrad.check_in", after=after)]


@scenario("pairing.monrad.services.add_late_member")
def _(w, fn):
    entry = fn(w.anna, club(w), "Late, Lisa", 1500)
    after = {**ENTRY_AFTER, "name": "Late, Lisa", "federation": "", "rating": 1500}
    return [
        Expected(w.anna, club(w), "entry.add", after=after),
        Expected(
            w.anna,
            club(w),
            "monrad.check_in",
            after={"round": 1, "entry": entry.pk, "present": True},
        ),
    ]


@scenario("pairing.monrad.services.update_settings")
def _(w, fn):
    fn(w.anna, club(w), scoring="1-0.5-0", tiebreak="bh-c1")
    before, after = {"scoring": "3-2-1"}, {"scoring": "1-0.5-0"}
    return [Expected(w.anna, club(w), "monrad.settings", before, after)]


# --- pairing.round_robin.services ------------------------------------------------------------


def drawing(w):
    if "drawing" not in w.cache:
        w.cache["drawing"] = round_robin.start_drawing(w.anna, w.oslo_invitational, seed=5)
    return w.cache["drawing"]


@scenario("pairing.round_robin.services.start_drawing")
def _(w, fn):
    fn(w.anna, w.oslo_invitational, seed=5, double_round_robin=True)
    after = {"seed": 5, "double_round_robin": True}
    return [Expected(w.anna, w.oslo_invitational, "drawing.start", after=after)]


@scenario("pairing.round_robin.services.record_pick")
def _(w, fn):
    state, _ = round_robin.engine_state(drawing(w))
    pick = state.pick_at_random(random.Random(0)).picks[-1]
    fn(w.anna, drawing(w), 0, pick.envelope, pick.number)
    after = {"step": 0, "envelope": pick.envelope, "number": pick.number}
    return [Expected(w.anna, w.oslo_invitational, "drawing.pick", after=after)]


@scenario("pairing.round_robin.services.draw_for_player")
def _(w, fn):
    saved = fn(w.anna, drawing(w), 0)
    after = {"step": 0, "envelope": saved.envelope, "number": saved.number}
    return [Expected(w.anna, w.oslo_invitational, "drawing.pick", after=after)]


@scenario("pairing.round_robin.services.undo_last_pick")
def _(w, fn):
    saved = round_robin.draw_for_player(w.anna, drawing(w), 0)
    fn(w.anna, drawing(w))
    before = {"step": 0, "envelope": saved.envelope, "number": saved.number}
    return [Expected(w.anna, w.oslo_invitational, "drawing.undo", before=before)]


@scenario("pairing.round_robin.services.restart_drawing")
def _(w, fn):
    saved = round_robin.draw_for_player(w.anna, drawing(w), 0)
    fn(w.anna, drawing(w))
    before = {"seed": 5, "picks": [[saved.entry_id, saved.envelope, saved.number]]}
    return [Expected(w.anna, w.oslo_invitational, "drawing.restart", before=before)]


@scenario("pairing.round_robin.services.confirm_drawing")
def _(w, fn):
    for step in range(10):
        round_robin.draw_for_player(w.anna, drawing(w), step)
    fn(w.anna, drawing(w))
    numbers = dict(w.oslo_invitational.entries.values_list("name", "starting_number"))
    assert sorted(numbers.values()) == list(range(1, 11))
    return [Expected(w.anna, w.oslo_invitational, "drawing.confirm", after={"numbers": numbers})]


# --- pairing.swiss.services and swiss_records ------------------------------------------------


def paired(w):
    if "round" not in w.cache:
        w.cache["round"] = rounds.pair_next_round(w.anna, w.trondheim_open)
    return w.cache["round"]


@scenario("pairing.rounds.services.pair_next_round")
def _(w, fn):
    fn(w.anna, w.trondheim_open)
    ids = {e.starting_number: e.pk for e in w.trondheim_open.entries.all()}
    numbers = [[1, 6], [7, 2], [3, 8], [9, 4], [5, 10]]
    after = {
        "round": 1,
        "boards": [[ids[white], ids[black]] for white, black in numbers],
        "bye": None,
        "seed": None,  # the initial colour was chosen by the arbiter
        "published": False,
        "starting_numbers": numbers,
    }
    return [Expected(w.anna, w.trondheim_open, "round.pair", after=after)]


@scenario("pairing.rounds.services.swap_players")
def _(w, fn):
    p = w.trondheim_players
    fn(w.anna, paired(w), p[0], p[1])
    before = {str(p[0].pk): "board 1 white", str(p[1].pk): "board 2 black"}
    after = {str(p[0].pk): "board 2 black", str(p[1].pk): "board 1 white"}
    return [Expected(w.anna, w.trondheim_open, "round.swap_players", before, after)]


@scenario("pairing.rounds.services.set_colours")
def _(w, fn):
    p = w.trondheim_players
    fn(w.anna, paired(w), 1, p[5])
    before = {"white": p[0].pk, "black": p[5].pk}
    after = {"white": p[5].pk, "black": p[0].pk}
    return [Expected(w.anna, w.trondheim_open, "round.set_colours", before, after)]


@scenario("pairing.rounds.services.publish_round")
def _(w, fn):
    fn(w.anna, paired(w))
    after = {"state": "published", "warnings": []}
    return [Expected(w.anna, w.trondheim_open, "round.publish", after=after)]


@scenario("pairing.rounds.services.delete_last_round")
def _(w, fn):
    p = w.trondheim_players
    fn(w.anna, paired(w))
    games = [
        [1, p[0].pk, p[5].pk, ""],
        [2, p[6].pk, p[1].pk, ""],
        [3, p[2].pk, p[7].pk, ""],
        [4, p[8].pk, p[3].pk, ""],
        [5, p[4].pk, p[9].pk, ""],
    ]
    before = {"round": 1, "state": "draft", "games": games, "byes": []}
    return [Expected(w.anna, w.trondheim_open, "round.delete", before=before)]


@scenario("pairing.swiss.records.set_player_round_record")
def _(w, fn):
    fn(w.anna, w.trondheim_open, w.trondheim_players[3], 1, "H")
    return [Expected(w.anna, w.trondheim_open, "round.player_record", {"kind": ""}, {"kind": "H"})]


@scenario("pairing.swiss.records.forbid_pair")
def _(w, fn):
    first, second = w.trondheim_players[4], w.trondheim_players[2]
    fn(w.anna, w.trondheim_open, first, second)
    after = {"forbidden": sorted([first.pk, second.pk])}
    return [Expected(w.anna, w.trondheim_open, "pair.forbid", after=after)]


@scenario("pairing.swiss.records.allow_pair")
def _(w, fn):
    first, second = sorted(w.trondheim_players[:2], key=lambda e: e.pk)
    pair = ForbiddenPair.objects.create(tournament=w.trondheim_open, first=first, second=second)
    fn(w.anna, pair)
    before = {"forbidden": [first.pk, second.pk]}
    return [Expected(w.anna, w.trondheim_open, "pair.allow", before=before)]


@scenario("pairing.swiss.records.set_baku_acceleration")
def _(w, fn):
    fn(w.anna, w.trondheim_open, True)
    before, after = {"baku_acceleration": False}, {"baku_acceleration": True}
    return [Expected(w.anna, w.trondheim_open, "tournament.acceleration", before, after)]


@scenario("pairing.swiss.records.set_acceleration")
def _(w, fn):
    entry = w.trondheim_players[5]
    assert fn(w.anna, w.trondheim_open, entry, 1, 2, "1") == 2
    before = {"entry": entry.pk, "points": {}}
    after = {"entry": entry.pk, "points": {"1": "1", "2": "1"}}
    return [Expected(w.anna, w.trondheim_open, "entry.acceleration", before, after)]


@scenario("pairing.swiss.records.set_initial_colour")
def _(w, fn):
    fn(w.anna, w.trondheim_open, "")
    before, after = {"initial_colour": "w"}, {"initial_colour": ""}
    return [Expected(w.anna, w.trondheim_open, "tournament.initial_colour", before, after)]


@scenario("pairing.swiss.records.score_missed_rounds")
def _(w, fn):
    rounds.publish_round(w.anna, paired(w))
    late = EntryFactory(tournament=w.trondheim_open, name="Late, Trondheim", starting_number=11)
    assert fn(w.anna, w.trondheim_open, late, "H") == 1
    after = {"kind": "H", "rounds": 1}
    return [Expected(w.anna, w.trondheim_open, "entry.missed_rounds", after=after)]


# --- pairing.swiss.trf.imports -------------------------------------------------------------


@scenario("pairing.swiss.trf.imports.import_trf")
def _(w, fn):
    t = fn(w.boris, vector("gen_clean_n016_r07_s16002"), name="Imported Open")
    after = {
        "format": ANY,
        "players": 16,
        "rounds": t.rounds.count(),
        "complete_rounds": ANY,
        "rules": t.rules_version,
        "records": ANY,
        "withdrawn": [],
        "forbidden_pairs": 0,
        "accelerations": 0,
        "bye_markers_left_out": [],
        "adjustments": ANY,
        # every round as the rules pair it
        "round_checks": {str(n): [] for n in range(1, t.rounds.count() + 1)},
    }
    return [Expected(w.boris, t, "tournament.import_trf", after=after)]


# --- judo.services.competition and mats ----------------------------------------------------


def competition_day(w, drawn=False):
    """Anna's competition: two categories of two (weighed in, and drawn on mat 1 if asked)."""
    from judo.services import competition, mats

    if "day" not in w.cache:
        day = competition.create_competition(w.anna, {"name": "Judo Day", "mats": 2})
        groups = []
        for limit in (Decimal(60), Decimal(66)):
            group = competition.add_category(
                w.anna, day, sex="M", age_group="Seniors", weight_limit=limit
            )
            for n in range(2):
                entry = competition.enter(w.anna, group, {"name": f"J{limit}-{n}", "club": "A"})
                competition.weigh_in(w.anna, entry, limit)
            groups.append(group)
        if drawn:
            competition.draw_all(w.anna, day)
            day.refresh_from_db()
            mats.assign_mats(w.anna, day, {g.pk: 1 for g in groups}, seen=day.version)
            day.refresh_from_db()
            for group in groups:
                group.refresh_from_db()
        day.refresh_from_db()
        w.cache["day"] = (day, groups)
    return w.cache["day"]


@scenario("judo.services.competition.create_competition")
def _(w, fn):
    day = fn(w.anna, {"name": "Judo Day", "mats": 3, "bout_minutes": Decimal(4)})
    after = {
        "competition": day.pk,
        "name": "Judo Day",
        "date": None,
        "city": "",
        "mats": 3,
        "rest_minutes": 10,
        "bout_minutes": "4",
        "rule_set": "2025",
        "starts_at": None,
    }
    return [Expected(w.anna, None, "competition.create", after=after)]


@scenario("judo.services.competition.update_competition")
def _(w, fn):
    day, _ = competition_day(w)
    fn(w.anna, day, {"mats": 1, "starts_at": datetime.time(9, 30)}, seen=day.version)
    return [
        Expected(
            w.anna,
            None,
            "competition.update",
            {"competition": day.pk, **_day_settings(mats=2)},
            {"competition": day.pk, **_day_settings(mats=1, starts_at="09:30:00")},
        )
    ]


def _day_settings(mats, starts_at=None):
    return {
        "name": "Judo Day",
        "date": None,
        "city": "",
        "mats": mats,
        "rest_minutes": 10,
        "bout_minutes": "5.0",
        "rule_set": "2025",
        "starts_at": starts_at,
    }


@scenario("judo.services.competition.set_published")
def _(w, fn):
    day, groups = competition_day(w)
    fn(w.anna, day, True, seen=day.version)
    after = {"competition": day.pk, "is_published": True}
    return [
        *(Expected(w.anna, g.tournament, "tournament.publish") for g in groups),
        Expected(w.anna, None, "competition.publish", after=after),
    ]


@scenario("judo.services.competition.add_category")
def _(w, fn):
    day, _ = competition_day(w)
    group = fn(w.anna, day, sex="F", age_group="U18", weight_limit=None)
    return [Expected(w.anna, group.tournament, "tournament.create", after=ANY)]


@scenario("judo.services.competition.enter")
def _(w, fn):
    _, groups = competition_day(w)
    fn(w.anna, groups[0], {"name": "Late, Judoka", "club": "B"})
    return [Expected(w.anna, groups[0].tournament, "entry.add", after=ANY)]


@scenario("judo.services.competition_lists.import_list")
def _(w, fn):
    from arbiter.platform.spreadsheets import Table
    from judo.competitor_lists import check
    from judo.services import competition_lists

    day, groups = competition_day(w)
    rows = [(1, ["Name", "Sex", "Born", "Weight"]), (2, ["Ny, Judoka", "M", "2001", "65"])]
    kept = competition_lists.keep_list(w.anna, day, "list.csv", Table(rows))
    mapping = ["name", "sex", "birth_year", "weight"]
    fn(w.anna, kept.pk, mapping, seen=check(kept.rows, mapping, day).digest())
    names = {"names": ["Ny, Judoka"]}
    return [
        Expected(w.anna, groups[1].tournament, "entry.import", after=names),
        Expected(
            w.anna, None, "competition.import", after={"competition": day.pk, "list": kept.pk}
        ),
    ]


@scenario("judo.services.competition.weigh_in")
def _(w, fn):
    _, groups = competition_day(w)
    entry = groups[0].tournament.entries.first()
    assert fn(w.anna, entry, Decimal("60.5")).over
    return [
        Expected(
            w.anna,
            groups[0].tournament,
            "entry.weigh_in",
            {"weight": "60.0"},
            {"weight": "60.5"},
        )
    ]


@scenario("judo.services.competition.move_entry")
def _(w, fn):
    _, groups = competition_day(w)
    fn(w.anna, groups[0].tournament.entries.first(), groups[1])
    return [
        Expected(w.anna, groups[0].tournament, "entry.move"),
        Expected(w.anna, groups[1].tournament, "entry.move"),
    ]


@scenario("judo.services.competition.draw_all")
def _(w, fn):
    day, groups = competition_day(w)
    fn(w.anna, day)
    return [Expected(w.anna, g.tournament, "bracket.draw", after=ANY) for g in groups]


@scenario("judo.services.mats.assign_mats")
def _(w, fn):
    day, groups = competition_day(w)
    fn(w.anna, day, {groups[0].pk: 2}, seen=day.version)
    return [
        Expected(
            w.anna,
            None,
            "competition.mats",
            {"competition": day.pk, "mats": {str(groups[0].pk): None}},
            {"competition": day.pk, "mats": {str(groups[0].pk): 2}},
        )
    ]


@scenario("judo.services.mats.score")
def _(w, fn):
    from judo.services import mats

    day, _ = competition_day(w, drawn=True)
    now, _ = mats.day(day).now_and_next(1)
    fn(w.anna, now.category, now.match.match.id, "a:waza-ari", seen=0)
    return [
        Expected(
            w.anna,
            now.category.tournament,
            "bout.score",
            {"score": "2025"},
            {"score": "2025 aW"},
        )
    ]


@scenario("judo.services.mat_clock.clock")
def _(w, fn):
    from judo.services import mats

    day, _ = competition_day(w, drawn=True)
    now, _ = mats.day(day).now_and_next(1)
    fn(w.anna, now.category, now.match.match.id, "hajime", 1000, seen=0)
    return [
        Expected(
            w.anna,
            now.category.tournament,
            "bout.clock",
            {"score": "2025", "clock": "waiting"},
            {"score": "2025", "clock": "running", "at": 1000},
        )
    ]


@scenario("judo.services.mats.confirm")
def _(w, fn):
    from judo.services import mats

    day, _ = competition_day(w, drawn=True)
    now, _ = mats.day(day).now_and_next(1)
    match = now.match.match.id
    mats.score(w.anna, now.category, match, "b:ippon", seen=0)
    fn(w.anna, now.category, match, seen=1)
    after = {"results": {str(match): now.match.b}}
    return [Expected(w.anna, now.category.tournament, "bracket.bout", {"results": {}}, after)]


# --- arbiter.teams.services -----------------------------------------------------------------------


def _team(w, name="Vikings", players=5):
    """A team of Bergen Open (its settings the defaults: four boards, six players at most)."""
    from arbiter.core.models import Entry
    from arbiter.teams.services import rosters

    team = rosters.add_team(w.anna, w.bergen_open, {"name": name})
    for n in range(players):
        entry = EntryFactory(tournament=w.bergen_open, name=f"{name} {n}", starting_number=None)
        Entry.objects.filter(pk=entry.pk).update(team=team, team_board=n + 1)
    return team


@scenario("arbiter.teams.services.rosters.update_settings")
def _(w, fn):
    fn(w.dag, w.bergen_open, {"boards": 5, "captains_enter_lineups": False})
    before = {"boards": 4, "captains_enter_lineups": True}
    after = {"boards": 5, "captains_enter_lineups": False}
    return [Expected(w.dag, w.bergen_open, "teams.settings", before, after)]


@scenario("arbiter.teams.services.rosters.add_team")
def _(w, fn):
    team = fn(w.anna, w.bergen_open, {"name": "Vikings", "nickname": "VIK"})
    after = {"team": team.pk, "number": 1, "name": "Vikings", "nickname": "VIK", "federation": ""}
    return [Expected(w.anna, w.bergen_open, "team.add", after=after)]


@scenario("arbiter.teams.services.rosters.update_team")
def _(w, fn):
    team = _team(w)
    fn(w.dag, team, {"name": "Vikings", "federation": "NOR"})
    return [
        Expected(
            w.dag,
            w.bergen_open,
            "team.update",
            {"team": team.pk, "federation": ""},
            {"team": team.pk, "federation": "NOR"},
        )
    ]


@scenario("arbiter.teams.services.rosters.delete_team")
def _(w, fn):
    team = _team(w, players=1)
    pk = team.pk
    fn(w.anna, team)
    before = {"team": pk, "number": 1, "name": "Vikings", "players": ["Vikings 0"]}
    return [Expected(w.anna, w.bergen_open, "team.delete", before=before)]


@scenario("arbiter.teams.services.rosters.number_teams")
def _(w, fn):
    _team(w, "Weak", players=0)
    _team(w, "Strong", players=1)
    fn(w.anna, w.bergen_open, "rating")
    before = {"Weak": 1, "Strong": 2}
    after = {"Strong": 1, "Weak": 2}
    return [Expected(w.anna, w.bergen_open, "team.number", before, after)]


@scenario("arbiter.teams.services.rosters.add_member")
def _(w, fn):
    team = _team(w, players=1)
    entry = EntryFactory(tournament=w.bergen_open, starting_number=None)
    fn(w.anna, team, entry)
    after = {"team": team.pk, "entry": entry.pk, "team_board": 2}
    return [Expected(w.anna, w.bergen_open, "team.member_add", after=after)]


@scenario("arbiter.teams.services.rosters.add_new_member")
def _(w, fn):
    team = _team(w, players=0)
    entry = fn(w.anna, team, {"name": "Ny, Spiller", "rating": 1800})
    after = {"team": team.pk, "entry": entry.pk, "team_board": 1}
    return [
        Expected(w.anna, w.bergen_open, "entry.add", after=ANY),
        Expected(w.anna, w.bergen_open, "team.member_add", after=after),
    ]


@scenario("arbiter.teams.services.rosters.move_member")
def _(w, fn):
    team = _team(w, players=3)
    third = team.members.get(team_board=3)
    fn(w.anna, team, third, 1)
    before = {"team": team.pk, "entry": third.pk, "team_board": 3}
    after = {"team": team.pk, "entry": third.pk, "team_board": 1}
    return [Expected(w.anna, w.bergen_open, "team.member_move", before, after)]


@scenario("arbiter.teams.services.rosters.remove_member")
def _(w, fn):
    team = _team(w, players=2)
    first = team.members.get(team_board=1)
    fn(w.anna, team, first)
    before = {"team": team.pk, "entry": first.pk, "team_board": 1}
    return [Expected(w.anna, w.bergen_open, "team.member_remove", before=before)]


@scenario("arbiter.teams.services.rosters.name_captain")
def _(w, fn):
    team = _team(w, players=0)
    fn(w.anna, team, w.boris.username)
    before = {"team": team.pk, "captain": None}
    after = {"team": team.pk, "captain": "boris", "invited": False}
    return [Expected(w.anna, w.bergen_open, "team.captain", before, after)]


@scenario("arbiter.teams.services.lineups.submit_lineup")
def _(w, fn):
    from arbiter.teams.services.lineups import Who

    team = _team(w)
    team.captain = w.boris
    team.save()
    ids = list(team.members.order_by("team_board").values_list("pk", flat=True))
    boards = [*ids[:3], ids[4]]
    fn(Who(w.boris, captain=True), team, 1, boards, 0)
    after = {"team": team.pk, "round": 1, "boards": boards, "by": "captain"}
    return [Expected(w.boris, w.bergen_open, "lineup.submit", after=after)]


@scenario("arbiter.teams.services.lineups.set_deadline")
def _(w, fn):
    closes = datetime.datetime(2026, 12, 1, 10, 0, tzinfo=datetime.UTC)
    fn(w.anna, w.bergen_open, 1, closes)
    before = {"round": 1, "closes_at": None}
    after = {"round": 1, "closes_at": "2026-12-01T10:00:00+00:00"}
    return [Expected(w.anna, w.bergen_open, "lineup.deadline", before, after)]


# --- judo.services.teams --------------------------------------------------------------------------


def team_day(w, drawn=False, lineups=False):
    """Anna's mixed team category of two teams of six (drawn on mat 1, line-ups in, if asked)."""
    from judo.services import competition, mats, teams

    if "teams" not in w.cache:
        day = competition.create_competition(w.anna, {"name": "Team Day", "mats": 1})
        group = teams.create_team_category(w.anna, day, sex="X", age_group="Seniors")
        athletes = [("F", 55), ("M", 72), ("F", 69), ("M", 88), ("F", 80), ("M", 101)]
        for country in ("FIN", "SWE"):
            team = teams.add_team(w.anna, group, {"name": f"Team {country}", "federation": country})
            for n, (sex, kg) in enumerate(athletes):
                teams.add_member(w.anna, team, name=f"A{n} {country}", sex=sex, weight=Decimal(kg))
        w.cache["teams"] = (day, group)
    day, group = w.cache["teams"]
    if drawn and "teams_drawn" not in w.cache:
        competition.draw_all(w.anna, day)
        day.refresh_from_db()
        mats.assign_mats(w.anna, day, {group.pk: 1}, seen=day.version)
        group.refresh_from_db()
        w.cache["teams_drawn"] = True
    match = None
    if drawn:
        now, _ = mats.day(day).now_and_next(1)
        match = now.match.match.id
    if lineups:
        current = teams.match_of(group, match)
        for n, side in enumerate("ab"):
            team = current.a if side == "a" else current.b
            members = list(team.team_members.order_by("name"))
            lineup = dict(zip(tm_classes(), [m.pk for m in members], strict=True))
            teams.set_lineup(w.anna, group, match, side, lineup, seen=n)
    return day, group, match


def tm_classes():
    from pairing.engines.knockout import team_match

    return team_match.MIXED_CLASSES


@scenario("judo.services.teams.create_team_category")
def _(w, fn):
    day, _ = competition_day(w)
    group = fn(w.anna, day, sex="X", age_group="Seniors")
    after = {
        "classes": list(tm_classes()),
        "order": "fixed",
        "order_seed": None,
        "one_up": True,
        "fight_all": False,
        "tie_break": "ijf",
    }
    return [
        Expected(w.anna, group.tournament, "tournament.create", after=ANY),
        Expected(w.anna, group.tournament, "team.event", after=after),
    ]


@scenario("judo.services.teams.add_team")
def _(w, fn):
    _, group, _ = team_day(w)
    fn(w.anna, group, {"name": "Team NOR", "federation": "NOR"})
    return [Expected(w.anna, group.tournament, "entry.add", after=ANY)]


@scenario("judo.services.teams.add_member")
def _(w, fn):
    _, group, _ = team_day(w)
    team = group.tournament.entries.first()
    fn(w.anna, team, name="Spare", sex="M", weight=None)
    after = {"team": team.pk, "name": "Spare", "sex": "M", "weight": "None"}
    return [Expected(w.anna, group.tournament, "team.member", after=after)]


@scenario("judo.services.teams.weigh_member")
def _(w, fn):
    from judo.models import TeamMember

    _, group, _ = team_day(w)
    member = TeamMember.objects.filter(team__tournament=group.tournament).order_by("pk").first()
    fn(w.anna, member, Decimal("56.5"))
    return [
        Expected(w.anna, group.tournament, "team.weigh_in", {"weight": "55.0"}, {"weight": "56.5"})
    ]


@scenario("judo.services.teams.set_lineup")
def _(w, fn):
    _, group, match = team_day(w, drawn=True)
    fn(w.anna, group, match, "a", {}, seen=0)
    after = {"side": "a", "lineup": dict.fromkeys(tm_classes())}
    return [Expected(w.anna, group.tournament, "team.lineup", after=after)]


@scenario("judo.services.teams.score")
def _(w, fn):
    _, group, match = team_day(w, drawn=True, lineups=True)
    fn(w.anna, group, match, "a:waza-ari", seen=0)
    return [
        Expected(w.anna, group.tournament, "bout.score", {"score": "2025"}, {"score": "2025 aW"})
    ]


@scenario("judo.services.teams.confirm")
def _(w, fn):
    from judo.services import teams

    _, group, match = team_day(w, drawn=True, lineups=True)
    teams.score(w.anna, group, match, "b:ippon", seen=0)
    fn(w.anna, group, match, seen=1)
    after = {"code": "F-57", "winner": "b", "how": "ippon", "score": "2025 bI"}
    return [Expected(w.anna, group.tournament, "team.bout", after=after)]


# --- arbiter.ratings ------------------------------------------------------------------------------


@scenario("arbiter.ratings.refresh.apply_refresh")
def _(w, fn):
    w.bergen_open.start_date = datetime.date(2026, 11, 20)  # FIDE's November list in force
    w.bergen_open.save()
    w.fide_november  # noqa: B018 (the list, made before the call)
    haugen = EntryFactory(
        tournament=w.bergen_open, name="Haugen, Sofia", fide_id=1504321, rating=2210
    )
    fn(w.anna, w.bergen_open, refresh.plan(w.bergen_open).seen)
    key = "Haugen, Sofia (1504321)"
    before = {key: {"entry": haugen.pk, "rating": 2210, "k_factor": None, "title": ""}}
    after = {
        "list": "2026-11",
        "rating_type": "standard",
        key: {"entry": haugen.pk, "rating": 2224, "k_factor": 20, "title": "WIM"},
    }
    return [Expected(w.anna, w.bergen_open, "entry.refresh", before, after)]


@scenario("arbiter.ratings.norms.save_norm_settings")
def _(w, fn):
    fn(w.dag, w.bergen_open, {"exemption": "1.4.3a", "chief_arbiter": "Larsen, A"})
    before = {"exemption": "", "chief_arbiter": "", "chief_arbiter_fide_id": None}
    after = {"exemption": "1.4.3a", "chief_arbiter": "Larsen, A", "chief_arbiter_fide_id": None}
    return [Expected(w.dag, w.bergen_open, "norms.settings", before, after)]


# --- arbiter.events.services.events (issue 31) ---------------------------------------------------


def _festival(w):
    """Anna's event, Dag its arbiter."""
    from arbiter.events.models import EventStaff
    from tests.factories import EventFactory

    if "festival" not in w.cache:
        event = EventFactory(name="Oslo Festival", organiser=w.anna, is_published=False)
        EventStaff.objects.create(event=event, user=w.dag, role=EventStaff.Role.ARBITER)
        w.cache["festival"] = event
    return w.cache["festival"]


EVENT_SETTINGS = {
    "name": "Oslo Festival",
    "city": "Oslo",
    "start_date": "2026-07-01",
    "end_date": "2026-07-09",
    "organiser": "",
    "entries_open": False,
    "entry_fee": "0",
    "currency": "EUR",
    "is_published": False,
}


@scenario("arbiter.events.services.events.create_event")
def _(w, fn):
    event = fn(w.anna, {"name": "Oslo Festival", "city": "Oslo"})
    after = {
        **EVENT_SETTINGS,
        "event": event.pk,
        "start_date": None,
        "end_date": None,
        "entry_fee": "0",
    }
    return [Expected(w.anna, None, "event.create", after=after)]


@scenario("arbiter.events.services.events.update_event")
def _(w, fn):
    event = _festival(w)
    fn(w.anna, event, {"city": "Bergen"}, seen=event.version)
    before, after = {"event": event.pk, "city": "Oslo"}, {"event": event.pk, "city": "Bergen"}
    return [Expected(w.anna, None, "event.update", before, after)]


def _png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (2, 2)).save(out, "PNG")
    return out.getvalue()


@scenario("arbiter.events.services.events.set_logo")
def _(w, fn):
    event, raw = _festival(w), _png()
    fn(w.anna, event, raw, seen=event.version)
    after = {"event": event.pk, "logo_type": "image/png", "bytes": len(raw)}
    return [Expected(w.anna, None, "event.logo", after=after)]


@scenario("arbiter.events.services.events.remove_logo")
def _(w, fn):
    event = _festival(w)
    event.logo, event.logo_type = _png(), "image/png"
    event.save()
    fn(w.anna, event, seen=event.version)
    before = {"event": event.pk, "logo_type": "image/png"}
    return [Expected(w.anna, None, "event.logo_remove", before, {"event": event.pk})]


@scenario("arbiter.events.services.events.add_tournament_section")
def _(w, fn):
    event = _festival(w)
    section = fn(w.anna, event, {"name": "Open A", "system": "swiss_dutch"}, seen=event.version)
    t = section.tournament
    after = {"event": event.pk, "section": section.pk, "tournament": t.pk}
    return [
        Expected(w.anna, t, "tournament.create", after=ANY),
        Expected(w.anna, t, "arbiter.add", after={"username": "dag", "role": "deputy"}),
        Expected(w.anna, None, "event.section_add", after=after),
    ]


@scenario("arbiter.events.services.events.add_competition_section")
def _(w, fn):
    event = _festival(w)
    section = fn(w.anna, event, {"name": "Judo Day", "mats": 1}, seen=event.version)
    after = {"event": event.pk, "section": section.pk, "competition": section.competition_id}
    return [
        Expected(w.anna, None, "competition.create", after=ANY),
        Expected(w.anna, None, "event.section_add", after=after),
    ]


@scenario("arbiter.events.services.events.attach_section")
def _(w, fn):
    event = _festival(w)
    section = fn(w.anna, event, seen=event.version, tournament_id=w.bergen_open.pk)
    after = {"event": event.pk, "section": section.pk, "tournament": w.bergen_open.pk}
    return [Expected(w.anna, None, "event.section_attach", after=after)]


@scenario("arbiter.events.services.events.detach_section")
def _(w, fn):
    from tests.factories import SectionFactory

    event = _festival(w)
    section = SectionFactory(event=event, tournament=w.bergen_open)
    fn(w.anna, event, section.pk, seen=event.version, confirm=True)
    before = {"event": event.pk, "section": section.pk, "tournament": w.bergen_open.pk}
    return [Expected(w.anna, None, "event.section_detach", before, {"event": event.pk})]


@scenario("arbiter.events.services.events.move_section")
def _(w, fn):
    from tests.factories import SectionFactory

    event = _festival(w)
    first = SectionFactory(event=event, tournament=w.bergen_open, position=0)
    second = SectionFactory(event=event, tournament=TournamentFactory(chief=w.anna), position=1)
    fn(w.anna, event, second.pk, -1, seen=event.version)
    after = {"event": event.pk, "order": [second.pk, first.pk]}
    return [Expected(w.anna, None, "event.section_move", after=after)]


@scenario("arbiter.events.services.events.add_staff")
def _(w, fn):
    event, boris = _festival(w), w.boris
    fn(w.anna, event, boris.username, "organiser", seen=event.version)
    after = {"event": event.pk, "username": "boris", "role": "organiser"}
    return [Expected(w.anna, None, "event.staff_add", after=after)]


@scenario("arbiter.events.services.events.change_staff_role")
def _(w, fn):
    event = _festival(w)
    staff = event.staff_roles.get(user=w.dag)
    fn(w.anna, event, staff.pk, "organiser", seen=event.version)
    before = {"event": event.pk, "username": "dag", "role": "arbiter"}
    after = {"event": event.pk, "username": "dag", "role": "organiser"}
    return [Expected(w.anna, None, "event.staff_role", before, after)]


@scenario("arbiter.events.services.events.remove_staff")
def _(w, fn):
    event = _festival(w)
    staff = event.staff_roles.get(user=w.dag)
    fn(w.anna, event, staff.pk, seen=event.version)
    before = {"event": event.pk, "username": "dag", "role": "arbiter"}
    return [Expected(w.anna, None, "event.staff_remove", before, {"event": event.pk})]


START = datetime.datetime(2026, 7, 1, 15, 0, tzinfo=datetime.UTC)


@scenario("arbiter.events.services.events.add_schedule_item")
def _(w, fn):
    event = _festival(w)
    item = fn(w.anna, event, {"starts_at": START, "title": "Round 1"}, seen=event.version)
    after = {
        "event": event.pk,
        "item": item.pk,
        "starts_at": START.isoformat(),
        "title": "Round 1",
        "section": None,
    }
    return [Expected(w.anna, None, "event.schedule_add", after=after)]


@scenario("arbiter.events.services.events.remove_schedule_item")
def _(w, fn):
    from arbiter.events.models import ScheduleItem

    event = _festival(w)
    item = ScheduleItem.objects.create(event=event, starts_at=START, title="Round 1")
    fn(w.anna, event, item.pk, seen=event.version)
    before = {
        "event": event.pk,
        "item": item.pk,
        "starts_at": START.isoformat(),
        "title": "Round 1",
    }
    return [Expected(w.anna, None, "event.schedule_remove", before, {"event": event.pk})]


# --- an event's registration list (issue 31) ----------------------------------------------------


def _registration(w, **fields):
    from tests.factories import EventFactory, RegistrationFactory, SectionFactory

    event = EventFactory(organiser=w.anna, entries_open=True, entry_fee=Decimal("30"))
    SectionFactory(event=event, tournament=w.bergen_open)
    return RegistrationFactory(event=event, **{"tournament": w.bergen_open, **fields})


def _registration_change(w, fn, action, before, after, *args, **fields):
    registration = _registration(w, **fields)
    fn(w.anna, registration, *args, seen=registration.version)
    pk = {"event": registration.event_id, "registration": registration.pk}
    return [Expected(w.anna, None, action, {**pk, **before}, {**pk, **after})]


@scenario("arbiter.events.services.registrations.register")
def _(w, fn):
    from tests.factories import EventFactory, SectionFactory

    event = EventFactory(organiser=w.anna, entries_open=True, entry_fee=Decimal("30"))
    SectionFactory(event=event, tournament=w.bergen_open)
    data = {"name": "Moen, Jon", "birth_year": 1975, "tournament": w.bergen_open}
    registration = fn(None, event, data, self_entered=True)
    after = {
        "event": event.pk,
        "registration": registration.pk,
        "name": "Moen, Jon",
        "fide_id": None,
        "birth_year": 1975,
        "federation": "",
        "rating": 0,
        "tournament_id": w.bergen_open.pk,
        "state": "pending",
        "self_entered": True,
        "fee_due": ANY,
    }
    return [Expected(None, None, "registration.add", after=after)]


@scenario("arbiter.events.services.registrations.approve")
def _(w, fn):
    registration = _registration(w)
    fn(w.anna, registration, seen=registration.version)
    pk = {"event": registration.event_id, "registration": registration.pk}
    return [
        Expected(w.anna, w.bergen_open, "entry.add", after=ANY),
        Expected(
            w.anna,
            None,
            "registration.approve",
            {**pk, "state": "pending", "entry_id": None},
            {**pk, "state": "approved", "entry_id": ANY},
        ),
    ]


@scenario("arbiter.events.services.registrations.refuse")
def _(w, fn):
    before, after = {"state": "pending", "entry_id": None}, {"state": "refused", "entry_id": None}
    return _registration_change(w, fn, "registration.refuse", before, after)


@scenario("arbiter.events.services.registrations.place")
def _(w, fn):
    registration = _registration(w, tournament=None)
    fn(w.anna, registration, w.bergen_open, seen=registration.version)
    pk = {"event": registration.event_id, "registration": registration.pk}
    before, after = {**pk, "tournament_id": None}, {**pk, "tournament_id": w.bergen_open.pk}
    return [Expected(w.anna, None, "registration.place", before, after)]


@scenario("arbiter.events.services.registrations.set_fee_due")
def _(w, fn):
    before, after = {"fee_due": "0.00"}, {"fee_due": "12.50"}
    return _registration_change(w, fn, "registration.fee_due", before, after, Decimal("12.5"))


@scenario("arbiter.events.services.registrations.set_fee_paid")
def _(w, fn):
    before, after = {"fee_paid": "0.00"}, {"fee_paid": "30.00"}
    return _registration_change(w, fn, "registration.fee_paid", before, after, Decimal("30"))


@scenario("arbiter.events.services.registrations.set_checked_in")
def _(w, fn):
    before, after = {"checked_in": False}, {"checked_in": True}
    return _registration_change(w, fn, "registration.check_in", before, after, True)


@scenario("arbiter.events.services.registrations.keep_duplicate")
def _(w, fn):
    before, after = {"duplicate_kept": False}, {"duplicate_kept": True}
    return _registration_change(w, fn, "registration.keep", before, after)


# --- the tests -------------------------------------------------------------------------------


def test_every_service_function_is_classified():
    functions = service_functions()
    atomic = {name for name, fn in functions.items() if is_atomic(fn)}
    other = set(functions) - atomic
    assert atomic - set(SCENARIOS) == set(), "state-changing service functions without a scenario"
    assert set(SCENARIOS) - atomic == set(), "scenarios for functions that are gone or not atomic"
    assert other - set(NOT_AUDITED) == set(), "new non-atomic service functions: list them"
    assert set(NOT_AUDITED) - other == set(), "NOT_AUDITED names functions that are gone"


def test_the_rule_finds_the_services():
    functions = service_functions()
    assert is_atomic(functions["arbiter.core.services.results.record_result"])
    assert not is_atomic(functions["pairing.knockout.services.sheet"])
    assert len(SCENARIOS) >= 34  # the Swiss and Monrad share one round lifecycle now


def test_a_new_service_function_without_a_scenario_is_caught(monkeypatch):
    module = importlib.import_module("arbiter.core.services.results")

    @transaction.atomic
    def annul_round(user, round_):
        """A change someone adds later."""

    annul_round.__module__ = module.__name__
    monkeypatch.setattr(module, "annul_round", annul_round, raising=False)
    with pytest.raises(AssertionError, match="without a scenario"):
        test_every_service_function_is_classified()


def _rows(entries) -> list[dict]:
    return [
        {
            "user": entry.user.username if entry.user else None,
            "tournament": entry.tournament_id,
            "action": entry.action,
            "before": entry.before,
            "after": entry.after,
        }
        for entry in entries
    ]


# --- the team systems' rounds (issue 30) -----------------------------------------------------


def _team_round(w, *, publish: bool):
    from pairing.rounds import services as rounds
    from tests.pairing.team_events import team_event

    event = team_event(w.anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    round_ = rounds.pair_next_round(w.anna, event)
    if publish:
        round_ = rounds.publish_round(w.anna, round_)
    return event, round_


@scenario("pairing.team_rounds.services.swap_teams")
def _(w, fn):
    event, round_ = _team_round(w, publish=False)
    one, two = event.teams.get(number=1), event.teams.get(number=2)
    fn(w.anna, round_, one, two)
    before = {"Team 1": "1", "Team 2": "2"}
    after = {"Team 1": "2", "Team 2": "1"}
    return [Expected(w.anna, event, "round.swap_teams", before, after)]


@scenario("pairing.team_rounds.services.set_first_team")
def _(w, fn):
    event, round_ = _team_round(w, publish=False)
    fn(w.anna, round_, 1, event.teams.get(number=4))
    return [
        Expected(w.anna, event, "round.set_first_team", {"first": "Team 1"}, {"first": "Team 4"})
    ]


@scenario("pairing.team_rounds.services.forfeit_match")
def _(w, fn):
    event, round_ = _team_round(w, publish=True)
    fn(w.anna, round_.team_matches.get(table=1), "+-")
    before = {"forfeit": "", "results": {"1": "", "2": ""}}
    after = {"forfeit": "+-", "results": {"1": "+-", "2": "-+"}}
    return [Expected(w.anna, event, "match.forfeit", before, after)]


@scenario("arbiter.teams.services.byes.request_bye")
def _(w, fn):
    team = _team(w)
    fn(w.anna, team, 2, "H", expected="")
    before, after = {"round": 2, "kind": ""}, {"round": 2, "kind": "H"}
    return [Expected(w.anna, w.bergen_open, "team.request_bye", before, after)]


@scenario("arbiter.teams.services.byes.withdraw_team")
def _(w, fn):
    team = _team(w, players=1)
    fn(w.anna, team, 3, expected=0, confirm=True)
    after = {"from_round": 3, "players_withdrawn": [], "requested_byes_dropped": []}
    return [Expected(w.anna, w.bergen_open, "team.withdraw", {"withdrawn": False}, after)]


@scenario("arbiter.teams.services.byes.cancel_withdrawal")
def _(w, fn):
    from arbiter.teams.models import TeamWithdrawal

    team = _team(w, players=1)
    TeamWithdrawal.objects.create(team=team, from_round=3)
    fn(w.anna, team, expected=3)
    before, after = {"from_round": 3}, {"withdrawn": False}
    return [Expected(w.anna, w.bergen_open, "team.cancel_withdrawal", before, after)]


# --- arbiter.venue.services.claims ---------------------------------------------------------------


def _claims_board(w):
    from tests.arbiter.venue.conftest import venue_round

    return venue_round(w.anna)


@scenario("arbiter.venue.services.claims.claim")
def _(w, fn):
    from arbiter.venue.services import claims

    board = _claims_board(w)
    aas, berg = board.players[:2]
    claims.claim(aas, board.game.pk, "win", seen="")
    fn(berg, board.game.pk, "loss", seen="")
    game = board.game.pk
    return [
        Expected(None, board.tournament, "claim.give", None, {"game": game, "entry": berg.pk,
                                                              "claim": "1-0"}),
        Expected(None, board.tournament, "result.record", {"result": ""}, {"result": "1-0"}),
        Expected(None, board.tournament, "claim.agree", None, {"game": game, "result": "1-0"}),
    ]  # fmt: skip


@scenario("arbiter.venue.services.claims.withdraw")
def _(w, fn):
    from arbiter.venue.services import claims

    board = _claims_board(w)
    aas = board.players[0]
    claims.claim(aas, board.game.pk, "draw", seen="")
    fn(aas, board.game.pk, seen="1/2")
    after = {"game": board.game.pk, "entry": aas.pk, "claim": None}
    return [Expected(None, board.tournament, "claim.withdraw", {"claim": "1/2"}, after)]


@scenario("arbiter.venue.services.claims.decide")
def _(w, fn):
    from arbiter.venue.services import claims

    board = _claims_board(w)
    claims.claim(board.players[0], board.game.pk, "win", seen="")
    claims.claim(board.players[1], board.game.pk, "win", seen="")
    [pending] = claims.pending(board.tournament)
    fn(w.anna, board.game, "1/2", seen=pending.seen)
    before = {"claims": {"Aas, Kari": "1-0", "Berg, Ola": "0-1"}}
    return [
        Expected(w.anna, board.tournament, "result.record", {"result": ""}, {"result": "1/2"}),
        Expected(w.anna, board.tournament, "claim.decide", before,
                 {"game": board.game.pk, "result": "1/2"}),
    ]  # fmt: skip


# --- the players' side (issue 32): check-ins, cards, switches ------------------------------------


def _check_in_swiss(w):
    if "check_in_swiss" not in w.cache:
        t = TournamentFactory(name="Check-in Open", chief=w.anna, planned_rounds=5)
        for n in range(1, 5):
            EntryFactory(tournament=t, name=f"Player {n}, Check", starting_number=n)
        w.cache["check_in_swiss"] = t
    return w.cache["check_in_swiss"]


@scenario("pairing.rounds.check_in.set_present")
def _(w, fn):
    t = _check_in_swiss(w)
    entry = t.entries.order_by("name").first()
    fn(None, t, entry, True, by_player=True, number=1)
    after = {"round": 1, "entry": entry.pk, "present": True, "by_player": True}
    return [Expected(None, t, "round.check_in", after=after)]


@scenario("pairing.monrad.services.check_in")
def _(w, fn):
    entry = members(w)[0]
    fn(None, club(w), entry, True, by_player=True, number=1)
    after = {"round": 1, "entry": entry.pk, "present": True, "by_player": True}
    return [Expected(None, club(w), "monrad.check_in", after=after)]


@scenario("arbiter.venue.services.cards.revoke")
def _(w, fn):
    entry = EntryFactory(tournament=w.bergen_open)
    fn(w.anna, entry)
    return [Expected(w.anna, w.bergen_open, "card.revoke", after={"entry": entry.pk, "issued": 2})]


@scenario("arbiter.venue.services.switches.update_switches")
def _(w, fn):
    fn(w.anna, w.bergen_open, seen=0, self_check_in=True)
    before = {"self_check_in": False, "players_results": False}
    after = {"self_check_in": True, "players_results": False}
    return [Expected(w.anna, w.bergen_open, "venue.switches", before, after)]


# --- every scenario above, run (last: a scenario defined below this line would be left out) ---


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_each_service_function_writes_its_entries(request, name):
    function = service_functions()[name]
    world = World(request)
    # Build the personas before the call, so that their set-up writes no entry inside it.
    for persona in ("anna", "dag", "boris", "bergen_open"):
        getattr(world, persona)
    start = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
    expected = SCENARIOS[name](world, _Counting(function, world, start))
    assert expected, f"{name}: a scenario expects at least one entry"
    written = AuditEntry.objects.filter(id__gt=world.cache["start"]).order_by("id")
    written = written.select_related("user")
    assert _rows(written) == [e.row() for e in expected], name


class _Counting:
    """The service function, marking where the audit log stood just before the call (the
    scenario's own set-up may write entries through other services first)."""

    def __init__(self, function, world, start):
        self.function = function
        self.world = world
        world.cache["start"] = start

    def __call__(self, *args, **kwargs):
        last = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
        self.world.cache["start"] = last
        return self.function(*args, **kwargs)
