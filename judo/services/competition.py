"""A competition day's state changes before the mats: the event, its categories, the entries,
the weigh-in and the draw of every category (docs/competition.md).

Each category is a knockout tournament, so what happens inside one (an entry, a weigh-in, its
draw, a bout) is locked, audited and versioned as that tournament's change. What belongs to the
competition itself (its mats, the rest, publishing) moves :attr:`Competition.version` on.
Categories are locked in id order whenever two are changed together (a competitor moved).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import F, Q
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.core.models import Entry, Tournament, TournamentArbiter
from arbiter.core.services.audit import record, snapshot
from arbiter.core.services.entries import add_entry, set_withdrawn
from arbiter.core.services.tournaments import create_tournament
from arbiter.core.systems import System
from judo.models import Category, Competition, LiveScore, WeighIn
from judo.services import public_day
from pairing.knockout import services as knockout
from pairing.knockout.models import Bout, Bracket
from pairing.rounds.services import ConfirmationNeeded, RoundError, locked_tournament

#: The IJF senior weight classes (kg; None: the open class above the heaviest limit).
IJF_CLASSES: dict[str, tuple[Decimal | None, ...]] = {
    Category.Sex.MEN: (*(Decimal(k) for k in (60, 66, 73, 81, 90, 100)), None),
    Category.Sex.WOMEN: (*(Decimal(k) for k in (48, 52, 57, 63, 70, 78)), None),
}
COMPETITION_FIELDS = (
    "name",
    "date",
    "city",
    "mats",
    "rest_minutes",
    "bout_minutes",
    "rule_set",
    "starts_at",
)


class CompetitionError(RoundError):
    """A change the competition cannot take; the message is for the arbiter."""


def competition_changed(competition: Competition) -> None:
    Competition.objects.filter(pk=competition.pk).update(version=F("version") + 1)


def locked_competition(competition: Competition, seen: int | None = None) -> Competition:
    """The competition's row locked; with ``seen`` (the version the page showed), refused when
    it has changed since."""
    current = Competition.objects.select_for_update().get(pk=competition.pk)
    if seen is not None and seen != current.version:
        raise CompetitionError(
            _(
                "The competition's settings were changed since your page was loaded: "
                "look at them again."
            )
        )
    return current


@transaction.atomic
def create_competition(user, data: dict) -> Competition:
    """A new competition with `user` as its arbiter."""
    competition = Competition.objects.create(
        **{k: data[k] for k in COMPETITION_FIELDS if k in data}
    )
    competition.arbiters.add(user)
    record(
        user,
        None,
        "competition.create",
        f"Created the competition {competition.name}",
        after={"competition": competition.pk, **_settings(competition)},
    )
    return competition


def _settings(competition: Competition) -> dict:
    return snapshot(competition, list(COMPETITION_FIELDS))


@transaction.atomic
def update_competition(
    user, competition: Competition, data: dict, *, seen: int, confirm_rules: bool = False
) -> Competition:
    """The competition's name, date, mats, rest, bout estimate and rules; a mat that no longer
    exists gives its categories back (to be assigned again). Changing the rules is refused
    while a bout is being scored, and once bouts are scored only with ``confirm_rules``
    (:func:`check_rules_change`)."""
    competition = locked_competition(competition, seen)
    if data.get("rule_set", competition.rule_set) != competition.rule_set:
        check_rules_change(competition, data["rule_set"], confirm=confirm_rules)
    before = _settings(competition)
    for name in COMPETITION_FIELDS:
        if name in data:
            setattr(competition, name, data[name])
    competition.full_clean()
    competition.save()
    competition.categories.filter(mat__gt=competition.mats).update(mat=None)
    competition_changed(competition)
    record(
        user,
        None,
        "competition.update",
        f"Changed the settings of the competition {competition.name}",
        before={"competition": competition.pk, **before},
        after={"competition": competition.pk, **_settings(competition)},
    )
    competition.refresh_from_db()
    return competition


def check_rules_change(competition: Competition, rule_set: str, *, confirm: bool) -> None:
    """A bout is scored by one edition of the rules from its first entry to its result, so the
    rules change between bouts only: refused while a bout has entries on a mat; once bouts are
    scored, :class:`ConfirmationNeeded` (they keep the rules they were scored by)."""
    mine = Q(bracket__tournament__category__competition=competition)
    live = LiveScore.objects.filter(mine).select_related("bracket__tournament__category")
    for score in live:
        if score.score.split()[1:]:
            raise CompetitionError(
                _(
                    "Bout %(bout)s of %(category)s is being scored: confirm its result (or take "
                    "its entries back) before changing the rules."
                )
                % {"bout": score.match, "category": score.bracket.tournament.category.label}
            )
    scored = Bout.objects.filter(mine).exclude(score="").count()
    if scored and not confirm:
        new = Competition.RuleSet(rule_set).label
        raise ConfirmationNeeded(
            ngettext(
                "%(n)s bout is scored already; it keeps the rules it was scored by. The bouts "
                "begun from now on follow %(rules)s.",
                "%(n)s bouts are scored already; they keep the rules they were scored by. The "
                "bouts begun from now on follow %(rules)s.",
                scored,
            )
            % {"n": scored, "rules": new},
            [],
        )


@transaction.atomic
def set_published(user, competition: Competition, published: bool, *, seen: int) -> Competition:
    """The public pages show the competition (and its categories) or not."""
    competition = locked_competition(competition, seen)
    competition.is_published = published
    competition.save(update_fields=["is_published", "updated_at"])
    categories = Tournament.objects.filter(category__competition=competition)
    for tournament in categories.select_for_update().order_by("pk"):
        if tournament.is_published != published:
            tournament.is_published = published
            tournament.save(update_fields=["is_published", "updated_at"])
            record(user, tournament, "tournament.publish", "Published" if published else "Hidden")
    competition_changed(competition)
    record(
        user,
        None,
        "competition.publish",
        f"{'Published' if published else 'Hid'} the competition {competition.name}",
        after={"competition": competition.pk, "is_published": published},
    )
    competition.refresh_from_db()
    return competition


@transaction.atomic
def add_category(
    user,
    competition: Competition,
    *,
    sex: str,
    age_group: str,
    weight_limit: Decimal | None,
    born_from: int | None = None,
    born_to: int | None = None,
    team: bool = False,
    contest_seconds: int | None = None,
) -> Category:
    """A category: a knockout tournament named after it, its arbiters the competition's
    (``team``: a team category, judo/services/teams.py); ``contest_seconds``: its bouts' regular
    time on the mat clock (None: 4 minutes)."""
    competition = locked_competition(competition)
    category = Category(
        competition=competition,
        sex=sex,
        age_group=age_group.strip(),
        weight_limit=weight_limit,
        born_from=born_from,
        born_to=born_to,
        team=team,
    )
    if contest_seconds is not None:
        if not 30 <= contest_seconds <= 600:
            raise CompetitionError(_("The contest time is 30 to 600 seconds."))
        category.contest_seconds = contest_seconds
    if Category.objects.filter(
        competition=competition,
        sex=sex,
        age_group=category.age_group,
        weight_limit=weight_limit,
        team=team,
    ).exists():
        raise CompetitionError(
            _("%(category)s is already a category.") % {"category": category.label}
        )
    if born_from and born_to and born_from > born_to:
        raise CompetitionError(_("The first year of birth comes before the last."))
    tournament = create_tournament(
        user,
        {
            "name": f"{competition.name}: {category.label}"[:200],
            "system": System.KNOCKOUT,
            "start_date": competition.date,
            "city": competition.city,
        },
    )
    tournament.is_published = competition.is_published
    tournament.save(update_fields=["is_published"])
    TournamentArbiter.objects.bulk_create(
        TournamentArbiter(tournament=tournament, user=u, role=TournamentArbiter.Role.DEPUTY)
        for u in competition.arbiters.exclude(pk=user.pk)
    )
    knockout.bracket_of(tournament)
    category.tournament = tournament
    category.full_clean(exclude=["tournament"])
    category.save()
    competition_changed(competition)
    return category


def add_weight_classes(user, competition: Competition, sex: str, age_group: str) -> list[Category]:
    """The IJF weight classes of `sex` for one age group, those not there yet."""
    existing = set(
        competition.categories.filter(sex=sex, age_group=age_group).values_list(
            "weight_limit", flat=True
        )
    )
    return [
        add_category(user, competition, sex=sex, age_group=age_group, weight_limit=limit)
        for limit in IJF_CLASSES[sex]
        if limit not in existing
    ]


def category_for(
    competition: Competition,
    sex: str,
    birth_year: int | None,
    weight: Decimal,
    *,
    among: list[Category] | None = None,
) -> Category | None:
    """Where a competitor of this sex, year of birth and weight lands: the age groups whose
    years hold the year of birth (any, when the year is unknown), then the lightest class whose
    limit the weight does not exceed, else the open class. ``among``: the competition's
    categories read already (a page that asks for many competitors reads them once)."""
    categories = competition.categories.all() if among is None else among
    fitting = [
        c
        for c in categories
        if c.sex == sex
        and not c.team
        and (birth_year is None or (c.born_from or 0) <= birth_year <= (c.born_to or 9999))
    ]
    limited = sorted(
        (c for c in fitting if c.weight_limit is not None and weight <= c.weight_limit),
        key=lambda c: c.weight_limit,
    )
    if limited:
        return limited[0]
    return next((c for c in fitting if c.weight_limit is None), None)


def landing(
    competition: Competition, data: dict, *, among: list[Category] | None = None
) -> Category:
    """Where an entry lands: the category chosen (``data["category"]``), else where the sex,
    year of birth and declared weight land (:func:`category_for`); refused when none does.
    The single-entry form and the list import (judo/competitor_lists.py) both ask this."""
    if data.get("category") is not None:
        return data["category"]
    category = category_for(
        competition, data["sex"], data["birth_year"], data["weight"], among=among
    )
    if category is None:
        raise CompetitionError(
            _(
                "No category takes %(sex)s born %(year)s weighing %(weight)s kg: add one on "
                "the Categories page, or choose the category."
            )
            % {
                "sex": Category.Sex(data["sex"]).label.lower(),
                "year": data["birth_year"],
                "weight": data["weight"],
            }
        )
    return category


def _category(entry: Entry) -> Category:
    """The category the entry is in now (the entry the page showed may have been moved since)."""
    return Category.objects.select_related("competition", "tournament").get(
        tournament__entries=entry
    )


def not_drawn(category: Category, refusal: str) -> None:
    """Refused with `refusal` (naming ``%(category)s``) once the category is drawn."""
    if Bracket.objects.filter(tournament=category.tournament_id).exclude(slots=[]).exists():
        raise CompetitionError(refusal % {"category": category.label})


@transaction.atomic
def enter(user, category: Category, data: dict) -> Entry:
    """A competitor entered in a category (data as for an entry: name, club, federation, sex,
    birth_year)."""
    locked_tournament(category.tournament)
    not_drawn(
        category,
        _(
            "%(category)s is drawn: "
            "competitors are entered only before the draw (undo the draw first)."
        ),
    )
    return add_entry(user, category.tournament, {**data, "sex": category.sex.lower()})


@dataclass(frozen=True)
class Weighed:
    """A weigh-in: the weight, whether it is over the category's limit, and where it lands."""

    entry: Entry
    category: Category
    weight: Decimal
    over: bool
    lands_in: Category | None


