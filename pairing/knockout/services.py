"""A knockout category's state changes: seeds, the draw, the result of a match.

Each runs in one transaction with the tournament row locked, so two arbiters are served one
after the other; the pure engine (``pairing.engines.knockout``) decides, the database keeps the
draw (with the random seed that reproduces it) and one row per fought match. Every change is in
the audit log.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from arbiter.core.models import Entry, Tournament
from arbiter.core.services.audit import record
from arbiter.core.systems import System
from pairing.engines import knockout as ko
from pairing.engines.messages import N_
from pairing.knockout.models import Bout, Bracket
from pairing.rounds.services import (
    ConfirmationNeeded,
    RoundError,
    check_seen,
    locked_tournament,
    mark_changed,
)

#: What changed a bracket, its "last change": stored in English, shown in the reader's language
#: through engine_text (docs/i18n.md).
SEEDS_SET = N_("seeds set")
RULES_SET = N_("draw rules set")
PLACED = N_("placed by hand: %(places)s")
DRAWN = N_("drawn")
DRAWN_AGAIN = N_("drawn again")
UNDONE = N_("draw undone")


class BracketError(RoundError):
    """A change the bracket cannot take; the message is for the arbiter."""


class SeedsRefused(BracketError):
    """Seeds the bracket cannot take; ``duplicates`` names the entries that share a seed."""

    def __init__(self, message: str, duplicates: frozenset[int] = frozenset()) -> None:
        super().__init__(message)
        self.duplicates = duplicates


class ResetNeeded(BracketError):
    """Changing this result undoes later matches already fought: confirm to reset them."""

    def __init__(self, message: str, matches: tuple[int, ...]) -> None:
        super().__init__(message)
        self.matches = matches


@dataclass(frozen=True)
class BracketSheet:
    """A knockout category's bracket as it is read, never written: the bracket page, the
    printed bracket or pool sheet, the mats and the exports show it. The stored bracket, the
    engine's drawn bracket and its state (who is in each match, who won), the entries and the
    medals (docs/glossary.md)."""

    bracket: Bracket
    engine: ko.DrawnBracket | None
    state: ko.State | None
    entries: dict[str, Entry]
    medals: ko.Medals | None
    #: Pool score points by match, from the scores the mat-side table kept (spec §2.7).
    points: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: The fought bouts by match (winner and score).
    fought: dict[int, Bout] = field(default_factory=dict)

    def placings(self) -> list[tuple[ko.Placing, Entry | None]]:
        """The category's results (``ko.placings``) with each competitor's entry: what the
        standings, the medal table and the PDF show (empty before the draw)."""
        if self.state is None:
            return []
        return [
            (line, self.entries.get(line.competitor) if line.competitor else None)
            for line in ko.placings(self.state, self.points)
        ]

    def standings(self) -> tuple[ko.PoolRow, ...]:
        """A pool's standing ranked with the score points of the kept scores (as its placings
        are): what the bracket page and the printed pool sheet show."""
        return ko.standings(self.state, self.points)

    def how(self, match: int) -> str:
        """How a fought bout was won ("yuko", "waza-ari (golden score)"), "" when only its
        winner was entered."""
        kept = self.fought.get(match)
        try:
            outcome = ko.Score.parse(kept.score).outcome() if kept and kept.score else None
        except ko.KnockoutError:
            outcome = None
        if outcome is None:
            return ""
        return outcome.how + (gettext(" (golden score)") if outcome.golden else "")

    @property
    def finished(self) -> bool:
        return self.state is not None and all(m.decided for m in self.state.matches)


def bracket_of(tournament: Tournament) -> Bracket:
    bracket, _ = Bracket.objects.get_or_create(tournament=tournament)
    return bracket


def _check_knockout(tournament: Tournament) -> None:
    if tournament.system != System.KNOCKOUT:
        raise BracketError(gettext("Only a knockout category has a bracket."))


def _competitors(tournament: Tournament, bracket: Bracket) -> list[ko.Competitor]:
    entries = Entry.objects.filter(tournament=tournament, withdrawn=False).order_by("name")
    return [
        ko.Competitor(
            str(e.pk), e.name, club=e.club, country=e.federation, seed=bracket.seeds.get(str(e.pk))
        )
        for e in entries
    ]


def _locked(tournament: Tournament, seen: str | None = None) -> Bracket:
    """The tournament, then its bracket, locked; with ``seen`` (what the page showed), refused
    when the bracket has changed since, naming the change (as a draft round is)."""
    locked_tournament(tournament)
    _check_knockout(tournament)
    bracket = Bracket.objects.select_for_update().get(pk=bracket_of(tournament).pk)
    check_seen(bracket, seen)
    return bracket


def progress(tournament: Tournament) -> str:
    """Preparing until the draw, finished when every match is decided."""
    state = sheet(tournament).state
    if state is None:
        return Tournament.Status.PREPARING
    if all(match.decided for match in state.matches):
        return Tournament.Status.FINISHED
    return Tournament.Status.RUNNING


def _checked_seeds(tournament: Tournament, seeds: dict[int, int | None]) -> dict[str, int]:
    """Seeds as the bracket keeps them (entry id as text -> seed), or :class:`SeedsRefused`
    naming the entries that share a seed."""
    chosen = {str(entry): seed for entry, seed in seeds.items() if seed}
    known = set(
        Entry.objects.filter(tournament=tournament, withdrawn=False).values_list("pk", flat=True)
    )
    if any(int(entry) not in known for entry in chosen):
        raise SeedsRefused(gettext("Only the category's own competitors can be seeded."))
    if any(not 1 <= s <= ko.model.MAX_SEEDS for s in chosen.values()):
        raise SeedsRefused(
            gettext("Seeds are 1 to %(MAX_SEEDS)s, each given once.")
            % {"MAX_SEEDS": ko.model.MAX_SEEDS}
        )
    values = list(chosen.values())
    twice = sorted({s for s in values if values.count(s) > 1})
    if twice:
        duplicates = frozenset(int(e) for e, s in chosen.items() if s in twice)
        given = ", ".join(str(s) for s in twice)
        raise SeedsRefused(
            gettext(
                "Seeds are 1 to %(MAX_SEEDS)s, each given once: seed %(seeds)s is given twice. "
                "Nothing was saved; your choice is kept below, the clashes marked."
            )
            % {"MAX_SEEDS": ko.model.MAX_SEEDS, "seeds": given},
            duplicates,
        )
    return chosen


def _store_seeds(user, tournament: Tournament, bracket: Bracket, chosen: dict[str, int]) -> None:
    """Keep the seeds (the caller saves the bracket as a new version) and audit them."""
    before = bracket.seeds
    bracket.seeds = chosen
    record(user, tournament, "bracket.seeds", "Seeds set", before=before, after=chosen)


def seed_summary(bracket: Bracket, entries: dict[str, Entry]) -> str:
    """The seeds as the arbiter reads them: "1 Abe, Uta; 2 Giles, Chelsie" or "no seeds"."""
    order = sorted(bracket.seeds.items(), key=lambda item: item[1])
    named = [f"{seed} {entries[e].name if e in entries else e}" for e, seed in order]
    return "; ".join(named) or "no seeds"


@transaction.atomic
def set_seeds(
    user, tournament: Tournament, seeds: dict[int, int | None], *, seen: str | None = None
) -> Bracket:
    """Seed competitors 1..8 (entry id -> seed, None to unseed) before the draw."""
    bracket = _locked(tournament, seen)
    if bracket.slots:
        raise BracketError(gettext("The draw is made: undo the draw to change the seeds."))
    chosen = _checked_seeds(tournament, seeds)
    _store_seeds(user, tournament, bracket, chosen)
    mark_changed(user, bracket, SEEDS_SET, "seeds")
    return bracket


def system_for(bracket: Bracket, competitors: int) -> str:
    """The system the event's rules give a field of this size (spec §2.10)."""
    rules = {"pool_up_to": bracket.pool_up_to, "knockout": bracket.knockout_system}
    return ko.choose_system(competitors, rules)


