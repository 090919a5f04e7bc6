"""Title norms of a tournament's players, from its stored games (docs/ratings.md, "Title norms").

The rules are the pure engine's (pairing/engines/norms.py, B.01 1.4); this module reads what
it needs in a fixed number of queries whatever the size of the field (the entries, the games,
the byes, the arbiter's settings) and hands each player's rounds to it. Norms are for the
systems FIDE rates (the registry's ``fide_rated``) and for standard chess only (B.01 0.5:
"Rating refers to a player's Standard FIDE rating"): :func:`norms_apply`.

Only published and complete rounds are read, as the public pages read them: a round robin's
whole schedule is published at its drawing, so its rounds to come are known; a Swiss's are not.
"""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction

from arbiter.core.models import Bye, Entry, Game, RatingType, Tournament, TournamentArbiter
from arbiter.core.public_cache import shared, stamp
from arbiter.core.services.audit import record
from arbiter.core.standings import COUNTED_STATES
from arbiter.ratings.models import NormSettings
from pairing.engines import norms as engine
from pairing.engines import results

WOMEN_TITLES = frozenset({"WGM", "WIM", "WFM", "WCM"})
_ENTRY_FIELDS = ("id", "name", "title", "sex", "federation", "rating", "fide_id", "withdrawn")


def norms_apply(tournament: Tournament) -> bool:
    """Norms are checked for this tournament: a system FIDE rates, rated in standard chess."""
    system = tournament.pairing_system
    return (
        system.fide_rated
        and system.chess_fields
        and system.has_rounds
        and tournament.rating_type == RatingType.STANDARD
    )


@dataclass(frozen=True)
class TournamentFacts:
    """What the engine needs of the tournament, read once: the event, each entry's values,
    each player's rounds."""

    event: engine.Event
    entries: dict[int, dict]
    rounds: dict[int, list[engine.RoundRecord]]
    settings: NormSettings | None


def settings_of(tournament: Tournament) -> NormSettings | None:
    return NormSettings.objects.filter(tournament=tournament).first()