@transaction.atomic
def weigh_in(user, entry: Entry, weight: Decimal) -> Weighed:
    """Record a competitor's weight (again: the last weighing counts). Over the category's
    limit, nothing moves by itself: the arbiter moves them (:func:`move_entry`) or puts them out
    (:func:`put_out`), the category the weight lands in offered."""
    category = _category(entry)
    locked_tournament(category.tournament)
    entry = Entry.objects.get(pk=entry.pk)
    not_drawn(
        category,
        _(
            "%(category)s is drawn: "
            "the weigh-in is changed only before the draw (undo the draw first)."
        ),
    )
    if entry.withdrawn:
        raise CompetitionError(_("%(name)s is out of the competition.") % {"name": entry.name})
    weight = Decimal(weight).quantize(Decimal("0.1"))
    WeighIn(entry=entry, weight=weight).full_clean(exclude=["entry"], validate_unique=False)
    before = WeighIn.objects.filter(entry=entry).values_list("weight", flat=True).first()
    WeighIn.objects.update_or_create(entry=entry, defaults={"weight": weight})
    over = category.weight_limit is not None and weight > category.weight_limit
    record(
        user,
        category.tournament,
        "entry.weigh_in",
        f"{entry.name} weighed {weight} kg" + (f", over {category.weight_label}" if over else ""),
        before={"weight": str(before)} if before is not None else None,
        after={"weight": str(weight)},
    )
    lands_in = category_for(category.competition, category.sex, entry.birth_year, weight)
    return Weighed(entry, category, weight, over, lands_in)