def _rules_of(bracket: Bracket) -> dict:
    return {
        "pool_up_to": bracket.pool_up_to,
        "knockout_system": bracket.knockout_system,
        "seeding": bracket.seeding,
        "byes_to_seeds": bracket.byes_to_seeds,
    }


def draw_options(bracket: Bracket) -> str:
    """How the seeds and the byes are placed, in words (the page and the draw's audit)."""
    seeds = f"seeds 3 and 4 {Bracket.Seeding(bracket.seeding).label}"
    byes = "byes to the best seeds first" if bracket.byes_to_seeds else "byes spread"
    return f"{seeds}; {byes}"


@transaction.atomic
def set_rules(
    user,
    tournament: Tournament,
    *,
    pool_up_to: int,
    knockout_system: str,
    seeding: str = Bracket.Seeding.JUDOSHIAI,
    byes_to_seeds: bool = False,
    seen: str | None = None,
) -> Bracket:
    """The event's draw rules: pools up to ``pool_up_to`` competitors, then a knockout; where
    seeds 3 and 4 go (``seeding``, the engine's option) and whether the byes go to the best
    seeds first. Fixed once drawn: undo the draw to change them."""
    bracket = _locked(tournament, seen)
    if bracket.slots:
        raise BracketError(gettext("The draw is made: undo the draw to change its rules."))
    if not 0 <= pool_up_to <= ko.pools.MAX_POOL:
        raise BracketError(
            gettext("A pool has at most %(MAX_POOL)s competitors.")
            % {"MAX_POOL": ko.pools.MAX_POOL}
        )
    if knockout_system not in ko.SYSTEMS or ko.SYSTEMS[knockout_system].is_pool:
        raise BracketError(gettext("Choose a knockout system for the larger fields."))
    if seeding not in Bracket.Seeding.values:
        raise BracketError(gettext("Choose where seeds 3 and 4 go."))
    before = _rules_of(bracket)
    bracket.pool_up_to = pool_up_to
    bracket.knockout_system = knockout_system
    bracket.seeding = seeding
    bracket.byes_to_seeds = byes_to_seeds
    after = _rules_of(bracket)
    mark_changed(user, bracket, RULES_SET, *after)
    record(user, tournament, "bracket.rules", "Draw rules set", before=before, after=after)
    return bracket


