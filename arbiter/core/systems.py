"""The pairing systems the app runs: one entry each, saying all the app needs to know about it.

Nothing outside the registry asks which system a tournament has: pages, menus, standings,
scoring, the round lifecycle, entries, exports, backups and the demo read the tournament's entry
(``tournament.pairing_system``). Each system's room defines its entry (``pairing/<system>/
system.py``) and the pairing app registers it at start-up (:func:`register`); the core imports no
system. Adding a system: docs/adding-a-system.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from pairing.engines.standings import RuleSet


class System(models.TextChoices):
    """The codes of the systems that ship with the app, as stored in ``Tournament.system``."""

    ROUND_ROBIN = "round_robin", _("Round robin (Berger)")
    SWISS_DUTCH = "swiss_dutch", _("Swiss, FIDE Dutch")
    MONRAD = "monrad", _("Monrad (Swedish attendance)")
    KNOCKOUT = "knockout", _("Knockout bracket")
    TEAM_ROUND_ROBIN = "team_round_robin", _("Team round robin (Berger)")
    TEAM_SWISS = "team_swiss", _("Team Swiss, FIDE C.04.6")


PLAYERS, ADD_PLAYER = _("Players"), _("Add player")


@dataclass(frozen=True)
class Link:
    """A page of the system: a menu item for the arbiter or a tab of the public pages."""

    label: str
    url_name: str  # reversed with the tournament's pk, then ``args``
    args: tuple[str, ...] = ()
    download: bool = False


#: ``(value, entry) -> value``: a JSON value with the entry ids in it passed through ``entry``.
Remap = Callable[[Any, Callable[[Any], Any]], Any]


@dataclass(frozen=True)
class Stored:
    """A model a system keeps beside its tournaments, backed up and restored with them: its
    label (``app.Model``), the lookup from a row to its tournament's id, and its JSON fields
    that hold entry ids, each with the function that gives them a restore's new ids."""

    label: str
    tournament: str
    entry_ids: Mapping[str, Remap] = field(default_factory=dict)


def entry_keys(value: dict[str, Any], entry: Callable[[Any], Any]) -> dict[str, Any]:
    """A JSON object keyed by entry ids (``{"12": ...}``) with its keys passed through
    ``entry``: a remapper for :attr:`Stored.entry_ids`."""
    return {str(entry(int(key))): item for key, item in value.items()}


@dataclass(frozen=True)
class CheckIn:
    """How a system takes the attendance of its next round, which players may give themselves
    by scanning their card (docs/venue.md, "Check-in"); each callable raises the round
    lifecycle's ``RoundError`` with the reason, for the player or the arbiter, when it refuses.

    ``next_round(tournament) -> int | None``: the round whose check-in is open (None: none is,
    the last round is paired). ``present(tournament, number) -> set[int]``: the entry ids
    checked in for it. ``set_present(user, tournament, entry, present, *, by_player, number)
    -> bool``: check the player in (or out) for round ``number``, the one the page showed,
    refused once another is open; whether anything changed (a second click changes nothing).
    ``page``: the URL name of the system's own attendance page for the arbiter (the Monrad's
    club evening), "" when the venue's check-in list is it."""

    next_round: Callable[[Any], int | None]
    present: Callable[[Any, int], set[int]]
    set_present: Callable[..., bool]
    page: str = ""


