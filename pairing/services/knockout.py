"""A knockout category's state changes: seeds, the draw, the result of a match.

Each runs in one transaction with the tournament row locked, so two arbiters are served one
after the other; the pure engine (``pairing.engines.knockout``) decides, the database keeps the
draw (with the random seed that reproduces it) and one row per fought match. Every change is in
the audit log.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, dataclass

from django.db import transaction
from django.utils import timezone

from arbiter.models import Entry, System, Tournament
from arbiter.services.audit import record
from pairing.engines import knockout as ko
from pairing.models import Bout, Bracket
from pairing.services.rounds import (
    ConfirmationNeeded,
    RoundError,
    StaleDraft,
    locked_tournament,
)


class BracketError(RoundError):
    """A change the bracket cannot take; the message is for the arbiter."""


class ResetNeeded(BracketError):
    """Changing this result undoes later matches already fought: confirm to reset them."""

    def __init__(self, message: str, matches: tuple[int, ...]) -> None:
        super().__init__(message)
        self.matches = matches


@dataclass(frozen=True)
class Board:
    """The bracket as the pages show it: the engine's bracket and state, and the entries."""

    bracket: Bracket
    engine: ko.Bracket | None
    state: ko.State | None
    entries: dict[str, Entry]
    medals: ko.Medals | None


def bracket_of(tournament: Tournament) -> Bracket:
    bracket, _ = Bracket.objects.get_or_create(tournament=tournament)
    return bracket


def _check_knockout(tournament: Tournament) -> None:
    if tournament.system != System.KNOCKOUT:
        raise BracketError("Only a knockout category has a bracket.")


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
    when the bracket has changed since, naming the change (pairing/services/rounds.py does the
    same for drafts)."""
    locked_tournament(tournament)
    _check_knockout(tournament)
    bracket = Bracket.objects.select_for_update().get(pk=bracket_of(tournament).pk)
    if seen is not None and seen != bracket_token(bracket):
        who = f" ({bracket.changed_by.username})" if bracket.changed_by else ""
        raise StaleDraft(
            f"The bracket changed after your page was shown: {bracket.last_change}{who}. "
            "Nothing was done; here it is as it stands now."
        )
    return bracket


def bracket_token(bracket: Bracket) -> str:
    """What a page shows the bracket as: empty while nothing has been chosen yet, then its id
    and version."""
    return f"{bracket.pk}.{bracket.version}" if bracket.pk and bracket.version > 1 else ""


def _changed(user, bracket: Bracket, summary: str, *fields: str) -> None:
    bracket.version += 1
    bracket.last_change = summary[:300]
    bracket.changed_by = user if user is not None and user.is_authenticated else None
    bracket.save(update_fields=["version", "last_change", "changed_by", *fields])


def progress(tournament: Tournament) -> str:
    """Preparing until the draw, finished when every match is decided."""
    state = board(tournament).state
    if state is None:
        return Tournament.Status.PREPARING
    if all(match.decided for match in state.matches):
        return Tournament.Status.FINISHED
    return Tournament.Status.RUNNING


@transaction.atomic
def set_seeds(
    user, tournament: Tournament, seeds: dict[int, int | None], *, seen: str | None = None
) -> Bracket:
    """Seed competitors 1..8 (entry id -> seed, None to unseed) before the draw."""
    bracket = _locked(tournament, seen)
    if bracket.slots:
        raise BracketError("The draw is made: seeds can no longer change.")
    chosen = {str(entry): seed for entry, seed in seeds.items() if seed}
    known = set(
        Entry.objects.filter(tournament=tournament, withdrawn=False).values_list("pk", flat=True)
    )
    if any(int(entry) not in known for entry in chosen):
        raise BracketError("Only the category's own competitors can be seeded.")
    values = sorted(chosen.values())
    if any(not 1 <= s <= ko.model.MAX_SEEDS for s in values) or len(set(values)) != len(values):
        raise BracketError(f"Seeds are 1 to {ko.model.MAX_SEEDS}, each given once.")
    before = bracket.seeds
    bracket.seeds = chosen
    _changed(user, bracket, "seeds set", "seeds")
    record(user, tournament, "bracket.seeds", "Seeds set", before=before, after=chosen)
    return bracket


def system_for(bracket: Bracket, competitors: int) -> str:
    """The system the event's rules give a field of this size (spec §2.10)."""
    rules = {"pool_up_to": bracket.pool_up_to, "knockout": bracket.knockout_system}
    return ko.choose_system(competitors, rules)


