"""A competition's results as rows and one document: placings per category, the bouts with
their scores, the medal table (docs/competition.md, "Results and exports").

Read through :func:`judo.services.mats.day` (a handful of queries for the whole day) and one
more for the weigh-ins, whatever the number of categories and competitors. CSV goes through
``arbiter.platform.spreadsheets.csv_text`` (byte order mark, ``?sep=semicolon``, a cell a
spreadsheet would read as a formula escaped with ``'``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from arbiter.core.models import Entry
from judo.models import Category, Competition, WeighIn
from judo.services import mats
from pairing.engines import knockout as ko

#: A category's placings: one row per placed competitor.
RESULT_COLUMNS = [
    "sex",
    "age_group",
    "weight_limit",
    "place",
    "final",
    "name",
    "club",
    "country",
    "birth_year",
    "weight",
]
#: The bouts fought (byes left out), in each category's match order.
BOUT_COLUMNS = [
    "sex",
    "age_group",
    "weight_limit",
    "bout",
    "stage",
    "round",
    "white",
    "white_club",
    "blue",
    "blue_club",
    "winner",
    "score",
    "how",
    "golden_score",
    "rules",
    *(f"{side}_{count}" for side in ("white", "blue") for count in ("wazaari", "yuko", "shido")),
]
#: The rules a kept score was scored by, as the exports name them (data: never translated).
RULES = {"2025": "IJF 2025", "2022": "IJF 2018-2024"}
MEDAL_COLUMNS = ["rank", "name", "gold", "silver", "bronze", "total"]
#: What the medal table counts by: club, country, or team (the team categories' medals, each
#: team counted on its own: docs/competition.md "Team matches").
MEDAL_BY = ("club", "country", "team")
#: The JSON document's format and version.
DOCUMENT_FORMAT = "arbiter-competition"
DOCUMENT_VERSION = 1

NOT_DRAWN, IN_PROGRESS, FINISHED = "not drawn", "in progress", "finished"
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}


@dataclass(frozen=True)
class Fought:
    """One bout fought: white is the bracket's side "a", blue its side "b"."""

    match: ko.MatchState
    white: Entry | None
    blue: Entry | None
    winner: Entry | None
    score: str
    #: How it was won (ippon, waza-ari, yuko, ...; "" when only the winner was entered) and
    #: whether in golden score (None: not known).
    how: str
    golden: bool | None
    #: The kept score read (None when only the winner was entered).
    kept: ko.Score | None = None

    @property
    def rules(self) -> str:
        return RULES[self.kept.edition] if self.kept else ""

    def counts(self, side: str) -> dict[str, int | None] | None:
        """A side's waza-ari, yuko (None under rules without them) and shido counts."""
        if self.kept is None:
            return None
        tally = self.kept.tally(side)
        yuko = tally.yuko if self.kept.rules.yuko else None
        return {"wazaari": tally.wazaari, "yuko": yuko, "shido": tally.shido}


@dataclass(frozen=True)
class Place:
    line: ko.Placing
    entry: Entry | None
    weight: Decimal | None

    @property
    def medal(self) -> str:
        return MEDALS.get(self.line.place, "") if self.line.final and self.entry else ""


@dataclass(frozen=True)
class CategoryResults:
    category: Category
    status: str
    places: tuple[Place, ...]
    bouts: tuple[Fought, ...]


@dataclass(frozen=True)
class Results:
    competition: Competition
    categories: tuple[CategoryResults, ...]
    today: mats.Day

    def medal_table(self, by: str) -> tuple[ko.MedalRow, ...]:
        return self.today.medal_table(by)

    def sheets(self) -> list[tuple[str, Any]]:
        """(title, sheet) of every drawn category, for the printed sheets."""
        return [
            (f"{self.competition.name} · {c.category.label}", self.today.sheets[c.category.pk])
            for c in self.categories
            if c.status != NOT_DRAWN
        ]


def _read(score: str) -> tuple[str, bool | None, ko.Score | None]:
    """How a kept score was won, whether in golden score, and the score read ("", None, None
    when only the winner was entered or the text cannot be read)."""
    if not score:
        return "", None, None
    try:
        kept = ko.Score.parse(score)
    except ko.KnockoutError:
        return "", None, None
    outcome = kept.outcome()
    return (outcome.how, outcome.golden, kept) if outcome else ("", None, kept)