@dataclass(frozen=True)
class PairingSystem:
    code: str
    #: Its name in the tournament form's choice of systems.
    label: str
    #: Its value of ``system`` in the JSON export (docs/schema/tournament-v1.json lists them).
    schema_value: str
    #: Menu items of the arbiter's pages that only this system has (after Players and Rounds).
    arbiter_pages: tuple[Link, ...]
    #: Public tabs that only this system has (after the starting list); those with
    #: ``download`` are files, linked under the starting list instead.
    public_pages: tuple[Link, ...] = ()
    #: Games in numbered rounds: the round pages, results by board, standings by points and a
    #: crosstable. A knockout has bouts in a bracket instead, and placings.
    has_rounds: bool = True
    #: The crosstable's layout: "berger" (player against player) or "by_round".
    crosstable: str = "by_round"
    #: C.07 tie-breaks when the arbiter chose none.
    default_tiebreaks: tuple[str, ...] = ()
    #: Everybody meets everybody: C.07's tie-breaks for round robins apply.
    all_play_all: bool = False
    #: The standings follow the round being played result by result (a system that pairs one
    #: round at a time, followed live). False: they stand after the last round with every
    #: result in (a round robin publishes every round at the drawing, and a game may be
    #: postponed): arbiter/core/standings.py.
    live_standings: bool = True
    #: What the starting numbers are called on the public starting list, and the order it opens
    #: in: "rating" (the initial ranking, C.04.2) or "number" (numbers drawn by lot: a round
    #: robin's after the drawing, a Monrad's cards, which the evenings are paired from).
    number_name: str = _("starting number")
    starting_list_order: str = "rating"
    #: Points of the pairing-allocated bye (C.04.1 art. 4: a win in a Swiss).
    pairing_allocated_bye_points: Decimal = Decimal(1)
    #: Starting numbers follow the initial ranking (so a late entry is ranked by rating among
    #: the others) until a round after this one is paired (C.04.2: not after round 4).
    numbers_follow_ranking_through_round: int = 0
    #: FIDE rates its events: a new tournament starts in FIDE mode (arbiter/core/fide_mode.py).
    fide_rated: bool = False
    #: Nobody can join once the rounds exist (the round robin's schedule is fixed).
    closed_once_rounds_exist: bool = False
    #: ``(tournament) -> str``: the TRF-2026 ``192`` tournament type (ETT26 code) of its rating
    #: report file; None when the system has none (its TRF-2026 and TRF-16 cannot be downloaded).
    trf_type: Callable[[Any], str] | None = None
    #: ``(tournament, *, legacy, public) -> (text, rounds)``: the system's own TRF writer for
    #: the downloads (a team event's team file, arbiter/teams/trf_export.py); None: the
    #: individual rating report (pairing/swiss/trf/export.py).
    trf_file: Callable[..., tuple[str, int]] | None = None
    #: What its TRF's ``182`` record (the pairing program) says made the rounds.
    trf_program: str = ""
    #: The pairer of the round lifecycle (pairing/rounds/services.py): a function
    #: ``(user, tournament, number) -> Proposal`` that pairs the next round, or None when the
    #: system's rounds are made otherwise (a round robin's drawing of lots makes them all).
    pairer: Callable[[Any, Any, int], Any] | None = None
    #: The page where the next round is paired and its draft edited: its URL name and its
    #: SwappedPage, the HTMX glue (pairing/rounds/swapped_page.py).
    round_page: str = ""
    swapped_page: Any = None
    #: The model keeping what the pairer proposed beside each round (with ``boards``, ``bye``
    #: and ``edited``): an edited draft is compared with it.
    engine_record: type[models.Model] | None = None
    #: ``(tournament, entry) -> {round number: explanation, or None}``: why the engine gave the
    #: player their opponent and colour in each published round it paired (a dict of the
    #: engine's English sentences), None for a round the arbiter changed by hand; the public
    #: card shows them. None when the system's engine explains nothing.
    pairing_reasons: Callable[[Any, Any], dict[int, Any]] | None = None
    #: ``(user, round) -> list[str]``: what to note in the audit log when a draft is published
    #: (the rule warnings, the repeats an arbiter accepted).
    publish_notes: Callable[[Any, Any], list[str]] | None = None
    #: ``(round) -> list[RuleWarning]``: what the rules say about a draft as it stands, at their
    #: levels (arbiter/core/fide_mode.py); an edit that adds one waits for its confirmation.
    edit_warnings: Callable[[Any], list[Any]] | None = None
    #: ``(tournament, number) -> str``: how round ``number``'s pairing differs from the one its
    #: engine makes now, under the settings as they stand (unsaved: a new number of rounds
    #: makes another round final); "" when they agree (arbiter/core/services/tournaments.py).
    recheck_round: Callable[[Any, int], str] | None = None
    #: ``(tournament, players) -> int``: the most rounds it can pair by the rules for a field of
    #: that size (the settings page warns before the start when more are planned, Q62).
    rounds_possible: Callable[[Any, int], int] | None = None
    #: ``(tournament) -> RuleSet``: the club rule set (tie-break rules ``club``) read from the
    #: system's own settings (docs/standings.md); None when the system offers none.
    club_rules: Callable[[Any], RuleSet] | None = None
    #: ``(tournament) -> pairing.knockout.services.Results``: for a system without rounds, its
    #: placings, which the standings page and the standings PDF show instead of points.
    placings: Callable[[Any], Any] | None = None
    #: ``(tournament) -> "preparing" | "running" | "finished"``, from the facts; None: from the
    #: rounds (arbiter.core.services.status.rounds_progress).
    progress: Callable[[Any], str] | None = None
    #: ``(user, tournament) -> None``: play the demo tournament some way in (arbiter/desk/demo.py).
    demo: Callable[[Any, Any], None] | None = None
    #: ``(tournament) -> list[dict]``: a system without rounds has bouts; the exports list them
    #: (``docs/schema/tournament-v1.json``, ``bouts``).
    bouts: Callable[[Any], list[dict[str, Any]]] | None = None
    #: Its players check in for the next round (a Monrad evening, a Swiss round with check-in),
    #: by their card when the tournament allows it: :class:`CheckIn`; None: no check-in (a
    #: round robin's schedule is fixed, a knockout's bracket drawn).
    check_in: CheckIn | None = None
    #: The models it keeps beside its tournaments, parents first: backups and their restore
    #: follow from them (arbiter/desk/backup.py).
    stored: tuple[Stored, ...] = ()
    #: Its pages' URL patterns, included under the project's URLs: the arbiter's, and the public
    #: ones (served in every language, arbiter/urls.py); its views declare them (docs/layout.md,
    #: "URLs").
    urls: Sequence[Any] = ()
    public_urls: Sequence[Any] = ()

    #: What the pages call those who take part (a knockout category's are competitors), as a
    #: heading, and the button that adds one: whole phrases, so each language words them.
    people: Any = PLAYERS
    add_person: Any = ADD_PLAYER
    #: A team event: its rounds are team matches (``TeamMatch``), whose results have a page of
    #: their own (``team_results``, pairing/team_rounds/views.py; docs/teams.md).
    team_event: bool = False
    #: Those who take part have a FIDE title, rating and id (chess). A knockout is the system of
    #: judo and the other combat sports here (a bracket seeded by hand, no rating): its entry form
    #: and player list leave those fields out.
    chess_fields: bool = True

    @property
    def trf_export(self) -> bool:
        """FIDE rating report files (TRF-2026 and TRF-16) can be downloaded."""
        return self.trf_type is not None

    @property
    def has_placings(self) -> bool:
        """Its standings are placings (a system without rounds); templates ask this, since they
        would call the function itself."""
        return self.placings is not None

    def has_page(self, url_name: str) -> bool:
        """Whether this system has the page (an arbiter's menu item or a public tab)."""
        return any(link.url_name == url_name for link in self.arbiter_pages + self.public_pages)


#: Every registered system, by code (:func:`register`), in the order registered.
SYSTEMS: dict[str, PairingSystem] = {}


def register(system: PairingSystem) -> None:
    """Make ``system`` known to every page, service and export (its room's app calls this once
    at start-up)."""
    SYSTEMS[system.code] = system


def choices() -> list[tuple[str, str]]:
    """The systems as the choices of ``Tournament.system`` and its form."""
    return [(system.code, system.label) for system in SYSTEMS.values()]
