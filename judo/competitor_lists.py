"""A competition's entry list (a club's or a federation's registration export) checked line by
line before anything is saved (docs/competition.md, "Entries from a list").

The file's columns are mapped to fields (:data:`FIELDS`): guessed from the header names in the
five languages of the app (:data:`HEADERS`), changed by the arbiter on the preview. Every line is
checked as the single-entry form checks it (:class:`~judo.forms.CompetitorForm`)
and lands where that form lands it (:func:`judo.services.competition.landing`); a line is
also refused when its category is drawn, when the same competitor is on an earlier line, or is
entered in the competition already. :func:`check` reads the competition's categories and
entries in three queries, whatever the list's length.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter.core.models import Entry
from judo.forms import CompetitorForm
from judo.models import Category, Competition
from judo.services.competition import CompetitionError, landing
from pairing.knockout.models import Bracket

#: The fields a column can be, in the order the preview lists them.
FIELDS: dict[str, object] = {
    "name": gettext_lazy("Name"),
    "last_name": gettext_lazy("Last name"),
    "first_name": gettext_lazy("First name"),
    "club": gettext_lazy("Club"),
    "federation": gettext_lazy("Country"),
    "sex": gettext_lazy("Sex"),
    "birth_year": gettext_lazy("Year of birth"),
    "weight": gettext_lazy("Weight or class (kg)"),
}

# fmt: off
#: Header names (compared without case, accents, punctuation or spacing) in English, Swedish,
#: Russian, Finnish and French. The French "nom" is the family name (beside "prénom").
HEADERS: dict[str, tuple[str, ...]] = {
    "name": (
        "name", "full name", "competitor", "athlete", "player", "judoka",
        "namn", "fullständigt namn", "tävlande", "deltagare",
        "фио", "ф и о",  # noqa: RUF001
        "спортсмен", "участник", "имя и фамилия", "фамилия имя",
        "nimi", "koko nimi", "kilpailija", "urheilija",
        "nom complet", "nom et prénom", "athlète", "compétiteur", "concurrent",
    ),
    "last_name": (
        "last name", "lastname", "surname", "family name",
        "efternamn",
        "фамилия",
        "sukunimi",
        "nom", "nom de famille",
    ),
    "first_name": (
        "first name", "firstname", "given name", "forename",
        "förnamn",
        "имя",
        "etunimi",
        "prénom",
    ),
    "club": (
        "club", "team", "dojo", "club name",
        "klubb", "förening", "lag",
        "клуб", "команда", "организация",
        "seura", "joukkue",
        "équipe",
    ),
    "federation": (
        "country", "nation", "federation", "fed", "nat", "noc", "ioc", "nationality",
        "land", "nationalitet", "förbund",
        "страна", "федерация", "гражданство",
        "maa", "kansallisuus", "liitto",
        "pays", "nationalité", "fédération",
    ),
    "sex": (
        "sex", "gender",
        "kön",
        "пол",
        "sukupuoli",
        "sexe", "genre",
    ),
    "birth_year": (
        "birth year", "year of birth", "born", "yob", "birth date", "date of birth", "dob",
        "birthdate", "birthday",
        "födelseår", "född", "födelsedatum", "födelsedag",
        "год рождения", "г р", "дата рождения", "год",  # noqa: RUF001
        "syntymävuosi", "syntynyt", "syntymäaika", "vuosi",
        "année de naissance", "né en", "née en", "né le", "née le", "ddn", "date de naissance",
        "naissance", "année",
    ),
    "weight": (
        "weight", "kg", "weight class", "weight category", "category", "class", "declared weight",
        "vikt", "viktklass", "viktkategori", "klass",
        "вес", "весовая категория", "категория",
        "paino", "painoluokka", "sarja",
        "poids", "catégorie de poids", "catégorie", "poids déclaré",
    ),
}

#: What a sex cell may say, in the five languages, for the categories' M and F.
SEXES: dict[str, str] = {
    **dict.fromkeys(
        ("m", "male", "man", "men", "boy", "boys", "h", "herr", "herrar", "pojke", "pojkar",
         "м", "муж", "мужской", "мужчины", "юноши", "mies", "miehet", "poika", "pojat",
         "homme", "hommes", "masculin", "garçon", "garçons"),
        Category.Sex.MEN,
    ),
    **dict.fromkeys(
        ("f", "w", "female", "woman", "women", "girl", "girls", "k", "kvinna", "kvinnor",
         "dam", "damer", "flicka", "flickor", "ж", "жен", "женский", "женщины", "девушки",
         "n", "nainen", "naiset", "tyttö", "tytöt", "femme", "femmes", "féminin", "fille",
         "filles"),
        Category.Sex.WOMEN,
    ),
}
# fmt: on

#: Line errors listed at most: a list with more is not worth reading further.
MAX_LINE_ERRORS = 100
_CLASS = re.compile(r"^\s*([+-]?)\s*(\d{2,3}(?:[.,]\d)?)\s*(?:kg)?\s*$", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")


def _folded(text: str) -> str:
    """A header compared without case, accents (not the Russian й), punctuation or spacing."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c) or c == "\u0306")
    return " ".join(re.sub(r"[\W_]+", " ", unicodedata.normalize("NFC", text)).split())