def results(competition: Competition) -> Results:
    """Every category's placings and bouts as they stand (nothing is written)."""
    today = mats.day(competition, order=False)
    weights = dict(
        WeighIn.objects.filter(entry__tournament__category__competition=competition).values_list(
            "entry_id", "weight"
        )
    )
    shown = []
    for category in today.categories:
        sheet = today.sheets[category.pk]
        if sheet.state is None:
            shown.append(CategoryResults(category, NOT_DRAWN, (), ()))
            continue
        places = tuple(
            Place(line, entry, weights.get(entry.pk) if entry else None)
            for line, entry in sheet.placings()
        )
        bouts = []
        for ms in sheet.state.matches:
            if ms.status != "done":
                continue
            kept = sheet.fought.get(ms.match.id)
            score = kept.score if kept else ""
            bouts.append(
                Fought(
                    ms,
                    sheet.entries.get(ms.a),
                    sheet.entries.get(ms.b),
                    sheet.entries.get(ms.winner),
                    score,
                    *_read(score),
                )
            )
        status = FINISHED if sheet.finished else IN_PROGRESS
        shown.append(CategoryResults(category, status, places, tuple(bouts)))
    return Results(competition, tuple(shown), today)


def _limit(category: Category) -> str:
    return format(category.weight_limit.normalize(), "f") if category.weight_limit else ""


def _category(category: Category) -> dict[str, Any]:
    return {"sex": category.sex, "age_group": category.age_group, "weight_limit": _limit(category)}


def _weight(value: Decimal | None) -> str:
    return format(value, "f") if value is not None else ""


def result_rows(shown: Results) -> list[dict[str, Any]]:
    rows = []
    for category in shown.categories:
        for place in category.places:
            if place.entry is None:
                continue
            e = place.entry
            rows.append(
                {
                    **_category(category.category),
                    "place": place.line.place,
                    "final": "yes" if place.line.final else "no",
                    "name": e.name,
                    "club": e.club,
                    "country": e.federation,
                    "birth_year": e.birth_year or "",
                    "weight": _weight(place.weight),
                }
            )
    return rows


def bout_rows(shown: Results) -> list[dict[str, Any]]:
    rows = []
    for category in shown.categories:
        for bout in category.bouts:
            rows.append(
                {
                    **_category(category.category),
                    "bout": bout.match.match.id,
                    "stage": bout.match.match.stage,
                    "round": bout.match.match.round,
                    "white": bout.white.name if bout.white else "",
                    "white_club": bout.white.club if bout.white else "",
                    "blue": bout.blue.name if bout.blue else "",
                    "blue_club": bout.blue.club if bout.blue else "",
                    "winner": bout.winner.name if bout.winner else "",
                    "score": bout.score,
                    "how": bout.how,
                    "golden_score": {True: "yes", False: "no", None: ""}[bout.golden],
                    "rules": bout.rules,
                    **_count_cells(bout),
                }
            )
    return rows


def _count_cells(bout: Fought) -> dict[str, Any]:
    """The per-side count columns: empty when unknown (no kept score, no yuko in its rules)."""
    cells = {}
    for side, colour in (("a", "white"), ("b", "blue")):
        counts = bout.counts(side) or {}
        for count in ("wazaari", "yuko", "shido"):
            value = counts.get(count)
            cells[f"{colour}_{count}"] = "" if value is None else value
    return cells


def medal_rows(shown: Results, by: str) -> list[dict[str, Any]]:
    return [
        {
            "rank": r.rank,
            "name": r.name,
            "gold": r.gold,
            "silver": r.silver,
            "bronze": r.bronze,
            "total": r.total,
        }
        for r in shown.medal_table(by)
    ]


def _person(entry: Entry | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {
        "name": entry.name,
        "club": entry.club,
        "country": entry.federation,
        "birth_year": entry.birth_year,
    }


def document(shown: Results) -> dict[str, Any]:
    """The whole competition's results as one JSON document (format ``arbiter-competition``)."""
    competition = shown.competition
    categories = []
    for category in shown.categories:
        c = category.category
        categories.append(
            {
                "sex": c.sex,
                "age_group": c.age_group,
                "weight_limit": float(c.weight_limit) if c.weight_limit else None,
                "label": c.label,
                "status": category.status,
                "placings": [
                    {
                        "place": p.line.place,
                        "final": p.line.final,
                        **(_person(p.entry) or {"name": None}),
                        "weight": float(p.weight) if p.weight is not None else None,
                    }
                    for p in category.places
                ],
                "bouts": [
                    {
                        "bout": b.match.match.id,
                        "stage": b.match.match.stage,
                        "round": b.match.match.round,
                        "white": _person(b.white),
                        "blue": _person(b.blue),
                        "winner": b.winner.name if b.winner else None,
                        "score": b.score,
                        "how": b.how or None,
                        "golden_score": b.golden,
                        "rules": b.rules or None,
                        "white_score": b.counts("a"),
                        "blue_score": b.counts("b"),
                    }
                    for b in category.bouts
                ],
            }
        )
    return {
        "format": DOCUMENT_FORMAT,
        "version": DOCUMENT_VERSION,
        "competition": {
            "name": competition.name,
            "date": competition.date.isoformat() if competition.date else None,
            "city": competition.city,
        },
        "categories": categories,
        "medals": {by: medal_rows(shown, by) for by in MEDAL_BY},
    }
