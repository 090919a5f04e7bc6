"""A competition's entry list checked line by line (judo/competitor_lists.py): the columns
guessed in the five languages, weights and classes, years from dates, and every line either
landing where the single-entry form lands it or saying what is wrong."""

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judo.competitor_lists import check, guess_mapping, mapping_problems
from judo.services import competition as service
from tests.factories import competition_with_categories

pytestmark = pytest.mark.django_db

MAPPED = ["name", "sex", "birth_year", "weight"]


@pytest.mark.parametrize(
    ("header", "mapping"),
    [
        (
            ["Name", "Club", "Country", "Gender", "Year of birth", "Weight"],
            ["name", "club", "federation", "sex", "birth_year", "weight"],
        ),
        (
            ["Efternamn", "Förnamn", "Förening", "Land", "Kön", "Födelseår", "Viktklass"],
            ["last_name", "first_name", "club", "federation", "sex", "birth_year", "weight"],
        ),
        (
            ["Фамилия", "Имя", "Клуб", "Страна", "Пол", "Год рождения", "Весовая категория"],
            ["last_name", "first_name", "club", "federation", "sex", "birth_year", "weight"],
        ),
        (
            ["Sukunimi", "Etunimi", "Seura", "Maa", "Sukupuoli", "Syntymävuosi", "Painoluokka"],
            ["last_name", "first_name", "club", "federation", "sex", "birth_year", "weight"],
        ),
        (
            ["NOM", "Prénom", "Club", "Pays", "Sexe", "Date de naissance", "Catégorie de poids"],
            ["last_name", "first_name", "club", "federation", "sex", "birth_year", "weight"],
        ),
        (["  full_NAME: ", "Remarks", "Name"], ["name", "", ""]),  # the second name is not taken
    ],
)
def test_columns_are_guessed_in_the_five_languages(header, mapping):
    assert guess_mapping(header) == mapping


def test_a_mapping_says_what_it_lacks():
    assert mapping_problems(MAPPED) == []
    assert mapping_problems(["last_name", "first_name", "sex", "birth_year", "weight"]) == []
    assert mapping_problems(["first_name", "sex", "birth_year", "weight"]) == [
        "Choose the column of the name (or of the last name).",
        "A first name column needs the last name column too.",
    ]
    assert mapping_problems(["name", "name", "sex"]) == [
        "Two columns are Name.",
        "Choose the column that holds: Year of birth.",
        "Choose the column that holds: Weight or class (kg).",
    ]


@pytest.fixture
def cup(anna):
    cup = competition_with_categories(anna, limits=(66, 73, None))
    for limit in (52, None):
        service.add_category(
            anna,
            cup,
            sex="F",
            age_group="Seniors",
            weight_limit=None if limit is None else Decimal(limit),
        )
    return cup


@pytest.mark.parametrize(
    ("sex", "born", "weight", "lands"),
    [
        ("M", "1999", "66", "Men Seniors -66 kg"),
        ("herr", "1999", "66,1", "Men Seniors -73 kg"),
        ("м", "1999", "-73 kg", "Men Seniors -73 kg"),
        ("Homme", "03/04/1999", "+73", "Men Seniors open (+)"),
        ("K", "1999-04-03", "52", "Women Seniors -52 kg"),
        ("nainen", "3.4.1999", "-52", "Women Seniors -52 kg"),
        ("Ж", "1999", "+52", "Women Seniors open (+)"),
    ],
)
def test_a_line_lands_where_its_sex_and_weight_or_class_land(cup, sex, born, weight, lands):
    rows = [(1, ["Name", "Sex", "Born", "Weight"]), (2, ["Ek, Alva", sex, born, weight])]
    checked = check(rows, MAPPED, cup)
    assert checked.ok, checked.errors[0].errors
    assert checked.lines[0].category.label == lands
    assert checked.lines[0].data["birth_year"] == 1999


def test_a_line_that_no_category_takes_says_so(cup):
    cup.categories.filter(weight_limit=None).delete()
    rows = [(1, ["Name", "Sex", "Born", "Weight"]), (7, ["Ek, Alva", "F", "1999", "80"])]
    checked = check(rows, MAPPED, cup)
    assert checked.errors[0].number == 7
    assert checked.errors[0].errors == [
        "No category takes women born 1999 weighing 80.0 kg: add one on the Categories page, "
        "or choose the category."
    ]


def test_the_errors_listed_stop_at_a_hundred(cup):
    rows = [(1, ["Name", "Sex", "Born", "Weight"])]
    rows += [(n, [f"P{n}", "X", "1999", "70"]) for n in range(2, 200)]
    checked = check(rows, MAPPED, cup)
    assert len(checked.errors) == 100 and not checked.ok


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    sex=st.sampled_from(["M", "F", "m", "w", "x", ""]),
    born=st.one_of(st.integers(1890, 2110).map(str), st.text(max_size=6)),
    weight=st.one_of(
        st.decimals(0, 300, places=1, allow_nan=False).map(str),
        st.sampled_from(["-66", "+73", "-52 kg", "abc", ""]),
    ),
)
def test_every_line_lands_as_the_single_entry_form_would_or_is_wrong(cup, sex, born, weight):
    """A line without errors lands in the category of the single-entry form's rule
    (service.category_for, through service.landing); any other says what is wrong."""
    rows = [(1, ["Name", "Sex", "Born", "Weight"]), (2, ["Ek, Alva", sex, born, weight])]
    line = check(rows, MAPPED, cup).lines[0]
    if line.errors:
        assert all(isinstance(error, str) and error for error in line.errors)
        return
    data = line.data
    expected = service.category_for(cup, data["sex"], data["birth_year"], _weight_of(weight))
    assert line.category is not None and line.category == expected


def _weight_of(text: str) -> Decimal:
    text = text.replace(" kg", "")
    if text.startswith("+"):
        return Decimal(text[1:]) + Decimal("0.1")
    return abs(Decimal(text)).quantize(Decimal("0.1"))


def test_a_title_line_above_the_header_is_left_out(anna, cup):
    from arbiter.platform.spreadsheets import Table
    from judo.services.competition_lists import keep_list

    rows = [
        (1, ["Malmö Open 2026: registrations"]),
        (3, ["Name", "Sex", "Born", "Weight"]),
        (4, ["Ek, Alva", "F", "1999", "50"]),
    ]
    kept = keep_list(anna, cup, "list.csv", Table(rows))
    assert kept.rows[0] == [3, ["Name", "Sex", "Born", "Weight"]]
    assert check(kept.rows, MAPPED, cup).ok


def test_a_line_with_more_fields_than_the_header_says_why(cup):
    rows = [(1, ["Name", "Sex", "Born", "Weight"]), (2, ["Ek", " Alva", "F", "1999", "50"])]
    assert check(rows, MAPPED, cup).errors[0].errors[0] == (
        "5 fields, the header line has 4: a comma or semicolon inside a name or club? Put that "
        "field in quotes."
    )