@transaction.atomic
def set_rules(
    user,
    tournament: Tournament,
    *,
    pool_up_to: int,
    knockout_system: str,
    seen: str | None = None,
) -> Bracket:
    """The event's choice of system: pools up to ``pool_up_to`` competitors, then a knockout."""
    bracket = _locked(tournament, seen)
    if bracket.slots:
        raise BracketError("The draw is made: its system stands.")
    if not 0 <= pool_up_to <= ko.pools.MAX_POOL:
        raise BracketError(f"A pool has at most {ko.pools.MAX_POOL} competitors.")
    if knockout_system not in ko.SYSTEMS or ko.SYSTEMS[knockout_system].is_pool:
        raise BracketError("Choose a knockout system for the larger fields.")
    before = {"pool_up_to": bracket.pool_up_to, "knockout_system": bracket.knockout_system}
    bracket.pool_up_to = pool_up_to
    bracket.knockout_system = knockout_system
    _changed(user, bracket, "system rules set", "pool_up_to", "knockout_system")
    after = {"pool_up_to": pool_up_to, "knockout_system": knockout_system}
    record(user, tournament, "bracket.rules", "System rules set", before=before, after=after)
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
        raise BracketError("The draw is made: draw again to change places.")
    if not Entry.objects.filter(tournament=tournament, pk=entry_id, withdrawn=False).exists():
        raise BracketError("Only the category's own competitors can be placed.")
    placed = dict(bracket.placed)
    if slot is None:
        placed.pop(str(entry_id), None)
    else:
        size = hand_placing(tournament)["size"]
        if not 1 <= slot <= size:
            raise BracketError(f"The bracket has places 1 to {size}.")
        if slot in placed.values() and placed.get(str(entry_id)) != slot:
            raise BracketError(f"Place {slot} is taken.")
        placed[str(entry_id)] = slot
    bracket.placed = placed
    _changed(user, bracket, f"placed by hand: {placed}", "placed")
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
    seen: str | None = None,
    confirm: bool = False,
) -> Bracket:
    """Draw the bracket (again, while no match is fought), reproducible from its random seed.

    ``fixed_seeds`` ("ijf" or "international") puts each seed on the place printed with its
    number (spec §2.3, §4) instead of drawing it within its region. Drawing again replaces a
    drawn bracket: refused with :class:`ConfirmationNeeded` unless ``confirm``."""
    bracket = _locked(tournament, seen)
    if bracket.bouts.exists():
        raise BracketError("Matches have been fought: the draw stands.")
    if bracket.slots and not confirm:
        when = timezone.localtime(bracket.drawn_at) if bracket.drawn_at else None
        lost = f"the bracket drawn {when:%Y-%m-%d %H:%M} " if when else "the bracket drawn "
        lost += f"with random seed {bracket.random_seed}"
        raise ConfirmationNeeded(f"Drawing again replaces {lost}.", [lost])
    competitors = _competitors(tournament, bracket)
    if len(competitors) < 2:
        raise BracketError("A bracket needs at least two competitors.")
    system = system or system_for(bracket, len(competitors))
    if system not in ko.SYSTEMS:
        raise BracketError(f"Unknown system {system!r}.")
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
    _changed(
        user,
        bracket,
        "drawn again" if confirm else "drawn",
        "system",
        "separate_by",
        "random_seed",
        "slots",
        "log",
        "drawn_at",
    )
    record(
        user,
        tournament,
        "bracket.draw",
        f"Drew the bracket: {ko.SYSTEMS[system].name}, {drawn.size} places, seed {seed}",
        after={"system": system, "seed": seed, "slots": bracket.slots},
    )
    return bracket


def _engine(bracket: Bracket, competitors: list[ko.Competitor]) -> ko.Bracket:
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
) -> ko.State:
    """The winner of a match (None clears it); the change flows into the matches it fed.

    Refused with :class:`ResetNeeded` when later matches that depend on it were fought, unless
    ``confirm_reset`` (their results are then removed and they must be fought again). Before the
    first bout the bracket is still a draft: ``seen`` must be the draw the page showed.
    """
    bracket = _locked(tournament)
    if not bracket.slots:
        raise BracketError("The bracket is not drawn yet.")
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
        if results.get(match) != winner:
            Bout.objects.update_or_create(
                bracket=bracket, match=match, defaults={"winner_id": int(winner)}
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


def board(tournament: Tournament) -> Board:
    """The bracket, who is in each match and the medals so far (three queries; nothing is
    written, so the public page can call it)."""
    bracket = Bracket.objects.filter(tournament=tournament).select_related(
        "changed_by"
    ).first() or Bracket(tournament=tournament)
    entries = {str(e.pk): e for e in Entry.objects.filter(tournament=tournament)}
    if not bracket.slots:
        return Board(bracket, None, None, entries, None)
    competitors = [ko.Competitor(pk, e.name) for pk, e in entries.items()]
    engine = _engine(bracket, competitors)
    state = ko.play(engine, _results(bracket))
    return Board(bracket, engine, state, entries, ko.medals(state))
