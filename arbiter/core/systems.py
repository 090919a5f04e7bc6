"""The pairing systems the app runs: one entry each, saying all the app needs to know about it.

Nothing outside this module asks which system a tournament has: pages, menus, standings,
scoring, the round lifecycle, entries, exports and the demo read the tournament's entry here
(``tournament.pairing_system``). Adding a system is one entry plus the modules it names:
docs/adding-a-system.md.

The functions an entry names are given as dotted paths, imported when first used, so this
module imports no service or view (they import it).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import models
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _


class System(models.TextChoices):
    """The systems' codes, as stored in ``Tournament.system``."""

    ROUND_ROBIN = "round_robin", _("Round robin (Berger)")
    SWISS_DUTCH = "swiss_dutch", _("Swiss, FIDE Dutch")
    MONRAD = "monrad", _("Monrad (Swedish attendance)")
    KNOCKOUT = "knockout", _("Knockout bracket")


PLAYERS, ADD_PLAYER = _("Players"), _("Add player")


@dataclass(frozen=True)
class Link:
    """A page of the system: a menu item for the arbiter or a tab of the public pages."""

    label: str
    url_name: str  # reversed with the tournament's pk, then ``args``
    args: tuple[str, ...] = ()
    download: bool = False


@dataclass(frozen=True)
class PairingSystem:
    code: str
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
    #: postponed): arbiter/standings.py.
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
    #: Nobody can join once the rounds exist (the round robin's schedule is fixed).
    closed_once_rounds_exist: bool = False
    #: ``(tournament) -> str``: the TRF-2026 ``192`` tournament type (ETT26 code) of its rating
    #: report file; "" when the system has none (its TRF-2026 and TRF-16 cannot be downloaded).
    trf_type: str = ""
    #: What its TRF's ``182`` record (the pairing program) says made the rounds.
    trf_program: str = ""
    #: The pairer of the round lifecycle (pairing/services/rounds.py): a function
    #: ``(user, tournament, number) -> Proposal`` that pairs the next round, or "" when the
    #: system's rounds are made otherwise (a round robin's drawing of lots makes them all).
    pairer: str = ""
    #: The page where the next round is paired and its draft edited: its URL name and its
    #: Board (the HTMX glue, pairing/views/board.py).
    round_page: str = ""
    board: str = ""
    #: The model keeping what the pairer proposed beside each round (with ``boards``, ``bye``
    #: and ``edited``): an edited draft is compared with it.
    engine_record: str = ""
    #: ``(user, round) -> list[str]``: what to note in the audit log when a draft is published
    #: (the rule warnings, the repeats an arbiter accepted).
    publish_notes: str = ""
    #: ``(tournament) -> pairing.services.knockout.Results``: for a system without rounds, its
    #: placings, which the standings page and the standings PDF show instead of points.
    placings: str = ""
    #: ``(tournament) -> "preparing" | "running" | "finished"``, from the facts.
    progress: str = "arbiter.core.services.status.rounds_progress"
    #: ``(user, tournament) -> None``: play the demo tournament some way in (arbiter/demo.py).
    demo: str = ""
    #: ``(tournament) -> list[dict]``: a system without rounds has bouts; the exports list them
    #: (``docs/schema/tournament-v1.json``, ``bouts``).
    bouts: str = ""
    #: What the pages call those who take part (a knockout category's are competitors), as a
    #: heading, and the button that adds one: whole phrases, so each language words them.
    people: Any = PLAYERS
    add_person: Any = ADD_PLAYER
    #: Those who take part have a FIDE title, rating and id (chess). A knockout is the system of
    #: judo and the other combat sports here (a bracket seeded by hand, no rating): its entry form
    #: and player list leave those fields out.
    chess_fields: bool = True

    @property
    def trf_export(self) -> bool:
        """FIDE rating report files (TRF-2026 and TRF-16) can be downloaded."""
        return bool(self.trf_type)

    def has_page(self, url_name: str) -> bool:
        """Whether this system has the page (an arbiter's menu item or a public tab)."""
        return any(link.url_name == url_name for link in self.arbiter_pages + self.public_pages)

    def call(self, name: str, *args: Any) -> Any:
        """Call the function this entry names in field ``name``."""
        return import_string(getattr(self, name))(*args)


SYSTEMS: dict[str, PairingSystem] = {
    System.ROUND_ROBIN: PairingSystem(
        code=System.ROUND_ROBIN,
        arbiter_pages=(
            Link(_("Drawing of lots"), "drawing"),
            Link("TRF-2026", "trf_export", ("2026",), download=True),
            Link("TRF-16", "trf_export", ("16",), download=True),
        ),
        crosstable="berger",
        default_tiebreaks=("DE", "SB", "WIN", "KS"),
        all_play_all=True,
        live_standings=False,
        starting_list_order="number",
        # the free round of an odd field is a game against Berger's "dummy": no point
        pairing_allocated_bye_points=Decimal(0),
        closed_once_rounds_exist=True,
        trf_type="pairing.swiss.trf.export.round_robin_type",
        trf_program="arbiter app, FIDE Berger tables",
        demo="arbiter.desk.demo.draw_lots",
    ),
    System.SWISS_DUTCH: PairingSystem(
        code=System.SWISS_DUTCH,
        arbiter_pages=(
            Link(_("Pairing"), "swiss"),
            Link("TRF-2026", "trf_export", ("2026",), download=True),
            Link("TRF-16", "trf_export", ("16",), download=True),
        ),
        default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
        numbers_follow_ranking_through_round=3,
        trf_type="pairing.swiss.trf.export.engine_system",
        trf_program="arbiter app, FIDE Dutch engine",
        pairer="pairing.swiss.services.propose_round",
        round_page="swiss",
        board="pairing.swiss.views.BOARD",
        engine_record="pairing.models.EnginePairing",
        publish_notes="pairing.swiss.services.publish_notes",
        demo="arbiter.desk.demo.pair_swiss",
    ),
    System.MONRAD: PairingSystem(
        code=System.MONRAD,
        arbiter_pages=(Link(_("Club evening"), "monrad"),),
        default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
        number_name=_("card number"),
        starting_list_order="number",
        pairer="pairing.monrad.services.propose_evening",
        round_page="monrad",
        board="pairing.monrad.views.BOARD",
        engine_record="pairing.models.MonradPairing",
        publish_notes="pairing.monrad.services.publish_notes",
        demo="arbiter.desk.demo.club_evenings",
    ),
    System.KNOCKOUT: PairingSystem(
        code=System.KNOCKOUT,
        arbiter_pages=(Link(_("Bracket"), "bracket"),),
        public_pages=(
            Link(_("Bracket"), "public_bracket"),
            Link(_("Standings"), "public_standings"),
            Link(_("bracket (PDF)"), "public_bracket_pdf", download=True),
        ),
        has_rounds=False,
        crosstable="",
        placings="pairing.knockout.services.placings",
        progress="pairing.knockout.services.progress",
        demo="arbiter.desk.demo.fight_first_round",
        bouts="pairing.knockout.services.bouts",
        people=_("Competitors"),
        add_person=_("Add competitor"),
        chess_fields=False,
    ),
}