def hand_placing(tournament: Tournament) -> dict:
    """For placing by hand: the bracket's size, who is placed where, who is left in the order
    the draw would take them (spec §2.2), and the badness of each free slot for the next one."""
    bracket = bracket_of(tournament)
    competitors = _competitors(tournament, bracket)
    if len(competitors) < 2:
        return {"system": "", "size": 0}
    system = bracket.system or system_for(bracket, len(competitors))
    if ko.SYSTEMS[system].is_pool:
        return {"system": system, "size": 0}
    size = ko.bracket_size(len(competitors), ko.SYSTEMS[system].min_size)
    by_id = {c.id: c for c in competitors}
    placed = {int(s): by_id[c] for c, s in bracket.placed.items() if c in by_id}
    queue = ko.drawing_queue(competitors, random.Random(0), bracket.separate_by)
    waiting = [c for c in queue if c.id not in bracket.placed]
    badness = ko.slot_badness(size, placed, waiting[0], bracket.separate_by) if waiting else {}
    return {
        "system": system,
        "size": size,
        "placed": placed,
        "waiting": waiting,
        "badness": sorted(badness.items()),
    }


@transaction.atomic
def place_by_hand(
    user, tournament: Tournament, entry_id: int, slot: int | None, *, seen: str | None = None
) -> Bracket:
    """Put a competitor on a slot before the draw (None takes them off again); the draw then
    places the others around them."""
    bracket = _locked(tournament, seen)
    if bracket.slots:
        raise BracketError(gettext("The draw is made: draw again to change places."))
    if not Entry.objects.filter(tournament=tournament, pk=entry_id, withdrawn=False).exists():
        raise BracketError(gettext("Only the category's own competitors can be placed."))
    placed = dict(bracket.placed)
    if slot is None:
        placed.pop(str(entry_id), None)
    else:
        size = hand_placing(tournament)["size"]
        if not 1 <= slot <= size:
            raise BracketError(gettext("The bracket has places 1 to %(size)s.") % {"size": size})
        if slot in placed.values() and placed.get(str(entry_id)) != slot:
            raise BracketError(gettext("Place %(slot)s is taken.") % {"slot": slot})
        placed[str(entry_id)] = slot
    bracket.placed = placed
    mark_changed(user, bracket, PLACED % {"places": placed}, "placed")
    record(user, tournament, "bracket.place", f"Placed by hand: {placed}", after=placed)
    return bracket