@transaction.atomic
def move_entry(user, entry: Entry, target: Category) -> Entry:
    """Move a competitor to another category of the competition (both not drawn yet), with
    their weigh-in; seeds and hand placings in the old category are dropped."""
    source = _category(entry)
    if target.competition_id != source.competition_id:
        raise CompetitionError(_("A competitor moves only within their competition."))
    if target.pk == source.pk:
        return entry
    for tournament_id in sorted((source.tournament_id, target.tournament_id)):
        Tournament.objects.select_for_update().get(pk=tournament_id)
    not_drawn(
        source,
        _("%(category)s is drawn: competitors move only before the draw (undo the draw first)."),
    )
    not_drawn(
        target,
        _("%(category)s is drawn: competitors move only before the draw (undo the draw first)."),
    )
    entry = Entry.objects.get(pk=entry.pk)
    bracket = knockout.bracket_of(source.tournament)
    key = str(entry.pk)
    if key in bracket.seeds or key in bracket.placed:
        bracket.seeds.pop(key, None)
        bracket.placed.pop(key, None)
        bracket.save(update_fields=["seeds", "placed"])
    entry.tournament_id = target.tournament_id
    entry.starting_number = None
    entry.save(update_fields=["tournament", "starting_number"])
    record(user, source.tournament, "entry.move", f"{entry.name} moved to {target.label}")
    record(user, target.tournament, "entry.move", f"{entry.name} moved from {source.label}")
    return entry