def read_facts(tournament: Tournament) -> TournamentFacts:
    """Four queries: the entries, the games and the byes of the published and complete rounds,
    and the arbiter's norm settings."""
    entries = {row["id"]: row for row in tournament.entries.values(*_ENTRY_FIELDS)}
    games = list(
        Game.objects.filter(round__tournament=tournament, round__state__in=COUNTED_STATES)
        .order_by("round__number", "board")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    byes = list(
        Bye.objects.filter(
            round__tournament=tournament, round__state__in=COUNTED_STATES
        ).values_list("round__number", "entry_id", "kind")
    )
    settings = settings_of(tournament)
    round_robin = tournament.pairing_system.all_play_all
    paired = max([n for n, *_ in games] + [n for n, *_ in byes], default=0)
    met: dict[frozenset[int], int] = defaultdict(int)
    for _n, white, black, _code in games:
        met[frozenset((white, black))] += 1
    double = round_robin and any(times > 1 for times in met.values())

    points_against_rated = _points_against_rated(entries, games) if round_robin else {}
    opponents = {
        pk: engine.Opponent(
            rating=row["rating"] or None,
            title=row["title"],
            federation=row["federation"],
            fide_id=row["fide_id"],
            name=row["name"],
            key=pk,
            points_against_rated=points_against_rated.get(pk),
        )
        for pk, row in entries.items()
    }
    rounds: dict[int, list[engine.RoundRecord]] = defaultdict(list)
    present: dict[int, set[int]] = defaultdict(set)
    for number, white, black, code in games:
        result = results.from_code(code)
        for me, other, colour in ((white, black, "w"), (black, white, "b")):
            rounds[me].append(_game_record(number, opponents[other], result, colour))
            if result is None or result.outcome(colour) != results.FORFEIT_LOSS:
                present[me].add(number)
    for number, entry_id, kind in byes:
        allocated = kind == Bye.Kind.PAIRING_ALLOCATED and not round_robin
        what = engine.Kind.PAIRING_BYE if allocated else engine.Kind.ABSENT
        rounds[entry_id].append(engine.RoundRecord(number, what))
        if kind == Bye.Kind.PAIRING_ALLOCATED:
            present[entry_id].add(number)
    for pk in entries:
        seen = {r.round for r in rounds[pk]}
        for number in range(1, paired + 1):
            if number not in seen:
                rounds[pk].append(engine.RoundRecord(number, engine.Kind.ABSENT))

    host = tournament.federation
    big_swiss = None
    if not round_robin:
        field = (
            engine.FieldPlayer(
                federation=row["federation"],
                rated=bool(row["rating"]),
                title=row["title"],
                missed=paired - len(present[pk]),
            )
            for pk, row in entries.items()
        )
        big_swiss = engine.big_swiss(field, host)
    exemption = engine.Exemption(settings.exemption) if settings else engine.Exemption.NONE
    event = engine.Event(
        round_robin=round_robin,
        rounds=max(tournament.planned_rounds or 0, paired),
        paired=paired,
        host_federation=host,
        double_round_robin=double,
        exemption=exemption,
        big_swiss=big_swiss,
    )
    return TournamentFacts(event, entries, dict(rounds), settings)


def _game_record(
    number: int, opponent: engine.Opponent, result: results.Result | None, colour: str
) -> engine.RoundRecord:
    if result is None:
        return engine.RoundRecord(number, engine.Kind.PENDING, opponent)
    outcome = result.outcome(colour)
    if outcome == results.FORFEIT_WIN:
        return engine.RoundRecord(number, engine.Kind.FORFEIT_WIN, opponent)
    if outcome == results.FORFEIT_LOSS:
        return engine.RoundRecord(number, engine.Kind.FORFEIT_LOSS, opponent)
    score = results.CHESS.of(outcome)
    return engine.RoundRecord(number, engine.Kind.PLAYED, opponent, Decimal(score))


def _points_against_rated(entries: dict[int, dict], games: list) -> dict[int, Decimal]:
    """B.01 1.4.2b: each unrated player's points in games played against rated players."""
    scored = {pk: Decimal(0) for pk, row in entries.items() if not row["rating"]}
    for _n, white, black, code in games:
        result = results.from_code(code)
        if result is None or not result.played:
            continue
        white_points, black_points = result.points()
        if white in scored and entries[black]["rating"]:
            scored[white] += white_points
        if black in scored and entries[white]["rating"]:
            scored[black] += black_points
    return scored


def player_of(row: dict) -> engine.Player:
    woman = row["sex"] == Entry.Sex.FEMALE or row["title"] in WOMEN_TITLES
    return engine.Player(
        title=row["title"],
        federation=row["federation"],
        rating=row["rating"] or None,
        woman=woman,
        withdrawn=row["withdrawn"],
    )


def tournament_norms(
    tournament: Tournament, entry_ids: set[int] | None = None, facts: TournamentFacts | None = None
) -> dict[int, dict[str, engine.NormResult]]:
    """Every player's verdict per title (only ``entry_ids`` when given), by entry id; {} when
    norms do not apply (:func:`norms_apply`). Four queries (:func:`read_facts`)."""
    if not norms_apply(tournament):
        return {}
    facts = facts or read_facts(tournament)
    wanted = facts.entries if entry_ids is None else entry_ids & facts.entries.keys()
    return {
        pk: engine.evaluate(player_of(facts.entries[pk]), facts.event, facts.rounds.get(pk, []))
        for pk in wanted
    }


def shown_norms(tournament: Tournament) -> dict[int, list[engine.NormResult]]:
    """Every player's norms worth showing (reached or within reach, in the order of titles), by
    entry id: players with none are left out."""
    shown = {}
    for pk, found in tournament_norms(tournament).items():
        results = [found[title] for title in engine.TITLES if found[title].shown]
        if results:
            shown[pk] = results
    return shown


def public_norms(tournament: Tournament) -> dict[int, list[engine.NormResult]]:
    """:func:`shown_norms` once per tournament version, kept for every public card
    (arbiter/core/public_cache.py): four queries the first time, none after; {} without a query
    where norms are not checked. The verdicts are kept, not their words: each card says them in
    its reader's language."""
    if not norms_apply(tournament):
        return {}
    key = f"norms:{tournament.pk}:{stamp(tournament)}"
    return shared(key, lambda: shown_norms(tournament))


def chief_arbiter(tournament: Tournament, settings: NormSettings | None) -> str:
    """The chief arbiter's name for the report: as the norm settings give it, else the
    tournament's chief arbiter's full name (or username)."""
    if settings is not None and settings.chief_arbiter:
        return settings.chief_arbiter
    staff = (
        TournamentArbiter.objects.filter(tournament=tournament, role=TournamentArbiter.Role.CHIEF)
        .select_related("user")
        .first()
    )
    if staff is None:
        return ""
    return staff.user.get_full_name() or staff.user.get_username()


NORM_SETTINGS_FIELDS = ["exemption", "chief_arbiter", "chief_arbiter_fide_id"]


@transaction.atomic
def save_norm_settings(user, tournament: Tournament, values: dict) -> NormSettings:
    """Set the tournament's norm settings (the 1.4.3 event, the chief arbiter for the report),
    audited with their values before and after."""
    existing = NormSettings.objects.select_for_update().filter(tournament=tournament).first()
    settings = existing or NormSettings(tournament=tournament)
    before = {name: getattr(settings, name) for name in NORM_SETTINGS_FIELDS}
    after = {name: values.get(name, before[name]) for name in NORM_SETTINGS_FIELDS}
    if before == after:
        return settings  # nothing changes: no row, no audit entry
    if existing is None:
        settings, _created = NormSettings.objects.get_or_create(tournament=tournament)
    for name, value in after.items():
        setattr(settings, name, value)
    settings.full_clean()
    settings.save()
    event = after["exemption"] or "no exemption"
    record(
        user,
        tournament,
        "norms.settings",
        f"Norm settings: B.01 1.4.3 event {event}, chief arbiter {after['chief_arbiter']!r}",
        before=before,
        after=after,
    )
    return settings