_BY_HEADER = {_folded(name): key for key, names in HEADERS.items() for name in names}


def header_row(rows: list) -> int:
    """Where the header is among the first rows (an export may open with a title line or two):
    the first row of which two cells name known fields, else the first row."""
    for index, (_line, cells) in enumerate(rows[:10]):
        if sum(1 for key in guess_mapping(cells) if key) >= 2:
            return index
    return 0


def guess_mapping(header: list[str]) -> list[str]:
    """The field of each column from its header name ("" when not known, or taken already)."""
    mapping: list[str] = []
    for cell in header:
        key = _BY_HEADER.get(_folded(cell), "")
        mapping.append("" if key in mapping else key)
    return mapping


def mapping_problems(mapping: list[str]) -> list[str]:
    """Why the mapping cannot be checked line by line (empty when it can)."""
    problems = []
    for key in FIELDS:
        if mapping.count(key) > 1:
            problems.append(_("Two columns are %(field)s.") % {"field": FIELDS[key]})
    if "name" not in mapping and "last_name" not in mapping:
        problems.append(_("Choose the column of the name (or of the last name)."))
    if "name" in mapping and ("last_name" in mapping or "first_name" in mapping):
        problems.append(_("Choose either the name or the last and first names, not both."))
    if "first_name" in mapping and "last_name" not in mapping:
        problems.append(_("A first name column needs the last name column too."))
    for key in ("sex", "birth_year", "weight"):
        if key not in mapping:
            problems.append(_("Choose the column that holds: %(field)s.") % {"field": FIELDS[key]})
    return problems


@dataclass
class Line:
    """A line of the list as the preview shows it: what it enters, where, or what is wrong."""

    number: int
    data: dict
    category: Category | None = None
    errors: list[str] = field(default_factory=list)


@dataclass
class Checked:
    lines: list[Line] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Line]:
        return [line for line in self.lines if line.errors]

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.lines) and not self.errors

    def by_category(self) -> list[tuple[Category, int]]:
        counts: dict[int, list] = {}
        for line in self.lines:
            if line.category is not None and not line.errors:
                counts.setdefault(line.category.pk, [line.category, 0])[1] += 1
        return [(c, n) for c, n in sorted(counts.values(), key=lambda cn: _order(cn[0]))]

    def digest(self) -> str:
        """What importing it does, as a short text: the import refuses when the list checked
        again in the job does something else than the preview showed."""
        text = repr(
            [
                (line.number, sorted(line.data.items()), line.category and line.category.pk)
                for line in self.lines
            ]
        )
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def _order(category: Category) -> tuple:
    return (category.sex, category.age_group, category.weight_limit is None, category.weight_limit)


def _year(text: str) -> str:
    found = _YEAR.findall(text)
    return found[0] if len(found) == 1 else text


def _weight(text: str) -> str:
    """A declared weight ("73.4", "73,4 kg") or a class ("-73", "-73 kg", "+100"), as the weight
    that lands in it: a class's limit, just over it for a "+" class."""
    match = _CLASS.match(text)
    if not match:
        return text
    sign, number = match.groups()
    weight = Decimal(number.replace(",", "."))
    return str(weight + Decimal("0.1") if sign == "+" else weight)