def put_out(user, entry: Entry) -> Entry:
    """A competitor out of the competition (over the limit, or not at the weigh-in): withdrawn
    from their category, which can still take them back before its draw."""
    category = _category(entry)
    with transaction.atomic():
        locked_tournament(category.tournament)
        not_drawn(
            category,
            _(
                "%(category)s is drawn: "
                "competitors are put out only before the draw (undo the draw first)."
            ),
        )
        return set_withdrawn(user, entry, True)


@dataclass(frozen=True)
class DrawReport:
    drawn: tuple[Category, ...]
    #: Categories left undrawn, each with why (fewer than two competitors).
    left: tuple[tuple[Category, str], ...]
    out: tuple[Entry, ...]


def not_weighed(competition: Competition) -> list[Entry]:
    """Competitors still in the competition with no weigh-in, in categories not drawn yet."""
    return list(
        Entry.objects.filter(
            tournament__category__competition=competition,
            withdrawn=False,
            weigh_in__isnull=True,
            tournament__bracket__slots=[],
            tournament__category__team=False,
        ).order_by("name")
    )


@transaction.atomic
def draw_all(user, competition: Competition, *, confirm: bool = False) -> DrawReport:
    """Draw every category not drawn yet. Competitors who did not weigh in are put out first:
    refused with :class:`ConfirmationNeeded` naming them, unless ``confirm``."""
    competition = locked_competition(competition)
    missing = not_weighed(competition)
    if missing and not confirm:
        names = [f"{e.name} ({_category(e).label})" for e in missing]
        raise ConfirmationNeeded(
            ngettext(
                "%(n)s competitor did not weigh in: drawing puts them out.",
                "%(n)s competitors did not weigh in: drawing puts them out.",
                len(missing),
            )
            % {"n": len(missing)},
            names,
        )
    for entry in missing:
        put_out(user, entry)
    drawn, left = [], []
    for category in competition.categories.select_related("tournament").order_by("pk"):
        bracket = knockout.bracket_of(category.tournament)
        if bracket.slots:
            continue
        count = category.tournament.entries.filter(withdrawn=False).count()
        if count < 2:
            left.append((category, _("no competitor") if count == 0 else _("one competitor")))
            continue
        knockout.draw_bracket(user, category.tournament, separate_by=bracket.separate_by)
        drawn.append(category)
    return DrawReport(tuple(drawn), tuple(left), tuple(missing))


def public_competition(competition_id: int) -> Competition:
    """The published competition (else 404, :class:`NotPublished` when it exists) with
    ``versions`` (``public_day.versions``) and ``public_version``, what its results, medals and
    downloads are kept under (arbiter/platform/public_live.py): two queries. The mat pages, the
    home and the cards are kept under their own parts' versions (``public_day``)."""
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is None:
        raise Http404("No published competition here.")
    if not competition.is_published:
        raise NotPublished(competition)
    competition.versions = public_day.versions(competition)
    competition.public_version = competition.versions.results()
    return competition


class NotPublished(Http404):
    """A competition that exists but is not published: a 404 for everyone, but its own arbiters
    are told where to publish it (``judo.views.public_hint``)."""

    def __init__(self, competition: Competition) -> None:
        super().__init__("No published competition here.")
        self.competition = competition