@transaction.atomic
def draw_bracket(
    user,
    tournament: Tournament,
    *,
    system: str = "",
    separate_by: str = Bracket.SeparateBy.CLUB,
    random_seed: int | None = None,
    fixed_seeds: str = "",
    seeds: dict[int, int | None] | None = None,
    seen: str | None = None,
    confirm: bool = False,
) -> Bracket:
    """Draw the bracket (again, while no match is fought), reproducible from its random seed.

    ``fixed_seeds`` ("ijf" or "international") puts each seed on the place printed with its
    number (spec §2.3, §4) instead of drawing it within its region. ``seeds`` (as for
    :func:`set_seeds`), when given, are the seeds the page shows: saved with the draw, so a
    seeding not saved yet is never left out; refused seeds draw nothing. Drawing again replaces
    a drawn bracket: refused with :class:`ConfirmationNeeded` unless ``confirm``."""
    bracket = _locked(tournament, seen)
    if bracket.bouts.exists():
        raise BracketError(gettext("Matches have been fought: the draw stands."))
    if seeds is not None and not bracket.slots:
        chosen = _checked_seeds(tournament, seeds)
        if chosen != bracket.seeds:
            _store_seeds(user, tournament, bracket, chosen)
    if bracket.slots and not confirm:
        lost = _the_draw(bracket)
        raise ConfirmationNeeded(
            gettext("Drawing again replaces %(lost)s.") % {"lost": lost}, [lost]
        )
    competitors = _competitors(tournament, bracket)
    if len(competitors) < 2:
        raise BracketError(gettext("A bracket needs at least two competitors."))
    system = system or system_for(bracket, len(competitors))
    if system not in ko.SYSTEMS:
        raise BracketError(gettext("Unknown system %(system)s.") % {"system": repr(system)})
    seed = random_seed if random_seed is not None else secrets.randbelow(2**31)
    try:
        if ko.SYSTEMS[system].is_pool:
            drawn = ko.draw_pool(competitors, seed=seed, separate_by=separate_by)
        else:
            minimum = ko.SYSTEMS[system].min_size
            fixed = {c: int(s) for c, s in bracket.placed.items()}
            if fixed_seeds:
                size = ko.bracket_size(len(competitors), minimum)
                printed = ko.fixed_seed_places(competitors, size, fixed_seeds)
                fixed.update({c: s for c, s in printed.items() if c not in fixed})
            drawn = ko.draw(
                competitors,
                seed=seed,
                separate_by=separate_by,
                fixed=fixed or None,
                minimum_size=minimum,
                seeding=bracket.seeding,
                byes_to_seeds=bracket.byes_to_seeds,
            )
        ko.bracket(drawn, system)
    except ko.KnockoutError as error:
        raise BracketError(str(error)) from error
    bracket.system = system
    bracket.separate_by = separate_by
    bracket.random_seed = seed
    bracket.slots = [int(s) if s is not None else None for s in drawn.slots]
    bracket.log = [asdict(step) for step in drawn.log]
    bracket.drawn_at = timezone.now()
    mark_changed(
        user,
        bracket,
        DRAWN_AGAIN if confirm else DRAWN,
        "seeds",
        "system",
        "separate_by",
        "random_seed",
        "slots",
        "log",
        "drawn_at",
    )
    options = "" if ko.SYSTEMS[system].is_pool else f" ({draw_options(bracket)})"
    record(
        user,
        tournament,
        "bracket.draw",
        f"Drew the bracket: {ko.SYSTEMS[system].name}, {drawn.size} places, seed {seed}{options}",
        after={"system": system, "seed": seed, "slots": bracket.slots},
    )
    return bracket