def _data(cells: list[str], mapping: list[str]) -> dict:
    got = {key: "" for key in FIELDS}
    for key, cell in zip(mapping, cells, strict=False):
        if key:
            got[key] = cell.strip()
    name = got["name"]
    if not name:
        name = ", ".join(part for part in (got["last_name"], got["first_name"]) if part)
    return {
        "name": name,
        "club": got["club"],
        "federation": got["federation"],
        "sex": got["sex"],
        "birth_year": got["birth_year"],
        "weight": got["weight"],
    }


def check(
    rows: list[tuple[int, list[str]]], mapping: list[str], competition: Competition
) -> Checked:
    """Every line (after the header: ``rows`` are ``(line, cells)``) checked against the
    competition as it is now."""
    checked = Checked(problems=mapping_problems(mapping))
    if checked.problems:
        return checked
    categories = list(competition.categories.all())
    drawn = set(
        Bracket.objects.filter(tournament__category__competition=competition)
        .exclude(slots=[])
        .values_list("tournament_id", flat=True)
    )
    by_tournament = {c.tournament_id: c for c in categories}
    entered = {
        (name.casefold(), year): by_tournament[tournament_id]
        for name, year, tournament_id in Entry.objects.filter(
            tournament__category__competition=competition
        ).values_list("name", "birth_year", "tournament_id")
    }
    first_line: dict[tuple, int] = {}
    errors = 0
    # One form checks every line (full_clean() starts afresh each time): a form made per line
    # would copy its fields 5000 times.
    form = CompetitorForm({}, competition=competition)
    columns = len(rows[0][1]) if rows else 0
    for number, cells in rows[1:]:
        data = _data(cells, mapping)
        line = Line(number, data)
        checked.lines.append(line)
        if errors >= MAX_LINE_ERRORS:
            continue
        if len(cells) > columns:
            line.errors.append(
                _(
                    "%(found)s fields, the header line has %(columns)s: a comma or semicolon "
                    "inside a name or club? Put that field in quotes."
                )
                % {"found": len(cells), "columns": columns}
            )
        sex = SEXES.get(_folded(data["sex"]), "") if data["sex"] else ""
        if data["sex"] and not sex:
            line.errors.append(
                _("sex: %(value)r is neither men nor women (M, F, W, K, N, H are read)")
                % {"value": data["sex"]}
            )
        form.data = {
            **data,
            "sex": sex,
            "birth_year": _year(data["birth_year"]),
            "weight": _weight(data["weight"]),
        }
        form.full_clean()
        if not data["weight"]:
            line.errors.append(_("no weight or class given"))
        elif not form.is_valid():
            for name, messages in form.errors.items():
                if name == "sex" and line.errors:
                    continue
                label = FIELDS.get(name, "") if name != "__all__" else ""
                line.errors.extend(f"{label}: {m}" if label else str(m) for m in messages)
        if not line.errors:
            cleaned = form.cleaned_data
            line.data = {k: cleaned[k] for k in ("name", "club", "federation", "sex", "birth_year")}
            try:
                line.category = landing(competition, cleaned, among=categories)
            except CompetitionError as error:
                line.errors.append(str(error))
        if line.category is not None and line.category.tournament_id in drawn:
            line.errors.append(
                _("%(category)s is drawn: competitors are entered only before the draw.")
                % {"category": line.category.label}
            )
        if not line.errors:
            key = (line.data["name"].casefold(), line.data["birth_year"])
            if key in first_line:
                line.errors.append(
                    _("%(name)s (born %(year)s) is also on line %(line)s")
                    % {"name": line.data["name"], "year": key[1], "line": first_line[key]}
                )
            elif key in entered:
                line.errors.append(
                    _("%(name)s (born %(year)s) is entered already, in %(category)s")
                    % {"name": line.data["name"], "year": key[1], "category": entered[key].label}
                )
            first_line.setdefault(key, number)
        errors += bool(line.errors)
    if not checked.lines:
        checked.problems.append(_("The list has a header line but no competitors."))
    return checked