def _the_draw(bracket: Bracket) -> str:
    """The drawn bracket as a confirmation names what would go: when and with which seed."""
    when = timezone.localtime(bracket.drawn_at) if bracket.drawn_at else None
    return (
        gettext("the bracket drawn %(when)s with random seed %(seed)s")
        if when
        else gettext("the bracket drawn with random seed %(seed)s")
    ) % {"when": f"{when:%Y-%m-%d %H:%M}" if when else "", "seed": bracket.random_seed}


@transaction.atomic
def undo_draw(
    user, tournament: Tournament, *, seen: str | None = None, confirm: bool = False
) -> Bracket:
    """Back to seeding while no match is fought: the drawn places, the system drawn and the
    random seed go; the seeds, the places set by hand and the event's rules stay. Refused with
    :class:`ConfirmationNeeded` (naming the draw that goes) unless ``confirm``."""
    bracket = _locked(tournament, seen)
    if not bracket.slots:
        raise BracketError(gettext("The bracket is not drawn."))
    if bracket.bouts.exists():
        raise BracketError(gettext("Matches have been fought: the draw stands."))
    lost = _the_draw(bracket)
    if not confirm:
        raise ConfirmationNeeded(
            gettext("Undoing the draw removes %(lost)s.") % {"lost": lost}, [lost]
        )
    before = {"system": bracket.system, "seed": bracket.random_seed, "slots": bracket.slots}
    bracket.system = ""
    bracket.random_seed = None
    bracket.slots = []
    bracket.log = []
    bracket.drawn_at = None
    mark_changed(user, bracket, UNDONE, "system", "random_seed", "slots", "log", "drawn_at")
    record(user, tournament, "bracket.undraw", f"Undid the draw: {lost}", before=before)
    return bracket


def _engine(bracket: Bracket, competitors: list[ko.Competitor]) -> ko.DrawnBracket:
    by_id = {c.id: c for c in competitors}
    slots = tuple(str(s) if s is not None else None for s in bracket.slots)
    placed = tuple(by_id[s] for s in slots if s is not None and s in by_id)
    drawn = ko.Draw(
        size=len(slots),
        slots=slots,
        log=(),
        seed=bracket.random_seed or 0,
        competitors=placed,
        separate_by=bracket.separate_by,
    )
    return ko.bracket(drawn, bracket.system)


def _results(bracket: Bracket) -> dict[int, str]:
    return {match: str(winner) for match, winner in bracket.bouts.values_list("match", "winner")}


@transaction.atomic
def record_bout(
    user,
    tournament: Tournament,
    match_id: int,
    winner_id: int | None,
    *,
    confirm_reset: bool = False,
    seen: str | None = None,
    score: str = "",
) -> ko.State:
    """The winner of a match (None clears it); the change flows into the matches it fed.
    ``score`` is the table's score log (the mat-side page), kept with the result.

    Refused with :class:`ResetNeeded` when later matches that depend on it were fought, unless
    ``confirm_reset`` (their results are then removed and they must be fought again). Before the
    first bout the bracket is still a draft: ``seen`` must be the draw the page showed.
    """
    bracket = _locked(tournament)
    if not bracket.slots:
        raise BracketError(gettext("The bracket is not drawn yet."))
    if not bracket.bouts.exists():
        bracket = _locked(tournament, seen)
    competitors = [
        ko.Competitor(str(pk), name)
        for pk, name in Entry.objects.filter(tournament=tournament).values_list("pk", "name")
    ]
    engine = _engine(bracket, competitors)
    results = _results(bracket)
    try:
        updated = ko.change_result(
            engine,
            results,
            match_id,
            str(winner_id) if winner_id is not None else None,
            confirm_reset=confirm_reset,
        )
    except ko.ResetNeeded as error:
        raise ResetNeeded(str(error), error.matches) from error
    except ko.KnockoutError as error:
        raise BracketError(str(error)) from error
    gone = [m for m in results if m not in updated]
    bracket.bouts.filter(match__in=gone).delete()
    for match, winner in updated.items():
        if results.get(match) != winner or match == match_id:
            kept = score if match == match_id else ""
            Bout.objects.update_or_create(
                bracket=bracket, match=match, defaults={"winner_id": int(winner), "score": kept}
            )
    record(
        user,
        tournament,
        "bracket.bout",
        f"M{match_id}: " + ("result cleared" if winner_id is None else "winner recorded"),
        before={"results": {str(k): v for k, v in sorted(results.items())}},
        after={"results": {str(k): v for k, v in sorted(updated.items())}},
    )
    return ko.play(engine, updated)


def sheet(tournament: Tournament) -> BracketSheet:
    """The bracket, who is in each match and the medals so far (three queries; nothing is
    written, so the public page can call it)."""
    return sheets([tournament])[tournament.pk]


def sheets(tournaments: list[Tournament]) -> dict[int, BracketSheet]:
    """:func:`sheet` of several categories at once (three queries in all), by tournament id."""
    ids = [t.pk for t in tournaments]
    kept = {
        b.tournament_id: b
        for b in Bracket.objects.filter(tournament__in=ids).select_related("changed_by")
    }
    entries: dict[int, dict[str, Entry]] = {pk: {} for pk in ids}
    for entry in Entry.objects.filter(tournament__in=ids):
        entries[entry.tournament_id][str(entry.pk)] = entry
    fought: dict[int, list[Bout]] = {}
    for bout in Bout.objects.filter(bracket__in=[b.pk for b in kept.values() if b.slots]):
        fought.setdefault(bout.bracket_id, []).append(bout)
    shown = {}
    for tournament in tournaments:
        bracket = kept.get(tournament.pk) or Bracket(tournament=tournament)
        bracket.tournament = tournament
        mine = entries[tournament.pk]
        if not bracket.slots:
            shown[tournament.pk] = BracketSheet(bracket, None, None, mine, None)
            continue
        engine = _engine(bracket, [ko.Competitor(pk, e.name) for pk, e in mine.items()])
        bouts_ = fought.get(bracket.pk, [])
        state = ko.play(engine, {b.match: str(b.winner_id) for b in bouts_})
        points = {b.match: ko.Score.parse(b.score).points() for b in bouts_ if b.score}
        shown[tournament.pk] = BracketSheet(
            bracket, engine, state, mine, ko.medals(state), points, {b.match: b for b in bouts_}
        )
    return shown


@dataclass(frozen=True)
class Results:
    """A category's results for the standings page and PDF (the registry's ``placings``)."""

    lines: tuple[tuple[ko.Placing, Entry | None], ...]  # best first; entry None: to be fought
    drawn: bool
    finished: bool


def placings(tournament: Tournament) -> Results:
    """The category's placings as they stand (from :func:`sheet`; nothing is written)."""
    current = sheet(tournament)
    return Results(tuple(current.placings()), current.state is not None, current.finished)


def bouts(tournament: Tournament) -> list[dict]:
    """The bracket's matches decided so far, in match order: who met whom and who won (a bye
    has one side empty and no fight)."""
    shown = sheet(tournament)
    if shown.state is None:
        return []
    rows = []
    for ms in shown.state.matches:
        if not ms.decided:
            continue
        rows.append(
            {
                "match": ms.match.id,
                "round": ms.match.round,
                "stage": ms.match.stage,
                "a": shown.entries.get(ms.a) if ms.a else None,
                "b": shown.entries.get(ms.b) if ms.b else None,
                "winner": shown.entries.get(ms.winner) if ms.winner else None,
                "fought": ms.status == "done",
            }
        )
    return rows
